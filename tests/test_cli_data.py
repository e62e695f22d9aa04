"""`gateruler validate`, `gateruler levels`, `gateruler cards`."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main
from gateruler.loader import DECKS_DIR, INVADER_DECKS_DIR

DATA = Path(__file__).parent / "data"
ANSI = re.compile(r"\x1b\[")


def run(*args: str, env: dict[str, str] | None = None):
    return CliRunner().invoke(main, list(args), env=env)


@pytest.fixture
def here(tmp_path, monkeypatch):
    """Work in a temporary directory holding copies of the test data files."""
    for name in ("bad-cards.yaml", "level-unacknowledged.yaml"):
        shutil.copy(DATA / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_validate_shipped_levels_exits_0():
    paths = [str(INVADER_DECKS_DIR / f"level-{n}.yaml") for n in range(1, 7)]
    result = run("validate", *paths)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "checked 6 files: 0 errors, 5 warnings"
    # each an acknowledged discrepancy that its level's notes explain (issue 26)
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert len(warnings) == 5 and all(
        w.endswith("(acknowledged discrepancy; the level's notes say why)") for w in warnings
    )


def test_validate_shipped_decks_exits_0():
    result = run("validate", *map(str, sorted(DECKS_DIR.glob("*.yaml"))))
    assert result.exit_code == 0
    assert result.output == "checked 3 files: 0 errors, 0 warnings\n"


def test_validate_prints_one_line_per_finding_with_the_path_as_given(here):
    result = run("validate", "./bad-cards.yaml")
    assert result.exit_code == 2
    assert result.output.splitlines() == [
        "./bad-cards.yaml:8:9: 'hp' must not be negative (got -3)",
        "./bad-cards.yaml:13:11: unknown type 'unitt' (did you mean unit?)",
        "./bad-cards.yaml:21:5: unknown key 'sorce' (did you mean source?)",
        "checked 1 file: 3 errors, 0 warnings",
    ]


def test_warnings_alone_exit_0():
    result = run("validate", str(INVADER_DECKS_DIR / "level-6.yaml"))
    assert result.exit_code == 0
    assert (
        ": warning: the list has 52 cards but the stated deck size is 50 (acknowledged discrepancy; the level's notes say why)"
        in result.output
    )


def test_an_unacknowledged_discrepancy_exits_2(here):
    result = run("validate", "level-unacknowledged.yaml")
    assert result.exit_code == 2
    assert (
        result.output.splitlines()[0]
        == "level-unacknowledged.yaml:9:21: the list has 52 cards but the stated deck size is 50"
    )


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda d: None, "missing.yaml:1:1: no such file"),
        (lambda d: (d / "missing.yaml").mkdir(), "missing.yaml:1:1: is a directory, not a file"),
        (
            lambda d: (d / "missing.yaml").write_bytes(b"cards:\n  - \xff\n"),
            "missing.yaml:2:5: not UTF-8 text (byte 0xff)",
        ),
        (lambda d: (d / "missing.yaml").write_text("cards: [\n"), None),
    ],
    ids=["missing", "directory", "not-utf8", "syntax"],
)
def test_unreadable_files_are_one_line_and_exit_2(here, make, message):
    make(here)
    result = run("validate", "missing.yaml")
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 2 and lines[1] == "checked 1 file: 1 error, 0 warnings"
    assert lines[0] == message if message else lines[0].startswith("missing.yaml:2:1: YAML syntax error: ")
    assert "Traceback" not in result.output


def test_validate_needs_a_file():
    assert run("validate").exit_code == 2


def test_levels_table_has_the_seeds_figures():
    result = run("levels")
    assert result.exit_code == 0
    rows = {int(cells[0]): cells for cells in _rows(result.output)}
    assert sorted(rows) == [1, 2, 3, 4, 5, 6]
    # number, name, HP, ATK, STK, pierce, drives, deck, total level, CNT
    assert rows[1][2:] == ["15", "4", "3", "no", "2", "50", "50", "0"]
    assert rows[2][2:] == ["16", "5", "3", "no", "2", "50", "50", "0"]
    assert rows[3][2:] == ["13", "5", "3", "yes", "2", "50", "70", "14"]
    assert rows[4][2:] == ["15", "5", "3", "yes", "2", "50", "87", "14"]
    assert rows[5][2:] == ["16", "7", "3", "yes", "2", "56 (stated 50)", "121 (stated 94)", "20 (stated 16)"]
    assert rows[6][2:] == ["15", "7", "3", "yes", "3", "52 (stated 50)", "90", "18"]
    assert rows[1][1] == "Vanguard (尖兵)" and rows[6][1] == "Nightmare Battlefield (噩梦的战场)"


def test_levels_without_colour():
    result = run("levels", env={"NO_COLOR": "1"})
    assert result.exit_code == 0 and not ANSI.search(result.output)


def test_cards_lists_the_pool():
    result = run("cards")
    assert result.exit_code == 0 and not ANSI.search(result.output)
    ids = {cells[0] for cells in _rows(result.output)}
    assert {"2020GB01-127", "SOLO-MEGIDDO", "PROV-001", "TD01-013"} <= ids
    (moth,) = [cells for cells in _rows(result.output) if cells[0] == "2020GB01-127"]
    assert moth[1:] == ["omen moth", "unit", "2", "5/5/2", "", "", "deduced; stats provisional"]


def test_cards_provisional_lists_only_provisional_data():
    ids = {cells[0] for cells in _rows(run("cards", "--provisional").output)}
    assert "PROV-001" in ids and "2020GB01-127" in ids
    assert not ids & {"SOLO-MEGIDDO", "TD01-013", "2020GB01-071", "PRERELEASE-CRIMSON-SYLTIS"}


def _rows(output: str) -> list[list[str]]:
    """The body rows of a rich table, as lists of stripped cells."""
    return [
        [c.strip() for c in line.strip().strip("│").split("│")] for line in output.splitlines() if line.startswith("│")
    ]


def test_levels_lists_each_levels_special_rules_in_words():
    output = run("levels").output
    rules = output[output.index("Special rules:") :]
    assert "1 Vanguard: The rift's blue titan has no effect at all (no abilities, no CNT)." in rules
    assert 'your unit is destroyed even when there is no "Dark Knight" unit to destroy.' in rules
    assert "When the rift's wrath demon dragon Shishin enters its board, all of your units are destroyed." in rules
    assert "The rift's otherworld god Hastur has STK 2." in rules
    assert "wrath demon dragon" not in rules[rules.index("5 The Evil Gods Come") :], (
        "a rule for a card the level lacks never applies"
    )
