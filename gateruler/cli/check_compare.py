"""``gateruler check DECK_A DECK_B ...``: several decks on the same games, and what separates them.

Game i of level L has the same seed whatever the deck (``batch.game_seed``),
so the decks meet the very same shuffles of the rift's deck and the same bot
seeds: a game one deck clears and another loses says something about the
decks, and the difference of their clear rates is a paired one, with
Newcombe's paired interval (``stats.paired_difference_interval``, as
``--sensitivity`` and ``tune`` use).  Each deck after the first is compared
with the first.  Each deck's own figures are a whole check result, kept
whole in the JSON (the ``decks`` list: each what ``check --json`` of that
deck alone writes).
"""

from __future__ import annotations

import string
from pathlib import Path

import attrs
from rich import box
from rich.table import Table

from gateruler import __version__
from gateruler.batch import BatchResult, LevelResult
from gateruler.render import fit
from gateruler.sensitivity import VariantEffect, pair

__all__ = ["COMPARE_FORMAT", "COMPARE_VERSION", "Compared", "compare_json", "compare_notes", "compare_table"]

COMPARE_FORMAT = "gateruler-check-comparison"
COMPARE_VERSION = 1
NARROW_NAME = 18  # cells of a deck's name in the table below WIDE columns


@attrs.frozen
class Compared:
    """The decks of a comparison (their files and results, in the order given) and their letters A, B, ..."""

    files: tuple[str, ...]
    results: tuple[BatchResult, ...]

    @property
    def letters(self) -> list[str]:
        return list(string.ascii_uppercase[: len(self.results)])

    def label(self, index: int) -> str:
        return f"{self.letters[index]} {self.results[index].levels[0].spec.deck.name}"

    def difference(self, index: int, level: int) -> VariantEffect:
        """Deck `index` against the first on the games of `level` both played, counted in pairs."""
        first, other = self.results[0].levels[level], self.results[index].levels[level]
        return pair(first, other, "deck", self.letters[index])


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _level_label(level: LevelResult, wide: bool) -> str:
    spec = level.spec
    if not wide:
        return str(spec.level.number)
    return (
        f"{spec.level.number} {spec.level.name}"
        if isinstance(spec.level_ref, int)
        else f"{spec.level.name} ({Path(str(spec.level_ref)).name})"
    )


def compare_table(compared: Compared, wide: bool) -> Table:
    """Per level, a row per deck: its clear rate and interval, then (after the first) the paired difference."""
    first = compared.letters[0]
    headings = (
        ("level", "lvl"),
        ("deck", "deck"),
        ("games", "games"),
        ("clear", "clear"),
        ("95% interval", "95% CI"),
        (f"minus {first}", f"vs {first}"),
        ("95% interval", "95% CI"),
    )
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, heading in enumerate(headings):
        table.add_column(heading[0 if wide else 1], justify="left" if i < 2 else "right", no_wrap=True)
    for level_index in range(len(compared.results[0].levels)):
        for deck_index, result in enumerate(compared.results):
            level = result.levels[level_index]
            label = compared.label(deck_index)
            row = [
                _level_label(level, wide) if deck_index == 0 else "",
                label if wide else fit(label, NARROW_NAME),
                str(level.tally.games) + ("" if level.complete else "…"),
            ]
            if level.tally.games == 0:
                table.add_row(*row, "-", "-", "", "")
                continue
            low, high = level.tally.interval()
            row += [
                _pct(level.tally.clear_rate),
                f"{_pct(low)}-{_pct(high)}" if wide else f"{100 * low:.1f}-{_pct(high)}",
            ]
            if deck_index == 0:
                table.add_row(*row, "", "")
                continue
            effect = compared.difference(deck_index, level_index)
            if not effect.games:
                table.add_row(*row, "-", "")
                continue
            d_low, d_high = effect.interval()
            table.add_row(*row, _points(effect.difference), f"{_points(d_low)} to {_points(d_high)}")
        table.add_section()
    return table


def compare_notes(compared: Compared, wide: bool) -> list[str]:
    """What the table's letters and columns mean, and which differences the games settle."""
    lines = []
    if not wide:
        lines.append("Levels: " + ", ".join(_level_label(lv, True) for lv in compared.results[0].levels) + ".")
    lines.append("Decks: " + "; ".join(f"{compared.label(i)} ({f})" for i, f in enumerate(compared.files)) + ".")
    first = compared.letters[0]
    lines.append(
        f"minus {first} (vs {first}): the deck's clear rate minus {first}'s, in points, on the same games (the same seeds, game by "
        "game; games that raised an error left out), with Newcombe's paired 95% interval. An interval that does not "
        f"include 0 says the games tell the decks apart; one across 0 does not (more --games narrow it)."
    )
    settled = []
    for index in range(1, len(compared.results)):
        for level_index, level in enumerate(compared.results[index].levels):
            effect = compared.difference(index, level_index)
            if effect.games:
                low, high = effect.interval()
                if low > 0 or high < 0:
                    word = "better" if low > 0 else "worse"
                    settled.append(
                        f"{compared.letters[index]} is {word} than {first} at level {level.spec.level.number}"
                    )
    lines.append(
        ("Told apart: " + "; ".join(settled) + ".") if settled else "No level tells the decks apart on these games."
    )
    return lines


def _difference_json(compared: Compared, index: int, level_index: int) -> dict:
    effect = compared.difference(index, level_index)
    low, high = effect.interval()
    return {
        "deck": compared.letters[index],
        "against": compared.letters[0],
        "games": effect.games,
        "difference": effect.difference,
        "difference95": [low, high],
        "both": effect.both,
        "only_against": effect.only_default,
        "only_deck": effect.only_variant,
        "neither": effect.neither,
    }


def compare_json(compared: Compared, deck_results: list[dict]) -> dict:
    """The comparison: each deck's whole check result (`deck_results`, in order), and per level the paired
    differences of each deck against the first."""
    levels = []
    for level_index, level in enumerate(compared.results[0].levels):
        levels.append(
            {
                "level": level.spec.level.number,
                "name": level.spec.level.name,
                "decks": [
                    {
                        "deck": compared.letters[i],
                        "games": r.levels[level_index].tally.games,
                        "cleared": r.levels[level_index].tally.cleared,
                        "clear_rate": r.levels[level_index].tally.clear_rate,
                        "wilson95": list(r.levels[level_index].tally.interval()),
                    }
                    for i, r in enumerate(compared.results)
                ],
                "differences": [_difference_json(compared, i, level_index) for i in range(1, len(compared.results))],
            }
        )
    return {
        "format": COMPARE_FORMAT,
        "version": COMPARE_VERSION,
        "gateruler_version": __version__,
        "decks": [
            {"deck": letter, "file": file, "name": r.levels[0].spec.deck.name, "check": data}
            for letter, file, r, data in zip(compared.letters, compared.files, compared.results, deck_results)
        ],
        "interrupted": any(r.interrupted for r in compared.results),
        "levels": levels,
    }
