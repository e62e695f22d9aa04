"""Greedy's rules for activated abilities and discount plays (docs/bots.md).

Kept apart from bots/greedy.py's main plan and attacks, and cheap, since
greedy is the search bot's playout policy:

* an activated ability (OD included) is used when what its effects are worth
  (greedy's `Facts.effects_value`, plus a few words greedy's plan does not
  value: keyword grants, act, rest, genesis summon) is more than what its
  costs give up; each ability at most once a turn, so a free ability can
  never loop;
* a discount replaces a card's normal play in the main plan when it makes
  an unaffordable card affordable, or saves energy worth more than the
  cards its costs take.

Games without such cards never reach this module (`Setup.has_activated`,
`Setup.has_discount`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, PLAYER, RULER, Action, Activate, Discount
from gateruler.engine.activation import discount_energy

if TYPE_CHECKING:
    from gateruler.bots.greedy import Facts
    from gateruler.engine.game import Game

MIN_GAIN = 0.05
# what a cost gives up, per card or unit, by cost word (energy is counted apart)
COST_PENALTY = {
    "discard": 0.7,
    "destroy": 1.5,
    "return": 1.2,
    "return_to_deck": 1.2,
    "rest_unit": 0.4,
    "remove_from_graveyard": 0.05,
}
ENERGY_PENALTY = 0.3  # an energy spent on an ability is an energy the main plan cannot spend


def cost_penalty(game: Game, facts: Facts, source: int, costs: tuple[Any, ...]) -> float:
    """Roughly what paying `costs` gives up."""
    total = 0.0
    for cost in costs:
        word = cost.word
        if word == "energy":
            total += ENERGY_PENALTY * cost.amount
        elif word == "deck_to_damage":
            total += cost.count * facts.dfn * facts.our_hit_rate
        elif word == "rest_self":
            total += _attack_worth(game, facts, _slot_of(game, source))
        elif word == "rest_ruler":
            total += _attack_worth(game, facts, RULER)
        else:
            total += COST_PENALTY.get(word, 0.5) * getattr(cost, "count", 1)
    return total


def _slot_of(game: Game, iid: int) -> int:
    for slot, u in enumerate(game.sides[PLAYER].board):
        if u is not None and u.iid == iid:
            return slot
    return -1


def _attack_worth(game: Game, facts: Facts, slot: int) -> float:
    """What an attacker that could still attack this turn would deal (0 when it could not)."""
    if slot == RULER:
        ready = game.can_attack(PLAYER, RULER)
    else:
        ready = slot in (ATTACK_LEFT, ATTACK_RIGHT) and game.can_attack(PLAYER, slot)
    return facts.face(game.stk(PLAYER, slot)) if ready and facts.lines_open else (0.3 if ready else 0.0)


def effect_worth(game: Game, facts: Facts, source: int, effect: Any, face_ready: float) -> float:
    """Greedy's value of one effect, with the words of mechanics 10-12 that its plan does not value."""
    kind = effect.kind
    if kind == "grant":
        return 0.3
    if kind == "act":
        ours = game.sides[PLAYER]
        rested = ours.ruler_rested or any(
            ours.board[s] is not None and ours.board[s].rested for s in (ATTACK_LEFT, ATTACK_RIGHT)
        )
        return 0.4 if rested else 0.0
    if kind == "rest":
        return 0.1
    if kind == "genesis_summon":
        return _genesis_worth(game, facts, source, effect, face_ready)
    return facts.effect_value(effect, face_ready)


def _genesis_worth(game: Game, facts: Facts, source: int, effect: Any, face_ready: float) -> float:
    """The unit summoned against the material returned, and what its genesis ability does."""
    summoned = effect._in_deck(game, PLAYER)
    if summoned < 0:
        return 0.0
    new, old = facts.cards[summoned], facts.cards[source]
    value = 0.25 * (new.atk + new.hp + 2 * new.stk - old.atk - old.hp - 2 * old.stk)
    for ability in game.setup.defs[summoned].abilities_for("on_genesis_summon"):
        value += facts.effects_value(ability.effects, face_ready)
    return value


def activation_choice(game: Game, facts: Facts, legal: list[Action]) -> Action | None:
    """The activated ability worth using now, or None: the best whose gain beats its costs, not used this turn."""
    best: Action | None = None
    best_gain = MIN_GAIN
    face_ready = None
    for action in legal:
        if type(action) is not Activate or (action.card, action.ability) in game.used:
            continue
        if face_ready is None:
            face_ready = facts.ready_face()
        ability = game.setup.defs[action.card].abilities[action.ability]
        gain = sum(effect_worth(game, facts, action.card, e, face_ready) for e in ability.effects)
        gain -= cost_penalty(game, facts, action.card, ability.costs)
        if gain > best_gain + 1e-9:
            best, best_gain = action, gain
    return best


def discount_offers(game: Game, facts: Facts, legal: list[Action], energy: int) -> dict[int, int]:
    """Card -> the energy greedy's plan should count for it, for the cards it should play for their discount."""
    offers: dict[int, int] = {}
    for action in legal:
        if type(action) is not Discount or action.card in offers:
            continue
        card = facts.cards[action.card]
        ability = game.setup.defs[action.card].abilities[game.setup.discounts[action.card]]
        paid = discount_energy(ability)
        normal = max(card.level, 0)
        others = cost_penalty(game, facts, action.card, tuple(c for c in ability.costs if c.word != "energy"))
        if paid < normal and (normal > energy and others < 1.0 or ENERGY_PENALTY * (normal - paid) > others):
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
