"""`gateruler cards`, `gateruler card` and `gateruler deck show`: browsing cards and decks, the player's own included."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from gateruler.cli import main
from gateruler.loader import DECKS_DIR, load_card_pool

MINE = """\
cards:
  - id: MY-LONGEST-CARD-NUMBER-001
    name: Stone Golem, keeper of the long gate of many words
    type: unit
    level: 2
    atk: 3
    hp: 7
    stk: 1
    keywords: [intercept]
    attributes: [Golem]
    faction: Mountain Front
    provenance: published
    source: my own copy
"""


def run(*args: str, columns: int | None = None) -> Result:
    return CliRunner().invoke(main, list(args), env={"COLUMNS": str(columns)} if columns else None)


@pytest.fixture
def mine(tmp_path: Path) -> str:
    path = tmp_path / "mine.cards.yaml"
    path.write_text(MINE, encoding="utf-8")
    return str(path)


def ids_in(output: str) -> set[str]:
    return set(re.findall(r"[A-Z0-9][A-Z0-9-]*-[A-Z0-9-]*[0-9A-Z]", output))


@pytest.mark.parametrize("columns", [200, 80, 40])
def test_cards_never_cuts_an_id_at_any_width(mine: str, columns: int) -> None:
    result = run("cards", "--cards", mine, columns=columns)
    assert result.exit_code == 0, result.output
    expected = {c.id for c in load_card_pool()} | {"MY-LONGEST-CARD-NUMBER-001"}
    assert expected <= ids_in(result.output)
    assert all(len(line) <= columns for line in result.output.splitlines() if "MY-LONGEST" not in line)


def test_a_narrow_terminal_gets_a_card_per_line(mine: str) -> None:
    lines = run("cards", "--cards", mine, "--search", "golem", columns=40).output.splitlines()
    assert lines == [
        "Card pool (1)",
        "MY-LONGEST-CARD-NUMBER-001  Stone Golem,",
        "    keeper of the long gate of many",
        "    words · unit, level 2 · 3/7/1 ·",
        "    intercept · published; yours",
    ]


@pytest.mark.parametrize(
    ("options", "included", "excluded"),
    [
        (["--player"], {"PROV-001", "TD01-013"}, {"2020GB01-127", "SOLO-MEGIDDO"}),
        (["--rift"], {"2020GB01-127", "SOLO-MEGIDDO"}, {"PROV-001", "TD01-013"}),
        (["--provisional"], {"PROV-001", "2020GB01-127"}, {"TD01-013", "SOLO-MEGIDDO"}),
        (["--type", "event"], {"PROV-003", "2020GB01-071"}, {"PROV-001"}),
        (["--search", "honoikazuchi"], {"TD01-013"}, {"PROV-001"}),
        (["--search", "预兆蛾"], {"2020GB01-127"}, {"PROV-001"}),
    ],
    ids=["player", "rift", "provisional", "type", "search", "search-other-language"],
)
def test_cards_filters(options: list[str], included: set[str], excluded: set[str]) -> None:
    shown = ids_in(run("cards", *options, columns=40).output)
    assert included <= shown and not excluded & shown


def test_cards_player_and_rift_exclude_each_other() -> None:
    result = run("cards", "--player", "--rift")
    assert (result.exit_code, result.output) == (2, "error: gateruler cards: give --player or --rift, not both\n")


def test_card_prints_one_card_in_full_by_name(mine: str) -> None:
    result = run("card", "stone golem", "--cards", mine)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Stone Golem, keeper of the long gate of many words  [MY-LONGEST-CARD-NUMBER-001]",
        "  unit, level 2",
        "  ATK 3  HP 7  STK 1",
        "  intercept: When this unit is attacked by a unit, before battle damage, it deals its ATK to the",
        "    attacking unit.",
        "  abilities: none",
        "  provenance: published",
        "  source: my own copy",
        "  attributes: Golem",
        "  faction: Mountain Front",
        f"  defined in {mine}:2 (your card file)",
        "  player decks: may use it",
    ]


def test_card_shows_an_attributes_and_a_factions_other_names(tmp_path: Path) -> None:
    named = MINE.replace("faction: Mountain Front", "faction: 東妖軍") + (
        "attributes:\n  - name: Golem\n    names: {ja: ゴーレム}\n"
    )
    path = tmp_path / "named.cards.yaml"
    path.write_text(named, encoding="utf-8")
    lines = run("card", "stone golem", "--cards", str(path)).output.splitlines()
    assert "  attributes: Golem (ゴーレム)" in lines
    assert "  faction: 東妖軍 (Yomajin Front, red)" in lines


def test_card_says_why_a_rift_card_is_not_for_decks() -> None:
    output = run("card", "omen moth").output
    assert "  defined in gateruler/data/cards/invader.yaml:18\n" in output
    assert "  player decks: may not: card '2020GB01-127' (omen moth) is a rift card:" in output


def test_card_abilities_are_in_plain_words() -> None:
    assert run("card", "TD01-013").output.splitlines()[4:6] == [
        "  - When it attacks, split 3 damage among enemy units as you choose; if that destroys the unit in",
        "    the attacked line, the attack goes on to the enemy ruler.",
    ]


@pytest.mark.parametrize(
    ("query", "message"),
    [
        (
            "knight",
            "error: 'knight' fits 6 cards: 2020GB01-020 (Dark Knight Dista), 2020GS02-005 (Dark Knight netherworld), "
            "2020GS02-006 (Dark Knight sharp-edge), 2021GB02-019 (Dark Knight weeping), SOLO-GOLDEN-KNIGHT (Golden Knight (solo version)), "
            "SOLO-SILVER-KNIGHT (Silver Knight (solo version)); give more of the name, or the id",
        ),
        ("omen moht", "error: no card 'omen moht' (did you mean omen moth [2020GB01-127]?)"),
        ("zzzz", "error: no card 'zzzz'"),
    ],
    ids=["ambiguous", "misspelt", "unknown"],
)
def test_card_that_names_no_single_card_is_one_line(query: str, message: str) -> None:
    result = run("card", query)
    assert (result.exit_code, result.output) == (2, message + "\n")


def test_deck_show_prints_the_deck_and_says_it_is_legal() -> None:
    result = run("deck", "show", str(DECKS_DIR / "knight-sample.yaml"))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Knight sample (knight): 50 cards, 13 entries"
    assert "   4  TD01-013                   Honoikazuchi, prototype dragon-form weapon (unit, level 3, 5/4/2)" in lines
    assert lines[lines.index("Curve (copies by level):") + 1 :][:4] == [
        "  level  0:  6 ######",
        "  level  1: 24 ########################",
        "  level  2: 12 ############",
        "  level  3:  8 ########",
    ]
    assert "Types: 34 units, 16 events" in lines
    assert any(line.startswith("Provisional: 11 cards (42 copies) rest on numbers that are ours") for line in lines)
    assert lines[-1] == "No problems: the deck is legal."


def test_deck_show_lists_every_problem_and_exits_2(tmp_path: Path) -> None:
    text = (DECKS_DIR / "knight-sample.yaml").read_text(encoding="utf-8")
    path = tmp_path / "d.yaml"
    path.write_text(
        text.replace("{card: PROV-001,", "{card: Shield Sentri,").replace("{card: PROV-002,", "{card: omen moth,"),
        encoding="utf-8",
    )
    result = run("deck", "show", str(path))
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert "   4  Shield Sentri              (names no known card)" in lines
    assert lines[lines.index("Problems (2):") + 1 :] == [
        f"{path}:12:12: unknown card 'Shield Sentri' (did you mean Shield Sentry [PROV-001]?)",
        f"{path}:13:12: card '2020GB01-127' (omen moth) is a rift card: we hold only the rift's version of it, so a player deck "
        "cannot use it (to play your own copy, define it in your card file with 'replaces: true')",
    ]


def test_deck_show_of_a_file_that_is_not_yaml_is_its_error(tmp_path: Path) -> None:
    path = tmp_path / "d.yaml"
    path.write_text("cards: [\n", encoding="utf-8")
    result = run("deck", "show", str(path))
    assert result.exit_code == 2 and result.output.startswith("Problems (1):\n" + f"{path}:2:1: YAML syntax error")
