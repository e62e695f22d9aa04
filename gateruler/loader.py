"""Loading the project's YAML data into definitions, with every error located.

Public API (others code against these names):

* :func:`load_card_pool`, :func:`parse_cards`: cards;
* :func:`load_rulers`: rulers;
* :func:`load_level`, :func:`shipped_levels`, :data:`INVADER_DECKS_DIR`: rift levels;
* :func:`load_deck`, :func:`load_player_deck`, :func:`sample_deck_path`: player decks
  (names resolved, their own card files read; a player's card files in
  general are :mod:`gateruler.library`'s);
* :func:`load_collection`: a player's collection (for ``gateruler tune``);
* :func:`check_level`, :func:`check_deck`, :func:`check_collection` (from
  :mod:`gateruler.validation`), :class:`Finding`, :func:`validate_file`: checks.

The ``read_*`` functions structure one located YAML node into definitions
and put every problem into a :class:`~gateruler.yamlsrc.Report` (so one pass
finds all of them); the ``parse_*``/``load_*`` functions wrap them and raise
:class:`~gateruler.errors.DataErrors`.  Warnings are never raised; only
:func:`validate_file` (and the check functions) return them.

File schemas
============

Card file (``gateruler/data/cards/*.yaml``; also inline ``cards:`` lists)::

    cards:
      - id: 2020GB01-127          # the card number; ids of our own: SOLO-..., PROV-..., PRERELEASE-...
        name: omen moth           # English (working) name
        names: {zh: 预兆蛾}        # optional: lang -> name
        type: unit                # unit | event | field
        level: 2                  # may be negative (Haunting~~!! is -5)
        atk: 5                    # atk/hp/stk: required for units (>= 0), absent otherwise;
        hp: 5                     #   provisional numbers where the real ones are unknown
        stk: 2
        keywords: [pierce]        # optional, keyword words (gateruler/engine/keywords.py)
        attributes: [Beast]       # optional: printed attributes ("tribes"), as printed
        faction: 東妖軍            # optional: the printed faction (army)
        cnt: true                 # optional (false): the card has a CNT icon
        abilities:                # optional
          - trigger: on_enter     # trigger words (gateruler/engine/triggers.py)
            text: our own wording # optional
            requires: {turn: own} # optional condition: may the ability be used at all
            optional: false       # optional: "you may" (its controller decides)
            costs: [{cost: discard, count: 1}]   # optional, paid before the effects
            effects:
              - {effect: damage, target: enemy_ruler, amount: 2}   # effect words (engine/effects/)
        provenance: deduced       # seed | deduced | published | provisional (identity, level, CNT)
        stats: provisional        # optional: provenance of ATK/HP/STK when different
        source: free text         # optional: where the numbers come from
        legendary: false          # optional
        solo_only: false          # optional: a solo-mode rift card, not for player decks
        rift_only: false          # optional: only the rift's version of a real card, not for player decks
        replaces: false           # optional, in a player's card file: corrects the shipped card of this id

  Abilities are read by gateruler/cardtext.py from the engine's registries
  (docs/reference.md lists every word).  Each effect names its ``effect``
  word, a ``target`` the word accepts (none for ``reuse_on_enter``), its
  required parameters and any optional ones, with their types; a target is a
  word or a ``{choose: N, filter: ...}`` / ``{all: ...}`` mapping.  Triggers fit card types: ``on_play`` is for events;
  ``on_enter``, ``start_of_turn`` and ``continuous`` for units and fields
  (``continuous`` only with ``modify``); ``on_attack`` and ``on_destroyed``
  for units; ``cnt`` for any card.  A card with a ``cnt`` ability must say
  ``cnt: true``; ``cnt: true`` without a ``cnt`` ability is allowed and means
  "has a CNT icon whose effect is unknown" (the checked card just goes to the
  graveyard).  ``reuse_on_enter`` needs an ``on_enter`` ability on the same
  card.  Card ids are unique within and across card files.

Ruler file (``gateruler/data/rulers/*.yaml``, one ruler each)::

    id: knight                    # the key in load_rulers()
    name: Knight
    number: K-11                  # optional
    life: 11                      # >= 1
    atk: 3
    stk: 3
    zones: {attack: 2, defense: 1, set: 3}            # optional, these defaults
    setup: {energy: 3, hand: 4}                       # optional, default 0 / 0
    turn_start: {action: draw, count: 2, first_turn_count: 1, energy_readied: null}
                                  # action draw|drive; first_turn_count null: same as count;
                                  # energy_readied null: all energy
    cost_model: energy            # energy | free
    summon_cap: 2                 # int, or null for no cap
    has_hand: true
    deck_rules: {size: 50, copies_per_name: 4, level_cap: null, cnt_cap: null,
                 legendary_copies: 1, legendary_names: 2}   # null caps are not enforced
    provenance: published
    source: free text

Level file (``invader_decks/level-N.yaml``)::

    level: 1
    name: Vanguard
    names: {zh: 尖兵}             # optional
    hp: 15                        # the rift's LIFE, >= 1
    atk: 4
    stk: 3
    keywords: [pierce]            # optional
    drives_per_turn: 2            # optional, default 2
    stated: {deck_size: 50, total_level: 50, cnt_cards: 0}   # optional: the seed's figures
    cards:
      - {card: 2020GB01-127, count: 10}
    card_files: [my.cards.yaml]   # optional: card files of new cards for this level,
                                  #   relative to the level file (docs/authoring.md)
    special_rules:                # optional; vocabulary.SPECIAL_RULES with their params
      - {rule: ignore_effects, card: 2021GB02-122}
    acknowledged_discrepancies: [deck_size]   # optional: stated figures known not to match
    briefing: text                # optional
    notes: text                   # optional
    variants: {unit_damage: clears}   # optional: rule variants it is played under (docs/variants.md)

Deck file (``gateruler/data/decks/*.yaml``)::

    name: Knight sample
    ruler: knight
    sample: true                  # optional: a shipped sample, not a tuned list
    description: text             # optional
    card_files: [my.cards.yaml]   # optional: the player's card files, relative to the deck file
    cards:
      - {card: PROV-001, count: 4}
      - {card: Honoikazuchi, count: 2}   # a card by id or by any of its names (CardPool.find)

Collection file (any name; read by ``gateruler tune``, docs/scale.md)::

    name: My binder               # optional
    owned:                        # every copy owned, the deck's own cards included
      - {card: PROV-001, count: 4}
      - {card: PROV-010, count: 2}

:func:`validate_file` tells the kinds apart by their top-level keys: ``level``
and ``hp`` make a level, ``ruler`` and ``cards`` a deck, ``life`` a ruler,
``owned`` a collection, ``cards`` alone a card file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import attrs

import gateruler
from gateruler.cardpool import CardPool
from gateruler.cardtext import read_ability, read_discount, words_enum
from gateruler.engine.keywords import KEYWORDS, SOUL_GUARD
from gateruler.engine.replace import guard_ability
from gateruler.engine.timings import TIMINGS
from gateruler.engine.triggers import ON_ENTER
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.library import place
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import (
    CardDef,
    CollectionDef,
    CostModel,
    DeckDef,
    DeckEntry,
    DeckRules,
    LevelDef,
    RulerDef,
    SourceLocation,
    SpecialRule,
    StatedFigures,
    TurnStartKind,
)
from gateruler.validation import FIGURES, check_collection, check_deck, check_level, check_resolved_deck, resolve_deck
from gateruler.vocabulary import SPECIAL_RULES, CardType, Provenance, SpecialRuleKind
from gateruler.yamlsrc import (
    MISSING,
    Fields,
    Finding,
    LocatedList,
    Report,
    Severity,
    load_yaml,
    location_of,
    parse_yaml,
    read_text,
)

__all__ = [
    "CARDS_DIR",
    "DECKS_DIR",
    "Finding",
    "INVADER_DECKS_DIR",
    "RULERS_DIR",
    "Severity",
    "check_collection",
    "check_deck",
    "check_level",
    "file_kind",
    "load_card_pool",
    "load_collection",
    "load_deck",
    "load_player_deck",
    "load_level",
    "load_rulers",
    "parse_cards",
    "parse_deck",
    "parse_level",
    "read_cards",
    "read_collection",
    "read_deck",
    "read_level",
    "read_ruler",
    "sample_deck_path",
    "shipped_levels",
    "validate_file",
]

DATA_DIR = Path(gateruler.__file__).parent / "data"
CARDS_DIR = DATA_DIR / "cards"
RULERS_DIR = DATA_DIR / "rulers"
DECKS_DIR = DATA_DIR / "decks"
# the levels' home is invader_decks/ in the repository; an installed package carries a copy (setup.py)
_PACKAGED_LEVELS = Path(gateruler.__file__).parent / "invader_decks"
INVADER_DECKS_DIR = (
    _PACKAGED_LEVELS if _PACKAGED_LEVELS.is_dir() else Path(gateruler.__file__).parent.parent / "invader_decks"
)
SHIPPED_LEVELS = range(1, 7)
T = TypeVar("T")


# ---------------------------------------------------------------------------
# Small readers shared by the schemas


def _read_names(f: Fields) -> dict[str, str]:
    """The optional ``names: {lang: name}`` mapping."""
    names = f.nested("names", "'names'")
    if names is None:
        return {}
    result = {}
    for lang in list(names.node or {}):
        value = names.required(lang, str) if isinstance(lang, str) else MISSING
        if not isinstance(lang, str):
            names.error(names.key_loc(lang), f"a language code must be a string (got {lang!r})")
        elif value is not MISSING:
            result[lang] = value
    return result


def _items(f: Fields, key: str, *, required: bool = False) -> list[tuple[Any, SourceLocation]]:
    """The items of a list field with their locations ([] when absent or wrong)."""
    items = f.required(key, list) if required else f.optional(key, list, default=MISSING)
    if items is MISSING:
        return []
    return [(item, items.item_loc(i)) for i, item in enumerate(items)]


def _read_words(f: Fields, key: str, item: str) -> tuple[str, ...]:
    """An optional list of non-empty strings, each once (attributes)."""
    words: list[str] = []
    for value, loc in _items(f, key):
        word = f.convert(value, str, loc, item)
        if word is MISSING:
            continue
        if not word.strip():
            f.error(loc, f"{item} must not be empty")
        elif word in words:
            f.error(loc, f"{item} {word!r} listed twice")
        else:
            words.append(word)
    return tuple(words)


def _read_entries(f: Fields, key: str = "cards") -> tuple[DeckEntry, ...]:
    """A ``[{card, count}]`` list (level and deck files); a card listed twice is an error.

    The whole list holds at most :data:`~gateruler.limits.MAX_DECK_CARDS`
    cards: a game builds every card of it, so a count of a billion must be
    refused here, not found out by running out of memory."""
    entries: list[DeckEntry] = []
    first: dict[str, SourceLocation] = {}
    total = 0
    for item, loc in _items(f, key, required=True):
        entry = Fields(item, f.report, "a card entry", at=loc)
        card = entry.required("card", str)
        count = entry.required("count", int, min=1, max=MAX_DECK_CARDS)
        total += count or 0
        where = entry.value_loc("card") if "card" in entry else loc
        if card is not MISSING and card in first:
            entry.error(where, f"card {card!r} listed twice (first at line {first[card].line})")
        if entry.finish():
            first[card] = where
            entries.append(DeckEntry(card, count, where))
    if total > MAX_DECK_CARDS:
        f.error(
            f.key_loc(key),
            f"the list has {total:,} cards; a list holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)",
        )
    return tuple(entries)


# ---------------------------------------------------------------------------
# Cards


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeio' else 'a'} {word}"  # a unit, an event, a field


def _read_keywords(f: Fields) -> frozenset[str]:
    """An optional list of keyword words (gateruler/engine/keywords.py)."""
    return frozenset(k.value for k in f.enum_list("keywords", words_enum(KEYWORDS), "keyword"))


def _read_markers(f: Fields) -> frozenset[str]:
    """Marker keywords (CR 16-1a-2): any words of the author's, with no rule of their own; a word the
    engine knows as a keyword belongs under `keywords`."""
    words = _read_words(f, "markers", "marker")
    for value, loc in _items(f, "markers"):
        if isinstance(value, str) and value in KEYWORDS:
            f.error(loc, f"{value!r} is a keyword with a rule of its own: list it under 'keywords', not 'markers'")
    return frozenset(words)


def _read_event_timing(f: Fields, card_type: Any) -> str:
    """An event's `timing` word (gateruler/engine/timings.py); only events have one."""
    if "timing" not in f:
        return ""
    if card_type is not CardType.EVENT and card_type is not MISSING:
        f.raw("timing")
        f.error(
            f.key_loc("timing"),
            f"'timing' is for events (this card is {_a(card_type.value)}); an ability's timing goes on the ability",
        )
        return ""
    word = f.optional("timing", words_enum(TIMINGS), None)
    return word.value if word else ""


def read_card(node: Any, report: Report, *, at: SourceLocation | None = None) -> CardDef | None:
    """One card mapping (schema in the module docstring); None when it has errors."""
    f = Fields(node, report, "a card", at=at)
    card_id = f.required("id", str)
    name = f.required("name", str)
    names = _read_names(f)
    card_type = f.required("type", CardType)
    level = f.required("level", int)
    stats: dict[str, Any] = {}
    for stat in ("atk", "hp", "stk"):
        if card_type is CardType.UNIT:
            stats[stat] = f.required(stat, int, min=0)
        elif card_type is MISSING:
            f.optional(stat, int, None, nullable=True, min=0)  # still worth checking
        elif stat in f and f.raw(stat) is not None:
            f.error(f.key_loc(stat), f"{stat!r} is only for units (this card is {_a(card_type.value)})")
        else:
            f.raw(stat)
    keywords = _read_keywords(f)
    markers = _read_markers(f)
    attributes = _read_words(f, "attributes", "attribute")
    faction = f.optional("faction", str, None)
    has_cnt = f.optional("cnt", bool, False)
    timing = _read_event_timing(f, card_type)
    ability_items = _items(f, "abilities")
    abilities = [read_ability(item, loc, card_type, has_cnt, report) for item, loc in ability_items]
    discount = f.raw("discount")
    if discount is not MISSING:
        abilities.append(read_discount(discount, f.value_loc("discount"), report))
    if SOUL_GUARD in keywords:
        abilities.append(guard_ability())  # what Soul guard pays with (engine/replace.py)
    provenance = f.required("provenance", Provenance)
    stats_provenance = f.optional("stats", Provenance, None)
    source = f.optional("source", str, "")
    legendary = f.optional("legendary", bool, False)
    solo_only = f.optional("solo_only", bool, False)
    rift_only = f.optional("rift_only", bool, False)
    replaces = f.optional("replaces", bool, False)
    for ability, (_, loc) in zip(abilities, ability_items):
        if ability is None:
            continue
        reuses = any(e.kind == "reuse_on_enter" for e in ability.effects)
        if reuses and not any(a is not None and a.trigger == ON_ENTER for a in abilities):
            f.error(loc, "effect 'reuse_on_enter' needs an on_enter ability on the same card")
    if not f.finish():
        return None
    return CardDef(
        id=card_id,
        name=name,
        type=card_type,
        level=level,
        keywords=keywords,
        abilities=tuple(abilities),
        names=names,
        has_cnt=has_cnt,
        timing=timing,
        markers=markers,
        attributes=attributes,
        faction=faction,
        provenance=provenance,
        stats_provenance=stats_provenance,
        source=source,
        legendary=legendary,
        solo_only=solo_only,
        rift_only=rift_only,
        replaces=replaces,
        location=f.loc,
        **stats,
    )


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


def read_card_file(node: Any, report: Report, path: str) -> list[CardDef]:
    """A card file: a mapping whose only key is ``cards``."""
    f = Fields(node, report, "a card file", at=SourceLocation(path, 1, 1))
    cards_node = f.required("cards", list)
    cards = read_cards(cards_node, report) if cards_node is not MISSING else []
    f.finish()
    return cards


def _check_unique_ids(cards: Iterable[CardDef], known: dict[str, CardDef], report: Report) -> list[CardDef]:
    """Cards whose id is not already in `known` (which they join); the others are errors."""
    fresh = []
    for card in cards:
        other = known.get(card.id)
        if other is not None:
            report.error(card.location, f"duplicate card id {card.id!r} (also in {place(other.location)})")
            continue
        known[card.id] = card
        fresh.append(card)
    return fresh


def _read_card_files(paths: Iterable[Path], known: dict[str, CardDef], report: Report) -> list[CardDef]:
    cards: list[CardDef] = []
    for path in paths:
        try:
            node = load_yaml(path)
        except (DataError, DataErrors) as error:
            report.add_exception(error)
            continue
        cards += _check_unique_ids(read_card_file(node, report, str(path)), known, report)
    return cards


@functools.cache
def _shipped_cards() -> tuple[CardDef, ...]:
    report = Report()
    cards = _read_card_files(sorted(CARDS_DIR.glob("*.yaml")), {}, report)
    report.raise_errors()
    return tuple(cards)


def load_card_pool(extra_paths: Iterable[Path] = ()) -> CardPool:
    """The shipped cards (gateruler/data/cards/*.yaml, read once) plus a player's card files and folders.

    The player's files join as :mod:`gateruler.library` says: an id already
    known is an error unless the card says ``replaces: true`` and the known
    one is shipped.
    """
    shipped = CardPool(_shipped_cards())
    extra_paths = [Path(p) for p in extra_paths]
    if not extra_paths:
        return shipped
    from gateruler.library import load_library

    return load_library(extra_paths, shipped)


# ---------------------------------------------------------------------------
# Rulers


def read_ruler(node: Any, report: Report, path: str = "") -> RulerDef | None:
    """One ruler file (schema in the module docstring); None when it has errors."""
    f = Fields(node, report, "a ruler file", at=SourceLocation(path, 1, 1))
    ruler_id = f.required("id", str)
    name = f.required("name", str)
    number = f.optional("number", str, "")
    life = f.required("life", int, min=1)
    atk = f.required("atk", int, min=0)
    stk = f.required("stk", int, min=0)
    zones = f.nested("zones", "'zones'")
    attack = zones.optional("attack", int, 2, min=0) if zones else 2
    defense = zones.optional("defense", int, 1, min=0) if zones else 1
    set_zones = zones.optional("set", int, 3, min=0) if zones else 3
    setup = f.nested("setup", "'setup'")
    energy = setup.optional("energy", int, 0, min=0) if setup else 0
    hand = setup.optional("hand", int, 0, min=0) if setup else 0
    turn = f.nested("turn_start", "'turn_start'", required=True)
    action = turn.required("action", TurnStartKind) if turn else MISSING
    count = turn.required("count", int, min=0) if turn else MISSING
    first_turn = turn.optional("first_turn_count", int, None, nullable=True, min=0) if turn else None
    readied = turn.optional("energy_readied", int, None, nullable=True, min=0) if turn else None
    cost_model = f.required("cost_model", CostModel)
    summon_cap = f.optional("summon_cap", int, 2, nullable=True, min=0)
    has_hand = f.optional("has_hand", bool, True)
    rules = f.nested("deck_rules", "'deck_rules'")
    deck_rules = DeckRules()
    if rules is not None:
        deck_rules = DeckRules(
            size=rules.optional("size", int, 50, min=1),
            copies_per_name=rules.optional("copies_per_name", int, 4, min=1),
            level_cap=rules.optional("level_cap", int, None, nullable=True),
            cnt_cap=rules.optional("cnt_cap", int, None, nullable=True, min=0),
            legendary_copies=rules.optional("legendary_copies", int, 1, min=0),
            legendary_names=rules.optional("legendary_names", int, 2, min=0),
        )
    provenance = f.required("provenance", Provenance)
    source = f.optional("source", str, "")
    for sub in (zones, setup, turn, rules):
        if sub is not None:
            sub.finish()
    if not f.finish():  # counts the nested mappings' errors too
        return None
    return RulerDef(
        id=ruler_id,
        name=name,
        number=number,
        life=life,
        atk=atk,
        stk=stk,
        attack_zones=attack,
        defense_zones=defense,
        set_zones=set_zones,
        energy=energy,
        opening_hand=hand,
        turn_start=action,
        turn_start_count=count,
        first_turn_count=first_turn,
        energy_readied=readied,
        cost_model=cost_model,
        summon_cap=summon_cap,
        has_hand=has_hand,
        deck_rules=deck_rules,
        provenance=provenance,
        source=source,
        location=f.loc,
    )


@functools.cache
def _shipped_rulers() -> tuple[RulerDef, ...]:
    report = Report()
    rulers: dict[str, RulerDef] = {}
    for path in sorted(RULERS_DIR.glob("*.yaml")):
        try:
            ruler = read_ruler(load_yaml(path), report, str(path))
        except (DataError, DataErrors) as error:
            report.add_exception(error)
            continue
        if ruler is None:
            continue
        if ruler.id in rulers:
            first = rulers[ruler.id].location
            report.error(ruler.location, f"duplicate ruler id {ruler.id!r} (also in {first.path})")
            continue
        rulers[ruler.id] = ruler
    report.raise_errors()
    return tuple(rulers.values())


def load_rulers() -> dict[str, RulerDef]:
    """The shipped rulers (gateruler/data/rulers/*.yaml), keyed by ruler id."""
    return {r.id: r for r in _shipped_rulers()}


# ---------------------------------------------------------------------------
# Levels


def _read_special_rule(node: Any, loc: SourceLocation, report: Report) -> SpecialRule | None:
    f = Fields(node, report, "a special rule", at=loc)
    kind = f.required("rule", SpecialRuleKind)
    if kind is MISSING:
        f.finish(known=list(f.node or ()))
        return None
    spec = SPECIAL_RULES[kind]
    params: dict[str, Any] = {}
    for name, kind_of in spec.params.items():
        params[name] = f.required(name, kind_of, **({"min": 0} if kind_of is int else {}))
    for name, kind_of in spec.optional.items():
        value = f.optional(name, kind_of, MISSING, **({"min": 0} if kind_of is int else {}))
        if value is not MISSING:
            params[name] = value
    if kind is SpecialRuleKind.SET_STATS and not set(params) & {"atk", "hp", "stk"} and f.ok:
        f.error(f.loc, "rule 'set_stats' needs at least one of atk, hp, stk")
    where = f.value_loc("card") if "card" in f else f.loc
    if not f.finish():
        return None
    return SpecialRule(kind, params, where)


def _card_file_paths(f: Fields, path: str) -> list[Path]:
    """The files a ``card_files:`` list names, each relative to the file at `path`; a missing one is an error.

    Each file once: a list naming one file a thousand times is an error, not a thousand readings."""
    paths: list[Path] = []
    read: set[Path] = set()
    for item, loc in _items(f, "card_files"):
        name = f.convert(item, str, loc, "card file")
        if name is MISSING:
            continue
        card_path = Path(path).parent / name
        if not card_path.is_file():
            f.error(loc, f"card file {name[:200]!r} not found (looked for {str(card_path)[:200]})")
            continue
        if card_path.resolve() in read:
            f.error(loc, f"card file {name[:200]!r} listed twice")
            continue
        read.add(card_path.resolve())
        paths.append(card_path)
    return paths


def _read_level_card_files(f: Fields, path: str, report: Report) -> tuple[CardDef, ...]:
    """The cards of a level's ``card_files``, each path relative to the level file.

    An authored level brings its new cards along, so that validating,
    playing and checking it needs nothing but the level file.  The cards
    join the shipped ones for this level only; an id already shipped (or in
    another of its files) is an error.
    """
    known = {c.id: c for c in _shipped_cards()}
    return tuple(_read_card_files(_card_file_paths(f, path), known, report))


def read_level(node: Any, report: Report, path: str = "") -> LevelDef | None:
    """One level file (schema in the module docstring); None when it has errors."""
    f = Fields(node, report, "a level file", at=SourceLocation(path, 1, 1))
    number = f.required("level", int, min=1)
    name = f.required("name", str)
    names = _read_names(f)
    hp = f.required("hp", int, min=1)
    atk = f.required("atk", int, min=0)
    stk = f.required("stk", int, min=0)
    keywords = _read_keywords(f)
    drives = f.optional("drives_per_turn", int, 2, min=1)
    locations = {}
    stated = None
    stated_fields = f.nested("stated", "'stated'")
    if stated_fields is not None:
        figures = {
            "deck_size": stated_fields.required("deck_size", int, min=0),
            "total_level": stated_fields.required("total_level", int),
            "cnt_cards": stated_fields.required("cnt_cards", int, min=0),
        }
        locations.update({f"stated.{k}": stated_fields.value_loc(k) for k in figures})
        if stated_fields.finish():
            stated = StatedFigures(**figures)
    cards = _read_entries(f, "cards")
    locations["cards"] = f.key_loc("cards")
    own_cards = _read_level_card_files(f, path, report)
    rules = [_read_special_rule(item, loc, report) for item, loc in _items(f, "special_rules")]
    acknowledged = set()
    for item, loc in _items(f, "acknowledged_discrepancies"):
        value = f.convert(item, str, loc, "acknowledged discrepancy", choices=FIGURES)
        if value is not MISSING:
            acknowledged.add(value)
    locations["acknowledged_discrepancies"] = f.value_loc("acknowledged_discrepancies")
    briefing = f.optional("briefing", str, "")
    notes = f.optional("notes", str, "")
    variants = read_variants(f)
    if not f.finish():
        return None
    return LevelDef(
        number=number,
        name=name,
        hp=hp,
        atk=atk,
        stk=stk,
        keywords=keywords,
        drives_per_turn=drives,
        stated=stated,
        cards=cards,
        special_rules=tuple(rules),
        names=names,
        briefing=briefing,
        notes=notes,
        acknowledged_discrepancies=frozenset(acknowledged),
        own_cards=own_cards,
        location=f.loc,
        field_locations=locations,
        variants=variants,
    )


def read_variants(f: Fields) -> dict[str, str]:
    """A file's ``variants:`` mapping (variant name -> value, gateruler/variants.py), each checked where written."""
    from gateruler.variants import VARIANTS

    fields = f.nested("variants", "'variants'")
    if fields is None:
        return {}
    out = {}
    for v in VARIANTS:
        value = fields.optional(v.name, v.kind, default=MISSING)
        if value is not MISSING:
            out[v.name] = value.value
    fields.finish()
    return out


def _structure(
    read: Callable[[Any, Report, str], T | None],
    node: Any,
    path: str,
    check: Callable[[T], list[Finding]] | None = None,
) -> T:
    """Run a ``read_*`` function (then `check` on its result) and raise DataErrors on any error."""
    report = Report()
    value = read(node, report, str(path))
    if value is not None and check is not None:
        report.extend(check(value))
    report.raise_errors()
    assert value is not None
    return value


def parse_level(node: Any, path: str) -> LevelDef:
    """Structure a located level mapping (no pool checks); raises DataErrors."""
    return _structure(read_level, node, path)


def _level_path(ref: int | str | Path) -> Path:
    if isinstance(ref, bool):
        raise GateRulerError(f"not a level: {ref!r}")
    if isinstance(ref, int):
        if ref not in SHIPPED_LEVELS:
            raise GateRulerError(f"there is no shipped level {ref}: the levels are 1 to 6")
        return INVADER_DECKS_DIR / f"level-{ref}.yaml"
    return Path(ref)


def load_level(ref: int | str | Path, pool: CardPool | None = None) -> LevelDef:
    """A rift level: an int 1..6 is a shipped level, a str or Path a level file.

    Checked against `pool` (default: the shipped cards); errors raise
    DataErrors, warnings (such as acknowledged discrepancies) do not.
    A string of digits that is not an existing file also means a shipped
    level, so that command-line arguments such as "3" work.
    """
    if isinstance(ref, str) and ref.isdigit() and not Path(ref).exists():
        ref = int(ref)
    if pool is None and isinstance(ref, int) and not isinstance(ref, bool):
        return _shipped_level(ref)
    path = _level_path(ref)
    # a shipped level is named by its file, so that a finding in it says where it is
    return _load_level(
        path, pool if pool is not None else load_card_pool(), str(path) if isinstance(ref, int) else str(ref)
    )


@functools.cache
def _shipped_level(number: int) -> LevelDef:
    return _load_level(_level_path(number), load_card_pool(), str(_level_path(number)))


def _load_level(path: Path, pool: CardPool, shown: str) -> LevelDef:
    return _structure(read_level, load_yaml_as(path, shown), shown, lambda level: check_level(level, pool))


def shipped_levels() -> list[LevelDef]:
    """The six shipped rift levels, in order."""
    return [load_level(n) for n in SHIPPED_LEVELS]


# ---------------------------------------------------------------------------
# Decks


def read_deck(node: Any, report: Report, path: str = "") -> DeckDef | None:
    """One deck file (schema in the module docstring), without legality checks.

    Its entries are as written (ids or names); :func:`load_player_deck`
    reads its ``card_files`` and resolves the names.
    """
    f = Fields(node, report, "a deck file", at=SourceLocation(path, 1, 1))
    name = f.required("name", str)
    ruler = f.required("ruler", str)
    sample = f.optional("sample", bool, False)
    description = f.optional("description", str, "")
    card_files = tuple(str(p) for p in _card_file_paths(f, path))
    cards = _read_entries(f, "cards")
    locations = {"ruler": f.value_loc("ruler"), "cards": f.key_loc("cards")}
    if not f.finish():
        return None
    return DeckDef(name, ruler, cards, sample, description, f.loc, locations, card_files)


def parse_deck(node: Any, path: str) -> DeckDef:
    """Structure a located deck mapping (no legality checks); raises DataErrors."""
    return _structure(read_deck, node, path)


@attrs.frozen
class PlayerDeck:
    """A checked player deck (entries resolved to ids) and the pool its games use (its own card files included)."""

    deck: DeckDef
    pool: CardPool


def read_player_deck(
    node: Any, report: Report, path: str, pool: CardPool, rulers: dict[str, RulerDef]
) -> PlayerDeck | None:
    """A deck file read, its card files added to `pool`, its names resolved and its legality checked.

    Every problem goes to `report`; None when the file itself could not be read.
    """
    from gateruler.library import read_library

    deck = read_deck(node, report, path)
    if deck is None:
        return None
    pool = read_library(pool, [Path(p) for p in deck.card_files], report)
    resolved, findings = resolve_deck(deck, pool)
    report.extend(findings)
    report.extend(check_resolved_deck(resolved, pool, rulers))
    return PlayerDeck(resolved, pool)


def load_player_deck(
    path: str | Path, pool: CardPool | None = None, rulers: dict[str, RulerDef] | None = None
) -> PlayerDeck:
    """A player deck file and the pool its games use (`pool`, default the shipped cards, plus its own card files).

    The deck is checked against its ruler's deck rules, the ban list and
    the cards a player may use; raises DataErrors listing every problem.
    """
    pool = pool if pool is not None else load_card_pool()
    rulers = rulers if rulers is not None else load_rulers()
    report = Report()
    player_deck = read_player_deck(load_yaml(path), report, str(path), pool, rulers)
    report.raise_errors()
    assert player_deck is not None
    return player_deck


def load_deck(path: str | Path, pool: CardPool | None = None, rulers: dict[str, RulerDef] | None = None) -> DeckDef:
    """A checked player deck file, entries resolved to card ids (see :func:`load_player_deck`)."""
    return load_player_deck(path, pool, rulers).deck


def sample_deck_path(ruler_id: str = "knight") -> Path:
    """The shipped sample deck for a ruler (gateruler/data/decks/<ruler>-sample.yaml)."""
    path = DECKS_DIR / f"{ruler_id}-sample.yaml"
    if not path.is_file():
        known = sorted(p.name.removesuffix("-sample.yaml") for p in DECKS_DIR.glob("*-sample.yaml"))
        raise GateRulerError(f"no sample deck for ruler {ruler_id!r} (there are: {', '.join(known)})")
    return path


def read_collection(node: Any, report: Report, path: str = "") -> CollectionDef | None:
    """One collection file (schema in the module docstring), without checks against the pool."""
    f = Fields(node, report, "a collection file", at=SourceLocation(path, 1, 1))
    name = f.optional("name", str, "")
    cards = _read_entries(f, "owned")
    if not f.finish():
        return None
    return CollectionDef(cards, name, f.loc)


def load_collection(path: str | Path, pool: CardPool | None = None) -> CollectionDef:
    """A player's collection file, every card checked against `pool`; raises DataErrors."""
    pool = pool if pool is not None else load_card_pool()
    return _structure(
        read_collection, load_yaml(path), str(path), lambda collection: check_collection(collection, pool)
    )


# ---------------------------------------------------------------------------
# Validation of any file


def load_yaml_as(path: Path, shown: str) -> Any:
    """load_yaml, reporting the file under the name `shown`."""
    try:
        text = read_text(path)
    except DataError as error:
        raise DataError(shown, error.line, error.column, error.message) from None
    return parse_yaml(text, shown)


def file_kind(node: Any) -> str | None:
    """'level', 'deck', 'collection', 'ruler' or 'cards' from a file's top-level keys; None if none fits."""
    if not isinstance(node, dict):
        return None
    if "level" in node and "hp" in node:
        return "level"
    if "ruler" in node and "cards" in node:
        return "deck"
    if "owned" in node:
        return "collection"
    if "life" in node:
        return "ruler"
    if "cards" in node:
        return "cards"
    return None


def _same_file(a: str, b: Path) -> bool:
    try:
        return Path(a).resolve() == b.resolve()
    except OSError:
        return False


def _is_shipped_level(path: Path) -> bool:
    return any(_same_file(str(INVADER_DECKS_DIR / f"level-{n}.yaml"), path) for n in SHIPPED_LEVELS)


def _check_card_file(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    """A card file's own findings, and its ids against the other cards: a shipped file against the other
    shipped files, any other as a player's card file joining `pool` (without its own cards, if `pool` read it)."""
    if any(_same_file(c.location.path, path) for c in _shipped_cards()):
        cards = read_card_file(node, report, shown)
        _check_unique_ids(cards, {c.id: c for c in _shipped_cards() if not _same_file(c.location.path, path)}, report)
        return
    from gateruler.library import add_card_file

    others = [u for u in pool.user_cards() if _same_file(u.card.location.path, path)]
    if others:
        pool = pool.copy()
        for user_card in others:
            pool.remove(user_card.card.id)
            if user_card.replaced is not None:
                pool.add(user_card.replaced)
    add_card_file(pool, node, shown, "", report)


def validate_file(path: str | Path, pool: CardPool | None = None) -> list[Finding]:
    """Every finding about one data file of any kind; never raises for bad data.

    Findings name the file as `path` is written (pass the user's string to
    keep it as typed).  Levels and collections are checked against `pool`
    (default: the shipped cards), decks against it and the rulers (with
    their own card files), card files for ids that clash with the other cards.
    """
    shown = str(path)
    pool = pool if pool is not None else load_card_pool()
    report = Report()
    try:
        node = load_yaml_as(Path(path), shown)
        kind = file_kind(node)
        if kind is None:
            report.error(
                location_of(node, SourceLocation(shown, 1, 1)),
                "cannot tell what kind of file this is: expected a card file ('cards'), a ruler ('life'), "
                "a level ('level' and 'hp'), a deck ('ruler' and 'cards') or a collection ('owned')",
            )
        elif kind == "cards":
            _check_card_file(node, report, shown, Path(path), pool)
        elif kind == "ruler":
            read_ruler(node, report, shown)
        elif kind == "level":
            level = read_level(node, report, shown)
            if level is not None:  # a shipped level's figures are the seed's, held to the shipped cards
                report.extend(check_level(level, load_card_pool() if _is_shipped_level(Path(path)) else pool))
        elif kind == "collection":
            collection = read_collection(node, report, shown)
            if collection is not None:
                report.extend(check_collection(collection, pool))
        else:
            read_player_deck(node, report, shown, pool, load_rulers())
    except (DataError, DataErrors) as error:
        report.add_exception(error)
    return report.findings
