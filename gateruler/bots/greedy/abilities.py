"""Greedy's use of activated abilities and discount plays (docs/bots.md).

Kept cheap, since greedy is the search bot's playout policy:

* an activated ability (OD included) is used when what its effects are worth
  (values.py) is more than what its costs give up, by at least the
  `activation_gain` weight; each ability at most once a turn, so a free
  ability can never loop;
* a discount replaces a card's normal play in the main plan when it makes
  an unaffordable card affordable at a price of less than `discount_most`,
  or saves energy worth more than what its other costs give up.

Games without such cards never reach this module (`Setup.has_activated`,
`Setup.has_discount`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.bots.greedy.values import costs_value, effect_value
from gateruler.engine.actions import Action, Activate, Discount
from gateruler.engine.activation import discount_energy

if TYPE_CHECKING:
    from gateruler.bots.greedy.facts import Facts
    from gateruler.engine.game import Game


def activation_choice(game: Game, facts: Facts, legal: list[Action]) -> Action | None:
    """The activated ability worth using now, or None: the best whose gain beats its costs, not used this turn."""
    best: Action | None = None
    best_gain = facts.w.activation_gain
    face_ready = None
    for action in legal:
        if type(action) is not Activate or (action.card, action.ability) in game.used:
            continue
        if face_ready is None:
            face_ready = facts.ready_face()
        ability = game.setup.defs[action.card].abilities[action.ability]
        gain = sum(effect_value(facts, e, face_ready, action.card) for e in ability.effects)
        gain -= costs_value(facts, ability.costs, action.card)
        if gain > best_gain + 1e-9:
            best, best_gain = action, gain
    return best


def discount_offers(game: Game, facts: Facts, legal: list[Action], energy: int) -> dict[int, int]:
    """Card -> the energy greedy's plan should count for it, for the cards it should play for their discount."""
    w = facts.w
    offers: dict[int, int] = {}
    for action in legal:
        if type(action) is not Discount or action.card in offers:
            continue
        card = facts.cards[action.card]
        ability = game.setup.defs[action.card].abilities[game.setup.discounts[action.card]]
        paid = discount_energy(ability)
        normal = max(card.level, 0)
        others = costs_value(facts, (c for c in ability.costs if c.word != "energy"), action.card)
        affordable_now = normal > energy and others < w.discount_most
        if paid < normal and (affordable_now or w.cost_energy * (normal - paid) > others):
            offers[action.card] = paid
    return offers


def as_discount(plan: list[Action], offers: dict[int, int]) -> list[Action]:
    """The plan with the discounted cards' plays made as discounts."""
    out: list[Action] = []
    for action in plan:
        card = getattr(action, "card", -1)
        if card in offers:
            out.append(Discount(card, getattr(action, "slot", -1)))
        else:
            out.append(action)
    return out
