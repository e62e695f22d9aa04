"""Greedy's plan against level 2's End and against the rift's next attacks (issue 24; docs/bots.md).

The seed's level 2 rule 1 (solo-mode.md): while End is on the board, the
rift's turn begins with one of the player's units destroyed, the left attack
zone first, then the right attack zone, then the defense zone; then its
drives and its attacks, which go to the player's left attack unit, then the
defense unit, then the ruler, never the right attack unit (solo 6).  So End
killed in the player's turn takes no unit at the rift's next start, and a unit
in the right attack zone is then out of every attack's reach.  With
`sacrificer_killed` greedy's plan foresees the kill its attacks can make this
turn; with `lost_later` a unit the rift's next turn destroys is worth this
turn's attack only; with `keep_later`, on a level with End's rule, a
placement loses that worth next to the placement of the same units that
loses least of it.
"""

from __future__ import annotations

from factories import event, game, unit

from gateruler.bots.greedy import Facts, GreedyBot, main_plan
from gateruler.bots.greedy.odds import rift_battle
from gateruler.bots.view import player_view
from gateruler.bots.weights import Weights
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, Summon
from gateruler.engine.game import Game

END_RULE = [("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})]
NOTHING = event("NOTHING")
STRIKER = unit("STRIKER", 1, 2, 3, 2)  # ATK 2, HP 3, STK 2
WALL = unit("WALL", 1, 0, 9, 1)  # ATK 0, HP 9


def _end_game(end_hp: int, hand: tuple[str, ...] = ("STRIKER", "WALL")) -> Game:
    """The Knight's first main phase (ruler ATK 3, 2 summons, `hand`: STRIKER and WALL) against End (ATK 5,
    `end_hp` HP) in the rift's left attack zone, the rift's ruler ATK 5 STK 3, its deck End and then events only."""
    end = unit("END", 5, 5, end_hp, 3)
    return game(
        cards=[end, STRIKER, WALL, NOTHING],
        player=list(hand),
        rift=["END"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=1,
        rules=END_RULE,
        atk=5,
        stk=3,
    )


def _plan(g: Game, weights: Weights) -> dict[str, int]:
    """Greedy's main-phase plan: the slot of each unit it summons, by card id."""
    view = player_view(g).game
    plan = main_plan(view, Facts(view, weights), view.legal_actions())
    return {view.card(a.card).id: a.slot for a in plan if type(a) is Summon}


def test_the_rifts_battle_names_the_zones_of_the_units_it_destroys() -> None:
    """End's rule takes the player's left attack unit before the attacks; the attacks then go to the defense unit
    (solo 6): an ATK 5 attacker destroys the HP 3 one there, and the ruler's attack goes on to the player's ruler
    (3 damage checks).  The battle names both zones."""
    left = (9, 1, False, False, True)
    defense = (3, 1, False, False, True)
    face, lost, _atk, zones = rift_battle(((5, 1, False, 5), (5, 3, False, 0)), True, left, False, defense)
    assert (face, lost) == (3, 2)
    assert zones == 1 << ATTACK_LEFT | 1 << DEFENSE


def test_with_sacrificer_killed_an_attacker_that_kills_end_this_turn_goes_where_no_attack_reaches() -> None:
    """End has HP 5; the Knight's ruler (ATK 3) and STRIKER (ATK 2) kill it this turn.  Then End's rule does not
    come at the rift's next start, and its attacks (its ruler's: its deck holds no other unit) go to the left
    attack unit, never the right: WALL (HP 9) takes them in the left attack zone and STRIKER keeps attacking from
    the right.  Without the foresight End's rule takes the left unit first, so greedy gave STRIKER to it and
    kept WALL in the defense zone (`lost_unit_atk` off: counting STRIKER's ATK lost to End's rule moves it without
    the foresight too); with it, greedy's attacks kill End and both units are on the board again in the player's
    next turn."""
    g = _end_game(end_hp=5)
    assert _plan(g, Weights(sacrificer_killed=0.0, lost_unit_atk=0.0)) == {"STRIKER": ATTACK_LEFT, "WALL": DEFENSE}
    assert _plan(g, Weights(sacrificer_killed=1.0)) == {"WALL": ATTACK_LEFT, "STRIKER": ATTACK_RIGHT}
    bot = GreedyBot(0, Weights(sacrificer_killed=1.0))
    while g.winner is None and g.turn < 4:
        g.apply(bot.choose(player_view(g)))
    assert g.turn == 4
    assert all(u is None for u in g.sides[INVADER].board)  # End was killed
    assert [g.card(u.iid).id if u else None for u in g.sides[PLAYER].board] == ["WALL", "STRIKER", None]


def test_with_sacrificer_killed_an_end_out_of_this_turns_reach_still_takes_a_unit() -> None:
    """End has HP 6: the ruler and STRIKER together deal 5, and WALL has ATK 0, so End stays and its rule takes
    the player's left unit at the rift's next start; the plan is the one made without the foresight."""
    g = _end_game(end_hp=6)
    assert _plan(g, Weights(sacrificer_killed=1.0)) == _plan(g, Weights(sacrificer_killed=0.0))


def test_with_lost_later_a_new_unit_goes_where_the_rifts_next_attacks_do_not_destroy_it() -> None:
    """BRUTE (ATK 4, STK 1) in the rift's left attack zone attacks the player's left attack unit first (solo 6):
    RAIDER (HP 3) there would be destroyed, saving the ruler BRUTE's one damage check; in the right attack zone,
    which the rift never attacks, it takes the check but keeps attacking (STK 3) in the turns after.  Without
    `lost_later` greedy counts those turns either way and blocks; with it, the unit destroyed attacks this turn
    only, and RAIDER goes to the right."""
    brute = unit("BRUTE", 1, 4, 9, 1)
    raider = unit("RAIDER", 1, 2, 3, 3)
    g = game(cards=[brute, raider, NOTHING], player=["RAIDER"], rift=["BRUTE"] + ["NOTHING"] * 20, rift_pad=0, drives=1)
    assert _plan(g, Weights(lost_later=0.0)) == {"RAIDER": ATTACK_LEFT}
    assert _plan(g, Weights(lost_later=0.5)) == {"RAIDER": ATTACK_RIGHT}


def _raider_game(rules: list[tuple[str, dict[str, str]]] | None) -> Game:
    """The lost_later board above (BRUTE in the rift's left attack zone, RAIDER in the hand), on a level with
    End's rule (`rules`: END_RULE, End in no zone yet) or without one (None)."""
    brute = unit("BRUTE", 1, 4, 9, 1)
    raider = unit("RAIDER", 1, 2, 3, 3)
    end = unit("END", 5, 5, 8, 3)
    return game(
        cards=[brute, raider, end, NOTHING],
        player=["RAIDER"],
        rift=["BRUTE"] + ["NOTHING"] * 20,
        rift_pad=0,
        drives=1,
        rules=rules or [],
    )


def test_with_keep_later_on_a_level_with_ends_rule_a_new_unit_goes_where_the_rifts_next_turn_does_not_destroy_it() -> (
    None
):
    """The rift attacks the player's left attack unit, then the defense unit, then the ruler, never the right
    attack unit (solo 6).  RAIDER in the left attack zone saves the ruler BRUTE's one damage check and is
    destroyed; in the right it is not.  On a level with End's rule, `keep_later` counts what a placement loses
    of its units' worth beyond this turn next to the placement of the same units that loses least (here none):
    RAIDER goes to the right attack zone, where it keeps attacking in the turns after (`right_turns`, which
    would send it there too, is off here)."""
    g = _raider_game(END_RULE)
    assert _plan(g, Weights(keep_later=0.0, right_turns=0.0)) == {"RAIDER": ATTACK_LEFT}
    assert _plan(g, Weights(keep_later=0.5, right_turns=0.0)) == {"RAIDER": ATTACK_RIGHT}


def test_with_keep_later_a_level_without_ends_rule_places_as_before() -> None:
    """`keep_later` is a level 2 rule: on a level without End's rule the same board gets the same plan."""
    g = _raider_game(None)
    assert _plan(g, Weights(keep_later=0.5)) == _plan(g, Weights(keep_later=0.0)) == {"RAIDER": ATTACK_LEFT}


def test_with_keep_later_a_unit_ends_rule_takes_wherever_it_goes_costs_nothing() -> None:
    """End has HP 9, out of the reach of this turn's attackers (the ruler's ATK 3, STRIKER's 2): its rule
    takes the player's one unit at the rift's next start wherever it stands (the left attack zone first, then
    the right, then defense), so every placement of STRIKER alone loses it and `keep_later` changes nothing."""
    g = _end_game(end_hp=9, hand=("STRIKER",))
    assert _plan(g, Weights(keep_later=0.5)) == _plan(g, Weights(keep_later=0.0))
