"""The bots in the priority windows of the rift's turn (engine/windows.py, bots/greedy/decisions.py).

Greedy's rules, one test each: set what is meant for the rift's turn; after a
drive, remove the driven attacker; before damage, prevent lethal or
unit-losing damage; make a sentinel summon when the rift's attacks would be
lethal; otherwise pass.  Every bot answers every window with a legal action.
"""

from __future__ import annotations

import pytest
from factories import find_iid, game, pass_until, unit, window, yaml_unit
from test_engine_windows import BLANK, BRUTE, GUARD, SNAP, WATCH

from gateruler.bots import make_bot
from gateruler.bots.view import player_view
from gateruler.engine import ATTACK_LEFT, INVADER, PLAYER, EndTurn, Pass, PlayEvent, SetCard, Summon
from gateruler.engine.timings import BEFORE_ATTACK, BEFORE_DAMAGE, RIFT_DRIVE, RIFT_END, RIFT_START

P, I = PLAYER, INVADER
CARDS = [SNAP, GUARD, WATCH, BRUTE, BLANK]


def greedy(g):
    return make_bot("greedy", 0).choose(player_view(g))


def to_rift_turn(g, *set_ids: str) -> None:
    for zone, card_id in enumerate(set_ids):
        g.apply(SetCard(find_iid(g, P, "hand", card_id), zone))
    g.apply(EndTurn())


def test_greedy_sets_the_events_meant_for_the_rifts_turn_damage_timing_first() -> None:
    g = game(cards=CARDS, player=["SNAP", "GUARD"], rift=["BLANK"])
    first = greedy(g)
    assert type(first) is SetCard and g.card(first.card).id == "GUARD"


def test_greedy_destroys_the_driven_unit_before_it_attacks() -> None:
    g = game(cards=CARDS, player=["SNAP"], rift=["BLANK", "BRUTE"], drives=1)
    to_rift_turn(g, "SNAP")
    assert window(g) == RIFT_DRIVE
    assert greedy(g) == PlayEvent(find_iid(g, P, "set_zones", "SNAP"))


def test_greedy_passes_after_a_drive_that_brings_no_attacker() -> None:
    g = game(cards=CARDS, player=["SNAP"], rift=["BRUTE", "BLANK"], drives=1)
    to_rift_turn(g, "SNAP")
    assert window(g) == RIFT_START and greedy(g) == Pass()  # the brute of the rift's first turn could be destroyed
    pass_until(g, RIFT_DRIVE)
    assert window(g) == RIFT_DRIVE  # a blank was driven
    assert greedy(g) == Pass()


def test_greedy_prevents_lethal_battle_damage_just_before_it_is_dealt() -> None:
    g = game(cards=CARDS, player=["GUARD"], rift=["BLANK", "BRUTE"], drives=1)
    to_rift_turn(g, "GUARD")
    g.sides[P].damage_zone = list(g.sides[P].deck[:10])  # one card from losing: the brute's STK 2 is lethal
    del g.sides[P].deck[:10]
    assert greedy(g) == Pass()  # at the declaration: it waits for the moment before damage
    g.apply(Pass())
    assert window(g) == BEFORE_DAMAGE
    assert greedy(g) == PlayEvent(find_iid(g, P, "set_zones", "GUARD"))


def test_greedy_lets_harmless_battle_damage_through() -> None:
    g = game(cards=CARDS, player=["GUARD"], rift=["BLANK", "BRUTE"], drives=1)
    to_rift_turn(g, "GUARD")
    g.apply(Pass())
    assert window(g) == BEFORE_DAMAGE and greedy(g) == Pass()  # 2 damage checks of 11: not lethal, no unit lost


def test_greedy_prevents_damage_that_would_destroy_its_unit() -> None:
    page = unit("PAGE", 1, 1, 4, 1)
    g = game(cards=[*CARDS, page], player=["GUARD", "PAGE"], rift=["BLANK", "BRUTE"], drives=1)
    g.apply(Summon(find_iid(g, P, "hand", "PAGE"), ATTACK_LEFT))
    to_rift_turn(g, "GUARD")
    g.apply(Pass())
    assert window(g) == BEFORE_DAMAGE and greedy(g) == PlayEvent(find_iid(g, P, "set_zones", "GUARD"))


def test_greedy_makes_a_sentinel_summon_when_the_rifts_attacks_would_be_lethal() -> None:
    g = game(cards=CARDS, player=["WATCH"], rift=["BLANK", "BRUTE"], drives=1, atk=4, stk=3)
    while window(g) is not None:
        g.apply(Pass())
    g.apply(EndTurn())
    pass_until(g, RIFT_DRIVE)
    assert window(g) == RIFT_DRIVE
    assert greedy(g) == Pass()  # 11 cards of life left: nothing lethal is coming
    g.sides[P].damage_zone = list(g.sides[P].deck[:8])
    del g.sides[P].deck[:8]
    choice = greedy(g)
    assert type(choice) is Summon and choice.slot == ATTACK_LEFT


@pytest.mark.parametrize("name", ["random", "greedy", "search"])
def test_every_bot_answers_the_rifts_end_window_with_a_legal_action(name: str) -> None:
    gun = yaml_unit(
        "GUN",
        "{trigger: activated, timing: quick, once_per_turn: true, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    g = game(cards=[gun, BLANK], player=["GUN"], rift=["BLANK"])
    g.apply(Summon(find_iid(g, P, "hand", "GUN"), 2))
    g.apply(EndTurn())
    while window(g) not in (RIFT_END, None):
        g.apply(Pass())
    assert window(g) == RIFT_END
    assert make_bot(name, 3, 4).choose(player_view(g)) in g.legal_actions()


@pytest.mark.parametrize("name", ["random", "greedy", "search", "lookahead", "focus"])
def test_every_bot_answers_the_window_before_a_rift_attack_is_chosen_with_a_legal_action(name: str) -> None:
    """CR 8-3 / 8-4: gate processing comes before the rift chooses its next attacker and target."""
    gun = yaml_unit(
        "GUN",
        "{trigger: activated, timing: quick, once_per_turn: true, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    g = game(cards=[gun, BRUTE, BLANK], player=["GUN"], rift=["BRUTE", "BLANK"], drives=1)
    g.apply(Summon(find_iid(g, P, "hand", "GUN"), 2))
    g.apply(EndTurn())
    while window(g) not in (BEFORE_ATTACK, None):
        g.apply(Pass())
    assert window(g) == BEFORE_ATTACK
    assert make_bot(name, 3, 4).choose(player_view(g)) in g.legal_actions()
