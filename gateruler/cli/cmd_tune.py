"""``gateruler tune``: a better deck from the cards a player owns, and an honest measure of the gain.

The search and its statistics live in :mod:`gateruler.tune`; this module reads
the files, runs it on the chosen backend with a progress bar on a terminal,
prints the rounds, the swaps and the before/after clear rates, and writes the
new deck file (never over the input unless asked).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import attrs
import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from gateruler.batch import GameSpec
from gateruler.bots import BOT_NAMES, SEARCHING
from gateruler.bots.search import DEFAULT_BUDGET
from gateruler.cli import main, stdout_console
from gateruler.cli.card_library import cards_option
from gateruler.cli.cmd_check import (
    WIDE,
    _level_label,
    _pct,
    backend_options,
    chosen_levels,
    deck_specs,
    game_inputs,
    load_pool,
    open_backend,
    provisional_cards,
)
from gateruler.cli.cmd_variants import given_variants, variant_option
from gateruler.cli.options import BUDGET, BUDGET_HELP, CANDIDATES, GAMES, MAX_TURNS_TYPE, ROUNDS, SEED
from gateruler.engine.game import DEFAULT_MAX_TURNS
from gateruler.errors import GateRulerError
from gateruler.fileio import Input, Output, check_output, write_output
from gateruler.interrupts import exit_code
from gateruler.replay import card_data_hash
from gateruler.stats import Tally, mcnemar_p
from gateruler.streams import is_terminal
from gateruler.tune import (
    DEFAULT_CANDIDATES,
    DEFAULT_FINAL_GAMES,
    DEFAULT_GAMES,
    DEFAULT_ROUNDS,
    Comparison,
    TuneResult,
    TuneSettings,
    deck_yaml,
    tune,
)


class _Bar:
    """One progress bar on a terminal (rounds, then the fresh games), nothing otherwise."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.progress: Progress | None = None
        self.task: TaskID | None = None
        self.label = ""

    def __enter__(self) -> _Bar:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()

    def update(self, label: str, done: int, planned: int) -> None:
        if not self.enabled:
            return
        if self.progress is None:
            self.progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                console=Console(file=sys.stderr), transient=True,
            )  # fmt: skip
            self.progress.start()
        if label != self.label or self.task is None:
            if self.task is not None:
                self.progress.remove_task(self.task)
            self.task = self.progress.add_task(label, total=planned)
            self.label = label
        self.progress.update(self.task, completed=done)


def _output_target(deck: str, output: str | None, overwrite: bool, inputs: list[Input]) -> Output:
    """Where the tuned deck goes, checked before the search starts: never an input, the deck only with --overwrite."""
    path = output if output is not None else f"{Path(deck).stem}.tuned.yaml"
    others = [item for item in inputs if item.label != "the deck"]
    target = check_output(path, option="--output", inputs=others)
    if target.path == Path(os.path.realpath(deck)) and not overwrite:
        raise GateRulerError(f"--output: {path} is the deck itself; add --overwrite to replace it")
    return target


def _rate(tally: Tally) -> str:
    low, high = tally.interval()
    return f"{_pct(tally.clear_rate)} ({100 * low:.1f}-{_pct(high)})"


def _points(low: float, high: float) -> str:
    return f"{100 * low:+.1f} to {100 * high:+.1f}"


COMPARISON_COLUMNS = (
    # (wide heading, narrow heading): the narrow ones fit 80 columns
    ("level", "lvl"),
    ("before (95% interval)", "before (95%)"),
    ("after (95% interval)", "after (95%)"),
    ("change", "diff"),
    ("paired 95% interval", "paired 95%"),
)


def _comparison_table(final: Comparison, labels: list[str], wide: bool) -> Table:
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    for i, headings in enumerate(COMPARISON_COLUMNS):
        table.add_column(headings[0 if wide else 1], justify="left" if i == 0 else "right", no_wrap=True)
    rows = [
        (label, b, a, final.level_interval(i))
        for i, (label, b, a) in enumerate(zip(labels, final.before.tallies, final.after.tallies))
    ]
    rows.append(("all levels" if wide else "all", final.before.total, final.after.total, final.overall_interval()))
    for label, before, after, (low, high) in rows:
        change = 100 * (after.clear_rate - before.clear_rate)
        table.add_row(label, _rate(before), _rate(after), f"{change:+.1f}", _points(low, high))
    return table


def _report(result: TuneResult, labels: list[str], marks: str, wide: bool) -> list[str | Table]:
    pool = result.pool
    out: list[str | Table] = []
    for rnd in result.rounds:
        if not rnd.finished:
            out.append(
                f"round {rnd.number} (seed {rnd.seed}): {len(rnd.trials)} swaps, interrupted after {rnd.level_games} games per level"
            )
            continue
        dropped = sum(t.dropped for t in rnd.trials)
        head = (
            f"round {rnd.number} (seed {rnd.seed}): {len(rnd.trials)} swap{'s' if len(rnd.trials) != 1 else ''} "
            f"against the deck on the same {rnd.level_games} games per level, {dropped} dropped early; "
        )
        if rnd.accepted is not None:
            t = rnd.accepted
            out.append(
                head + f"kept {t.swap.describe(pool)}: it alone cleared {t.wins} of them, the deck alone {t.losses} "
                f"(p = {t.p_value:.2g} < {rnd.threshold:.2g}, the bar for {_swaps(len(rnd.trials))} tried at once)"
            )
            continue
        best = max(rnd.trials, key=lambda t: t.wins - t.losses)
        out.append(
            head + f"none kept: the best, {best.swap.describe(pool)}, alone cleared {best.wins} of them and the deck "
            f"alone {best.losses} (p = {best.p_value:.2g}; with {_swaps(len(rnd.trials))} tried it needed "
            f"p < {rnd.threshold:.2g})"
        )
    if result.interrupted:
        out.append("interrupted: the swaps so far are not measured on fresh games and no deck file is written")
    else:
        out.append(f"search ended: {result.stopped}")
    if not result.swaps:
        if not result.interrupted:
            out.append("no swap beat the deck on the games played: it is unchanged and no file is written")
            if result.rounds:
                out.append(_nothing_kept_words(result))
        return out
    out.append("swaps: " + "; ".join(s.describe(pool) for s in result.swaps))
    final = result.final
    if final is None:
        return out
    out.append(
        f"before and after on {final.games} fresh games per level (seed {final.seed}), never used to choose the swaps:"
    )
    out.append(_comparison_table(final, labels, wide))
    both, only_before, only_after, neither = final.overall()
    out.append(
        f"on the same games: only the tuned deck cleared {only_after}, only the original {only_before} "
        f"(McNemar p = {mcnemar_p(only_after, only_before):.2g}).  The before column is what "
        f"`gateruler check` of the original gives with --seed {final.seed} --games {final.games}."
    )
    if marks:
        out.append(marks)
    if result.errors:
        out.append(
            f"{result.errors} games raised an error and count as not cleared: run `gateruler check` on the decks to see them"
        )
    return out


def _swaps(count: int) -> str:
    return f"{count} swap{'' if count == 1 else 's'}"


def _nothing_kept_words(result: TuneResult) -> str:
    """Why a search can keep nothing, and what to try: the lever is the games, then the number of swaps."""
    s = result.settings
    fewer = max(1, s.candidates // 3)
    return (
        "What this means: only the games exactly one of the two decks clears tell them apart, and a swap of a few "
        "cards changes few games, so a real gain of a few points hides in the luck of a hundred games.  A swap is "
        f"kept only when its record on those games would arise by luck less than 5% of the time divided by the "
        f"swaps tried at once (the best of {s.candidates} equally good swaps looks best by luck).  That none was kept "
        "does not show the deck cannot be better.  To find smaller gains: play more games a round "
        f"(--games {s.games * 3}), try fewer swaps at once (--candidates {fewer}: a lower bar), and tune for the "
        "levels where the deck both clears and loses (--levels): where it always or never clears, no swap shows."
    )


@main.command("tune")
@click.argument("deck")
@click.option("--collection", "collection_path", required=True, help="The cards you own (a YAML file: docs/scale.md).")
@click.option(
    "--levels", "levels_text", default="1-6", show_default=True, help="Shipped levels to tune for: 1-6, 3, 1,3-4."
)
@click.option("--level-file", default=None, help="Tune for this level file instead of the shipped levels.")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(BOT_NAMES), help="Who plays your side.")
@click.option(
    "--budget",
    default=None,
    type=BUDGET,
    help=f"{BUDGET_HELP} [default: {DEFAULT_BUDGET}].",
)
@click.option(
    "--seed",
    default=0,
    show_default=True,
    type=SEED,
    help="Base seed: every game, candidate and comparison derives from it.",
)
@click.option(
    "--games",
    default=DEFAULT_GAMES,
    show_default=True,
    type=GAMES,
    help="Per round: the most games per level a swap is played on.",
)
@click.option(
    "--candidates", default=DEFAULT_CANDIDATES, show_default=True, type=CANDIDATES, help="Swaps tried per round."
)
@click.option(
    "--rounds",
    default=DEFAULT_ROUNDS,
    show_default=True,
    type=ROUNDS,
    help="Rounds of search (at most one swap kept per round).",
)
@click.option(
    "--final-games",
    default=DEFAULT_FINAL_GAMES,
    show_default=True,
    type=GAMES,
    help="Fresh games per level for the before/after comparison.",
)
@click.option(
    "--max-turns",
    default=DEFAULT_MAX_TURNS,
    show_default=True,
    type=MAX_TURNS_TYPE,
    help="Turn cap: a game still going is a draw.",
)
@click.option(
    "--output", default=None, help="Where to write the tuned deck [default: DECK's name with .tuned.yaml, here]."
)
@click.option("--overwrite", is_flag=True, help="Allow --output to be DECK itself.")
@variant_option
@backend_options
@cards_option
def tune_command(
    deck: str,
    collection_path: str,
    levels_text: str,
    level_file: str | None,
    bot: str,
    budget: int | None,
    seed: int,
    games: int,
    candidates: int,
    rounds: int,
    final_games: int,
    max_turns: int,
    output: str | None,
    overwrite: bool,
    variant_texts: tuple[str, ...],
    backend: str,
    scheduler: str | None,
    workers: int | None,
    card_paths: tuple[str, ...],
) -> None:
    """Improve DECK with swaps from the cards you own, and measure the gain on fresh games."""
    from gateruler import loader

    numbers = chosen_levels(levels_text, level_file)
    variants = given_variants(variant_texts)
    runner = open_backend(backend, scheduler, workers)
    if bot in SEARCHING and budget is None:
        budget = DEFAULT_BUDGET  # printed, so that the run can be repeated after the default changes
    inputs = [*game_inputs(deck, level_file, card_paths), Input("the collection", collection_path)]
    target = _output_target(deck, output, overwrite, inputs)
    rulers = loader.load_rulers()
    player = loader.load_player_deck(deck, load_pool(card_paths), rulers)  # the deck file, read once
    specs = deck_specs(player, rulers, deck, numbers, level_file, max_turns, variants)
    pool = player.pool  # the deck's own card_files too, as check reads them
    collection = loader.load_collection(collection_path, pool)
    settings = TuneSettings(
        bot=bot, budget=budget, seed=seed, games=games, candidates=candidates, rounds=rounds, final_games=final_games
    )
    out = stdout_console()
    wide = out.width >= WIDE
    labels = [_level_label(s) if wide else str(s.level.number) for s in specs]
    where = f"level file {level_file}" if level_file is not None else "levels " + ", ".join(map(str, numbers))
    result = None
    interrupt: KeyboardInterrupt | None = None
    try:
        with runner:
            out.print(
                f"tuning {specs[0].deck.name} ({specs[0].deck.ruler}) within {collection_path} - bot {bot}"
                + (f" (budget {budget})" if bot in SEARCHING else "")
                + f", seed {seed}, {where}, {runner.describe()}"
            )
            out.print(
                f"card data {card_data_hash(pool)}; up to {candidates} swaps a round on up to {games} games per level, "
                f"{rounds} round{'s' if rounds != 1 else ''}, then {final_games} fresh games per level; "
                f"rule variants: {specs[0].readings.words()}",
                soft_wrap=not out.is_terminal,
            )
            with _Bar(is_terminal(sys.stderr)) as bar:
                result = tune(specs, collection, settings, pool, runner, bar.update)
    except KeyboardInterrupt as caught:  # before the search began, or while the bar or the cluster closed
        if result is None:
            out.print("interrupted before the first round")
            sys.exit(exit_code(caught))
        result.interrupted = True
        interrupt = caught
    for item in _report(result, labels, _provisional_note(specs, result), wide):
        out.print(item, soft_wrap=not out.is_terminal) if isinstance(item, str) else out.print(item)
    if not wide and result.final is not None:
        out.print("Levels: " + ", ".join(_level_label(s) for s in specs) + ".")
    if result.interrupted:
        sys.exit(exit_code(interrupt or result.interrupt))
    if result.swaps:
        _write(target, result, deck, collection_path, where, variants)
        out.print(f"wrote {target.shown}")


def _provisional_note(specs: list[GameSpec], result: TuneResult) -> str:
    """Which results rest on provisional card numbers (the decks' cards or the levels')."""
    decks = {e.card for d in (result.original, result.tuned) for e in d.cards}
    deck_prov = sorted(c for c in decks if result.pool[c].is_provisional)
    rift = sum(bool(provisional_cards(attrs.evolve(s, deck=result.original))[1]) for s in specs)
    if not deck_prov and not rift:
        return ""
    return (
        "these figures depend on provisional card data, numbers that are ours (`gateruler cards --provisional`): "
        f"{len(deck_prov)} of the decks' cards and the rift cards of {rift} of the {len(specs)} levels."
    )


def _write(
    target: Output, result: TuneResult, deck: str, collection: str, where: str, variants: dict[str, str]
) -> None:
    s = result.settings
    final = result.final
    given = "".join(f" --variant {name}={value}" for name, value in variants.items())
    comments = [
        f"Tuned by `gateruler tune {deck} --collection {collection}{given}` "
        f"(bot {s.bot}{f' budget {s.budget}' if s.bot in SEARCHING else ''}, seed {s.seed}, {where}).",
        "Swaps: " + "; ".join(w.describe(result.pool) for w in result.swaps) + ".",
    ]
    if final is not None:
        before, after = final.before.total.clear_rate, final.after.total.clear_rate
        comments.append(
            f"Clear rate on {final.games} fresh games per level (seed {final.seed}): {_pct(before)} before, {_pct(after)} after."
        )
    description = f"{result.original.name}, tuned: " + "; ".join(w.describe(result.pool) for w in result.swaps) + "."
    named = attrs.evolve(result.tuned, name=f"{result.original.name} (tuned)")
    write_output(target, deck_yaml(named, result.pool, description, comments))
