"""Clear rates and their intervals: the published values, and tallies that add up in any order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateruler.stats import (
    CLEARED,
    DRAW_OTHER,
    DRAW_TURN_CAP,
    ERROR,
    LOST_DAMAGE,
    LOST_DECK_OUT,
    OUTCOMES,
    Tally,
    classify,
    difference_interval,
    mcnemar_p,
    paired_difference_interval,
    sign_test_p,
    wilson_interval,
)

# Newcombe (1998), "Two-sided confidence intervals for the single proportion",
# Statistics in Medicine 17:857-872, table I, method 3 (Wilson score, no
# continuity correction), and the textbook 8/10 and 5/10 examples.
WILSON_95 = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (8, 10, 0.4902, 0.9433),
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
]

# Newcombe (1998), "Interval estimation for the difference between
# independent proportions", Statistics in Medicine 17:873-890, table II,
# method 10 (hybrid score).
NEWCOMBE_95 = [
    ((56, 70, 48, 80), (0.0524, 0.3339)),
    ((9, 10, 3, 10), (0.1705, 0.8090)),
    ((5, 56, 0, 29), (-0.0381, 0.1926)),
    ((0, 10, 0, 20), (-0.1611, 0.2775)),
    ((10, 10, 0, 20), (0.6791, 1.0)),
]


@pytest.mark.parametrize(("successes", "n", "low", "high"), WILSON_95)
def test_the_wilson_interval_matches_published_values(successes: int, n: int, low: float, high: float) -> None:
    got = wilson_interval(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize(("counts", "expected"), NEWCOMBE_95)
def test_the_difference_interval_matches_published_values(
    counts: tuple[int, int, int, int], expected: tuple[float, float]
) -> None:
    assert difference_interval(*counts) == pytest.approx(expected, abs=5e-5)


@pytest.mark.parametrize(
    ("only_first", "only_second", "p"),
    [(1, 9, 22 / 1024), (9, 1, 22 / 1024), (0, 5, 2 / 32), (2, 10, 2 * 79 / 4096), (3, 3, 1.0), (0, 0, 1.0)],
)
def test_the_paired_test_is_the_exact_binomial_on_the_games_only_one_bot_won(
    only_first: int, only_second: int, p: float
) -> None:
    assert mcnemar_p(only_first, only_second) == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize(
    ("wins", "losses", "p"), [(9, 1, 11 / 1024), (1, 9, 1023 / 1024), (5, 5, 638 / 1024), (3, 0, 1 / 8), (0, 0, 1.0)]
)
def test_the_one_sided_sign_test_is_the_binomial_tail_of_the_wins(wins: int, losses: int, p: float) -> None:
    assert sign_test_p(wins, losses) == pytest.approx(p, abs=1e-12)


def test_the_paired_difference_interval_matches_a_published_value() -> None:
    # Fagerland, Lydersen and Laake, "Statistical Analysis of Contingency Tables"
    # (2017), chapter 8: complete response before and after consolidation
    # therapy (Cavo et al., 2012), 59 both, 6 before only, 16 after only, 80 neither.
    assert paired_difference_interval(59, 6, 16, 80) == pytest.approx((-0.1186, -0.0046), abs=5e-5)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_the_paired_interval_holds_the_observed_difference(
    both: int, only_first: int, only_second: int, neither: int
) -> None:
    n = both + only_first + only_second + neither
    low, high = paired_difference_interval(both, only_first, only_second, neither)
    observed = (only_first - only_second) / n if n else 0.0
    assert -1.0 <= low <= observed + 1e-12 and observed - 1e-12 <= high <= 1.0


def test_pairing_narrows_the_interval_when_the_two_mostly_agree() -> None:
    low, high = paired_difference_interval(120, 15, 5, 60)
    independent_low, independent_high = difference_interval(135, 200, 125, 200)
    assert high - low < independent_high - independent_low


def test_no_games_say_nothing_about_the_rate() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_interval_reaches_exactly_zero_and_one_at_the_extremes() -> None:
    assert wilson_interval(0, 50)[0] == 0.0
    assert wilson_interval(50, 50)[1] == 1.0


@pytest.mark.parametrize(("successes", "n"), [(-1, 5), (6, 5), (0, -1)])
def test_impossible_counts_are_refused(successes: int, n: int) -> None:
    with pytest.raises(ValueError):
        wilson_interval(successes, n)


@given(st.integers(0, 2000), st.integers(1, 2000))
def test_the_interval_holds_the_observed_rate_and_stays_in_zero_one(successes: int, n: int) -> None:
    successes = min(successes, n)
    low, high = wilson_interval(successes, n)
    assert 0.0 <= low <= successes / n <= high <= 1.0


def test_more_games_give_a_narrower_interval() -> None:
    widths = [high - low for low, high in (wilson_interval(n // 2, n) for n in (10, 100, 1000))]
    assert widths[0] > widths[1] > widths[2]


def test_a_wider_confidence_gives_a_wider_interval() -> None:
    low95, high95 = wilson_interval(30, 100)
    low99, high99 = wilson_interval(30, 100, z=2.5758293035489)
    assert low99 < low95 and high99 > high95


# ---------------------------------------------------------------------- outcomes


@pytest.mark.parametrize(
    ("winner", "reason", "outcome"),
    [
        ("player", "damage", CLEARED),
        ("player", "deck-out", CLEARED),
        ("invader", "damage", LOST_DAMAGE),
        ("invader", "deck-out", LOST_DECK_OUT),
        ("draw", "turn cap", DRAW_TURN_CAP),
        ("draw", "both sides lost (damage, damage)", DRAW_OTHER),
    ],
)
def test_each_ending_is_counted_under_its_cause(winner: str, reason: str, outcome: str) -> None:
    assert classify(winner, reason) == outcome


def test_a_game_still_going_has_no_outcome() -> None:
    with pytest.raises(ValueError):
        classify(None, "")


def test_a_tally_counts_games_clears_and_turns_to_clear() -> None:
    tally = Tally()
    tally.add(CLEARED, 4)
    tally.add(CLEARED, 6)
    tally.add(LOST_DAMAGE)
    tally.add(ERROR)
    assert (tally.games, tally.cleared, tally.clear_rate, tally.mean_clear_turns) == (4, 2, 0.5, 5.0)
    assert tally.interval() == wilson_interval(2, 4)


def test_a_tally_without_clears_has_no_mean_turns() -> None:
    tally = Tally()
    tally.add(LOST_DAMAGE)
    assert tally.mean_clear_turns is None
    assert tally.clear_rate == 0.0


def test_an_unknown_outcome_is_refused() -> None:
    with pytest.raises(ValueError):
        Tally().add("won_on_points")


def test_a_tally_as_json_has_every_count_and_the_interval() -> None:
    tally = Tally()
    tally.add(CLEARED, 3)
    tally.add(DRAW_TURN_CAP)
    data = tally.to_dict()
    assert {name: data[name] for name in OUTCOMES} == {
        CLEARED: 1,
        LOST_DAMAGE: 0,
        LOST_DECK_OUT: 0,
        DRAW_TURN_CAP: 1,
        DRAW_OTHER: 0,
        ERROR: 0,
    }
    assert data["games"] == 2
    assert data["wilson95"] == list(wilson_interval(1, 2))
    assert data["mean_clear_turns"] == 3.0


@given(st.lists(st.tuples(st.sampled_from(OUTCOMES), st.integers(1, 30)), max_size=60), st.randoms())
def test_merging_tallies_in_any_order_gives_the_same_total(games: list[tuple[str, int]], rnd) -> None:  # noqa: ANN001
    parts = []
    for start in range(0, len(games), 7):
        part = Tally()
        for outcome, turns in games[start : start + 7]:
            part.add(outcome, turns)
        parts.append(part)
    shuffled = parts[:]
    rnd.shuffle(shuffled)
    assert Tally.total(parts) == Tally.total(shuffled)
    assert Tally.total(parts).games == len(games)
