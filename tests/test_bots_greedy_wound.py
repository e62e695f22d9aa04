"""Greedy wounds a rift attacker for its interceptor (issue 24, level 3; docs/bots.md).

The rift attacks with its left and right attack units, then its ruler, each
at the player's left attack unit, then the defense unit, then the ruler
(solo 6), and a unit with intercept deals its ATK to the attacker before the
attack hits: an attacker whose HP left that ATK reaches dies before it
strikes (rules: intercept; `odds.rift_battle`).  Damage stays on a unit
until it leaves the board, so damage dealt to a rift attacker in the
player's turn brings it within the interceptor's reach in the rift's turn.
With `wound` greedy counts what that saves; a wound on a unit the rift's own
drives throw out before it attacks (solo 2: on a full board, the lowest
level goes) saves nothing.
"""

from __future__ import annotations

from factories import event, game, summon, unit

from gateruler.bots.greedy import Facts, GreedyBot
from gateruler.bots.greedy.drives import stay_chances
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, RULER, Attack, GoToAttack
from gateruler.engine.game import Game

NOTHING = event("NOTHING")
BRUTE = unit("BRUTE", 0, 5, 5, 2)  # ATK 5, HP 5, STK 2
WARDEN = unit("WARDEN", 1, 3, 4, 1, keywords=["intercept"])  # ATK 3, HP 4


def _attack_phase(rift: list[str], drives: int, cards: list | None = None) -> Game:
    """The Knight's first attack phase (ruler ATK 3, STK 3) with WARDEN in its defense zone, against the
    rift's units driven in its first turn and its ruler (ATK 5, STK 6), the rest of its deck `rift`'s tail."""
    g = game(
        cards=[BRUTE, WARDEN, NOTHING, *(cards or [])],
        player=["WARDEN"],
        rift=rift,
        rift_pad=0,
        drives=drives,
        atk=5,
        stk=6,
    )
    summon(g, "WARDEN", DEFENSE)
    g.apply(GoToAttack())
    return g


def _first_attack(g: Game, weights: Weights) -> Attack:
    action = GreedyBot(0, weights).choose(player_view(g))
    assert type(action) is Attack
    return action


def test_with_wound_greedy_damages_the_attacker_its_interceptor_then_kills_before_it_strikes() -> None:
    """BRUTE (HP 5) would destroy WARDEN (HP 4) in the rift's turn and the rift's ruler would then hit the
    player's ruler for 6 damage checks.  The Knight's ruler (ATK 3), its one attacker, cannot kill BRUTE, but
    its 3 damage leaves BRUTE 2 HP, which WARDEN's ATK 3 reaches: BRUTE dies before it strikes, and the rift's
    ruler spends its attack on WARDEN.  Greedy went face (a line is open: the rift's right and defense zones are
    empty); with `wound` it wounds BRUTE."""
    g = _attack_phase(["BRUTE"] + ["NOTHING"] * 20, drives=1)
    assert g.sides[INVADER].board[ATTACK_LEFT] is not None
    assert _first_attack(g, Weights(wound=0.0)).target == RULER
    assert _first_attack(g, Weights(wound=1.0)).target == ATTACK_LEFT


def test_a_wound_saves_nothing_when_the_interceptor_cannot_reach_the_hp_left() -> None:
    """1 damage leaves BRUTE 4 HP, above WARDEN's ATK 3: the rift's next attacks are the same."""
    g = _attack_phase(["BRUTE"] + ["NOTHING"] * 20, drives=1)
    facts = Facts(player_view(g).game, Weights(wound=1.0))
    assert facts.wound_saving(ATTACK_LEFT, 3) > 0
    assert facts.wound_saving(ATTACK_LEFT, 1) == 0


def test_a_wound_on_the_unit_the_rifts_drives_throw_out_saves_nothing() -> None:
    """The rift drives three units a turn onto a board they fill: BRUTE (level 0) on the left, two level 3
    units beside it; its deck then holds only level 3 units, so its next drive throws BRUTE out (solo 2: the
    lowest level goes, the driven unit taking its zone) and the wound would be spent on a unit that never
    attacks."""
    giant = unit("GIANT", 3, 1, 20, 1)
    g = _attack_phase(["BRUTE", "GIANT", "GIANT"] + ["GIANT"] * 20, drives=3, cards=[giant])
    assert [u is not None for u in g.sides[INVADER].board] == [True, True, True]
    facts = Facts(player_view(g).game, Weights(wound=1.0))
    assert facts.wound_saving(ATTACK_LEFT, 3) == 0


def test_the_drives_throw_out_the_lowest_level_first_in_summon_order() -> None:
    """Solo 2 on a full board: a driven unit of a level at least the lowest takes the place of the first unit of
    the lowest level (left, right, defense); one of a lower level goes to the graveyard itself.  Levels 1, 1, 2
    and drives of level 1 only: the first drive takes the left unit's place, and so does the second (the unit
    the first drove is now the first of the lowest level), so the right unit stays."""
    levels = ((1.0, 1),)
    assert stay_chances((1, 1, 2), levels, 1) == (0.0, 1.0)
    assert stay_chances((1, 1, 2), levels, 2) == (0.0, 1.0)
    assert stay_chances((1, 2, 1), levels, 2) == (0.0, 1.0)  # the left zone, first of the lowest level, both times
    assert stay_chances((1, 1, 2), ((1.0, 0),), 2) == (1.0, 1.0)  # lower than every unit: it goes itself
    assert stay_chances((1, None, 2), levels, 1) == (1.0, 0.0)  # an empty zone is filled first
