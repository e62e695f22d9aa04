"""Reading a deck list as players paste it ("4 Honoikazuchi", one card a line), for ``gateruler deck import``.

A list is plain text: each line a count and a card, the card by id or by any
of its names as a deck entry takes them (:meth:`CardPool.find`).  The count
comes first or last, with or without an ``x`` ("4 Flame Bolt", "4x Flame
Bolt", "Flame Bolt x4", "Flame Bolt ×4", "炎 4枚").  A ``#`` or ``//`` starts
a comment to the end of the line; blank lines and headings (a line ending in
``:``, "Units:") are passed over.  A line that is not a count and a card, and
a card that names no card (or several), is an error at its line and column;
the checks of a deck file (copies, size, level cap) then apply as to any deck.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from gateruler.cardpool import CardPool
from gateruler.limits import MAX_DECK_CARDS, MAX_YAML_BYTES
from gateruler.models import DeckDef, DeckEntry, RulerDef, SourceLocation
from gateruler.validation import check_resolved_deck, resolve_entries
from gateruler.yamlsrc import Finding, Report, read_text

__all__ = ["DeckList", "read_deck_list"]

_COUNT = r"(?P<count>\d{1,4})"
# "4 X", "4x X", "4 x X", "4枚 X"; "X 4", "X x4", "X x 4", "X 4枚": an x is a word of its own or joined to the count
_COUNT_FIRST = re.compile(rf"^{_COUNT}(?:[xX×]\s+|\s+[xX×]\s+|\s*枚\s*|\s+)(?P<card>\S.*?)$")
_COUNT_LAST = re.compile(rf"^(?P<card>\S.*?)\s+(?:[xX×]\s*)?{_COUNT}\s*枚?$")
_COMMENT = re.compile(r"\s*(#|//).*$")


@attrs.frozen
class DeckList:
    """A deck list read: the deck (entries resolved to ids where they could be), the lines that could not be
    read or resolved (nothing is written then), and what makes the deck illegal (written all the same)."""

    deck: DeckDef
    unread: list[Finding]
    problems: list[Finding]


def _entry(text: str, line: int, shown: str, report: Report) -> DeckEntry | None:
    """One line's entry (None for a blank line, a comment or a heading); a line it cannot read is an error."""
    body = _COMMENT.sub("", text).rstrip()
    stripped = body.strip()
    if not stripped or stripped.endswith(":"):
        return None
    indent = len(body) - len(body.lstrip())
    match = _COUNT_FIRST.match(stripped) or _COUNT_LAST.match(stripped)
    if match is None:
        report.error(
            SourceLocation(shown, line, indent + 1),
            f"{stripped[:60]!r} is not a count and a card (write it as '4 Flame Bolt')",
        )
        return None
    count = int(match["count"])
    where = SourceLocation(shown, line, indent + match.start("card") + 1)
    if count < 1:
        report.error(SourceLocation(shown, line, indent + match.start("count") + 1), "a count must be at least 1")
        return None
    return DeckEntry(match["card"].strip(), count, where)


def read_deck_list(path: str | Path, ruler: str, name: str, pool: CardPool, rulers: dict[str, RulerDef]) -> DeckList:
    """The deck a list file describes under `ruler`, named `name`, with every problem located in the list.

    What makes the deck illegal (too many copies, the wrong size) is found
    only when every line names its card: the deck is then written all the
    same, for the player to fix."""
    shown = str(path)
    text = read_text(path, MAX_YAML_BYTES)
    report = Report()
    entries = [e for n, line in enumerate(text.splitlines(), 1) if (e := _entry(line, n, shown, report)) is not None]
    at = SourceLocation(shown, 1, 1)
    total = sum(e.count for e in entries)
    if total > MAX_DECK_CARDS:
        report.error(at, f"the list has {total:,} cards; a list holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)")
    elif not entries and not report.error_count:
        report.error(at, "no cards: each line is a count and a card ('4 Flame Bolt')")
    resolved, findings = resolve_entries(entries, pool)
    report.extend(findings)
    deck = DeckDef(name, ruler, resolved, location=at, field_locations={"cards": at, "ruler": at})
    problems = check_resolved_deck(deck, pool, rulers) if not report.error_count else []
    return DeckList(deck, report.findings, problems)
