"""Every deck and card-library error is one exact located line, exit 2, from `validate` and from `check` alike.

A deck of one's own cards (its `card_files:` name them) is legal as written;
each case changes one thing.  `validate` prints the line and its summary,
`check` the line alone.  Entries start on line 5, one per line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main

MINE = """\
cards:
  - {id: MY-001, name: ember whelp, type: unit, level: 1, atk: 3, hp: 5, stk: 1, provenance: published}
  - {id: MY-002, name: "Stone Golem, keeper of the gate", type: unit, level: 2, atk: 3, hp: 7, stk: 1, provenance: published}
  - {id: MY-003, name: spark, type: event, level: 1, provenance: published}
"""

DECK = """\
name: d
ruler: knight
card_files: [mine.cards.yaml]
cards:
  - {card: ember whelp, count: 4}
  - {card: Stone Golem, count: 4}
  - {card: MY-003, count: 4}
  - {card: PROV-001, count: 4}
  - {card: PROV-002, count: 4}
  - {card: PROV-003, count: 4}
  - {card: PROV-004, count: 4}
  - {card: PROV-005, count: 4}
  - {card: PROV-006, count: 4}
  - {card: PROV-007, count: 4}
  - {card: PROV-008, count: 4}
  - {card: PROV-012, count: 4}
  - {card: TD01-013, count: 2}
"""


def card(card_id: str, name: str = "x", **fields: str) -> str:
    extra = "".join(f", {k}: {v}" for k, v in fields.items())
    return f"cards:\n  - {{id: {card_id}, name: {name}, type: event, level: 1, provenance: published{extra}}}\n"


DECK_ERRORS = [
    (
        "an unknown name",
        {"{card: Stone Golem,": "{card: Stone Golm,"},
        {},
        [],
        "deck.yaml:6:12: unknown card 'Stone Golm' (did you mean Stone Golem [MY-002]?)",
    ),
    (
        "a misspelt id",
        {"{card: MY-003,": "{card: MY-03,"},
        {},
        [],
        "deck.yaml:7:12: unknown card 'MY-03' (did you mean MY-003?)",
    ),
    (
        "an ambiguous name",
        {"{card: MY-003,": "{card: spark,", "[mine.cards.yaml]": "[mine.cards.yaml, more.cards.yaml]"},
        {"more.cards.yaml": card("MY-004", '"Spark, the lesser"')},
        [],
        "deck.yaml:7:12: 'spark' names 2 cards: MY-003 (spark), MY-004 (Spark, the lesser); write the card's id",
    ),
    (
        "one card by its name and its id",
        {"{card: ember whelp, count: 4}": "{card: ember whelp, count: 3}\n  - {card: MY-001, count: 1}"},
        {},
        [],
        "deck.yaml:6:12: 'MY-001' names MY-001 (ember whelp), already listed at line 5",
    ),
    (
        "too many copies of a name",
        {
            "{card: ember whelp, count: 4}": "{card: ember whelp, count: 5}",
            "{card: TD01-013, count: 2}": "{card: TD01-013, count: 1}",
        },
        {},
        [],
        "deck.yaml:5:12: 5 copies of 'ember whelp' (MY-001): at most 4 per name under the Knight",
    ),
    (
        "the wrong size",
        {"{card: TD01-013, count: 2}": "{card: TD01-013, count: 1}"},
        {},
        [],
        "deck.yaml:4:1: the deck has 49 cards; a Knight deck has exactly 50",
    ),
    (
        "a card banned by name",
        {"{card: MY-003,": "{card: MY-666,", "[mine.cards.yaml]": "[mine.cards.yaml, more.cards.yaml]"},
        {"more.cards.yaml": card("MY-666", "Holy Grail Goddess")},
        [],
        "deck.yaml:7:12: card 'MY-666' (Holy Grail Goddess) is banned in solo mode (same name as 2021GB02-092)",
    ),
    (
        "a solo-mode rift card",
        {"{card: MY-003,": "{card: SOLO-GOLDEN-KNIGHT,"},
        {},
        [],
        "deck.yaml:7:12: card 'SOLO-GOLDEN-KNIGHT' (Golden Knight (solo version)) is a solo-mode rift card; a player deck cannot use it",
    ),
    (
        "a rift card",
        {"{card: MY-003,": "{card: omen moth,"},
        {},
        [],
        "deck.yaml:7:12: card '2020GB01-127' (omen moth) is a rift card: we hold only the rift's version of it, so a player deck cannot "
        "use it (to play your own copy, define it in your card file with 'replaces: true')",
    ),
    (
        "an unknown ruler",
        {"ruler: knight": "ruler: knigt"},
        {},
        [],
        "deck.yaml:2:8: unknown ruler 'knigt' (did you mean knight?)",
    ),
    (
        "an id of the card library again in the deck's card file",
        {},
        {"a.yaml": card("MY-001", "ember whelp")},
        ["--cards", "a.yaml"],
        "mine.cards.yaml:2:5: duplicate card id 'MY-001' (also in a.yaml:2)",
    ),
    (
        "a card file that is not there",
        {"[mine.cards.yaml]": "[mine.cards.yaml, missing.yaml]"},
        {},
        [],
        "deck.yaml:3:31: card file 'missing.yaml' not found (looked for missing.yaml)",
    ),
]

LIBRARY_ERRORS = [
    (
        "a shipped id without replaces",
        {},
        {"a.yaml": card("PROV-001")},
        ["--cards", "a.yaml"],
        "a.yaml:2:5: duplicate card id 'PROV-001' (also in gateruler/data/cards/player-provisional.yaml:8); "
        "to correct the shipped card, say 'replaces: true'",
    ),
    (
        "an id in two of the player's files",
        {},
        {"a.yaml": card("MY-009"), "b.yaml": card("MY-009")},
        ["--cards", "a.yaml", "--cards", "b.yaml"],
        "b.yaml:2:5: duplicate card id 'MY-009' (also in a.yaml:2)",
    ),
    (
        "replaces one of the player's own cards",
        {},
        {"a.yaml": card("MY-009"), "b.yaml": card("MY-009", replaces="true")},
        ["--cards", "a.yaml", "--cards", "b.yaml"],
        "b.yaml:2:5: duplicate card id 'MY-009' (also in a.yaml:2); 'replaces' corrects a shipped card, not another of your cards",
    ),
    (
        "replaces no shipped card",
        {},
        {"a.yaml": card("PROV-0001", replaces="true")},
        ["--cards", "a.yaml"],
        "a.yaml:2:5: card 'PROV-0001' says 'replaces: true' but there is no shipped card 'PROV-0001' to replace (did you mean PROV-001?)",
    ),
    (
        "a deck given as a card file",
        {},
        {"other-deck.yaml": DECK},
        ["--cards", "other-deck.yaml"],
        "other-deck.yaml:1:1: this is a deck file, not a card file (a card library holds card files: a 'cards' list)",
    ),
    (
        "a card file with a mistake",
        {},
        {"a.yaml": card("MY-009").replace("type: event", "type: evnt")},
        ["--cards", "a.yaml"],
        "a.yaml:2:33: unknown type 'evnt' (did you mean event?)",
    ),
    (
        "a --cards path that does not exist",
        {},
        {},
        ["--cards", "nowhere"],
        "error: --cards: no such file or folder: nowhere",
    ),
]


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(folder: Path, edits: dict[str, str], files: dict[str, str]) -> None:
    text = DECK
    for old, new in edits.items():
        assert old in text, old
        text = text.replace(old, new)
    (folder / "deck.yaml").write_text(text, encoding="utf-8")
    (folder / "mine.cards.yaml").write_text(MINE, encoding="utf-8")
    for name, content in files.items():
        (folder / name).write_text(content, encoding="utf-8")


def test_the_deck_every_case_changes_is_legal(folder: Path) -> None:
    write(folder, {}, {})
    result = CliRunner().invoke(main, ["validate", "deck.yaml"])
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")


@pytest.mark.parametrize(
    ("edits", "files", "options", "message"), [c[1:] for c in DECK_ERRORS], ids=[c[0] for c in DECK_ERRORS]
)
def test_each_deck_error_is_one_located_line(folder: Path, edits, files, options, message: str) -> None:
    write(folder, edits, files)
    validated = CliRunner().invoke(main, ["validate", "deck.yaml", *options])
    assert (validated.exit_code, validated.output.splitlines()) == (2, [message, "checked 1 file: 1 error, 0 warnings"])
    checked = CliRunner().invoke(main, ["check", "deck.yaml", "--games", "1", "--levels", "1", *options])
    assert (checked.exit_code, checked.output) == (2, message + "\n")


@pytest.mark.parametrize(
    ("edits", "files", "options", "message"), [c[1:] for c in LIBRARY_ERRORS], ids=[c[0] for c in LIBRARY_ERRORS]
)
@pytest.mark.parametrize(
    "command", [["validate", "deck.yaml"], ["check", "deck.yaml", "--games", "1", "--levels", "1"], ["cards"]]
)
def test_each_library_error_is_one_located_line(
    folder: Path, edits, files, options, message: str, command: list[str]
) -> None:
    write(folder, edits, files)
    result = CliRunner().invoke(main, [*command, *options])
    assert (result.exit_code, result.output) == (2, message + "\n")


def test_a_gateruler_cards_folder_that_does_not_exist_is_one_line(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(folder, {}, {})
    monkeypatch.setenv("GATERULER_CARDS", "nowhere")
    result = CliRunner().invoke(main, ["validate", "deck.yaml"])
    assert (result.exit_code, result.output) == (2, "error: GATERULER_CARDS: no such file or folder: nowhere\n")
