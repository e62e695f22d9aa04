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
import sys
from collections.abc import Callable
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
from gateruler.bots import BOT_NAMES, DEFAULT_BOT, SEARCHING, bot_label, tuned_weights
from gateruler.bots.search import DEFAULT_BUDGET
from gateruler.bots.standing import FITTED, gap_line, standing_json
from gateruler.cardpool import CardPool
from gateruler.check_results import CHECK_FORMAT, CHECK_VERSION
from gateruler.cli import main, stdout_console
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.check_cards import CARDS_NOTE, cards_table, damage_table, endings_line, level_figures_json
from gateruler.cli.cmd_variants import given_variants, variant_option
from gateruler.engine.game import DEFAULT_MAX_TURNS
from gateruler.errors import GateRulerError
from gateruler.fileio import write_text_atomic
from gateruler.interrupts import deferred_interrupts, exit_code
from gateruler.library import library_summary
from gateruler.limits import MAX_BUDGET, MAX_SEED, MAX_TURNS, MAX_WORKERS
from gateruler.replay import card_data_hash, game_data_hash, replay_data, rerun, write_replay
from gateruler.sensitivity import Sensitivity, run_sensitivity
from gateruler.special_rules import invader_definitions
from gateruler.stats import ERROR
from gateruler.variants import readings_for

SHIPPED_LEVELS = range(1, 7)


def parse_levels(text: str) -> list[int]:
    """'1-6', '3', '1,3-4' -> level numbers in the order given, each once."""
    out: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            if "-" in part:
                first, last = (int(x) for x in part.split("-", 1))
                numbers = list(range(first, last + 1))
                if not numbers:
                    raise ValueError
            else:
                numbers = [int(part)]
        except ValueError:
            raise GateRulerError(f"--levels: {text!r} is not a level list such as 1-6, 3 or 1,3-4") from None
        for n in numbers:
            if n not in SHIPPED_LEVELS:
                raise GateRulerError(
                    f"--levels: there is no level {n}; the shipped levels are 1 to 6 (use --level-file for others)"
                )
            if n not in out:
                out.append(n)
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
                type=int,
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
    player = loader.load_player_deck(deck_path, pool, rulers)
    ruler = rulers[player.deck.ruler]
    refs: list[int | str] = [level_file] if level_file is not None else list(level_numbers)
    specs = []
    for ref in refs:
        if isinstance(ref, str):
            if not Path(ref).is_file():
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


def _within(option: str, value: int | None, low: int, high: int) -> None:
    """An option's number within its bound of docs/limits.md (None: not given)."""
    if value is not None and value < low:
        raise GateRulerError(f"{option}: must be at least {low}")
    if value is not None and value > high:
        raise GateRulerError(f"{option}: must be at most {high:,} (see docs/limits.md)")


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


def _save_error_replays(result: BatchResult, settings: BatchSettings, directory: Path) -> dict[tuple[int, int], str]:
    saved: dict[tuple[int, int], str] = {}
    for level in result.levels:
        for record in level.errors:
            directory.mkdir(parents=True, exist_ok=True)
            path = directory / f"error-level{level.spec.level.number}-game{record.index}-seed{record.seed}.json"
            write_replay(path, _error_replay(level.spec, settings, record))
            saved[(record.level_index, record.index)] = str(path)
    return saved


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
    if bot not in FITTED:
        return None
    tuned = tuned_weights()
    return {"file": tuned.path.name, "version": tuned.version, "weights": tuned.weights.as_dict()}


def result_json(
    result: BatchResult, replay_paths: dict[tuple[int, int], str], sensitivity: Sensitivity | None = None
) -> dict:
    """Every figure and every setting needed to run the same check again (the bot's weights; the rule
    variants in force that are not the defaults; each level also lists the value of every variant it
    was played under, and with --sensitivity what each other reading does to its clear rate)."""
    settings = result.settings
    first = result.levels[0].spec
    levels = []
    for index, level in enumerate(result.levels):
        spec = level.spec
        deck_prov, rift_prov = provisional_cards(spec)
        levels.append(
            {
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
        )
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
            "bot_info": standing_json(settings.bot),
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
        },
        "interrupted": result.interrupted,
        "levels": levels,
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
    for level in result.levels:
        out.print()
        out.print(f"{_level_label(level.spec)}: {level.insight.games} games read; {endings_line(level)}")
        out.print(cards_table(level))
        out.print(damage_table(level))
    out.print(CARDS_NOTE)


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

    def update(self, level_index: int, level: LevelResult) -> None:
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
            self.tasks[level_index], completed=level.tally.games, **({"total": total} if total else {})
        )


@main.command()
@click.argument("deck")
@click.option(
    "--levels", "levels_text", default="1-6", show_default=True, help="Shipped levels to check: 1-6, 3, 1,3-4."
)
@click.option("--games", default=200, show_default=True, type=int, help="Games per level (at most, with --precision).")
@click.option(
    "--bot",
    default=DEFAULT_BOT,
    show_default=True,
    type=click.Choice(BOT_NAMES),
    help="Who plays your side (docs/bots.md).",
)
@click.option("--seed", default=0, show_default=True, type=int, help="Base seed: every game's seed derives from it.")
@click.option("--json", "json_path", default=None, help="Also write every figure and setting to this JSON file.")
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
    type=int,
    help=f"The search and lookahead bots' rollouts per decision [default: {DEFAULT_BUDGET}].",
)
@click.option(
    "--max-turns",
    default=DEFAULT_MAX_TURNS,
    show_default=True,
    type=int,
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
@cards_option
@variant_option
@backend_options
def check(
    deck: str,
    levels_text: str,
    games: int,
    bot: str,
    workers: int | None,
    seed: int,
    json_path: str | None,
    level_file: str | None,
    precision: float | None,
    budget: int | None,
    max_turns: int,
    replay_dir: str,
    cards_stats: bool,
    report_path: str | None,
    sensitivity: bool,
    card_paths: tuple[str, ...],
    variant_texts: tuple[str, ...],
    backend: str,
    scheduler: str | None,
) -> None:
    """Play DECK against the rift levels with a bot and report how often it clears them."""
    if games < 1:
        raise GateRulerError("--games: must be at least 1")
    _within("--workers", workers, 1, MAX_WORKERS)
    if precision is not None and not 0 < precision < 1:
        raise GateRulerError("--precision: must be between 0 and 1 (an interval width, e.g. 0.05)")
    _within("--budget", budget, 1, MAX_BUDGET)
    _within("--max-turns", max_turns, 1, MAX_TURNS)
    _within("--seed", seed, 0, MAX_SEED)
    numbers = chosen_levels(levels_text, level_file)
    variants = given_variants(variant_texts)
    runner = open_backend(backend, scheduler, workers)
    if bot in SEARCHING and budget is None:
        budget = DEFAULT_BUDGET  # written down, so that the JSON and replays reproduce it
    specs = _specs(deck, numbers, level_file, max_turns, load_pool(card_paths), variants)
    settings = BatchSettings(
        bot=bot, seed=seed, games=games, budget=budget, precision=precision, workers=runner.workers, backend=runner.name
    )
    out = stdout_console()
    result = None
    sensitive: Sensitivity | None = None
    interrupt: KeyboardInterrupt | None = None
    try:
        with runner:
            settings = attrs.evolve(settings, workers=runner.workers)  # a cluster's, once reached
            out.print(
                f"{specs[0].deck.name} ({specs[0].deck.ruler}) - bot {bot_label(bot, budget)}"
                + f", seed {seed}, up to {games} games per level, {runner.describe()}"
            )
            library = library_summary(specs[0].pool)
            if library:
                out.print(library, soft_wrap=not out.is_terminal)
            out.print(variants_line(specs), soft_wrap=not out.is_terminal)
            out.print(gap_line(bot), soft_wrap=not out.is_terminal)  # whose clear rates these are (docs/check.md)
            with _ProgressBars(specs, games, sys.stderr.isatty()) as bars:
                result = run_batch(specs, settings, bars.update, runner)
            if sensitivity and not result.interrupted:

                def bars_for(changed: list[GameSpec], label: str) -> _ProgressBars:
                    return _ProgressBars(changed, games, sys.stderr.isatty(), label)

                sensitive = run_sensitivity(specs, settings, result, runner, bars_for)
    except KeyboardInterrupt as caught:  # before the batch began, or while the bars or the cluster closed
        interrupt = caught
    with deferred_interrupts() as later:  # a second Ctrl-C must not lose what the first promised
        if result is None:
            result = BatchResult(settings, [LevelResult(spec) for spec in specs], interrupted=True)
        interrupt = interrupt or result.interrupt
        _finish(result, settings, out, replay_dir, json_path, cards_stats, report_path, sensitive)
    if interrupt is not None:
        sys.exit(exit_code(interrupt))
    if later:  # Ctrl-C or SIGTERM while the result was being written: it was written all the same
        sys.exit(128 + later[0])


def _finish(
    result: BatchResult,
    settings: BatchSettings,
    out: Console,
    replay_dir: str,
    json_path: str | None,
    cards_stats: bool,
    report_path: str | None,
    sensitivity: Sensitivity | None = None,
) -> None:
    """Everything a check promises once its games are played (or interrupted): replays, tables, JSON, report."""
    replay_paths = _save_error_replays(result, settings, Path(replay_dir))
    if result.interrupted:
        out.print("interrupted: partial result")
    wide = out.width >= WIDE
    out.print(_table(result, wide))
    for line in _footnotes(result, replay_paths, wide):
        out.print(line, soft_wrap=not out.is_terminal)  # piped: paths and seeds stay whole
    if sensitivity is not None:
        out.print()
        out.print(sensitivity_table(result, sensitivity, wide))
        for line in sensitivity_notes(sensitivity):
            out.print(line, soft_wrap=not out.is_terminal)
    if cards_stats:
        _print_cards_stats(out, result)
    if json_path is not None:
        try:
            write_text_atomic(json_path, json.dumps(result_json(result, replay_paths, sensitivity), indent=1) + "\n")
        except OSError as error:
            raise GateRulerError(f"{json_path}: cannot write: {error.strerror or error}") from None
    if report_path is not None:
        from gateruler.pages import write_page
        from gateruler.pages.check_report import report_html

        write_page(report_path, report_html(result_json(result, replay_paths, sensitivity)))


@main.command()
@click.argument("file")
@click.option(
    "--watch", is_flag=True, help="Show the game on the board (or its story, off a terminal) instead of checking it."
)
@click.option(
    "--pace", type=click.FloatRange(0.05), help="With --watch: seconds between decisions; without it, space steps."
)
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
    under the rule variants it recorded; --variant replaces one, to see
    where that reading would change the game."""
    if watch and html_path is not None:
        raise GateRulerError("--watch and --html: give one or the other")
    variants = given_variants(variant_texts)
    if watch:
        from gateruler.cli.cmd_watch import watch_replay

        sys.exit(watch_replay(file, pace, pool=card_pool(card_paths), variants=variants))
    if html_path is not None:
        if variants:
            raise GateRulerError("--html and --variant: the page shows the game as recorded")
        _replay_page(file, html_path, card_pool(card_paths))
        return
    outcome = rerun(file, card_pool(card_paths), variants)
    for note in outcome.notes:
        click.echo(f"note: {note}")
    click.echo(f"{file}: {outcome.message}")
    sys.exit(0 if outcome.same else 1)


def _replay_page(file: str, html_path: str, pool: CardPool) -> None:
    from gateruler.pages import write_page
    from gateruler.pages.replay_page import replay_page_html

    text, walkthrough = replay_page_html(file, pool)
    write_page(html_path, text)
    click.echo(f"{html_path}: {len(walkthrough.steps)} steps of {file}. {walkthrough.ending}")
