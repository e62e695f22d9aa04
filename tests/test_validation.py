"""Validation rules: one malformed file per rule, with the exact message and line.

Each test writes a small file, validates it as `gateruler validate` would, and
checks the findings printed for it (``path:line:col: [warning: ]message``).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from gateruler.errors import DataErrors
from gateruler.loader import load_card_pool, load_deck, validate_file

DATA = Path(__file__).parent / "data"


@pytest.fixture
def write(tmp_path):
    def write(text: str, name: str = "f.yaml") -> str:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return str(path)

    return write


@pytest.fixture
def check(write):
    """Validate a file written from `text`; the findings without the path prefix."""

    def check(text: str) -> list[str]:
        path = write(text)
        return [str(f).removeprefix(path + ":") for f in validate_file(path)]

    return check


def unit(extra: str = "", **fields: object) -> str:
    """A card file with one valid unit (lines 1-9; provenance last), plus `extra` lines as written."""
    values = {"id": "T-1", "name": "test unit", "type": "unit", "level": 1, "atk": 3, "hp": 3, "stk": 1}
    values.update(fields)
    lines = ["cards:", f"  - id: {values['id']}"]
    lines += [f"    {k}: {v}" for k, v in values.items() if k != "id"]
    lines.append("    provenance: provisional")
    return "\n".join(lines) + "\n" + extra.strip("\n") + ("\n" if extra.strip() else "")


# ---------------------------------------------------------------------------
# YAML itself


def test_duplicate_key(check):
    assert check(unit() + "    hp: 4\n") == ["10:5: duplicate key 'hp' (first at line 7)"]


def test_tab_in_indentation(check):
    assert check("cards:\n\t- id: x\n") == ["2:1: tab character in indentation; use spaces"]


def test_yaml_syntax_error(check):
    assert check("cards: [\n") == ["2:1: YAML syntax error: expected the node content, but found '<stream end>'"]


def test_a_file_of_unknown_kind(check):
    assert check("colour: red\n") == [
        "1:1: cannot tell what kind of file this is: expected a card file ('cards'), a ruler ('life'), "
        "a level ('level' and 'hp'), a deck ('ruler' and 'cards') or a collection ('owned')"
    ]


# ---------------------------------------------------------------------------
# Cards


def test_a_valid_card_file_has_no_findings(check):
    assert check(unit()) == []


def test_unknown_card_key_with_suggestion(check):
    assert check(unit(levle=2)) == ["9:5: unknown key 'levle' (did you mean level?)"]


def test_wrong_type(check):
    assert check(unit(atk="three")) == ["6:10: 'atk' must be an integer (got a string 'three')"]


def test_missing_field(check):
    text = unit().replace("    name: test unit\n", "")
    assert check(text) == ["2:5: missing required field 'name'"]


def test_a_unit_needs_its_numbers(check):
    text = unit().replace("    stk: 1\n", "")
    assert check(text) == ["2:5: missing required field 'stk'"]


@pytest.mark.parametrize("stat, line", [("atk", 6), ("hp", 7), ("stk", 8)])
def test_negative_unit_numbers(check, stat, line):
    assert check(unit(**{stat: -1})) == [f"{line}:{7 + len(stat)}: '{stat}' must not be negative (got -1)"]


def test_a_negative_level_is_allowed(check):
    assert check(unit(level=-5)) == []


def test_an_event_has_no_unit_numbers(check):
    text = "cards:\n  - {id: T-1, name: e, type: event, level: 1, atk: 2, provenance: provisional}\n"
    assert check(text) == ["2:47: 'atk' is only for units (this card is an event)"]


def test_unknown_card_type(check):
    assert check(unit(type="unitt")) == ["4:11: unknown type 'unitt' (did you mean unit?)"]


def test_unknown_keyword(check):
    assert check(unit(keywords="[peirce]")) == ["9:16: unknown keyword 'peirce' (did you mean pierce?)"]


def test_unknown_provenance(check):
    text = unit().replace("provenance: provisional", "provenance: guessed")
    assert check(text) == [
        "9:17: unknown provenance 'guessed' (expected one of: seed, deduced, published, provisional)"
    ]


ABILITY = """
    abilities:
      - trigger: {trigger}
        effects:
          - {effect}
"""


def with_ability(effect: str, trigger: str = "on_enter", **fields: object) -> str:
    return unit(ABILITY.format(trigger=trigger, effect=effect), **fields)


def test_a_valid_ability(check):
    assert check(with_ability("{effect: damage, target: enemy_unit, amount: 2}")) == []


def test_unknown_trigger(check):
    assert check(with_ability("{effect: draw, target: controller, amount: 1}", trigger="on_entr")) == [
        "11:18: unknown trigger 'on_entr' (did you mean on_enter?)"
    ]


def test_unknown_effect(check):
    assert check(with_ability("{effect: damge, target: enemy_unit, amount: 2}")) == [
        "13:22: unknown effect 'damge' (did you mean damage?)"
    ]


def test_unknown_target(check):
    assert check(with_ability("{effect: damage, target: enemy_unitt, amount: 2}")) == [
        "13:38: unknown target 'enemy_unitt' (did you mean enemy_unit?)"
    ]


def test_missing_effect_parameter(check):
    assert check(with_ability("{effect: damage, target: enemy_unit}")) == ["13:13: missing required field 'amount'"]


def test_a_target_the_effect_does_not_accept(check):
    assert check(with_ability("{effect: draw, target: enemy_unit, amount: 1}")) == [
        "13:36: effect 'draw' does not accept target 'enemy_unit' (it accepts: controller, opponent)"
    ]


def test_wrong_parameter_type(check):
    assert check(with_ability("{effect: damage, target: enemy_unit, amount: two}")) == [
        "13:58: 'amount' must be an integer (got a string 'two')"
    ]


def test_unknown_effect_parameter(check):
    assert check(with_ability("{effect: damage, target: enemy_unit, amount: 2, amout: 3}")) == [
        "13:61: unknown key 'amout' (did you mean amount?)"
    ]


def test_an_effect_without_targets_takes_none(check):
    text = with_ability("{effect: reuse_on_enter, target: self}", trigger="cnt", cnt="true")
    assert check(text) == ["14:38: effect 'reuse_on_enter' takes no target"]


def test_a_trigger_that_does_not_fit_the_card_type(check):
    assert check(with_ability("{effect: draw, target: controller, amount: 1}", trigger="on_play")) == [
        "11:18: trigger 'on_play' does not apply to a unit (only to: event)"
    ]


def test_a_continuous_ability_only_modifies(check):
    assert check(with_ability("{effect: draw, target: controller, amount: 1}", trigger="continuous")) == [
        "13:13: a continuous ability can only 'modify' or 'grant' (not 'draw')"
    ]


def test_a_cnt_ability_needs_cnt_true(check):
    assert check(with_ability("{effect: damage, target: enemy_ruler, amount: 2}", trigger="cnt")) == [
        "11:18: a card with a CNT ability must say 'cnt: true'"
    ]


def test_cnt_true_without_a_cnt_ability_is_allowed(check):
    # the card has a CNT icon whose effect is unknown (like the bone princess)
    assert check(unit(cnt="true")) == []


def test_reuse_on_enter_needs_an_on_enter_ability(check):
    text = with_ability("{effect: reuse_on_enter}", trigger="cnt", cnt="true")
    assert check(text) == ["12:9: effect 'reuse_on_enter' needs an on_enter ability on the same card"]


def test_duplicate_card_id_within_a_file(check):
    text = unit() + "  - {id: T-1, name: again, type: event, level: 0, provenance: provisional}\n"
    assert check(text) == ["10:5: duplicate card id 'T-1' (first at line 2)"]


def test_duplicate_card_id_across_files(check):
    assert check(unit(id="2020GB01-127")) == [
        "2:5: duplicate card id '2020GB01-127' (also in gateruler/data/cards/invader.yaml:18); to correct the shipped card, say 'replaces: true'"
    ]


def test_duplicate_card_id_across_extra_card_files(write):
    first = write(unit(), "a.yaml")
    second = write(unit(), "b.yaml")
    with pytest.raises(DataErrors) as caught:
        load_card_pool([Path(first), Path(second)])
    assert [str(e) for e in caught.value.errors] == [f"{second}:2:5: duplicate card id 'T-1' (also in {first}:2)"]


# ---------------------------------------------------------------------------
# Rulers

RULER = """\
id: test
name: Test
life: 11
atk: 3
stk: 3
turn_start: {action: draw, count: 2}
cost_model: energy
provenance: provisional
"""


def test_a_valid_ruler_has_no_findings(check):
    assert check(RULER) == []


def test_ruler_life_must_be_positive(check):
    assert check(RULER.replace("life: 11", "life: 0")) == ["3:7: 'life' must be at least 1 (got 0)"]


def test_unknown_ruler_key_in_a_nested_mapping(check):
    assert check(RULER + "deck_rules: {size: 50, levl_cap: 3}\n") == [
        "9:24: unknown key 'levl_cap' (did you mean level_cap?)"
    ]


def test_unknown_turn_start_action(check):
    assert check(RULER.replace("action: draw", "action: drve")) == ["6:22: unknown action 'drve' (did you mean drive?)"]


# ---------------------------------------------------------------------------
# Levels

LEVEL = """\
level: 1
name: Test
hp: 15
atk: 4
stk: 3
stated: {deck_size: 20, total_level: 20, cnt_cards: 0}
cards:
  - {card: 2020GB01-127, count: 10}
  - {card: 2021GB02-122, count: 10}
special_rules:
  - {rule: ignore_effects, card: 2021GB02-122}
"""


def test_a_valid_level_has_no_findings(check):
    assert check(LEVEL) == []


def test_negative_level_hp(check):
    assert check(LEVEL.replace("hp: 15", "hp: -3")) == ["3:5: 'hp' must be at least 1 (got -3)"]


def test_negative_level_atk(check):
    assert check(LEVEL.replace("atk: 4", "atk: -1")) == ["4:6: 'atk' must not be negative (got -1)"]


def test_unknown_card_in_a_level(check):
    assert check(LEVEL.replace("2020GB01-127", "2020GB01-12")) == [
        "8:12: unknown card '2020GB01-12' (did you mean 2020GB01-127?)"
    ]


def test_count_must_be_positive(check):
    assert check(LEVEL.replace("count: 10}\n  - {card: 2021", "count: -2}\n  - {card: 2021")) == [
        "8:33: 'count' must be at least 1 (got -2)"
    ]


def test_a_card_listed_twice(check):
    text = LEVEL.replace("2021GB02-122, count: 10", "2020GB01-127, count: 10")
    assert check(text) == ["9:12: card '2020GB01-127' listed twice (first at line 8)"]


def test_unknown_special_rule(check):
    assert check(LEVEL.replace("rule: ignore_effects", "rule: ignore_efects")) == [
        "11:12: unknown rule 'ignore_efects' (did you mean ignore_effects?)"
    ]


def test_special_rule_missing_parameter(check):
    assert check(LEVEL + "  - {rule: ignore_keyword, card: 2021GB02-122}\n") == [
        "12:5: missing required field 'keyword'"
    ]


def test_special_rule_unknown_parameter(check):
    assert check(LEVEL + "  - {rule: ignore_cnt, card: 2020GB01-127, cards: x}\n") == [
        "12:44: unknown key 'cards' (did you mean card?)"
    ]


def test_special_rule_naming_an_unknown_card(check):
    assert check(LEVEL.replace("card: 2021GB02-122}", "card: 2021GB02-12}")) == [
        "11:34: unknown card '2021GB02-12' (did you mean 2021GB02-122?)"
    ]


def test_special_rule_naming_a_known_card_not_in_the_list_is_only_a_warning(check):
    # level 5 carries over level 4's wrath demon dragon rule: harmless
    assert check(LEVEL + "  - {rule: destroy_all_player_units_on_enter, card: 2020GB01-004}\n") == [
        "12:53: warning: rule 'destroy_all_player_units_on_enter' names 2020GB01-004 (wrath demon dragon Shishin), "
        "which is not in this level's list: it never applies"
    ]


def test_ignore_keyword_needs_the_card_to_have_it(check):
    assert check(LEVEL + "  - {rule: ignore_keyword, card: 2020GB01-127, keyword: dormant}\n") == [
        "12:34: 2020GB01-127 (omen moth) has no keyword 'dormant' to ignore"
    ]


def test_deck_size_that_does_not_add_up_is_an_error(check):
    assert check(LEVEL.replace("deck_size: 20", "deck_size: 50")) == [
        "6:21: the list has 20 cards but the stated deck size is 50"
    ]


def test_total_level_that_does_not_add_up_is_an_error(check):
    assert check(LEVEL.replace("total_level: 20", "total_level: 50")) == [
        "6:38: the list's total level is 20 but the stated total level is 50"
    ]


def test_cnt_count_that_does_not_add_up_is_an_error(check):
    assert check(LEVEL.replace("cnt_cards: 0", "cnt_cards: 14")) == [
        "6:53: the list has 0 CNT cards but the stated CNT count is 14"
    ]


def test_an_acknowledged_discrepancy_is_a_warning(check):
    text = LEVEL.replace("deck_size: 20", "deck_size: 50") + "acknowledged_discrepancies: [deck_size]\n"
    assert check(text) == [
        "6:21: warning: the list has 20 cards but the stated deck size is 50 (acknowledged discrepancy)"
    ]


def test_a_rule_that_never_applies_can_be_acknowledged_as_the_source_writes_it(check):
    rule = "  - {rule: destroy_all_player_units_on_enter, card: 2020GB01-004}\n"
    said = (
        "12:53: warning: rule 'destroy_all_player_units_on_enter' names 2020GB01-004 (wrath demon dragon Shishin), "
        "which is not in this level's list: it never applies"
    )
    assert check(LEVEL + rule) == [said]
    assert check(LEVEL + rule + "acknowledged_discrepancies: [unused_rules]\nnotes: Kept as the seed writes it.\n") == [
        said + " (acknowledged discrepancy; the level's notes say why)"
    ]


def test_acknowledging_unused_rules_when_every_rule_applies_is_an_error(check):
    assert check(LEVEL + "acknowledged_discrepancies: [unused_rules]\n") == [
        "12:29: 'unused_rules' is acknowledged as a discrepancy but every rule names a listed card"
    ]


def test_acknowledging_a_figure_that_matches_is_an_error(check):
    assert check(LEVEL + "acknowledged_discrepancies: [total_level]\n") == [
        "12:29: 'total_level' is acknowledged as a discrepancy but the list matches the stated 20"
    ]


def test_unknown_acknowledged_figure(check):
    assert check(LEVEL + "acknowledged_discrepancies: [deck]\n") == [
        "12:30: 'acknowledged discrepancy' must be one of: cnt_cards, deck_size, total_level, unused_rules (got 'deck') (did you mean deck_size?)"
    ]


def test_cnt_switched_off_by_the_level_does_not_count(check):
    # level 2: End has a CNT ability, level 2 ignores it, the seed states 0 CNT cards
    text = LEVEL.replace("2020GB01-127, count: 10", "2020GB01-123, count: 10").replace(
        "total_level: 20", "total_level: 0"
    )
    assert check(text) == ["6:52: the list has 10 CNT cards but the stated CNT count is 0"]
    assert check(text + "  - {rule: ignore_cnt, card: 2020GB01-123}\n") == []


def test_the_unacknowledged_level_6_list_is_an_error():
    path = str(DATA / "level-unacknowledged.yaml")
    assert [str(f) for f in validate_file(path)] == [
        f"{path}:9:21: the list has 52 cards but the stated deck size is 50"
    ]


# ---------------------------------------------------------------------------
# Decks


def deck(ruler: str = "knight", **counts: int) -> str:
    """A deck file: name (line 1), ruler (line 2), cards from line 4 on."""
    lines = ["name: test", f"ruler: {ruler}", "cards:"]
    lines += [f"  - {{card: {card}, count: {count}}}" for card, count in counts.items()]
    return "\n".join(lines) + "\n"


KNIGHT_50 = {"PROV-001": 4, "PROV-002": 4, "PROV-003": 4, "PROV-004": 4, "PROV-005": 4, "PROV-006": 4,
             "PROV-007": 4, "PROV-008": 4, "PROV-009": 4, "PROV-011": 4, "PROV-012": 4, "TD01-013": 4,
             "PRERELEASE-CRIMSON-SYLTIS": 2}  # fmt: skip


def test_a_legal_deck_has_no_findings(check):
    assert check(deck(**KNIGHT_50)) == []


def test_unknown_ruler(check):
    assert check(deck("knigt", **KNIGHT_50)) == ["2:8: unknown ruler 'knigt' (did you mean knight?)"]


def test_unknown_card_in_a_deck(check):
    text = deck(**{**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 1, "PROV-0011": 1})
    assert check(text) == ["17:12: unknown card 'PROV-0011' (did you mean PROV-011?)"]


def test_too_many_copies_of_a_name(check):
    text = deck(**{**KNIGHT_50, "PROV-001": 5, "PRERELEASE-CRIMSON-SYLTIS": 1})
    assert check(text) == ["4:12: 5 copies of 'Shield Sentry' (PROV-001): at most 4 per name under the Knight"]


def test_deck_size_must_be_the_rulers(check):
    assert check(deck(**{**KNIGHT_50, "PROV-001": 2})) == ["3:1: the deck has 48 cards; a Knight deck has exactly 50"]


def test_level_cap(check):
    assert check(deck("apprentice", **KNIGHT_50)) == [
        "3:1: the deck's total level is 68, over the Apprentice's level cap of 50"
    ]


def test_solo_only_cards_are_not_for_players(check):
    text = deck(**{**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 1, "SOLO-GOLDEN-KNIGHT": 1})
    assert check(text) == [
        "17:12: card 'SOLO-GOLDEN-KNIGHT' (Golden Knight (solo version)) is a solo-mode rift card; a player deck cannot use it"
    ]


def test_a_deck_entry_needs_a_count(check):
    assert check("name: d\nruler: knight\ncards:\n  - {card: PROV-001}\n") == ["4:5: missing required field 'count'"]


@pytest.fixture
def extra_pool():
    return load_card_pool([DATA / "extra-cards.yaml"])


def deck_findings(write, pool, ruler: str = "knight", **counts: int) -> list[str]:
    path = write(deck(ruler, **counts))
    with pytest.raises(DataErrors) as caught:
        load_deck(path, pool=pool)
    return [str(e).removeprefix(path + ":") for e in caught.value.errors]


def test_banned_card_by_number(write, extra_pool):
    counts = {**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 1, "2021GB02-092": 1}
    assert deck_findings(write, extra_pool, **counts) == [
        "17:12: card '2021GB02-092' (Holy Grail Goddess) is banned in solo mode"
    ]


def test_banned_card_by_name(write, extra_pool):
    counts = {**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 1, "TEST-GRAIL": 1}
    assert deck_findings(write, extra_pool, **counts) == [
        "17:12: card 'TEST-GRAIL' (grail lady) is banned in solo mode (same name as 2021GB02-092)"
    ]


def test_copies_count_by_name_across_card_numbers(write, extra_pool):
    counts = {**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 0, "TEST-TWIN-A": 3, "TEST-TWIN-B": 3, "PROV-001": 0}
    counts = {k: v for k, v in counts.items() if v}
    assert deck_findings(write, extra_pool, **counts) == [
        "16:12: 6 copies of 'Twin Blade' (TEST-TWIN-B): at most 4 per name under the Knight"
    ]


def test_legendary_copies(write, extra_pool):
    counts = {**KNIGHT_50, "PRERELEASE-CRIMSON-SYLTIS": 0, "TEST-LEGEND-A": 2}
    counts = {k: v for k, v in counts.items() if v}
    assert deck_findings(write, extra_pool, **counts) == [
        "16:12: 2 copies of legendary 'Legend A' (TEST-LEGEND-A): at most 1 per legendary name under the Knight"
    ]


def test_legendary_names(write, extra_pool):
    counts = {
        **KNIGHT_50,
        "PRERELEASE-CRIMSON-SYLTIS": 0,
        "PROV-001": 3,
        "TEST-LEGEND-A": 1,
        "TEST-LEGEND-B": 1,
        "TEST-LEGEND-C": 1,
    }
    counts = {k: v for k, v in counts.items() if v}
    assert deck_findings(write, extra_pool, **counts) == [
        "3:1: 3 legendary names (Legend A, Legend B, Legend C): at most 2 under the Knight"
    ]


def test_cnt_cap(write, extra_pool):
    counts = {"TEST-CNT-1": 4, "TEST-CNT-2": 4, "TEST-CNT-3": 4, "TEST-CNT-4": 4, "TEST-CNT-5": 1,
              "PROV-001": 4, "PROV-002": 4, "PROV-003": 4, "PROV-004": 4, "PROV-005": 4, "PROV-006": 4,
              "PROV-007": 4, "PROV-008": 4, "PROV-009": 1}  # fmt: skip
    assert deck_findings(write, extra_pool, "wizard", **counts) == [
        "3:1: the deck has 17 CNT cards, over the Wizard's CNT cap of 16"
    ]


# ---------------------------------------------------------------------------
# Collections


def test_a_valid_collection_has_no_findings(check):
    assert check("name: binder\nowned:\n  - {card: PROV-001, count: 4}\n  - {card: PROV-010, count: 9}\n") == []


def test_a_collection_names_known_cards(check):
    assert check("owned:\n  - {card: PROV-O10, count: 4}\n") == [
        "2:12: unknown card 'PROV-O10' (did you mean PROV-010?)"
    ]


def test_a_collection_cannot_hold_rift_cards(check):
    solo = next(c for c in load_card_pool() if c.solo_only)
    assert check(f"owned:\n  - {{card: {solo.id}, count: 1}}\n") == [
        f"2:12: card {solo.id!r} ({solo.name}) is a solo-mode rift card; a player cannot own it"
    ]


def test_a_collection_owns_at_least_one_copy_of_each_card_it_lists(check):
    assert check("owned:\n  - {card: PROV-001, count: 0}\n") == ["2:29: 'count' must be at least 1 (got 0)"]


def test_a_collection_lists_a_card_once(check):
    assert check("owned:\n  - {card: PROV-001, count: 1}\n  - {card: PROV-001, count: 2}\n") == [
        "3:12: card 'PROV-001' listed twice (first at line 2)"
    ]


def test_a_collection_file_has_only_its_own_keys(check):
    assert check("owned: []\ncards: []\n") == ["2:1: unknown key 'cards'"]
