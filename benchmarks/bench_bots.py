"""Bots: whole games per second per bot and level, and how often each clears, on the same seeds.

Checking a deck plays thousands of games, so a bot's speed is a feature; and a
stronger bot is only worth its cost if it clears measurably more often.  Parts:

1. speed: whole games per second of CPU time in one process, through the path
   `gateruler check --workers 1` takes (`batch.run_chunk`: the game, the bot,
   the player views, reading the log), the Knight sample deck against each
   level, per bot (the search bot at a few budgets, on a few games).  With
   `--compare REF` the code of git ref REF is timed too, in subprocesses
   alternating with this tree's, and each figure gets its ratio new/old;
2. strength: each bot's clear rate per sample deck and level on the *same*
   game seeds (seed 0, as `check` plays them), with Wilson 95% intervals, and
   for each pair of bots compared the paired difference (95% interval, from
   the games only one of them cleared) and McNemar's exact test.  Per-game
   outcomes can be saved (`--save FILE`) and a saved bot's reused
   (`--reuse FILE`: the search at budget 96 takes hours);
3. with --profile: where greedy's time goes at level 1 (engine or bot).

    python benchmarks/bench_bots.py [--seconds 3] [--compare main] [--rounds 3]
    python benchmarks/bench_bots.py --speed-bots greedy,tuned --strength-bots greedy,tuned,search:96 --games 200 --workers 2
"""

from __future__ import annotations

import argparse
import cProfile
import json
import multiprocessing
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ("knight", "wizard", "apprentice")
SPEED_BOTS = "random,greedy,tuned,search:8,search:24,search:96"
STRENGTH_BOTS = "greedy,tuned,search:96"


def _use_tree(tree: Path) -> None:
    sys.path[:0] = [str(tree)]
    import gateruler

    if not Path(gateruler.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"measuring {tree} but gateruler was imported from {gateruler.__file__}")


def parse_bot(text: str) -> tuple[str, int | None]:
    """'search:24' -> ('search', 24); 'greedy' -> ('greedy', None)."""
    name, _, budget = text.partition(":")
    return name, int(budget) if budget else None


def specs(deck_name: str, levels: list[int]) -> dict[int, object]:
    from gateruler import loader
    from gateruler.batch import GameSpec

    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path(deck_name))
    out = {}
    for number in levels:
        level = loader.load_level(number)
        out[number] = GameSpec(deck, rulers[deck.ruler], level, pool.for_level(level), level_ref=number)
    return out


# ---------------------------------------------------------------------- 1. speed


def speed_figures(bots: list[str], levels: list[int], seconds: float, search_games: int) -> dict[str, dict[str, float]]:
    """bot -> level -> games per CPU second, through run_chunk (the check --workers 1 path)."""
    from gateruler.batch import BatchSettings, run_chunk
    from gateruler.bots import BOT_NAMES

    all_specs = specs("knight", levels)
    out: dict[str, dict[str, float]] = {}
    for text in bots:
        name, budget = parse_bot(text)
        if name not in BOT_NAMES:
            continue  # a bot this tree does not have
        row = {}
        for number, spec in all_specs.items():
            settings = BatchSettings(bot=name, seed=0, games=10**9, budget=budget)
            run_chunk([spec], settings, 0, 0, 1)  # warm the memos, as a long check is warm
            games = 0
            start = time.process_time()
            while True:
                step = 1 if name == "search" else 8
                run_chunk([spec], settings, 0, games, games + step)
                games += step
                elapsed = time.process_time() - start
                if (name == "search" and games >= search_games) or (name != "search" and elapsed >= seconds):
                    break
            row[str(number)] = games / elapsed
        out[text] = row
    return out


def run_worker(tree: Path, args: argparse.Namespace) -> dict[str, dict[str, float]]:
    command = [
        sys.executable, str(Path(__file__).resolve()), "--worker", str(tree), "--seconds", str(args.seconds),
        "--search-games", str(args.search_games), "--speed-bots", args.speed_bots, "--levels", args.levels,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"the speed run failed in {tree}:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def export(ref: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def speed(args: argparse.Namespace, levels: list[int]) -> None:
    print(f"1. whole games per second of CPU time, one process, through run_chunk (check --workers 1); Knight sample; "
          f"search: {args.search_games} games per level")  # fmt: skip
    if not args.compare:
        figures = run_worker(ROOT, args)
        print(f"   {'bot':<10}" + "".join(f"{'level ' + str(n):>10}" for n in levels))
        for bot, row in figures.items():
            digits = 2 if bot.startswith("search") else 0
            print(f"   {bot:<10}" + "".join(f"{row[str(n)]:10.{digits}f}" for n in levels))
        return
    with tempfile.TemporaryDirectory(prefix="bench-bots-") as tmp:
        old = export(args.compare, Path(tmp))
        runs: dict[str, list[dict[str, dict[str, float]]]] = {"old": [], "new": []}
        for r in range(args.rounds):
            for version in ("old", "new") if r % 2 == 0 else ("new", "old"):  # alternate: drift hits both alike
                runs[version].append(run_worker(old if version == "old" else ROOT, args))
    print(
        f"   old = {args.compare}, new = this tree; {args.rounds} rounds, alternating; each cell: new games/s (new/old, the mean of the rounds' ratios)"
    )
    print(f"   {'bot':<10}" + "".join(f"{'level ' + str(n):>20}" for n in levels))
    for bot in runs["new"][0]:
        digits = 2 if bot.startswith("search") else 0
        cells = []
        for n in levels:
            new = [run[bot][str(n)] for run in runs["new"]]
            old_rates = [run.get(bot, {}).get(str(n)) for run in runs["old"]]
            cell = f"{statistics.mean(new):.{digits}f}"
            if all(o is not None for o in old_rates):
                ratios = [a / b for a, b in zip(new, old_rates)]  # type: ignore[operator]
                cell += f" ({statistics.mean(ratios):.2f}x)"
            else:
                cell += " (new)"
            cells.append(f"{cell:>20}")
        print(f"   {bot:<10}" + "".join(cells))


# ---------------------------------------------------------------------- 2. strength

_jobs_state: dict[str, dict[int, object]] = {}


def _init_strength(decks: list[str], levels: list[int]) -> None:
    for deck in decks:
        _jobs_state[deck] = specs(deck, levels)


def _play(job: tuple[str, int, str, int]) -> tuple[str, int, str, int, bool]:
    """Game `index` of a deck and level, played by one bot as `check` plays it (seed 0): cleared?"""
    from gateruler.batch import BatchSettings, play_one
    from gateruler.stats import CLEARED

    deck, level, bot, index = job
    name, budget = parse_bot(bot)
    settings = BatchSettings(bot=name, seed=0, games=index + 1, budget=budget)
    outcome = play_one(_jobs_state[deck][level], settings, 0, index)[0]  # type: ignore[arg-type]
    return deck, level, bot, index, outcome == CLEARED


def strength(args: argparse.Namespace, levels: list[int]) -> None:
    from gateruler.bots import bot_label
    from gateruler.stats import mcnemar_p, paired_difference_interval, wilson_interval

    decks = [d for d in args.decks.split(",") if d]
    bots = [b for b in args.strength_bots.split(",") if b]
    games = args.games
    results: dict[str, dict[str, list[bool | None]]] = {}  # "deck/level/bot" -> per game
    if args.reuse:
        results.update(json.loads(Path(args.reuse).read_text(encoding="utf-8"))["games"])
    jobs = []
    for deck in decks:
        for level in levels:
            for bot in bots:
                key = f"{deck}/{level}/{bot}"
                have = results.get(key, [])
                if len(have) < games:
                    have = have + [None] * (games - len(have))
                results[key] = have[:games] if len(have) > games else have
                jobs += [(deck, level, bot, i) for i in range(games) if results[key][i] is None]
    labels = ", ".join(bot_label(*parse_bot(b)) for b in bots)
    print(
        f"\n2. clear rates on the same {games} game seeds per deck and level (check's seed 0): {labels}; {args.workers} workers"
    )
    began = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(args.workers, initializer=_init_strength, initargs=(decks, levels)) as pool:
        done = 0
        for deck, level, bot, index, cleared in pool.imap_unordered(_play, jobs, chunksize=2):
            results[f"{deck}/{level}/{bot}"][index] = cleared
            done += 1
            if args.save and done % 200 == 0:
                _save(args.save, results, args)
    if args.save:
        _save(args.save, results, args)
    pairs = [tuple(p.split("~")) for p in args.pairs.split(",") if p]
    for deck in decks:
        print(f"   {deck} sample deck{'':<6}" + "".join(f"{'level ' + str(n):>30}" for n in levels))
        for bot in bots:
            cells = []
            for level in levels:
                won = sum(bool(x) for x in results[f"{deck}/{level}/{bot}"])
                low, high = wilson_interval(won, games)
                cells.append(f"{100 * won / games:5.1f} [{100 * low:4.1f}-{100 * high:4.1f}]")
            print(f"   {bot:<22}" + "".join(f"{c:>30}" for c in cells))
        for first, second in pairs:
            if first not in bots or second not in bots:
                continue
            cells = []
            for level in levels:
                a = results[f"{deck}/{level}/{first}"]
                b = results[f"{deck}/{level}/{second}"]
                both = sum(x and y for x, y in zip(a, b))
                only_a = sum(x and not y for x, y in zip(a, b))
                only_b = sum(y and not x for x, y in zip(a, b))
                low, high = paired_difference_interval(both, only_a, only_b, games - both - only_a - only_b)
                p = mcnemar_p(only_a, only_b)
                cells.append(
                    f"{100 * (only_a - only_b) / games:+5.1f} [{100 * low:+.1f},{100 * high:+.1f}] p={p:.2g}".rjust(30)
                )
            print(f"   {first + ' - ' + second:<22}" + "".join(cells))
    print(f"   ({time.perf_counter() - began:.0f}s)")


def _save(path: str, results: dict, args: argparse.Namespace) -> None:
    from gateruler.fileio import write_text_atomic

    data = {"games": results, "note": "per-game clears (seed 0, as check plays them) by 'deck/level/bot'", "seed": 0}
    write_text_atomic(path, json.dumps(data) + "\n")


# ---------------------------------------------------------------------- 3. profile


def profile(games: int) -> None:
    from gateruler.batch import BatchSettings, run_chunk

    spec = specs("knight", [1])[1]
    print(f"\n3. where greedy's time goes: {games} games at level 1, through run_chunk")
    profiler = cProfile.Profile()
    profiler.enable()
    run_chunk([spec], BatchSettings(bot="greedy", games=games), 0, 0, games)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    by_area: dict[str, float] = {}
    for (filename, _line, _name), row in stats.stats.items():  # type: ignore[attr-defined]
        area = "engine" if "/engine/" in filename else "bots" if "/bots/" in filename else "other"
        by_area[area] = by_area.get(area, 0.0) + row[2]
    print(
        "   own time: "
        + ", ".join(f"{area} {100 * t / total:.0f}%" for area, t in sorted(by_area.items(), key=lambda kv: -kv[1]))
    )
    stats.sort_stats("tottime").print_stats(12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per bot and level for the speed table")
    parser.add_argument("--search-games", type=int, default=3, help="games per level for the search bot's speed")
    parser.add_argument("--speed-bots", default=SPEED_BOTS, help="bots timed (search:N = budget N); '' skips the part")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument(
        "--compare", metavar="REF", help="also time the code of this git ref, alternating, in subprocesses"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --compare")
    parser.add_argument(
        "--strength-bots", default=STRENGTH_BOTS, help="bots whose clear rates are compared ('' skips the part)"
    )
    parser.add_argument(
        "--pairs", default="tuned~search:96,greedy~search:96,tuned~greedy", help="bot pairs compared game by game"
    )
    parser.add_argument("--decks", default=",".join(DECKS), help="sample decks for the clear rates")
    parser.add_argument("--games", type=int, default=200, help="games per deck, level and bot for the clear rates")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the clear rates")
    parser.add_argument("--save", default="", help="write every game's outcome to this JSON file")
    parser.add_argument(
        "--reuse", default="", help="take the outcomes this file (from --save) has instead of playing them"
    )
    parser.add_argument("--profile", action="store_true", help="also profile greedy at level 1")
    parser.add_argument("--worker", metavar="TREE", help=argparse.SUPPRESS)  # one tree's speed figures as JSON
    args = parser.parse_args()
    levels = [int(n) for n in args.levels.split(",")]
    if args.worker:
        _use_tree(Path(args.worker))
        print(
            json.dumps(
                speed_figures([b for b in args.speed_bots.split(",") if b], levels, args.seconds, args.search_games)
            )
        )
        return
    _use_tree(ROOT)
    if args.speed_bots:
        speed(args, levels)
    if args.strength_bots and args.games > 0:
        strength(args, levels)
    if args.profile:
        profile(300)


if __name__ == "__main__":
    main()
