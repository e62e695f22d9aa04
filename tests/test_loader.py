"""The loader's public API: what it returns, what it raises, what it caches."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from gateruler.engine.keywords import PIERCE
from gateruler.engine.targets import word_target
from gateruler.engine.triggers import ON_ENTER
from gateruler.errors import DataErrors, GateRulerError
from gateruler.loader import (
    INVADER_DECKS_DIR,
    file_kind,
    load_card_pool,
    load_deck,
    load_level,
    load_rulers,
    parse_cards,
    parse_deck,
    sample_deck_path,
    shipped_levels,
)
from gateruler.models import CostModel, DeckDef, DeckEntry, TurnStartKind
from gateruler.vocabulary import CardType, Provenance, SpecialRuleKind
from gateruler.yamlsrc import parse_yaml

DATA = Path(__file__).parent / "data"


def test_the_shipped_pool_is_read_once():
    assert load_card_pool()["2020GB01-127"] is load_card_pool()["2020GB01-127"]


def test_cards_become_card_defs_with_their_location():
    moth = load_card_pool()["2020GB01-127"]
    assert (moth.name, moth.type, moth.level, moth.names["zh"]) == ("omen moth", CardType.UNIT, 2, "预兆蛾")
    assert moth.provenance is Provenance.DEDUCED and moth.stats_provenance is Provenance.PROVISIONAL
    assert moth.location.path.endswith("invader.yaml") and moth.location.line > 1


def test_abilities_become_vocabulary_objects():
    megiddo = load_card_pool()["SOLO-MEGIDDO"]
    (on_enter,) = megiddo.abilities_for(ON_ENTER)
    (effect,) = on_enter.effects
    assert (effect.kind, effect.target, effect.amount) == ("damage", word_target("enemy_ruler"), 2)


def test_extra_card_files_add_to_the_shipped_pool():
    pool = load_card_pool([DATA / "extra-cards.yaml"])
    assert "TEST-LEGEND-A" in pool and "2020GB01-127" in pool
    assert "TEST-LEGEND-A" not in load_card_pool()


def test_parse_cards_structures_an_inline_list():
    node = parse_yaml("- {id: X-1, name: x, type: event, level: 0, provenance: provisional}\n", "scenario.yaml")
    (card,) = parse_cards(node, "scenario.yaml")
    assert (card.id, card.type, card.location.line) == ("X-1", CardType.EVENT, 1)


def test_cards_carry_their_printed_attributes_and_faction():
    node = parse_yaml(
        "- {id: X-1, name: x, type: event, level: 0, provenance: provisional, attributes: [Beast, Dragon], faction: 東妖軍}\n",
        "c.yaml",
    )
    (card,) = parse_cards(node, "c.yaml")
    assert (card.attributes, card.faction) == (("Beast", "Dragon"), "東妖軍")


@pytest.mark.parametrize(
    "attributes, message",
    [
        ("[Beast, Beast]", "c.yaml:1:90: attribute 'Beast' listed twice"),
        ("['  ']", "c.yaml:1:83: attribute must not be empty"),
        ("[3]", "c.yaml:1:83: 'attribute' must be a string (got an integer 3)"),
    ],
)
def test_an_attribute_listed_twice_empty_or_not_a_string_is_an_error(attributes, message):
    node = parse_yaml(
        f"- {{id: X-1, name: x, type: event, level: 0, provenance: provisional, attributes: {attributes}}}\n", "c.yaml"
    )
    with pytest.raises(DataErrors) as caught:
        parse_cards(node, "c.yaml")
    assert [str(e) for e in caught.value.errors] == [message]


def test_parse_cards_raises_every_error_at_once():
    node = parse_yaml("- {id: X-1, name: x, type: evnt, level: 0, provenance: provisional}\n- {id: X-2}\n", "s.yaml")
    with pytest.raises(DataErrors) as caught:
        parse_cards(node, "s.yaml")
    assert len(caught.value.errors) == 5  # a bad type, then name/type/level/provenance missing


def test_rulers_are_keyed_by_id():
    rulers = load_rulers()
    assert set(rulers) == {"knight", "wizard", "apprentice"}
    knight = rulers["knight"]
    assert (knight.number, knight.life, knight.energy, knight.opening_hand, knight.first_turn_count) == (
        "K-11",
        11,
        3,
        4,
        1,
    )
    assert knight.cost_model is CostModel.ENERGY and knight.energy_readied is None
    apprentice = rulers["apprentice"]
    assert apprentice.turn_start is TurnStartKind.DRIVE and not apprentice.has_hand and apprentice.summon_cap is None
    assert apprentice.deck_rules.level_cap == 50


def test_load_level_by_number():
    level = load_level(3)
    assert (level.number, level.name, level.hp) == (3, "Regular Army", 13)
    assert PIERCE in level.keywords
    assert level.rules_of(SpecialRuleKind.IGNORE_EFFECTS)[0].param("card") == "2021GB02-122"


def test_load_level_by_path_and_by_digit_string():
    path = INVADER_DECKS_DIR / "level-2.yaml"
    assert load_level(path) == load_level(str(path)) == load_level("2") == load_level(2)


def test_a_level_outside_one_to_six_is_a_one_line_error():
    with pytest.raises(GateRulerError, match="there is no shipped level 7: the levels are 1 to 6"):
        load_level(7)


def test_load_level_raises_its_errors(tmp_path):
    path = tmp_path / "l.yaml"
    path.write_text((DATA / "level-unacknowledged.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_level(path)
    assert [str(e) for e in caught.value.errors] == [
        f"{path}:9:21: the list has 52 cards but the stated deck size is 50"
    ]


def test_load_level_keeps_warnings_quiet():
    level = load_level(5)  # three acknowledged discrepancies, one harmless rule
    assert level.deck_size == 56 and level.acknowledged_discrepancies == {
        "deck_size",
        "total_level",
        "cnt_cards",
        "unused_rules",
    }


def test_shipped_levels_are_one_to_six():
    assert [level.number for level in shipped_levels()] == [1, 2, 3, 4, 5, 6]


def test_sample_deck_path_and_load_deck():
    deck = load_deck(sample_deck_path())
    assert deck.ruler == "knight" and deck.sample and deck.size == 50


def test_sample_deck_for_an_unknown_ruler():
    with pytest.raises(
        GateRulerError, match=r"no sample deck for ruler 'berserker' \(there are: apprentice, knight, wizard\)"
    ):
        sample_deck_path("berserker")


def test_load_deck_raises_every_error(tmp_path):
    path = tmp_path / "d.yaml"
    path.write_text("name: d\nruler: knight\ncards:\n  - {card: PROV-001, count: 5}\n", encoding="utf-8")
    with pytest.raises(DataErrors) as caught:
        load_deck(path)
    assert [str(e) for e in caught.value.errors] == [
        f"{path}:4:12: 5 copies of 'Shield Sentry' (PROV-001): at most 4 per name under the Knight",
        f"{path}:3:1: the deck has 5 cards; a Knight deck has exactly 50",
    ]


@pytest.mark.parametrize(
    "text, kind",
    [
        ("level: 1\nhp: 3\ncards: []\n", "level"),
        ("ruler: knight\ncards: []\n", "deck"),
        ("life: 11\n", "ruler"),
        ("cards: []\n", "cards"),
        ("owned: []\n", "collection"),
        ("other: 1\n", None),
        ("- 1\n", None),
    ],
)
def test_file_kind_from_top_level_keys(text, kind):
    assert file_kind(parse_yaml(text, "f.yaml")) == kind


# -- round trip: generated decks survive YAML

_text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc", "Cn", "Zl", "Zp"), blacklist_characters="\ufeff"),
    min_size=1,
    max_size=20,
)
_entries = st.lists(
    st.builds(DeckEntry, card=_text, count=st.integers(1, 10)), min_size=1, max_size=15, unique_by=lambda e: e.card
)
_decks = st.builds(
    DeckDef,
    name=_text,
    ruler=_text,
    cards=_entries.map(tuple),
    sample=st.booleans(),
    description=st.one_of(st.just(""), _text),
)


def _as_yaml(deck: DeckDef) -> str:
    data = {
        "name": deck.name,
        "ruler": deck.ruler,
        "sample": deck.sample,
        "description": deck.description,
        "cards": [{"card": e.card, "count": e.count} for e in deck.cards],
    }
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


@settings(max_examples=60, deadline=None)
@given(_decks)
def test_decks_round_trip_through_yaml(deck):
    text = _as_yaml(deck)
    assert parse_deck(parse_yaml(text, "gen.yaml"), "gen.yaml") == deck


def test_round_trip_keeps_entry_lines():
    deck = DeckDef("d", "knight", (DeckEntry("A", 1), DeckEntry("B", 2)))
    parsed = parse_deck(parse_yaml(_as_yaml(deck), "gen.yaml"), "gen.yaml")
    assert [e.location.line for e in parsed.cards] == [6, 8]
    assert _as_yaml(deck).splitlines()[5] == "- card: A"
