"""Every log entry that takes a card away, changes damage or is one card of a damage check names its cause.

The entry itself says it (engine/events.py): `source` is the card that did it
(-1 a ruler, None no card), `reason` a Cause word or the trigger of the
source's ability; a damage check's card says its place (`index` of `of`).
Cards are written in YAML and read by the real loader.
"""

from __future__ import annotations

import attrs
import pytest
from factories import (
    CAUSE_FIELDS,
    FILLER,
    apprentice,
    entries_without_a_cause,
    finished_random_game,
    finished_shipped_game,
    game,
    play,
    summon,
    unit,
    yaml_event,
    yaml_unit,
)

from gateruler.engine import ATTACK_LEFT, DEFENSE, INVADER, PLAYER, RULER, Attack, Choose, EndTurn, GoToAttack
from gateruler.engine.events import CAUSES, FIELDS, FIRST_FIELDS, Cause, padded
from gateruler.engine.triggers import TRIGGERS
from gateruler.variants import LEGACY

P, I = PLAYER, INVADER
WALL = unit("WALL", 1, 2, 6, 1, keywords=["intercept"])
THORN = unit("THORN", 1, 3, 5, 1, keywords=["counterattack"])
KNIGHT = unit("KNIGHT", 1, 6, 2, 2)
R_MID = unit("R-MID", 1, 4, 4, 2)
BOLT = yaml_event("BOLT", "{effect: damage, target: enemy_unit, amount: 3}", level=1)
ZAP = yaml_event("ZAP", "{effect: damage, target: enemy_ruler, amount: 2}")


def entries(g, kind: str, since: int = 0) -> list[tuple]:
    """The arguments of the entries of `kind` (after turn, kind, side)."""
    return [e[3:] for e in g.log[since:] if e[1] == kind]


def iid(g, card_id: str, side: int = PLAYER) -> int:
    return next(i for i, d in enumerate(g.setup.defs) if d.id == card_id and g.setup.owners[i] == side)


# ---------------------------------------------------------------------- battle
def test_an_attacks_damage_names_the_attacker_and_a_rulers_attack_names_the_ruler():
    g = game(cards=[KNIGHT, R_MID], player=["KNIGHT"], rift=["R-MID"], drives=1)
    summon(g, "KNIGHT", ATTACK_LEFT)
    g.apply(EndTurn())  # the rift's r-mid attacks the knight, then the rift itself attacks it
    knight, r_mid = iid(g, "KNIGHT"), iid(g, "R-MID", I)
    assert entries(g, "damage_unit") == [(knight, 4, 4, r_mid, Cause.ATTACK)]
    assert entries(g, "destroy") == [(knight, r_mid, Cause.LETHAL)]
    since = len(g.log)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))
    assert entries(g, "ruler_damage", since) == [(3, True, -1, Cause.ATTACK)]


def test_intercept_damage_names_the_attacked_unit_that_dealt_it_first():
    g = game(cards=[WALL, R_MID], player=["WALL"], rift=["R-MID"], drives=1)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())
    wall, r_mid = iid(g, "WALL"), iid(g, "R-MID", I)
    assert entries(g, "damage_unit")[:2] == [(r_mid, 2, 2, wall, Cause.INTERCEPT), (wall, 4, 4, r_mid, Cause.ATTACK)]


def test_counterattack_damage_names_the_unit_that_struck_back():
    g = game(cards=[THORN, R_MID], player=["THORN"], rift=["R-MID"], drives=1)
    summon(g, "THORN", ATTACK_LEFT)
    g.apply(EndTurn())
    thorn, r_mid = iid(g, "THORN"), iid(g, "R-MID", I)
    assert entries(g, "damage_unit")[:2] == [
        (thorn, 4, 4, r_mid, Cause.ATTACK),
        (r_mid, 3, 3, thorn, Cause.COUNTERATTACK),
    ]


def test_pierce_damage_to_the_ruler_names_the_attacker_that_destroyed_the_defense_unit():
    g = game(cards=[KNIGHT], player=["KNIGHT"], atk=5, stk=2, keywords=["pierce"])
    summon(g, "KNIGHT", DEFENSE)
    g.apply(EndTurn())
    assert entries(g, "destroy") == [(iid(g, "KNIGHT"), -1, Cause.LETHAL)]
    assert entries(g, "ruler_damage")[-1] == (2, True, -1, Cause.PIERCE)


# ---------------------------------------------------------------------- effects and costs
def test_effect_damage_and_its_destroy_name_the_card_and_the_trigger_of_its_ability():
    g = game(cards=[BOLT, ZAP, unit("R-LOW", 0, 1, 3, 1)], player=["BOLT", "ZAP"], rift=["R-LOW"], drives=1)
    play(g, "BOLT")
    play(g, "ZAP")
    bolt, zap, low = iid(g, "BOLT"), iid(g, "ZAP"), iid(g, "R-LOW", I)
    assert entries(g, "damage_unit") == [(low, 3, 3, bolt, "on_play")]
    assert entries(g, "destroy") == [(low, bolt, Cause.LETHAL)]  # the bolt's damage reached its HP
    assert entries(g, "ruler_damage")[-1] == (2, False, zap, "on_play")


def test_a_unit_whose_hp_falls_to_its_damage_is_destroyed_by_the_rules_with_no_source():
    shrink = yaml_event("SHRINK", "{effect: modify, target: enemy_unit, hp: -3}")
    g = game(cards=[shrink, R_MID, BOLT], player=["BOLT", "SHRINK"], rift=["R-MID"], drives=1)
    play(g, "BOLT")  # 3 damage of its 4 HP
    play(g, "SHRINK")
    r_mid = iid(g, "R-MID", I)
    assert entries(g, "modify") == [(r_mid, 0, -3, 0, iid(g, "SHRINK"), "on_play")]
    assert entries(g, "destroy") == [(r_mid, None, Cause.HP)]


def test_what_a_cost_destroys_or_returns_names_the_ability_it_pays_for():
    insight = "{effect: draw, target: controller, amount: 1}"
    offering = yaml_event("OFFERING", insight, ability="costs: [{cost: destroy}]")
    recall = yaml_event("RECALL", insight, ability="costs: [{cost: return}]")
    g = game(cards=[offering, recall, KNIGHT, WALL], player=["OFFERING", "RECALL", "KNIGHT", "WALL"])
    summon(g, "KNIGHT", ATTACK_LEFT)
    summon(g, "WALL", DEFENSE)
    play(g, "OFFERING")
    g.apply(Choose(P, ATTACK_LEFT))
    play(g, "RECALL")
    offering_iid, recall_iid = iid(g, "OFFERING"), iid(g, "RECALL")
    assert entries(g, "destroy") == [(iid(g, "KNIGHT"), offering_iid, Cause.COST)]
    assert entries(g, "move") == [(iid(g, "WALL"), "hand", recall_iid, Cause.COST)]
    assert [e[1:] for e in entries(g, "draw")[-2:]] == [(offering_iid, "on_play"), (recall_iid, "on_play")]


def test_mills_moves_and_set_cards_destroyed_name_the_card_and_trigger_that_did_it():
    sweep = yaml_unit(
        "SWEEPER",
        "{trigger: on_enter, effects: [{effect: mill, target: opponent, amount: 1}, {effect: move, target: all_enemy_units, to: deck},"
        " {effect: destroy_set_cards, target: enemy_set_zones}]}",
        stats="level: 0, atk: 1, hp: 9, stk: 1",
    )
    g = game(cards=[sweep, KNIGHT, BOLT], player=["KNIGHT", "BOLT"], rift=[FILLER, "SWEEPER"], drives=1)
    summon(g, "KNIGHT", ATTACK_LEFT)
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "SetCard"))
    g.apply(EndTurn())
    sweeper = iid(g, "SWEEPER", I)
    assert [e[1:] for e in entries(g, "mill")] == [(sweeper, "on_enter")]
    assert entries(g, "move") == [(iid(g, "KNIGHT"), "deck", sweeper, "on_enter")]
    assert entries(g, "set_destroyed") == [(iid(g, "BOLT"), sweeper, "on_enter")]


def test_the_turns_own_draws_say_so_and_a_rift_made_to_draw_drives_for_the_effect():
    gift = yaml_event("GIFT", "{effect: draw, target: opponent, amount: 1}")
    g = game(cards=[gift], player=["GIFT"])
    assert {e[1:] for e in entries(g, "draw")} == {(None, Cause.OPENING), (None, Cause.TURN)}
    since = len(g.log)
    play(g, "GIFT")
    assert entries(g, "drive", since) == [(entries(g, "drive", since)[0][0], iid(g, "GIFT"), "on_play")]


def test_a_hand_less_ruler_drives_for_the_turn():
    g = game(cards=[KNIGHT], player=["KNIGHT"], ruler=apprentice())
    assert {e[1:] for e in entries(g, "drive")} == {(None, Cause.TURN)}


def test_no_effect_says_why_and_of_which_ability():
    blank = attrs.evolve(yaml_event("BLANK", "{effect: draw, target: controller, amount: 1}"), abilities=())
    twice = yaml_event(
        "TWICE", "{effect: destroy, target: enemy_unit}", "{effect: damage, target: enemy_unit, amount: 1}"
    )
    g = game(cards=[blank, twice, R_MID], player=["BLANK", "TWICE"], rift=["R-MID"], drives=1)
    play(g, "BLANK")  # no abilities
    play(g, "TWICE")  # its damage finds no enemy unit left to choose
    assert entries(g, "no_effect") == [
        (iid(g, "BLANK"), Cause.NO_ABILITIES, "on_play"),
        (iid(g, "TWICE"), Cause.NO_TARGET, "on_play"),
    ]
    send = yaml_unit("SEND", "{trigger: on_enter, effects: [{effect: move, target: all_enemy_units, to: hand}]}")
    g = game(cards=[send, KNIGHT], player=["KNIGHT"], rift=[FILLER, "SEND"], drives=1, ruler=apprentice())
    g.apply(next(a for a in g.legal_actions() if type(a).__name__ == "Summon"))
    g.apply(EndTurn())  # the apprentice has no hand to return the knight to
    assert entries(g, "no_effect") == [(iid(g, "SEND", I), Cause.NO_ZONE, "on_enter")]


# ---------------------------------------------------------------------- level rules
END_RULE = [("start_of_turn_sacrifice", {"card": "END", "own_name_contains": "Dark Knight"})]
END = unit("END", 1, 1, 9, 1)
DARK = attrs.evolve(unit("DARK", 0, 1, 1, 1), name="Dark Knight test")


def test_level_2s_start_of_turn_rule_is_logged_each_time_it_acts_and_names_itself_on_its_destroys():
    g = game(cards=[END, DARK, KNIGHT, WALL], player=["KNIGHT", "WALL"], rift=["END", "DARK"], rules=END_RULE, drives=2)
    summon(g, "KNIGHT", ATTACK_LEFT)
    g.apply(EndTurn())
    end = iid(g, "END", I)
    assert entries(g, "special_rule") == [("start_of_turn_sacrifice", end)]
    assert entries(g, "destroy")[:2] == [(iid(g, "DARK", I), end, Cause.RULE), (iid(g, "KNIGHT"), end, Cause.RULE)]
    since = len(g.log)
    summon(g, "WALL", ATTACK_LEFT)
    g.apply(EndTurn())  # no Dark Knight left: the rule acts all the same
    assert entries(g, "special_rule", since) == [("start_of_turn_sacrifice", end)]
    assert entries(g, "sacrifice", since) == []
    assert entries(g, "destroy", since)[0] == (iid(g, "WALL"), end, Cause.RULE)


def test_level_4s_destroy_all_rule_is_logged_as_the_rule_not_as_an_ability_of_the_card():
    dragon = unit("DRAGON", 1, 1, 9, 1)
    g = game(
        cards=[dragon, KNIGHT],
        player=["KNIGHT"],
        rift=[FILLER, "DRAGON"],
        drives=1,
        rules=[("destroy_all_player_units_on_enter", {"card": "DRAGON"})],
    )
    summon(g, "KNIGHT", ATTACK_LEFT)
    g.apply(EndTurn())
    dragon_iid = iid(g, "DRAGON", I)
    assert entries(g, "special_rule") == [("destroy_all_player_units_on_enter", dragon_iid)]
    assert not any(e[0] == dragon_iid for e in entries(g, "ability"))
    assert entries(g, "destroy") == [(iid(g, "KNIGHT"), dragon_iid, Cause.RULE)]


# ---------------------------------------------------------------------- damage checks
def test_each_card_of_a_damage_check_logs_its_place_and_a_cnt_check_inside_it_has_its_own():
    cnt_hit = yaml_unit(
        "CNT-HIT", "{trigger: cnt, effects: [{effect: damage, target: enemy_ruler, amount: 2}]}", card="cnt: true"
    )
    g = game(cards=[cnt_hit, R_MID], rift=["R-MID", "CNT-HIT", "R-MID"])
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))  # 3 checks for the rift; its second is a CNT that hits back for 2
    checks = [(e[2], e[5], e[6]) for e in g.log if e[1] == "check" and e[0] == g.turn]
    assert checks == [(I, 1, 3), (I, 2, 3), (P, 1, 2), (P, 2, 2), (I, 3, 3)]
    assert entries(g, "ruler_damage")[-1] == (2, False, iid(g, "CNT-HIT", I), "cnt")


def test_a_deck_out_in_the_middle_of_a_damage_check_is_logged_with_its_place():
    # under the default deck_out=empty the rift loses when its last card is taken; ruling 33's reading plays on
    g = game(cards=[R_MID], rift=["R-MID"], rift_pad=0, variants=LEGACY)
    g.apply(GoToAttack())
    g.apply(Attack(RULER, RULER))  # 3 checks, one card left in the rift's deck
    assert [e[3:] for e in g.log if e[1] in ("check", "check_deck_out")][-2:] == [
        (iid(g, "R-MID", I), "damage", 1, 3),
        (2, 3),
    ]
    assert g.winner == "player" and g.end_reason == "deck-out"


# ---------------------------------------------------------------------- the log's contract
def test_cause_words_are_not_trigger_words():
    assert not CAUSES & set(TRIGGERS.names())


def test_an_older_logs_entry_is_read_with_none_for_the_fields_added_since():
    assert padded([3, "destroy", 0, 7]) == (3, "destroy", 0, 7, None, None)
    assert padded([3, "check", 1, 7, "cnt"]) == (3, "check", 1, 7, "cnt", None, None)
    assert all(0 <= FIRST_FIELDS[kind] <= len(names) for kind, names in FIELDS.items())


# ---------------------------------------------------------------------- every cause, in seeded games
def test_the_cause_fields_checked_are_the_ones_the_log_has():
    for kind, positions in CAUSE_FIELDS.items():
        names = FIELDS[kind]
        assert all(names[i - 3] in ("reason", "index", "of", "source", "trigger") for i in positions), kind


def test_the_sweep_finds_an_entry_that_lost_its_cause_or_never_had_it():
    log = [
        (3, "destroy", 0, 7, None, "lethal"),
        (3, "destroy", 0, 7, 2, None),
        (3, "check", 0, 7, "cnt"),
        (3, "destroy", 0, 7, 2, "lethal"),
    ]
    assert entries_without_a_cause(log) == log[1:3]


@pytest.mark.parametrize("level", range(1, 7))
def test_every_entry_of_a_seeded_shipped_game_that_needs_a_cause_has_one(level):
    assert [entries_without_a_cause(finished_shipped_game(level, seed).log) for seed in range(2)] == [[], []]


@pytest.mark.parametrize("fixture, seed", [("rich", s) for s in range(6)] + [("mechanics", s) for s in range(6)])
def test_every_entry_of_a_random_game_of_every_word_that_needs_a_cause_has_one(fixture, seed):
    assert entries_without_a_cause(finished_random_game(fixture, seed).log) == []
