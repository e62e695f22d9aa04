"""A player's real deck from their own card files, in every command (issue 11's "done when").

In an empty folder, three new cards and a deck that names them by name and by
id; `validate`, `check --games 50` and a scripted `play` run on it with the
cards found each of the three ways: `--cards`, the deck's own `card_files:`,
and the card library that GATERULER_CARDS names.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gateruler.cli import main

CARDS = """\
cards:
  - id: MY-001
    name: ember whelp
    names: {ja: 残り火の仔竜}
    type: unit
    level: 1
    atk: 3
    hp: 5
    stk: 1
    attributes: [Dragon]
    provenance: published
    source: my own copy
  - id: MY-002
    name: Stone Golem, keeper of the gate
    type: unit
    level: 2
    atk: 3
    hp: 7
    stk: 1
    keywords: [intercept]
    provenance: published
    source: my own copy
  - id: MY-003
    name: spark
    type: event
    level: 1
    provenance: published
    source: my own copy
    abilities:
      - trigger: on_play
        text: Deal 2 damage to an enemy unit.
        effects:
          - {effect: damage, target: enemy_unit, amount: 2}
"""

DECK = """\
name: My real deck
ruler: knight
{card_files}cards:
  - {{card: ember whelp, count: 4}}       # by name
  - {{card: Stone Golem, count: 4}}       # by the name before its comma
  - {{card: MY-003, count: 4}}            # by id
  - {{card: Honoikazuchi, count: 4}}      # a shipped card by name
  - {{card: PROV-001, count: 4}}
  - {{card: PROV-002, count: 4}}
  - {{card: PROV-003, count: 4}}
  - {{card: PROV-004, count: 4}}
  - {{card: PROV-005, count: 2}}
  - {{card: PROV-006, count: 4}}
  - {{card: PROV-007, count: 4}}
  - {{card: PROV-008, count: 4}}
  - {{card: PROV-012, count: 4}}
"""

WAYS = ["--cards", "card_files", "GATERULER_CARDS"]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def setup(folder: Path, way: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Write the cards and the deck for one way of finding the cards; the options the commands need."""
    (folder / "library").mkdir()
    (folder / "library" / "mine.cards.yaml").write_text(CARDS, encoding="utf-8")
    card_files = "card_files: [library/mine.cards.yaml]\n" if way == "card_files" else ""
    (folder / "deck.yaml").write_text(DECK.format(card_files=card_files), encoding="utf-8")
    if way == "GATERULER_CARDS":
        monkeypatch.setenv("GATERULER_CARDS", str(folder / "library"))
    return ["--cards", "library"] if way == "--cards" else []


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


@pytest.mark.parametrize("way", WAYS)
def test_validate_a_deck_of_ones_own_cards(folder: Path, way: str, monkeypatch: pytest.MonkeyPatch) -> None:
    options = setup(folder, way, monkeypatch)
    result = run("validate", "deck.yaml", *options)
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")


@pytest.mark.parametrize("way", WAYS)
def test_check_a_deck_of_ones_own_cards(folder: Path, way: str, monkeypatch: pytest.MonkeyPatch) -> None:
    options = setup(folder, way, monkeypatch)
    result = run("check", "deck.yaml", "--games", "50", "--workers", "1", "--json", "result.json", *options)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == [
        "My real deck (knight) - bot greedy, seed 0, up to 50 games per level, 1 worker",
        "card data: the shipped cards and 3 of yours from mine.cards.yaml",
    ]
    data = json.loads((folder / "result.json").read_text(encoding="utf-8"))
    assert [e[0] for e in data["settings"]["deck"]["cards"][:4]] == ["MY-001", "MY-002", "MY-003", "TD01-013"]
    ((record,),) = [data["card_files"]]
    assert (record["file"], record["cards"]) == (
        str(folder / "library" / "mine.cards.yaml"),
        ["MY-001", "MY-002", "MY-003"],
    )
    assert [lv["games"] for lv in data["levels"]] == [50] * 6
    # the deck's own cards are published numbers: only the shipped provisional ones are marked
    assert not {"MY-001", "MY-002", "MY-003"} & set(data["levels"][0]["provisional_cards"]["deck"])


@pytest.mark.parametrize("way", WAYS)
def test_play_a_deck_of_ones_own_cards(folder: Path, way: str, monkeypatch: pytest.MonkeyPatch) -> None:
    options = setup(folder, way, monkeypatch)
    result = run(
        "play",
        "--deck",
        "deck.yaml",
        "--seed",
        "4",
        "--fast",
        *options,
        input="card spark\nsave game.json\n" + "1 1\n1\na\n1 1\n1\ne\ny\n" * 500,
    )
    assert result.exit_code == 0, result.output
    assert "spark  [MY-003]" in result.output
    assert "Summary: " in result.output and "with My real deck, seed 4" in result.output
    saved = json.loads((folder / "game.json").read_text(encoding="utf-8"))
    assert [c["id"] for c in saved["user_cards"]] == ["MY-001", "MY-002", "MY-003"]


def test_a_save_made_with_ones_own_cards_loads_without_them(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    options = setup(folder, "--cards", monkeypatch)
    assert run("play", "--deck", "deck.yaml", "--seed", "4", *options, input="save game.json\nquit\n").exit_code == 0
    (folder / "library" / "mine.cards.yaml").unlink()  # another machine: the card file is not there
    result = run("play", "--load", "game.json", input="card ember whelp\nquit\n")
    assert result.exit_code == 0, result.output
    assert "ember whelp  [MY-001]" in result.output and "ATK 3  HP 5  STK 1" in result.output


def test_a_replay_made_with_ones_own_cards_re_runs_without_them(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gateruler.batch import GameSpec
    from gateruler.library import load_library
    from gateruler.loader import load_level, load_player_deck, load_rulers
    from gateruler.replay import record_game, write_replay

    setup(folder, "--cards", monkeypatch)
    player = load_player_deck("deck.yaml", load_library([folder / "library"]))
    level = load_level(1)
    spec = GameSpec(player.deck, load_rulers()["knight"], level, player.pool.for_level(level), 200, 1, "deck.yaml")
    write_replay(folder / "game.replay.json", record_game(spec, seed=3, bot="greedy", bot_seed=1))
    (folder / "library" / "mine.cards.yaml").unlink()
    result = run("replay", "game.replay.json")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("game.replay.json: ends the same way: ")


def test_a_corrected_shipped_card_is_no_longer_provisional_in_results(folder: Path) -> None:
    (folder / "fix.yaml").write_text(
        "cards:\n  - {id: PROV-001, replaces: true, name: Shield Sentry, type: unit, level: 1, atk: 3, hp: 7, stk: 1,"
        " provenance: published, source: the printed card}\n",
        encoding="utf-8",
    )
    (folder / "deck.yaml").write_text(
        DECK.format(card_files="card_files: [fix.yaml]\n")
        .replace("ember whelp", "PROV-009")
        .replace("Stone Golem", "PROV-011")
        .replace("MY-003", "PRERELEASE-CRIMSON-SYLTIS"),
        encoding="utf-8",
    )
    result = run("check", "deck.yaml", "--games", "2", "--levels", "1", "--workers", "1", "--json", "r.json")
    assert result.exit_code == 0, result.output
    data = json.loads((folder / "r.json").read_text(encoding="utf-8"))
    assert data["card_files"][0]["replaces"] == ["PROV-001"]
    provisional = data["levels"][0]["provisional_cards"]["deck"]
    assert "PROV-001" not in provisional and "PROV-002" in provisional
    assert "card data: the shipped cards and 1 of yours from fix.yaml (1 replacing shipped cards)" in result.output


def test_a_scenario_may_use_ones_own_cards(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup(folder, "--cards", monkeypatch)
    (folder / "s.yaml").write_text(
        "level: 1\nturn: player\nplayer:\n  deck: [MY-001, MY-001]\n  hand: [MY-003]\n", encoding="utf-8"
    )
    result = run("scenario", "s.yaml", "--json", "--cards", "library")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["player"]["hand"] == 3  # spark, and the two whelps drawn
    assert (
        run("scenario", "s.yaml").output
        == "s.yaml:4:10: unknown card 'MY-001'\ns.yaml:4:18: unknown card 'MY-001'\ns.yaml:5:10: unknown card 'MY-003'\n"
    )
