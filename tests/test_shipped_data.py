"""The shipped data says what the seed (solo-mode.md) and cards.md say, and validates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from factories import game, knight

import gateruler
from gateruler import loader
from gateruler.engine import ATTACK_LEFT, DONE, PLAYER, Attack, GoToAttack, PlayField, Summon
from gateruler.engine.keywords import OPEN_CARD, PIERCE
from gateruler.engine.targets import word_target
from gateruler.engine.triggers import CNT, ON_ATTACK, ON_ENTER
from gateruler.loader import (
    CARDS_DIR,
    DECKS_DIR,
    INVADER_DECKS_DIR,
    RULERS_DIR,
    load_card_pool,
    load_level,
    load_rulers,
    validate_file,
)
from gateruler.validation import level_figures, load_banned
from gateruler.vocabulary import CardType, Provenance, SpecialRuleKind

MOTH, DISTA, DEVOURER, TITAN, VAHA = "2020GB01-127", "2020GB01-020", "2020GB01-126", "2021GB02-122", "2020GB01-125"
BONE, SWORD, END = "2020GB01-123", "2020GB01-124", "2021GB02-002"
SHARP, NETHER, WEEPING = "2020GS02-006", "2020GS02-005", "2021GB02-019"
BEHEMOTH, SHISHIN, CTHULHU, HASTUR = "2021GB02-029", "2020GB01-004", "2021GB02-117", "2021GB02-118"
NYARL, MEGIDDO, GOLD, SILVER = "SOLO-NYARLATHOTEP", "SOLO-MEGIDDO", "SOLO-GOLDEN-KNIGHT", "SOLO-SILVER-KNIGHT"

# The seed's six levels: name, zh, HP, ATK, STK, pierce, drives, stated (deck, total level, CNT), list.
SEED = {
    1: ("Vanguard", "尖兵", 15, 4, 3, False, 2, (50, 50, 0),
        [(MOTH, 10), (DISTA, 10), (DEVOURER, 10), (TITAN, 10), (VAHA, 10)]),
    2: ("Black Knight Army", "漆黑骑士军", 16, 5, 3, False, 2, (50, 50, 0),
        [(END, 10), (SHARP, 10), (NETHER, 10), (WEEPING, 10), (DISTA, 10)]),
    3: ("Regular Army", "正规军", 13, 5, 3, True, 2, (50, 70, 14),
        [(MOTH, 8), (DEVOURER, 10), (TITAN, 8), (VAHA, 10), (BONE, 6), (SWORD, 8)]),
    4: ("Hot Zone", "热点区域", 15, 5, 3, True, 2, (50, 87, 14),
        [(BEHEMOTH, 6), (SHISHIN, 6), (MOTH, 8), (DEVOURER, 8), (TITAN, 8), (BONE, 7), (SWORD, 7)]),
    5: ("The Evil Gods Come", "邪神袭来", 16, 7, 3, True, 2, (50, 94, 16),
        [(BEHEMOTH, 2), (CTHULHU, 6), (HASTUR, 6), (NYARL, 6), (DEVOURER, 6), (TITAN, 8), (MOTH, 8), (BONE, 7), (SWORD, 7)]),
    6: ("Nightmare Battlefield", "噩梦的战场", 15, 7, 3, True, 3, (50, 90, 18),
        [(MEGIDDO, 6), (GOLD, 6), (SILVER, 6), (NYARL, 6), (DEVOURER, 8), (TITAN, 6), (MOTH, 8), (SWORD, 6)]),
}  # fmt: skip

SHIPPED_FILES = sorted(
    [
        *INVADER_DECKS_DIR.glob("level-*.yaml"),
        *CARDS_DIR.glob("*.yaml"),
        *RULERS_DIR.glob("*.yaml"),
        *DECKS_DIR.glob("*.yaml"),
    ]
)


@pytest.fixture(scope="module")
def pool():
    return load_card_pool()


@pytest.mark.parametrize("number", SEED)
def test_level_is_the_seeds(number):
    name, zh, hp, atk, stk, pierce, drives, stated, cards = SEED[number]
    level = load_level(number)
    assert (level.name, level.names["zh"], level.hp, level.atk, level.stk) == (name, zh, hp, atk, stk)
    assert (PIERCE in level.keywords, level.drives_per_turn) == (pierce, drives)
    assert (level.stated.deck_size, level.stated.total_level, level.stated.cnt_cards) == stated
    assert [(e.card, e.count) for e in level.cards] == cards


def test_special_rules_are_the_seeds():
    def rules(number):
        return [(r.kind, r.params) for r in load_level(number).special_rules]

    ignore_titan = (SpecialRuleKind.IGNORE_EFFECTS, {"card": TITAN})
    assert rules(1) == rules(3) == rules(6) == [ignore_titan]
    assert rules(2) == [
        (SpecialRuleKind.SACRIFICE_AT_START, {"card": END, "own_name_contains": "Dark Knight"}),
        (SpecialRuleKind.IGNORE_CNT, {"card": END}),
    ]
    assert rules(4) == [(SpecialRuleKind.DESTROY_ALL_ON_ENTER, {"card": SHISHIN}), ignore_titan]
    assert rules(5) == [
        (SpecialRuleKind.IGNORE_KEYWORD, {"card": CTHULHU, "keyword": "dormant"}),
        (SpecialRuleKind.DESTROY_ALL_ON_ENTER, {"card": SHISHIN}),
        ignore_titan,
        (SpecialRuleKind.SET_STATS, {"card": HASTUR, "stk": 2}),
    ]


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_levels_one_to_four_add_up_to_their_stated_figures(number, pool):
    level = load_level(number)
    figures = level_figures(level, pool)
    assert (figures.deck_size, figures.total_level, figures.cnt_cards) == SEED[number][7]
    assert level.acknowledged_discrepancies == frozenset()


def test_level_5_acknowledges_exactly_the_figures_that_differ(pool):
    level = load_level(5)
    figures = level_figures(level, pool)
    assert (figures.deck_size, figures.total_level, figures.cnt_cards) == (56, 121, 20)
    assert level.acknowledged_discrepancies == {"deck_size", "total_level", "cnt_cards", "unused_rules"}


def test_level_6_acknowledges_only_its_deck_size(pool):
    level = load_level(6)
    figures = level_figures(level, pool)
    assert (figures.deck_size, figures.total_level, figures.cnt_cards) == (52, 90, 18)
    assert level.acknowledged_discrepancies == {"deck_size"}


@pytest.mark.parametrize("path", SHIPPED_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_shipped_file_validates_without_errors(path):
    assert [str(f) for f in validate_file(path) if f.is_error] == []


def test_only_levels_5_and_6_have_warnings():
    warned = {Path(f.location.path).name for p in SHIPPED_FILES for f in validate_file(p)}
    assert warned == {"level-5.yaml", "level-6.yaml"}


def test_deduced_levels_are_the_unique_solution(pool):
    levels = {card_id: pool[card_id].level for card_id in (MOTH, DISTA, DEVOURER, TITAN, VAHA, BONE, SWORD)}
    assert levels == {MOTH: 2, DISTA: 0, DEVOURER: 1, TITAN: 0, VAHA: 2, BONE: 0, SWORD: 3}


def test_provisional_splits_keep_the_seeds_sums(pool):
    assert pool[END].level + pool[SHARP].level + pool[NETHER].level + pool[WEEPING].level == 5
    assert pool[BEHEMOTH].level + pool[SHISHIN].level == 7
    for card_id in (END, SHARP, NETHER, WEEPING, BEHEMOTH, SHISHIN, CTHULHU, HASTUR):
        assert pool[card_id].provenance is Provenance.PROVISIONAL


def test_cnt_cards_are_as_deduced(pool):
    with_cnt = {c.id for c in pool if c.has_cnt and not c.id.startswith("PROV-")}
    assert with_cnt == {BONE, SWORD, END, NYARL, MEGIDDO, "2020GB01-071", "NONUMBER-ABSOLUTE-BEARIA"}


def test_provisional_invader_stats_follow_one_rule(pool):
    """ATK = HP = level + 3; STK 1 at level <= 0, 2 at 1-3, 3 from 4 (Cthulhu: its reported 8/8/4)."""
    invader = [c for c in pool if c.location.path.endswith("invader.yaml")]
    assert len(invader) == 15
    for card in invader:
        if card.id == CTHULHU:
            assert (card.atk, card.hp, card.stk) == (8, 8, 4)
            continue
        stk = 1 if card.level <= 0 else 2 if card.level <= 3 else 3
        assert (card.atk, card.hp, card.stk) == (card.level + 3, card.level + 3, stk), card.id
        assert card.stats_provenance is Provenance.PROVISIONAL or card.provenance is Provenance.PROVISIONAL


@pytest.mark.parametrize(
    "card_id, level, atk, hp, stk",
    [(NYARL, 2, 5, 5, 2), (MEGIDDO, 4, 7, 6, 3), (GOLD, 1, 6, 2, 2), (SILVER, 1, 2, 6, 2)],
)
def test_solo_only_cards_are_the_seeds(pool, card_id, level, atk, hp, stk):
    card = pool[card_id]
    assert (card.level, card.atk, card.hp, card.stk) == (level, atk, hp, stk)
    assert card.provenance is Provenance.SEED and card.solo_only and not card.is_provisional


def test_solo_only_abilities(pool):
    nyarl = pool[NYARL]
    assert [(e.kind, e.target) for a in nyarl.abilities_for(ON_ENTER) for e in a.effects] == [
        ("destroy_set_cards", word_target("enemy_set_zones"))
    ]
    assert [e.kind for a in nyarl.abilities_for(CNT) for e in a.effects] == ["reuse_on_enter"]
    megiddo = pool[MEGIDDO]
    for trigger in (ON_ENTER, CNT):
        assert [(e.kind, e.target, e.amount) for a in megiddo.abilities_for(trigger) for e in a.effects] == [
            ("damage", word_target("enemy_ruler"), 2)
        ]


def test_published_player_cards(pool):
    assert (pool["TD01-013"].level, pool["TD01-013"].atk, pool["TD01-013"].hp, pool["TD01-013"].stk) == (3, 5, 4, 2)
    haunting = pool["2020GB01-071"]
    assert (haunting.type, haunting.level, haunting.has_cnt) == (CardType.EVENT, -5, True)
    assert OPEN_CARD in haunting.keywords
    syltis = pool["PRERELEASE-CRIMSON-SYLTIS"]
    assert (syltis.level, syltis.atk, syltis.hp, syltis.stk) == (2, 4, 5, 2)
    assert [(a.trigger, e.kind, e.amount) for a in syltis.abilities for e in a.effects] == [
        ("on_genesis_summon", "damage", 3)
    ]
    byakuya = pool["TRIAL-BYAKUYA"]
    assert (byakuya.level, byakuya.hp, byakuya.attributes, byakuya.markers) == (
        0,
        1,
        ("Military",),
        frozenset({"警戒"}),
    )
    assert (
        byakuya.keywords == frozenset()
        and byakuya.abilities == ()
        and byakuya.stats_provenance is Provenance.PROVISIONAL
    )


def test_the_known_parts_of_the_gods_and_the_invasion_rift(pool):
    hastur, cthulhu, rift = pool[HASTUR], pool[CTHULHU], pool["PROV-GB02-INVASION-RIFT"]
    assert [(e.kind, e.to, e.up_to) for a in hastur.abilities_for(ON_ENTER) for e in a.effects] == [
        ("search", "hand", True)  # a search may fail to find
    ]
    # its soul sacrifice: 1 or more soul cards of any of its side's cards, its damage rising with each (no cap)
    (sacrifice,) = hastur.abilities_for(ON_ATTACK)
    (spend,) = sacrifice.costs
    assert (spend.kind, spend.count, spend.or_more, spend.host, spend.bind) == ("soul", 1, True, "own", "sacrificed")
    assert [(e.kind, e.atk, e.stk, e.per) for e in sacrifice.effects] == [("modify", 1, 1, "sacrificed")]
    assert "破滅の使者" in hastur.attributes and "破滅の使者" in cthulhu.attributes
    # its attack restriction is its dormant: an attack cost of 1 soul card, written as the keyword's effect (rulings Z13, G5)
    assert [(a.trigger, a.keyword, [c.kind for c in a.costs], a.effects) for a in cthulhu.abilities] == [
        ("attack_cost", "dormant", ["soul"], ())
    ]
    assert (
        "dormant" not in cthulhu.keywords
    )  # dormant read as "cannot attack" (ruling 26) would contradict its attack cost
    assert [(a.trigger, e.kind) for a in rift.abilities for e in a.effects] == [
        ("start_of_turn", "add_soul"),
        ("start_of_turn", "damage"),  # the extra-copies penalty (its threshold and damage are ours)
    ]
    assert rift.type is CardType.FIELD and rift.is_provisional


# every real card number the project knows of (solo-mode.md and cards.md); anything else is ours
KNOWN_NUMBERS = {MOTH, DISTA, DEVOURER, TITAN, VAHA, BONE, SWORD, END, SHARP, NETHER, WEEPING,
                 BEHEMOTH, SHISHIN, CTHULHU, HASTUR, "TD01-013", "2020GB01-071"}  # fmt: skip
OUR_ID = re.compile(r"^(SOLO|PROV|PRERELEASE|NONUMBER|TRIAL)-[A-Z0-9-]+$")


def test_no_card_number_is_invented(pool):
    for card in pool:
        assert card.id in KNOWN_NUMBERS or OUR_ID.match(card.id), card.id


def test_provisional_player_cards_say_so(pool):
    for card in pool:
        if card.id.startswith("PROV-"):
            assert card.provenance is Provenance.PROVISIONAL and "(" not in card.name


def test_ban_list_is_the_seeds():
    assert [b.id for b in load_banned()] == [
        "2021GB02-092",
        "2020GB01-066",
        "2020GB01-076",
        "2020GB01-064",
        "2020GB01-068",
    ]
    assert [b.names for b in load_banned()] == [
        ("圣杯女神",),
        ("龙形决战兵器荒御锋",),
        ("2G网大虾",),
        ("神之容器",),
        ("樱花之魂",),
    ]


def test_knight_is_as_published():
    knight = load_rulers()["knight"]
    assert (knight.life, knight.atk, knight.stk, knight.energy, knight.opening_hand) == (11, 3, 3, 3, 4)
    assert (knight.turn_start_count, knight.first_turn_count, knight.summon_cap) == (2, 1, 2)
    assert knight.deck_rules.cnt_cap is None and knight.deck_rules.level_cap is None


def test_wizard_is_as_published():
    wizard = load_rulers()["wizard"]
    assert (wizard.life, wizard.atk, wizard.stk, wizard.energy_readied, wizard.deck_rules.cnt_cap) == (10, 2, 2, 2, 16)


@pytest.mark.parametrize("ruler", ["knight", "wizard", "apprentice"])
def test_each_ruler_has_a_legal_sample_deck(ruler):
    path = DECKS_DIR / f"{ruler}-sample.yaml"
    assert validate_file(path) == []
    assert "sample: true" in path.read_text(encoding="utf-8")


def test_invader_decks_dir_is_at_the_repo_top():
    assert INVADER_DECKS_DIR == Path(gateruler.__file__).parent.parent / "invader_decks"


def test_level_5s_cthulhu_attacks_without_paying_its_dormant_attack_cost(pool):
    from gateruler.special_rules import invader_definitions

    rift_cthulhu = invader_definitions(load_level(5), pool)[CTHULHU]
    assert rift_cthulhu.abilities == () and "dormant" not in rift_cthulhu.keywords


def test_hastur_spends_the_invasion_rifts_soul_and_its_damage_rises_with_each_card_without_a_cap() -> None:
    """cards.md: sacrificing Soul raises Hastur's damage, without a cap; the invasion rift builds up soul (rulings C10)."""
    shipped = loader.load_card_pool()
    hastur, rift = shipped[HASTUR], shipped["PROV-GB02-INVASION-RIFT"]
    g = game(cards=[hastur, rift], player=["PROV-GB02-INVASION-RIFT", HASTUR], ruler=knight(energy=9))
    g.apply(PlayField(next(i for i in g.sides[PLAYER].hand if g.card(i).id == "PROV-GB02-INVASION-RIFT")))
    field = g.sides[PLAYER].field[0]
    g.sides[PLAYER].soul[field] = tuple(g.sides[PLAYER].deck[-4:])  # four turns' soul, built up
    del g.sides[PLAYER].deck[-4:]
    g.apply(Summon(next(i for i in g.sides[PLAYER].hand if g.card(i).id == HASTUR), ATTACK_LEFT))
    assert g.pending is None  # its search finds no field card in the deck
    g.apply(GoToAttack())
    g.apply(Attack(ATTACK_LEFT, 3))
    g.apply(g.legal_actions()[0])  # "you may": yes
    while g.pending is not None and g.pending.purpose == "cost":
        g.apply(next(a for a in g.legal_actions() if a != DONE))  # all four: no cap
    assert g.soul(PLAYER, field) == ()
    assert g.atk(PLAYER, ATTACK_LEFT) == hastur.atk + 4 and g.stk(PLAYER, ATTACK_LEFT) == hastur.stk + 4


def test_a_provisional_shipped_card_is_named_plainly_in_a_deck(tmp_path: Path) -> None:
    """Provisional is the card's provenance, shown beside its name, not part of it (issue 26)."""
    from gateruler.reading.decks import parse_deck
    from gateruler.validation import resolve_deck
    from gateruler.yamlsrc import parse_yaml

    entries = "".join(f"  - {{card: {name}, count: 4}}\n" for name in ("Flame Bolt", "shield sentry", "PROV-008"))
    deck = parse_deck(parse_yaml(f"name: plain\nruler: knight\ncards:\n{entries}", "plain.yaml"), "plain.yaml")
    pool = load_card_pool()
    resolved, findings = resolve_deck(deck, pool)
    assert findings == []
    assert [e.card for e in resolved.cards] == ["PROV-003", "PROV-001", "PROV-008"]
    assert all(pool[e.card].is_provisional for e in resolved.cards)
