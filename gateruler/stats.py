"""Counting games and saying how sure the counts are.

A clear rate from a few hundred games is an estimate; the Wilson score
interval says how far off it may be, and it behaves at 0% and 100% (where the
textbook normal interval collapses to a point), which is where easy and
impossible levels sit.  Tallies are plain sums, so merging them in any order
gives the same result: that is what makes a batch independent of how many
worker processes ran it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import attrs

Z95 = 1.959963984540054  # the 97.5% point of the standard normal: two-sided 95%


def wilson_interval(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion; (0, 1) when there is no game yet."""
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # At 0 and n the bound is exactly 0 or 1; say so rather than print 1e-17.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def difference_interval(s1: int, n1: int, s2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for p1 - p2 (his method 10).

    "Bot A clears more often than bot B" is shown when the lower bound is
    above zero."""
    l1, u1 = wilson_interval(s1, n1, z)
    l2, u2 = wilson_interval(s2, n2, z)
    p1 = s1 / n1 if n1 else 0.0
    p2 = s2 / n2 if n2 else 0.0
    d = p1 - p2
    low = d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, low), min(1.0, high))


def mcnemar_p(only_first: int, only_second: int) -> float:
    """Exact two-sided McNemar test for two bots played on the same games.

    Only the games exactly one of them won say anything about which is
    better; under "no difference" each such game is a fair coin.  Pairing
    makes this far more sensitive than comparing two independent rates."""
    if only_first < 0 or only_second < 0:
        raise ValueError("counts of games cannot be negative")
    n = only_first + only_second
    k = min(only_first, only_second)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def sign_test_p(wins: int, losses: int) -> float:
    """One-sided exact sign test that the first of two paired decks is better.

    The chance of at least `wins` heads in `wins + losses` fair coin flips:
    of the games only one of the two won, how unlikely it is that the first
    won this many if neither is better."""
    if wins < 0 or losses < 0:
        raise ValueError("counts of games cannot be negative")
    n = wins + losses
    return sum(math.comb(n, i) for i in range(wins, n + 1)) / 2**n


def paired_difference_interval(
    both: int, only_first: int, only_second: int, neither: int, z: float = Z95
) -> tuple[float, float]:
    """Newcombe's square-and-add interval for p1 - p2 when both were measured on the same games.

    His 1998 method 10 for paired data: the two Wilson intervals combined
    with the correlation between the paired outcomes (shrunk towards zero by
    half a game when positive), so the interval is narrower than the
    independent one exactly when the pairing helps."""
    n = both + only_first + only_second + neither
    first, second = both + only_first, both + only_second
    l1, u1 = wilson_interval(first, n, z)
    l2, u2 = wilson_interval(second, n, z)
    p1 = first / n if n else 0.0
    p2 = second / n if n else 0.0
    margins = first * (n - first) * second * (n - second)
    cross = both * neither - only_first * only_second
    if margins == 0 or 0 <= cross <= n / 2:
        phi = 0.0
    else:
        phi = (cross - n / 2 if cross > 0 else cross) / math.sqrt(margins)
    low = p1 - p2 - math.sqrt(max(0.0, (p1 - l1) ** 2 + (u2 - p2) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2)))
    high = p1 - p2 + math.sqrt(max(0.0, (u1 - p1) ** 2 + (p2 - l2) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2)))
    return (max(-1.0, low), min(1.0, high))


# How a game ended, as counted in a tally.
CLEARED = "cleared"
LOST_DAMAGE = "lost_damage"
LOST_DECK_OUT = "lost_deck_out"
DRAW_TURN_CAP = "draw_turn_cap"
DRAW_OTHER = "draw_other"
ERROR = "error"
OUTCOMES = (CLEARED, LOST_DAMAGE, LOST_DECK_OUT, DRAW_TURN_CAP, DRAW_OTHER, ERROR)
OUTCOME_WORDS = {
    CLEARED: "cleared",
    LOST_DAMAGE: "lost to damage",
    LOST_DECK_OUT: "lost by deck-out",
    DRAW_TURN_CAP: "drawn at the turn cap",
    DRAW_OTHER: "drawn",
    ERROR: "an error",
}


def classify(winner: str | None, reason: str) -> str:
    """The outcome of a finished game from the engine's winner and end reason."""
    if winner == "player":
        return CLEARED
    if winner == "invader":
        return LOST_DECK_OUT if reason == "deck-out" else LOST_DAMAGE
    if winner == "draw":
        return DRAW_TURN_CAP if reason == "turn cap" else DRAW_OTHER
    raise ValueError(f"the game is not over (winner {winner!r})")


@attrs.define
class Tally:
    """Outcome counts of a set of games, and the sum of the player turns the clears took."""

    cleared: int = 0
    lost_damage: int = 0
    lost_deck_out: int = 0
    draw_turn_cap: int = 0
    draw_other: int = 0
    error: int = 0
    clear_turns: int = 0  # summed over cleared games: the player's turns until the rift fell

    @property
    def games(self) -> int:
        return sum(getattr(self, name) for name in OUTCOMES)

    def add(self, outcome: str, player_turns: int = 0) -> None:
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}")
        setattr(self, outcome, getattr(self, outcome) + 1)
        if outcome == CLEARED:
            self.clear_turns += player_turns

    def merge(self, other: Tally) -> None:
        for field in attrs.fields(Tally):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))

    @classmethod
    def total(cls, tallies: Iterable[Tally]) -> Tally:
        out = cls()
        for t in tallies:
            out.merge(t)
        return out

    @property
    def clear_rate(self) -> float:
        return self.cleared / self.games if self.games else 0.0

    def interval(self, z: float = Z95) -> tuple[float, float]:
        return wilson_interval(self.cleared, self.games, z)

    @property
    def mean_clear_turns(self) -> float | None:
        return self.clear_turns / self.cleared if self.cleared else None

    def to_dict(self) -> dict:
        low, high = self.interval()
        return {
            "games": self.games,
            **attrs.asdict(self),
            "clear_rate": self.clear_rate,
            "wilson95": [low, high],
            "mean_clear_turns": self.mean_clear_turns,
        }
