"""Reading card abilities: every mistake in a filter, a condition or a cost is one located line.

Each test writes a card file with one mistake and checks what `gateruler
validate` reports for it (``line:col: message``), as tests/test_validation.py
does for the older fields.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gateruler.loader import validate_file

HEAD = """\
cards:
  - id: T-1
    name: test card
    type: {type}
    level: 1
{stats}    provenance: provisional
    abilities:
"""
UNIT_STATS = "    atk: 3\n    hp: 3\n    stk: 1\n"


@pytest.fixture
def check(tmp_path: Path):
    def check(ability: str, card_type: str = "unit") -> list[str]:
        path = tmp_path / "c.yaml"
        text = HEAD.format(type=card_type, stats=UNIT_STATS if card_type == "unit" else "") + textwrap.indent(textwrap.dedent(ability).strip("\n"), "      ") + "\n"
        path.write_text(text, encoding="utf-8")
        return [str(f).removeprefix(f"{path}:") for f in validate_file(path)]

    return check


def effect(target: str, effect_word: str = "damage", extra: str = ", amount: 1", trigger: str = "on_enter") -> str:
    return f"- trigger: {trigger}\n  effects:\n    - {{effect: {effect_word}, target: {target}{extra}}}"


# ---------------------------------------------------------------------- filters


def test_a_filter_mapping_reads_without_findings(check):
    assert check(effect("{choose: 1, filter: {side: enemy, type: unit, level: {max: 1}, or: [{attribute: Beast}, {faction: 東妖軍}]}}")) == []


def test_a_misspelt_filter_key_is_reported_with_the_word_meant(check):
    assert check(effect("{all: {side: own, atribute: Beast}}")) == ["13:56: unknown key 'atribute' (did you mean attribute?)"]


def test_an_unknown_zone_is_reported_with_the_zones(check):
    (finding,) = check(effect("{all: {zone: hnad}}", "destroy", ""))
    assert finding.startswith("13:52: 'zone' must be one of: board, damage_zone, deck") and "(did you mean hand?)" in finding


def test_side_and_zone_belong_to_the_top_of_a_filter(check):
    assert check(effect("{all: {not: {side: own}}}")) == [
        "13:51: 'side' can only be given at the top of a filter (it says where to look)"
    ]


def test_a_comparison_takes_a_number_or_min_and_max(check):
    assert check(effect("{all: {level: {min: 3, max: 1}}}")) == ["13:52: 'level': 'min' (3) is above 'max' (1)"]
    assert check(effect("{all: {level: {least: 1}}}")) == ["13:53: unknown key 'least'"]
    assert check(effect("{all: {level: {}}}")) == ["13:52: 'level' needs 'min' or 'max'"]


def test_an_unknown_keyword_in_a_filter_is_reported(check):
    assert check(effect("{all: {keyword: peirce}}")) == ["13:54: unknown keyword 'peirce' (did you mean pierce?)"]


def test_a_target_is_either_chosen_or_all(check):
    assert check(effect("{choose: 1, all: {side: own}}")) == [
        "13:38: a target is either {choose: N, filter: FILTER} or {all: FILTER}, not both"
    ]


def test_an_effect_refuses_a_target_of_cards_it_cannot_act_on(check):
    assert check(effect("{all: {zone: hand}}")) == [
        "13:38: effect 'damage' does not accept a target of cards in other zones (it accepts: a ruler, units on the board)"
    ]


def test_a_continuous_ability_cannot_choose_nor_test_stats(check):
    assert check(effect("enemy_unit", "modify", ", atk: 1", trigger="continuous")) == [
        "13:38: a continuous ability cannot choose its target (use a word such as all_own_units, or {all: FILTER})"
    ]
    assert check(effect("{all: {side: own, hp: {max: 3}}}", "modify", ", atk: 1", trigger="continuous")) == [
        "13:56: a continuous ability's filter cannot test 'hp': the stat it changes would depend on itself"
    ]


# ---------------------------------------------------------------------- conditions


def ability_with(condition_key: str, condition: str, effects: str = "[{effect: draw, target: controller, amount: 1}]") -> str:
    return f"- trigger: on_enter\n  {condition_key}: {condition}\n  effects: {effects}"


def test_a_condition_reads_without_findings(check):
    assert check(ability_with("requires", "{all: [{turn: own}, {count: {side: enemy, zone: hand}, max: 0}, {not: {exists: {attribute: Beast}}}]}")) == []


def test_a_misspelt_condition_word_is_reported_with_the_word_meant(check):
    assert check(ability_with("requires", "{cuont: {side: own}, min: 2}")) == ["12:20: unknown key 'cuont' (did you mean count?)"]


def test_a_condition_has_exactly_one_word(check):
    assert check(ability_with("requires", "{turn: own, exists: {side: own}}")) == [
        "12:19: a condition has one word, not 'turn' or 'exists' (combine conditions with all: or any:)"
    ]


def test_a_count_needs_a_bound(check):
    assert check(ability_with("requires", "{count: {side: own}}")) == ["12:19: condition 'count' needs 'min' or 'max'"]


def test_a_condition_about_an_earlier_result_must_name_a_bound_effect(check):
    effects = "[{effect: damage, target: enemy_unit, amount: 1, as: hit}, {effect: draw, target: controller, amount: 1, if: {destroyed: hti}}]"
    assert check(f"- trigger: on_enter\n  effects: {effects}") == [
        "12:139: no earlier effect of this ability is bound 'as: hti' (bound so far: hit)"
    ]
    assert check(ability_with("requires", "{destroyed: hit}")) == [
        "12:20: 'destroyed' asks about an earlier effect's 'as:' result, so it can only be an effect's 'if:'"
    ]


def test_a_name_is_bound_once_per_ability(check):
    effects = "[{effect: damage, target: enemy_unit, amount: 1, as: hit}, {effect: damage, target: enemy_unit, amount: 1, as: hit}]"
    assert check(f"- trigger: on_enter\n  effects: {effects}") == [
        "12:129: the name 'hit' is already bound by an earlier effect of this ability"
    ]


# ---------------------------------------------------------------------- costs


def ability_costing(costs: str, trigger: str = "on_enter") -> str:
    return f"- trigger: {trigger}\n  costs: {costs}\n  effects: [{{effect: modify, target: all_own_units, atk: 1}}]"


def test_costs_read_without_findings(check):
    costs = "[{cost: energy, amount: 1}, {cost: discard, count: 2, filter: {type: unit}}, {cost: rest_self}, {cost: remove_from_graveyard}]"
    assert check(ability_costing(costs)) == []


def test_a_misspelt_cost_word_is_reported_with_the_word_meant(check):
    assert check(ability_costing("[{cost: dicsard, count: 1}]")) == ["12:24: unknown cost 'dicsard' (did you mean discard?)"]


def test_a_cost_checks_its_parameters(check):
    assert check(ability_costing("[{cost: discard, count: 0}]")) == ["12:40: 'count' must be at least 1 (got 0)"]
    assert check(ability_costing("[{cost: energy}]")) == ["12:17: missing required field 'amount'"]
    assert check(ability_costing("[{cost: rest_self, count: 1}]")) == ["12:35: unknown key 'count' (did you mean cost?)"]


def test_a_cost_filter_says_no_side_or_zone(check):
    assert check(ability_costing("[{cost: discard, filter: {zone: graveyard}}]")) == [
        "12:42: 'zone' can only be given at the top of a filter (it says where to look)"
    ]


def test_a_continuous_ability_has_no_costs(check):
    assert check(ability_costing("[{cost: rest_self}]", trigger="continuous")) == ["12:9: a continuous ability cannot have costs"]


# ---------------------------------------------------------------------- soul, special summons, searching (mechanics 4-6)


def test_soul_search_look_summon_and_remove_words_read_without_findings(check):
    ability = """
    - trigger: on_enter
      requires: {self: {soul: {max: 0}}}
      costs: [{cost: soul, count: 1, filter: {type: unit}}]
      effects:
        - {effect: add_soul, target: self, from: graveyard, count: 2, filter: {type: unit}}
        - {effect: search, filter: {type: field}, to: field}
        - {effect: look, count: 3, take: 1, filter: {attribute: Beast}}
        - {effect: special_summon, target: own_graveyard_unit}
        - {effect: remove, target: {choose: 1, filter: {side: enemy, zone: soul}}}
    """
    assert check(ability) == []


def test_add_soul_takes_a_filter_only_from_the_hand_or_the_graveyard(check):
    assert check(effect("self", "add_soul", ", from: deck, filter: {type: unit}")) == [
        "13:13: effect 'add_soul' takes a 'filter' only with 'from: hand' or 'from: graveyard' (not 'deck')"
    ]


def test_add_soul_from_this_card_puts_one_card(check):
    assert check(effect("self", "add_soul", ", from: this_card, count: 2")) == [
        "13:13: effect 'add_soul' with 'from: this_card' puts one card, the card itself: leave out 'count'"
    ]


def test_special_summon_summons_only_your_own_cards(check):
    assert check(effect("{choose: 1, filter: {side: enemy, zone: graveyard}}", "special_summon", "")) == [
        "13:13: effect 'special_summon' summons your own cards: give its target's filter 'side: own'"
    ]


def test_special_summon_takes_cards_from_zones_not_units_on_the_board(check):
    (finding,) = check(effect("enemy_unit", "special_summon", ""))
    assert finding == "13:46: effect 'special_summon' does not accept target 'enemy_unit' (it accepts: own_graveyard_unit)"


def test_an_unknown_soul_source_is_reported_with_the_sources(check):
    (finding,) = check(effect("self", "add_soul", ", from: hnad"))
    assert "'from' must be one of: deck, graveyard, hand, this_card" in finding and "(did you mean hand?)" in finding
