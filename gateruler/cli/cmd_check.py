"""``gateruler check``: can this deck clear the rifts?  And ``gateruler replay``.

`check` plays many games of a deck against each level with a bot and prints,
per level, the clear rate with its Wilson 95% interval, how the other games
ended, and whether the figures rest on provisional card data.  It runs games
in local worker processes or on a Dask cluster (:mod:`gateruler.backends`),
gives the same figures for a seed whatever the backend and the number of
workers, shows a progress bar only on a terminal, and on Ctrl-C prints what
it has so far.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

import attrs
import click
from click.core import ParameterSource
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from gateruler import __version__
from gateruler.backends import BACKEND_NAMES, Backend, make_backend
from gateruler.batch import (
    CHUNK,
    BatchResult,
    BatchSettings,
    ErrorRecord,
    GameSpec,
    LevelResult,
    run_batch,
)
from gateruler.bots import BOT_NAMES, DEFAULT_BOT, SEARCHING, bot_label, weights_file
from gateruler.bots.search import DEFAULT_BUDGET
from gateruler.bots.standing import gap_caveat, gap_line, standing_json
from gateruler.cardpool import CardPool
from gateruler.ceiling import CeilingLevel, CeilingResult, run_ceiling
from gateruler.check_results import CHECK_FORMAT, CHECK_VERSION
from gateruler.cli import main, stdout_console
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.check_cards import (
    CARDS_NOTE,
    NARROW_NOTE,
    cards_table,
    damage_table,
    endings_line,
    level_figures_json,
)
from gateruler.cli.check_ceiling import ceiling_json, ceiling_lines, save_win_replays
from gateruler.cli.cmd_variants import given_variants, variant_option
from gateruler.cli.options import BUDGET, BUDGET_HELP, CEILING_BUDGET, GAMES, MAX_TURNS_TYPE, PACE, SEED, WORKERS
from gateruler.engine.game import DEFAULT_MAX_TURNS
from gateruler.errors import GateRulerError
from gateruler.fileio import Input, Output, check_distinct, check_output, is_missing, write_output
from gateruler.interrupts import deferred_interrupts, exit_code
from gateruler.library import library_summary
from gateruler.models import RulerDef
from gateruler.reading.decks import PlayerDeck
from gateruler.replay import card_data_hash, game_data_hash, replay_data, rerun, write_replay
from gateruler.sensitivity import Sensitivity, run_sensitivity
from gateruler.solver import DEFAULT_BUDGET as DEFAULT_CEILING_BUDGET
from gateruler.special_rules import invader_definitions
from gateruler.stats import ERROR
from gateruler.streams import is_terminal
from gateruler.variants import readings_for

SHIPPED_LEVELS = range(1, 7)
MAX_DECKS = 8  # decks compared at once: each plays every game


_LEVEL_PART = re.compile(r"\s*([0-9]{1,30})\s*(?:-\s*([0-9]{1,30})\s*)?")


def parse_levels(text: str) -> list[int]:
    """'1-6', '3', '1,3-4' -> level numbers in the order given, each once.

    Each number is checked before a range is made of it, so `1-1000000000`
    is refused as it is written, at once."""
    out: list[int] = []
    shown = text if len(text) <= 40 else text[:37] + "..."
    for part in text.split(",") if len(text) <= 1000 else [text]:
        match = _LEVEL_PART.fullmatch(part)
        if match is None or (match.group(2) is not None and int(match.group(2)) < int(match.group(1))):
            raise GateRulerError(f"--levels: {shown!r} is not a level list such as 1-6, 3 or 1,3-4")
        first = int(match.group(1))
        last = int(match.group(2)) if match.group(2) is not None else first
        for n in (first, last):
            if n not in SHIPPED_LEVELS:
                raise GateRulerError(
                    f"--levels: there is no level {n}; the shipped levels are 1 to 6 (use --level-file for others)"
                )
        out += [n for n in range(first, last + 1) if n not in out]
    return out


def chosen_levels(levels_text: str, level_file: str | None) -> list[int]:
    """The shipped levels --levels names; refused when --level-file was given too."""
    if (
        level_file is not None
        and click.get_current_context().get_parameter_source("levels_text") is not ParameterSource.DEFAULT
    ):
        raise GateRulerError("--levels and --level-file: give one or the other")
    return parse_levels(levels_text)


def load_pool(card_paths: tuple[str, ...] = ()) -> CardPool:
    """The card data a check or a tuning rests on: one place, so that both commands read the same cards
    (the shipped cards, the player's card library and `--cards`)."""
    return card_pool(card_paths)


def backend_options(command: Callable) -> Callable:
    """--backend, --scheduler and --workers: where the games run (the same figures wherever they run)."""
    for option in reversed(
        (
            click.option(
                "--backend",
                default="local",
                show_default=True,
                type=click.Choice(BACKEND_NAMES),
                help="Run games in local processes or on a Dask cluster (docs/scale.md).",
            ),
            click.option(
                "--scheduler",
                default=None,
                metavar="ADDRESS",
                help="With --backend dask: the scheduler of a running cluster, e.g. tcp://10.0.0.5:8786 [default: start a local cluster].",
            ),
            click.option(
                "--workers",
                default=None,
                type=WORKERS,
                help="Worker processes (of a local cluster with --backend dask) [default: one per core].",
            ),
        )
    ):
        command = option(command)
    return command


def open_backend(backend: str, scheduler: str | None, workers: int | None) -> Backend:
    """The backend the options name, checked (not started: use it with 'with')."""
    if workers is not None and workers < 1:
        raise GateRulerError("--workers: must be at least 1")
    return make_backend(backend, scheduler, workers)


def _specs(
    deck_path: str,
    level_numbers: list[int],
    level_file: str | None,
    max_turns: int,
    pool: CardPool,
    variants: dict[str, str] | None = None,
) -> list[GameSpec]:
    """The games to play: the deck (with its own card files) on `pool` against each level, under the
    rule variants `variants` (over the level file's own).

    Shipped levels are checked against the shipped cards (their stated
    figures are the seed's); their games use the player's cards all the same.
    """
    from gateruler import loader

    rulers = loader.load_rulers()
    return deck_specs(
        loader.load_player_deck(deck_path, pool, rulers),
        rulers,
        deck_path,
        level_numbers,
        level_file,
        max_turns,
        variants,
    )


def deck_specs(
    player: PlayerDeck,
    rulers: dict[str, RulerDef],
    deck_path: str,
    level_numbers: list[int],
    level_file: str | None,
    max_turns: int,
    variants: dict[str, str] | None = None,
) -> list[GameSpec]:
    """The games of `player`, the deck read from `deck_path` (see :func:`_specs`), for a caller that needs
    the deck itself too (tune: its pool with the deck's own card files) and reads the file once."""
    from gateruler import loader

    ruler = rulers[player.deck.ruler]
    refs: list[int | str] = [level_file] if level_file is not None else list(level_numbers)
    specs = []
    for ref in refs:
        if isinstance(ref, str):
            if is_missing(ref):  # anything else there (a folder, a FIFO, a name too long) is named by the reader
                raise GateRulerError(f"{ref}: no such level file")
            level = loader.load_level(Path(ref), player.pool)
            ref = str(Path(ref).resolve())
        else:
            level = loader.load_level(ref)
        readings = readings_for(level, variants or {})
        specs.append(
            GameSpec(
                player.deck,
                ruler,
                level,
                player.pool.for_level(level),
                max_turns,
                ref,
                str(Path(deck_path).resolve()),
                readings,
            )
        )
    return specs


def provisional_cards(spec: GameSpec) -> tuple[list[str], list[str]]:
    """The provisional cards a result rests on: (the deck's, the level's), by id."""
    deck = sorted({c for c in spec.deck.card_ids() if spec.pool[c].is_provisional})
    rift = sorted(cid for cid, card in invader_definitions(spec.level, spec.pool).items() if card.is_provisional)
    return deck, rift


def variants_line(specs: list[GameSpec]) -> str:
    """Which rule variants the figures rest on: the header's second (or third) line."""
    return f"rule variants: {specs[0].readings.words()} (docs/variants.md)"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _level_label(spec: GameSpec) -> str:
    return (
        f"{spec.level.number} {spec.level.name}"
        if isinstance(spec.level_ref, int)
        else f"{spec.level.name} ({Path(str(spec.level_ref)).name})"
    )


WIDE = 110  # below this many columns the table drops level names and shortens its headings
COLUMNS = (
    # (wide heading, narrow heading)
    ("level", "lvl"),
    ("games", "games"),
    ("clear", "clear"),
    ("95% interval", "95% CI"),
    ("turns", "turns"),
    ("damage", "dmg"),
    ("deck-out", "deck"),
    ("turn cap", "cap"),
    ("draw", "draw"),
    ("error", "err"),
)


def _table(result: BatchResult, wide: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, headings in enumerate(COLUMNS):
        table.add_column(headings[0 if wide else 1], justify="left" if i == 0 else "right", no_wrap=True)
    for level in result.levels:
        t = level.tally
        deck_prov, rift_prov = provisional_cards(level.spec)
        mark = " *" if deck_prov or rift_prov else ""
        label = (_level_label(level.spec) if wide else str(level.spec.level.number)) + mark
        games = str(t.games) if level.complete else (f"{t.games} (partial)" if wide else f"{t.games}…")
        if t.games == 0:
            table.add_row(label, games, *["-"] * (len(COLUMNS) - 2))
            continue
        low, high = t.interval()
        mean = t.mean_clear_turns
        table.add_row(
            label,
            games,
            _pct(t.clear_rate),
            f"{_pct(low)}-{_pct(high)}" if wide else f"{100 * low:.1f}-{_pct(high)}",
            "-" if mean is None else f"{mean:.1f}",
            str(t.lost_damage),
            str(t.lost_deck_out),
            str(t.draw_turn_cap),
            str(t.draw_other),
            str(t.error),
        )
    return table


def _footnotes(result: BatchResult, replay_paths: dict[tuple[int, int], str], wide: bool) -> list[str]:
    lines = []
    if not wide:
        lines.append("Levels: " + ", ".join(_level_label(lv.spec) for lv in result.levels) + ".")
    lines.append(
        "turns: your turns to clear, on average.  The other games were lost to damage, lost by deck-out, "
        "drawn at the turn cap, drawn otherwise, or broken off by an error in the engine or the bot."
    )
    deck_prov = provisional_cards(result.levels[0].spec)[0]
    rift = [(lv.spec.level.number, len(provisional_cards(lv.spec)[1])) for lv in result.levels]
    if deck_prov or any(n for _, n in rift):
        lines.append(
            "* depends on provisional card data, numbers that are ours (`gateruler cards --provisional`): "
            f"{len(deck_prov)} of the deck's cards; "
            + ", ".join(f"{n} of level {number}'s" for number, n in rift if n)
            + "."
        )
    for level in result.levels:
        number = level.spec.level.number
        if level.stopped_early:
            lines.append(
                f"level {number}: stopped after {level.tally.games} games, once the interval was narrower than --precision"
            )
        for record in level.errors:
            where = replay_paths.get((record.level_index, record.index))
            saved = f"; replay: {where}" if where else ""
            lines.append(
                f"level {number} game {record.index}: {record.message} (seed {record.seed}, bot seed {record.bot_seed}){saved}"
            )
        extra = level.tally.error - len(level.errors)
        if extra > 0:
            lines.append(f"level {number}: {extra} more errors, not saved")
    return lines


def _save_error_replays(
    result: BatchResult, settings: BatchSettings, directory: Path
) -> tuple[dict[tuple[int, int], str], dict[tuple[int, int], str]]:
    """The replays of the games that raised an error, by (level index, game): (the paths written, why the others
    were not).  A replay that cannot be written is said in the footnotes; it never costs the check's own result."""
    saved: dict[tuple[int, int], str] = {}
    unsaved: dict[tuple[int, int], str] = {}
    for level in result.levels:
        for record in level.errors:
            path = directory / f"error-level{level.spec.level.number}-game{record.index}-seed{record.seed}.json"
            try:
                directory.mkdir(parents=True, exist_ok=True)
                write_replay(path, _error_replay(level.spec, settings, record))
            except (OSError, GateRulerError) as error:
                unsaved[(record.level_index, record.index)] = f"not written: {_one_line(error)}"
                continue
            saved[(record.level_index, record.index)] = str(path)
    return saved, unsaved


def _one_line(error: BaseException) -> str:
    text = str(error.strerror if isinstance(error, OSError) and error.strerror else error)
    return text.splitlines()[0] if text else type(error).__name__


def check_replay_dir(replay_dir: str) -> None:
    """--replay-dir is a folder, or a place one can be made (written only when a game raises an error)."""
    if not replay_dir:
        raise GateRulerError("--replay-dir: the empty path names no folder")
    if not is_missing(replay_dir) and not os.path.isdir(replay_dir):
        raise GateRulerError(f"--replay-dir: {replay_dir} is not a folder")


def game_inputs(deck: str, level_file: str | None, card_paths: tuple[str, ...] = ()) -> list[Input]:
    """The files a game command reads, which none of its outputs may be."""
    inputs = [Input("the deck", deck)]
    if level_file is not None:
        inputs.append(Input("the level file", level_file))
    inputs += [Input("a card file", path) for path in card_paths]
    return inputs


def _error_replay(spec: GameSpec, settings: BatchSettings, record: ErrorRecord) -> dict:
    return replay_data(
        spec,
        record.seed,
        list(record.actions),
        bot=settings.bot,
        bot_seed=record.bot_seed,
        budget=settings.budget,
        outcome=ERROR,
        turn=0,
        error=record.message,
    )


def bot_weights_json(bot: str) -> dict | None:
    """The weights file a weighted bot read (its name, version and every weight), or None."""
    read = weights_file(bot)
    if read is None:
        return None
    return {"file": read.path.name, "version": read.version, "weights": read.weights.as_dict()}


def result_json(
    result: BatchResult,
    replay_paths: dict[tuple[int, int], str],
    sensitivity: Sensitivity | None = None,
    ceiling: CeilingResult | None = None,
    ceiling_replays: dict[int, str] | None = None,
) -> dict:
    """Every figure and every setting needed to run the same check again (the bot's weights; the rule
    variants in force that are not the defaults; each level also lists the value of every variant it
    was played under, with --sensitivity what each other reading does to its clear rate, and with
    --ceiling the solver's verdicts on the same games)."""
    settings = result.settings
    first = result.levels[0].spec
    levels = [
        _level_json(index, level, replay_paths, sensitivity, ceiling, ceiling_replays)
        for index, level in enumerate(result.levels)
    ]
    return {
        "format": CHECK_FORMAT,
        "version": CHECK_VERSION,
        "gateruler_version": __version__,
        "card_data_hash": card_data_hash(first.pool),
        "card_files": [f.to_dict() for f in first.pool.library_files],
        "settings": {
            "deck": {
                "file": first.deck_path,
                "name": first.deck.name,
                "ruler": first.deck.ruler,
                "cards": [[e.card, e.count] for e in first.deck.cards],
            },
            "levels": [lv.spec.level_ref for lv in result.levels],
            "bot": settings.bot,
            "bot_weights": bot_weights_json(settings.bot),
            "bot_info": standing_json(settings.bot, _gap_caveat([lv.spec for lv in result.levels], settings)),
            "budget": settings.budget,
            "seed": settings.seed,
            "games": settings.games,
            "precision": settings.precision,
            "max_turns": first.max_turns,
            "workers": settings.workers,
            "backend": settings.backend,
            "chunk": CHUNK,
            "seeds": "game i of level L: gateruler.batch.game_seed(seed, L, i); its bot: bot_seed(seed, L, i)",
            "variants": [
                {"name": name, "value": value} for name, value in first.readings.changed()
            ],  # not the defaults
            "sensitivity": sensitivity is not None,
            "ceiling_budget": None if ceiling is None else ceiling.budget,
            "ceiling_rollouts": None if ceiling is None else ceiling.policy,
        },
        "interrupted": result.interrupted or (ceiling is not None and ceiling.interrupted),
        "levels": levels,
    }


def _level_json(
    index: int,
    level: LevelResult,
    replay_paths: dict[tuple[int, int], str],
    sensitivity: Sensitivity | None,
    ceiling: CeilingResult | None,
    ceiling_replays: dict[int, str] | None,
) -> dict:
    """One level's entry in `check --json`: its figures, the readings it was played under, its errors."""
    spec = level.spec
    deck_prov, rift_prov = provisional_cards(spec)
    return {
        "level": spec.level.number,
        "name": spec.level.name,
        "level_file": spec.level_ref if isinstance(spec.level_ref, str) else None,
        "data_hash": game_data_hash(spec),
        "provisional": bool(deck_prov or rift_prov),
        "provisional_cards": {"deck": deck_prov, "level": rift_prov},
        "complete": level.complete,
        "stopped_early": level.stopped_early,
        "variants": spec.readings.to_dict(),
        "sensitivity": None if sensitivity is None else _sensitivity_json(sensitivity, index, level),
        "ceiling": None if ceiling is None else ceiling_json(ceiling.levels[index], (ceiling_replays or {}).get(index)),
        **level.tally.to_dict(),
        **level_figures_json(level),
        "errors": [
            {
                "game": r.index,
                "seed": r.seed,
                "bot_seed": r.bot_seed,
                "message": r.message,
                "replay": replay_paths.get((r.level_index, r.index)),
            }
            for r in level.errors
        ],
    }


def _sensitivity_json(sensitivity: Sensitivity, index: int, level: LevelResult) -> dict:
    found = sensitivity.levels[index]
    return {"variants": [e.to_dict() for e in found.effects], "span": list(found.span(level.tally.clear_rate))}


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def sensitivity_table(result: BatchResult, sensitivity: Sensitivity, wide: bool) -> Table:
    """Per level: the clear rate under the readings in force, then each other reading's, its paired
    change and interval, then the span they cover."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, heading in enumerate(("level", "reading", "clear", "change", "95% interval")):
        table.add_column(heading, justify="left" if i < 2 else "right", no_wrap=True)
    for index, level in enumerate(result.levels):
        if level.tally.games == 0:
            continue
        label = _level_label(level.spec) if wide else str(level.spec.level.number)
        found = sensitivity.levels[index]
        table.add_row(label, f"in force: {level.spec.readings.words()}", _pct(level.tally.clear_rate), "", "")
        for effect in found.effects:
            if not effect.games:
                table.add_row("", effect.name + "=" + effect.value, "-", "", "")
                continue
            low, high = effect.interval()
            table.add_row(
                "",
                f"{effect.name}={effect.value}",
                _pct(effect.clear_rate),
                _points(effect.difference),
                f"{_points(low)} to {_points(high)}",
            )
        low, high = found.span(level.tally.clear_rate)
        table.add_row("", "span of the open rulings", f"{_pct(low)}-{_pct(high)}", "", "")
        table.add_section()
    return table


def sensitivity_notes(sensitivity: Sensitivity) -> list[str]:
    lines = [
        "Sensitivity: the same games (the same seeds, game by game) under each other reading of each rule variant, one at a time "
        "(docs/variants.md). change: its clear rate minus the readings in force', in points, on those games; 95% interval: "
        "Newcombe's paired interval. A variant not listed for a level cannot change its games. span: the lowest and highest "
        "clear rate among the readings in force and these changes (combinations are not played).",
        f"{sensitivity.batches} more batches, {sensitivity.games} more games.",
    ]
    if sensitivity.interrupted:
        lines.append("interrupted: the variants after the last listed were not played")
    return lines


def _print_cards_stats(out: Console, result: BatchResult) -> None:
    """The card and damage tables of each level: below WIDE columns the narrow card table, which fits 80."""
    wide = out.width >= WIDE
    for level in result.levels:
        out.print()
        out.print(f"{_level_label(level.spec)}: {level.insight.games} games read; {endings_line(level)}")
        out.print(cards_table(level, wide))
        out.print(damage_table(level))
    out.print(CARDS_NOTE)
    if not wide:
        out.print(NARROW_NOTE)


class _ProgressBars:
    """One bar per level on a terminal, nothing otherwise.

    The bars start at the batch's first progress call: by then its worker
    processes exist, and they are never forked with the display's thread
    running."""

    def __init__(self, specs: list[GameSpec], games: int, enabled: bool, label: str = "") -> None:
        self.progress: Progress | None = None
        self.specs = specs
        self.games = games
        self.enabled = enabled
        self.label = label  # e.g. a variant the games are played under
        self.tasks: list[TaskID] = []

    def __enter__(self) -> _ProgressBars:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def update(self, level_index: int, level: LevelResult | CeilingLevel) -> None:
        if not self.enabled:
            return
        if self.progress is None:
            self.progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=True,
            )
            self.tasks = [
                self.progress.add_task(f"{_level_label(s)} {self.label}".rstrip(), total=self.games) for s in self.specs
            ]
            self.progress.start()
        total = level.tally.games if level.complete else None
        self.progress.update(
            self.tasks[level_index], completed=level.tally.games, total=total or None
        )  # None: unchanged


@main.command()
@click.argument("decks", metavar="DECK [DECK_B ...]", nargs=-1, required=True)
@click.option(
    "--levels", "levels_text", default="1-6", show_default=True, help="Shipped levels to check: 1-6, 3, 1,3-4."
)
@click.option(
    "--games", default=200, show_default=True, type=GAMES, help="Games per level (at most, with --precision)."
)
@click.option(
    "--bot",
    default=DEFAULT_BOT,
    show_default=True,
    type=click.Choice(BOT_NAMES),
    help="Who plays your side (docs/bots.md).",
)
@click.option("--seed", default=0, show_default=True, type=SEED, help="Base seed: every game's seed derives from it.")
@click.option("--json", "json_path", default=None, help="Also write every figure and setting to this JSON file.")
@click.option(
    "--csv",
    "csv_path",
    default=None,
    help="Also write the per-level figures (with --cards-stats, the card figures too) as a CSV table.",
)
@click.option("--level-file", default=None, help="Check against this level file instead of the shipped levels.")
@click.option(
    "--precision",
    default=None,
    type=float,
    help="Stop a level once its 95% interval is narrower than this (e.g. 0.05).",
)
@click.option(
    "--budget",
    default=None,
    type=BUDGET,
    help=f"{BUDGET_HELP} [default: {DEFAULT_BUDGET}].",
)
@click.option(
    "--max-turns",
    default=DEFAULT_MAX_TURNS,
    show_default=True,
    type=MAX_TURNS_TYPE,
    help="Turn cap: a game still going is a draw.",
)
@click.option(
    "--replay-dir",
    default="gateruler-replays",
    show_default=True,
    help="Where games that raised an error are saved as replays.",
)
@click.option(
    "--cards-stats", is_flag=True, help="Also print, per level, each card's figures and what dealt you damage."
)
@click.option(
    "--report", "report_path", default=None, help="Also write the figures, plotted, as one self-contained HTML page."
)
@click.option(
    "--sensitivity",
    is_flag=True,
    help="Also play the same games under each other reading of each open ruling and show what it changes (docs/variants.md).",
)
@click.option(
    "--ceiling",
    is_flag=True,
    help="Also search the same games with both deck orders known: the share no play can beat (docs/check.md).",
)
@click.option(
    "--ceiling-budget",
    default=None,
    type=CEILING_BUDGET,
    help=f"With --ceiling: the solver's nodes per game [default: {DEFAULT_CEILING_BUDGET:,}].",
)
@cards_option
@variant_option
@backend_options
def check(
    decks: tuple[str, ...],
    levels_text: str,
    games: int,
    bot: str,
    workers: int | None,
    seed: int,
    json_path: str | None,
    csv_path: str | None,
    level_file: str | None,
    precision: float | None,
    budget: int | None,
    max_turns: int,
    replay_dir: str,
    cards_stats: bool,
    report_path: str | None,
    sensitivity: bool,
    ceiling: bool,
    ceiling_budget: int | None,
    card_paths: tuple[str, ...],
    variant_texts: tuple[str, ...],
    backend: str,
    scheduler: str | None,
) -> None:
    """Play DECK against the rift levels with a bot and report how often it clears them.

    Given several decks, play each on the same games (the same seeds) and
    print, per level, each deck's clear rate and its paired difference from
    the first deck's, with its interval (docs/check.md)."""
    if precision is not None and not 0 < precision < 1:
        raise GateRulerError("--precision: must be between 0 and 1 (an interval width, e.g. 0.05)")
    if len(decks) > MAX_DECKS:
        raise GateRulerError(f"check: {len(decks)} decks; compare at most {MAX_DECKS} at once")
    deck = decks[0]
    json_out, csv_out, report_out = _outputs(decks, level_file, card_paths, json_path, csv_path, report_path)
    check_replay_dir(replay_dir)
    if ceiling_budget is not None and not ceiling:
        raise GateRulerError("--ceiling-budget: only with --ceiling")
    numbers = chosen_levels(levels_text, level_file)
    variants = given_variants(variant_texts)
    if len(decks) > 1:
        _one_deck_only({"--sensitivity": sensitivity, "--cards-stats": cards_stats, "--ceiling": ceiling})
    runner = open_backend(backend, scheduler, workers)
    if bot in SEARCHING and budget is None:
        budget = DEFAULT_BUDGET  # written down, so that the JSON and replays reproduce it
    specs = _specs(deck, numbers, level_file, max_turns, pool := load_pool(card_paths), variants)  # read once
    settings = BatchSettings(
        bot=bot, seed=seed, games=games, budget=budget, precision=precision, workers=runner.workers, backend=runner.name
    )
    if len(decks) > 1:
        others = [_specs(d, numbers, level_file, max_turns, pool, variants) for d in decks[1:]]
        _compare(decks, [specs, *others], settings, runner, replay_dir, json_out, csv_out, report_out)
        return
    out = stdout_console()
    result = None
    sensitive: Sensitivity | None = None
    bound: CeilingResult | None = None
    interrupt: KeyboardInterrupt | None = None
    try:
        with runner:
            settings = attrs.evolve(settings, workers=runner.workers)  # a cluster's, once reached
            _print_heading(out, specs, settings, runner)
            with _ProgressBars(specs, games, is_terminal(sys.stderr)) as bars:
                result = run_batch(specs, settings, bars.update, runner)
            if sensitivity and not result.interrupted:
                sensitive = run_sensitivity(specs, settings, result, runner, partial(_bars_for, games))
            if ceiling and not result.interrupted and not (sensitive is not None and sensitive.interrupted):
                with _bars_for(games, specs, "ceiling") as bars:
                    bound = run_ceiling(result, ceiling_budget or DEFAULT_CEILING_BUDGET, runner, bars.update)
    except KeyboardInterrupt as caught:  # before the batch began, or while the bars or the cluster closed
        interrupt = caught
    with deferred_interrupts() as later:  # a second Ctrl-C must not lose what the first promised
        if result is None:
            result = BatchResult(settings, [LevelResult(spec) for spec in specs], interrupted=True)
        interrupt = interrupt or result.interrupt or (bound.interrupt if bound is not None else None)
        _finish(result, settings, out, replay_dir, json_out, cards_stats, report_out, sensitive, bound, csv_out)
    if interrupt is not None:
        sys.exit(exit_code(interrupt))
    if later:  # Ctrl-C or SIGTERM while the result was being written: it was written all the same
        sys.exit(128 + later[0])


def _print_heading(out: Console, specs: list[GameSpec], settings: BatchSettings, runner: Backend) -> None:
    """What a check rests on, before its games: the deck, the bot, the seed, the card data, the rule variants."""
    out.print(
        f"{specs[0].deck.name} ({specs[0].deck.ruler}) - bot {bot_label(settings.bot, settings.budget)}"
        + f", seed {settings.seed}, up to {settings.games} games per level, {runner.describe()}"
    )
    library = library_summary(specs[0].pool)
    if library:
        out.print(library, soft_wrap=not out.is_terminal)
    out.print(variants_line(specs), soft_wrap=not out.is_terminal)
    out.print(
        gap_line(settings.bot, _gap_caveat(specs, settings)), soft_wrap=not out.is_terminal
    )  # whose clear rates (docs/check.md)


def _gap_caveat(specs: list[GameSpec], settings: BatchSettings) -> str | None:
    """Whether this check plays under conditions the shipped gaps were not measured on (standing.gap_caveat):
    other rule variants, the user's card files, a searching bot at another budget than the default."""
    budget = settings.budget if settings.bot in SEARCHING else None
    return gap_caveat(any(s.readings.changed() for s in specs), bool(specs and specs[0].pool.library_files), budget)


def _bars_for(games: int, changed: list[GameSpec], label: str) -> _ProgressBars:
    return _ProgressBars(changed, games, is_terminal(sys.stderr), label)


def _outputs(
    decks: tuple[str, ...],
    level_file: str | None,
    card_paths: tuple[str, ...],
    json_path: str | None,
    csv_path: str | None,
    report_path: str | None,
) -> tuple[Output | None, Output | None, Output | None]:
    """The --json, --csv and --report files, checked before any game is played: writable, none of the inputs, and
    no two of them the same file."""
    inputs = game_inputs(decks[0], level_file, card_paths) + [Input("a deck", d) for d in decks[1:]]
    json_out = None if json_path is None else check_output(json_path, option="--json", inputs=inputs)
    csv_out = None if csv_path is None else check_output(csv_path, option="--csv", inputs=inputs)
    report_out = None if report_path is None else check_output(report_path, option="--report", inputs=inputs)
    check_distinct({"--json": json_out, "--csv": csv_out, "--report": report_out})
    return json_out, csv_out, report_out


def _one_deck_only(flags: dict[str, bool]) -> None:
    """The options that read one deck's games, refused when decks are compared."""
    for flag, given in flags.items():
        if given:
            raise GateRulerError(f"{flag} reads one deck: give one DECK, or leave {flag} out to compare decks")


def _compare(
    files: tuple[str, ...],
    specs_by_deck: list[list[GameSpec]],
    settings: BatchSettings,
    runner: Backend,
    replay_dir: str,
    json_out: Output | None,
    csv_out: Output | None,
    report_out: Output | None,
) -> None:
    """`check DECK_A DECK_B ...`: every deck on the same games, then the comparison (gateruler.cli.check_compare)."""
    from gateruler.cli.check_compare import Compared, compare_json, compare_notes, compare_table
    from gateruler.cli.check_csv import csv_text

    out = stdout_console()
    results: list[BatchResult] = []
    interrupt: KeyboardInterrupt | None = None
    try:
        with runner:
            settings = attrs.evolve(settings, workers=runner.workers)
            out.print(
                f"{len(files)} decks on the same games - bot {bot_label(settings.bot, settings.budget)}"
                + f", seed {settings.seed}, up to {settings.games} games per level, {runner.describe()}"
            )
            for specs in specs_by_deck:
                library = library_summary(specs[0].pool)
                if library:
                    out.print(f"{specs[0].deck.name}: {library}", soft_wrap=not out.is_terminal)
            out.print(variants_line(specs_by_deck[0]), soft_wrap=not out.is_terminal)
            for specs in specs_by_deck:
                with _ProgressBars(specs, settings.games, is_terminal(sys.stderr), specs[0].deck.name) as bars:
                    result = run_batch(specs, settings, bars.update, runner)
                results.append(result)
                if result.interrupted:
                    interrupt = result.interrupt
                    break
    except KeyboardInterrupt as caught:
        interrupt = caught
    with deferred_interrupts() as later:
        results += [
            BatchResult(settings, [LevelResult(spec) for spec in specs], interrupted=True)
            for specs in specs_by_deck[len(results) :]
        ]
        compared = Compared(tuple(files), tuple(results))
        paths = []
        for file, result in zip(files, results):
            saved, unsaved = _save_error_replays(result, settings, Path(replay_dir) / Path(file).stem)
            paths.append(saved)
            for (level_index, game), why in {**saved, **unsaved}.items():
                number = result.levels[level_index].spec.level.number
                out.print(
                    f"{result.levels[0].spec.deck.name}: level {number} game {game} raised an error; replay: {why}"
                )
        if interrupt is not None:
            out.print("interrupted: partial result")
        wide = out.width >= WIDE
        out.print(compare_table(compared, wide))
        for line in compare_notes(compared, wide):
            out.print(line, soft_wrap=not out.is_terminal)
        data = compare_json(compared, [result_json(r, p) for r, p in zip(results, paths)])
        if json_out is not None:
            write_output(json_out, json.dumps(data, indent=1) + "\n")
        if report_out is not None:
            from gateruler.pages import write_page
            from gateruler.pages.compare_report import compare_html

            write_page(report_out, compare_html(data))
        if csv_out is not None:
            write_output(csv_out, csv_text(compared, False))
    if interrupt is not None:
        sys.exit(exit_code(interrupt))
    if later:
        sys.exit(128 + later[0])


def _finish(
    result: BatchResult,
    settings: BatchSettings,
    out: Console,
    replay_dir: str,
    json_out: Output | None,
    cards_stats: bool,
    report_out: Output | None,
    sensitivity: Sensitivity | None = None,
    ceiling: CeilingResult | None = None,
    csv_out: Output | None = None,
) -> None:
    """Everything a check promises once its games are played (or interrupted): replays, tables, JSON, CSV, report."""
    replay_paths, unsaved = _save_error_replays(result, settings, Path(replay_dir))
    ceiling_replays = save_win_replays(ceiling, settings, Path(replay_dir)) if ceiling is not None else {}
    if result.interrupted:
        out.print("interrupted: partial result")
    wide = out.width >= WIDE
    out.print(_table(result, wide))
    for line in _footnotes(result, {**replay_paths, **unsaved}, wide):
        out.print(line, soft_wrap=not out.is_terminal)  # piped: paths and seeds stay whole
    if sensitivity is not None:
        out.print()
        out.print(sensitivity_table(result, sensitivity, wide))
        for line in sensitivity_notes(sensitivity):
            out.print(line, soft_wrap=not out.is_terminal)
    if ceiling is not None:
        out.print()
        labels = {
            i: _level_label(lv.spec) if wide else f"level {lv.spec.level.number}" for i, lv in enumerate(result.levels)
        }
        for line in ceiling_lines(result, ceiling, labels, ceiling_replays):
            out.print(line, soft_wrap=not out.is_terminal)
    if cards_stats:
        _print_cards_stats(out, result)
    if json_out is not None or report_out is not None:
        data = result_json(result, replay_paths, sensitivity, ceiling, ceiling_replays)
    if json_out is not None:
        write_output(json_out, json.dumps(data, indent=1) + "\n")
    if csv_out is not None:
        from gateruler.cli.check_compare import Compared
        from gateruler.cli.check_csv import csv_text

        write_output(csv_out, csv_text(Compared((result.levels[0].spec.deck_path,), (result,)), cards_stats))
    if report_out is not None:
        from gateruler.pages import write_page
        from gateruler.pages.check_report import report_html

        write_page(report_out, report_html(data))


@main.command()
@click.argument("file")
@click.option(
    "--watch", is_flag=True, help="Show the game on the board (or its story, off a terminal) instead of checking it."
)
@click.option("--pace", type=PACE, help="With --watch: seconds between decisions; without it, space steps.")
@click.option(
    "--html", "html_path", default=None, help="Instead, write a page that steps through the game (no bot is asked)."
)
@cards_option
@variant_option
def replay(
    file: str,
    watch: bool,
    pace: float | None,
    html_path: str | None,
    card_paths: tuple[str, ...],
    variant_texts: tuple[str, ...],
) -> None:
    """Re-run a replay FILE and say whether it ends the same way (exit 0) or where it diverges (exit 1).

    With --watch, show it on the board instead; with --html, write a
    self-contained page that steps through the recorded game.  The player's
    cards the replay carries are used as recorded; --cards and your card
    library supply cards an older replay does not carry.  It is played
    under the rule variants it recorded; --variant replaces one (with
    --watch and --html too), to see where that reading would change the
    game."""
    if watch and html_path is not None:
        raise GateRulerError("--watch and --html: give one or the other")
    variants = given_variants(variant_texts)
    if watch:
        from gateruler.cli.cmd_watch import watch_replay

        sys.exit(watch_replay(file, pace, pool=card_pool(card_paths), variants=variants))
    if html_path is not None:
        inputs = [Input("the replay", file), *(Input("a card file", path) for path in card_paths)]
        _replay_page(file, check_output(html_path, option="--html", inputs=inputs), card_pool(card_paths), variants)
        return
    outcome = rerun(file, card_pool(card_paths), variants)
    for note in outcome.notes:
        click.echo(f"note: {note}")
    click.echo(f"{file}: {outcome.message}")
    sys.exit(0 if outcome.same else 1)


def _replay_page(file: str, target: Output, pool: CardPool, variants: dict[str, str]) -> None:
    from gateruler.pages import write_page
    from gateruler.pages.replay_page import replay_page_html

    text, walkthrough = replay_page_html(file, pool, variants)
    write_page(target, text)
    click.echo(f"{target.shown}: {len(walkthrough.steps)} steps of {file}. {walkthrough.ending}")
