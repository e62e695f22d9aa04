"""Definition data: cards, rulers, rift levels and player decks.

These are frozen because a game never changes them: every clone of a game
shares the same definitions, which is what keeps ``Game.clone()`` cheap.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING

import attrs

from gateruler.vocabulary import CardType, Provenance, SpecialRuleKind

if TYPE_CHECKING:
    from gateruler.engine.abilities import Ability


def word_set(words: Iterable[str]) -> frozenset[str]:
    """The set of a definition's words (keywords, markers), from any iterable of them (a file's list)."""
    return frozenset(words)


@attrs.frozen
class SourceLocation:
    """Where a definition was read from, so later checks can point at it."""

    path: str = ""
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@attrs.frozen
class CardDef:
    id: str
    name: str
    type: CardType
    level: int
    atk: int | None = None
    hp: int | None = None
    stk: int | None = None
    # keyword words (gateruler/engine/keywords.py); any iterable of them is taken (a file's list)
    keywords: frozenset[str] = attrs.field(default=frozenset(), converter=word_set)
    abilities: tuple[Ability, ...] = ()  # its discount (【コスト軽減】) is one of them (gateruler/engine/discount.py)
    names: dict[str, str] = attrs.field(factory=dict, hash=False, eq=False)
    has_cnt: bool = False
    # printed card groups other cards refer to: attributes ("tribes", e.g. Beast,
    # Dragon, Military) and the faction (army) it belongs to, both as printed
    attributes: tuple[str, ...] = ()
    faction: str | None = None
    provenance: Provenance = Provenance.PROVISIONAL
    stats_provenance: Provenance | None = None  # ATK/HP/STK may be less certain than the level
    source: str = ""
    legendary: bool = False
    solo_only: bool = False  # a solo-mode card of the rift (the seed's solo versions)
    # a real card of which we hold only the rift's version (effects unknown or left out)
    rift_only: bool = False
    replaces: bool = False  # a player's card file corrects the shipped card of this id
    timing: str = ""  # an event's timing word (gateruler/engine/timings.py); "": the default (docs/rulings.md 13)
    # marker keywords (CR 16-1a-2): printed words with no rule of their own that other cards refer to
    markers: frozenset[str] = attrs.field(default=frozenset(), converter=word_set)
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)

    @property
    def player_may_use(self) -> bool:
        """Whether a player deck may hold it as far as the card itself says (the ban list is apart)."""
        return not (self.solo_only or self.rift_only)

    @property
    def is_unit(self) -> bool:
        return self.type is CardType.UNIT

    def abilities_for(self, trigger: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.trigger == trigger)

    @property
    def is_provisional(self) -> bool:
        return Provenance.PROVISIONAL in (self.provenance, self.stats_provenance)


@attrs.frozen
class GroupDef:
    """An attribute or a faction as a card file writes it: one identity, named in several languages as a card is.

    `name` is the working name (English where known), `names` the others by
    language code; a card may print any of them, and a filter may name any."""

    name: str
    names: dict[str, str] = attrs.field(factory=dict, hash=False, eq=False)
    colour: str = ""  # a faction's colour (factions map to colours)
    source: str = ""  # where the names come from
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)

    def all_names(self) -> tuple[str, ...]:
        return (self.name, *(n for n in self.names.values() if n))


def fold(name: str) -> str:
    """A group's name as names are compared: case and runs of spaces do not count."""
    return " ".join(name.split()).casefold()


@attrs.frozen
class Groups:
    """The attributes and factions whose names are known (shipped, then a player's card files, a level's).

    Entries sharing a name (whatever its case) are one identity: a player's
    file that lists ``{name: Military, names: {fr: Militaire}}`` adds a name
    to the shipped Military.  :meth:`attribute_names` and :meth:`faction_names`
    give every name (folded) of the identity a written name belongs to, so a
    card printing one name matches a filter naming another."""

    attributes: tuple[GroupDef, ...] = ()
    factions: tuple[GroupDef, ...] = ()
    _index: tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]] = attrs.field(
        init=False, eq=False, hash=False, repr=False
    )

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_index", (_identities(self.attributes), _identities(self.factions)))

    def attribute_names(self, written: str) -> frozenset[str]:
        """Every name of the attribute `written` names, folded (only `written` itself for one no file names)."""
        key = fold(written)
        return self._index[0].get(key, frozenset((key,)))

    def faction_names(self, written: str) -> frozenset[str]:
        key = fold(written)
        return self._index[1].get(key, frozenset((key,)))

    def group_of(self, kind: str, written: str) -> tuple[GroupDef, ...]:
        """The entries (`kind`: "attributes" or "factions") of the identity `written` names, in the order read."""
        names = (self.attribute_names if kind == "attributes" else self.faction_names)(written)
        return tuple(g for g in getattr(self, kind) if any(fold(n) in names for n in g.all_names()))

    def bridged(self, kind: str, entry: GroupDef) -> tuple[str, ...]:
        """The working names of the known identities `entry` would join into one (more than one is a mistake)."""
        found: list[str] = []
        for name in entry.all_names():
            for group in self.group_of(kind, name):
                first = self.group_of(kind, group.name)[0].name
                if first not in found:
                    found.append(first)
        return tuple(found)

    def with_entries(self, attributes: tuple[GroupDef, ...] = (), factions: tuple[GroupDef, ...] = ()) -> Groups:
        if not attributes and not factions:
            return self
        return Groups(self.attributes + attributes, self.factions + factions)


def _identities(entries: tuple[GroupDef, ...]) -> dict[str, frozenset[str]]:
    """folded name -> every folded name of its identity: entries sharing a name are one."""
    sets: list[set[str]] = []
    for entry in entries:
        names = {fold(n) for n in entry.all_names()}
        joined = [s for s in sets if s & names]
        for s in joined:
            names |= s
            sets.remove(s)
        sets.append(names)
    return {name: frozenset(s) for s in sets for name in s}


NO_GROUPS = Groups()


class CostModel(enum.Enum):
    ENERGY = "energy"  # pays cost = level by resting energy (Knight family)
    FREE = "free"  # plays driven cards for free (Apprentice family)


class TurnStartKind(enum.Enum):
    DRAW = "draw"
    DRIVE = "drive"


@attrs.frozen
class DeckRules:
    size: int = 50
    copies_per_name: int = 4
    level_cap: int | None = None
    cnt_cap: int | None = None
    legendary_copies: int = 1
    legendary_names: int = 2


@attrs.frozen
class RulerDef:
    id: str
    name: str
    life: int
    atk: int
    stk: int
    number: str = ""  # the printed ruler number, e.g. "K-11"
    attack_zones: int = 2
    defense_zones: int = 1
    set_zones: int = 3
    energy: int = 0
    opening_hand: int = 0
    turn_start: TurnStartKind = TurnStartKind.DRAW
    turn_start_count: int = 2
    first_turn_count: int | None = None  # the first player's first turn (None: same as turn_start_count)
    energy_readied: int | None = None  # None: all energy readied each turn
    cost_model: CostModel = CostModel.ENERGY
    summon_cap: int | None = 2  # None: no cap
    has_hand: bool = True
    deck_rules: DeckRules = attrs.field(factory=DeckRules)
    provenance: Provenance = Provenance.PUBLISHED
    source: str = ""
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)


@attrs.frozen
class SpecialRule:
    kind: SpecialRuleKind
    params: dict[str, object] = attrs.field(factory=dict, hash=False)
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)

    def param(self, name: str, default: object = None) -> object:
        return self.params.get(name, default)


@attrs.frozen
class DeckEntry:
    card: str
    count: int
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)


_RULES_OF: dict[tuple[int, SpecialRuleKind], tuple[object, tuple[SpecialRule, ...]]] = {}
"""(id(a level), a kind) -> (the level, its special rules of that kind)."""


@attrs.frozen
class StatedFigures:
    """The seed's own numbers for a level, kept apart from what the list adds up to."""

    deck_size: int
    total_level: int
    cnt_cards: int


FIGURES: tuple[str, ...] = tuple(a.name for a in attrs.fields(StatedFigures))
"""The stated figures of a level, as named in a level file's ``stated`` and ``acknowledged_discrepancies``."""


@attrs.frozen
class LevelDef:
    number: int
    name: str
    hp: int
    atk: int
    stk: int
    keywords: frozenset[str] = attrs.field(default=frozenset(), converter=word_set)
    drives_per_turn: int = 2
    stated: StatedFigures | None = None
    cards: tuple[DeckEntry, ...] = ()
    special_rules: tuple[SpecialRule, ...] = ()
    names: dict[str, str] = attrs.field(factory=dict, hash=False, eq=False)
    briefing: str = ""
    notes: str = ""  # e.g. how a seed discrepancy is handled
    # stated figures ("deck_size", "total_level", "cnt_cards") known not to match the list
    acknowledged_discrepancies: frozenset[str] = attrs.field(default=frozenset(), converter=word_set)
    # cards defined by the level's own card files (`card_files:`), known to this level only
    own_cards: tuple[CardDef, ...] = ()
    # the attribute and faction names those files add (a `Groups` of their entries only)
    own_groups: Groups = NO_GROUPS
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)
    # where individual fields were written ("cards", "stated.deck_size", ...), for checks
    field_locations: dict[str, SourceLocation] = attrs.field(factory=dict, eq=False, hash=False)
    # rule variants the level is played under (gateruler/variants.py): name -> value, checked when read
    variants: dict[str, str] = attrs.field(factory=dict, hash=False)

    @property
    def deck_size(self) -> int:
        return sum(e.count for e in self.cards)

    def card_ids(self) -> list[str]:
        """The deck as a list of card ids, in list order (shuffle before use)."""
        return _card_ids(self, self.cards)

    def rules_of(self, kind: SpecialRuleKind) -> tuple[SpecialRule, ...]:
        """The level's special rules of `kind`: asked at every turn, so found once per level and kind."""
        if not self.special_rules:
            return ()
        hit = _RULES_OF.get((id(self), kind))
        if hit is None or hit[0] is not self:
            if len(_RULES_OF) >= 256:
                _RULES_OF.clear()
            hit = _RULES_OF[(id(self), kind)] = (self, tuple(r for r in self.special_rules if r.kind is kind))
        return hit[1]


_CARD_IDS: dict[int, tuple[object, list[str]]] = {}
"""id(a level or deck) -> (it, its card list): each of a batch's games asks its deck's and its level's again."""


def _card_ids(owner: object, cards: tuple[DeckEntry, ...]) -> list[str]:
    """The card ids of `cards` (a frozen deck's or level's entries, so worked out once for `owner`), a new list."""
    hit = _CARD_IDS.get(id(owner))
    if hit is None or hit[0] is not owner:
        if len(_CARD_IDS) >= 256:
            _CARD_IDS.clear()
        hit = _CARD_IDS[id(owner)] = (owner, [e.card for e in cards for _ in range(e.count)])
    return hit[1][:]


@attrs.frozen
class DeckDef:
    name: str
    ruler: str
    cards: tuple[DeckEntry, ...]
    sample: bool = False
    description: str = ""
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)
    # where individual fields were written ("cards", "ruler", ...), for checks
    field_locations: dict[str, SourceLocation] = attrs.field(factory=dict, eq=False, hash=False)
    # the deck's own card files (`card_files:`), absolute, in the order written
    card_files: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return sum(e.count for e in self.cards)

    def card_ids(self) -> list[str]:
        return _card_ids(self, self.cards)


@attrs.frozen
class CollectionDef:
    """The cards a player owns, deck included: what ``gateruler tune`` may put in a deck."""

    cards: tuple[DeckEntry, ...]
    name: str = ""
    location: SourceLocation = attrs.field(factory=SourceLocation, eq=False, hash=False)

    def owned(self) -> dict[str, int]:
        """Copies owned, by card id, in the order the file lists them."""
        return {e.card: e.count for e in self.cards}
