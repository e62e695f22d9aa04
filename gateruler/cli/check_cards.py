"""`check`'s per-card figures and loss causes: in its JSON always, as tables with ``--cards-stats``.

The figures are gateruler.insight's sums; this names the cards for people
and lays the figures out.  Kept apart from cmd_check so that the command
module stays about running the batch.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import attrs
from rich import box
from rich.table import Table

from gateruler.batch import GameSpec, LevelResult
from gateruler.insight import (
    RIFT_SIDE,
    Source,
    card_figures,
    damage_ranking,
    difference_words,
    figures_json,
    mean_turn,
    percent,
    points_words,
)
from gateruler.render import short_name
from gateruler.special_rules import invader_definitions
from gateruler.stats import CLEARED, LOST_DAMAGE, LOST_DECK_OUT, OUTCOME_WORDS


def source_namer(spec: GameSpec) -> Callable[[Source], str]:
    """Names for damage sources and cards: the rift's cards as the level changes them, yours from the pool."""
    rift = invader_definitions(spec.level, spec.pool)

    def name(source: Source) -> str:
        side, card = source
        if card is None:
            return "the rift itself" if side == RIFT_SIDE else "your ruler"
        if side == RIFT_SIDE:
            return rift[card].name if card in rift else card
        return spec.pool[card].name if card in spec.pool else card

    return name


def deck_list(spec: GameSpec) -> list[tuple[str, int]]:
    return [(e.card, e.count) for e in spec.deck.cards]


def level_figures_json(level: LevelResult) -> dict:
    """The per-card figures and loss causes of a level, for `check --json`."""
    return figures_json(level.insight, deck_list(level.spec), source_namer(level.spec))


NARROW_NAME = 18  # cells of a card's name in the narrow table
NARROW_HEADINGS = (
    "card",
    "cp",
    "seen",
    "clear\nseen",
    "clear\nnot",
    "diff\n95%",
    "opening\n95%",
    "played",
    "1st\nseen",
)
NARROW_NOTE = (
    "Narrow table: cp copies; clear seen / not: clear if seen / if not; diff: their difference, then its 95% interval "
    "under it; opening: the opening-hand difference, the same way; 1st seen: first seen.  Wider terminals (110 columns) "
    "show the whole words."
)


def _whole_points(x: float) -> str:
    return f"{100 * x:+.0f}"


def _two_lines(x: float | None, interval: Sequence[float] | None) -> str:
    """A difference over its interval, for the narrow table: "+12.7" then "-8..+30"."""
    if x is None or interval is None:
        return "-"
    return f"{points_words(x)}\n{_whole_points(interval[0])}..{_whole_points(interval[1])}"


def _whole_percent(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


@attrs.frozen
class _CardsLayout:
    """How the cards table says its figures: in whole words, or in 80 columns."""

    headings: tuple[str, ...]
    name: Callable[[str], str]
    rate: Callable[[float | None], str]
    difference: Callable[[float | None, Sequence[float] | None], str]
    padding: tuple[int, int] | tuple[int, int, int, int]  # as rich.Table takes it


WIDE_LAYOUT = _CardsLayout(
    (
        "card",
        "copies",
        "seen",
        "clear if seen",
        "clear if not",
        "difference, 95%",
        "opening hand: difference, 95%",
        "played if seen",
        "first seen",
    ),
    lambda name: name,
    percent,
    difference_words,
    (0, 1),
)
NARROW_LAYOUT = _CardsLayout(
    NARROW_HEADINGS, lambda name: short_name(name, NARROW_NAME), _whole_percent, _two_lines, (0, 1, 0, 0)
)


def cards_table(level: LevelResult, wide: bool = True) -> Table:
    """Your cards: how often the deck clears when each shows up and when it does not (`wide`: in whole
    words; else the narrow layout, which fits 80 columns)."""
    layout = WIDE_LAYOUT if wide else NARROW_LAYOUT
    name = source_namer(level.spec)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, padding=layout.padding)
    for heading in layout.headings:
        table.add_column(heading, justify="left" if heading == "card" else "right", no_wrap=True)
    games = level.insight.games
    for f in card_figures(level.insight, deck_list(level.spec)):
        first = f.mean_first_seen_turn
        table.add_row(
            layout.name(name((0, f.card))),
            str(f.copies),
            layout.rate(f.seen / games if games else None),
            layout.rate(f.clear_rate_seen),
            layout.rate(f.clear_rate_not_seen),
            layout.difference(f.difference, f.difference95),
            layout.difference(f.opening_difference, f.opening_difference95),
            layout.rate(f.played_rate),
            "-" if first is None else f"{first:.1f}",
        )
    return table


def damage_table(level: LevelResult) -> Table:
    """What put cards into your damage zone: per game, by battle and by effect, and the games it ended."""
    name = source_namer(level.spec)
    games = level.insight.games
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for heading in ("damage to you from", "per game", "battle", "effect", "games it ended"):
        table.add_column(heading, justify="left" if heading.startswith("damage") else "right", no_wrap=True)
    for source, dealt in damage_ranking(level.insight):
        whose = "" if source[0] == RIFT_SIDE else " (yours)"
        per_game = f"{dealt.total / games:.2f}" if games else "-"
        table.add_row(name(source) + whose, per_game, str(dealt.battle), str(dealt.effect), str(dealt.final_blows))
    return table


def endings_line(level: LevelResult) -> str:
    """When games ended, on average, by how they ended."""
    parts = []
    for outcome in (CLEARED, LOST_DAMAGE, LOST_DECK_OUT):
        by_turn = level.insight.end_turns.get(outcome, {})
        mean = mean_turn(by_turn)
        if mean is not None:
            parts.append(f"{OUTCOME_WORDS[outcome]} on turn {mean:.1f} on average ({sum(by_turn.values())} games)")
    return "; ".join(parts) if parts else "no game finished"


CARDS_NOTE = (
    "seen: the share of games in which a copy was drawn or driven.  clear if seen / if not: the clear rate of those games "
    "and of the others; difference: the first minus the second, in points, with Newcombe's 95% interval.  Long games see "
    "more cards, so a card seen in long games looks good whatever it does: that difference is an association, not the "
    "card's worth.  opening hand: the same difference between games with a copy in the opening hand and games without; "
    "the opening hand is dealt at random before anything happens, so this one is free of that bias (but has fewer games).  "
    "played if seen: the share of the seen games in which a copy was played (summoned, used, set or put in the field "
    "zone).  first seen: your turns played at the first sight, on average (0: before your first turn).  Few games give wide intervals "
    "(docs/check.md)."
)
