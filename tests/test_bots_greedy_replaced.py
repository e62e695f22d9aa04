"""Greedy summons over a unit only when the new one beats what that unit would still do (issue 24; docs/bots.md).

A unit summoned into an occupied zone sends the unit there to the
graveyard.  The `replaced_*` weights cost that unit's HP left and ATK at a
fixed rate, which made a new unit look worth more than a better one it
replaced (the Apprentice's level 4: Crimson Syltis over Breach Lancer).
With `replaced_worth` a summon over a unit also loses that unit's whole
worth, its attack this turn while it is ready and its worth beyond this
turn (`values.unit_later`), in the share of the new unit's ATK it has:
a unit that hits as hard is thrown away whole, one with half the ATK half.
"""

from __future__ import annotations

import pytest
from factories import event, game, summon, unit
from test_bots_greedy_end import _plan

from gateruler.bots.greedy import Facts
from gateruler.bots.greedy.values import standing_worth, unit_worth
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, PLAYER
from gateruler.engine.actions import EndTurn
from gateruler.engine.game import Game

NOTHING = event("NOTHING")
WALL = unit("WALL", 1, 0, 9, 0)  # ATK 0, STK 0: its attacks deal nothing


def _second_turn(standing_atk: int, new_atk: int) -> Game:
    """The Knight's second main phase: WALL in its left attack zone and STANDING (ATK `standing_atk`, HP 5,
    STK 3) in its right, both summoned in its first turn and ready, and NEW (ATK `new_atk`, HP 5, STK 3) in the
    hand.  The rift has no units and its ruler hits for 0, so a unit in the defense zone shields nothing."""
    standing = unit("STANDING", 1, standing_atk, 5, 3)
    new = unit("NEW", 1, new_atk, 5, 3)
    g = game(
        cards=[standing, WALL, new, NOTHING],
        player=["STANDING", "WALL", "NEW", "NOTHING"],
        rift=["NOTHING"] * 20,
        rift_pad=0,
    )
    summon(g, "STANDING", ATTACK_RIGHT)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())
    while g.active != PLAYER:
        g.apply(g.legal_actions()[0])
    return g


def test_with_replaced_worth_a_new_unit_is_not_summoned_over_one_that_hits_harder() -> None:
    """STANDING (ATK 6) attacks for 3 damage checks a turn from the right; WALL attacks for nothing.  The fixed
    costs make STANDING (HP 5) cheaper to summon over than WALL (HP 9), so greedy threw STANDING away for NEW
    (ATK 4); with `replaced_worth` STANDING's attacks this turn and the turns after are lost with it, and NEW
    goes over WALL instead, where it adds its attacks and loses none."""
    g = _second_turn(standing_atk=6, new_atk=4)
    assert _plan(g, Weights(replaced_worth=0.0)) == {"NEW": ATTACK_RIGHT}
    assert _plan(g, Weights(replaced_worth=1.0)) == {"NEW": ATTACK_LEFT}


def test_a_unit_with_half_the_new_units_atk_costs_half_its_worth() -> None:
    """Summoning NEW over STANDING costs STANDING's whole worth (`standing_worth`) when STANDING hits as hard
    as NEW or harder, and the share of NEW's ATK it has when it hits less hard: the new unit's attacks are
    counted by its strike, the same for both, and what it adds by its ATK would be missed."""
    for standing_atk, share in ((6, 1.0), (4, 1.0), (2, 0.5)):
        view = player_view(_second_turn(standing_atk, new_atk=4)).game
        new = next(iid for iid in view.sides[PLAYER].hand if view.card(iid).id == "NEW")
        costs = []
        for weight in (0.0, 1.0):
            facts = Facts(view, Weights(replaced_worth=weight))
            worth = unit_worth(
                facts, facts.cards[new], (ATTACK_RIGHT,), facts.our_board(), 0.0, new, standing_worth(facts)
            )
            costs.append(worth[ATTACK_RIGHT])
        whole = standing_worth(Facts(view, Weights(replaced_worth=1.0)))
        assert whole is not None and whole[ATTACK_RIGHT] > 0
        assert costs[0] - costs[1] == pytest.approx(share * whole[ATTACK_RIGHT])
