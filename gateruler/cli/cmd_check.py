"""``gateruler check``: can this deck clear the rifts?  And ``gateruler replay``.

`check` plays many games of a deck against each level with a bot and prints,
per level, the clear rate with its Wilson 95% interval, how the other games
ended, and whether the figures rest on provisional card data.  It runs games
in worker processes, gives the same figures for a seed whatever the number of
workers, shows a progress bar only on a terminal, and on Ctrl-C prints what it
has so far.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click
from click.core import ParameterSource
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from gateruler import __version__
from gateruler.batch import (
    CHUNK,
    BatchResult,
    BatchSettings,
    ErrorRecord,
    GameSpec,
    LevelResult,
    run_batch,
)
from gateruler.bots import BOT_NAMES
from gateruler.check_results import CHECK_FORMAT, CHECK_VERSION
from gateruler.bots.search import DEFAULT_BUDGET
from gateruler.cli import main, stdout_console
from gateruler.engine.game import DEFAULT_MAX_TURNS
from gateruler.errors import GateRulerError
from gateruler.fileio import write_text_atomic
from gateruler.interrupts import deferred_interrupts, exit_code
from gateruler.limits import MAX_BUDGET, MAX_SEED, MAX_TURNS, MAX_WORKERS
from gateruler.replay import card_data_hash, game_data_hash, replay_data, rerun, write_replay
from gateruler.special_rules import invader_definitions
from gateruler.stats import ERROR

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
                raise GateRulerError(f"--levels: there is no level {n}; the shipped levels are 1 to 6 (use --level-file for others)")
            if n not in out:
                out.append(n)
    return out


def _specs(deck_path: str, level_numbers: list[int], level_file: str | None, max_turns: int) -> list[GameSpec]:
    from gateruler import loader

    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(deck_path, pool, rulers)
    ruler = rulers[deck.ruler]
    refs: list[int | str] = [level_file] if level_file is not None else list(level_numbers)
    specs = []
    for ref in refs:
        if isinstance(ref, str):
            if not Path(ref).is_file():
                raise GateRulerError(f"{ref}: no such level file")
            level = loader.load_level(Path(ref))
            ref = str(Path(ref).resolve())
        else:
            level = loader.load_level(ref)
        specs.append(GameSpec(deck, ruler, level, pool.for_level(level), max_turns, ref, str(Path(deck_path).resolve())))
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


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _level_label(spec: GameSpec) -> str:
    return f"{spec.level.number} {spec.level.name}" if isinstance(spec.level_ref, int) else f"{spec.level.name} ({Path(str(spec.level_ref)).name})"


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
            lines.append(f"level {number}: stopped after {level.tally.games} games, once the interval was narrower than --precision")
        for record in level.errors:
            where = replay_paths.get((record.level_index, record.index))
            saved = f"; replay: {where}" if where else ""
            lines.append(f"level {number} game {record.index}: {record.message} (seed {record.seed}, bot seed {record.bot_seed}){saved}")
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


def result_json(result: BatchResult, replay_paths: dict[tuple[int, int], str]) -> dict:
    """Every figure and every setting needed to run the same check again."""
    settings = result.settings
    first = result.levels[0].spec
    levels = []
    for level in result.levels:
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
                **level.tally.to_dict(),
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
        "settings": {
            "deck": {
                "file": first.deck_path,
                "name": first.deck.name,
                "ruler": first.deck.ruler,
                "cards": [[e.card, e.count] for e in first.deck.cards],
            },
            "levels": [lv.spec.level_ref for lv in result.levels],
            "bot": settings.bot,
            "budget": settings.budget,
            "seed": settings.seed,
            "games": settings.games,
            "precision": settings.precision,
            "max_turns": first.max_turns,
            "workers": settings.workers,
            "chunk": CHUNK,
            "seeds": "game i of level L: gateruler.batch.game_seed(seed, L, i); its bot: bot_seed(seed, L, i)",
        },
        "interrupted": result.interrupted,
        "levels": levels,
    }


class _ProgressBars:
    """One bar per level on a terminal, nothing otherwise.

    The bars start at the batch's first progress call: by then its worker
    processes exist, and they are never forked with the display's thread
    running."""

    def __init__(self, specs: list[GameSpec], games: int, enabled: bool) -> None:
        self.progress: Progress | None = None
        self.specs = specs
        self.games = games
        self.enabled = enabled
        self.tasks: list[TaskID] = []

    def __enter__(self) -> "_ProgressBars":
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
            self.tasks = [self.progress.add_task(_level_label(s), total=self.games) for s in self.specs]
            self.progress.start()
        total = level.tally.games if level.complete else None
        self.progress.update(self.tasks[level_index], completed=level.tally.games, **({"total": total} if total else {}))


@main.command()
@click.argument("deck")
@click.option("--levels", "levels_text", default="1-6", show_default=True, help="Shipped levels to check: 1-6, 3, 1,3-4.")
@click.option("--games", default=200, show_default=True, type=int, help="Games per level (at most, with --precision).")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(BOT_NAMES), help="Who plays your side.")
@click.option("--workers", default=None, type=int, help="Worker processes [default: one per core].")
@click.option("--seed", default=0, show_default=True, type=int, help="Base seed: every game's seed derives from it.")
@click.option("--json", "json_path", default=None, help="Also write every figure and setting to this JSON file.")
@click.option("--level-file", default=None, help="Check against this level file instead of the shipped levels.")
@click.option("--precision", default=None, type=float, help="Stop a level once its 95% interval is narrower than this (e.g. 0.05).")
@click.option("--budget", default=None, type=int, help=f"The search bot's rollouts per decision [default: {DEFAULT_BUDGET}].")
@click.option("--max-turns", default=DEFAULT_MAX_TURNS, show_default=True, type=int, help="Turn cap: a game still going is a draw.")
@click.option("--replay-dir", default="gateruler-replays", show_default=True, help="Where games that raised an error are saved as replays.")
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
    if level_file is not None and click.get_current_context().get_parameter_source("levels_text") is not ParameterSource.DEFAULT:
        raise GateRulerError("--levels and --level-file: give one or the other")
    numbers = parse_levels(levels_text)
    if bot == "search" and budget is None:
        budget = DEFAULT_BUDGET  # written down, so that the JSON and replays reproduce it
    specs = _specs(deck, numbers, level_file, max_turns)
    settings = BatchSettings(
        bot=bot,
        seed=seed,
        games=games,
        budget=budget,
        precision=precision,
        workers=workers if workers is not None else (os.cpu_count() or 1),
    )
    out = stdout_console()
    out.print(
        f"{specs[0].deck.name} ({specs[0].deck.ruler}) - bot {bot}"
        + (f" (budget {budget})" if budget is not None and bot == "search" else "")
        + f", seed {seed}, up to {games} games per level, {settings.workers} worker{'s' if settings.workers != 1 else ''}"
    )
    result = None
    interrupt: KeyboardInterrupt | None = None
    try:
        with _ProgressBars(specs, games, sys.stderr.isatty()) as bars:
            result = run_batch(specs, settings, bars.update)
    except KeyboardInterrupt as caught:  # before the batch began, or while the bars closed
        interrupt = caught
    with deferred_interrupts() as later:  # a second Ctrl-C must not lose what the first promised
        if result is None:
            result = BatchResult(settings, [LevelResult(spec) for spec in specs], interrupted=True)
        interrupt = interrupt or result.interrupt
        _finish(result, settings, out, replay_dir, json_path)
    if interrupt is not None:
        sys.exit(exit_code(interrupt))
    if later:  # Ctrl-C or SIGTERM while the result was being written: it was written all the same
        sys.exit(128 + later[0])


def _finish(result: BatchResult, settings: BatchSettings, out: Console, replay_dir: str, json_path: str | None) -> None:
    """Everything a check promises once its games are played (or interrupted): replays, table, JSON."""
    replay_paths = _save_error_replays(result, settings, Path(replay_dir))
    if result.interrupted:
        out.print("interrupted: partial result")
    wide = out.width >= WIDE
    out.print(_table(result, wide))
    for line in _footnotes(result, replay_paths, wide):
        out.print(line, soft_wrap=not out.is_terminal)  # piped: paths and seeds stay whole
    if json_path is not None:
        try:
            write_text_atomic(json_path, json.dumps(result_json(result, replay_paths), indent=1) + "\n")
        except OSError as error:
            raise GateRulerError(f"{json_path}: cannot write: {error.strerror or error}") from None


@main.command()
@click.argument("file")
def replay(file: str) -> None:
    """Re-run a replay FILE and say whether it ends the same way (exit 0) or where it diverges (exit 1)."""
    outcome = rerun(file)
    for note in outcome.notes:
        click.echo(f"note: {note}")
    click.echo(f"{file}: {outcome.message}")
    sys.exit(0 if outcome.same else 1)
