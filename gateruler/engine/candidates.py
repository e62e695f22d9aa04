"""Whether an effect's choice will find anything: for playing a card, using an ability, and "you may".

A card's costs are paid as it is played (CR 14-1a-1: an ability is played
by performing its cost; CR 9-1a: what is played waits on the gate, then
resolves), and an effect chooses its cards as it resolves, after every
cost: "[DR 3] Choose 1 enemy card in play and put it into the graveyard"
(gateruler.eu, Set 3 rules update), "[destroy 1 of your cards in play]
normal-summon this from the damage zone" (太陽系バックパッカー, the rules
manager's corrected text): the cost in brackets, the choice in the effect
after it.  So a card whose effect must choose is refused (docs/rulings.md
39) only when nothing can be there to choose once its costs are paid: a
cost that puts cards where the choice looks (the top of the deck into the
damage zone, a discard into the graveyard) lets it be played.  Which cards
those will be is not looked at (the deck's order is hidden), so a choice
that then finds none of them fitting does nothing (CR 1-5b).

"Up to" and "you may" allow a choice of none: such an effect never keeps a
card from being played (:func:`must_choose`).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gateruler.engine.filters import BOARD, ZONE_LISTS, CardFilter
from gateruler.engine.frames import Frame
from gateruler.engine.targets import Chosen

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def must_choose(effect: Any) -> bool:
    """Whether `effect` must choose at least one card: a chosen target that is not "you may".

    A choice that allows choosing none (an "up to N" target) answers False here."""
    target = effect.target
    return type(target) is Chosen and not target.fewer and not effect.optional


def finds_nothing(game: GameState, side: int, effect: Any) -> bool:
    """Whether `effect` chooses its target and nothing matches now (`side` controlling it)."""
    target = effect.target
    return type(target) is Chosen and not target.places(game, side)


def choices_possible(game: GameState, side: int, source: int, index: int) -> bool:
    """Whether each effect of the ability that must choose can have something to choose once its costs are paid.

    `source` is the card, `index` the ability's among its abilities; the
    costs are assumed payable (the caller has checked)."""
    ability = game.setup.defs[source].abilities[index]
    empty = None
    for effect in ability.effects:
        if must_choose(effect) and not effect.target.places(game, side):
            empty = [effect.target.filter] if empty is None else [*empty, effect.target.filter]
    return empty is None or costs_bring_cards(game, side, source, index, empty)


def does_nothing(game: GameState, side: int, source: int, index: int) -> bool:
    """Whether the ability can do nothing at all: every effect chooses its target and none can find one.

    An ability with costs is never judged so (paying may be what its controller wants)."""
    ability = game.setup.defs[source].abilities[index]
    return (
        not ability.costs
        and bool(ability.effects)
        and all(finds_nothing(game, side, effect) for effect in ability.effects)
    )


def costs_bring_cards(game: GameState, side: int, source: int, index: int, filters: list[CardFilter]) -> bool:
    """Whether paying the ability's costs puts a card where each of `filters` looks (any card: which is not asked).

    The costs are paid on a copy of the game, with the first cards on offer."""
    ability = game.setup.defs[source].abilities[index]
    if all(cost.energy_needed() for cost in ability.costs):
        return False  # energy brings no card anywhere
    before = [_cards_where(game, side, f) for f in filters]
    trial = game.clone(keep_log=False)
    if trial.rng is None:
        trial.rng = random.Random(0)  # a player view has none; a cost that shuffles needs one
    for step, cost in enumerate(ability.costs):
        if cost.can_pay(trial, side, source):
            cost.pay(trial, Frame(side, source, index, step))
    return all(_cards_where(trial, side, f) - seen for f, seen in zip(filters, before))


def _cards_where(game: GameState, side: int, where: CardFilter) -> set[int]:
    """Every card in the zones `where` looks at, on the sides it looks at, whatever its test."""
    out: set[int] = set()
    for looked in where.sides(side):
        s = game.sides[looked]
        for zone in where.zones:
            if zone == BOARD:
                out.update(u.iid for u in s.board if u is not None)
            else:
                out.update(c for c in getattr(s, ZONE_LISTS[zone]) if c is not None)
    return out
