"""Card lists (``[{card, count}]``: a level's, a deck's, a collection's): each card once, and a bound on the total."""

from __future__ import annotations

from typing import Any

from gateruler.authoring.fields import Field
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import DeckEntry, SourceLocation
from gateruler.reading.tables import ABSENT, Reading, Rules, read_object
from gateruler.yamlsrc import MISSING

__all__ = ["read_entries"]


def read_entries(reading: Reading, field: Field) -> Any:
    """A list of card entries (the table's ``field.kind.item``); a card listed twice is an error.

    The whole list holds at most :data:`~gateruler.limits.MAX_DECK_CARDS`
    cards: a game builds every card of it, so a count of a billion must be
    refused here, not found out by running out of memory."""
    f = reading.f
    items = f.required(field.name, list) if field.required else f.optional(field.name, list, ABSENT)
    if items is MISSING or items is ABSENT:
        return items
    first: dict[str, SourceLocation] = {}
    total = 0

    def check(entry: Reading) -> None:
        nonlocal total
        card, count = entry.values.get("card", MISSING), entry.values.get("count", MISSING)
        total += count or 0
        if card is not MISSING and card in first:
            entry.f.error(entry.f.value_loc("card"), f"card {card!r} listed twice (first at line {first[card].line})")

    def build(entry: Reading) -> DeckEntry:
        where = entry.f.value_loc("card")
        first[entry.values["card"]] = where
        return DeckEntry(entry.values["card"], entry.values["count"], where)

    rules = Rules(check=check, build=build)
    spec = field.kind.item
    read = [read_object(spec, item, reading.context, at=items.item_loc(i), rules=rules) for i, item in enumerate(items)]
    if total > MAX_DECK_CARDS:
        f.error(
            f.key_loc(field.name),
            f"the list has {total:,} cards; a list holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)",
        )
    return tuple(entry for entry in read if entry is not None)
