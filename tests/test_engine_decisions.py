"""Mechanic 13: everything a player chooses is a decision held in the game state.

A decision lists its legal answers as actions (`Choose` a unit, `ChooseCard`
a card in a zone, `Confirm` a "you may"); the game waits for the player's,
and the rift answers its own at once through its `Opponent` in the solo-mode
order (docs/rulings.md R3, R10-R12).  A game waiting for a decision copies,
saves and restores like any other.
"""

from __future__ import annotations

import json

import pytest
from factories import event, find_iid, game, iids, play, restore, summon, unit, yaml_event, yaml_unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    Choose,
    ChooseCard,
    Confirm,
    Decision,
    Done,
    EndTurn,
    PlayEvent,
    action_from_dict,
    action_to_dict,
)
from gateruler.errors import IllegalAction

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 1, 20, 1)
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)


def test_a_you_may_effect_asks_and_a_no_skips_only_that_effect() -> None:
    gift = yaml_event(
        "GIFT",
        "{effect: damage, target: enemy_ruler, amount: 1, optional: true}",
        "{effect: damage, target: enemy_ruler, amount: 1}",
    )
    g = game(cards=[gift], player=["GIFT"])
    play(g, "GIFT")
    assert g.legal_actions() == [Confirm(True), Confirm(False)]
    assert (g.pending.purpose, g.pending.kind, g.pending.side) == ("optional", "confirm", P)
    g.apply(Confirm(False))
    assert len(g.sides[I].damage_zone) == 1 and any(e[1] == "declined" for e in g.log)


def test_choosing_several_targets_picks_one_unit_at_a_time_never_the_same_twice() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {choose: 2, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY"], rift=["WALL", "WALL", "WALL"], drives=3)
    play(g, "VOLLEY")
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, ATTACK_RIGHT), Choose(I, DEFENSE)]
    g.apply(Choose(I, ATTACK_RIGHT))
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, DEFENSE)]
    assert (g.pending.count, g.pending.picked) == (2, (Choose(I, ATTACK_RIGHT),))
    g.apply(Choose(I, DEFENSE))
    assert [g.unit_at(I, s).damage for s in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)] == [0, 2, 2]


def test_a_choice_with_no_more_candidates_than_picks_is_not_asked() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {choose: 2, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY"], rift=["WALL"], drives=1)
    play(g, "VOLLEY")
    assert g.pending is None and g.unit_at(I, ATTACK_LEFT).damage == 2


def test_only_the_decisions_answers_are_legal_and_a_wrong_one_changes_nothing() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {choose: 2, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY"], rift=["WALL", "WALL"], drives=2)
    play(g, "VOLLEY")
    before = g.to_dict()
    for wrong in (Choose(I, DEFENSE), ChooseCard(0), Confirm(True)):
        with pytest.raises(IllegalAction):
            g.apply(wrong)
    assert g.to_dict() == before


def test_a_game_waiting_mid_ability_copies_saves_and_restores_with_its_bound_results() -> None:
    """An ability whose first effect was bound with as: waits for a "you may" on its second."""
    hunt = yaml_event(
        "HUNT",
        "{effect: damage, target: enemy_unit, amount: 5, as: kill}",
        "{effect: damage, target: enemy_ruler, amount: 2, optional: true, if: {destroyed: kill}}",
    )
    g = game(cards=[hunt, SOLDIER], player=["HUNT"], rift=["SOLDIER", "SOLDIER"], drives=2)
    play(g, "HUNT")
    g.apply(Choose(I, ATTACK_LEFT))
    assert g.pending.purpose == "optional" and g.tasks[-1].bound[0][0] == "kill"
    copy = g.clone()
    back = restore(json.loads(json.dumps(g.to_dict())), g)
    assert back.to_dict() == g.to_dict() and back.legal_actions() == g.legal_actions()
    for each in (g, back):
        each.apply(Confirm(True))
    copy.apply(Confirm(False))
    assert len(g.sides[I].damage_zone) == len(back.sides[I].damage_zone) == 2
    assert copy.sides[I].damage_zone == [] and g.log == back.log


def test_a_decision_names_what_it_is_about() -> None:
    study = yaml_event(
        "STUDY", "{effect: draw, target: controller, amount: 1}", ability="costs: [{cost: discard, count: 1}]"
    )
    g = game(cards=[study, SOLDIER, WALL], player=["STUDY", "SOLDIER", "WALL"])
    play(g, "STUDY")
    decision = g.pending
    assert isinstance(decision, Decision) and decision.kind == "card"
    assert decision.subject(g).kind == "discard" and g.card(decision.source).id == "STUDY"


# ---------------------------------------------------------------------- the rift's own decisions


BLANK = event("BLANK")


def test_the_rift_chooses_several_targets_in_the_solo_order() -> None:
    """Solo rule 4: left attack, then defense, then right attack (R3)."""
    volley = yaml_event("VOLLEY", "{effect: damage, target: {choose: 2, filter: {side: enemy}}, amount: 1}")
    g = game(cards=[volley, BLANK, WALL], player=["WALL", "WALL", "WALL"], rift=["BLANK", "VOLLEY"], drives=1)
    summon(g, "WALL", ATTACK_RIGHT)
    summon(g, "WALL", DEFENSE)
    g.sides[P].summons = 0  # a third summon this turn, to fill the board
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())  # the rift's turn 3 drives the volley: two of three walls, in the solo order
    hit = [e[3] for e in g.log if e[1] == "damage_unit"][:2]
    assert hit == [g.unit_at(P, ATTACK_LEFT).iid, g.unit_at(P, DEFENSE).iid]


def test_the_rift_takes_cards_from_a_zone_oldest_first_and_always_uses_a_you_may() -> None:
    """R11 and R12: the first card offered (the oldest in the zone); 'you may' is always yes."""
    grave = yaml_unit(
        "GRAVE",
        "{trigger: on_enter, optional: true, costs: [{cost: remove_from_graveyard, count: 1}], effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
        stats="level: 1, atk: 0, hp: 9, stk: 0",
    )
    g = game(cards=[grave, BLANK, SOLDIER, WALL], rift=["BLANK", "GRAVE", "WALL", "SOLDIER"], drives=1)
    rift = g.sides[I]
    for card_id in ("WALL", "SOLDIER"):  # the graveyard: BLANK (driven on turn 1), then these
        iid = find_iid(g, I, "deck", card_id)
        rift.deck.remove(iid)
        rift.graveyard.append(iid)
    oldest = rift.graveyard[0]
    g.apply(EndTurn())  # the rift's turn 3 drives GRAVE
    assert rift.removed == [oldest] and iids(g, I, "graveyard") == ["WALL", "SOLDIER"]
    assert len(g.sides[P].damage_zone) == 1


# ---------------------------------------------------------------------- "you may" with nothing to choose


def test_a_you_may_effect_with_nothing_to_choose_is_not_asked() -> None:
    maybe = yaml_event(
        "MAYBE",
        "{effect: damage, target: enemy_unit, amount: 2, optional: true}",
        "{effect: damage, target: enemy_ruler, amount: 1}",
    )
    g = game(cards=[maybe], player=["MAYBE"])
    mark = len(g.log)
    play(g, "MAYBE")  # no enemy unit: nothing to decide, the next effect resolves
    assert g.pending is None and len(g.sides[I].damage_zone) == 1
    assert "no_effect" in [e[1] for e in g.log[mark:]] and "declined" not in [e[1] for e in g.log[mark:]]


def test_a_you_may_ability_with_nothing_to_choose_is_not_asked() -> None:
    herald = yaml_unit(
        "HERALD", "{trigger: on_enter, optional: true, effects: [{effect: damage, target: enemy_unit, amount: 1}]}"
    )
    g = game(cards=[herald], player=["HERALD"])
    summon(g, "HERALD", ATTACK_LEFT)
    assert g.pending is None and g.log[-1][1] == "no_effect"


def test_a_you_may_effect_with_something_to_choose_still_asks() -> None:
    maybe = yaml_event("MAYBE", "{effect: damage, target: enemy_unit, amount: 2, optional: true}")
    g = game(cards=[maybe, SOLDIER], player=["MAYBE"], rift=["SOLDIER"], drives=1)
    play(g, "MAYBE")
    assert g.legal_actions() == [Confirm(True), Confirm(False)]


# ---------------------------------------------------------------------- copies are one choice (rulings 15, 58, Z8)


def _into_graveyard(g, *card_ids: str) -> None:
    for card_id in card_ids:
        iid = find_iid(g, P, "hand", card_id)
        g.sides[P].hand.remove(iid)
        g.sides[P].graveyard.append(iid)


def test_copies_of_a_card_in_a_zone_are_one_target_choice() -> None:
    revive = yaml_event("REVIVE", "{effect: special_summon, target: own_graveyard_unit}")
    g = game(cards=[revive, SOLDIER, WALL], player=["REVIVE", "SOLDIER", "WALL", "SOLDIER"])
    _into_graveyard(g, "SOLDIER", "WALL", "SOLDIER")
    play(g, "REVIVE")
    soldier, wall = g.sides[P].graveyard[:2]
    assert g.legal_actions() == [ChooseCard(soldier), ChooseCard(wall)]


def test_a_target_choice_among_copies_of_one_card_only_is_not_asked() -> None:
    revive = yaml_event("REVIVE", "{effect: special_summon, target: own_graveyard_unit}")
    g = game(cards=[revive, SOLDIER], player=["REVIVE", "SOLDIER", "SOLDIER"])
    _into_graveyard(g, "SOLDIER", "SOLDIER")
    play(g, "REVIVE")
    assert g.pending.kind == "zone"  # which soldier is no question; where it goes is


def test_an_answer_naming_a_second_copy_is_taken_as_the_copy_on_offer() -> None:
    revive = yaml_event("REVIVE", "{effect: special_summon, target: own_graveyard_unit}")
    g = game(cards=[revive, SOLDIER, WALL], player=["REVIVE", "SOLDIER", "WALL", "SOLDIER"])
    _into_graveyard(g, "SOLDIER", "WALL", "SOLDIER")
    play(g, "REVIVE")
    second = g.sides[P].graveyard[2]
    assert ChooseCard(second) not in g.legal_actions()
    g.apply(ChooseCard(second))  # as a save or replay recorded before copies were one choice may name it
    g.apply(Choose(P, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).iid == second
    with pytest.raises(IllegalAction):
        g.apply(ChooseCard(second))  # a copy of nothing on offer is still refused


# ---------------------------------------------------------------------- up to N (issue 23, word 7)


def test_a_choice_of_up_to_n_targets_may_stop_at_any_pick_none_included() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {up_to: 2, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY", "VOLLEY"], rift=["WALL", "WALL", "WALL"], drives=3)
    play(g, "VOLLEY")
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, ATTACK_RIGHT), Choose(I, DEFENSE), DONE]
    g.apply(Choose(I, DEFENSE))
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, ATTACK_RIGHT), DONE]
    g.apply(DONE)  # one of "up to 2"
    assert [g.unit_at(I, s).damage for s in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)] == [0, 0, 2]
    play(g, "VOLLEY")
    g.apply(DONE)  # none at all
    assert [g.unit_at(I, s).damage for s in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)] == [0, 0, 2]
    assert iids(g, P, "graveyard") == ["VOLLEY", "VOLLEY"]


def test_an_up_to_choice_asks_even_when_it_could_take_every_candidate() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {up_to: 2, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY"], rift=["WALL"], drives=1)
    play(g, "VOLLEY")
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), DONE]  # a "choose 2" would take the one unit unasked


def test_an_event_whose_up_to_target_has_no_candidate_can_still_be_played() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {up_to: 1, filter: {side: enemy}}, amount: 2}")
    strike = yaml_event("STRIKE", "{effect: damage, target: {choose: 1, filter: {side: enemy}}, amount: 2}")
    g = game(cards=[volley, strike], player=["VOLLEY", "STRIKE"])
    legal = g.legal_actions()
    assert PlayEvent(find_iid(g, P, "hand", "VOLLEY")) in legal
    assert PlayEvent(find_iid(g, P, "hand", "STRIKE")) not in legal


def test_the_rift_takes_as_many_as_an_up_to_choice_allows() -> None:
    volley = yaml_event("VOLLEY", "{effect: damage, target: {up_to: 2, filter: {side: enemy}}, amount: 1}")
    g = game(cards=[volley, BLANK, WALL], player=["WALL", "WALL"], rift=["BLANK", "VOLLEY"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    g.apply(EndTurn())
    hit = [e[3] for e in g.log if e[1] == "damage_unit"]
    assert hit == [g.unit_at(P, ATTACK_LEFT).iid, g.unit_at(P, DEFENSE).iid]


def test_the_answer_no_more_round_trips_through_its_dict_form() -> None:
    assert action_from_dict(action_to_dict(DONE)) == DONE == Done()
    assert action_to_dict(DONE) == {"type": "Done"}
