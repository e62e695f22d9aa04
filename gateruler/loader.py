"""Loading the project's YAML data into definitions, with every error located.

Public API (others code against these names):

* :func:`load_card_pool`, :func:`parse_cards`: cards;
* :func:`load_rulers`: rulers;
* :func:`load_level`, :func:`shipped_levels`, :data:`INVADER_DECKS_DIR`: rift levels;
* :func:`load_deck`, :func:`sample_deck_path`: player decks;
* :func:`check_level`, :func:`check_deck` (from :mod:`gateruler.validation`),
  :class:`Finding`, :func:`validate_file`: checks.

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
        keywords: [pierce]        # optional, vocabulary.Keyword values
        attributes: [Beast]       # optional: printed attributes ("tribes"), as printed
        faction: 東妖軍            # optional: the printed faction (army)
        cnt: true                 # optional (false): the card has a CNT icon
        abilities:                # optional
          - trigger: on_enter     # vocabulary.Trigger values
            text: our own wording # optional
            effects:
              - {effect: damage, target: enemy_ruler, amount: 2}   # vocabulary.EFFECTS
        provenance: deduced       # seed | deduced | published | provisional (identity, level, CNT)
        stats: provisional        # optional: provenance of ATK/HP/STK when different
        source: free text         # optional: where the numbers come from
        legendary: false          # optional
        solo_only: false          # optional: a solo-mode rift card, not for player decks

  Each effect names its ``effect`` word, a ``target`` the word accepts (none
  for ``reuse_on_enter``), its required parameters and any optional ones,
  with their types.  Triggers fit card types: ``on_play`` is for events;
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

Deck file (``gateruler/data/decks/*.yaml``)::

    name: Knight sample
    ruler: knight
    sample: true                  # optional: a shipped sample, not a tuned list
    description: text             # optional
    cards:
      - {card: PROV-001, count: 4}

:func:`validate_file` tells the kinds apart by their top-level keys: ``level``
and ``hp`` make a level, ``ruler`` and ``cards`` a deck, ``life`` a ruler,
``cards`` alone a card file.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

import gateruler
from gateruler.cardpool import CardPool
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import (
    CardDef,
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
from gateruler.validation import FIGURES, check_deck, check_level
from gateruler.vocabulary import (
    EFFECTS,
    MOVE_DESTINATIONS,
    SPECIAL_RULES,
    Ability,
    CardType,
    Duration,
    Effect,
    EffectKind,
    Keyword,
    Provenance,
    SpecialRuleKind,
    Target,
    Trigger,
)
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
    "check_deck",
    "check_level",
    "file_kind",
    "load_card_pool",
    "load_deck",
    "load_level",
    "load_rulers",
    "parse_cards",
    "parse_deck",
    "parse_level",
    "read_cards",
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
INVADER_DECKS_DIR = Path(gateruler.__file__).parent.parent / "invader_decks"
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
        f.error(f.key_loc(key), f"the list has {total:,} cards; a list holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)")
    return tuple(entries)


# ---------------------------------------------------------------------------
# Cards

_TRIGGER_TYPES = {
    Trigger.ON_PLAY: {CardType.EVENT},
    Trigger.ON_ENTER: {CardType.UNIT, CardType.FIELD},
    Trigger.ON_ATTACK: {CardType.UNIT},
    Trigger.ON_DESTROYED: {CardType.UNIT},
    Trigger.CNT: {CardType.UNIT, CardType.EVENT, CardType.FIELD},
    Trigger.START_OF_TURN: {CardType.UNIT, CardType.FIELD},
    Trigger.CONTINUOUS: {CardType.UNIT, CardType.FIELD},
}
# parameter name -> the type YAML must give (vocabulary types refined: enums, bounds)
_PARAM_CHECKS: dict[str, dict[str, Any]] = {
    "amount": {"min": 1},
    "to": {"choices": MOVE_DESTINATIONS},
}


def _read_effect(node: Any, loc: SourceLocation, report: Report) -> Effect | None:
    f = Fields(node, report, "an effect", at=loc)
    kind = f.required("effect", EffectKind)
    if kind is MISSING:
        f.finish(known=list(f.node or ()))  # without a known word its parameters cannot be checked
        return None
    spec = EFFECTS[kind]
    target = None
    if spec.targets:
        target = f.required("target", Target)
        if target and target not in spec.targets:
            accepted = ", ".join(sorted(t.value for t in spec.targets))
            f.error(f.value_loc("target"), f"effect {kind.value!r} does not accept target {target.value!r} (it accepts: {accepted})")
    elif "target" in f:
        f.raw("target")
        f.error(f.key_loc("target"), f"effect {kind.value!r} takes no target")
    values: dict[str, Any] = {}
    for name, kind_of in spec.params.items():
        values[name] = f.required(name, kind_of, **_PARAM_CHECKS.get(name, {}))
    for name, kind_of in spec.optional.items():
        wanted = Duration if name == "duration" else kind_of
        value = f.optional(name, wanted, MISSING, **_PARAM_CHECKS.get(name, {}))
        if value is not MISSING:
            values[name] = value
    if kind is EffectKind.MODIFY and not any(values.get(s) for s in ("atk", "hp", "stk")):
        f.error(f.loc, "effect 'modify' needs a non-zero atk, hp or stk")
    if not f.finish():
        return None
    return Effect(kind, target, **values)


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeio' else 'a'} {word}"  # a unit, an event, a field


def _read_ability(node: Any, loc: SourceLocation, card_type: Any, has_cnt: bool, report: Report) -> Ability | None:
    f = Fields(node, report, "an ability", at=loc)
    trigger = f.required("trigger", Trigger)
    text = f.optional("text", str, "")
    if trigger and isinstance(card_type, CardType) and card_type not in _TRIGGER_TYPES[trigger]:
        allowed = ", ".join(sorted(t.value for t in _TRIGGER_TYPES[trigger]))
        f.error(f.value_loc("trigger"), f"trigger {trigger.value!r} does not apply to {_a(card_type.value)} (only to: {allowed})")
    if trigger is Trigger.CNT and not has_cnt:
        f.error(f.value_loc("trigger"), "a card with a CNT ability must say 'cnt: true'")
    items = _items(f, "effects", required=True)
    if "effects" in f and not items and isinstance(f.raw("effects"), list):
        f.error(f.value_loc("effects"), "an ability needs at least one effect")
    effects = [_read_effect(item, item_loc, report) for item, item_loc in items]
    if trigger is Trigger.CONTINUOUS:
        for effect, (_, item_loc) in zip(effects, items):
            if effect is not None and effect.kind is not EffectKind.MODIFY:
                f.error(item_loc, f"a continuous ability can only 'modify' (not {effect.kind.value!r})")
    if not f.finish():
        return None
    return Ability(trigger, tuple(effects), text)


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
    keywords = f.enum_list("keywords", Keyword, "keyword")
    attributes = _read_words(f, "attributes", "attribute")
    faction = f.optional("faction", str, None)
    has_cnt = f.optional("cnt", bool, False)
    ability_items = _items(f, "abilities")
    abilities = [_read_ability(item, loc, card_type, has_cnt, report) for item, loc in ability_items]
    provenance = f.required("provenance", Provenance)
    stats_provenance = f.optional("stats", Provenance, None)
    source = f.optional("source", str, "")
    legendary = f.optional("legendary", bool, False)
    solo_only = f.optional("solo_only", bool, False)
    for ability, (_, loc) in zip(abilities, ability_items):
        if ability is None:
            continue
        reuses = any(e.kind is EffectKind.REUSE_ON_ENTER for e in ability.effects)
        if reuses and not any(a is not None and a.trigger is Trigger.ON_ENTER for a in abilities):
            f.error(loc, "effect 'reuse_on_enter' needs an on_enter ability on the same card")
    if not f.finish():
        return None
    return CardDef(
        id=card_id,
        name=name,
        type=card_type,
        level=level,
        keywords=frozenset(keywords),
        abilities=tuple(abilities),
        names=names,
        has_cnt=has_cnt,
        attributes=attributes,
        faction=faction,
        provenance=provenance,
        stats_provenance=stats_provenance,
        source=source,
        legendary=legendary,
        solo_only=solo_only,
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
            report.error(card.location, f"duplicate card id {card.id!r} (also in {other.location.path}:{other.location.line})")
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


@functools.lru_cache(maxsize=None)
def _shipped_cards() -> tuple[CardDef, ...]:
    report = Report()
    cards = _read_card_files(sorted(CARDS_DIR.glob("*.yaml")), {}, report)
    report.raise_errors()
    return tuple(cards)


def load_card_pool(extra_paths: Iterable[Path] = ()) -> CardPool:
    """The shipped cards (gateruler/data/cards/*.yaml, read once) plus any extra card files.

    An id in an extra file that is already known (shipped or in another
    extra file) is an error: extra files add cards, they do not replace them.
    """
    shipped = _shipped_cards()
    extra_paths = list(extra_paths)
    if not extra_paths:
        return CardPool(shipped)
    report = Report()
    extra = _read_card_files(extra_paths, {c.id: c for c in shipped}, report)
    report.raise_errors()
    return CardPool((*shipped, *extra))


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


@functools.lru_cache(maxsize=None)
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


def _read_level_card_files(f: Fields, path: str, report: Report) -> tuple[CardDef, ...]:
    """The cards of a level's ``card_files``, each path relative to the level file.

    An authored level brings its new cards along, so that validating,
    playing and checking it needs nothing but the level file.  The cards
    join the shipped ones for this level only; an id already shipped (or in
    another of its files) is an error, as in :func:`load_card_pool`.
    """
    known = {c.id: c for c in _shipped_cards()}
    cards: list[CardDef] = []
    read: set[Path] = set()  # each file once: a list naming one file a thousand times is not read a thousand times
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
        cards += _read_card_files([card_path], known, report)
    return tuple(cards)


def read_level(node: Any, report: Report, path: str = "") -> LevelDef | None:
    """One level file (schema in the module docstring); None when it has errors."""
    f = Fields(node, report, "a level file", at=SourceLocation(path, 1, 1))
    number = f.required("level", int, min=1)
    name = f.required("name", str)
    names = _read_names(f)
    hp = f.required("hp", int, min=1)
    atk = f.required("atk", int, min=0)
    stk = f.required("stk", int, min=0)
    keywords = f.enum_list("keywords", Keyword, "keyword")
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
    if not f.finish():
        return None
    return LevelDef(
        number=number,
        name=name,
        hp=hp,
        atk=atk,
        stk=stk,
        keywords=frozenset(keywords),
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
    )


def _structure(read: Callable[[Any, Report, str], T | None], node: Any, path: str, check: Callable[[T], list[Finding]] | None = None) -> T:
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
    return _load_level(_level_path(ref), pool if pool is not None else load_card_pool(), str(ref))


@functools.lru_cache(maxsize=None)
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
    """One deck file (schema in the module docstring), without legality checks."""
    f = Fields(node, report, "a deck file", at=SourceLocation(path, 1, 1))
    name = f.required("name", str)
    ruler = f.required("ruler", str)
    sample = f.optional("sample", bool, False)
    description = f.optional("description", str, "")
    cards = _read_entries(f, "cards")
    locations = {"ruler": f.value_loc("ruler"), "cards": f.key_loc("cards")}
    if not f.finish():
        return None
    return DeckDef(name, ruler, cards, sample, description, f.loc, locations)


def parse_deck(node: Any, path: str) -> DeckDef:
    """Structure a located deck mapping (no legality checks); raises DataErrors."""
    return _structure(read_deck, node, path)


def load_deck(path: str | Path, pool: CardPool | None = None, rulers: dict[str, RulerDef] | None = None) -> DeckDef:
    """A player deck file, checked against its ruler's deck rules and the ban list; raises DataErrors."""
    pool = pool if pool is not None else load_card_pool()
    rulers = rulers if rulers is not None else load_rulers()
    return _structure(read_deck, load_yaml(path), str(path), lambda deck: check_deck(deck, pool, rulers))


def sample_deck_path(ruler_id: str = "knight") -> Path:
    """The shipped sample deck for a ruler (gateruler/data/decks/<ruler>-sample.yaml)."""
    path = DECKS_DIR / f"{ruler_id}-sample.yaml"
    if not path.is_file():
        known = sorted(p.name.removesuffix("-sample.yaml") for p in DECKS_DIR.glob("*-sample.yaml"))
        raise GateRulerError(f"no sample deck for ruler {ruler_id!r} (there are: {', '.join(known)})")
    return path


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
    """'level', 'deck', 'ruler' or 'cards' from a file's top-level keys; None if none fits."""
    if not isinstance(node, dict):
        return None
    if "level" in node and "hp" in node:
        return "level"
    if "ruler" in node and "cards" in node:
        return "deck"
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


def validate_file(path: str | Path) -> list[Finding]:
    """Every finding about one data file of any kind; never raises for bad data.

    Findings name the file as `path` is written (pass the user's string to
    keep it as typed).  Levels are checked against the shipped card pool,
    decks against the shipped pool and rulers, card files for ids that clash
    with the other shipped card files.
    """
    shown = str(path)
    report = Report()
    try:
        node = load_yaml_as(Path(path), shown)
        kind = file_kind(node)
        if kind is None:
            report.error(
                location_of(node, SourceLocation(shown, 1, 1)),
                "cannot tell what kind of file this is: expected a card file ('cards'), a ruler ('life'), "
                "a level ('level' and 'hp') or a deck ('ruler' and 'cards')",
            )
        elif kind == "cards":
            cards = read_card_file(node, report, shown)
            others = {c.id: c for c in _shipped_cards() if not _same_file(c.location.path, Path(path))}
            _check_unique_ids(cards, others, report)
        elif kind == "ruler":
            read_ruler(node, report, shown)
        elif kind == "level":
            level = read_level(node, report, shown)
            if level is not None:
                report.extend(check_level(level, load_card_pool()))
        else:
            deck = read_deck(node, report, shown)
            if deck is not None:
                report.extend(check_deck(deck, load_card_pool(), load_rulers()))
    except (DataError, DataErrors) as error:
        report.add_exception(error)
    return report.findings
