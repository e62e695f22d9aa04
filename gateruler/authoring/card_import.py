"""``gateruler cards import``: a spreadsheet of a player's cards (CSV) into a card file that validates.

Players keep their card lists in spreadsheets.  The first row names the
columns, in any order and any case:

* required: ``id``, ``name``, ``type`` (unit, event, field), ``level``;
* for units: ``atk``, ``hp``, ``stk`` (whole numbers, 0 or more; empty for
  events and fields);
* optional: ``keywords`` and ``attributes`` (several separated by ``;`` or
  ``,``; a keyword may be written with spaces, "open card"), ``faction``,
  ``cnt``, ``legendary`` and ``replaces`` (yes/no, true/false, 1/0, empty
  for no), ``provenance`` (default ``published``: numbers copied from the
  printed cards) and ``source`` (default: the CSV's name and the row).

Any other column (a spreadsheet's ``rarity`` or ``price``) is passed over,
with one warning naming every such column (and the column meant, where one
is close).  Cells may be separated by commas, semicolons or tabs (the header
row tells which).  The file should be UTF-8 (a spreadsheet's "CSV UTF-8"); a
byte-order mark is fine.  A Japanese spreadsheet saved as plain "CSV" is
Shift-JIS: it is read as such (Windows' code page 932) with a warning saying
how to save it as UTF-8; any other text that is not UTF-8 is an error saying
the same.  A file is hostile until checked: at most :data:`MAX_ROWS`
rows and :data:`MAX_CELL` characters a cell.  Every bad cell is an error
``file.csv:ROW:COLUMN: message``, ROW and COLUMN counted from 1 as a
spreadsheet shows them (the header is row 1), and nothing is written unless
the whole file is right.  Abilities are then added to the card file by hand.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.keywords import KEYWORDS
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.fileio import Input, check_output, write_output
from gateruler.limits import MAX_NUMBER, MAX_YAML_BYTES
from gateruler.vocabulary import CardType, Provenance
from gateruler.yamlsrc import decode_text, did_you_mean, read_bytes

MAX_ROWS = 5000
MAX_CELL = 500
REQUIRED = ("id", "name", "type", "level")
STATS = ("atk", "hp", "stk")
OPTIONAL = (*STATS, "keywords", "cnt", "attributes", "faction", "legendary", "replaces", "provenance", "source")
COLUMNS = (*REQUIRED, *OPTIONAL)
TRUE_WORDS = {"yes", "y", "true", "1", "x"}
FALSE_WORDS = {"no", "n", "false", "0", ""}


@attrs.define
class _Row:
    """The cells of one CSV row by column name, and where each column is."""

    path: str
    number: int
    cells: dict[str, str]
    columns: dict[str, int]
    errors: list[DataError]
    width: int = 0  # the header's cells: a value under an ignored column is passed over, one beyond them is an error

    def error(self, column: str | None, message: str) -> None:
        self.errors.append(DataError(self.path, self.number, self.columns.get(column, 1) if column else 1, message))

    def text(self, column: str) -> str:
        return self.cells.get(column, "").strip()

    def integer(self, column: str, minimum: int | None = None) -> int | None:
        if column not in self.columns:
            self.error(None, f"no {column!r} column (a unit needs atk, hp and stk)")
            return None
        value = self.text(column)
        if not re.fullmatch(r"[+-]?\d{1,9}", value):
            self.error(
                column, f"{column!r} must be a whole number (got {value!r})" if value else f"{column!r} is empty"
            )
            return None
        number = int(value)
        if minimum is not None and number < minimum:
            self.error(column, f"{column!r} must not be negative (got {number})")
            return None
        if abs(number) > MAX_NUMBER:  # the card file's own bounds (yamlsrc): refused here, at its cell
            self.error(
                column,
                f"{column!r} must be at {'most' if number > 0 else 'least'} {MAX_NUMBER if number > 0 else -MAX_NUMBER} (got {number})",
            )
            return None
        return number

    def flag(self, column: str) -> bool:
        value = self.text(column).casefold()
        if value not in TRUE_WORDS | FALSE_WORDS:
            self.error(column, f"{column!r} must be yes or no (got {self.text(column)!r})")
        return value in TRUE_WORDS

    def words(self, column: str) -> list[str]:
        found: list[str] = []
        for word in (w.strip() for w in re.split(r"[;,]", self.text(column))):
            if word in found:
                self.error(column, f"{word!r} is listed twice in {column!r}")
            elif word:
                found.append(word)
        return found


def _delimiter(header_line: str) -> str:
    return max(",;\t", key=header_line.count)


def _header(path: str, header: list[str], errors: list[DataError], warn: Callable[[str], None]) -> dict[str, int]:
    columns: dict[str, int] = {}
    ignored: list[tuple[int, str]] = []
    for number, cell in enumerate(header, 1):
        name = cell.strip().casefold()
        if name not in COLUMNS:
            ignored.append((number, cell.strip()))
        elif name in columns:
            errors.append(
                DataError(path, 1, number, f"column {name!r} appears twice (first in column {columns[name]})")
            )
        else:
            columns[name] = number
    if ignored:
        warn(_ignored_columns(path, ignored))
    for name in REQUIRED:
        if name not in columns:
            errors.append(DataError(path, 1, 1, f"missing column {name!r} (required: {', '.join(REQUIRED)})"))
    return columns


def _ignored_columns(path: str, ignored: list[tuple[int, str]]) -> str:
    """One warning naming every column that is not card data (a close one named as the column it may mean)."""

    def shown(number: int, cell: str) -> str:
        return f"{cell or '(no name)'!r} (column {number}){did_you_mean(cell.casefold(), COLUMNS) if cell else ''}"

    names = ", ".join(shown(number, cell) for number, cell in ignored)
    noun = "a column that is" if len(ignored) == 1 else f"{len(ignored)} columns that are"
    return (
        f"{path}:1:{ignored[0][0]}: warning: ignored {noun} not card data: {names} "
        f"(the columns read: {', '.join(COLUMNS)})"
    )


SHIFT_JIS = "cp932"  # Windows' Shift-JIS, which Excel writes for "CSV" on a Japanese system
_JAPANESE = re.compile("[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
RESAVE = (
    'save it as "CSV UTF-8" (Excel: Save As, CSV UTF-8; LibreOffice: Save As, Text CSV, character set Unicode (UTF-8))'
)


def spreadsheet_text(path: str | Path, warn: Callable[[str], None]) -> str:
    """A spreadsheet's text: UTF-8, else Shift-JIS when that reads as Japanese (with a warning), else an error.

    Shift-JIS is only taken when the bytes are valid Shift-JIS *and* hold
    Japanese: a Latin-1 file (an "é" as byte 0xe9) must not be misread as
    kanji without a word."""
    shown = str(path)
    data = read_bytes(path, MAX_YAML_BYTES)
    try:
        return decode_text(data, shown)
    except DataError as not_utf8:
        try:
            text = data.decode(SHIFT_JIS)
        except UnicodeDecodeError:
            text = ""
        if not _JAPANESE.search(text):
            raise DataError(shown, not_utf8.line, not_utf8.column, f"{not_utf8.message}: {RESAVE}") from None
    warn(
        f"{shown}:1:1: warning: not UTF-8: read as Shift-JIS (a Japanese spreadsheet's plain CSV); to be sure, {RESAVE}"
    )
    return text


def _keywords(row: _Row) -> list[str]:
    known = list(KEYWORDS.names())
    result = []
    for word in row.words("keywords"):
        value = re.sub(r"[\s-]+", "_", word.casefold())
        if value in known:
            result.append(value)
        else:
            row.error(
                "keywords",
                f"unknown keyword {word!r}{did_you_mean(value, known) or ' (known: ' + ', '.join(known) + ')'}",
            )
    return result


def _card(row: _Row, csv_name: str, pool: CardPool) -> dict[str, Any]:
    """One row as a card mapping (plain data in card-file order); its errors go to the row."""
    card: dict[str, Any] = {}
    for column in ("id", "name"):
        card[column] = row.text(column)
        if not card[column]:
            row.error(column, f"{column!r} is empty")
    type_text = row.text("type").casefold()
    types = [t.value for t in CardType]
    if type_text not in types:
        row.error(
            "type", f"unknown type {row.text('type')!r}{did_you_mean(type_text, types) or ' (unit, event or field)'}"
        )
    card["type"] = type_text
    card["level"] = row.integer("level")
    for stat in STATS:
        if type_text == CardType.UNIT.value:
            card[stat] = row.integer(stat, minimum=0)
        elif row.text(stat) and type_text in types:
            row.error(
                stat,
                f"{stat!r} is only for units (this card is {'an' if type_text == 'event' else 'a'} {type_text}); leave it empty",
            )
    for column, value in (("keywords", _keywords(row)), ("attributes", row.words("attributes"))):
        if value:
            card[column] = value
    if row.text("faction"):
        card["faction"] = row.text("faction")
    for column in ("cnt", "legendary", "replaces"):
        if row.flag(column):
            card[column] = True
    provenance = row.text("provenance").casefold() or Provenance.PUBLISHED.value
    if provenance not in [p.value for p in Provenance]:
        row.error(
            "provenance",
            f"unknown provenance {row.text('provenance')!r}{did_you_mean(provenance, [p.value for p in Provenance])}",
        )
    card["provenance"] = provenance
    card["source"] = row.text("source") or f"Imported from {csv_name}, row {row.number}."
    _check_id(row, card, pool)
    return card


def _check_id(row: _Row, card: dict[str, Any], pool: CardPool) -> None:
    """A new id, or a shipped card's with `replaces`; never the id of one of the player's cards (their libraries)."""
    from gateruler.library import place

    known = pool.get(card["id"])
    user = pool.user_card(card["id"])
    if user is not None:
        mine = f"card id {card['id']!r} is already one of your cards ({user.card.name}, in {place(user.card.location)})"
        row.error("id", mine + "; give this one another id, or change that card where it is")
    elif known is not None and not card.get("replaces"):
        row.error(
            "id",
            f"card id {card['id']!r} is already a shipped card ({known.name}); to correct it, say yes in a 'replaces' column",
        )
    elif known is None and card.get("replaces"):
        row.error("replaces", f"card {card['id']!r} replaces no shipped card (no shipped card has this id)")


def _no_warnings(message: str) -> None:
    pass


def read_cards_csv(
    path: str | Path, pool: CardPool | None = None, warn: Callable[[str], None] = _no_warnings
) -> list[dict[str, Any]]:
    """The cards of a CSV file as card mappings; raises DataErrors with every bad cell.

    Ids are checked against `pool` (default: the shipped cards): the shipped
    cards and the player's libraries the command reads.  Warnings (columns
    passed over, a Shift-JIS file) go to `warn` as they are found, one line each."""
    from gateruler.loader import load_card_pool

    pool = pool if pool is not None else load_card_pool()
    shown = str(path)
    text = spreadsheet_text(path, warn)
    errors: list[DataError] = []
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        raise DataError(
            shown, 1, 1, "the file is empty: the first row must name the columns (id, name, type, level, ...)"
        )
    reader = csv.reader(io.StringIO(text), delimiter=_delimiter(lines[0]))
    cards: list[dict[str, Any]] = []
    first_row: dict[str, int] = {}
    columns: dict[str, int] = {}
    number = width = 0
    try:
        for number, cells in enumerate(reader, 1):
            if number == 1:
                columns = _header(shown, cells, errors, warn)
                width = len(cells)
                if errors:
                    break
                continue
            if number > MAX_ROWS:
                errors.append(DataError(shown, number, 1, f"more than {MAX_ROWS} rows; split the file"))
                break
            if not any(c.strip() for c in cells):
                continue
            row = _Row(shown, number, {}, columns, errors, width)
            _read_cells(row, cells, columns)
            card = _card(row, Path(shown).name, pool)
            if card["id"] in first_row:
                row.error("id", f"card id {card['id']!r} is also on row {first_row[card['id']]}")
            first_row.setdefault(card["id"], number)
            cards.append(card)
    except csv.Error as error:
        errors.append(DataError(shown, number + 1, 1, _csv_words(error)))
    if errors:
        raise DataErrors(errors)
    if not cards:
        raise DataError(shown, 2, 1, "no cards: the rows after the header are empty")
    return cards


_CSV_WORDS = {
    "new-line character seen in unquoted field": "a line break (a lone carriage return) inside a cell: put the cell in quotes",
    "field larger than field limit": f"a cell of more than {csv.field_size_limit():,} characters (a cell holds at most {MAX_CELL})",
    "line contains NUL": "a NUL character (byte 0) in a cell: is this a spreadsheet saved as CSV text?",
}


def _csv_words(error: csv.Error) -> str:
    """Python's csv messages in ours (they speak of 'universal-newline mode' and field limits)."""
    text = str(error)
    said = next((ours for theirs, ours in _CSV_WORDS.items() if text.startswith(theirs)), None)
    return f"not a CSV file: {said}" if said else "not a CSV file: its rows cannot be read as cells"


def _read_cells(row: _Row, cells: list[str], columns: dict[str, int]) -> None:
    by_number = {n: name for name, n in columns.items()}
    for number, cell in enumerate(cells, 1):
        if len(cell) > MAX_CELL:
            row.errors.append(DataError(row.path, row.number, number, f"a cell of more than {MAX_CELL} characters"))
        if number in by_number:
            row.cells[by_number[number]] = cell[: MAX_CELL + 1]
        elif cell.strip() and number > row.width:
            row.errors.append(
                DataError(row.path, row.number, number, f"a value beyond the last column ({cell.strip()[:40]!r})")
            )


_WORDS = {"type", "keywords", "provenance"}  # vocabulary words, written bare as in the shipped files


def _scalar(value: Any, bare: bool = False) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v, bare) for v in value) + "]"
    if isinstance(value, int) or bare:
        return str(value)
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML string, whatever it holds


def card_file_text(cards: list[dict[str, Any]], csv_name: str, output: Path) -> str:
    """A card file holding `cards`, commented for the hand that adds their abilities."""
    from gateruler.authoring.templates import _header as header_lines

    lines = header_lines(
        "card",
        output,
        [
            f"Cards imported from {csv_name} by `gateruler cards import`.",
            "Add what each card does under `abilities:` (docs/reference.md#effects),",
            f"then check it with: gateruler validate {output.name}",
        ],
    )
    lines.append("cards:")
    for card in cards:
        lines.append(f"  - id: {_scalar(card['id'])}")
        lines += [f"    {key}: {_scalar(value, key in _WORDS)}" for key, value in card.items() if key != "id"]
        lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def import_cards(
    csv_path: str | Path,
    output: Path,
    *,
    force: bool = False,
    pool: CardPool | None = None,
    warn: Callable[[str], None] = _no_warnings,
) -> int:
    """Write the card file of a CSV of cards (atomically); the number of cards.  Raises DataErrors for bad cells.

    The output is checked before the spreadsheet is read (gateruler.fileio):
    never the spreadsheet itself, never a folder or a place that cannot be written.
    `pool`: the cards the new ids must not clash with (default: the shipped
    ones); the command gives the player's libraries too, the output left out."""
    from gateruler.loader import load_card_pool

    target = check_output(output, option="--output", inputs=[Input("the spreadsheet", csv_path)], make_folders=True)
    if output.exists() and not force:
        raise GateRulerError(
            f"{output} already exists; not overwriting it (abilities you added would be lost): give --force, or another --output"
        )
    pool = pool if pool is not None else load_card_pool()
    cards = read_cards_csv(csv_path, pool, warn)
    text = card_file_text(cards, Path(csv_path).name, output)
    size = len(text.encode("utf-8"))
    if size > MAX_YAML_BYTES:  # the card file could not be read back: said of the spreadsheet, which is what to change
        raise DataError(
            str(csv_path),
            1,
            1,
            f"its {len(cards):,} cards make a card file of {size:,} bytes, more than a card file holds "
            f"({MAX_YAML_BYTES:,}, see docs/limits.md): split the spreadsheet",
        )
    _check_written(text, output, pool)
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise target.fail(error.strerror or str(error)) from None
    write_output(target, text)
    return len(cards)


def _check_written(text: str, output: Path, pool: CardPool) -> None:
    """The file about to be written reads back as the cards it holds, beside `pool`: the last guard before writing."""
    from gateruler.library import add_card_file
    from gateruler.yamlsrc import Report, parse_yaml

    report = Report()
    add_card_file(pool, parse_yaml(text, str(output)), str(output), text, report)
    report.raise_errors()
