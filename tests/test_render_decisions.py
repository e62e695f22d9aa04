"""How the newer card words and decisions read to a player at the terminal."""

from __future__ import annotations

from factories import game, play, summon, unit, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, INVADER, ChooseCard, Confirm
from gateruler.render import ability_words, action_words, pending_question
from gateruler.story import narrate

WALL = unit("WALL", 1, 1, 20, 1)
SOLDIER = unit("SOLDIER", 1, 3, 3, 1)


def test_an_ability_without_text_reads_with_its_requirement_costs_and_conditions() -> None:
    card = yaml_unit(
        "SCOUT",
        "{trigger: on_enter, optional: true, requires: {turn: own}, costs: [{cost: discard, count: 1}],"
        " effects: [{effect: damage, target: enemy_unit, amount: 1, as: hit}, {effect: draw, target: controller, amount: 1, if: {destroyed: hit}}]}",
    )
    assert ability_words(card.abilities[0]) == (
        "When it enters the board, if it is your turn: you may pay discard 1 card to deal 1 damage to an enemy unit; "
        "draw 1 if that destroyed a card."
    )


def test_an_attack_cost_without_text_reads_as_what_attacking_costs() -> None:
    card = yaml_unit("GOD", "{trigger: attack_cost, costs: [{cost: soul, count: 1}]}")
    assert (
        ability_words(card.abilities[0]) == "It may attack only if you put 1 soul card of this card into the graveyard."
    )


def test_each_kind_of_pending_decision_says_what_it_is_for() -> None:
    study = yaml_event(
        "STUDY", "{effect: draw, target: controller, amount: 1}", ability="costs: [{cost: discard, count: 2}]"
    )
    g = game(cards=[study, SOLDIER, WALL], player=["STUDY", "SOLDIER", "WALL"])
    play(g, "STUDY")
    assert pending_question(g) == 'study: to pay "discard 2 cards", which one (1 of 2)?'
    assert {action_words(g, a) for a in g.legal_actions()} == {"soldier", "wall", "filler"}
    assert all(isinstance(a, ChooseCard) for a in g.legal_actions())

    gift = yaml_event("GIFT", "{effect: damage, target: enemy_ruler, amount: 1, optional: true}")
    g = game(cards=[gift], player=["GIFT"])
    play(g, "GIFT")
    assert pending_question(g) == "gift: use it? (deal 1 damage to the enemy ruler)"
    assert [action_words(g, a) for a in g.legal_actions()] == ["yes", "no"] and g.legal_actions() == [
        Confirm(True),
        Confirm(False),
    ]

    volley = yaml_event("VOLLEY", "{effect: damage, target: {choose: 1, filter: {side: enemy, type: unit}}, amount: 2}")
    g = game(cards=[volley, WALL], player=["VOLLEY", "WALL"], rift=["WALL", "WALL"], drives=2)
    summon(g, "WALL", ATTACK_LEFT)
    play(g, "VOLLEY")
    assert pending_question(g) == "volley: deal 2 damage to which unit?"
    assert g.pending.side != INVADER


def test_the_story_counts_deck_cards_put_into_the_damage_zone_by_a_cost() -> None:
    pact = yaml_event(
        "PACT", "{effect: damage, target: own_ruler, amount: 1}", ability="costs: [{cost: deck_to_damage, count: 2}]"
    )
    g = game(cards=[pact], player=["PACT"])
    play(g, "PACT")
    told = [n.text for n in narrate(g)]
    assert told[-1].endswith("it counts (3 of 11).")
    assert sum("went from your deck into your damage zone" in t for t in told) == 2
