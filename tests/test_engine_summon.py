"""Mechanic 6: special summons, revives and `on_special_summon`.

A special summon puts a unit onto the board by an effect: from the hand, the
deck (a search: the deck is shuffled after), the graveyard (a revive) or the
damage zone, into a free zone its controller chooses, with no cost and no
summon right.  The unit remembers how it entered (`Unit.how`, the filter
word `entered`), and its on_special_summon abilities trigger after its
on_enter ones; TD, which another mechanic adds, must not (CR 16-3).
"""

from __future__ import annotations

from factories import FILLER, find_iid, game, iids, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, DONE, INVADER, PLAYER, Choose, ChooseCard, EndTurn
from gateruler.engine.state import Unit

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
BIG = unit("BIG", 3, 5, 5, 2)
REVIVE = yaml_event("REVIVE", "{effect: special_summon, target: own_graveyard_unit}", level=1)


def test_a_revive_special_summons_a_unit_from_the_graveyard_into_the_zone_the_player_chooses() -> None:
    g = game(cards=[REVIVE, SOLDIER, BIG], player=["REVIVE", "BIG", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.destroy(P, ATTACK_LEFT)
    soldier = g.sides[P].graveyard[0]
    play(g, "REVIVE")  # one unit in the graveyard: only the zone is asked, among the free ones
    assert (g.pending.kind, g.pending.purpose, g.pending.card) == ("zone", "summon", soldier)
    assert g.legal_actions() == [Choose(P, ATTACK_LEFT), Choose(P, ATTACK_RIGHT), Choose(P, DEFENSE)]
    g.apply(Choose(P, DEFENSE))
    assert g.unit_at(P, DEFENSE).iid == soldier
    assert [e[1:] for e in g.log[-2:]] == [("special_summon", P, soldier, "graveyard"), ("summon", P, soldier, DEFENSE)]


def test_a_special_summon_uses_no_summon_right_and_no_energy_beyond_the_effects_card() -> None:
    g = game(cards=[REVIVE, SOLDIER, BIG], player=["REVIVE", "SOLDIER", "SOLDIER", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.destroy(P, ATTACK_LEFT)
    play(g, "REVIVE")
    g.apply(Choose(P, ATTACK_LEFT))
    s = g.sides[P]
    assert (s.summons, s.energy_ready) == (1, 1)  # one normal summon; 1 energy for it, 1 for the revive
    summon(g, "SOLDIER", ATTACK_RIGHT)  # the Knight's second normal summon is still there
    assert s.summons == 2


def test_special_summons_from_the_hand_and_the_damage_zone() -> None:
    (call,) = yaml_cards(
        """
        - {id: CALL, name: call, type: event, level: 0, provenance: provisional,
           abilities: [{trigger: on_play, effects: [
             {effect: special_summon, target: {choose: 1, filter: {side: own, zone: hand, type: unit}}},
             {effect: special_summon, target: {choose: 1, filter: {side: own, zone: damage_zone, type: unit}}}]}]}
        """
    )
    g = game(cards=[call, BIG, SOLDIER], player=["CALL", "BIG"])
    g.sides[P].damage_zone.append(g.sides[P].deck.pop())  # a filler in the damage zone
    play(g, "CALL")
    g.apply(ChooseCard(find_iid(g, P, "hand", "BIG")))
    g.apply(Choose(P, ATTACK_RIGHT))
    g.apply(Choose(P, ATTACK_LEFT))  # the filler from the damage zone
    assert [g.card(u.iid).id if u else None for u in g.sides[P].board] == [FILLER, "BIG", None]
    assert g.sides[P].damage_zone == []


def test_a_special_summon_from_the_deck_is_a_search_and_shuffles_the_deck() -> None:
    fetch = yaml_event(
        "FETCH", "{effect: special_summon, target: {choose: 1, filter: {side: own, zone: deck, name: big}}}"
    )
    g = game(cards=[fetch, BIG], player=["FETCH", *[FILLER] * 5, "BIG"], seed=3)
    before = list(g.sides[P].deck)
    play(g, "FETCH")
    g.apply(Choose(P, ATTACK_LEFT))
    assert g.card(g.unit_at(P, ATTACK_LEFT).iid).id == "BIG"
    assert "shuffle" in [e[1] for e in g.log[-5:]]
    assert sorted(g.sides[P].deck) == sorted(i for i in before if g.card(i).id != "BIG")
    assert g.sides[P].deck != [i for i in before if g.card(i).id != "BIG"]


def _fill_from_deck(g, side: int, slot: int) -> None:
    """Put the top card of `side`'s deck (a filler) straight into `slot`, as a scenario file would."""
    g.sides[side].board[slot] = Unit(g.sides[side].deck.pop(), g.turn)


def test_a_special_summon_with_no_free_zone_does_nothing_and_the_card_stays() -> None:
    g = game(cards=[REVIVE, SOLDIER], player=["REVIVE", "SOLDIER"])
    summon(g, "SOLDIER", ATTACK_LEFT)
    g.destroy(P, ATTACK_LEFT)
    for slot in (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE):
        _fill_from_deck(g, P, slot)
    mark = len(g.log)
    play(g, "REVIVE")
    assert g.pending is None
    assert iids(g, P, "graveyard") == ["SOLDIER", "REVIVE"]
    assert "special_summon" not in [e[1] for e in g.log[mark:]]


def test_on_special_summon_triggers_after_on_enter_and_never_on_a_normal_summon() -> None:
    phoenix = yaml_unit(
        "PHOENIX",
        "{trigger: on_enter, effects: [{effect: modify, target: self, atk: 1}]}",
        "{trigger: on_special_summon, effects: [{effect: draw, target: controller, amount: 1}]}",
        stats="level: 1, atk: 1, hp: 2, stk: 1",
    )
    g = game(cards=[phoenix, REVIVE], player=["PHOENIX", "REVIVE", "PHOENIX"])
    summon(g, "PHOENIX", ATTACK_LEFT)
    first = g.unit_at(P, ATTACK_LEFT).iid
    assert [e[4] for e in g.log if e[1] == "ability"] == ["on_enter"]
    g.destroy(P, ATTACK_LEFT)
    mark = len(g.log)
    hand = len(g.sides[P].hand)
    play(g, "REVIVE")
    g.apply(Choose(P, ATTACK_RIGHT))
    assert g.unit_at(P, ATTACK_RIGHT).iid == first
    fired = [(e[1], e[4] if e[1] == "ability" else None) for e in g.log[mark:] if e[1] in ("ability", "modify", "draw")]
    assert fired[1:] == [("ability", "on_special_summon"), ("ability", "on_enter"), ("modify", None), ("draw", None)]
    assert len(g.sides[P].hand) == hand  # REVIVE left the hand, the draw replaced it


def test_a_unit_remembers_how_it_entered_for_filters_and_conditions() -> None:
    (marker,) = yaml_cards(
        """
        - id: MARKER
          name: marker
          type: unit
          level: 1
          atk: 1
          hp: 9
          stk: 1
          provenance: provisional
          abilities:
            - {trigger: on_enter, requires: {self: {entered: special}}, effects: [{effect: draw, target: controller, amount: 1}]}
        """
    )
    boost = yaml_event("BOOST", "{effect: modify, target: {all: {side: own, entered: special}}, atk: 5}")
    g = game(cards=[marker, REVIVE, boost], player=["MARKER", "MARKER", "REVIVE", "BOOST"])
    summon(g, "MARKER", ATTACK_LEFT)
    assert g.unit_at(P, ATTACK_LEFT).how == "normal"
    hand = len(g.sides[P].hand)
    g.destroy(P, ATTACK_LEFT)
    play(g, "REVIVE")
    g.apply(Choose(P, ATTACK_RIGHT))
    assert g.unit_at(P, ATTACK_RIGHT).how == "special"
    assert len(g.sides[P].hand) == hand  # its requirement held this time: it drew for the REVIVE played
    summon(g, "MARKER", ATTACK_LEFT)
    play(g, "BOOST")
    assert (g.atk(P, ATTACK_LEFT), g.atk(P, ATTACK_RIGHT)) == (1, 6)


def test_the_rift_special_summons_into_the_first_free_zone_of_its_summon_order() -> None:
    rally = yaml_event(
        "RALLY",
        "{effect: special_summon, target: {choose: 1, filter: {side: own, zone: graveyard, type: unit}}}",
        level=1,
    )
    g = game(cards=[rally, SOLDIER], rift=["SOLDIER", "SOLDIER", "RALLY"], drives=2)  # turn 1: two soldiers
    soldier = g.unit_at(I, ATTACK_LEFT).iid
    g.destroy(I, ATTACK_LEFT)
    g.apply(EndTurn())  # turn 3: RALLY revives it (left attack and defense are free: left comes first), then a filler
    assert g.unit_at(I, ATTACK_LEFT).iid == soldier
    assert g.unit_at(I, ATTACK_LEFT).how == "special"
    assert g.card(g.unit_at(I, DEFENSE).iid).id == FILLER


def test_a_special_summon_of_up_to_two_units_may_bring_back_fewer() -> None:
    """Issue 23, word 7: "special-summon up to 2 units from your graveyard" is a choice of at most 2, none included."""
    rally = yaml_event(
        "RALLY", "{effect: special_summon, target: {up_to: 2, filter: {side: own, zone: graveyard, type: unit}}}"
    )
    g = game(cards=[rally, SOLDIER, BIG], player=["RALLY", "RALLY", "SOLDIER", "BIG", "SOLDIER"])
    s = g.sides[P]
    for card_id in ("SOLDIER", "BIG"):
        iid = find_iid(g, P, "hand", card_id)
        s.hand.remove(iid)
        s.graveyard.append(iid)
    big = find_iid(g, P, "graveyard", "BIG")
    play(g, "RALLY")
    assert DONE in g.legal_actions() and g.pending.purpose == "target"
    g.apply(ChooseCard(big))
    g.apply(DONE)  # only the big one
    g.apply(Choose(P, DEFENSE))
    assert g.unit_at(P, DEFENSE).iid == big and iids(g, P, "graveyard") == ["SOLDIER", "RALLY"]
    play(g, "RALLY")
    g.apply(DONE)  # none at all: the soldier stays
    assert iids(g, P, "graveyard") == ["SOLDIER", "RALLY", "RALLY"]
