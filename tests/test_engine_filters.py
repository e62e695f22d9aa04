"""Mechanic 1: attributes, factions and filters, in targets and continuous effects.

A filter is data compiled once at load (gateruler/engine/filters.py); the
cards here are written in YAML as an author writes them and read by the real
loader (factories.yaml_cards).
"""

from __future__ import annotations

import attrs
import pytest
from factories import FILLER, board_ids, find_iid, game, iids, play, summon, unit, yaml_cards, yaml_event

from gateruler.engine import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER, PLAYER, Choose, PlayEvent, PlayField
from gateruler.engine.targets import word_target

P, I = PLAYER, INVADER

UNITS = yaml_cards(
    """
    - {id: CUB, name: forest cub, type: unit, level: 0, atk: 1, hp: 2, stk: 1, attributes: [Beast], faction: 東妖軍, provenance: provisional}
    - {id: WOLF, name: grey wolf, type: unit, level: 1, atk: 3, hp: 3, stk: 1, attributes: [Beast], keywords: [pierce], provenance: provisional}
    - {id: DRAKE, name: red drake, type: unit, level: 2, atk: 4, hp: 4, stk: 2, attributes: [Dragon], faction: 東妖軍, provenance: provisional}
    - {id: KNIGHT, name: Dark Knight Dista, names: {zh: 黑暗骑士迪斯塔}, type: unit, level: 3, atk: 2, hp: 9, stk: 1, attributes: [Military], provenance: provisional}
    """
)


def _modified(g, side: int) -> list[str]:
    """The units of `side` whose ATK the test's +1 ATK event changed, by card id."""
    return [g.card(e[3]).id for e in g.log if e[1] == "modify" and e[2] == side]


# ---------------------------------------------------------------------- targets


def test_a_chosen_target_with_a_filter_offers_only_the_units_it_matches() -> None:
    purge = yaml_event("PURGE", "{effect: destroy, target: {choose: 1, filter: {side: enemy, level: {max: 1}}}}")
    g = game(cards=[purge, *UNITS], player=["PURGE"], rift=["CUB", "DRAKE", "WOLF"], drives=3)
    play(g, "PURGE")
    assert g.legal_actions() == [Choose(I, ATTACK_LEFT), Choose(I, DEFENSE)]  # the level 2 drake is no candidate
    g.apply(Choose(I, DEFENSE))
    assert board_ids(g, I) == ["CUB", "DRAKE", None]


def test_an_event_whose_filtered_target_matches_no_unit_cannot_be_played() -> None:
    purge = yaml_event("PURGE", "{effect: destroy, target: {choose: 1, filter: {side: enemy, attribute: Beast}}}")
    g = game(cards=[purge, *UNITS], player=["PURGE"], rift=["DRAKE"], drives=1)
    assert not any(isinstance(a, PlayEvent) for a in g.legal_actions())


def test_an_all_target_acts_on_every_matching_unit_on_both_sides() -> None:
    hunt = yaml_event("HUNT", "{effect: damage, target: {all: {attribute: Beast}}, amount: 1}")
    g = game(cards=[hunt, *UNITS], player=["HUNT", "WOLF"], rift=["CUB", "DRAKE"], drives=2)
    summon(g, "WOLF", DEFENSE)
    play(g, "HUNT")
    hit = [g.card(e[3]).id for e in g.log if e[1] == "damage_unit"]
    assert hit == ["WOLF", "CUB"]  # the controller's side first; the drake is no Beast
    assert g.unit_at(I, ATTACK_RIGHT).damage == 0


def test_the_old_target_words_are_shorthands_for_filters() -> None:
    a = yaml_event("WORD", "{effect: damage, target: enemy_unit, amount: 1}")
    b = yaml_event("SPELLED", "{effect: damage, target: {choose: 1, filter: {side: enemy}}, amount: 1}")
    word, spelled = a.abilities[0].effects[0].target, b.abilities[0].effects[0].target
    assert word is word_target("enemy_unit")
    assert (word.filter.side, word.filter.zones, word.filter.test, word.count) == (
        spelled.filter.side,
        spelled.filter.zones,
        spelled.filter.test,
        spelled.count,
    )
    g = game(cards=[a, b, *UNITS], player=["WORD", "SPELLED"], rift=["CUB", "DRAKE"], drives=2)
    play(g, "WORD")
    offered = g.legal_actions()
    g.apply(offered[0])
    play(g, "SPELLED")
    assert g.legal_actions() == offered


# ---------------------------------------------------------------------- the properties


def rally(filter_: str) -> object:
    return yaml_event("RALLY", f"{{effect: modify, target: {{all: {filter_}}}, atk: 1}}")


@pytest.mark.parametrize(
    ("filter_", "player_units", "rift_units"),
    [
        ("{side: own}", ["CUB", "WOLF"], []),
        ("{side: enemy, attribute: Dragon}", [], ["DRAKE"]),
        ("{faction: 東妖軍}", ["CUB"], ["DRAKE"]),
        ("{keyword: pierce}", ["WOLF"], []),
        ("{type: unit, level: {min: 1, max: 2}}", ["WOLF"], ["DRAKE"]),
        ("{cost: 0}", ["CUB"], []),
        ("{name: dark knight dista}", [], ["KNIGHT"]),
        ("{name: 黑暗骑士迪斯塔}", [], ["KNIGHT"]),
        ("{name_contains: Knight}", [], ["KNIGHT"]),
        ("{hp: {min: 4}}", [], ["DRAKE", "KNIGHT"]),
        ("{or: [{attribute: Beast}, {attribute: Dragon}]}", ["CUB", "WOLF"], ["DRAKE"]),
        ("{and: [{attribute: Beast}, {level: 1}]}", ["WOLF"], []),
        ("{side: any, not: {attribute: Beast}}", [], ["DRAKE", "KNIGHT"]),
    ],
)
def test_filters_match_by_side_attribute_faction_keyword_type_level_cost_name_stats_and_combinations(
    filter_: str, player_units: list[str], rift_units: list[str]
) -> None:
    g = game(cards=[rally(filter_), *UNITS], player=["CUB", "WOLF", "RALLY"], rift=["DRAKE", "KNIGHT"], drives=2)
    summon(g, "CUB", ATTACK_LEFT)
    summon(g, "WOLF", DEFENSE)
    play(g, "RALLY")
    assert (_modified(g, P), _modified(g, I)) == (player_units, rift_units)


PRINTED_IN_JAPANESE = yaml_cards(
    """
    - {id: TROOPER, name: trooper, type: unit, level: 0, atk: 1, hp: 2, stk: 1, attributes: [ミリタリー], faction: 東妖軍, provenance: provisional}
    """
)


@pytest.mark.parametrize(
    ("filter_", "player_units", "rift_units"),
    [
        ("{attribute: ミリタリー}", ["TROOPER"], ["KNIGHT"]),
        ("{attribute: Military}", ["TROOPER"], ["KNIGHT"]),
        ("{attribute: military}", ["TROOPER"], ["KNIGHT"]),
        ("{attribute: ビースト}", ["CUB"], []),
        ("{faction: Yomajin Front}", ["CUB", "TROOPER"], ["DRAKE"]),
        ("{attribute: Golem}", [], []),
    ],
)
def test_an_attribute_or_a_faction_matches_by_any_of_its_names_in_any_language(
    filter_: str, player_units: list[str], rift_units: list[str]
) -> None:
    g = game(
        cards=[rally(filter_), *UNITS, *PRINTED_IN_JAPANESE],
        player=["CUB", "TROOPER", "RALLY"],
        rift=["DRAKE", "KNIGHT"],
        drives=2,
    )
    summon(g, "CUB", ATTACK_LEFT)
    summon(g, "TROOPER", DEFENSE)
    play(g, "RALLY")
    assert (_modified(g, P), _modified(g, I)) == (player_units, rift_units)


def test_state_filters_tell_acted_from_rested_units() -> None:
    g = game(cards=[rally("{side: own, state: rest}"), *UNITS], player=["CUB", "WOLF", "RALLY"], rift=[], drives=0)
    summon(g, "CUB", ATTACK_LEFT)
    summon(g, "WOLF", ATTACK_RIGHT)
    g.sides[P].board[ATTACK_LEFT].rested = True
    play(g, "RALLY")
    assert _modified(g, P) == ["CUB"]


def test_stat_filters_read_a_units_current_stats_on_the_board() -> None:
    boost = yaml_event("BOOST", "{effect: modify, target: own_unit, atk: 5}")
    strong = yaml_event("RALLY", "{effect: modify, target: {all: {side: own, atk: {min: 5}}}, hp: 1}")
    g = game(cards=[boost, strong, *UNITS], player=["CUB", "WOLF", "BOOST", "RALLY"])
    summon(g, "CUB", ATTACK_LEFT)
    summon(g, "WOLF", ATTACK_RIGHT)
    play(g, "BOOST")
    g.apply(Choose(P, ATTACK_LEFT))  # the cub's ATK 1 becomes 6
    play(g, "RALLY")
    assert (g.hp(P, ATTACK_LEFT), g.hp(P, ATTACK_RIGHT)) == (2 + 1, 3)  # only the cub has ATK 5 or more now


# ---------------------------------------------------------------------- continuous effects

FOREST = """
- id: FOREST
  name: forest of the slaughterers
  type: field
  level: 0
  provenance: provisional
  abilities:
    - trigger: continuous
      effects:
        - {effect: modify, target: {all: {side: own, attribute: Beast}}, atk: 1, hp: 1}
- id: BURN
  name: forest fire
  type: event
  level: 0
  provenance: provisional
  abilities:
    - trigger: on_play
      effects:
        - {effect: destroy, target: {all: {side: own, zone: field_zone}}}
"""


def test_your_beasts_get_plus_one_plus_one_while_the_field_is_in_play() -> None:
    forest, burn = yaml_cards(FOREST)
    g = game(cards=[forest, burn, *UNITS], player=["FOREST", "WOLF", "CUB"], rift=["CUB"], drives=1)
    summon(g, "WOLF", ATTACK_LEFT)
    g.apply(PlayField(find_iid(g, P, "hand", "FOREST")))
    summon(g, "CUB", ATTACK_RIGHT)  # a Beast that arrives later gets it too
    assert [(g.atk(P, s), g.hp(P, s)) for s in (ATTACK_LEFT, ATTACK_RIGHT)] == [(4, 4), (2, 3)]
    assert (g.atk(I, ATTACK_LEFT), g.hp(I, ATTACK_LEFT)) == (1, 2)  # the enemy's Beast does not


def test_copies_of_a_continuous_field_stack() -> None:
    forest, burn = yaml_cards(FOREST)
    g = game(cards=[forest, burn, *UNITS], player=["FOREST", "FOREST", "WOLF"])
    summon(g, "WOLF", ATTACK_LEFT)
    g.apply(PlayField(find_iid(g, P, "hand", "FOREST")))
    g.apply(PlayField(find_iid(g, P, "hand", "FOREST")))
    assert (g.atk(P, ATTACK_LEFT), g.hp(P, ATTACK_LEFT)) == (5, 5)


def test_a_unit_left_with_damage_at_least_its_hp_when_the_field_leaves_is_destroyed() -> None:
    """CR 2-11c: a unit at HP 6 thanks to a +1 field with 5 damage is destroyed when the field leaves."""
    forest, burn = yaml_cards(FOREST)
    big = attrs.evolve(unit("BIGBEAST", 0, 1, 5, 1), attributes=("Beast",))
    g = game(cards=[forest, burn, big], player=["FOREST", "BIGBEAST", "BURN"])
    summon(g, "BIGBEAST", ATTACK_LEFT)
    g.apply(PlayField(find_iid(g, P, "hand", "FOREST")))
    g.sides[P].board[ATTACK_LEFT].damage = 5
    g.rules_processing()
    assert g.hp(P, ATTACK_LEFT) == 6 and g.unit_at(P, ATTACK_LEFT) is not None
    play(g, "BURN")
    assert g.unit_at(P, ATTACK_LEFT) is None
    assert iids(g, P, "graveyard") == ["BURN", "FOREST", "BIGBEAST"]


def test_a_filter_reads_the_printed_numbers_of_cards_off_the_board() -> None:
    count_them = yaml_event(
        "RECKON",
        "{effect: draw, target: controller, amount: 1, if: {count: {side: own, zone: graveyard, atk: {min: 3}}, min: 2}}",
    )
    g = game(cards=[count_them, *UNITS], player=["RECKON", FILLER, "WOLF", "DRAKE", "CUB"])
    s = g.sides[P]
    for card_id in ("WOLF", "DRAKE", "CUB"):
        iid = find_iid(g, P, "hand", card_id)
        s.hand.remove(iid)
        s.graveyard.append(iid)
    hand = len(s.hand)
    play(g, "RECKON")  # wolf (ATK 3) and drake (ATK 4) count; the cub (ATK 1) does not
    assert len(s.hand) == hand - 1 + 1, "it drew a card"


def test_a_soul_filter_reads_the_soul_a_field_card_holds_now_each_time_it_is_asked() -> None:
    # the printed properties of a card off the board are the same all game, and filters.kept_off_board remembers
    # them; the soul a field card holds is not printed and changes
    reckon = yaml_event(
        "RECKON",
        "{effect: draw, target: controller, amount: 1, if: {count: {side: own, zone: field_zone, soul: {min: 1}}, min: 1}}",
    )
    grove = yaml_cards("- {id: GROVE, name: grove, type: field, level: 0, provenance: provisional}")
    g = game(cards=[reckon, *grove, *UNITS], player=["RECKON", "RECKON", "GROVE", "CUB", FILLER, FILLER])
    s = g.sides[P]
    field = find_iid(g, P, "hand", "GROVE")
    s.hand.remove(field)
    s.field.append(field)
    hand = len(s.hand)
    play(g, "RECKON")  # the grove holds no soul: no draw
    assert len(s.hand) == hand - 1
    cub = find_iid(g, P, "hand", "CUB")
    s.hand.remove(cub)
    g.put_soul(P, field, cub, "hand")
    play(g, "RECKON")  # now it holds one
    assert len(s.hand) == hand - 1 - 1 - 1 + 1
