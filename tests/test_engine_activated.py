"""Mechanic 9: activated abilities (CR 14-1a-1), their timings, once per turn, and OD (CR 16-2).

An activated ability is written `trigger: activated` with a `timing` word;
`legal_actions` offers it as `Activate(card, ability)` whenever the timing is
open in the window the player holds priority in, the card is where the
timing wants it, its requirement holds and its costs can be paid.  Cards are
written in YAML and read by the real loader.
"""

from __future__ import annotations

from factories import FILLER, apprentice, find_iid, game, iids, restore, summon, unit, yaml_cards, yaml_unit

from gateruler.engine import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    INVADER,
    PLAYER,
    RULER,
    Activate,
    Attack,
    EndTurn,
    GoToAttack,
    action_from_dict,
    action_to_dict,
)
from gateruler.engine.timings import ATTACK, MAIN, TIMINGS, WINDOWS, open_timings

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 1, 20, 1)
PING = "{effect: damage, target: enemy_ruler, amount: 1}"


def activations(g) -> list[Activate]:
    return [a for a in g.legal_actions() if type(a) is Activate]


def on_board(g, card_id: str) -> int:
    return next(u.iid for u in g.sides[P].board if u is not None and g.card(u.iid).id == card_id)


# ---------------------------------------------------------------------- offered when the timing allows


def test_a_normal_activated_ability_is_offered_in_the_main_phase_only() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: normal, costs: [{{cost: rest_self}}], effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    assert activations(g) == []  # in the hand: not in play
    summon(g, "GUN", ATTACK_LEFT)
    assert activations(g) == [Activate(on_board(g, "GUN"), 0)]
    g.apply(GoToAttack())
    assert activations(g) == []  # a normal timing is closed in the attack phase


def test_a_quick_activated_ability_is_offered_in_the_main_and_attack_phases() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: quick, costs: [{{cost: rest_self}}], effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    assert activations(g) == [Activate(on_board(g, "GUN"), 0)]
    g.apply(GoToAttack())
    assert activations(g) == [Activate(on_board(g, "GUN"), 0)]


def test_using_an_activated_ability_pays_its_costs_and_resolves_its_effects() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: quick, costs: [{{cost: rest_self}}], effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    g.apply(Activate(on_board(g, "GUN"), 0))
    assert g.unit_at(P, ATTACK_LEFT).rested
    assert len(g.sides[I].damage_zone) == 1
    assert activations(g) == []  # rested: its cost cannot be paid again
    assert [e[1] for e in g.log if e[1] in ("activate", "rest", "ruler_damage")] == ["activate", "rest", "ruler_damage"]


def test_an_activated_ability_whose_requirement_fails_is_not_offered() -> None:
    gun = yaml_unit(
        "GUN",
        f"{{trigger: activated, timing: normal, requires: {{count: {{side: own, zone: graveyard}}, min: 1}}, effects: [{PING}]}}",
    )
    g = game(cards=[gun, WALL], player=["GUN"], rift=["WALL"], drives=1)
    summon(g, "GUN", ATTACK_LEFT)
    assert activations(g) == []


def test_an_activated_ability_that_must_choose_a_target_is_offered_only_when_one_exists() -> None:
    sniper = yaml_unit(
        "SNIPER",
        "{trigger: activated, timing: normal, once_per_turn: true, effects: [{effect: damage, target: enemy_unit, amount: 1}]}",
    )
    g = game(cards=[sniper, WALL], player=["SNIPER"])
    summon(g, "SNIPER", ATTACK_LEFT)
    assert activations(g) == []
    g2 = game(cards=[sniper, WALL], player=["SNIPER"], rift=["WALL"], drives=1)
    summon(g2, "SNIPER", ATTACK_LEFT)
    assert len(activations(g2)) == 1


def test_a_field_uses_its_activated_ability_from_the_field_zone() -> None:
    (tower,) = yaml_cards(
        f"- {{id: TOWER, name: tower, type: field, level: 0, provenance: provisional, abilities: [{{trigger: activated, timing: normal, once_per_turn: true, effects: [{PING}]}}]}}"
    )
    g = game(cards=[tower], player=["TOWER"])
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "PlayField"))
    assert activations(g) == [Activate(g.sides[P].field[0], 0)]


def test_the_rift_never_uses_activated_abilities() -> None:
    gun = yaml_unit(
        "GUN", "{trigger: activated, timing: quick, effects: [{effect: damage, target: enemy_ruler, amount: 3}]}"
    )
    g = game(cards=[gun], player=[], rift=["GUN"], drives=1)
    g.apply(EndTurn())
    assert [e[3] for e in g.log if e[1] == "ruler_damage"] == [1, 1]  # its units' attacks only, never the ability's 3
    assert not any(e[1] == "activate" for e in g.log)
    assert not g.setup.has_activated  # only the rift has one: legal_actions never looks


# ---------------------------------------------------------------------- once per turn


def test_a_once_per_turn_ability_is_offered_once_a_turn_and_again_next_turn() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: normal, once_per_turn: true, effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    g.apply(Activate(on_board(g, "GUN"), 0))
    assert activations(g) == []
    g.apply(EndTurn())
    assert activations(g) == [Activate(on_board(g, "GUN"), 0)]


def test_an_activated_ability_without_a_limit_can_be_used_again() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: normal, effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    g.apply(Activate(on_board(g, "GUN"), 0))
    g.apply(Activate(on_board(g, "GUN"), 0))
    assert len(g.sides[I].damage_zone) == 2


def test_a_once_per_turn_triggered_ability_triggers_once_a_turn() -> None:
    striker = yaml_unit(
        "STRIKER",
        f"{{trigger: on_attack, once_per_turn: true, effects: [{PING}]}}",
        stats="level: 0, atk: 1, hp: 9, stk: 0",
    )
    (rally,) = yaml_cards(
        "- {id: RALLY, name: rally, type: event, level: 0, provenance: provisional, abilities: [{trigger: on_play, effects: [{effect: act, target: own_unit}]}]}"
    )
    g = game(cards=[striker, rally, WALL], player=["STRIKER", "RALLY"], drives=0)
    summon(g, "STRIKER", ATTACK_LEFT)
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    assert len(g.sides[I].damage_zone) == 1
    g.apply(EndTurn())
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, RULER))
    assert len(g.sides[I].damage_zone) == 2  # a new turn: it triggers again


def test_the_abilities_used_this_turn_are_copied_saved_and_reset_at_the_turns_start() -> None:
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: normal, once_per_turn: true, effects: [{PING}]}}")
    g = game(cards=[gun], player=["GUN"])
    summon(g, "GUN", ATTACK_LEFT)
    g.apply(Activate(on_board(g, "GUN"), 0))
    assert g.used == ((on_board(g, "GUN"), 0),)
    copy = g.clone()
    loaded = restore(g.to_dict(), g)
    assert copy.used == g.used == loaded.used
    assert activations(loaded) == []
    g.apply(EndTurn())
    assert g.used == () and copy.used != ()


def test_an_activate_action_round_trips_through_its_dict_form() -> None:
    action = Activate(7, 2)
    assert action_from_dict(action_to_dict(action)) == action


# ---------------------------------------------------------------------- OD: from the drive zone


def test_an_od_ability_is_used_from_the_drive_zone_once_and_the_card_can_still_be_played() -> None:
    (spark,) = yaml_cards(
        f"""
        - id: SPARK
          name: spark
          type: unit
          level: 1
          atk: 2
          hp: 2
          stk: 1
          provenance: provisional
          abilities:
            - {{trigger: activated, timing: overdrive, effects: [{PING}]}}
        """
    )
    g = game(cards=[spark], player=["SPARK"], ruler=apprentice())
    spark_iid = find_iid(g, P, "drive", "SPARK")
    assert activations(g) == [Activate(spark_iid, 0)]
    g.apply(Activate(spark_iid, 0))
    assert len(g.sides[I].damage_zone) == 1
    assert activations(g) == []  # once per drive
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "Summon" and a.card == spark_iid))
    assert iids(g, P, "drive") == [FILLER] and g.unit_at(P, ATTACK_LEFT).iid == spark_iid


def test_an_od_ability_is_not_offered_once_the_card_has_left_the_drive_zone() -> None:
    (spark,) = yaml_cards(
        f"- {{id: SPARK, name: spark, type: unit, level: 1, atk: 2, hp: 2, stk: 1, provenance: provisional,"
        f" abilities: [{{trigger: activated, timing: overdrive, effects: [{PING}]}}]}}"
    )
    g = game(cards=[spark], player=["SPARK"], ruler=apprentice())
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "Summon" and g.card(a.card).id == "SPARK"))
    assert activations(g) == []  # on the board now: an OD ability is used from the drive zone only


# ---------------------------------------------------------------------- the timing registry (engine/timings.py: the window a timing opens in)


def test_each_timing_word_is_open_in_the_windows_the_rules_give_it() -> None:
    assert open_timings(MAIN) == {"normal", "quick", "overdrive"}
    assert open_timings(ATTACK) == {"quick"}
    assert open_timings("before_damage") == {"quick"}
    assert open_timings("before_damage", at_risk=True) == {"quick", "damage"}
    assert open_timings("rift_drive") == {"quick"}
    assert {w.name for w in WINDOWS if w.opened} == set(
        WINDOWS.names()
    )  # the rift's turn's too (tests/test_engine_windows.py)
    assert TIMINGS["overdrive"].zone == "drive" and TIMINGS["overdrive"].once


# ---------------------------------------------------------------------- an event's timing


def _event(card_id: str, timing: str = "") -> object:
    (card,) = yaml_cards(
        f"- {{id: {card_id}, name: {card_id.lower()}, type: event, level: 0, provenance: provisional{', timing: ' + timing if timing else ''},"
        f" abilities: [{{trigger: on_play, effects: [{PING}]}}]}}"
    )
    return card


def _plays(g) -> set[str]:
    return {g.card(a.card).id for a in g.legal_actions() if type(a).__name__ == "PlayEvent"}


def _set_all(g) -> None:
    while any(type(a).__name__ == "SetCard" for a in g.legal_actions()):
        g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "SetCard"))


def test_a_set_event_without_a_timing_has_the_normal_timing_so_it_is_played_in_the_main_phase_only() -> None:
    # CR 9-3e-4: "normal" is the turn player's main phase; a card with no timing word has the normal timing.
    g = game(cards=[_event("PLAIN")], player=["PLAIN"])
    _set_all(g)
    assert _plays(g) == {"PLAIN"}
    g.apply(GoToAttack())
    assert _plays(g) == set()


def test_a_set_normal_event_is_played_in_the_main_phase_only() -> None:
    g = game(cards=[_event("SLOW", "normal")], player=["SLOW"])
    _set_all(g)
    assert _plays(g) == {"SLOW"}
    g.apply(GoToAttack())
    assert _plays(g) == set()


def test_a_quick_event_is_played_from_a_set_zone_in_the_attack_phase_but_from_the_hand_in_the_main_phase_only() -> None:
    g = game(cards=[_event("FAST", "quick")], player=["FAST", "FAST"])
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "SetCard"))
    assert _plays(g) == {"FAST"}  # the copy in the hand and the set one
    g.apply(GoToAttack())
    assert [g.card(a.card).id for a in g.legal_actions() if type(a).__name__ == "PlayEvent"] == ["FAST"]
    assert next(a.card for a in g.legal_actions() if type(a).__name__ == "PlayEvent") in g.sides[P].set_zones


def test_an_event_timed_for_damage_can_be_set_but_no_window_of_the_players_turn_opens_it() -> None:
    g = game(cards=[_event("BRACE", "damage")], player=["BRACE"])
    assert _plays(g) == set()  # not from the hand: its timing is not open in the main phase
    _set_all(g)
    assert _plays(g) == set()
    g.apply(GoToAttack())
    assert _plays(g) == set()


def test_copies_of_a_field_are_one_activation_and_units_on_the_board_each_their_own() -> None:
    (tower,) = yaml_cards(
        f"- {{id: TOWER, name: tower, type: field, level: 0, provenance: provisional, abilities: [{{trigger: activated, timing: normal, effects: [{PING}]}}]}}"
    )
    gun = yaml_unit("GUN", f"{{trigger: activated, timing: normal, effects: [{PING}]}}")
    g = game(cards=[tower, gun], player=["TOWER", "TOWER", "GUN", "GUN"])
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "PlayField"))
    summon(g, "GUN", ATTACK_LEFT)
    summon(g, "GUN", ATTACK_RIGHT)
    sources = [a.card for a in activations(g)]
    assert sources == [g.unit_at(P, ATTACK_LEFT).iid, g.unit_at(P, ATTACK_RIGHT).iid, g.sides[P].field[0]]
