"""Reading finished games' logs: which cards showed up and mattered, and what dealt the damage that lost them."""

from __future__ import annotations

import pytest

from gateruler import loader
from gateruler.batch import BatchSettings, GameSpec, play_recorded, run_batch
from gateruler.insight import (
    CardCounts,
    GameReading,
    Insight,
    SourceDamage,
    card_figures,
    damage_ranking,
    mean_turn,
    read_log,
)
from gateruler.stats import CLEARED, ERROR, LOST_DAMAGE, LOST_DECK_OUT, difference_interval

YOU, RIFT = 0, 1
# Instance ids of a small constructed game: the player's cards, then the rift's.
IDS = ("SWORD", "SWORD", "SHIELD", "BOLT", "NEVER", "R-DRAGON", "R-IMP", "R-CNT")
SWORD_A, SWORD_B, SHIELD, BOLT, NEVER, DRAGON, IMP, CNT_CARD = range(8)
OWNERS = (YOU,) * 5 + (RIFT,) * 3
RIFT_RULER = -1
DECK = (("SWORD", 2), ("SHIELD", 1), ("BOLT", 1), ("NEVER", 1))


def read(*entries: tuple) -> GameReading:
    return read_log(entries, IDS, OWNERS)


def reading(seen: dict[str, int] | None = None, played: tuple[str, ...] = (), **kwargs: object) -> GameReading:
    """A reading as read_log makes it: a card first seen on turn 0 here was in the opening hand."""
    seen = seen or {}
    opening = frozenset(card for card, turn in seen.items() if turn == 0)
    return GameReading(seen, frozenset(played), kwargs.get("damage", {}), kwargs.get("last_damage"), opening)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- one game's log


def test_a_card_is_seen_when_a_copy_is_drawn_or_driven_on_the_player_turn_of_its_first_sight() -> None:
    got = read(
        (0, "draw", YOU, SHIELD),  # the opening hand: turn 0
        (4, "draw", YOU, SWORD_B),  # game turn 4 is the player's second turn
        (6, "drive", YOU, SWORD_A),  # a second copy later changes nothing
        (7, "drive", RIFT, DRAGON),  # the rift's drives are not the player's cards
        (1, "draw", YOU, BOLT),  # drawn in the rift's first turn: turn 0, but not the opening hand
    )
    assert got.first_seen == {"SHIELD": 0, "SWORD": 2, "BOLT": 0}
    assert got.opening == {"SHIELD"}


def test_a_card_a_search_or_a_look_finds_is_seen_then() -> None:
    got = read((4, "look", YOU, BOLT), (4, "found", YOU, SHIELD, "hand"), (6, "found", YOU, BOLT, "hand"))
    assert got.first_seen == {"SHIELD": 2, "BOLT": 3}  # a card only looked at is not seen: it was not taken


def test_a_card_is_played_when_summoned_used_set_or_put_in_the_field_zone() -> None:
    got = read(
        (2, "draw", YOU, SWORD_A),
        (2, "draw", YOU, BOLT),
        (2, "draw", YOU, SHIELD),
        (2, "summon", YOU, SWORD_A, 0),
        (2, "set", YOU, BOLT, 0),
        (3, "summon", RIFT, DRAGON, 0),
    )
    assert got.played == {"SWORD", "BOLT"}
    assert "SHIELD" not in got.played


def test_battle_damage_to_the_player_is_the_attackers_and_only_cards_to_the_damage_zone_count() -> None:
    got = read(
        (3, "attack", RIFT, DRAGON, 3, -1),
        (3, "ruler_damage", YOU, 3, True, DRAGON, "attack"),
        (3, "check", YOU, SWORD_A, "damage", 1, 3),
        (3, "check", YOU, SHIELD, "cnt", 2, 3),  # a CNT card cancels its point
        (3, "check", YOU, BOLT, "damage", 3, 3),
        (3, "attack", RIFT, RIFT_RULER, 3, -1),
        (3, "ruler_damage", YOU, 1, True, RIFT_RULER, "attack"),
        (3, "check", YOU, NEVER, "damage", 1, 1),
    )
    assert got.damage == {(RIFT, "R-DRAGON"): (2, 0), (RIFT, None): (1, 0)}
    assert got.last_damage == (RIFT, None)


def test_effect_damage_is_the_card_the_entry_names() -> None:
    got = read(
        (3, "attack", RIFT, DRAGON, 3, -1),
        (3, "ruler_damage", YOU, 1, True, DRAGON, "attack"),
        (3, "check", YOU, SWORD_A, "damage", 1, 1),
        (5, "summon", RIFT, IMP, 0),
        (5, "ability", RIFT, IMP, "on_enter"),
        (5, "ruler_damage", YOU, 2, False, IMP, "on_enter"),
        (5, "check", YOU, SWORD_B, "damage", 1, 2),
        (5, "check", YOU, BOLT, "damage", 2, 2),
    )
    assert got.damage == {(RIFT, "R-DRAGON"): (1, 0), (RIFT, "R-IMP"): (0, 2)}


def test_effect_damage_after_another_ability_announced_is_still_its_own_cards() -> None:
    # The imp's ability destroys the player's shield first, whose on_destroyed is announced; then the imp's damage.
    got = read(
        (5, "ability", RIFT, IMP, "on_enter"),
        (5, "destroy", YOU, SHIELD, IMP, "on_enter"),
        (5, "ability", YOU, SHIELD, "on_destroyed"),
        (5, "ruler_damage", YOU, 1, False, IMP, "on_enter"),
        (5, "check", YOU, SWORD_B, "damage", 1, 1),
    )
    assert got.damage == {(RIFT, "R-IMP"): (0, 1)}


def test_damage_whose_entry_names_no_dealer_is_put_down_to_nobody() -> None:
    got = read((5, "ruler_damage", YOU, 1, False, None, None), (5, "check", YOU, SWORD_B, "damage", 1, 1))
    assert got.damage == {}


def test_damage_to_the_rift_is_not_damage_to_the_player() -> None:
    got = read(
        (2, "attack", YOU, SWORD_A, 3, -1),
        (2, "ruler_damage", RIFT, 1, True, SWORD_A, "attack"),
        (2, "check", RIFT, IMP, "damage", 1, 1),
    )
    assert got.damage == {} and got.last_damage is None


def test_a_cnt_revealed_in_a_check_resolves_its_damage_before_the_rest_of_that_check() -> None:
    # The player attacks; the rift's first check reveals a CNT card that hits the
    # player for 1; then the player's attack's second check goes on.
    got = read(
        (4, "attack", YOU, SWORD_A, 3, -1),
        (4, "ruler_damage", RIFT, 2, True, SWORD_A, "attack"),
        (4, "check", RIFT, CNT_CARD, "cnt", 1, 2),
        (4, "ability", RIFT, CNT_CARD, "cnt"),
        (4, "ruler_damage", YOU, 1, False, CNT_CARD, "cnt"),
        (4, "check", YOU, SHIELD, "damage", 1, 1),
        (4, "check", RIFT, IMP, "damage", 2, 2),  # the attack's second check: not the player's damage
        (5, "attack", RIFT, DRAGON, 3, -1),
        (5, "ruler_damage", YOU, 1, True, DRAGON, "attack"),
        (5, "check", YOU, BOLT, "damage", 1, 1),
    )
    assert got.damage == {(RIFT, "R-CNT"): (0, 1), (RIFT, "R-DRAGON"): (1, 0)}


def test_checks_cut_short_by_the_end_of_the_game_leave_no_trace() -> None:
    got = read(
        (5, "ability", RIFT, IMP, "on_enter"),
        (5, "ruler_damage", YOU, 3, False, IMP, "on_enter"),
        (5, "check", YOU, SWORD_A, "damage", 1, 3),
        (5, "loss", YOU, "damage"),
        (5, "game_over", None, "invader"),
    )
    assert got.damage == {(RIFT, "R-IMP"): (0, 1)}
    assert got.last_damage == (RIFT, "R-IMP")


# ---------------------------------------------------------------------- sums over games


def test_a_card_that_always_wins_when_seen_has_a_clear_rate_of_one_when_seen_and_a_positive_difference() -> None:
    insight = Insight()
    for game in range(40):
        seen = game % 2 == 0  # BOLT shows up in every other game, and those are the clears
        insight.add(
            reading({"BOLT": 1, "SWORD": 0} if seen else {"SWORD": 0}, played=("BOLT",) if seen else ()),
            CLEARED if seen else LOST_DAMAGE,
            3,
        )
    bolt = next(f for f in card_figures(insight, DECK) if f.card == "BOLT")
    assert (bolt.seen, bolt.seen_cleared, bolt.not_seen, bolt.not_seen_cleared) == (20, 20, 20, 0)
    assert bolt.clear_rate_seen == 1.0 and bolt.clear_rate_not_seen == 0.0
    assert bolt.difference == 1.0
    assert bolt.difference95 == difference_interval(20, 20, 0, 20)
    assert bolt.difference95[0] > 0.5
    assert bolt.played_rate == 1.0 and bolt.mean_first_seen_turn == 1.0
    sword = next(f for f in card_figures(insight, DECK) if f.card == "SWORD")
    assert sword.copies == 2 and sword.seen == 40 and sword.not_seen == 0
    assert sword.difference is None and sword.difference95 is None  # nothing to compare with


def test_a_card_never_drawn_is_listed_with_nothing_seen_and_no_difference() -> None:
    insight = Insight()
    for outcome in (CLEARED, LOST_DAMAGE, LOST_DECK_OUT):
        insight.add(reading({"SWORD": 0}), outcome, 4)
    never = next(f for f in card_figures(insight, DECK) if f.card == "NEVER")
    assert (never.seen, never.not_seen, never.not_seen_cleared, never.played) == (0, 3, 1, 0)
    assert never.clear_rate_seen is None and never.clear_rate_not_seen == pytest.approx(1 / 3)
    assert never.difference is None and never.played_rate is None and never.mean_first_seen_turn is None


def test_cards_are_listed_in_deck_order_with_their_copies_added_up() -> None:
    figures = card_figures(Insight(), (("SWORD", 2), ("BOLT", 1), ("SWORD", 1)))
    assert [(f.card, f.copies) for f in figures] == [("SWORD", 3), ("BOLT", 1)]


def test_games_are_counted_by_how_and_on_which_turn_they_ended() -> None:
    insight = Insight()
    for outcome, turns in ((CLEARED, 3), (CLEARED, 3), (CLEARED, 5), (LOST_DAMAGE, 4), (LOST_DECK_OUT, 20)):
        insight.add(reading(), outcome, turns)
    assert insight.end_turns == {CLEARED: {3: 2, 5: 1}, LOST_DAMAGE: {4: 1}, LOST_DECK_OUT: {20: 1}}
    assert mean_turn(insight.end_turns[CLEARED]) == pytest.approx(11 / 3)
    assert mean_turn({}) is None
    assert (insight.games, insight.cleared) == (5, 3)


def test_the_final_blow_is_counted_only_in_games_lost_to_damage() -> None:
    insight = Insight()
    dragon, imp = (RIFT, "R-DRAGON"), (RIFT, "R-IMP")
    insight.add(reading(damage={dragon: (5, 0), imp: (0, 2)}, last_damage=imp), LOST_DAMAGE, 4)
    insight.add(reading(damage={dragon: (3, 0)}, last_damage=dragon), CLEARED, 5)
    assert insight.damage == {dragon: SourceDamage(8, 0, 0), imp: SourceDamage(0, 2, 1)}
    assert [source for source, _ in damage_ranking(insight)] == [dragon, imp]


def test_a_game_that_raised_cannot_be_counted() -> None:
    with pytest.raises(ValueError):
        Insight().add(reading(), ERROR, 0)


def test_sums_merged_in_any_order_give_the_same_total() -> None:
    games = [
        (
            reading(
                {"SWORD": 0, "BOLT": 2}, played=("SWORD",), damage={(RIFT, None): (3, 0)}, last_damage=(RIFT, None)
            ),
            LOST_DAMAGE,
            3,
        ),
        (reading({"SHIELD": 1}, played=("SHIELD",)), CLEARED, 4),
        (reading({"BOLT": 0}, damage={(RIFT, "R-IMP"): (0, 1)}), CLEARED, 2),
    ]
    parts = []
    for one in games:
        part = Insight()
        part.add(*one)
        parts.append(part)
    forward, backward, whole = Insight(), Insight(), Insight()
    for part in parts:
        forward.merge(part)
    for part in reversed(parts):
        backward.merge(part)
    for one in games:
        whole.add(*one)
    assert forward == backward == whole
    assert whole.cards["BOLT"] == CardCounts(
        seen=2, seen_cleared=1, played=0, first_seen_turns=2, opening=1, opening_cleared=1
    )


# ---------------------------------------------------------------------- real games


def spec(level: int) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    lvl = loader.load_level(level)
    return GameSpec(deck, loader.load_rulers()[deck.ruler], lvl, pool.for_level(lvl), 200, level)


@pytest.mark.parametrize("level", [2, 4, 6])
def test_in_real_games_every_card_in_the_players_damage_zone_is_put_down_to_a_source(level: int) -> None:
    s = spec(level)
    for seed in range(6):
        game, _, error = play_recorded(s, seed, "greedy", seed, None)
        assert error is None and game is not None
        got = read_log(game.log, game.setup.card_ids, game.setup.owners)
        assert sum(b + e for b, e in got.damage.values()) == len(game.sides[YOU].damage_zone)
        if game.end_reason == "damage" and game.winner == "invader":
            assert got.last_damage is not None
        hand_and_board = {game.card(iid).id for iid in game.sides[YOU].hand}
        assert hand_and_board <= set(got.first_seen)


def test_a_batch_reads_every_finished_game_and_its_figures_agree_with_its_tally() -> None:
    level = run_batch([spec(2)], BatchSettings(seed=2, games=24)).levels[0]
    insight, tally = level.insight, level.tally
    assert insight.games == tally.games and insight.cleared == tally.cleared
    assert sum(insight.end_turns[CLEARED].values()) == tally.cleared
    assert sum(t * n for t, n in insight.end_turns[CLEARED].items()) == tally.clear_turns
    assert sum(d.final_blows for d in insight.damage.values()) == tally.lost_damage
    figures = card_figures(insight, [(e.card, e.count) for e in level.spec.deck.cards])
    assert all(f.seen + f.not_seen == tally.games for f in figures)
    assert any(f.seen for f in figures)


def test_the_opening_hand_difference_is_free_of_the_bias_of_long_games_seeing_more_cards() -> None:
    insight = Insight()
    for game in range(20):
        in_opening = game < 10
        cleared = game % 2 == 0  # half of each group clears
        if in_opening:
            seen = {"SHIELD": 0}
        else:
            seen = {"SHIELD": 3} if cleared else {}  # without it dealt, only the long (cleared) games reach it
        insight.add(reading(seen), CLEARED if cleared else LOST_DAMAGE, 4 if cleared else 2)
    shield = next(f for f in card_figures(insight, DECK) if f.card == "SHIELD")
    assert shield.difference == pytest.approx(10 / 15 - 0 / 5)  # seen at all: looks like a winner
    assert (shield.opening, shield.opening_cleared) == (10, 5)
    assert shield.clear_rate_opening == 0.5
    assert shield.opening_difference == 0.0  # dealt at random: it is worth nothing here
    assert shield.opening_difference95 == difference_interval(5, 10, 5, 10)
