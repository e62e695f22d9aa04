"""The real cards of mechanics 7 and 8, as shipped: each does what cards.md says it does.

Honoikazuchi (split and carry-through), Absolute Bearia (damage prevention),
the Forest of the Slaughterers (Beasts +1/+1, CR 2-11c), and Velcrite (a split
when it is special-summoned).
"""

from __future__ import annotations

import pytest
from factories import find_iid, game, iids, pass_until, play, summon, window, yaml_cards

from gateruler import loader
from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    Attack,
    Choose,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
)
from gateruler.engine.timings import ATTACK_DECLARED, BEFORE_DAMAGE

P, I = PLAYER, INVADER
HONO, BEARIA, FOREST = "TD01-013", "NONUMBER-ABSOLUTE-BEARIA", "NONUMBER-SLAUGHTERERS-FOREST"
OTHERS = yaml_cards(
    """
    - {id: SMALL, name: small, type: unit, level: 0, atk: 1, hp: 2, stk: 1, provenance: provisional}
    - {id: WALL, name: wall, type: unit, level: 0, atk: 1, hp: 9, stk: 1, provenance: provisional}
    - {id: BITER, name: biter, type: unit, level: 0, atk: 6, hp: 9, stk: 1, keywords: [intercept], provenance: provisional}
    - {id: BEAST, name: beast, type: unit, level: 0, atk: 2, hp: 5, stk: 1, attributes: [Beast], provenance: provisional}
    - {id: BURN, name: forest fire, type: event, level: 0, provenance: provisional,
       abilities: [{trigger: on_play, effects: [{effect: destroy, target: {all: {side: own, zone: field_zone}}}]}]}
    - {id: HURT, name: hurt, type: event, level: 0, provenance: provisional,
       abilities: [{trigger: on_play, effects: [{effect: damage, target: {all: {side: own, attribute: Beast}}, amount: 5}]}]}
    """
)


@pytest.fixture(scope="module")
def shipped():
    found = loader.load_card_pool()
    return [found[HONO], found[BEARIA], found[FOREST]]


def test_honoikazuchi_splits_three_damage_and_its_attack_goes_on_when_the_attacked_unit_is_destroyed(shipped) -> None:
    g = game(cards=[*shipped, *OTHERS], player=[HONO], rift=["SMALL", "WALL"], drives=2)
    g.sides[P].energy_ready = 3
    summon(g, HONO, ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    assert g.pending.kind == "split" and len(g.legal_actions()) == 4  # 3 damage between 2 units: 3-0, 2-1, 1-2, 0-3
    g.apply(Split(((I, ATTACK_LEFT, 2), (I, ATTACK_RIGHT, 1))))
    assert g.sides[I].board[ATTACK_LEFT] is None and g.unit_at(I, ATTACK_RIGHT).damage == 1
    assert len(g.sides[I].damage_zone) == 2  # Honoikazuchi's STK 2, as battle damage


def test_absolute_bearia_has_the_damage_timing_so_it_is_set_and_never_played_in_the_main_phase(shipped) -> None:
    """cards.md: "set and used when you or your unit is about to take damage" (docs/rulings.md D5, A7)."""
    g = game(cards=[*shipped, *OTHERS], player=[BEARIA, "WALL"])
    bearia = find_iid(g, P, "hand", BEARIA)
    assert PlayEvent(bearia) not in g.legal_actions() and SetCard(bearia, 0) in g.legal_actions()
    g.apply(SetCard(bearia, 0))
    assert PlayEvent(bearia) not in g.legal_actions()


def test_absolute_bearia_set_prevents_the_intercept_damage_when_your_attack_is_declared(shipped) -> None:
    g = game(cards=[*shipped, *OTHERS], player=[BEARIA, "WALL"], rift=["BITER"], drives=1)
    g.apply(SetCard(find_iid(g, P, "hand", BEARIA), 0))
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))  # the biter's intercept (6) would destroy the wall
    assert window(g) == ATTACK_DECLARED  # info 218: the damage timing names no turn
    g.apply(PlayEvent(find_iid(g, P, "set_zones", BEARIA)))
    assert g.unit_at(P, ATTACK_LEFT).damage == 0 and g.unit_at(I, ATTACK_LEFT).damage == 1


def test_absolute_bearia_set_prevents_the_rifts_battle_damage_in_the_rifts_turn(shipped) -> None:
    g = game(cards=[*shipped, *OTHERS], player=[BEARIA, "WALL"], atk=4, stk=1)
    g.apply(SetCard(find_iid(g, P, "hand", BEARIA), 0))
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())  # the rift's ruler (ATK 4) attacks the wall
    pass_until(g, BEFORE_DAMAGE)
    assert g.active == I and g.unit_at(P, ATTACK_LEFT).damage == 0
    g.apply(PlayEvent(find_iid(g, P, "set_zones", BEARIA)))
    pass_until(g, None)
    assert g.unit_at(P, ATTACK_LEFT).damage == 0 and BEARIA in iids(g, P, "graveyard")
    assert [e[4] for e in g.log if e[1] == "damage_prevented"] == [4]


def test_absolute_bearias_cnt_sends_it_to_the_graveyard_with_no_other_effect(shipped) -> None:
    g = game(cards=[*shipped, *OTHERS], player=["WALL"] * 4 + [BEARIA], atk=1, stk=1)
    # the opening hand takes 4 cards; the rift's first attack (STK 1) checks the fifth
    assert [e[3:] for e in g.log if e[1] == "check"] == [(g.sides[P].graveyard[0], "cnt", 1, 1)]
    assert g.card(g.sides[P].graveyard[0]).id == BEARIA and g.sides[P].damage_zone == [] and g.sides[P].shields == []


def test_the_forest_gives_your_beasts_atk_and_hp_and_copies_stack(shipped) -> None:
    g = game(cards=[*shipped, *OTHERS], player=[FOREST, FOREST, "BEAST"], rift=["BEAST"], drives=1)
    g.sides[P].energy_ready = 9
    summon(g, "BEAST", ATTACK_LEFT)
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions() if type(a) is PlayField))
    assert (g.atk(P, ATTACK_LEFT), g.hp(P, ATTACK_LEFT)) == (4, 7)
    assert (g.atk(I, ATTACK_LEFT), g.hp(I, ATTACK_LEFT)) == (2, 5)  # the rift's Beast is not yours


def test_a_beast_at_hp_6_from_the_forest_with_5_damage_is_destroyed_when_the_forest_leaves(shipped) -> None:
    """CR 2-11c: the HP the field gave ends with it, and damage >= HP destroys the unit."""
    g = game(cards=[*shipped, *OTHERS], player=[FOREST, "BEAST", "HURT", "BURN"])
    g.sides[P].energy_ready = 9
    summon(g, "BEAST", DEFENSE)
    g.apply(next(a for a in g.legal_actions() if type(a) is PlayField))
    play(g, "HURT")
    assert (g.hp(P, DEFENSE), g.unit_at(P, DEFENSE).damage) == (6, 5)
    play(g, "BURN")
    assert g.sides[P].board[DEFENSE] is None and g.card(g.sides[P].graveyard[-1]).id == "BEAST"


def test_velcrite_splits_three_damage_among_enemy_units_when_special_summoned() -> None:
    velcrite = loader.load_card_pool()["NONUMBER-VELCRITE"]
    revive = yaml_cards(
        """
        - {id: REVIVE, name: revive, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, effects: [{effect: special_summon, target: own_graveyard_unit}]}]}
        """
    )
    g = game(
        cards=[velcrite, *revive, *OTHERS], player=["NONUMBER-VELCRITE", "REVIVE"], rift=["WALL", "WALL"], drives=2
    )
    summon(g, "NONUMBER-VELCRITE", ATTACK_LEFT)  # a normal summon does not trigger it
    assert g.pending is None and [u.damage for u in g.sides[I].board if u] == [0, 0]
    g.destroy(P, ATTACK_LEFT)
    play(g, "REVIVE")
    g.apply(Choose(P, ATTACK_LEFT))  # the zone it comes back to
    assert g.pending.kind == "split"
    g.apply(Split(((I, ATTACK_LEFT, 1), (I, ATTACK_RIGHT, 2))))
    assert [u.damage for u in g.sides[I].board if u] == [1, 2]
