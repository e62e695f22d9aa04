"""Removing cards from the game (issue 10, mechanic 12): an effect, into a zone of their own.

Units leave the board without being destroyed (no on_destroyed) and their
soul goes to the graveyard; set cards, field cards and cards in other zones
go too; taking cards out of a deck is a search, so the deck is shuffled.
"""

from __future__ import annotations

from factories import find_iid, game, iids, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, PlayField, SetCard

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
MARTYR = yaml_unit(
    "MARTYR",
    "{trigger: on_destroyed, effects: [{effect: draw, target: controller, amount: 1}]}",
    stats="level: 1, atk: 1, hp: 2, stk: 1",
)


def test_remove_takes_an_enemy_unit_off_the_board_without_destroying_it() -> None:
    banish = yaml_event("BANISH", "{effect: remove, target: enemy_unit}")
    g = game(cards=[banish, MARTYR], player=["BANISH"], rift=["MARTYR"], drives=1)
    martyr = g.unit_at(I, ATTACK_LEFT).iid
    banish_iid = find_iid(g, P, "hand", "BANISH")
    play(g, "BANISH")
    assert g.unit_at(I, ATTACK_LEFT) is None
    assert g.sides[I].removed == [martyr] and g.sides[I].graveyard == []
    assert g.log[-1][1:] == ("remove", I, martyr, "board", banish_iid, "on_play")  # by BANISH
    assert not [e for e in g.log if e[1] in ("destroy", "ability") and e[3] == martyr]  # not destroyed: no on_destroyed


def test_remove_sends_the_units_soul_to_the_graveyard() -> None:
    banish = yaml_event("BANISH", "{effect: remove, target: own_unit}")
    hoarder = yaml_unit("HOARDER", "{trigger: on_enter, effects: [{effect: add_soul, target: self, from: deck}]}")
    g = game(cards=[banish, hoarder], player=["BANISH", "HOARDER"])
    summon(g, "HOARDER", ATTACK_LEFT)
    host = g.unit_at(P, ATTACK_LEFT).iid
    soul = g.soul(P, host)
    play(g, "BANISH")
    assert g.sides[P].removed == [host]
    assert g.sides[P].graveyard == [find_iid(g, P, "graveyard", "BANISH"), *soul]


def test_remove_takes_cards_from_a_graveyard_the_set_zones_and_the_field_zone() -> None:
    (mist,) = yaml_cards("- {id: MIST, name: mist, type: field, level: 0, provenance: provisional}")
    exile = yaml_event(
        "EXILE",
        "{effect: remove, target: {all: {side: own, zone: graveyard, type: unit}}}",
        "{effect: remove, target: own_set_zones}",
        "{effect: remove, target: {all: {side: own, zone: field_zone}}}",
    )
    g = game(cards=[exile, mist, SOLDIER], player=["EXILE", "SOLDIER", "MIST", "EXILE"])
    summon(g, "SOLDIER", DEFENSE)
    g.destroy(P, DEFENSE)
    g.apply(PlayField(find_iid(g, P, "hand", "MIST")))
    g.apply(SetCard(find_iid(g, P, "hand", "EXILE"), 0))
    play(g, "EXILE")
    assert iids(g, P, "removed") == ["SOLDIER", "EXILE", "MIST"]
    assert iids(g, P, "graveyard") == ["EXILE"] and g.sides[P].field == [] and g.sides[P].set_zones == [None, None]


def test_removing_a_card_from_a_deck_shuffles_the_deck() -> None:
    purge = yaml_event("PURGE", "{effect: remove, target: {choose: 1, filter: {side: own, zone: deck, name: soldier}}}")
    g = game(
        cards=[purge, SOLDIER],
        player=["PURGE", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER", "SOLDIER"],
        seed=4,
    )
    first = min(i for i in g.sides[P].deck if g.card(i).id == "SOLDIER")
    play(g, "PURGE")  # two soldiers in the deck: copies, one choice, so not asked; the first in a fixed order goes
    assert g.pending is None
    assert g.sides[P].removed == [first]
    assert [e[1] for e in g.log[-2:]] == ["remove", "shuffle"]
