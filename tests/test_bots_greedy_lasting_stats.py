"""Greedy meets the rift's next attacks with its units' lasting numbers (issue 24, level 3; docs/bots.md).

A change "until end of turn" (Battle Cry: your units get +2 ATK) ends in the
end phase of the turn it was made in (`turns.end_phase`), before the rift's
turn begins, and the rift attacks in its own turn (solo 6).  So in the
player's turn, a unit with intercept strikes the rift's next attackers with
its ATK without this turn's changes: an attacker whose HP left is above that
ATK is not killed before it strikes, however much this turn's buff lends the
unit now.  With `lasting_stats` greedy's picture of the rift's next attacks
(`Facts.our_board`) reads its units that way in its own turn.
"""

from __future__ import annotations

from factories import event, fx, game, on, play, summon
from test_bots_greedy_wound import BRUTE, NOTHING, WARDEN, _first_attack

from gateruler.bots.greedy import Facts
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, RULER, GoToAttack
from gateruler.engine.game import Game

CRY = event("CRY", on("on_play", fx("modify", "all_own_units", atk=2, duration="end_of_turn")))  # Battle Cry


def _attack_phase() -> Game:
    """The Knight's first attack phase (ruler ATK 3, STK 3): WARDEN in its defense zone, CRY played after it
    (WARDEN ATK 5 until the end of the turn), against BRUTE driven on the rift's left and its ruler (ATK 5,
    STK 6)."""
    g = game(
        cards=[BRUTE, WARDEN, CRY, NOTHING],
        player=["WARDEN", "CRY"],
        rift=["BRUTE"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=1,
        atk=5,
        stk=6,
    )
    summon(g, "WARDEN", DEFENSE)
    play(g, "CRY")
    g.apply(GoToAttack())
    return g


def test_with_lasting_stats_the_interceptor_meets_the_rifts_turn_without_this_turns_buff() -> None:
    """WARDEN has ATK 5 now (CRY), 3 when the rift attacks."""
    g = _attack_phase()
    assert g.atk(0, DEFENSE) == 5
    view = player_view(g).game
    assert Facts(view, Weights(lasting_stats=0.0)).our_board()[DEFENSE][1] == 5  # type: ignore[index]
    assert Facts(view, Weights(lasting_stats=1.0)).our_board()[DEFENSE][1] == 3  # type: ignore[index]


def test_with_lasting_stats_greedy_wounds_the_attacker_this_turns_buff_only_seemed_to_reach() -> None:
    """BRUTE (HP 5) attacks WARDEN in the rift's turn.  Counting CRY's +2, WARDEN's intercept (5) kills BRUTE
    before it strikes, so wounding it seems to save nothing and greedy goes face through the open line; with
    CRY gone by then, WARDEN's 3 does not reach BRUTE's 5 HP, and the ruler's 3 damage now (BRUTE left 2 HP)
    is what lets WARDEN kill it: with `lasting_stats` greedy wounds BRUTE (`wound`)."""
    g = _attack_phase()
    assert g.sides[INVADER].board[ATTACK_LEFT] is not None
    assert _first_attack(g, Weights(lasting_stats=0.0)).target == RULER
    assert _first_attack(g, Weights(lasting_stats=1.0)).target == ATTACK_LEFT


def test_in_the_rifts_turn_a_buff_of_that_turn_still_counts() -> None:
    """The rift's attacks of its own turn come before that turn's end: a change made in it lasts for them,
    so `lasting_stats` reads the units as they stand outside the player's turn."""
    g = _attack_phase()
    view = player_view(g).game
    view.active = INVADER  # as if asked in the rift's turn, the buff made in it
    assert Facts(view, Weights(lasting_stats=1.0)).our_board()[DEFENSE][1] == 5  # type: ignore[index]
