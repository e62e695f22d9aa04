"""Greedy's plan on level 2 keeps a unit where it stands longest: the right attack zone (issue 24; docs/bots.md).

The rift attacks the player's left attack unit, then the defense unit, then
the ruler, never the right attack unit (solo 6), and level 2's End's rule
takes the left attack unit first (solo-mode.md, level 2 rule 1).  A unit in
the right attack zone that the rift's next turn does not destroy stands
through the turns after too, where one the attacks meet is worn down.  With
`right_turns` (on a level with End's rule) such a unit attacks in that many
further turns instead of `future_turns`.
"""

from __future__ import annotations

from factories import event, game, unit

from gateruler.bots.greedy import Facts, GreedyBot, main_plan
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, PLAYER, Summon
from gateruler.engine.game import Game

END_RULE = [("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})]
NOTHING = event("NOTHING")
RUNNER = unit("RUNNER", 1, 3, 5, 2)  # ATK 3, HP 5, STK 2
BRUTE = unit("BRUTE", 1, 3, 9, 1)  # ATK 3, HP 9
END = unit("END", 5, 5, 9, 3)  # HP 9: out of this turn's reach


def _game(first: str, rules: list[tuple[str, dict[str, str]]]) -> Game:
    """The Knight's first main phase with RUNNER in the hand, the rift's `first` card in its left attack zone
    and events only after it, on a level with End's rule (`rules`: END_RULE) or without one ([])."""
    return game(
        cards=[BRUTE, RUNNER, END, NOTHING],
        player=["RUNNER"],
        rift=[first] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=1,
        rules=rules,
    )


def _plan(g: Game, weights: Weights) -> dict[str, int]:
    """Greedy's main-phase plan: the slot of each unit it summons, by card id."""
    view = player_view(g).game
    plan = main_plan(view, Facts(view, weights), view.legal_actions())
    return {view.card(a.card).id: a.slot for a in plan if type(a) is Summon}


def _after_the_rifts_turn(g: Game, weights: Weights) -> list[tuple[str, int] | None]:
    """The player's board (card id and damage by zone) at the start of its next turn, greedy playing."""
    bot = GreedyBot(0, weights)
    while g.winner is None and g.turn < 4:
        g.apply(bot.choose(player_view(g)))
    return [(g.card(u.iid).id, u.damage) if u else None for u in g.sides[PLAYER].board]


def test_with_right_turns_a_unit_the_attacks_would_wear_down_stands_in_the_right_attack_zone() -> None:
    """BRUTE (ATK 3) attacks the player's left attack unit: RUNNER (HP 5) there saves the ruler a damage check
    and survives the rift's next turn with 2 HP, but not the one after; in the right attack zone no attack
    reaches it.  Each placement keeps RUNNER through the next turn, so `keep_later` sees no difference and
    greedy blocks; with `right_turns` the unit kept in the right attack zone attacks in more turns, and RUNNER
    goes there."""
    off = Weights(right_turns=0.0)
    assert _plan(_game("BRUTE", END_RULE), off) == {"RUNNER": ATTACK_LEFT}
    assert _after_the_rifts_turn(_game("BRUTE", END_RULE), off) == [("RUNNER", 3), None, None]
    on = Weights(right_turns=4.0)
    assert _plan(_game("BRUTE", END_RULE), on) == {"RUNNER": ATTACK_RIGHT}
    assert _after_the_rifts_turn(_game("BRUTE", END_RULE), on) == [None, ("RUNNER", 0), None]


def test_with_right_turns_a_level_without_ends_rule_places_as_before() -> None:
    """`right_turns` is a level 2 rule: on a level without End's rule the same board gets the same plan."""
    g = _game("BRUTE", [])
    assert _plan(g, Weights(right_turns=4.0)) == _plan(g, Weights(right_turns=0.0)) == {"RUNNER": ATTACK_LEFT}


def test_with_right_turns_a_unit_ends_rule_takes_wherever_it_goes_gains_nothing() -> None:
    """End (HP 9) stays on the board through this turn: its rule takes the player's one unit at the rift's next
    start, the left attack zone first, else the right one.  RUNNER alone is not kept in the right attack zone,
    and `right_turns` changes nothing."""
    g = _game("END", END_RULE)
    assert _plan(g, Weights(right_turns=4.0)) == _plan(g, Weights(right_turns=0.0))
