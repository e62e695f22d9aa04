"""Mechanics 10 and 12: TD (CR 16-3), marker keywords (CR 16-1a-2), keyword grants, and act/rest by an effect.

Cards are written in YAML and read by the real loader.
"""

from __future__ import annotations

from factories import FILLER, apprentice, find_iid, game, iids, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    Attack,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
)
from gateruler.engine.keywords import INTERCEPT, PIERCE

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 1, 20, 1)
GUARD = unit("GUARD", 0, 1, 3, 1)
BRUTE = unit("BRUTE", 2, 5, 5, 2)
DRAW = "{effect: draw, target: controller, amount: 1}"


def drew(g, since: int) -> int:
    return sum(1 for e in g.log[since:] if e[1] == "draw")


# ---------------------------------------------------------------------- TD


def test_td_triggers_when_the_unit_is_summoned_from_the_hand() -> None:
    herald = yaml_unit("HERALD", f"{{trigger: touchdown, effects: [{DRAW}]}}")
    g = game(cards=[herald], player=["HERALD"])
    mark = len(g.log)
    summon(g, "HERALD", ATTACK_LEFT)
    assert drew(g, mark) == 1
    assert any(e[1] == "ability" and e[4] == "touchdown" for e in g.log[mark:])


def test_td_does_not_trigger_for_a_unit_played_from_the_drive_zone() -> None:
    herald = yaml_unit("HERALD", "{trigger: touchdown, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}")
    g = game(cards=[herald], player=["HERALD"], ruler=apprentice())
    g.apply(Summon(find_iid(g, P, "drive", "HERALD"), ATTACK_LEFT))
    assert g.sides[I].damage_zone == []


def test_td_triggers_for_a_field_played_from_the_hand() -> None:
    (tent,) = yaml_cards(
        f"- {{id: TENT, name: tent, type: field, level: 0, provenance: provisional, abilities: [{{trigger: touchdown, effects: [{DRAW}]}}]}}"
    )
    g = game(cards=[tent], player=["TENT"])
    mark = len(g.log)
    g.apply(PlayField(find_iid(g, P, "hand", "TENT")))
    assert drew(g, mark) == 1


def test_td_resolves_before_the_units_own_on_enter_abilities() -> None:
    herald = yaml_unit(
        "HERALD",
        "{trigger: on_enter, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
        f"{{trigger: touchdown, effects: [{DRAW}]}}",
    )
    g = game(cards=[herald], player=["HERALD"])
    mark = len(g.log)
    summon(g, "HERALD", ATTACK_LEFT)
    assert [e[4] for e in g.log[mark:] if e[1] == "ability"] == [
        "on_enter",
        "touchdown",
    ]  # both trigger as it enters...
    assert [e[1] for e in g.log[mark:] if e[1] in ("draw", "ruler_damage")] == [
        "draw",
        "ruler_damage",
    ]  # ...TD resolves first


def test_td_triggers_for_an_open_card_played_from_the_hand_though_not_normally_summoned() -> None:
    (opener,) = yaml_cards(
        "- {id: OPENER, name: opener, type: unit, level: 0, atk: 1, hp: 1, stk: 1, keywords: [open_card], provenance: provisional,"
        " abilities: [{trigger: touchdown, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}]}"
    )
    g = game(cards=[opener], player=[FILLER, FILLER, FILLER, FILLER, "OPENER"])
    assert len(g.sides[I].damage_zone) == 1


# ---------------------------------------------------------------------- marker keywords


def test_a_marker_keyword_has_no_rule_but_filters_find_it() -> None:
    (watchman,) = yaml_cards(
        "- {id: WATCH, name: watchman, type: unit, level: 0, atk: 1, hp: 1, stk: 1, markers: [警戒], provenance: provisional}"
    )
    alarm = yaml_event("ALARM", DRAW, ability="requires: {exists: {side: own, marker: 警戒}}")
    g = game(cards=[watchman, alarm], player=["WATCH", "ALARM"])
    assert not any(type(a) is PlayEvent and g.card(a.card).id == "ALARM" for a in g.legal_actions())
    summon(g, "WATCH", DEFENSE)
    assert g.keywords(P, DEFENSE) == frozenset()  # a marker is not a keyword with a rule
    assert any(type(a) is PlayEvent and g.card(a.card).id == "ALARM" for a in g.legal_actions())


# ---------------------------------------------------------------------- keyword grants


def test_a_granted_pierce_decides_a_battle_until_the_end_of_the_turn() -> None:
    lance = yaml_event("LANCE", "{effect: grant, target: own_unit, keyword: pierce}")
    striker = unit("STRIKER", 0, 5, 5, 3)
    g = game(cards=[lance, striker, GUARD, WALL], player=["STRIKER", "LANCE"], rift=["WALL", "WALL", "GUARD"], drives=3)
    summon(g, "STRIKER", ATTACK_LEFT)
    play(g, "LANCE")
    assert PIERCE in g.keywords(P, ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, DEFENSE))
    assert len(g.sides[I].damage_zone) == 3  # the guard destroyed, and 3 through to the rift
    g.apply(EndTurn())
    assert PIERCE not in g.keywords(P, ATTACK_LEFT)


def test_a_continuous_grant_gives_your_ruler_pierce_while_its_card_stays() -> None:
    crest = yaml_unit("CREST", "{trigger: continuous, effects: [{effect: grant, target: own_ruler, keyword: pierce}]}")
    g = game(cards=[crest, GUARD, WALL], player=["CREST"], rift=["WALL", "WALL", "GUARD"], drives=3)
    assert PIERCE not in g.keywords(P, RULER)
    summon(g, "CREST", ATTACK_RIGHT)
    assert PIERCE in g.keywords(P, RULER)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, DEFENSE))  # ATK 3 kills the 3-HP guard: pierce deals the ruler's STK 3
    assert len(g.sides[I].damage_zone) == 3


def test_a_granted_intercept_hits_the_attacker_first() -> None:
    ward = yaml_event("WARD", "{effect: grant, target: own_unit, keyword: intercept, duration: permanent}")
    wall = unit("BIGWALL", 0, 6, 20, 1)
    g = game(cards=[ward, wall, BRUTE], player=["BIGWALL", "WARD"], rift=["BRUTE"], drives=1, atk=0)
    summon(g, "BIGWALL", ATTACK_LEFT)
    play(g, "WARD")
    g.apply(EndTurn())  # the brute attacks the wall and is intercepted: 6 damage kills it first
    assert INTERCEPT in g.keywords(P, ATTACK_LEFT)
    assert "BRUTE" in iids(g, I, "graveyard")
    assert g.unit_at(P, ATTACK_LEFT).damage == 0


def test_a_units_granted_keywords_leave_with_it() -> None:
    ward = yaml_event("WARD", "{effect: grant, target: own_unit, keyword: intercept, duration: permanent}")
    bounce = yaml_event("BOUNCE", "{effect: move, target: own_unit, to: hand}")
    g = game(cards=[ward, bounce, GUARD], player=["GUARD", "WARD", "BOUNCE"])
    summon(g, "GUARD", ATTACK_LEFT)
    play(g, "WARD")
    play(g, "BOUNCE")
    summon(g, "GUARD", ATTACK_LEFT)
    assert INTERCEPT not in g.keywords(P, ATTACK_LEFT)  # a new card (CR 3-2d)


# ---------------------------------------------------------------------- act and rest


def test_an_act_effect_readies_the_ruler_to_attack_again() -> None:
    again = yaml_event("AGAIN", "{effect: act, target: own_ruler}", card="timing: quick")
    g = game(cards=[again], player=["AGAIN"])
    g.apply(SetCard(find_iid(g, P, "hand", "AGAIN"), 0))
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert g.sides[P].ruler_rested
    g.apply(PlayEvent(g.sides[P].set_zones[0]))
    assert not g.sides[P].ruler_rested
    g.apply(Attack(RULER, RULER))
    assert len(g.sides[I].damage_zone) == 6  # the Knight's STK 3, twice


def test_a_rest_effect_stops_a_unit_from_attacking() -> None:
    (nap,) = yaml_cards(
        "- {id: NAP, name: nap, type: event, level: 0, provenance: provisional, abilities: [{trigger: on_play, effects: [{effect: rest, target: own_unit}]}]}"
    )
    g = game(cards=[nap, GUARD], player=["GUARD", "NAP"])
    summon(g, "GUARD", ATTACK_LEFT)
    play(g, "NAP")
    assert g.unit_at(P, ATTACK_LEFT).rested
    g.apply(GoToAttack())
    assert not any(type(a) is Attack and a.attacker == ATTACK_LEFT for a in g.legal_actions())


def test_the_rifts_ruler_has_no_rest_state_so_resting_it_does_nothing() -> None:
    nap = yaml_event("NAP", "{effect: rest, target: enemy_ruler}")
    g = game(cards=[nap], player=["NAP"])
    mark = len(g.log)
    play(g, "NAP")
    assert [e[1] for e in g.log[mark:] if e[1] in ("rest", "no_effect")] == ["no_effect"]
