"""A level's own cards: `card_files:` names card files relative to the level file.

An authored level brings its new cards with it, so validating, playing,
checking and restoring a saved game need nothing but the level file, and the
new cards are known to that level only.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gateruler.engine.actions import INVADER
from gateruler.engine.game import Game
from gateruler.errors import DataErrors
from gateruler.games import new_game
from gateruler.invader import InvaderController
from gateruler.loader import load_card_pool, load_deck, load_level, load_rulers, sample_deck_path, validate_file

CARDS = """\
cards:
  - id: MINE-001
    name: test imp
    type: unit
    level: 1
    atk: 2
    hp: 2
    stk: 1
    provenance: provisional
    abilities:
      - trigger: on_enter
        effects:
          - {effect: damage, target: enemy_ruler, amount: 1}
"""

LEVEL = """\
level: 7
name: Mine
hp: 10
atk: 3
stk: 2
card_files: [{cards}]
cards:
  - {{card: MINE-001, count: 30}}
  - {{card: 2020GB01-127, count: 20}}
stated: {{deck_size: 50, total_level: 70, cnt_cards: 0}}
"""


@pytest.fixture
def level_dir(tmp_path: Path) -> Path:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "mine.cards.yaml").write_text(CARDS, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text(LEVEL.format(cards="sub/mine.cards.yaml"), encoding="utf-8")
    return tmp_path


def test_a_level_loads_the_cards_its_card_files_define(level_dir: Path) -> None:
    level = load_level(level_dir / "mine.yaml")
    assert [c.id for c in level.own_cards] == ["MINE-001"]
    assert level.own_cards[0].location.path == str(level_dir / "sub" / "mine.cards.yaml")


def test_the_stated_figures_count_the_levels_own_cards(level_dir: Path) -> None:
    assert validate_file(level_dir / "mine.yaml") == []


def test_the_own_cards_stay_out_of_the_shared_pool(level_dir: Path) -> None:
    load_level(level_dir / "mine.yaml")
    assert "MINE-001" not in load_card_pool()


def test_a_game_of_the_level_drives_its_own_cards(level_dir: Path) -> None:
    level = load_level(level_dir / "mine.yaml")
    game = new_game(load_deck(sample_deck_path("knight")), level, seed=1)
    rift_cards = {game.card(i).id for i in game.sides[INVADER].deck}
    assert "MINE-001" in rift_cards


def test_a_saved_game_of_the_level_restores_with_the_shipped_pool(level_dir: Path) -> None:
    level = load_level(level_dir / "mine.yaml")
    game = new_game(load_deck(sample_deck_path("knight")), level, seed=1)
    restored = Game.from_dict(
        game.to_dict(), pool=load_card_pool(), ruler=load_rulers()["knight"], level=level, opponent=InvaderController()
    )
    assert restored.to_dict() == game.to_dict()


def test_a_missing_card_file_is_an_error_at_its_name(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(LEVEL.format(cards="nowhere.yaml"), encoding="utf-8")
    messages = [str(f) for f in validate_file(tmp_path / "mine.yaml")]
    assert messages == [
        f"{tmp_path / 'mine.yaml'}:6:14: card file 'nowhere.yaml' not found (looked for {tmp_path / 'nowhere.yaml'})"
    ]


def test_an_error_inside_a_card_file_names_the_card_file(level_dir: Path) -> None:
    cards = level_dir / "sub" / "mine.cards.yaml"
    cards.write_text(CARDS.replace("atk: 2", "atk: two"), encoding="utf-8")
    with pytest.raises(DataErrors) as raised:
        load_level(level_dir / "mine.yaml")
    assert str(raised.value) == f"{cards}:6:10: 'atk' must be an integer (got a string 'two')"


def test_a_card_file_may_not_redefine_a_shipped_card(level_dir: Path) -> None:
    cards = level_dir / "sub" / "mine.cards.yaml"
    cards.write_text(CARDS.replace("MINE-001", "2020GB01-127"), encoding="utf-8")
    messages = [str(f) for f in validate_file(level_dir / "mine.yaml")]
    assert len(messages) == 1
    assert messages[0].startswith(f"{cards}:2:5: duplicate card id '2020GB01-127' (also in ")


def test_card_files_must_be_a_list_of_names(tmp_path: Path) -> None:
    text = textwrap.dedent(LEVEL.format(cards="3"))
    (tmp_path / "mine.yaml").write_text(text, encoding="utf-8")
    messages = [str(f) for f in validate_file(tmp_path / "mine.yaml")]
    assert messages[0] == f"{tmp_path / 'mine.yaml'}:6:14: 'card file' must be a string (got an integer 3)"


MOTH = """\
  - id: 2020GB01-127
    replaces: true
    name: omen moth
    type: unit
    level: {level}
    atk: 4
    hp: 6
    stk: 2
    provenance: published
    source: my own copy
"""


def test_a_levels_card_file_may_correct_a_shipped_card_with_replaces(level_dir: Path) -> None:
    (level_dir / "sub" / "mine.cards.yaml").write_text(CARDS + MOTH.format(level=2), encoding="utf-8")
    level = load_level(level_dir / "mine.yaml")
    game = new_game(load_deck(sample_deck_path("knight")), level, seed=1)
    moths = [game.card(i) for i in game.sides[INVADER].deck if game.card(i).id == "2020GB01-127"]
    assert moths and all((m.atk, m.hp) == (4, 6) for m in moths)  # the rift plays the corrected card
    assert load_card_pool()["2020GB01-127"].hp == 5  # for this level only
    assert validate_file(level_dir / "mine.yaml") == []


def test_a_level_whose_rift_card_was_corrected_stays_playable_its_figures_warning(level_dir: Path) -> None:
    cards = level_dir / "sub" / "mine.cards.yaml"
    cards.write_text(CARDS + MOTH.format(level=3), encoding="utf-8")
    load_level(level_dir / "mine.yaml")  # no error: the level loads and plays
    messages = [str(f) for f in validate_file(level_dir / "mine.yaml")]
    assert messages == [
        f"{level_dir / 'mine.yaml'}:10:38: warning: the list's total level is 90 but the stated total level is 70: "
        f"2020GB01-127 (omen moth) is level 3 in {cards}:14, 2 shipped; "
        "the figure was stated for the shipped cards, the game plays the corrected ones"
    ]


def test_a_figure_wrong_for_the_shipped_cards_too_is_still_an_error(level_dir: Path) -> None:
    (level_dir / "sub" / "mine.cards.yaml").write_text(CARDS + MOTH.format(level=3), encoding="utf-8")
    level_file = level_dir / "mine.yaml"
    level_file.write_text(level_file.read_text(encoding="utf-8").replace("total_level: 70", "total_level: 71"))
    with pytest.raises(DataErrors) as raised:
        load_level(level_file)
    assert "the list's total level is 90 but the stated total level is 71" in str(raised.value)


def test_replaces_in_a_levels_card_file_needs_a_shipped_card_to_correct(level_dir: Path) -> None:
    cards = level_dir / "sub" / "mine.cards.yaml"
    cards.write_text(CARDS + MOTH.format(level=2).replace("2020GB01-127", "2020GB01-721"), encoding="utf-8")
    messages = [str(f) for f in validate_file(level_dir / "mine.yaml")]
    assert messages[0].startswith(
        f"{cards}:14:5: card '2020GB01-721' says 'replaces: true' but there is no shipped card '2020GB01-721' to replace"
    )


def test_an_authored_level_stays_playable_with_a_players_correction_of_its_rift_card(level_dir: Path) -> None:
    from gateruler.library import load_library
    from gateruler.loader import check_level

    fix = level_dir / "fix.cards.yaml"
    fix.write_text("cards:\n" + MOTH.format(level=3), encoding="utf-8")
    pool = load_library([fix])
    level = load_level(level_dir / "mine.yaml", pool)  # was an error: the figures did not add up with the fix
    (finding,) = check_level(level, pool)
    assert (finding.severity.value, finding.message) == (
        "warning",
        "the list's total level is 90 but the stated total level is 70: "
        f"2020GB01-127 (omen moth) is level 3 in {fix}:2, 2 shipped; "
        "the figure was stated for the shipped cards, the game plays the corrected ones",
    )


def test_a_levels_card_file_may_give_attribute_names_for_that_level(level_dir: Path) -> None:
    names = "attributes:\n  - name: Imp\n    names: {ja: インプ}\n"
    (level_dir / "sub" / "mine.cards.yaml").write_text(CARDS + names, encoding="utf-8")
    level = load_level(level_dir / "mine.yaml")
    assert load_card_pool().for_level(level).groups.attribute_names("インプ") == {"imp", "インプ"}
    assert load_card_pool().groups.attribute_names("インプ") == {"インプ"}
