"""A player writes a card of each kind issue 23 added, from docs/authoring.md alone, and plays it.

The cards below are new ones, not the walk-through's examples: each is
written only with the words step 12 of docs/authoring.md teaches (the test
checks that the page teaches every one of them), kept in a card file of the
player's own, validated by `gateruler validate`, and played through
`gateruler scenario --cards`, one turn each, as a player trying their card
would.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")

# What a player reads in step 12, and writes below: every phrase is on the page.
TAUGHT = (
    "`to: deck_bottom`",
    "`host: own`",
    "`{cost: damage_reversal, count: n}`",
    "`requires:`",
    "`{up_to: N, filter: FILTER}`",
    "`up_to: true`",
    "`card_in_play`",
    "`own_ruler_or_unit`",
    "`event_played`",
    "`unit_attacks`",
    "`card_destroyed`",
    "`card: {side: enemy}`",
    "`keywords: [open_card]`",
    "`to: drive`",
    "`or_more: true`",
    "`per:`",
)

MY_CARDS = """\
cards:
  - id: MINE-RECYCLER
    name: scrap recycler
    type: unit
    level: 2
    atk: 3
    hp: 3
    stk: 1
    provenance: provisional
    discount:
      energy: 0
      requires: {exists: {side: own}}
      costs:
        - {cost: discard, count: 1, to: deck_bottom}
  - id: MINE-OFFERING
    name: soul offering
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        costs:
          - {cost: soul, count: 1, host: own, to: deck_bottom}
        effects:
          - {effect: damage, target: enemy_ruler, amount: 1}
  - id: MINE-KEEPER
    name: soul keeper
    type: unit
    level: 0
    atk: 1
    hp: 4
    stk: 1
    provenance: provisional
    abilities:
      - trigger: on_enter
        effects:
          - {effect: add_soul, target: self, from: deck, count: 3}
  - id: MINE-MIRROR
    name: mirror of fate
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        costs:
          - {cost: damage_reversal, count: 1}
        effects:
          - {effect: damage, target: enemy_ruler, amount: 2}
  - id: MINE-SALVO
    name: salvo
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: damage, target: {up_to: 3, filter: {side: enemy}}, amount: 1}
  - id: MINE-HAMMER
    name: hammer blow
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: destroy, target: card_in_play}
  - id: MINE-BANNER
    name: battle banner
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: modify, target: own_ruler_or_unit, atk: 3}
  - id: MINE-SENTINEL
    name: rift sentinel
    type: unit
    level: 0
    atk: 0
    hp: 6
    stk: 0
    provenance: provisional
    abilities:
      - trigger: unit_attacks
        card: {side: own}
        effects:
          - {effect: damage, target: enemy_ruler, amount: 1}
      - trigger: card_destroyed
        card: {side: enemy}
        effects:
          - {effect: draw, target: controller, amount: 1}
  - id: MINE-SPIRIT
    name: restless spirit
    type: event
    level: 0
    keywords: [open_card]
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: damage, target: enemy_ruler, amount: 1}
  - id: MINE-DOWSER
    name: dowser
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: search, filter: {name: restless spirit}, up_to: true}
  - id: MINE-HERALD
    name: drum herald
    type: event
    level: 0
    provenance: provisional
    abilities:
      - trigger: on_play
        effects:
          - {effect: look, count: 1, take: 1, to: drive, up_to: true}
  - id: MINE-DEVOURER
    name: soul devourer
    type: unit
    level: 0
    atk: 1
    hp: 9
    stk: 1
    provenance: provisional
    abilities:
      - trigger: on_enter
        effects:
          - {effect: add_soul, target: self, from: deck, count: 3}
      - trigger: on_attack
        optional: true
        costs:
          - {cost: soul, count: 1, or_more: true, as: eaten}
        effects:
          - {effect: modify, target: self, atk: 2, per: eaten}
"""

RIFT = "invader:\n  deck: [2020GB01-126, 2020GB01-127, 2020GB01-126, 2020GB01-127]\n"
FILLERS = "[PROV-001, PROV-001, PROV-001, PROV-001, PROV-001, PROV-001]"

# (what the card does, the scenario's player and rift, what the JSON result must show)
PLAYS = {
    "a discount paid with a hand card under the deck": (
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-RECYCLER, PROV-002]\n  board: {{defense: PROV-001}}\n  energy: 0\n"
        "  actions:\n    - {discount: MINE-RECYCLER, to: attack_left}\n    - {choose_card: PROV-002}\n",
        {"player": {"board": {"attack_left": {"id": "MINE-RECYCLER", "damage": 0, "soul": []}}, "graveyard": []}},
    ),
    "soul of another card paid under the deck": (
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-KEEPER, MINE-OFFERING]\n"
        "  actions:\n    - {summon: MINE-KEEPER, to: defense}\n    - {play: MINE-OFFERING}\n",
        {"player": {"graveyard": ["MINE-OFFERING"]}, "invader": {"damage_zone": ["2020GB01-126"]}},
    ),
    "DR 1": (
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-MIRROR]\n  damage_zone: [PROV-002]\n"
        "  actions:\n    - {play: MINE-MIRROR}\n",
        {"player": {"face_down": ["PROV-002"]}, "invader": {"damage_zone": ["2020GB01-126", "2020GB01-127"]}},
    ),
    "up to 3 targets, stopping after one": (
        f"{RIFT}  board: {{attack_left: 2020GB01-126, defense: 2020GB01-127}}\n"
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-SALVO]\n"
        "  actions:\n    - {play: MINE-SALVO}\n    - {choose: invader.defense}\n    - done\n",
        {
            "invader": {
                "board": {
                    "attack_left": {"id": "2020GB01-126", "damage": 0, "soul": []},
                    "defense": {"id": "2020GB01-127", "damage": 1, "soul": []},
                }
            }
        },
    ),
    "a card in play, here a set card": (
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-HAMMER]\n  set_zones: [NONUMBER-ABSOLUTE-BEARIA]\n"
        "  actions:\n    - {play: MINE-HAMMER}\n",
        {"player": {"set_zones": [], "graveyard": ["MINE-HAMMER", "NONUMBER-ABSOLUTE-BEARIA"]}},
    ),
    "your ruler or a unit": (
        f"{RIFT}  board: {{attack_left: 2020GB01-126}}\n"
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-BANNER]\n  board: {{defense: PROV-001}}\n"
        "  actions:\n    - {play: MINE-BANNER}\n    - {choose: player.ruler}\n    - attack_phase\n"
        "    - {attack: ruler, target: attack_left}\n",
        {"invader": {"board": {"attack_left": None}, "graveyard": ["2020GB01-126"]}},
    ),
    "triggers on other cards' events": (
        f"{RIFT}  board: {{attack_left: 2020GB01-126}}\n"
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-BANNER]\n  board: {{attack_left: PROV-007, defense: MINE-SENTINEL}}\n"
        "  actions:\n    - attack_phase\n    - {attack: attack_left, target: attack_left}\n",
        {"invader": {"board": {"attack_left": None}, "damage_zone": ["2020GB01-126"]}, "player": {"hand": 4}},
    ),
    "an open card found by a search": (
        "player:\n  deck: [PROV-001, PROV-001, PROV-001, MINE-SPIRIT]\n  hand: [MINE-DOWSER]\n"
        "  actions:\n    - {play: MINE-DOWSER}\n    - {choose_card: MINE-SPIRIT}\n",
        {"player": {"graveyard": ["MINE-DOWSER", "MINE-SPIRIT"]}, "invader": {"damage_zone": ["2020GB01-126"]}},
    ),
    "a drive by an effect": (
        "player:\n  deck: [PROV-001, PROV-001, PROV-007, PROV-001]\n  hand: [MINE-HERALD]\n"
        "  actions:\n    - {play: MINE-HERALD}\n    - {choose_card: PROV-007}\n    - {summon: PROV-007, to: attack_left}\n",
        {"player": {"board": {"attack_left": {"id": "PROV-007", "damage": 0, "soul": []}}}},
    ),
    "a soul cost of any size counted by per": (
        f"{RIFT}  board: {{attack_left: 2020GB01-126}}\n"
        f"player:\n  deck: {FILLERS}\n  hand: [MINE-DEVOURER]\n"
        "  actions:\n    - {summon: MINE-DEVOURER, to: attack_left}\n    - attack_phase\n"
        "    - {attack: attack_left, target: attack_left}\n    - {confirm: yes}\n    - {choose_card: PROV-001}\n"
        "    - done\n",
        {"invader": {"board": {"attack_left": None}}},
    ),
}


@pytest.fixture
def my_cards(tmp_path: Path) -> Path:
    path = tmp_path / "my.cards.yaml"
    path.write_text(MY_CARDS, encoding="utf-8")
    return path


def test_the_guide_teaches_every_word_these_cards_use() -> None:
    assert [phrase for phrase in TAUGHT if phrase not in GUIDE] == []


def test_my_cards_validate(my_cards: Path) -> None:
    result = CliRunner().invoke(main, ["validate", str(my_cards)])
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")


@pytest.mark.parametrize("what", PLAYS, ids=lambda w: w.replace(" ", "-").replace(",", ""))
def test_a_card_of_each_kind_plays_as_the_guide_says(what: str, my_cards: Path, tmp_path: Path) -> None:
    sides, expected = PLAYS[what]
    if "invader:" not in sides:
        sides = RIFT + sides
    scenario = tmp_path / "try.yaml"
    scenario.write_text(f"level: 1\nturn: player\nseed: 1\n{textwrap.dedent(sides)}", encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", str(scenario), "--cards", str(my_cards), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for side, facts in expected.items():
        for key, value in facts.items():
            if key == "board":
                for zone, unit in value.items():
                    assert data[side]["board"][zone] == unit, (side, zone, data[side]["board"])
            else:
                assert data[side][key] == value, (side, key, data[side][key])
