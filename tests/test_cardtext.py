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
        text = (
            HEAD.format(type=card_type, stats=UNIT_STATS if card_type == "unit" else "")
            + textwrap.indent(textwrap.dedent(ability).strip("\n"), "      ")
            + "\n"
        )
        path.write_text(text, encoding="utf-8")
        return [str(f).removeprefix(f"{path}:") for f in validate_file(path)]

    return check


def effect(target: str, effect_word: str = "damage", extra: str = ", amount: 1", trigger: str = "on_enter") -> str:
    return f"- trigger: {trigger}\n  effects:\n    - {{effect: {effect_word}, target: {target}{extra}}}"


# ---------------------------------------------------------------------- filters


def test_a_filter_mapping_reads_without_findings(check):
    assert (
        check(
            effect(
                "{choose: 1, filter: {side: enemy, type: unit, level: {max: 1}, or: [{attribute: Beast}, {faction: 東妖軍}]}}"
            )
        )
        == []
    )


def test_a_misspelt_filter_key_is_reported_with_the_word_meant(check):
    assert check(effect("{all: {side: own, atribute: Beast}}")) == [
        "13:56: unknown key 'atribute' (did you mean attribute?)"
    ]


def test_an_unknown_zone_is_reported_with_the_zones(check):
    (finding,) = check(effect("{all: {zone: hnad}}", "destroy", ""))
    assert (
        finding.startswith("13:52: 'zone' must be one of: board, damage_zone, deck")
        and "(did you mean hand?)" in finding
    )


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


def test_a_target_chooses_exactly_or_up_to_a_number_not_both(check):
    assert check(effect("{up_to: 2, filter: {side: enemy}}")) == []
    assert check(effect("{choose: 1, up_to: 2, filter: {side: enemy}}")) == [
        "13:38: a target chooses either exactly ('choose: N') or at most ('up_to: N') that many, not both"
    ]
    assert check(effect("{up_to: 0, filter: {side: enemy}}"))[0].endswith("'up_to' must be at least 1 (got 0)")


def test_a_choice_across_zones_needs_an_effect_that_acts_on_every_one_of_them(check):
    assert check(effect("card_in_play", "destroy", "")) == []
    assert check(effect("{choose: 1, filter: {side: own}, ruler: own}", "modify", ", atk: 1")) == []
    assert check(effect("{choose: 1, filter: {zone: [board, field_zone]}}", "damage")) == [
        "13:38: effect 'damage' does not accept a target of cards in field zones (it accepts: a ruler, units on the board)"
    ]
    (finding,) = check(effect("card_in_play", "damage"))
    assert finding.startswith("13:38: effect 'damage' does not accept target 'card_in_play' (it accepts: ")
    assert "enemy_ruler_or_unit" in finding and "own_ruler_or_unit" in finding
    (finding,) = check(effect("{choose: 1, filter: {side: own}, ruler: mine}", "modify", ", atk: 1"))
    assert finding == "13:78: unknown ruler 'mine' (expected one of: own, enemy, any)"


def test_a_triggers_card_filter_is_only_for_triggers_on_other_cards_events(check):
    watching = "- trigger: event_played\n  card: {side: enemy, type: event}\n  effects:\n    - {effect: draw, target: controller, amount: 1}"
    assert check(watching) == []
    assert check(watching.replace("event_played", "on_enter")) == [
        "12:9: 'card' is only for the triggers on other cards' events (card_destroyed, event_played, unit_attacks): "
        "it says which cards count"
    ]
    assert check(watching.replace("side: enemy", "side: enemy, zone: hand")) == [
        "12:29: a trigger's 'card' takes no 'zone': it is the card the event happened to"
    ]


def test_per_multiplies_an_effects_numbers_by_what_an_earlier_cost_or_effect_bound(check):
    spend = "- trigger: on_attack\n  costs:\n    - {cost: soul, count: 1, or_more: true, as: spent}\n  effects:\n"
    assert check(spend + "    - {effect: modify, target: self, atk: 1, per: spent}") == []
    assert check(spend + "    - {effect: modify, target: self, atk: 1, per: spnet}") == [
        "15:57: no earlier effect or cost of this ability is bound 'as: spnet' (bound so far: spent)"
    ]
    assert check(spend + "    - {effect: destroy, target: enemy_unit, per: spent}") == ["15:51: unknown key 'per'"]


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


def ability_with(
    condition_key: str, condition: str, effects: str = "[{effect: draw, target: controller, amount: 1}]"
) -> str:
    return f"- trigger: on_enter\n  {condition_key}: {condition}\n  effects: {effects}"


def test_a_condition_reads_without_findings(check):
    assert (
        check(
            ability_with(
                "requires",
                "{all: [{turn: own}, {count: {side: enemy, zone: hand}, max: 0}, {not: {exists: {attribute: Beast}}}]}",
            )
        )
        == []
    )


def test_a_misspelt_condition_word_is_reported_with_the_word_meant(check):
    assert check(ability_with("requires", "{cuont: {side: own}, min: 2}")) == [
        "12:20: unknown key 'cuont' (did you mean count?)"
    ]


def test_a_condition_has_exactly_one_word(check):
    assert check(ability_with("requires", "{turn: own, exists: {side: own}}")) == [
        "12:19: a condition has one word, not 'turn' or 'exists' (combine conditions with all: or any:)"
    ]


def test_a_count_needs_a_bound(check):
    assert check(ability_with("requires", "{count: {side: own}}")) == ["12:19: condition 'count' needs 'min' or 'max'"]


def test_a_condition_about_an_earlier_result_must_name_a_bound_effect(check):
    effects = "[{effect: damage, target: enemy_unit, amount: 1, as: hit}, {effect: draw, target: controller, amount: 1, if: {destroyed: hti}}]"
    assert check(f"- trigger: on_enter\n  effects: {effects}") == [
        "12:139: no earlier effect or cost of this ability is bound 'as: hti' (bound so far: hit)"
    ]
    assert check(ability_with("requires", "{destroyed: hit}")) == [
        "12:20: 'destroyed' asks about an earlier effect's 'as:' result, so it can only be an effect's 'if:'"
    ]


def test_a_name_is_bound_once_per_ability(check):
    effects = "[{effect: damage, target: enemy_unit, amount: 1, as: hit}, {effect: damage, target: enemy_unit, amount: 1, as: hit}]"
    assert check(f"- trigger: on_enter\n  effects: {effects}") == [
        "12:129: the name 'hit' is already bound by an earlier effect or cost of this ability"
    ]


# ---------------------------------------------------------------------- costs


def ability_costing(costs: str, trigger: str = "on_enter") -> str:
    return f"- trigger: {trigger}\n  costs: {costs}\n  effects: [{{effect: modify, target: all_own_units, atk: 1}}]"


def test_costs_read_without_findings(check):
    costs = "[{cost: energy, amount: 1}, {cost: discard, count: 2, filter: {type: unit}}, {cost: rest_self}, {cost: remove_from_graveyard}]"
    assert check(ability_costing(costs)) == []


def test_a_misspelt_cost_word_is_reported_with_the_word_meant(check):
    assert check(ability_costing("[{cost: dicsard, count: 1}]")) == [
        "12:24: unknown cost 'dicsard' (did you mean discard?)"
    ]


def test_a_cost_checks_its_parameters(check):
    assert check(ability_costing("[{cost: discard, count: 0}]")) == ["12:40: 'count' must be at least 1 (got 0)"]
    assert check(ability_costing("[{cost: energy}]")) == ["12:17: missing required field 'amount'"]
    assert check(ability_costing("[{cost: rest_self, count: 1}]")) == [
        "12:35: unknown key 'count' (did you mean cost?)"
    ]


def test_a_cost_filter_says_no_side_or_zone(check):
    assert check(ability_costing("[{cost: discard, filter: {zone: graveyard}}]")) == [
        "12:42: 'zone' can only be given at the top of a filter (it says where to look)"
    ]


def test_a_continuous_ability_has_no_costs(check):
    assert check(ability_costing("[{cost: rest_self}]", trigger="continuous")) == [
        "12:9: a continuous ability cannot have costs"
    ]


# ---------------------------------------------------------------------- split damage, replacements


def test_split_damage_divides_among_every_unit_found_and_at_most_6(check):
    assert check(effect("enemy_unit", "split_damage", ", amount: 3")) == [
        "13:13: effect 'split_damage' divides its damage among every unit its target finds: write {all: FILTER} or a word such as all_enemy_units"
    ]
    assert check(effect("all_enemy_units", "split_damage", ", amount: 7")) == [
        "13:13: effect 'split_damage' divides at most 6 damage (every way of dividing it is one choice)"
    ]


def test_carry_through_belongs_to_an_attack_and_names_a_bound_effect(check):
    split = "{effect: split_damage, target: all_enemy_units, amount: 3, as: fire}"
    assert check(f"- trigger: on_attack\n  effects: [{split}, {{effect: carry_through, destroyed_by: fier}}]") == [
        "12:127: no earlier effect or cost of this ability is bound 'as: fier' (bound so far: fire)"
    ]
    assert check(f"- trigger: on_enter\n  effects: [{split}, {{effect: carry_through, destroyed_by: fire}}]") == [
        "12:98: effect 'carry_through' only works in an ability with trigger: on_attack"
    ]


def test_a_replacement_ability_leads_with_one_replacement_word(check):
    assert check(effect("self", "damage", ", amount: 1", trigger="replacement")) == [
        "13:13: a replacement ability's first effect must be a replacement word ('prevent_damage' or 'survive_destruction'), not 'damage'"
    ]
    twice = "[{effect: prevent_damage, target: self}, {effect: survive_destruction, target: self}]"
    assert check(f"- trigger: replacement\n  effects: {twice}") == [
        "12:59: a replacement ability has one replacement word, first; 'survive_destruction' cannot follow it"
    ]


def test_a_replacement_asks_nothing_and_costs_nothing(check):
    instead = "[{effect: prevent_damage, target: self}, {effect: damage, target: enemy_unit, amount: 1}]"
    assert check(f"- trigger: replacement\n  effects: {instead}") == [
        "12:59: what a replacement does instead happens at once: it cannot choose its target or be optional"
    ]
    assert check(effect("enemy_unit", "prevent_damage", "", trigger="replacement")) == [
        "13:13: a replacement cannot choose what it protects (use a word such as self or all_own_units, or {all: FILTER})"
    ]
    paid = "- trigger: replacement\n  optional: true\n  costs: [{cost: rest_self}]\n  effects: [{effect: prevent_damage, target: self}]"
    assert check(paid) == [
        "13:9: a replacement ability cannot have costs: write what happens instead as its other effects",
        "12:9: a replacement ability cannot be optional: it applies whenever it can (docs/rulings.md D6)",
    ]


def test_a_standing_replacement_word_needs_a_replacement_ability(check):
    assert check(effect("self", "survive_destruction", "")) == [
        "13:13: 'survive_destruction' is a standing replacement: write it first in an ability with trigger: replacement"
    ]
    assert check(effect("self", "prevent_damage", "", trigger="continuous")) == [
        "13:13: a continuous ability can only 'modify' or 'grant' (not 'prevent_damage')"
    ]


# ---------------------------------------------------------------------- activated abilities, timings (mechanic 9)


def activated(rest: str, timing: str = "timing: normal, ") -> str:
    return f"- {{trigger: activated, {timing}{rest}effects: [{{effect: damage, target: enemy_ruler, amount: 1}}]}}"


def test_an_activated_ability_reads_without_findings(check):
    assert check(activated("once_per_turn: true, costs: [{cost: rest_self}], requires: {turn: own}, ")) == []


def test_an_activated_ability_needs_a_timing(check):
    assert check(activated("", timing="")) == ["11:9: missing required field 'timing'"]


def test_a_misspelt_timing_is_reported_with_the_word_meant(check):
    (finding,) = check(activated("", timing="timing: nromal, "))
    assert finding == "11:38: unknown timing 'nromal' (did you mean normal?)"


def test_only_an_activated_ability_has_a_timing(check):
    assert check(
        "- {trigger: on_enter, timing: quick, effects: [{effect: damage, target: enemy_ruler, amount: 1}]}"
    ) == ["11:29: 'timing' is only for activated abilities ('trigger: activated')"]


def test_an_events_activated_ability_can_only_be_overdrive(check):
    assert check(activated(""), card_type="event") == [
        "8:38: an event is never in play: its activated ability can only be 'overdrive' (used from the drive zone)"
    ]
    assert check(activated("", timing="timing: overdrive, "), card_type="event") == []


def test_an_activated_ability_is_not_optional(check):
    assert check(activated("optional: true, ")) == [
        "11:46: an activated ability is used by choice already: 'optional' does not apply to it"
    ]


def test_a_continuous_ability_is_never_once_per_turn(check):
    assert check("- {trigger: continuous, once_per_turn: true, effects: [{effect: modify, target: self, atk: 1}]}") == [
        "11:31: a continuous ability is never used, so it cannot be once per turn"
    ]


# ---------------------------------------------------------------------- keyword grants (mechanic 12)


def test_a_continuous_grant_cannot_test_keywords(check):
    assert check(
        "- {trigger: continuous, effects: [{effect: grant, target: {all: {side: own, keyword: pierce}}, keyword: intercept}]}"
    ) == [
        "11:83: a continuous ability that grants keywords cannot test 'keyword' in its filters: what it grants would depend on itself"
    ]


def test_a_grant_names_a_known_keyword(check):
    (finding,) = check("- {trigger: on_enter, effects: [{effect: grant, target: own_ruler, keyword: peirce}]}")
    assert "(did you mean pierce?)" in finding


# ---------------------------------------------------------------------- a card's timing, markers and discount (mechanics 9-11)


@pytest.fixture
def check_card(tmp_path: Path):
    def check_card(fields: str, card_type: str = "event") -> list[str]:
        path = tmp_path / "c.yaml"
        stats = UNIT_STATS if card_type == "unit" else ""
        text = f"cards:\n  - id: T-1\n    name: test card\n    type: {card_type}\n    level: 3\n{stats}    provenance: provisional\n"
        path.write_text(text + textwrap.indent(textwrap.dedent(fields).strip("\n"), "    ") + "\n", encoding="utf-8")
        return [str(f).removeprefix(f"{path}:") for f in validate_file(path)]

    return check_card


def test_an_events_timing_reads_and_only_events_have_one(check_card):
    assert check_card("timing: quick") == []
    assert check_card("timing: quick", card_type="unit") == [
        "10:5: 'timing' is for events (this card is a unit); an ability's timing goes on the ability"
    ]
    (finding,) = check_card("timing: quik")
    assert "(did you mean quick?)" in finding


def test_markers_are_any_words_but_the_keywords_with_a_rule(check_card):
    assert check_card("markers: [警戒, vigil]", card_type="unit") == []
    assert check_card("markers: [pierce]", card_type="unit") == [
        "10:15: 'pierce' is a keyword with a rule of its own: list it under 'keywords', not 'markers'"
    ]
    assert check_card("markers: [警戒, 警戒]", card_type="unit") == ["10:19: marker '警戒' listed twice"]


def test_markers_that_are_not_a_list_are_one_mistake_said_once(check_card):
    assert check_card("markers: 警戒", card_type="unit") == ["10:14: 'markers' must be a list (got a string '警戒')"]


def test_a_unit_with_a_misspelt_key_is_not_told_of_the_events_timing(check_card):
    (finding,) = check_card("timng: quick", card_type="unit")
    assert "did you mean timing" not in finding


def test_a_misspelt_keyword_is_still_an_error_with_the_word_meant(check_card):
    (finding,) = check_card("keywords: [intercpet]", card_type="unit")
    assert "(did you mean intercept?)" in finding


def test_a_discount_reads_and_checks_its_energy_and_costs(check_card):
    assert (
        check_card(
            "discount: {energy: 1, costs: [{cost: remove_from_graveyard, count: 4, filter: {attribute: Dragon}}]}",
            card_type="unit",
        )
        == []
    )
    assert check_card("discount: {costs: []}", card_type="unit") == ["10:15: missing required field 'energy'"]
    assert check_card("discount: {energy: -1}", card_type="unit") == ["10:24: 'energy' must not be negative (got -1)"]
    assert check_card("discount: {energy: 1, costs: [{cost: dicsard}]}", card_type="unit") == [
        "10:42: unknown cost 'dicsard' (did you mean discard?)"
    ]


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
    assert (
        finding == "13:46: effect 'special_summon' does not accept target 'enemy_unit' (it accepts: own_graveyard_unit)"
    )


def test_an_unknown_soul_source_is_reported_with_the_sources(check):
    (finding,) = check(effect("self", "add_soul", ", from: hnad"))
    assert "'from' must be one of: deck, graveyard, hand, this_card" in finding and "(did you mean hand?)" in finding


# ---------------------------------------------------------------------- attack costs and Soul guard (mechanics 14, 15)


def test_an_attack_cost_has_costs_and_no_effects(check):
    assert check("- {trigger: attack_cost, keyword: dormant, costs: [{cost: soul, count: 1}]}") == []
    assert check(
        "- {trigger: attack_cost, costs: [{cost: soul}], effects: [{effect: draw, target: controller, amount: 1}]}"
    ) == ["11:55: an attack cost has no effects: it only says what attacking costs (write them as 'costs')"]
    assert check("- {trigger: attack_cost}") == ["11:9: an attack cost needs 'costs': what the unit pays to attack"]
    assert check("- {trigger: attack_cost, costs: []}") == ["11:39: an attack cost needs at least one cost"]


def test_an_attack_cost_is_always_paid_whenever_its_unit_attacks(check):
    assert check("- {trigger: attack_cost, optional: true, costs: [{cost: soul}]}") == [
        "11:32: 'optional' does not apply to an attack cost: the unit attacks only if it pays, whenever it attacks"
    ]


def test_any_other_ability_still_needs_an_effect(check):
    assert check("- {trigger: on_enter, costs: [{cost: soul}]}") == ["11:9: missing required field 'effects'"]


def test_soul_guard_is_a_keyword_a_unit_may_have(check, tmp_path):
    path = tmp_path / "g.yaml"
    path.write_text(
        "cards:\n  - {id: T-G, name: g, type: unit, level: 0, atk: 1, hp: 1, stk: 1, keywords: [soul_guard], provenance: provisional}\n",
        encoding="utf-8",
    )
    assert validate_file(path) == []
