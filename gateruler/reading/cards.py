"""Reading card files: cards by the table (``CARD`` in gateruler/authoring/fields.py), the shipped ones once.

A card's printed fields are read by the table; what it does (``abilities``,
``discount``) by the card words' reader, :mod:`gateruler.cardtext`.  By hand
here: an event's ``timing`` (the message says where an ability's goes), a
marker that is a keyword, ``reuse_on_enter`` without an ``on_enter`` ability,
a card's abilities gathered (its discount, and the ability Soul guard pays
with, join them), and card ids unique within a file and across files.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NamedTuple

from gateruler.authoring.fields import CARD, CARD_FILE, Field
from gateruler.cardpool import CardPool
from gateruler.cardtext import read_ability, read_discount
from gateruler.engine.abilities import Ability
from gateruler.engine.keywords import KEYWORDS, SOUL_GUARD
from gateruler.engine.replace import guard_ability
from gateruler.engine.triggers import ON_ENTER
from gateruler.errors import DataError, DataErrors
from gateruler.models import NO_GROUPS, CardDef, Groups, SourceLocation
from gateruler.reading.sources import CARDS_DIR, PACKAGE_DIR
from gateruler.reading.tables import (
    ABSENT,
    Context,
    Reading,
    Rules,
    a_or_an,
    build,
    read_object,
    read_value,
    read_values,
)
from gateruler.vocabulary import CardType
from gateruler.yamlsrc import MISSING, LocatedList, Report, did_you_mean, load_yaml, location_of

__all__ = [
    "CardFile",
    "check_unique_ids",
    "join_groups",
    "may_join",
    "parse_cards",
    "place",
    "read_card",
    "read_card_file",
    "read_card_file_parts",
    "read_card_files",
    "read_card_files_parts",
    "read_cards",
    "shipped_cards",
    "shipped_groups",
    "shipped_pool",
]


def _event_timing(r: Reading, field: Field) -> Any:
    """An event's `timing` word; only events have one (an ability's timing goes on the ability)."""
    if field.name not in r.f:  # not asked: a unit's misspelt key is not taken for `timing`
        return ABSENT
    card_type = r.values.get("type", MISSING)
    if card_type is not CardType.EVENT and card_type is not MISSING:
        r.f.raw(field.name)
        r.f.error(
            r.f.key_loc(field.name),
            f"'timing' is for events (this card is {a_or_an(card_type.value)}); an ability's timing goes on the ability",
        )
        return ABSENT
    return read_value(r, field)


def _markers(r: Reading, field: Field) -> Any:
    """Marker keywords (CR 16-1a-2): any words of the author's with no rule of their own, so not a keyword's."""
    markers = read_value(r, field)
    raw = r.f.node.get(field.name) if r.f.node is not None else None
    if markers is not ABSENT and isinstance(raw, LocatedList):
        for index, value in enumerate(raw):
            if isinstance(value, str) and value in KEYWORDS:
                r.f.error(
                    raw.item_loc(index),
                    f"{value!r} is a keyword with a rule of its own: list it under 'keywords', not 'markers'",
                )
    return markers


def _abilities(r: Reading, field: Field) -> list[Ability | None]:
    """Each item of ``abilities:``, read by the card words' reader (None where it has errors)."""
    card_type, has_cnt = r.values.get("type", MISSING), r.get("has_cnt")
    return [read_ability(item, loc, card_type, has_cnt, r.report) for item, loc in r.f.items(field.name)]


def _discount(r: Reading, field: Field) -> Any:
    """A card's ``discount:`` (【コスト軽減】), read into its discount ability."""
    node = r.f.raw(field.name)
    if node is MISSING:
        return ABSENT
    return read_discount(node, r.f.value_loc(field.name), r.report)


def _all_abilities(r: Reading) -> list[Ability | None]:
    """The card's abilities: those written, its discount's, and the one Soul guard pays with (engine/replace.py)."""
    abilities = list(r.values.get("abilities", ()))
    if "discount" in r.values:
        abilities.append(r.values["discount"])
    keywords = r.values.get("keywords", ())
    if SOUL_GUARD in keywords:
        abilities.append(guard_ability())
    return abilities


def _reuse_needs_on_enter(r: Reading) -> None:
    """``reuse_on_enter`` uses the card's own entering effect: it needs an ``on_enter`` ability on the same card."""
    written = r.values.get("abilities", ())
    if not written:
        return
    abilities = _all_abilities(r)
    enters = any(a is not None and a.trigger == ON_ENTER for a in abilities)
    for ability, (_, loc) in zip(written, r.f.items("abilities")):
        if ability is not None and not enters and any(e.kind == "reuse_on_enter" for e in ability.effects):
            r.f.error(loc, "effect 'reuse_on_enter' needs an on_enter ability on the same card")


def _card(r: Reading) -> CardDef:
    r.values["abilities"] = tuple(_all_abilities(r))
    r.values.pop("discount", None)
    card: CardDef = build(r)
    return card


CARD_RULES = Rules(
    fields={"timing": _event_timing, "markers": _markers, "abilities": _abilities, "discount": _discount},
    check=_reuse_needs_on_enter,
    build=_card,
)


def read_card(node: Any, report: Report, *, at: SourceLocation | None = None) -> CardDef | None:
    """One card mapping (docs/reference.md, Card); None when it has errors."""
    card: CardDef | None = read_object(CARD, node, Context(report), at=at, rules=CARD_RULES)
    return card


def read_cards(node: Any, report: Report, *, at: SourceLocation | None = None) -> list[CardDef]:
    """A list of card mappings; a card id used twice in the list is an error."""
    if not isinstance(node, LocatedList):
        report.error(location_of(node, at), "'cards' must be a list of cards")
        return []
    cards: list[CardDef] = []
    first: dict[str, SourceLocation] = {}
    for index, item in enumerate(node):
        card = read_card(item, report, at=node.item_loc(index))
        if card is None:
            continue
        if card.id in first:
            report.error(card.location, f"duplicate card id {card.id!r} (first at line {first[card.id].line})")
            continue
        first[card.id] = card.location
        cards.append(card)
    return cards


def parse_cards(node: Any, path: str) -> list[CardDef]:
    """Structure a located YAML list of card mappings; raises DataErrors listing every problem."""
    report = Report()
    cards = read_cards(node, report, at=SourceLocation(str(path), 1, 1))
    report.raise_errors()
    return cards


def _cards_of_file(r: Reading, field: Field) -> list[CardDef]:
    """A card file's ``cards``: the list, then every card in it (before the file's own keys are finished)."""
    node = r.f.required(field.name, list) if field.required else r.f.optional(field.name, list, MISSING)
    return read_cards(node, r.report) if node is not MISSING else []


_CARD_FILE_RULES = Rules(fields={"cards": _cards_of_file})


class CardFile(NamedTuple):
    """What a card file holds: its cards, and the attribute and faction names it gives (a Groups of its entries)."""

    cards: list[CardDef]
    groups: Groups


def read_card_file_parts(node: Any, report: Report, path: str) -> CardFile:
    """A card file: ``cards``, and perhaps ``attributes`` and ``factions``; what reads well, whatever else is wrong."""
    reading = read_values(CARD_FILE, node, Context(report, path), at=SourceLocation(path, 1, 1), rules=_CARD_FILE_RULES)
    values = reading.values
    groups = Groups(tuple(values.get("attributes") or ()), tuple(values.get("factions") or ()))
    return CardFile(values.get("cards", []), groups)


def read_card_file(node: Any, report: Report, path: str) -> list[CardDef]:
    """A card file's cards that read well, whatever else is wrong (:func:`read_card_file_parts` for its names too)."""
    return read_card_file_parts(node, report, path).cards


def join_groups(known: Groups, added: Groups, report: Report) -> Groups:
    """`known` plus the entries of `added`; an entry that would make two known attributes (or factions) one is an error."""
    for kind, what in (("attributes", "attribute"), ("factions", "faction")):
        for entry in getattr(added, kind):
            joined = known.bridged(kind, entry)
            if len(joined) > 1:
                report.error(
                    entry.location,
                    f"{what} {entry.name!r} has names of {len(joined)} different {what}s ("
                    + ", ".join(repr(n) for n in joined)
                    + f"); give each {what} its own entry",
                )
                continue
            known = known.with_entries(**{kind: (entry,)})
    return known


def place(loc: SourceLocation) -> str:
    """Where a card is defined, as a message shows it: shipped files from the package's folder on."""
    try:
        shown = str(Path(loc.path).relative_to(PACKAGE_DIR.parent)) if Path(loc.path).is_absolute() else loc.path
    except ValueError:
        shown = loc.path
    return f"{shown}:{loc.line}"


def check_unique_ids(
    cards: Iterable[CardDef], known: dict[str, CardDef], report: Report, replaceable: Iterable[str] = ()
) -> list[CardDef]:
    """Cards whose id is not already in `known` (which they join), or that say ``replaces: true`` of a card whose id
    is `replaceable` (the shipped ones); the others are errors (:func:`may_join`)."""
    shipped = {i: known[i] for i in replaceable if i in known}
    fresh = []
    for card in cards:
        if not may_join(card, known.get(card.id), lambda other: shipped.get(other.id) is other, shipped, report):
            continue
        known[card.id] = card
        fresh.append(card)
    return fresh


def may_join(
    card: CardDef,
    other: CardDef | None,
    is_shipped: Callable[[CardDef], bool],
    shipped: Iterable[str],
    report: Report,
) -> bool:
    """Whether `card` may join cards holding `other` under its id (None: a new id); else a located error.

    A card id defined twice is an error, except that a card saying
    ``replaces: true`` corrects a shipped one (`is_shipped`); ``replaces: true``
    with no shipped card of that id is an error too (a misspelt id would
    otherwise add a new card without a word), with "did you mean" among the
    `shipped` ids."""
    if other is None:
        if card.replaces:
            hint = did_you_mean(card.id, list(shipped))
            report.error(
                card.location,
                f"card {card.id!r} says 'replaces: true' but there is no shipped card {card.id!r} to replace{hint}",
            )
        return not card.replaces
    theirs = not is_shipped(other)
    if card.replaces and not theirs:
        return True
    message = f"duplicate card id {card.id!r} (also in {place(other.location)})"
    if theirs and card.replaces:
        message += "; 'replaces' corrects a shipped card, not another of your cards"
    elif not theirs:
        message += "; to correct the shipped card, say 'replaces: true'"
    report.error(card.location, message)
    return False


def read_card_files(paths: Iterable[Path], known: dict[str, CardDef], report: Report) -> list[CardDef]:
    """The cards of card files whose ids are new to `known` (which they join); every problem goes to `report`."""
    return read_card_files_parts(paths, known, NO_GROUPS, report).cards


def read_card_files_parts(
    paths: Iterable[Path], known: dict[str, CardDef], groups: Groups, report: Report, replaceable: Iterable[str] = ()
) -> CardFile:
    """As :func:`read_card_files`, with the names the files add to `groups` (the result's: those entries only);
    a card may replace one of `known` whose id is `replaceable` (:func:`check_unique_ids`)."""
    replaceable = tuple(replaceable)
    cards: list[CardDef] = []
    names = groups
    for path in paths:
        try:
            node = load_yaml(path)
        except (DataError, DataErrors) as error:
            report.add_exception(error)
            continue
        parts = read_card_file_parts(node, report, str(path))
        cards += check_unique_ids(parts.cards, known, report, replaceable)
        names = join_groups(names, parts.groups, report)
    return CardFile(cards, Groups(names.attributes[len(groups.attributes) :], names.factions[len(groups.factions) :]))


@functools.cache
def _shipped() -> CardFile:
    report = Report()
    shipped = read_card_files_parts(sorted(CARDS_DIR.glob("*.yaml")), {}, NO_GROUPS, report)
    report.raise_errors()
    return shipped


def shipped_cards() -> tuple[CardDef, ...]:
    """The shipped cards (gateruler/data/cards/*.yaml), read once; raises DataErrors if one is wrong."""
    return tuple(_shipped().cards)


def shipped_groups() -> Groups:
    """The attributes and factions the shipped card files name (gateruler/data/cards/groups.yaml), read once."""
    return _shipped().groups


def shipped_pool() -> CardPool:
    """A pool of the shipped cards (a new pool each time, the cards read once)."""
    return CardPool(shipped_cards(), groups=shipped_groups())
