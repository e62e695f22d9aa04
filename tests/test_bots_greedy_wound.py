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
level goes) saves nothing.  With `wound_foreseen` greedy's plan, placing its
units, counts the wounds this turn's attacks can make for an interceptor it
summons now: the player's units attack in the turn they are summoned, and a
rested unit still intercepts in the rift's turn.  Under the rule variant
`unit_damage=clears` (docs/rulings.md 19) every unit's damage is removed in
the end phase of each turn: a wound dealt in the player's turn is gone
before the rift attacks, so neither rule counts it.
"""

from __future__ import annotations

from factories import event, game, summon, unit
from test_bots_greedy_end import _plan

from gateruler.bots.greedy import Facts, GreedyBot
from gateruler.bots.greedy.drives import drive_levels, stay_chances
from gateruler.bots.greedy.odds import card_facts
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, RULER, Attack, GoToAttack
from gateruler.engine.game import Game
from gateruler.variants import DEFAULT, Readings

CLEARS = DEFAULT.with_values({"unit_damage": "clears"})

NOTHING = event("NOTHING")
BRUTE = unit("BRUTE", 0, 5, 5, 2)  # ATK 5, HP 5, STK 2
WARDEN = unit("WARDEN", 1, 3, 4, 1, keywords=["intercept"])  # ATK 3, HP 4


def _attack_phase(rift: list[str], drives: int, cards: list | None = None, variants: Readings = DEFAULT) -> Game:
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
        variants=variants,
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
    assert _first_attack(g, Weights(wound=0.0, kill_shield=0.0)).target == RULER
    assert _first_attack(g, Weights(wound=1.0, kill_shield=0.0)).target == ATTACK_LEFT


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


def test_what_the_drives_may_reveal_is_read_from_each_games_own_cards() -> None:
    """Two games whose rift decks hold the same instance ids but other cards (here level 3 units in one, level 0
    in the other; a batch's games of two levels or decks are such): each game's drives reveal its own deck's
    levels, whichever game asked first.  (The answer was remembered by the instance ids alone, so a batch's
    game played on the levels of a deck another game had shown, and a game's play hung on the games played
    before it in the same process.)"""
    giant = unit("GIANT", 3, 1, 20, 1)
    high = _attack_phase(["GIANT"] * 21, drives=1, cards=[giant])
    low = _attack_phase(["BRUTE"] * 21, drives=1, cards=[giant])
    assert sorted(high.sides[INVADER].deck) == sorted(low.sides[INVADER].deck)  # the same instance ids
    assert drive_levels(high, card_facts(high)) == ((1.0, 3),)
    assert drive_levels(low, card_facts(low)) == ((1.0, 0),)


IDLE = unit("IDLE", 0, 0, 9, 0)  # ATK 0, STK 0: its attacks deal nothing
STRIKER = unit("STRIKER", 2, 6, 3, 3)  # ATK 6, HP 3, STK 3
GUARD = unit("GUARD", 2, 3, 5, 1, keywords=["intercept"])  # ATK 3, HP 5


def _main_phase(brute_hp: int, variants: Readings = DEFAULT) -> Game:
    """The Knight's first main phase (ruler ATK 3, energy for one of GUARD and STRIKER, both level 2), against
    a rift unit of ATK 5 and `brute_hp` HP in its left attack zone, IDLE units in its right and defense zones,
    and its ruler (ATK 5, STK 6); the rift's deck drives nothing more."""
    brute = unit("BRUTE", 0, 5, brute_hp, 2)
    return game(
        cards=[brute, IDLE, GUARD, STRIKER, NOTHING],
        player=["GUARD", "STRIKER"],
        rift=["BRUTE", "IDLE", "IDLE"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=3,
        atk=5,
        stk=6,
        variants=variants,
    )


def test_with_wound_foreseen_the_interceptor_goes_where_this_turns_attack_wounds_the_attacker_into_its_reach() -> None:
    """BRUTE (ATK 5, HP 5) destroys GUARD (HP 5) or STRIKER (HP 3) in the left attack zone, and the rift's ruler
    then hits the player's ruler for 6 damage checks; as the rift stands GUARD's intercept (ATK 3) does not reach
    BRUTE's HP, so greedy blocked with STRIKER, the one that hits harder.  But the Knight's ruler (ATK 3) attacks
    this turn, and 3 damage leaves BRUTE 2 HP: GUARD then kills it before it strikes and takes the ruler's attack
    (ATK 5) instead of the player's ruler.  With `wound_foreseen` greedy summons GUARD, and the rift's turn
    deals the player's ruler nothing."""
    g = _main_phase(brute_hp=5)
    assert _plan(g, Weights(wound_foreseen=0.0)) == {"STRIKER": ATTACK_LEFT}
    assert _plan(g, Weights(wound_foreseen=1.0)) == {"GUARD": ATTACK_LEFT}
    bot = GreedyBot(0, Weights(wound_foreseen=1.0))
    damage = len(g.sides[PLAYER].damage_zone)
    while g.winner is None and g.turn < 4:
        g.apply(bot.choose(player_view(g)))
    assert g.turn == 4
    assert len(g.sides[PLAYER].damage_zone) == damage
    assert g.sides[INVADER].board[ATTACK_LEFT] is None  # BRUTE died in the player's turn or at GUARD's intercept


def test_a_wound_foreseen_needs_one_attack_that_brings_the_attacker_within_the_interceptors_reach() -> None:
    """BRUTE has HP 7: one attack of this turn's (the ruler's ATK 3, GUARD's own ATK 3) leaves it 4 HP, above
    GUARD's ATK 3, so no wound is foreseen and the plan is the one made without the foresight."""
    g = _main_phase(brute_hp=7)
    assert _plan(g, Weights(wound_foreseen=1.0)) == _plan(g, Weights(wound_foreseen=0.0))


def test_when_damage_clears_at_the_end_of_the_turn_a_wound_saves_nothing_and_greedy_goes_face() -> None:
    """The first test's board under `unit_damage=clears`: the ruler's 3 damage on BRUTE is removed in the
    player's end phase, BRUTE meets WARDEN with its 5 HP, so wounding it saves nothing (nor is it a share of a kill
    made later) and greedy, with its hand-set weights, takes the open line to the rift's ruler."""
    g = _attack_phase(["BRUTE"] + ["NOTHING"] * 20, drives=1, variants=CLEARS)
    facts = Facts(player_view(g).game, Weights(wound=1.0))
    assert facts.wound_saving(ATTACK_LEFT, 3) == 0 and facts.chip_value(ATTACK_LEFT, 3) == 0
    assert _first_attack(g, Weights()).target == RULER


def test_when_damage_clears_the_rifts_attackers_meet_the_player_with_their_full_hp() -> None:
    """Damage a rift attacker took in the player's turn is gone when it attacks (the end phase removes it), so the
    rift's next attackers are counted at their full HP; with damage that stays they keep the HP they have left."""
    for variants, hp in ((DEFAULT, 2), (CLEARS, 5)):
        g = _attack_phase(["BRUTE"] + ["NOTHING"] * 20, drives=1, variants=variants)
        g.apply(Attack(RULER, ATTACK_LEFT))  # the Knight's ruler deals BRUTE 3 damage
        assert g.sides[INVADER].board[ATTACK_LEFT].damage == 3
        assert Facts(player_view(g).game).attackers[0][3] == hp


def test_when_damage_clears_no_wound_is_foreseen_and_the_plan_blocks_with_the_harder_hitter() -> None:
    """The foreseen-wound board under `unit_damage=clears`: the ruler's attack this turn cannot bring BRUTE
    within GUARD's reach for the rift's turn, so the plan is the one made without the foresight (STRIKER)."""
    g = _main_phase(brute_hp=5, variants=CLEARS)
    assert _plan(g, Weights(wound_foreseen=1.0)) == _plan(g, Weights(wound_foreseen=0.0)) == {"STRIKER": ATTACK_LEFT}
