"""Filters: which cards a target, a continuous effect, a condition or a cost is about.

A filter is data (``{side: own, type: unit, attribute: Beast, level: {max: 2}}``)
compiled once, when the card is loaded, into a `CardFilter`: where to look
(a side relative to the card's controller, and zones, the board by default)
and a predicate on each card found there, built from the property words of
:data:`FILTER_WORDS`.  Predicates are small frozen objects, so card
definitions stay values and copying a game never copies them.

Board cards are tested as they are now (current ATK/HP/STK, act or rest);
cards elsewhere by what is printed on them.  A damage-zone card turned face
down (DR) shows nothing, so it matches only a filter that asks no property.  `cost` is the printed level,
never below 0 (what an energy ruler pays).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.actions import UNIT_SLOTS
from gateruler.engine.registry import COMPARISON, KEYWORD, PROPERTIES, Choice, ListOf, OneOrMany, Registry
from gateruler.engine.stats import READS
from gateruler.models import fold
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


SIDES = Choice(
    "sides",
    ("own", "enemy", "any"),
    {
        "own": "The side of the card that has the ability (its controller).",
        "enemy": "The other side.",
        "any": "Both sides, the controller's first.",
    },
)
# zone word -> the SideState list that holds it
ZONE_LISTS = {
    "hand": "hand",
    "deck": "deck",
    "graveyard": "graveyard",
    "damage_zone": "damage_zone",
    "set_zone": "set_zones",
    "drive_zone": "drive",
    "field_zone": "field",
    "removed": "removed",
    "soul": "soul_cards",
}
BOARD = "board"
FIELD_ZONE = "field_zone"
SET_ZONE = "set_zone"
ZONES = Choice(
    "zones",
    (BOARD, *ZONE_LISTS),
    {
        BOARD: "The units in the attack and defense zones (the default).",
        "hand": "The hand (a ruler without one has none: it counts 0 cards, CR 1-5g).",
        "deck": "The deck.",
        "graveyard": "The graveyard.",
        "damage_zone": "The damage zone.",
        "set_zone": "The set zones (the rift has none).",
        "drive_zone": "The drive zone.",
        "field_zone": "The field zone (the rift has none).",
        "removed": "Cards removed from the game.",
        "soul": "The soul cards under the side's cards (units and field cards), card by card.",
    },
)
STATES = Choice(
    "states",
    ("act", "rest"),
    {"act": "Upright: it can attack or be rested.", "rest": "Turned sideways (it attacked, or paid a cost)."},
)
CARD_TYPES = Choice("card types", tuple(t.value for t in CardType))
_SIDE_CODES = {"any": 0, "own": 1, "enemy": 2}


# ---------------------------------------------------------------------- predicates
# Each is called as test(game, side, iid, slot): `slot` is the board slot of a
# unit on the board, -1 for a card anywhere else.


@attrs.frozen(slots=True)
class TypeIs:
    type: CardType

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return game.setup.defs[iid].type is self.type


@attrs.frozen(slots=True)
class HasAttribute:
    """The card has the attribute, named in any of its languages (`Setup.attribute_names`: the pool's Groups)."""

    attribute: str  # folded (models.fold)

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return self.attribute in game.setup.attribute_names[iid]


@attrs.frozen(slots=True)
class FactionIs:
    """The card's faction, named in any of its languages (`Setup.faction_names`)."""

    faction: str  # folded

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return self.faction in game.setup.faction_names[iid]


@attrs.frozen(slots=True)
class HasKeyword:
    keyword: str

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return self.keyword in (game.keywords(side, slot) if slot >= 0 else game.setup.defs[iid].keywords)


@attrs.frozen(slots=True)
class HasMarker:
    marker: str

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return self.marker in game.setup.defs[iid].markers


def _names(game: GameState, iid: int) -> Iterable[str]:
    card = game.setup.defs[iid]
    yield card.name
    yield from card.names.values()


@attrs.frozen(slots=True)
class NameIs:
    name: str  # casefolded

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return any(n.casefold() == self.name for n in _names(game, iid))


@attrs.frozen(slots=True)
class NameContains:
    part: str  # casefolded

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return any(self.part in n.casefold() for n in _names(game, iid))


def stat_value(game: GameState, stat: str, side: int, iid: int, slot: int) -> int:
    """A number a filter compares: current on the board, printed elsewhere."""
    card = game.setup.defs[iid]
    if stat == "level":
        return card.level
    if stat == "cost":
        return max(card.level, 0)
    if slot >= 0:
        return READS[stat](game, side, slot)
    return getattr(card, stat) or 0


@attrs.frozen(slots=True)
class StatIn:
    stat: str  # level, cost, atk, hp, stk
    low: int | None = None
    high: int | None = None

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        value = stat_value(game, self.stat, side, iid, slot)
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@attrs.frozen(slots=True)
class StateIs:
    rested: bool

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return slot >= 0 and game.sides[side].board[slot].rested is self.rested  # type: ignore[union-attr]


@attrs.frozen(slots=True)
class SoulIn:
    """How many soul cards the card holds (0 for a card that is neither on the board nor in a field zone)."""

    low: int | None = None
    high: int | None = None

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        value = len(game.sides[side].soul.get(iid, ()))
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


@attrs.frozen(slots=True)
class EnteredAs:
    """How a unit on the board entered it: `special` takes in every kind of special summon."""

    how: str

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        if slot < 0:
            return False
        how = game.sides[side].board[slot].how  # type: ignore[union-attr]  # slot >= 0: a unit there
        return how == self.how or (self.how == "special" and how != "normal")


@attrs.frozen(slots=True)
class AllOf:
    tests: tuple[Any, ...]

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        for t in self.tests:  # a loop, not all(...): no generator per card tested
            if not t(game, side, iid, slot):
                return False
        return True


@attrs.frozen(slots=True)
class AnyOf:
    tests: tuple[Any, ...]

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        for t in self.tests:  # a loop, not any(...): no generator per card tested
            if t(game, side, iid, slot):
                return True
        return False


@attrs.frozen(slots=True)
class NotTest:
    test: Any

    def __call__(self, game: GameState, side: int, iid: int, slot: int) -> bool:
        return not self.test(game, side, iid, slot)


PRINTED_TESTS = (
    TypeIs,
    HasAttribute,
    FactionIs,
    HasKeyword,
    HasMarker,
    NameIs,
    NameContains,
    StatIn,
    StateIs,
    EnteredAs,
)
"""The predicates that, for a card off the board (slot -1), read only its definition and the setup's tables of it
(`SoulIn` reads the soul a field card holds)."""


def reads_printed(test: Any) -> bool:
    """Whether `test`, for a card off the board, reads only what is printed on it (`PRINTED_TESTS`, and `and`, `or`
    and `not` of them): its answer is then the same for the card in every game of a setup."""
    kind = type(test)
    if kind is AllOf or kind is AnyOf:
        return all(map(reads_printed, test.tests))
    if kind is NotTest:
        return reads_printed(test.test)
    return kind in PRINTED_TESTS


def _printed_row(game: GameState, test: Any) -> list[bool | None] | None:
    """For each card of the game, whether `test` takes it in off the board, None while not yet asked; None for a test
    that reads more than the printed card.  Kept per setup and test (`Setup.printed`: a search tests every card of a
    deck), filled in as cards are asked about (a setup's hundred cards tested at once cost a short game's worth)."""
    memo = game.setup.printed
    hit = memo.get(id(test))
    if hit is not None and hit[0] is test:  # the memo keeps the test alive: its id is no other's
        return hit[1]
    if len(memo) >= 256:
        memo.clear()
    row: list[bool | None] | None = [None] * len(game.setup.defs) if reads_printed(test) else None
    memo[id(test)] = (test, row)
    return row


def kept_off_board(game: GameState, side: int, test: Any, cards: Sequence[int]) -> list[int]:
    """The cards of `cards` (of `side`, off the board) that `test` takes in (None: all), in their order."""
    if test is None:
        return list(cards)
    row = _printed_row(game, test)
    if row is None:
        return [iid for iid in cards if test(game, side, iid, -1)]
    marks = list(map(row.__getitem__, cards))  # C-level: a deck's forty cards
    if None in marks:
        for at, iid in enumerate(cards):
            if marks[at] is None:
                marks[at] = row[iid] = bool(test(game, side, iid, -1))
    return list(compress(cards, marks))


def all_of(tests: Iterable[Any]) -> Any:
    """One predicate for several (None when there are none: every card matches)."""
    tests = tuple(tests)
    if not tests:
        return None
    return tests[0] if len(tests) == 1 else AllOf(tests)


# ---------------------------------------------------------------------- the compiled filter


@attrs.frozen(slots=True)
class CardFilter:
    """Where to look and what to keep; `describe()` says it in words."""

    side: str = "any"  # own | enemy | any, relative to the controller
    zones: tuple[str, ...] = (BOARD,)
    test: Any = None  # a predicate, or None for every card there
    text: str = attrs.field(default="", eq=False)  # the phrase shorthands and readers show

    @property
    def board_only(self) -> bool:
        return self.zones == (BOARD,)

    def sides(self, controller: int) -> tuple[int, ...]:
        code = _SIDE_CODES[self.side]
        if code == 1:
            return (controller,)
        if code == 2:
            return (1 - controller,)
        return (controller, 1 - controller)

    def matches(self, game: GameState, controller: int, side: int, iid: int, slot: int = -1, zone: str = BOARD) -> bool:
        """Whether the card `iid` of `side`, found in `zone` (board `slot`), passes for a card controlled by `controller`."""
        code = _SIDE_CODES[self.side]
        if code and (side == controller) != (code == 1):
            return False
        if zone not in self.zones:
            return False
        return self.test is None or self.test(game, side, iid, slot)

    def places(self, game: GameState, controller: int) -> list[tuple[int, Any, int]]:
        """Every matching card as (side, where, iid): `where` is the board slot, or the zone word.

        Order: the controller's side first; zones as listed; board slots left
        attack, right attack, defense; other zones oldest first (a deck's
        top is its last card)."""
        out: list[tuple[int, Any, int]] = []
        test = self.test
        code = _SIDE_CODES[self.side]  # `sides` without its call
        for side in (controller,) if code == 1 else (1 - controller,) if code == 2 else (controller, 1 - controller):
            s = game.sides[side]
            for zone in self.zones:
                if zone == BOARD:
                    board = s.board
                    for slot in UNIT_SLOTS:
                        u = board[slot]
                        if u is not None and (test is None or test(game, side, u.iid, slot)):
                            out.append((side, slot, u.iid))
                else:
                    cards = getattr(s, ZONE_LISTS[zone])
                    if zone == "deck":
                        cards = sorted(cards)  # its order is hidden: the cards are offered in a fixed order
                    elif zone == SET_ZONE:
                        cards = [iid for iid in cards if iid is not None]  # None: an empty set zone
                    elif zone == "damage_zone" and test is not None and s.face_down:
                        hidden = s.face_down  # a face-down card shows nothing: it has no property to match
                        cards = [iid for iid in cards if iid not in hidden]
                    for iid in kept_off_board(game, side, test, cards):
                        out.append((side, zone, iid))
        return out

    def count(self, game: GameState, controller: int) -> int:
        if self.test is None:
            total = 0
            for side in self.sides(controller):
                s = game.sides[side]
                for zone in self.zones:
                    if zone == BOARD:
                        total += sum(1 for u in s.board if u is not None)
                    else:
                        total += sum(1 for c in getattr(s, ZONE_LISTS[zone]) if c is not None)
            return total
        return len(self.places(game, controller))

    def describe(self) -> str:
        return self.text or _describe(self)


def _describe(f: CardFilter) -> str:
    who = {"own": "your ", "enemy": "enemy ", "any": ""}[f.side]
    where = "" if f.board_only else " in " + " or ".join(z.replace("_", " ") for z in f.zones)
    what = "unit" if f.board_only else "card"
    extra = " that match a filter" if f.test is not None else ""
    return f"{who}{what}s{where}{extra}"


# ---------------------------------------------------------------------- the property words


@attrs.frozen
class PropertyWord:
    """One key of a filter mapping: the value it takes and the predicate it builds."""

    name: str
    kind: Any
    doc: str
    example: Any
    build: Callable[[Any], Any]  # value -> predicate (side and zone build none: they say where to look)
    where: bool = False  # side / zone: only at the top of a filter


FILTER_WORDS: Registry[PropertyWord] = Registry("filter property")


def prop(name: str, kind: Any, doc: str, example: Any, build: Callable[[Any], Any], *, where: bool = False) -> None:
    FILTER_WORDS.add(name, PropertyWord(name, kind, doc, example, build, where))


def _comparison(stat: str) -> Callable[[Any], Any]:
    def build(value: Any) -> Any:
        if isinstance(value, int):
            return StatIn(stat, value, value)
        return StatIn(stat, value.get("min"), value.get("max"))

    return build


prop(
    "side",
    SIDES,
    "Whose cards: `own` (the controller's), `enemy` or `any` (the default).",
    "own",
    lambda v: None,
    where=True,
)
prop(
    "zone",
    OneOrMany(ZONES),
    "Where to look: one zone or a list (default `board`: the units in the attack and defense zones).",
    "graveyard",
    lambda v: None,
    where=True,
)
prop("type", CARD_TYPES, "The card type.", "unit", lambda v: TypeIs(CardType(v)))
prop(
    "attribute",
    str,
    "An attribute printed on the card (Beast, Dragon, Military...), by any of its names in any language "
    "(the card files' `attributes`: Military is ミリタリー too); case does not matter.",
    "Beast",
    lambda v: HasAttribute(fold(v)),
)
prop(
    "faction",
    str,
    "The printed faction (army), by any of its names (the card files' `factions`: 東妖軍 is Yomajin Front too); "
    "case does not matter.",
    "東妖軍",
    lambda v: FactionIs(fold(v)),
)
prop("keyword", KEYWORD, "A keyword the card has (on the board: granted ones too).", "pierce", HasKeyword)
prop(
    "marker",
    str,
    "A marker keyword printed on the card (its `markers`: words with no rule of their own, CR 16-1a-2).",
    "警戒",
    HasMarker,
)
prop(
    "name",
    str,
    "The card's name in any of its languages, whole (case does not matter).",
    "Dark Knight Dista",
    lambda v: NameIs(v.casefold()),
)
prop(
    "name_contains",
    str,
    "Part of the card's name in any of its languages (case does not matter).",
    "Dark Knight",
    lambda v: NameContains(v.casefold()),
)
for _stat, _what in (
    ("level", "printed level"),
    ("cost", "cost (the printed level, at least 0)"),
    ("atk", "ATK (current on the board)"),
    ("hp", "HP (current on the board)"),
    ("stk", "STK (current on the board)"),
):
    prop(
        _stat,
        COMPARISON,
        f"The {_what}: a number, or `{{min: a, max: b}}` (either bound may be left out).",
        {"max": 1},
        _comparison(_stat),
    )
prop("state", STATES, "Act or rest (only units on the board have one).", "act", lambda v: StateIs(v == "rest"))
prop(
    "soul",
    COMPARISON,
    "How many soul cards it holds: a number, or `{min: a, max: b}` (a card neither on the board nor in a field zone holds none).",
    {"min": 2},
    lambda v: SoulIn(v, v) if isinstance(v, int) else SoulIn(v.get("min"), v.get("max")),
)
ENTERED = Choice(
    "ways of entering",
    ("normal", "special", "genesis"),
    {
        "normal": "Played: a normal summon, a drive, an open card.",
        "special": "Special-summoned by an effect (any kind, genesis summon included).",
        "genesis": "Special-summoned by a genesis summon (【創生召喚】).",
    },
)
prop("entered", ENTERED, "How a unit on the board entered it (cards elsewhere match neither).", "special", EnteredAs)
prop(
    "and",
    ListOf(PROPERTIES, min_items=1),
    "Every one of these property mappings holds.",
    [{"type": "unit"}, {"level": {"min": 2}}],
    lambda v: AllOf(tuple(v)),
)
prop(
    "or",
    ListOf(PROPERTIES, min_items=1),
    "At least one of these property mappings holds.",
    [{"attribute": "Beast"}, {"attribute": "Dragon"}],
    lambda v: AnyOf(tuple(v)),
)
prop("not", PROPERTIES, "This property mapping does not hold.", {"attribute": "Dragon"}, NotTest)

STAT_PROPERTIES = frozenset({"atk", "hp", "stk"})
"""Properties that read current stats: a continuous effect may not depend on them (it would depend on itself)."""


def compile_filter(
    side: str = "any", zones: Iterable[str] = (BOARD,), tests: Iterable[Any] = (), text: str = ""
) -> CardFilter:
    return CardFilter(side, tuple(zones), all_of(tests), text)
