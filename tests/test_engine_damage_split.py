"""Mechanic 7: damage split among units as the controller chooses, and Honoikazuchi's carry-through.

Splitting is one decision whose options are the whole distributions (`Split`
answers); the rift fills the player's units in the solo order, each up to
what destroys it (docs/rulings.md D1-D4).
"""

from __future__ import annotations

from math import comb

from factories import game, play, summon, yaml_cards, yaml_event, yaml_unit

from gateruler.bots.greedy import Facts, choose_split
from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, Attack, EndTurn, GoToAttack, Split

P, I = PLAYER, INVADER
WALLS = yaml_cards(
    """
    - {id: SMALL, name: small, type: unit, level: 0, atk: 1, hp: 2, stk: 1, provenance: provisional}
    - {id: WALL, name: wall, type: unit, level: 0, atk: 1, hp: 9, stk: 1, provenance: provisional}
    - {id: BRUTE, name: brute, type: unit, level: 1, atk: 6, hp: 4, stk: 2, provenance: provisional}
    - {id: NOTHING, name: nothing, type: event, level: 0, provenance: provisional}
    """
)
FLARE = yaml_event("FLARE", "{effect: split_damage, target: all_enemy_units, amount: 3}")
HONO = yaml_unit(
    "HONO",
    "{trigger: on_attack, effects: [{effect: split_damage, target: all_enemy_units, amount: 3, as: fire},"
    " {effect: carry_through, destroyed_by: fire}]}",
    stats="level: 0, atk: 5, hp: 4, stk: 2",
)


def damage(g, side: int) -> list[int | None]:
    return [None if u is None else u.damage for u in g.sides[side].board]


def test_a_split_offers_every_way_of_dealing_all_of_the_damage_once() -> None:
    g = game(cards=[FLARE, *WALLS], player=["FLARE"], rift=["WALL", "WALL", "WALL"], drives=3)
    play(g, "FLARE")
    options = g.legal_actions()
    assert (g.pending.kind, g.pending.purpose) == ("split", "target")
    assert len(options) == comb(3 + 3 - 1, 3 - 1) == len(set(options))
    assert all(type(o) is Split and sum(a for _, _, a in o.parts) == 3 for o in options)
    assert options[0] == Split(((I, ATTACK_LEFT, 3),))  # everything on the first unit comes first


def test_split_damage_deals_the_chosen_distribution() -> None:
    g = game(cards=[FLARE, *WALLS], player=["FLARE"], rift=["WALL", "WALL", "WALL"], drives=3)
    play(g, "FLARE")
    g.apply(Split(((I, ATTACK_RIGHT, 1), (I, DEFENSE, 2))))
    assert damage(g, I) == [0, 1, 2]


def test_a_split_with_one_unit_to_hit_puts_all_of_it_there_without_asking() -> None:
    g = game(cards=[FLARE, *WALLS], player=["FLARE"], rift=["WALL"], drives=1)
    play(g, "FLARE")
    assert g.pending is None and damage(g, I) == [3, None, None]


def test_a_split_with_no_unit_to_hit_has_no_effect() -> None:
    g = game(cards=[FLARE], player=["FLARE"])
    play(g, "FLARE")
    assert g.pending is None and any(e[1] == "no_effect" for e in g.log)


def test_the_rift_splits_in_the_solo_order_each_unit_taking_what_destroys_it() -> None:
    burst = yaml_event("BURST", "{effect: split_damage, target: all_enemy_units, amount: 4}")
    g = game(cards=[burst, *WALLS], player=["SMALL", "WALL"], rift=["NOTHING", "BURST"], drives=1)
    summon(g, "SMALL", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    g.apply(EndTurn())
    # left attack first (HP 2: it takes 2 and is destroyed), then the defense unit takes the rest
    assert g.sides[P].board[ATTACK_LEFT] is None and damage(g, P)[DEFENSE] == 2


def test_what_the_rift_has_left_after_destroying_every_unit_goes_onto_the_first() -> None:
    burst = yaml_event("BURST", "{effect: split_damage, target: all_enemy_units, amount: 5}")
    g = game(cards=[burst, *WALLS], player=["SMALL", "SMALL"], rift=["NOTHING", "BURST"], drives=1)
    summon(g, "SMALL", ATTACK_LEFT)
    summon(g, "SMALL", DEFENSE)
    g.apply(EndTurn())
    hits = [e[4] for e in g.log if e[1] == "damage_unit"]
    assert hits == [3, 2]  # left attack 2 + the 1 left over, then the defense unit 2


def test_the_attack_goes_on_to_the_ruler_when_the_split_destroys_the_attacked_unit() -> None:
    g = game(cards=[HONO, *WALLS], player=["HONO"], rift=["SMALL", "WALL"], drives=2)
    summon(g, "HONO", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    g.apply(Split(((I, ATTACK_LEFT, 2), (I, ATTACK_RIGHT, 1))))
    assert damage(g, I) == [None, 1, None]
    assert [e[3:] for e in g.log if e[1] == "carry_through"] == [(_iid(g, "HONO"), ATTACK_LEFT, _iid(g, "SMALL"))]
    # battle damage: its STK, by the attack that went on
    assert [e[3:] for e in g.log if e[1] == "ruler_damage"] == [(2, True, _iid(g, "HONO"), "carry_through")]
    assert len(g.sides[I].damage_zone) == 2


def _iid(g, card_id: str) -> int:
    return next(i for i, d in enumerate(g.setup.defs) if d.id == card_id)


def test_no_carry_through_when_the_split_destroys_another_unit() -> None:
    g = game(cards=[HONO, *WALLS], player=["HONO"], rift=["WALL", "SMALL"], drives=2)
    summon(g, "HONO", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    g.apply(Split(((I, ATTACK_LEFT, 1), (I, ATTACK_RIGHT, 2))))
    assert damage(g, I) == [1 + 5, None, None]  # the attack hits the wall it was declared against
    assert not any(e[1] in ("carry_through", "ruler_damage") for e in g.log)


def test_without_carry_through_an_attack_whose_target_the_split_destroyed_does_nothing() -> None:
    plain = yaml_unit(
        "PLAIN",
        "{trigger: on_attack, effects: [{effect: split_damage, target: all_enemy_units, amount: 3}]}",
        stats="level: 0, atk: 5, hp: 4, stk: 2",
    )
    g = game(cards=[plain, *WALLS], player=["PLAIN"], rift=["SMALL", "WALL"], drives=2)
    summon(g, "PLAIN", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    g.apply(Split(((I, ATTACK_LEFT, 2), (I, ATTACK_RIGHT, 1))))
    assert damage(g, I) == [None, 1, None] and g.sides[I].damage_zone == []


def test_greedy_splits_to_destroy_what_it_can_else_onto_the_biggest_threat() -> None:
    g = game(cards=[FLARE, *WALLS], player=["FLARE"], rift=["WALL", "SMALL", "WALL"], drives=3)
    play(g, "FLARE")
    kill = choose_split(g, Facts(g), g.legal_actions())
    assert (I, ATTACK_RIGHT, 2) in kill.parts  # the small unit dies; the rest chips at a wall
    g = game(cards=[FLARE, *WALLS], player=["FLARE"], rift=["WALL", "BRUTE", "WALL"], drives=3)
    g.sides[I].board[ATTACK_RIGHT].damage = 0
    play(g, "FLARE")
    threat = choose_split(g, Facts(g), g.legal_actions())
    assert threat == Split(((I, ATTACK_RIGHT, 3),))  # no kill: all of it on the hard-hitting brute


def test_greedy_kills_the_attacked_unit_with_the_split_when_the_attack_carries_on() -> None:
    g = game(cards=[HONO, *WALLS], player=["HONO"], rift=["SMALL", "WALL"], drives=2)
    summon(g, "HONO", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, ATTACK_LEFT))
    choice = choose_split(g, Facts(g), g.legal_actions())
    assert (I, ATTACK_LEFT, 2) in choice.parts


def test_the_rift_answers_a_split_attack_of_its_own_and_its_attack_carries_on_to_the_player() -> None:
    rift_hono = yaml_unit(
        "R-HONO",
        "{trigger: on_attack, effects: [{effect: split_damage, target: all_enemy_units, amount: 3, as: fire},"
        " {effect: carry_through, destroyed_by: fire}]}",
        stats="level: 0, atk: 5, hp: 9, stk: 2",
    )
    g = game(cards=[rift_hono, *WALLS], player=["SMALL"], rift=["R-HONO"], drives=1)
    summon(g, "SMALL", ATTACK_LEFT)
    g.apply(EndTurn())
    assert g.sides[P].board[ATTACK_LEFT] is None
    assert [e[3:] for e in g.log if e[1] == "ruler_damage"][0] == (
        2,
        True,
        g.sides[I].board[ATTACK_LEFT].iid,
        "carry_through",
    )
