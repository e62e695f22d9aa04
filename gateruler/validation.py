"""Checks of structured definitions against each other: levels and decks against the card pool.

The readers (:mod:`gateruler.reading`) turn YAML into definitions and report
what is wrong inside one mapping (types, missing or unknown keys, ability
vocabulary).  What needs more than one definition is checked here:

* :func:`check_level`: every card exists; every special rule names a known
  card (a rule naming a card of the pool that is not in the level's list is
  harmless and only a warning, like level 5's wrath demon dragon rule); the
  list adds up to the stated deck size, total level and CNT count (an error,
  or a warning when the level file acknowledges that figure as a known
  discrepancy of the seed);
* :func:`check_deck`: each entry names one card (by id or by name,
  :func:`resolve_deck`), and the deck is legal under its ruler's deck rules,
  the solo-mode ban list and the cards a player may use (not the rift's
  cards: ``solo_only`` and ``rift_only``).
* :func:`check_collection`: a player's collection names known player cards.

Both return :class:`~gateruler.yamlsrc.Finding` lists; they never raise for
bad data.

The CNT count of a level is the number of its cards with ``cnt: true``, not
counting the cards whose CNT the level itself switches off (an
``ignore_cnt`` or ``ignore_effects`` rule): the seed states 0 CNT cards for
level 2, whose "End" has a CNT ability that level 2 says to ignore.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path

import attrs

from gateruler.authoring.fields import BAN_LIST, BANNED_CARD, UNUSED_RULES
from gateruler.cardpool import CardPool, names_of, normalise, short_name
from gateruler.engine.keywords import KEYWORDS
from gateruler.models import FIGURES, CardDef, CollectionDef, DeckDef, DeckEntry, LevelDef, RulerDef, SpecialRule
from gateruler.reading.cards import place
from gateruler.reading.tables import Context, Reading, Rules, read_values
from gateruler.vocabulary import SpecialRuleKind
from gateruler.yamlsrc import Finding, Report, did_you_mean, load_yaml

BANNED_PATH = Path(__file__).parent / "data" / "banned.yaml"

# level rules that switch a card's CNT off for the CNT count
_CNT_SWITCHED_OFF_BY = (SpecialRuleKind.IGNORE_CNT, SpecialRuleKind.IGNORE_EFFECTS)


@attrs.frozen
class LevelFigures:
    """What a level's list adds up to under our card data."""

    deck_size: int
    total_level: int
    cnt_cards: int

    def get(self, figure: str) -> int:
        value: int = getattr(self, figure)
        return value


@attrs.frozen
class BannedCard:
    id: str
    name: str
    names: tuple[str, ...] = ()  # the name in other languages


# ---------------------------------------------------------------------------
# Levels


def level_figures(level: LevelDef, pool: CardPool) -> LevelFigures:
    """Deck size, total level and CNT count of a level's list (unknown cards count as level 0, no CNT)."""
    return _figures(level, pool.for_level(level).get)


def _figures(level: LevelDef, card_of: Callable[[str], CardDef | None]) -> LevelFigures:
    switched_off = {str(r.param("card")) for r in level.special_rules if r.kind in _CNT_SWITCHED_OFF_BY}
    total = cnt = 0
    for entry in level.cards:
        card = card_of(entry.card)
        if card is None:
            continue
        total += card.level * entry.count
        if card.has_cnt and card.id not in switched_off:
            cnt += entry.count
    return LevelFigures(level.deck_size, total, cnt)


_FIGURE_WORDS = {
    "deck_size": ("the list has {actual} cards", "the stated deck size is {stated}"),
    "total_level": ("the list's total level is {actual}", "the stated total level is {stated}"),
    "cnt_cards": ("the list has {actual} CNT cards", "the stated CNT count is {stated}"),
}


def check_level(level: LevelDef, pool: CardPool) -> list[Finding]:
    """Everything wrong with a level given the card pool (see the module docstring)."""
    report = Report()
    corrected = corrections(level, pool)
    pool = pool.for_level(level)
    listed = {e.card for e in level.cards}
    all_known = True
    for entry in level.cards:
        if entry.card not in pool:
            all_known = False
            report.error(entry.location, _unknown_card(entry.card, pool))
    unused = [rule for rule in level.special_rules if _check_rule(rule, level, listed, pool, report)]
    ack_loc = level.field_locations.get("acknowledged_discrepancies", level.location)
    if UNUSED_RULES in level.acknowledged_discrepancies and not unused:
        report.error(ack_loc, f"{UNUSED_RULES!r} is acknowledged as a discrepancy but every rule names a listed card")
    if all_known:
        _check_figures(level, pool, report, corrected)
    return report.findings


def corrections(level: LevelDef, pool: CardPool) -> dict[str, tuple[CardDef, CardDef]]:
    """The cards of the level's list that a card file corrects (``replaces: true``): id -> (shipped, corrected).

    The level's own card files correct them for this level, a player's library everywhere; `pool` is the pool
    before the level's own cards join it."""
    own = {c.id: c for c in level.own_cards if c.replaces}
    out: dict[str, tuple[CardDef, CardDef]] = {}
    for card_id in dict.fromkeys(e.card for e in level.cards):
        user = pool.user_card(card_id)
        before = pool.get(card_id)
        shipped = user.replaced if user is not None and user.replaced is not None else before
        played = own.get(card_id, before)
        if shipped is not None and played is not None and played is not shipped:
            out[card_id] = (shipped, played)
    return out


def acknowledged(level: LevelDef) -> str:
    """What a warning about an acknowledged discrepancy adds: that it is one, and where it is explained."""
    return " (acknowledged discrepancy" + ("; the level's notes say why)" if level.notes else ")")


def _check_rule(rule: SpecialRule, level: LevelDef, listed: set[str], pool: CardPool, report: Report) -> bool:
    """Check one special rule; True when it names a card the level does not list (it never applies)."""
    card_id = rule.param("card")
    if card_id is None:
        return False
    card = pool.get(str(card_id))
    if card is None:
        report.error(rule.location, _unknown_card(str(card_id), pool))
        return False
    unused = card.id not in listed
    if unused:
        report.warning(
            rule.location,
            f"rule {rule.kind.value!r} names {card.id} ({card.name}), which is not in this level's list: it never applies"
            + (acknowledged(level) if UNUSED_RULES in level.acknowledged_discrepancies else ""),
        )
    if rule.kind is SpecialRuleKind.IGNORE_KEYWORD:
        keyword = rule.param("keyword")
        known = list(KEYWORDS.names())
        if keyword not in known:
            report.error(rule.location, f"unknown keyword {keyword!r}{did_you_mean(str(keyword), known)}")
        elif keyword not in card.keywords and all(a.keyword != keyword for a in card.abilities):
            report.error(rule.location, f"{card.id} ({card.name}) has no keyword {keyword!r} to ignore")
    elif rule.kind is SpecialRuleKind.IGNORE_CNT and not card.has_cnt:
        report.error(rule.location, f"{card.id} ({card.name}) has no CNT ability to ignore (it is not 'cnt: true')")
    elif rule.kind is SpecialRuleKind.SACRIFICE_AT_START:
        part = str(rule.param("own_name_contains"))
        if not any(part in pool[c].name for c in listed if c in pool):
            report.warning(rule.location, f"no card in this level's list has {part!r} in its name")
    return unused


def _check_figures(
    level: LevelDef, pool: CardPool, report: Report, corrected: dict[str, tuple[CardDef, CardDef]]
) -> None:
    """The stated figures against the list as played (`pool`: the level's, corrections included).

    A figure that matches the list with the shipped cards but not with the
    corrected ones was written for the shipped cards: a warning naming the
    corrections, so that the level stays playable with them."""
    acknowledged_figures = level.acknowledged_discrepancies & set(FIGURES)
    ack_loc = level.field_locations.get("acknowledged_discrepancies", level.location)
    if level.stated is None:
        if acknowledged_figures:
            report.error(ack_loc, "discrepancies are acknowledged but the level states no figures")
        return
    actual = _figures(level, pool.get)
    shipped = _figures(level, lambda c: corrected[c][0] if c in corrected else pool.get(c)) if corrected else actual
    for figure in FIGURES:
        stated_value = getattr(level.stated, figure)
        actual_value = actual.get(figure)
        loc = level.field_locations.get(f"stated.{figure}", level.location)
        if stated_value != actual_value:
            have, stated = _FIGURE_WORDS[figure]
            message = f"{have.format(actual=actual_value)} but {stated.format(stated=stated_value)}"
            if figure in acknowledged_figures:
                report.warning(loc, message + acknowledged(level))
            elif shipped.get(figure) == stated_value:
                report.warning(loc, f"{message}: {_corrected_words(corrected, figure)}")
            else:
                report.error(loc, message)
        elif figure in acknowledged_figures:
            report.error(
                ack_loc, f"{figure!r} is acknowledged as a discrepancy but the list matches the stated {stated_value}"
            )


def _corrected_words(corrected: dict[str, tuple[CardDef, CardDef]], figure: str) -> str:
    """Which corrected cards change `figure`, for the warning: "2020GB01-127 (omen moth) is level 4 in
    my.cards.yaml, level 2 shipped; the figure was stated for the shipped cards"."""
    parts = []
    for card_id, (shipped, card) in corrected.items():
        if figure == "total_level" and shipped.level != card.level:
            parts.append(
                f"{card_id} ({card.name}) is level {card.level} in {place(card.location)}, {shipped.level} shipped"
            )
        elif figure == "cnt_cards" and shipped.has_cnt != card.has_cnt:
            has = "has" if card.has_cnt else "has no"
            parts.append(f"{card_id} ({card.name}) {has} CNT in {place(card.location)}, unlike the shipped card")
    changed = "; ".join(parts) or "corrected cards changed it"
    return f"{changed}; the figure was stated for the shipped cards, the game plays the corrected ones"


def _unknown_card(card_id: str, pool: CardPool) -> str:
    suggestion = pool.suggest(card_id)
    return f"unknown card {card_id!r}" + (f" (did you mean {suggestion}?)" if suggestion else "")


# ---------------------------------------------------------------------------
# Decks


def _banned_card(r: Reading) -> BannedCard:
    return BannedCard(r.values["id"], r.values["name"], tuple(r.values.get("names", {}).values()))


@functools.cache
def load_banned(path: Path = BANNED_PATH) -> tuple[BannedCard, ...]:
    """The solo-mode ban list (gateruler/data/banned.yaml), read by its table (``BAN_LIST``)."""
    report = Report()
    rules = {BANNED_CARD.name: Rules(build=_banned_card)}
    reading = read_values(BAN_LIST, load_yaml(path), Context(report, str(path), rules))
    report.raise_errors()
    banned: tuple[BannedCard, ...] = reading.values["banned"]
    return banned


def _names_of(card: CardDef) -> set[str]:
    return {n.casefold() for n in (card.name, *card.names.values()) if n}


def banned_reason(card: CardDef, banned: Iterable[BannedCard]) -> str | None:
    """Why `card` is banned in solo mode (by number or by name), or None."""
    names = _names_of(card)
    for ban in banned:
        if card.id == ban.id:
            return f"card {card.id!r} ({card.name}) is banned in solo mode"
        if names & {n.casefold() for n in (ban.name, *ban.names)}:
            return f"card {card.id!r} ({card.name}) is banned in solo mode (same name as {ban.id})"
    return None


def deck_figures(deck: DeckDef, pool: CardPool) -> LevelFigures:
    """Size, total level and CNT cards of a deck (unknown cards left out of level and CNT)."""
    total = cnt = 0
    for entry in deck.cards:
        card = pool.get(entry.card)
        if card is not None:
            total += card.level * entry.count
            cnt += entry.count if card.has_cnt else 0
    return LevelFigures(deck.size, total, cnt)


def resolve_deck(deck: DeckDef, pool: CardPool) -> tuple[DeckDef, list[Finding]]:
    """The deck with each entry naming its card by id, and the findings of entries that name no card or several.

    An entry names a card by id or by any of its names, or the short name
    before a name's first comma, ignoring case (:meth:`CardPool.find`).  An
    entry that names no card, or several, is left as written.
    """
    entries, findings = resolve_entries(deck.cards, pool)
    return attrs.evolve(deck, cards=entries), findings


def resolve_entries(cards: Iterable[DeckEntry], pool: CardPool) -> tuple[tuple[DeckEntry, ...], list[Finding]]:
    """A card list (a deck's, a collection's) with each entry naming its card by id, as :func:`resolve_deck`."""
    report = Report()
    entries = []
    first: dict[str, DeckEntry] = {}
    for entry in cards:
        found = pool.find(entry.card)
        if len(found) != 1:
            message = unknown_deck_card(entry.card, pool) if not found else _ambiguous(entry.card, found)
            report.error(entry.location, message)
            entries.append(entry)
            continue
        card = found[0]
        if card.id in first:  # the same text twice is the reader's error; this is a name and an id, or two names
            report.error(
                entry.location,
                f"{entry.card!r} names {card.id} ({card.name}), already listed at line {first[card.id].location.line}",
            )
        first.setdefault(card.id, entry)
        entries.append(attrs.evolve(entry, card=card.id))
    return tuple(entries), report.findings


def unknown_deck_card(text: str, pool: CardPool) -> str:
    key, close = pool.close_to(text)
    shown = [card.id if normalise(card.id) == key else f"{_name_matching(card, key)} [{card.id}]" for card in close]
    return f"unknown card {text!r}" + (f" (did you mean {' or '.join(shown)}?)" if shown else "")


def _name_matching(card: CardDef, key: str) -> str:
    for name in names_of(card):
        for form in (name, short_name(name)):
            if normalise(form) == key:
                return form
    return card.name


def _ambiguous(text: str, cards: list[CardDef]) -> str:
    listed = ", ".join(f"{c.id} ({c.name})" for c in cards)
    return f"{text!r} names {len(cards)} cards: {listed}; write the card's id"


def check_deck(deck: DeckDef, pool: CardPool, rulers: dict[str, RulerDef]) -> list[Finding]:
    """Everything that makes a player deck illegal in solo mode under its ruler, its entries resolved first."""
    resolved, findings = resolve_deck(deck, pool)
    return findings + check_resolved_deck(resolved, pool, rulers)


def player_use_reason(card: CardDef) -> str | None:
    """Why a player deck may not hold `card` whatever the ruler (a rift card, the ban list), or None."""
    if card.solo_only:
        return f"card {card.id!r} ({card.name}) is a solo-mode rift card; a player deck cannot use it"
    if card.rift_only:
        return (
            f"card {card.id!r} ({card.name}) is a rift card: we hold only the rift's version of it, so a player deck "
            "cannot use it (to play your own copy, define it in your card file with 'replaces: true')"
        )
    return banned_reason(card, load_banned())


def check_resolved_deck(deck: DeckDef, pool: CardPool, rulers: dict[str, RulerDef]) -> list[Finding]:
    """The legality of a deck whose entries are ids (:func:`resolve_deck`); entries it could not resolve are passed over."""
    report = Report()
    cards_loc = deck.field_locations.get("cards", deck.location)
    ruler = rulers.get(deck.ruler)
    if ruler is None:
        hint = did_you_mean(deck.ruler, sorted(rulers))
        report.error(deck.field_locations.get("ruler", deck.location), f"unknown ruler {deck.ruler!r}{hint}")
    copies: dict[str, int] = {}
    legendary_names: list[str] = []
    for entry in deck.cards:
        card = pool.get(entry.card)
        if card is None:
            continue
        reason = player_use_reason(card)
        if reason:
            report.error(entry.location, reason)
        if ruler is None:
            continue
        copies[card.name] = copies.get(card.name, 0) + entry.count
        limit = ruler.deck_rules.copies_per_name
        what = f"{card.name!r}"
        if card.legendary:
            limit = min(limit, ruler.deck_rules.legendary_copies)
            what = f"legendary {card.name!r}"
            if card.name not in legendary_names:
                legendary_names.append(card.name)
        if copies[card.name] > limit:
            per = "per legendary name" if card.legendary else "per name"
            report.error(
                entry.location,
                f"{copies[card.name]} copies of {what} ({card.id}): at most {limit} {per} under the {ruler.name}",
            )
    if ruler is None:
        return report.findings
    rules = ruler.deck_rules
    if len(legendary_names) > rules.legendary_names:
        report.error(
            cards_loc,
            f"{len(legendary_names)} legendary names ({', '.join(legendary_names)}): "
            f"at most {rules.legendary_names} under the {ruler.name}",
        )
    figures = deck_figures(deck, pool)
    if figures.deck_size != rules.size:
        report.error(cards_loc, f"the deck has {figures.deck_size} cards; a {ruler.name} deck has exactly {rules.size}")
    if rules.level_cap is not None and figures.total_level > rules.level_cap:
        report.error(
            cards_loc,
            f"the deck's total level is {figures.total_level}, over the {ruler.name}'s level cap of {rules.level_cap}",
        )
    if rules.cnt_cap is not None and figures.cnt_cards > rules.cnt_cap:
        report.error(
            cards_loc, f"the deck has {figures.cnt_cards} CNT cards, over the {ruler.name}'s CNT cap of {rules.cnt_cap}"
        )
    return report.findings


def check_collection(collection: CollectionDef, pool: CardPool) -> list[Finding]:
    """Everything wrong with a collection: entries that name no card (or several), rift cards no player owns.

    A banned card is fine to own (the ban is solo mode's); it is just never put in a deck."""
    return resolve_collection(collection, pool)[1]


def resolve_collection(collection: CollectionDef, pool: CardPool) -> tuple[CollectionDef, list[Finding]]:
    """The collection with each entry naming its card by id (names as a deck takes them), and what is wrong with it."""
    entries, findings = resolve_entries(collection.cards, pool)
    report = Report()
    report.extend(findings)
    for entry in entries:
        card = pool.get(entry.card)
        if card is not None and card.solo_only:
            report.error(
                entry.location, f"card {card.id!r} ({card.name}) is a solo-mode rift card; a player cannot own it"
            )
    return attrs.evolve(collection, cards=entries), report.findings
