"""Mechanic 2: conditions on abilities (`requires:`) and on effects (`if:`).

`requires` decides whether an ability may be used at all (it triggers, its
event can be played, its continuous change is on); `if` is checked when its
effect resolves.  Cards are written in YAML and read by the real loader.
"""

from __future__ import annotations

import pytest
from factories import FILLER, apprentice, find_iid, game, play, summon, unit, yaml_cards, yaml_event, yaml_unit

from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, Choose, PlayEvent

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 1, 20, 1)
FRAIL = unit("FRAIL", 1, 1, 2, 1)
BEAST = yaml_cards(
    "- {id: BEAST, name: beast, type: unit, level: 1, atk: 2, hp: 2, stk: 1, attributes: [Beast], provenance: provisional}"
)[0]


def drew(g, before: int) -> int:
    return len([e for e in g.log[before:] if e[1] == "draw"])


# ---------------------------------------------------------------------- if: checked on resolution


def test_an_effects_if_is_checked_when_it_resolves_and_can_read_an_earlier_effects_result() -> None:
    smite = yaml_event(
        "SMITE",
        "{effect: damage, target: enemy_unit, amount: 3, as: hit}",
        "{effect: draw, target: controller, amount: 1, if: {destroyed: hit}}",
    )
    g = game(cards=[smite, WALL, FRAIL], player=["SMITE", "SMITE"], rift=["WALL", "FRAIL"], drives=2)
    mark = len(g.log)
    play(g, "SMITE")
    g.apply(Choose(I, ATTACK_LEFT))  # the wall survives 3 damage: no card
    assert drew(g, mark) == 0
    mark = len(g.log)
    play(g, "SMITE")
    g.apply(Choose(I, ATTACK_RIGHT))  # the frail unit is destroyed: a card
    assert drew(g, mark) == 1


def test_affected_asks_whether_an_earlier_effect_acted_on_anything() -> None:
    sweep = yaml_event(
        "SWEEP",
        "{effect: damage, target: {all: {side: enemy, attribute: Beast}}, amount: 1, as: swept}",
        "{effect: draw, target: controller, amount: 1, if: {affected: swept}}",
    )
    g = game(cards=[sweep, BEAST, WALL], player=["SWEEP", "SWEEP"], rift=["WALL"], drives=1)
    mark = len(g.log)
    play(g, "SWEEP")
    assert drew(g, mark) == 0  # no Beast: the sweep acted on nothing
    g2 = game(cards=[sweep, BEAST, WALL], player=["SWEEP"], rift=["BEAST"], drives=1)
    mark = len(g2.log)
    play(g2, "SWEEP")
    assert drew(g2, mark) == 1


# ---------------------------------------------------------------------- requires: may it be used


def test_a_triggered_ability_whose_requirement_fails_does_not_trigger() -> None:
    scout = yaml_unit(
        "SCOUT",
        "{trigger: on_enter, requires: {count: {side: own, zone: graveyard}, min: 2}, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}",
    )
    dud = yaml_event("DUD", "{effect: draw, target: controller, amount: 1}")
    g = game(cards=[scout, dud], player=["SCOUT", "DUD", "SCOUT", "DUD"])
    play(g, "DUD")
    summon(g, "SCOUT", ATTACK_LEFT)  # one card in the graveyard: nothing happens, and nothing is logged
    assert not any(e[1] == "ability" and g.card(e[3]).id == "SCOUT" for e in g.log)
    play(g, "DUD")
    summon(g, "SCOUT", ATTACK_RIGHT)
    assert len(g.sides[I].damage_zone) == 1


def test_an_event_whose_requirement_fails_cannot_be_played() -> None:
    rally = yaml_event(
        "RALLY",
        "{effect: draw, target: controller, amount: 1}",
        ability="requires: {exists: {side: own, attribute: Beast}}",
    )
    g = game(cards=[rally, BEAST], player=["RALLY", "BEAST"])
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())
    summon(g, "BEAST", ATTACK_LEFT)  # now you control a Beast
    assert PlayEvent(find_iid(g, P, "hand", "RALLY")) in g.legal_actions()


def test_an_events_requirement_is_judged_as_it_is_played_in_no_zone() -> None:
    """Played, an event has left the hand and is not yet in the graveyard (it is on the gate)."""
    first = yaml_event(
        "FIRST",
        "{effect: damage, target: enemy_ruler, amount: 1}",
        ability="requires: {count: {side: own, zone: graveyard}, max: 0}",
    )
    alone = yaml_event(
        "ALONE",
        "{effect: damage, target: enemy_ruler, amount: 1}",
        ability="requires: {count: {side: own, zone: hand, name: alone}, max: 0}",
    )
    g = game(cards=[first, alone], player=["FIRST", "ALONE"])
    assert PlayEvent(find_iid(g, P, "hand", "ALONE")) in g.legal_actions()  # the only ALONE in hand is the one played
    play(g, "FIRST")  # the graveyard is empty until it arrives there: it resolves
    play(g, "ALONE")
    assert len(g.sides[I].damage_zone) == 2


def test_a_continuous_change_is_on_only_while_its_requirement_holds() -> None:
    (banner,) = yaml_cards(
        """
        - id: BANNER
          name: banner of the hunt
          type: field
          level: 0
          provenance: provisional
          abilities:
            - trigger: continuous
              requires: {turn: own}
              effects:
                - {effect: modify, target: all_own_units, atk: 2}
        """
    )
    g = game(cards=[banner, WALL], player=["BANNER", "WALL"])
    summon(g, "WALL", DEFENSE)
    g.apply(g.legal_actions()[[type(a).__name__ for a in g.legal_actions()].index("PlayField")])
    assert g.atk(P, DEFENSE) == 3  # your turn
    g.active = INVADER
    assert g.atk(P, DEFENSE) == 1  # the rift's turn: off


# ---------------------------------------------------------------------- the words


@pytest.mark.parametrize(
    ("condition", "holds"),
    [
        ("{count: {side: own, zone: hand}, min: 5}", True),
        ("{count: {side: own, zone: hand}, min: 6}", False),
        ("{count: {side: own, zone: hand, type: unit}, max: 4}", True),
        ("{count: {side: own, zone: hand, type: event}, max: 0}", False),
        ("{count: {side: enemy}, min: 2, max: 2}", True),
        ("{exists: {side: enemy, name_contains: wall}}", True),
        ("{exists: {side: own}}", False),
        ("{turn: own}", True),
        ("{turn: enemy}", False),
        ("{all: [{turn: own}, {exists: {side: enemy}}]}", True),
        ("{all: [{turn: own}, {exists: {side: own}}]}", False),
        ("{any: [{turn: enemy}, {exists: {side: enemy}}]}", True),
        ("{not: {turn: own}}", False),
    ],
)
def test_conditions_count_cards_look_for_a_card_ask_whose_turn_and_combine(condition: str, holds: bool) -> None:
    """While TEST resolves, the player's hand holds five cards (four units, one event) and no unit is on
    the player's board; the rift has two walls."""
    test = yaml_event("TEST", f"{{effect: draw, target: controller, amount: 1, if: {condition}}}")
    dud = yaml_event("DUD", "{effect: mill, target: controller, amount: 1}")
    g = game(cards=[test, dud, WALL, FRAIL], player=["TEST", "WALL", "FRAIL", "DUD"], rift=["WALL", "WALL"], drives=2)
    assert sorted(g.card(i).id for i in g.sides[P].hand) == sorted(["TEST", "WALL", "FRAIL", "DUD", FILLER, FILLER])
    mark = len(g.log)
    play(g, "TEST")
    assert drew(g, mark) == (1 if holds else 0)


def test_a_ruler_without_a_hand_has_no_cards_in_hand() -> None:
    """CR 1-5g: the rift and the Apprentice have no hand; counting it counts 0."""
    empty_handed = "{count: {side: enemy, zone: hand}, max: 0}"
    (taunt,) = yaml_cards(
        f"""
        - {{id: TAUNT, name: taunt, type: event, level: 0, provenance: provisional, abilities: [{{trigger: on_play, effects: [
             {{effect: damage, target: enemy_ruler, amount: 1, if: {empty_handed}}},
             {{effect: damage, target: enemy_ruler, amount: 2, if: {{count: {{side: own, zone: hand}}, max: 0}}}}]}}]}}
        """
    )
    g = game(
        cards=[taunt], rift=["TAUNT"], drives=1
    )  # the rift plays it: the player (4 cards in hand) is hit by the second only
    assert len(g.sides[P].damage_zone) == 2
    g = game(cards=[taunt], player=["TAUNT"], ruler=apprentice())
    g.apply(PlayEvent(find_iid(g, P, "drive", "TAUNT")))  # the Apprentice plays it against the rift: both hold
    assert len(g.sides[I].damage_zone) == 3
