"""Messages that said the wrong thing, in Python's words, or far too much (issue 27), now one line in ours.

Each row is a real `gateruler` process in the long run and in-process in
the normal run (tests/processes.py).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from processes import Ran, Row, one_line_refusal, table_tests

from gateruler import crash, loader
from gateruler.cli import main
from gateruler.limits import MAX_SHOWN_ERRORS, MAX_YAML_BYTES

DECK = loader.sample_deck_path("knight")
HEADER = "id,name,type,level,atk,hp,stk,attributes\n"
MANY = 150  # unknown keys in one deck: more than MAX_SHOWN_ERRORS


def _files(place: Path) -> None:
    (place / "return.csv").write_bytes((HEADER + "MY-1,a\rb,unit,1,1,1,1,\n").encode())
    (place / "wide.csv").write_text(HEADER + "MY-1," + "a" * 200_000 + ",unit,1,1,1,1,\n", encoding="utf-8")
    rows = "".join(f"MY-{i},card {i} {'x' * 100},unit,1,1,1,1,{'y' * 60}\n" for i in range(4999))
    (place / "big.csv").write_text(HEADER + rows, encoding="utf-8")
    level = (loader.INVADER_DECKS_DIR / "level-1.yaml").read_text(encoding="utf-8")
    (place / "windows.yaml").write_text(level.replace("\nname:", "\nvariants: {player_windows: off}\nname:", 1))
    deck = DECK.read_text(encoding="utf-8")
    (place / "nameless.yaml").write_text(deck.replace("\nruler:", "\n~: 3\nruler:", 1), encoding="utf-8")
    (place / "many.yaml").write_text(deck + "".join(f"extra{i}: 1\n" for i in range(MANY)), encoding="utf-8")
    (place / "show.yaml").write_text(deck.replace("\nruler:", "\nrulers: knight\nruler:", 1), encoding="utf-8")
    shutil.copy(DECK, place / "deck.yaml")
    from gateruler.batch import GameSpec
    from gateruler.replay import record_game, write_replay

    deck, level = loader.load_deck(DECK), loader.load_level(1)
    spec = GameSpec(
        deck, loader.load_rulers()[deck.ruler], level, loader.load_card_pool().for_level(level), 200, 1, str(DECK)
    )
    write_replay(place / "replay.json", record_game(spec, seed=5, bot="greedy", bot_seed=7))


def _line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), 1) if needle in line)


ROWS = [
    Row(
        "a carriage return inside a cell",
        ("cards", "import", "return.csv", "--output", "o.yaml"),
        message="return.csv:2:1: not a CSV file: a line break (a lone carriage return) inside a cell: put the cell in quotes",
        quick=True,
    ),
    Row(
        "a cell past the csv module's limit",
        ("cards", "import", "wide.csv", "--output", "o.yaml"),
        message="wide.csv:2:1: not a CSV file: a cell of more than 131,072 characters (a cell holds at most 500)",
    ),
    Row(
        "a spreadsheet whose card file would be too large",
        ("cards", "import", "big.csv", "--output", "o.yaml"),
        message="big.csv:1:1: its 4,999 cards make a card file of {size} bytes, more than a card file holds "
        f"({MAX_YAML_BYTES:,}, see docs/limits.md): split the spreadsheet",
    ),
    Row(
        "off without quotes",
        ("check", str(DECK), "--level-file", "windows.yaml", "--games", "1"),
        message="windows.yaml:{line}:28: unknown player_windows false "
        "(YAML reads off without quotes as false: write 'off' in quotes)",
        quick=True,
    ),
    Row(
        "a key with no name",
        ("check", "nameless.yaml", "--games", "1"),
        message="nameless.yaml:{line}:1: a key with no name (null): give it one, or remove the line",
    ),
    Row("deck show's problems on stderr", ("deck", "show", "show.yaml")),
    Row("a file with too many errors", ("check", "many.yaml", "--games", "1")),
    Row(
        "a replay's variants as a number",
        ("replay", "replay-variants.json"),
        message="replay-variants.json:1:{column}: variants: must be an object, not an integer",
    ),
]


def _located(place: Path) -> dict[str, Row]:
    """The rows whose messages name a line, a column or a size that the files decide."""
    _files(place)
    import attrs

    from gateruler.authoring.card_import import card_file_text, read_cards_csv

    size = len(card_file_text(read_cards_csv(place / "big.csv"), "big.csv", place / "o.yaml").encode())
    replay = json.loads(place.joinpath("replay.json").read_text()) | {"variants": 3}
    text = json.dumps(replay)
    (place / "replay-variants.json").write_text(text)
    rows = {row.id: row for row in ROWS}
    fill = {
        "a spreadsheet whose card file would be too large": {"size": f"{size:,}"},
        "off without quotes": {"line": _line_of((place / "windows.yaml").read_text(), "player_windows")},
        "a key with no name": {"line": _line_of((place / "nameless.yaml").read_text(), "~: 3")},
        "a replay's variants as a number": {"column": text.find('"variants"') + 1},
    }
    return {key: attrs.evolve(rows[key], message=rows[key].message.format(**values)) for key, values in fill.items()}


def _judged(ran: Ran, row: Row, place: Path) -> str | None:
    if row.id == "deck show's problems on stderr":
        wanted = [
            "Problems (1):",
            f"show.yaml:{_line_of(DECK.read_text(), 'ruler:')}:1: unknown key 'rulers' (did you mean ruler?)",
        ]
        if ran.code != 2 or ran.lines != wanted or "Problems" in ran.out:
            return f"exit {ran.code}, stderr {ran.lines!r}, stdout {ran.out[-300:]!r}"
        return None
    if row.id == "a file with too many errors":
        more = f"{MANY - MAX_SHOWN_ERRORS:,} more errors not shown ({MANY:,} in all)"
        if ran.code != 2 or len(ran.lines) != MAX_SHOWN_ERRORS + 1 or ran.lines[-1] != f"error: {more}":
            return f"exit {ran.code}, {len(ran.lines)} lines, the last {ran.lines[-1:]!r}"
        return None
    return one_line_refusal(ran, row)


test_a_message_that_misled_is_one_line_in_our_words, test_every_message_is_the_same_in_process = table_tests(
    ROWS, _located, _judged
)


def test_a_bug_with_no_folder_to_report_it_in_is_still_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_temporary_folder() -> str:
        raise FileNotFoundError("No usable temporary directory found in ['/tmp', '/var/tmp']")

    monkeypatch.setattr(tempfile, "gettempdir", no_temporary_folder)
    monkeypatch.setattr("platformdirs.user_log_dir", lambda *args, **kwargs: "/proc/no-log-folder")
    monkeypatch.setattr("gateruler.cli.cmd_data.shipped_levels", lambda: 1 / 0)
    assert crash.crash_folders() == [Path("/proc/no-log-folder")]
    result = CliRunner().invoke(main, ["levels"])
    assert result.exit_code == 70
    assert result.stderr.splitlines() == [
        "gateruler: internal error, a bug in gateruler (ZeroDivisionError: division by zero); "
        "the details could not be written (run again with --debug to see them); please report it"
    ]
