"""`gateruler cards import`: a spreadsheet of a player's cards becomes a card file that validates, or every bad cell is named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from gateruler.cli import main
from gateruler.loader import validate_file

RESAVE = (
    'save it as "CSV UTF-8" (Excel: Save As, CSV UTF-8; LibreOffice: Save As, Text CSV, character set Unicode (UTF-8))'
)
COLUMNS_READ = (
    "id, name, type, level, atk, hp, stk, keywords, cnt, attributes, faction, legendary, replaces, provenance, source"
)
HEADER = "id,name,type,level,atk,hp,stk,keywords,cnt,attributes,faction\n"
GOOD = HEADER + (
    "MY-101,ember whelp,unit,1,3,4,1,,no,Dragon,東妖軍\n"
    'MY-102,"Stone Golem, gate keeper",Unit,2,3,7,1,intercept; pierce,,Golem;Stone,\n'
    "MY-103,spark,event,-1,,,,open card,yes,,\n"
)


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_spreadsheet_becomes_a_card_file_that_validates(here: Path) -> None:
    Path("mine.csv").write_text(GOOD, encoding="utf-8-sig")  # a spreadsheet's "CSV UTF-8" starts with a BOM
    result = run("cards", "import", "mine.csv", "--output", "mine.cards.yaml")
    assert (result.exit_code, result.output) == (
        0,
        "wrote mine.cards.yaml: 3 cards from mine.csv; add their abilities, then check it with: gateruler validate mine.cards.yaml\n",
    )
    assert validate_file("mine.cards.yaml") == []
    cards = yaml.safe_load(Path("mine.cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert cards[0] == {
        "id": "MY-101", "name": "ember whelp", "type": "unit", "level": 1, "atk": 3, "hp": 4, "stk": 1,
        "attributes": ["Dragon"], "faction": "東妖軍", "provenance": "published", "source": "Imported from mine.csv, row 2.",
    }  # fmt: skip
    assert (cards[1]["name"], cards[1]["keywords"], cards[1]["attributes"]) == (
        "Stone Golem, gate keeper",
        ["intercept", "pierce"],
        ["Golem", "Stone"],
    )
    assert (cards[2]["type"], cards[2]["level"], cards[2]["keywords"], cards[2]["cnt"]) == (
        "event",
        -1,
        ["open_card"],
        True,
    )


def test_semicolons_and_optional_columns(here: Path) -> None:
    Path("fix.csv").write_text(
        "ID;Name;Type;Level;ATK;HP;STK;replaces;provenance;source;legendary\n"
        "TD01-013;Honoikazuchi, prototype dragon-form weapon;unit;3;5;4;2;yes;published;my copy;yes\n",
        encoding="utf-8",
    )
    assert run("cards", "import", "fix.csv", "-o", "fix.yaml").exit_code == 0
    (card,) = yaml.safe_load(Path("fix.yaml").read_text(encoding="utf-8"))["cards"]
    assert (card["replaces"], card["legendary"], card["source"]) == (True, True, "my copy")
    assert validate_file("fix.yaml") == []


BAD_CELLS = [
    ("unknown type", "MY-1,a,unti,1,3,3,1,,,,\n", "c.csv:2:3: unknown type 'unti' (did you mean unit?)"),
    ("level not a number", "MY-1,a,unit,two,3,3,1,,,,\n", "c.csv:2:4: 'level' must be a whole number (got 'two')"),
    ("negative stat", "MY-1,a,unit,1,3,-3,1,,,,\n", "c.csv:2:6: 'hp' must not be negative (got -3)"),
    (
        "a level past a card file's bounds",
        "MY-1,a,unit,10000,3,3,1,,,,\n",
        "c.csv:2:4: 'level' must be at most 9999 (got 10000)",
    ),
    ("a level below them", "MY-1,a,unit,-10000,3,3,1,,,,\n", "c.csv:2:4: 'level' must be at least -9999 (got -10000)"),
    ("a stat past them", "MY-1,a,unit,1,3,10000,1,,,,\n", "c.csv:2:6: 'hp' must be at most 9999 (got 10000)"),
    ("missing stat", "MY-1,a,unit,1,3,,1,,,,\n", "c.csv:2:6: 'hp' is empty"),
    (
        "stat on an event",
        "MY-1,a,event,1,3,,,,,,\n",
        "c.csv:2:5: 'atk' is only for units (this card is an event); leave it empty",
    ),
    (
        "unknown keyword",
        "MY-1,a,unit,1,3,3,1,peirce,,,\n",
        "c.csv:2:8: unknown keyword 'peirce' (did you mean pierce?)",
    ),
    ("cnt not yes or no", "MY-1,a,unit,1,3,3,1,,maybe,,\n", "c.csv:2:9: 'cnt' must be yes or no (got 'maybe')"),
    ("attribute twice", "MY-1,a,unit,1,3,3,1,,,Golem;Golem,\n", "c.csv:2:10: 'Golem' is listed twice in 'attributes'"),
    ("empty id", ",a,unit,1,3,3,1,,,,\n", "c.csv:2:1: 'id' is empty"),
    ("id twice", "MY-1,a,unit,1,3,3,1,,,,\nMY-1,b,unit,1,3,3,1,,,,\n", "c.csv:3:1: card id 'MY-1' is also on row 2"),
    (
        "a shipped id",
        "PROV-001,a,unit,1,3,3,1,,,,\n",
        "c.csv:2:1: card id 'PROV-001' is already a shipped card (Shield Sentry); to correct it, say yes in a 'replaces' column",
    ),
    (
        "a value past the last column",
        "MY-1,a,unit,1,3,3,1,,,,,extra\n",
        "c.csv:2:12: a value beyond the last column ('extra')",
    ),
    ("a cell too long", "MY-1," + "a" * 501 + ",unit,1,3,3,1,,,,\n", "c.csv:2:2: a cell of more than 500 characters"),
]


@pytest.mark.parametrize(("row", "message"), [c[1:] for c in BAD_CELLS], ids=[c[0] for c in BAD_CELLS])
def test_each_bad_cell_is_one_located_line_and_nothing_is_written(here: Path, row: str, message: str) -> None:
    Path("c.csv").write_text(HEADER + row, encoding="utf-8")
    result = run("cards", "import", "c.csv", "-o", "c.yaml")
    assert (result.exit_code, result.output) == (2, message + "\n")
    assert not Path("c.yaml").exists()


BAD_FILES = [
    (
        "a misspelt column",
        "id,name,typ,level\n",
        [
            "c.csv:1:3: warning: ignored a column that is not card data: 'typ' (column 3) (did you mean type?) "
            "(the columns read: id, name, type, level, atk, hp, stk, keywords, cnt, attributes, faction, legendary, "
            "replaces, provenance, source)",
            "c.csv:1:1: missing column 'type' (required: id, name, type, level)",
        ],
    ),
    ("a column twice", "id,name,type,level,atk,atk\n", ["c.csv:1:6: column 'atk' appears twice (first in column 5)"]),
    (
        "an empty file",
        "",
        ["c.csv:1:1: the file is empty: the first row must name the columns (id, name, type, level, ...)"],
    ),
    ("no rows", "id,name,type,level\n\n", ["c.csv:2:1: no cards: the rows after the header are empty"]),
    (
        "units without stat columns",
        "id,name,type,level\nA,b,unit,1\n",
        [f"c.csv:2:1: no '{s}' column (a unit needs atk, hp and stk)" for s in ("atk", "hp", "stk")],
    ),
    (
        "not UTF-8",
        b"id,name,type,level\nA,\xff,event,1\n",
        [f"c.csv:2:3: not UTF-8 text (byte 0xff): {RESAVE}"],
    ),
    (
        "Latin-1, not Shift-JIS",
        "id,name,type,level\nA,café,event,1\n".encode("latin-1"),
        [f"c.csv:2:6: not UTF-8 text (byte 0xe9): {RESAVE}"],
    ),
]


@pytest.mark.parametrize(("text", "messages"), [c[1:] for c in BAD_FILES], ids=[c[0] for c in BAD_FILES])
def test_a_bad_file_is_located_errors(here: Path, text: str | bytes, messages: list[str]) -> None:
    Path("c.csv").write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    result = run("cards", "import", "c.csv", "-o", "c.yaml")
    assert (result.exit_code, result.output.splitlines()) == (2, messages)


def test_too_many_rows_is_an_error(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gateruler.authoring.card_import.MAX_ROWS", 3)
    Path("c.csv").write_text(HEADER + "".join(f"MY-{n},a,event,1,,,,,,,\n" for n in range(3)), encoding="utf-8")
    result = run("cards", "import", "c.csv", "-o", "c.yaml")
    assert (result.exit_code, result.output) == (2, "c.csv:4:1: more than 3 rows; split the file\n")


def test_an_existing_card_file_is_not_overwritten_without_force(here: Path) -> None:
    Path("mine.csv").write_text(GOOD, encoding="utf-8")
    Path("mine.cards.yaml").write_text("cards: []  # abilities added by hand\n", encoding="utf-8")
    result = run("cards", "import", "mine.csv", "-o", "mine.cards.yaml")
    assert result.exit_code == 2 and result.output.startswith(
        "error: mine.cards.yaml already exists; not overwriting it"
    )
    assert run("cards", "import", "mine.csv", "-o", "mine.cards.yaml", "--force").exit_code == 0
    assert validate_file("mine.cards.yaml") == []


LIBRARY_CARD = """\
cards:
  - id: MY-101
    name: ember whelp
    type: unit
    level: 1
    atk: 3
    hp: 4
    stk: 1
    provenance: published
"""


def test_an_id_already_among_the_players_own_cards_is_an_error(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    Path("library").mkdir()
    Path("library/old.cards.yaml").write_text(LIBRARY_CARD, encoding="utf-8")
    Path("mine.csv").write_text(GOOD, encoding="utf-8")
    message = (
        "mine.csv:2:1: card id 'MY-101' is already one of your cards (ember whelp, in library/old.cards.yaml:2); "
        "give this one another id, or change that card where it is\n"
    )
    result = run("cards", "import", "mine.csv", "-o", "mine.cards.yaml", "--cards", "library")
    assert (result.exit_code, result.output) == (2, message)
    monkeypatch.setenv("GATERULER_CARDS", "library")  # the user library, without --cards
    result = run("cards", "import", "mine.csv", "-o", "mine.cards.yaml")
    assert (result.exit_code, result.output) == (2, message)
    assert not Path("mine.cards.yaml").exists()


def test_importing_again_over_a_card_file_of_the_library_does_not_clash_with_itself(
    here: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Path("library").mkdir()
    Path("mine.csv").write_text(GOOD, encoding="utf-8")
    monkeypatch.setenv("GATERULER_CARDS", "library")
    assert run("cards", "import", "mine.csv", "-o", "library/mine.cards.yaml").exit_code == 0
    result = run("cards", "import", "mine.csv", "-o", "library/mine.cards.yaml", "--force")
    assert result.exit_code == 0, result.output


def test_columns_that_are_not_card_data_are_passed_over_with_one_warning(here: Path) -> None:
    """A spreadsheet's own columns (rarity, price, notes) do not stop the import (issue 26)."""
    Path("mine.csv").write_text(
        "id,name,rarity,type,level,atk,hp,stk,atack\nMY-1,ember whelp,SR,unit,1,3,4,1,5\n", encoding="utf-8"
    )
    ran = subprocess.run(
        [sys.executable, "-m", "gateruler", "cards", "import", "mine.csv", "-o", "mine.cards.yaml"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (ran.returncode, ran.stderr.splitlines()) == (
        0,
        [
            "mine.csv:1:3: warning: ignored 2 columns that are not card data: 'rarity' (column 3), "
            f"'atack' (column 9) (did you mean atk?) (the columns read: {COLUMNS_READ})"
        ],
    )
    assert ran.stdout.startswith("wrote mine.cards.yaml: 1 card from mine.csv")
    (card,) = yaml.safe_load(Path("mine.cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert (card["name"], card["atk"]) == ("ember whelp", 3) and "rarity" not in card


def test_a_japanese_spreadsheets_shift_jis_csv_is_read_with_a_warning(here: Path) -> None:
    """Excel on a Japanese system saves plain "CSV" as Shift-JIS (code page 932)."""
    Path("jp.csv").write_bytes("id,name,type,level\nMY-1,炎の竜,event,1\n".encode("shift_jis"))
    ran = subprocess.run(
        [sys.executable, "-m", "gateruler", "cards", "import", "jp.csv", "-o", "jp.cards.yaml"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stderr.splitlines() == [
        f"jp.csv:1:1: warning: not UTF-8: read as Shift-JIS (a Japanese spreadsheet's plain CSV); to be sure, {RESAVE}"
    ]
    assert yaml.safe_load(Path("jp.cards.yaml").read_text(encoding="utf-8"))["cards"][0]["name"] == "炎の竜"
