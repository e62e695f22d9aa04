"""How much a deck's clear rates rest on the open rulings: ``gateruler check DECK --sensitivity``.

Each rule variant (gateruler/variants.py) is a reading we chose where the
sources are silent.  To show which of those choices matter for a deck, the
check plays the very same games (the same seeds, game by game) once under
the readings in force and once more under each other reading of each
variant, one variant at a time, and compares them game by game: a game
cleared under one reading and lost under the other is the only kind that
says anything, so the difference is a paired one, with Newcombe's paired
interval (`stats.paired_difference_interval`, as ``tune`` uses).

A variant that provably cannot change a level's games (a level-2 rule at
level 1, a deck without CNT abilities for `player_cnt`: each variant's
`applies`) is not played for that level, which keeps the extra games to
the few variants that can matter.  The span of a level is the lowest and
highest clear rate among the readings in force and these one-at-a-time
changes; combinations of several changes are not played.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

import attrs

from gateruler.backends import Backend
from gateruler.batch import BatchResult, BatchSettings, GameSpec, LevelResult, run_batch
from gateruler.stats import paired_difference_interval
from gateruler.variants import VARIANTS, applying


@attrs.frozen
class Alternative:
    """One other reading of one variant, and the levels (by index) where it can change a game."""

    name: str
    value: str
    levels: tuple[int, ...]

    @property
    def label(self) -> str:
        return f"{self.name}={self.value}"


def alternatives(specs: list[GameSpec]) -> list[Alternative]:
    """Every other value of every variant, with the levels it can matter at, in the registry's order."""
    can_matter = [{v.name for v in applying(spec.level, spec.pool, spec.deck.card_ids(), spec.ruler)} for spec in specs]
    out = []
    for v in VARIANTS:
        levels = tuple(i for i, names in enumerate(can_matter) if v.name in names)
        if not levels:
            continue
        current = {specs[i].readings.value(v.name) for i in levels}
        for value in v.names:
            if value not in current:
                out.append(Alternative(v.name, value, levels))
    return out


@attrs.frozen
class VariantEffect:
    """One reading's games beside the same games under the readings in force, counted in pairs."""

    name: str
    value: str
    both: int  # cleared under both readings
    only_default: int  # cleared under the readings in force only
    only_variant: int  # cleared under this reading only
    neither: int

    @property
    def games(self) -> int:
        return self.both + self.only_default + self.only_variant + self.neither

    @property
    def cleared(self) -> int:
        return self.both + self.only_variant

    @property
    def clear_rate(self) -> float:
        return self.cleared / self.games if self.games else 0.0

    @property
    def difference(self) -> float:
        """This reading's clear rate minus the readings in force', on the same games."""
        return (self.only_variant - self.only_default) / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        return paired_difference_interval(self.both, self.only_variant, self.only_default, self.neither)

    def to_dict(self) -> dict:
        low, high = self.interval()
        return {
            "name": self.name,
            "value": self.value,
            "games": self.games,
            "cleared": self.cleared,
            "clear_rate": self.clear_rate,
            "difference": self.difference,
            "difference95": [low, high],
            "both": self.both,
            "only_default": self.only_default,
            "only_variant": self.only_variant,
            "neither": self.neither,
        }


def pair(default: LevelResult, variant: LevelResult, name: str, value: str) -> VariantEffect:
    """The games both runs played (the first of them, in index order), neither broken, counted in pairs."""
    played = min(default.tally.games, variant.tally.games)
    mask = ((1 << played) - 1) & ~(default.broken | variant.broken)
    a, b = default.cleared & mask, variant.cleared & mask
    both = (a & b).bit_count()
    only_default = (a & ~b).bit_count()
    only_variant = (b & ~a).bit_count()
    return VariantEffect(
        name, value, both, only_default, only_variant, mask.bit_count() - both - only_default - only_variant
    )


@attrs.define
class LevelSensitivity:
    effects: list[VariantEffect] = attrs.field(factory=list)

    def span(self, default_rate: float) -> tuple[float, float]:
        """The lowest and highest clear rate among the readings in force and each one-at-a-time change."""
        rates = [default_rate, *(e.clear_rate for e in self.effects if e.games)]
        return min(rates), max(rates)


@attrs.define
class Sensitivity:
    levels: list[LevelSensitivity]
    batches: int = 0  # batches played beside the one under the readings in force
    games: int = 0  # games played in them
    interrupted: bool = False


Bars = Callable[[list[GameSpec], str], AbstractContextManager[Any]]
"""A progress display for one batch (its specs and a label): a context manager whose value has `update` (a `Progress`)."""


def run_sensitivity(
    specs: list[GameSpec], settings: BatchSettings, default: BatchResult, backend: Backend, bars: Bars | None = None
) -> Sensitivity:
    """Play the games of `default` again under each alternative reading, on `backend` (already entered).

    A Ctrl-C stops it: what was played so far is kept, and `interrupted` says so."""
    out = Sensitivity([LevelSensitivity() for _ in specs])
    for alt in alternatives(specs):
        changed = [
            attrs.evolve(specs[i], variants=specs[i].readings.with_values({alt.name: alt.value})) for i in alt.levels
        ]
        if bars is not None:
            with bars(changed, alt.label) as shown:
                result = run_batch(changed, settings, shown.update, backend)
        else:
            result = run_batch(changed, settings, None, backend)
        out.batches += 1
        for index, level in zip(alt.levels, result.levels):
            out.games += level.tally.games
            out.levels[index].effects.append(pair(default.levels[index], level, alt.name, alt.value))
        if result.interrupted:
            out.interrupted = True
            break
    return out
