"""Mechanic 5: searching the deck and looking at its top cards.

A search takes up to N cards matching a filter from anywhere in the deck,
reveals them, puts them into the hand (or onto the field, or into the
graveyard) and shuffles the deck with the game's one generator.  A look
shows the top N cards, takes some matching a filter, and puts the rest on the
bottom in the order the controller chooses, one card at a time.
"""

from __future__ import annotations

from factories import FILLER, find_iid, game, iids, play, unit, yaml_cards, yaml_event

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    Choose,
    ChooseCard,
    EndTurn,
    Summon,
)

P, I = PLAYER, INVADER
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)
WALL = unit("WALL", 1, 1, 20, 1)
(MIST,) = yaml_cards("- {id: MIST, name: mist, type: field, level: 0, provenance: provisional}")
HAND = [
    "SOLDIER",
    "SOLDIER",
    "SOLDIER",
    "SOLDIER",
    "SOLDIER",
]  # with the event, six cards: the opening hand and two draws


def ids(g, cards: list[int]) -> list[str]:
    return [g.card(i).id for i in cards]


def test_a_search_takes_a_matching_card_from_the_deck_reveals_it_and_shuffles() -> None:
    seek = yaml_event("SEEK", "{effect: search, filter: {name: wall}}")
    g = game(cards=[seek, SOLDIER, WALL], player=["SEEK", *HAND, "WALL", "SOLDIER"], seed=2)
    before = list(g.sides[P].deck)
    play(g, "SEEK")  # one wall: nothing to choose
    wall = find_iid(g, P, "hand", "WALL")
    assert [e[1:] for e in g.log[-2:]] == [("found", P, wall, "hand"), ("shuffle", P)]
    assert sorted(g.sides[P].deck) == sorted(i for i in before if i != wall)
    assert g.sides[P].deck != [i for i in before if i != wall]


def test_a_search_with_nothing_to_find_still_shuffles() -> None:
    seek = yaml_event("SEEK", "{effect: search, filter: {type: field}}")
    g = game(cards=[seek, SOLDIER], player=["SEEK", *HAND])
    play(g, "SEEK")
    assert [e[1] for e in g.log[-2:]] == ["ability", "shuffle"]


def test_a_search_offers_each_card_once_in_a_fixed_order_whatever_the_hidden_deck_order() -> None:
    seek = yaml_event("SEEK", "{effect: search, count: 2, filter: {type: unit}}")
    g = game(cards=[seek, SOLDIER, WALL], player=["SEEK", *HAND, "WALL", "SOLDIER", "WALL"], pad=0)
    twin = g.clone()
    twin.sides[P].deck.reverse()
    options = []
    for one in (g, twin):
        play(one, "SEEK")
        assert (one.pending.purpose, one.pending.kind, one.pending.count) == ("pick", "card", 2)
        options.append(one.legal_actions())
    assert options[0] == options[1]
    assert sorted(ids(g, [a.card for a in options[0]])) == ["SOLDIER", "WALL"]


def test_a_search_onto_the_field_special_summons_a_unit_and_puts_a_field_into_the_field_zone() -> None:
    call = yaml_event("CALL", "{effect: search, count: 2, filter: {or: [{name: wall}, {type: field}]}, to: field}")
    g = game(cards=[call, SOLDIER, WALL, MIST], player=["CALL", *HAND, "WALL", "MIST"])
    play(g, "CALL")  # both are taken: only the wall's zone is asked
    assert g.pending.kind == "zone"
    g.apply(Choose(P, DEFENSE))
    assert g.card(g.unit_at(P, DEFENSE).iid).id == "WALL" and g.unit_at(P, DEFENSE).how == "special"
    assert ids(g, g.sides[P].field) == ["MIST"]
    assert g.sides[P].summons == 0


def test_a_rift_search_for_its_hand_takes_nothing_but_shuffles() -> None:
    seek = yaml_event("SEEK", "{effect: search, filter: {type: unit}}")
    g = game(cards=[seek, SOLDIER], rift=["SEEK", "SOLDIER"], drives=1)
    assert [e[1] for e in g.log if e[2] == I and e[1] in ("found", "shuffle")] == ["shuffle"]
    assert "SOLDIER" in ids(g, g.sides[I].deck)


def test_a_look_takes_a_matching_card_and_puts_the_rest_on_the_bottom_in_the_order_chosen() -> None:
    peek = yaml_event("PEEK", "{effect: look, count: 3, take: 1, filter: {name: wall}}")
    g = game(cards=[peek, SOLDIER, WALL, MIST], player=["PEEK", *HAND, "SOLDIER", "WALL", "MIST", "SOLDIER"])
    top = g.sides[P].deck[-3:][::-1]
    play(g, "PEEK")
    assert [e[3] for e in g.log if e[1] == "look"] == top  # what was seen, top first
    # The wall is taken without a choice; then the order: the first chosen is the highest of them.
    assert (g.pending.kind, g.pending.purpose) == ("order", "order")
    assert ids(g, [a.card for a in g.legal_actions()]) == ["SOLDIER", "MIST"]
    g.apply(ChooseCard(top[2]))  # the mist first, so the soldier is the bottom card
    assert ids(g, g.sides[P].deck[:2]) == ["SOLDIER", "MIST"]
    assert ids(g, g.sides[P].deck[-1:]) == ["SOLDIER"]  # the fourth card is the top now
    assert "WALL" in iids(g, P, "hand")
    assert [e[1] for e in g.log[-3:]] == ["found", "bottom", "bottom"]


def test_a_look_at_more_cards_than_the_deck_holds_looks_at_them_all() -> None:
    peek = yaml_event("PEEK", "{effect: look, count: 5, take: 0}")
    g = game(cards=[peek, SOLDIER, WALL], player=["PEEK", *HAND, "WALL", "SOLDIER"], pad=0)
    play(g, "PEEK")
    assert len([e for e in g.log if e[1] == "look"]) == 2
    g.apply(ChooseCard(find_iid(g, P, "deck", "WALL")))
    assert ids(g, g.sides[P].deck) == ["SOLDIER", "WALL"]


def test_the_rift_looks_and_puts_the_rest_on_the_bottom_in_their_order() -> None:
    seer = yaml_event("SEER", "{effect: look, count: 3, take: 1, filter: {type: unit}, to: field}")
    g = game(cards=[seer, SOLDIER, WALL, MIST], rift=["SEER", "MIST", "SOLDIER", "SEER"], drives=1)
    # The rift takes the soldier onto the board (its first free zone) and keeps the others' order at the bottom.
    assert g.card(g.unit_at(I, ATTACK_LEFT).iid).id == "SOLDIER"
    assert g.unit_at(I, ATTACK_RIGHT) is None
    assert ids(g, g.sides[I].deck[:2]) == ["SEER", "MIST"]


def test_the_cards_a_look_takes_into_a_hand_the_rift_lacks_stay_with_the_rest() -> None:
    seer = yaml_event("SEER", "{effect: look, count: 2, take: 1}")
    g = game(cards=[seer, SOLDIER], rift=["SEER", "SOLDIER", FILLER], drives=1)
    assert ids(g, g.sides[I].deck[:2]) == [FILLER, "SOLDIER"]
    assert [e[1] for e in g.log if e[1] == "found"] == []


def test_a_look_shows_the_rift_turn_to_the_player_in_the_log() -> None:
    seer = yaml_event("SEER", "{effect: look, count: 1, take: 0}")
    g = game(cards=[seer, SOLDIER], rift=["SEER", "SOLDIER"], drives=1)
    looked = [e for e in g.log if e[1] == "look"]
    assert [(e[2], g.card(e[3]).id) for e in looked] == [(I, "SOLDIER")]
    g.apply(EndTurn())
    assert g.card(g.unit_at(I, ATTACK_LEFT).iid).id == FILLER  # the soldier went to the bottom


def test_copies_put_on_the_bottom_are_one_choice_of_order() -> None:
    peek = yaml_event("PEEK", "{effect: look, count: 3, take: 0}")
    g = game(cards=[peek, SOLDIER, WALL], player=["PEEK", *HAND, "SOLDIER", "WALL", "SOLDIER"])
    top = g.sides[P].deck[-3:][::-1]  # soldier, wall, soldier
    play(g, "PEEK")
    assert g.legal_actions() == [ChooseCard(top[0]), ChooseCard(top[1])]
    g.apply(ChooseCard(top[1]))  # the wall first: what is left is two soldiers, asked no more
    assert g.pending is None and ids(g, g.sides[P].deck[:3]) == ["SOLDIER", "SOLDIER", "WALL"]


# ---------------------------------------------------------------------- up to: fewer, none included (issue 23, words 7 and 9)


def test_a_search_that_may_fail_to_find_takes_nothing_when_its_controller_says_so_and_still_shuffles() -> None:
    """cards.md: a search "may fail to find" on purpose (the deck is hidden; nobody can check)."""
    seek = yaml_event("SEEK", "{effect: search, filter: {name: wall}, up_to: true}")
    g = game(cards=[seek, SOLDIER, WALL], player=["SEEK", *HAND, "WALL", "SOLDIER"], seed=2)
    play(g, "SEEK")
    wall = find_iid(g, P, "deck", "WALL")
    assert g.legal_actions() == [ChooseCard(wall), DONE]  # one wall, yet the controller is asked
    g.apply(DONE)
    assert iids(g, P, "hand").count("WALL") == 0 and g.log[-1][1] == "shuffle"


def test_a_look_that_may_take_fewer_asks_after_the_cards_are_seen() -> None:
    peek = yaml_event("PEEK", "{effect: look, count: 2, take: 1, up_to: true}")
    g = game(cards=[peek, SOLDIER, WALL], player=["PEEK", *HAND, "WALL", "SOLDIER"])
    play(g, "PEEK")
    seen = [e.card for e in g.log if e[1] == "look"]
    assert ids(g, seen) == ["WALL", "SOLDIER"]  # seen first, then the choice: take one, or none
    assert g.legal_actions() == [ChooseCard(seen[0]), ChooseCard(seen[1]), DONE]
    g.apply(DONE)
    g.apply(ChooseCard(seen[1]))  # the order on the bottom: the soldier, then the wall at the very bottom
    assert ids(g, g.sides[P].deck[:2]) == ["WALL", "SOLDIER"]


# ---------------------------------------------------------------------- drive as an effect (issue 23, word 6)


def test_a_search_that_drives_puts_the_card_into_the_drive_zone_and_it_is_played_as_a_driven_card() -> None:
    hunt = yaml_event("HUNT", "{effect: search, filter: {name: soldier}, to: drive}")
    g = game(cards=[hunt, SOLDIER, WALL], player=["HUNT", "WALL", "WALL", "WALL", "WALL", "WALL", "SOLDIER"])
    play(g, "HUNT")
    soldier = find_iid(g, P, "drive", "SOLDIER")
    drive = next(e for e in g.log if e[1] == "drive" and e.card == soldier)
    assert (g.card(drive.source).id, drive.reason) == ("HUNT", "on_play")
    assert Summon(soldier, ATTACK_LEFT) in g.legal_actions()  # played from the drive zone, for its cost
    g.apply(Summon(soldier, ATTACK_LEFT))
    assert g.unit_at(P, ATTACK_LEFT).how == "normal" and g.sides[P].summons == 1  # not a special summon
    assert g.sides[P].energy_ready == 3 - 1  # the soldier's level (the hunt costs 0)


def test_a_look_may_drive_its_card_decided_after_the_card_is_seen() -> None:
    scout = yaml_event("SCOUT", "{effect: look, count: 1, take: 1, to: drive, up_to: true}")
    g = game(cards=[scout, SOLDIER, WALL], player=["SCOUT", "SCOUT", *HAND[:4], "WALL", "SOLDIER"])
    play(g, "SCOUT")
    wall = find_iid(g, P, "deck", "WALL")
    assert [e.card for e in g.log if e[1] == "look"] == [wall]  # seen, then asked: "you may drive it"
    assert g.legal_actions() == [ChooseCard(wall), DONE]
    g.apply(DONE)  # not driven: it goes to the bottom
    assert g.sides[P].deck[0] == wall and g.sides[P].drive == []
    play(g, "SCOUT")
    soldier = find_iid(g, P, "deck", "SOLDIER")
    g.apply(ChooseCard(soldier))
    assert g.sides[P].drive == [soldier]


def test_the_rift_plays_a_card_its_effect_drives_at_once_as_it_plays_its_drives() -> None:
    seer = yaml_event("SEER", "{effect: look, count: 2, take: 1, filter: {type: unit}, to: drive}")
    g = game(cards=[seer, SOLDIER, WALL], rift=["SEER", "WALL", "SOLDIER"], drives=1)
    assert [e[1] for e in g.log if e[1] in ("drive", "summon", "special_summon")] == ["drive", "drive", "summon"]
    assert g.card(g.unit_at(I, ATTACK_LEFT).iid).id == "WALL" and g.unit_at(I, ATTACK_LEFT).how == "normal"
    assert g.sides[I].drive == []
