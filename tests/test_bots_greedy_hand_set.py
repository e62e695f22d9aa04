"""Four of greedy's hand-set weights moved towards what the fit found (issue 24, stop 39; docs/bots.md).

Each was a term greedy already had at a smaller weight; tuned.yaml's fit
sets each higher, and each gained on paired seeds alone and together:

- `unit_atk` 0.35: a new attacker's ATK counts for more than its face damage
  (ATK is what kills the rift's units and survives its interceptors);
- `closed_line_atk` 0.9: while the rift's three zones are full, a new
  attacker's ATK is what opens a line;
- `kill_sacrificer` 7: End (level 2) takes one of the player's units every
  turn it stands, so killing it comes before a harder-hitting attacker;
- `lost_unit_atk` 0.1: a unit the rift's next attacks destroy costs its ATK,
  so a hard hitter is placed where they do not reach it.

Each test plays the rule's decision with the weight at its old value and at
the hand-set one; it fails if the hand-set value goes back.
"""

from __future__ import annotations

from factories import event, fx, game, knight, on, summon, unit
from test_bots_greedy_end import END_RULE, _plan

from gateruler.bots.greedy import Facts, GreedyBot, main_plan
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, RULER, Attack, GoToAttack
from gateruler.engine.game import Game

NOTHING = event("NOTHING")


def _cards_played(g: Game, weights: Weights) -> list[str]:
    """The ids of the cards greedy's main-phase plan plays, in order."""
    view = player_view(g).game
    plan = main_plan(view, Facts(view, weights), view.legal_actions())
    return [view.card(a.card).id for a in plan if hasattr(a, "card")]


def test_a_new_attackers_atk_counts_beyond_its_face_damage() -> None:
    """One summon a turn, both units STK 1, lines open: HIT (ATK 4, HP 2) and TOUGH (ATK 2, HP 6) deal the same
    face damage.  At `unit_atk` 0.1 TOUGH's HP won; by default HIT's ATK does."""
    hit, tough = unit("HIT", 1, 4, 2, 1), unit("TOUGH", 1, 2, 6, 1)
    g = game(cards=[hit, tough, NOTHING], player=["HIT", "TOUGH"], rift=["NOTHING"] * 20, ruler=knight(summon_cap=1))
    assert _plan(g, Weights(unit_atk=0.1)) == {"TOUGH": ATTACK_LEFT}
    assert _plan(g, Weights()) == {"HIT": ATTACK_LEFT}


def test_with_no_line_open_a_new_attackers_atk_beats_two_cards_drawn() -> None:
    """The rift's three zones hold BLOCK (HP 3): no attack reaches its ruler.  The Knight's 3 energy pay for
    HIT (ATK 2) or STUDY (draw 2), not both.  At `closed_line_atk` 0.4 greedy drew; by default HIT's ATK, what
    opens a line, is worth more."""
    block, hit = unit("BLOCK", 1, 0, 3, 0), unit("HIT", 3, 2, 3, 1)
    study = event("STUDY", on("on_play", fx("draw", "controller", amount=2)), level=3)
    g = game(
        cards=[block, hit, study, NOTHING],
        player=["HIT", "STUDY"],
        rift=["BLOCK"] * 3 + ["NOTHING"] * 20,
        rift_pad=0,
        drives=3,
    )
    assert _cards_played(g, Weights(closed_line_atk=0.4)) == ["STUDY"]
    assert _cards_played(g, Weights()) == ["HIT"]


def test_end_is_killed_before_a_harder_hitting_attacker() -> None:
    """Level 2: End (ATK 1, HP 3) in the rift's left attack zone, BRUTE (ATK 5, HP 3, STK 2) in its right, the
    player's WALL in the defense zone, which End's rule destroys at the rift's next start.  The Knight's ruler
    (ATK 3) kills one of them.  At `kill_sacrificer` 3 greedy killed BRUTE; by default it kills End."""
    end, brute, wall = unit("END", 5, 1, 3, 1), unit("BRUTE", 1, 5, 3, 2), unit("WALL", 1, 0, 9, 0)
    g = game(
        cards=[end, brute, wall, NOTHING],
        player=["WALL"],
        rift=["END", "BRUTE"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=2,
        rules=END_RULE,
        atk=5,
        stk=3,
    )
    summon(g, "WALL", DEFENSE)
    g.apply(GoToAttack())
    assert GreedyBot(0, Weights(kill_sacrificer=3.0)).choose(player_view(g)) == Attack(RULER, ATTACK_RIGHT)
    assert GreedyBot(0, Weights()).choose(player_view(g)) == Attack(RULER, ATTACK_LEFT)


def test_a_hard_hitter_is_placed_where_the_rifts_next_attack_does_not_destroy_it() -> None:
    """BRUTE (ATK 4) in the rift's left attack zone attacks the player's left attack unit first (solo 6): BIG
    (ATK 9, HP 3) there is destroyed, SMALL (ATK 0, HP 5) is not.  At `lost_unit_atk` 0 greedy put BIG on the
    left; by default BIG's ATK is a loss, and SMALL takes the attack."""
    brute, big, small = unit("BRUTE", 1, 4, 9, 1), unit("BIG", 1, 9, 3, 1), unit("SMALL", 1, 0, 5, 1)
    g = game(
        cards=[brute, big, small, NOTHING],
        player=["BIG", "SMALL"],
        rift=["BRUTE"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=1,
    )
    assert _plan(g, Weights(lost_unit_atk=0.0)) == {"BIG": ATTACK_LEFT, "SMALL": ATTACK_RIGHT}
    assert _plan(g, Weights()) == {"BIG": ATTACK_RIGHT, "SMALL": ATTACK_LEFT}
