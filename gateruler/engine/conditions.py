"""Conditions: what must hold for an ability to be used (`requires:`) or an effect to resolve (`if:`).

A condition is a mapping with one word as its key, e.g. ``{count: {side:
own, zone: graveyard}, min: 3}``, ``{exists: {side: own, attribute: Beast}}``,
``{turn: own}``, or ``all``/``any``/``not`` of others.  Each word is a
frozen class (its parameters; the first is written under the word itself)
with ``holds(game, side, source, bound)``: `side` controls the ability,
`source` is its card, `bound` the results earlier effects of the same
ability bound with ``as:`` (frames.py).

Two moments, as Forge separates restrictions from conditions: an ability's
`requires` decides whether it may be used or triggers at all; an effect's
`if` is checked when that effect resolves.  A ruler with no hand (the rift,
the Apprentice) has 0 cards in hand (CR 1-5g): counting its hand counts
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from gateruler.engine.registry import CONDITION, FILTER, PROPERTIES, Choice, ListOf, Param, Registry, param, params_of

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

Bound = tuple


@attrs.frozen
class ConditionWord:
    name: str
    spec: type
    doc: str
    params: tuple[Param, ...]  # the first is written under the word itself
    check: Callable[[Any], str | None] | None = None  # a rule across parameters, for the loader
    reads_bound: bool = False  # it asks about an earlier effect's `as:` result


CONDITIONS: Registry[ConditionWord] = Registry("condition")


def condition(
    name: str, doc: str, *, check: Callable[[Any], str | None] | None = None, reads_bound: bool = False
) -> Callable[[type[Any]], type[Any]]:
    """Register a condition class under `name` (a class decorator)."""

    def register(spec: type[Any]) -> type[Any]:
        spec.word = name
        CONDITIONS.add(name, ConditionWord(name, spec, doc, params_of(spec), check, reads_bound))
        return spec

    return register


def _bounds(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} to {high}" if low != high else f"exactly {low}"
    return f"{low} or more" if low is not None else f"at most {high}"


def _needs_a_bound(c: Any) -> str | None:
    return None if c.min is not None or c.max is not None else "condition 'count' needs 'min' or 'max'"


@condition(
    "count",
    "The number of cards the filter finds is within `min`..`max` (zone: board by default).",
    check=_needs_a_bound,
)
@attrs.frozen(kw_only=True)
class Count:
    filter: Any = param(FILTER, "The cards to count.", {"side": "own", "zone": "graveyard"}, key="count")
    min: int | None = param(int, "At least this many.", 3, default=None, minimum=0)
    max: int | None = param(int, "At most this many.", 5, default=None, minimum=0)

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        n = self.filter.count(game, side)
        return (self.min is None or n >= self.min) and (self.max is None or n <= self.max)

    def words(self) -> str:
        return f"there are {_bounds(self.min, self.max)} {self.filter.describe()}"


@condition(
    "exists",
    "At least one card matches the filter (e.g. you control a Beast: `{exists: {side: own, attribute: Beast}}`).",
)
@attrs.frozen(kw_only=True)
class Exists:
    filter: Any = param(FILTER, "The cards to look for.", {"side": "own", "attribute": "Beast"}, key="exists")

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        return bool(self.filter.places(game, side))

    def words(self) -> str:
        return f"there is one of {self.filter.describe()}"


@condition(
    "self",
    "The card that has the ability has these properties now (e.g. 2 or more soul: `{self: {soul: {min: 2}}}`; "
    "how it entered: `{self: {entered: special}}`).",
)
@attrs.frozen(kw_only=True)
class Itself:
    test: Any = param(
        PROPERTIES,
        "Properties of the card itself, read where it is now (on the board: its current stats).",
        {"soul": {"min": 2}},
        key="self",
    )

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        if self.test is None:
            return True
        board = game.sides[side].board
        slot = next((sl for sl in range(3) if (u := board[sl]) is not None and u.iid == source), -1)
        return bool(self.test(game, side, source, slot))

    def words(self) -> str:
        return "this card matches"


TURNS = Choice("turns", ("own", "enemy"), {"own": "The controller's turn.", "enemy": "The other side's turn."})


@condition("turn", "Whose turn it is.")
@attrs.frozen(kw_only=True)
class Turn:
    whose: str = param(TURNS, "`own` or `enemy`.", "own", key="turn")

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        return (game.active == side) == (self.whose == "own")

    def words(self) -> str:
        return "it is your turn" if self.whose == "own" else "it is the opponent's turn"


@condition("all", "Every one of these conditions holds.")
@attrs.frozen(kw_only=True)
class All:
    conditions: tuple[Any, ...] = param(
        ListOf(CONDITION, min_items=1), "The conditions.", [{"turn": "own"}, {"exists": {"side": "own"}}], key="all"
    )

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        return all(c.holds(game, side, source, bound) for c in self.conditions)

    def words(self) -> str:
        return " and ".join(c.words() for c in self.conditions)


@condition("any", "At least one of these conditions holds.")
@attrs.frozen(kw_only=True)
class AnyOf:
    conditions: tuple[Any, ...] = param(
        ListOf(CONDITION, min_items=1), "The conditions.", [{"turn": "own"}, {"exists": {"side": "own"}}], key="any"
    )

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        return any(c.holds(game, side, source, bound) for c in self.conditions)

    def words(self) -> str:
        return " or ".join(c.words() for c in self.conditions)


@condition("not", "This condition does not hold.")
@attrs.frozen(kw_only=True)
class Not:
    condition: Any = param(CONDITION, "The condition.", {"turn": "own"}, key="not")

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        return not self.condition.holds(game, side, source, bound)

    def words(self) -> str:
        return f"not ({self.condition.words()})"


def _result(bound: Bound, name: str) -> Any:
    for bound_name, result in bound:
        if bound_name == name:
            return result
    return None


class _BoundCount:
    """How many cards an earlier effect's result (``as: name``) lists under `what`."""

    what: ClassVar[str] = ""
    name: str
    min: int

    def holds(self, game: GameState, side: int, source: int, bound: Bound) -> bool:
        result = _result(bound, self.name)
        return result is not None and len(getattr(result, self.what)) >= self.min


_BOUND_NAME_DOC = "The `as:` name of an earlier effect of the same ability."


@condition(
    "destroyed", "The earlier effect bound with `as:` under this name destroyed at least `min` cards.", reads_bound=True
)
@attrs.frozen(kw_only=True)
class Destroyed(_BoundCount):
    what: ClassVar[str] = "destroyed"
    name: str = param(str, _BOUND_NAME_DOC, "hits", key="destroyed")
    min: int = param(int, "At least this many.", 1, default=1, minimum=1)

    def words(self) -> str:
        return "that destroyed a card"


@condition(
    "affected", "The earlier effect bound with `as:` under this name acted on at least `min` cards.", reads_bound=True
)
@attrs.frozen(kw_only=True)
class Affected(_BoundCount):
    what: ClassVar[str] = "affected"
    name: str = param(str, _BOUND_NAME_DOC, "hits", key="affected")
    min: int = param(int, "At least this many.", 1, default=1, minimum=1)

    def words(self) -> str:
        return "that did something"
