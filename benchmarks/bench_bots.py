"""Bots: whole games per second per bot and level, how often each clears on the same seeds, and strength per CPU second.

Checking a deck plays thousands of games, so a bot's speed is a feature; and a
stronger bot is only worth its cost if it clears measurably more often.  Parts:

1. speed: whole games per second of CPU time in one process, through the path
   `gateruler check --workers 1` takes (`batch.run_chunk`: the game, the bot,
   the player views, reading the log), the Knight sample deck against each
   level, per bot (the search bot at a few budgets, on a few games).  With
   `--compare REF` the code of git ref REF is timed too, in subprocesses
   alternating with this tree's, and each figure gets its ratio new/old;
2. strength: each bot's clear rate per deck and level on the *same* game
   seeds (seed 0, as `check` plays them), for the sample decks and the
   held-out decks of benchmarks/decks/ (no bot was fitted on them), with
   Wilson 95% intervals, and for each bot against search at budget 96 (or
   the `--pairs` given) the paired difference (95% interval, from the games
   only one of them cleared) and McNemar's exact test.  Every game is played
   once: benchmarks/paired_games.py keeps each bot's games on disk by its
   code version, deck, level and seed (`.bench-cache/`), so a second run
   plays only what changed; `--save FILE` writes the per-game clears;
3. strength per CPU second: each bot's clear rate (mean over the decks)
   against the CPU seconds its games took, from the same games;
4. with --profile: where greedy's time goes at level 1 (engine or bot);
5. with --write-gaps FILE: each bot's clear rate minus search 96's per level
   (the mean over the sample decks and over the held-out ones), the file
   `check` reads to say how far its bot's figure may be below good play
   (gateruler/data/bots/gaps.yaml; gateruler/bots/standing.py).

    python benchmarks/bench_bots.py [--seconds 3] [--compare main] [--rounds 3]
    python benchmarks/bench_bots.py --speed-bots greedy,tuned --strength-bots greedy,tuned,search:96 --games 200 --workers 2
    python benchmarks/bench_bots.py --speed-bots '' --games 40 --levels 1,2,3,4 --write-gaps gateruler/data/bots/gaps.yaml
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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gateruler.batch import GameSpec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # paired_games, imported once the tree is chosen
DECKS = ("knight", "wizard", "apprentice", "knight-pool", "wizard-examples")  # the sample decks, then the held-out ones
REFERENCE = "search:96"  # the bot every other is compared with
SAVE_EVERY = 60.0  # seconds between writes of the games played so far
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


def sample_specs(deck_name: str, levels: list[int]) -> dict[int, GameSpec]:
    """A sample deck's games per level (the speed runs: the tree timed may be an older one)."""
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

    all_specs = sample_specs("knight", levels)
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

_jobs_state: dict[str, dict[int, Any]] = {}


def _init_strength(decks: list[str], levels: list[int]) -> None:
    import paired_games as pg

    for deck in decks:
        _jobs_state[deck] = pg.specs(deck, levels)


def _play(job: tuple[str, int, str, int]) -> tuple[str, int, str, dict]:
    """Game `index` of a deck and level, played by one bot as `check` plays it (seed 0), recorded."""
    import paired_games as pg

    deck, level, bot, index = job
    return deck, level, bot, pg.play_game(_jobs_state[deck][level], bot, index).to_json()


def strength(args: argparse.Namespace, levels: list[int]) -> dict[str, list[bool]]:
    """Every bot's clears on the same games, played once (the cache, benchmarks/paired_games.py), printed."""
    import paired_games as pg

    from gateruler.bots import bot_label
    from gateruler.stats import mcnemar_p, paired_difference_interval, wilson_interval

    decks = [d for d in args.decks.split(",") if d]
    bots = [b for b in args.strength_bots.split(",") if b]
    games = args.games
    root = Path(args.cache)
    all_specs = {deck: pg.specs(deck, levels) for deck in decks}
    caches: dict[tuple[str, int, str], pg.GameCache] = {}
    jobs = []
    for deck in decks:
        for level in levels:
            for bot in bots:
                cache = caches[deck, level, bot] = pg.GameCache(all_specs[deck][level], bot, root)
                jobs += [(deck, level, bot, i) for i in cache.missing(range(games))]
    labels = ", ".join(bot_label(*parse_bot(b)) for b in bots)
    print(
        f"\n2. clear rates on the same {games} game seeds per deck and level (check's seed 0): {labels}; "
        f"{len(jobs)} games played now, the rest from {root}"
    )
    began = time.perf_counter()
    jobs.sort(key=lambda job: (job[3], job[0], job[1], job[2]))  # game by game across the cells: a partial run is even
    if jobs:
        context = multiprocessing.get_context("fork")
        with context.Pool(args.workers, initializer=_init_strength, initargs=(decks, levels)) as pool:
            fresh: dict[tuple[str, int, str], list[Any]] = {}
            saved = time.monotonic()
            for deck, level, bot, record in pool.imap_unordered(_play, jobs, chunksize=1):
                fresh.setdefault((deck, level, bot), []).append(pg.GameRecord.from_json(record))
                if time.monotonic() - saved > SAVE_EVERY:
                    for key, records in fresh.items():
                        caches[key].add(records)
                    fresh, saved = {}, time.monotonic()
            for key, records in fresh.items():
                caches[key].add(records)
    results = {
        f"{deck}/{level}/{bot}": [caches[deck, level, bot].records[i].cleared for i in range(games)]
        for deck in decks
        for level in levels
        for bot in bots
    }
    if args.save:
        _save(args.save, results, args)
    if args.write_gaps:
        write_gaps(args.write_gaps, results, decks, levels, bots, games)
    pairs = [tuple(p.split("~")) for p in args.pairs.split(",") if p] or [
        (b, REFERENCE) for b in bots if b != REFERENCE and REFERENCE in bots
    ]
    for deck in decks:
        kind = "sample deck" if deck in pg.SAMPLE_DECKS else "held out"
        print(f"   {deck} ({kind}){'':<3}" + "".join(f"{'level ' + str(n):>30}" for n in levels))
        for bot in bots:
            cells = []
            for level in levels:
                won = sum(results[f"{deck}/{level}/{bot}"])
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
    per_time(caches, decks, levels, bots, games)
    return results


def per_time(
    caches: dict[tuple[str, int, str], Any], decks: list[str], levels: list[int], bots: list[str], games: int
) -> None:
    """Strength per CPU second: each bot's clear rate (the mean over the decks, per level and over all)
    against the CPU seconds its games took (as recorded when each was played, one process each)."""
    print(f"\n3. strength per CPU second: clear rate (mean over {len(decks)} decks) against CPU seconds per game")
    print(
        f"   {'bot':<14}{'CPU s/game':>11}{'games/s':>9}{'all levels':>11}"
        + "".join(f"{'level ' + str(n):>9}" for n in levels)
    )
    for bot in bots:
        records = [caches[d, lv, bot].records[i] for d in decks for lv in levels for i in range(games)]
        timed = [r.cpu for r in records if r.cpu > 0]
        cpu = sum(timed) / len(timed) if timed else float("nan")
        per_level = [
            100 * sum(caches[d, lv, bot].records[i].cleared for d in decks for i in range(games)) / (games * len(decks))
            for lv in levels
        ]
        overall = 100 * sum(r.cleared for r in records) / len(records)
        print(
            f"   {bot:<14}{cpu:11.4f}{1 / cpu if cpu else float('nan'):9.1f}{overall:11.1f}"
            + "".join(f"{x:9.1f}" for x in per_level)
        )


def _save(path: str, results: dict, args: argparse.Namespace) -> None:
    from gateruler.fileio import write_text_atomic

    data = {"games": results, "note": "per-game clears (seed 0, as check plays them) by 'deck/level/bot'", "seed": 0}
    write_text_atomic(path, json.dumps(data) + "\n")


def write_gaps(
    path: str, results: dict[str, list[bool]], decks: list[str], levels: list[int], bots: list[str], games: int
) -> None:
    """gateruler/data/bots/gaps.yaml from these games: per bot (at check's default budget where it has
    one) and level, its clear rate minus the reference's, in points, the mean over the sample decks and
    over the held-out ones; what `check` prints and writes about its bot (gateruler/bots/standing.py)."""
    import paired_games as pg
    import yaml

    from gateruler.bots import bot_label
    from gateruler.bots.fingerprint import play_fingerprint, play_fingerprint_on
    from gateruler.bots.search import DEFAULT_BUDGET
    from gateruler.bots.standing import REFERENCE_BOT, bot_version
    from gateruler.fileio import write_text_atomic

    if REFERENCE not in bots:
        raise SystemExit(f"--write-gaps needs the reference bot {REFERENCE} among --strength-bots")

    def mean_gap(bot: str, level: int, group: list[str]) -> float:
        diffs = [
            sum(results[f"{d}/{level}/{bot}"]) - sum(results[f"{d}/{level}/{REFERENCE}"]) for d in group
        ]  # paired: the same seeds, so the difference of the clears is the paired difference
        return round(100 * sum(diffs) / (games * len(group)), 1)

    sample = [d for d in decks if d in pg.SAMPLE_DECKS]
    held = [d for d in decks if d not in pg.SAMPLE_DECKS]
    held_paths = tuple(sorted(pg.deck_path(d) for d in held))  # in the order the tests list them
    entries = {}
    for bot in bots:
        name, budget = parse_bot(bot)
        if bot == REFERENCE or budget not in (None, DEFAULT_BUDGET):
            continue  # check plays a searching bot at its default budget unless told otherwise
        entries[name] = {
            "version": bot_version(name),
            "play": play_fingerprint(name),  # the games these gaps rest on go this way (fingerprint.py)
            "held_out_play": play_fingerprint_on(name, held_paths) if held else "",  # ... and on the held-out decks
            "sample_decks": {lv: mean_gap(bot, lv, sample) for lv in levels} if sample else {},
            "held_out": {lv: mean_gap(bot, lv, held) for lv in levels} if held else {},
        }
    data = {
        "reference": bot_label(*parse_bot(REFERENCE)),
        "games": games,
        "measured": (
            f"benchmarks/bench_bots.py --speed-bots '' --strength-bots {','.join(bots)} --games {games} "
            f"--levels {','.join(map(str, levels))} "
            f"--decks {','.join(decks)} on check's seeds (seed 0): sample decks {', '.join(sample) or 'none'}; "
            f"held out {', '.join(held) or 'none'}"
        ),
        "reference_play": play_fingerprint(REFERENCE_BOT),
        "reference_held_out_play": play_fingerprint_on(REFERENCE_BOT, held_paths) if held else "",
        "bots": entries,
    }
    head = (
        "# How far each bot's clear rate is from the search bot's (docs/bots.md), written by\n"
        "# `python benchmarks/bench_bots.py --write-gaps gateruler/data/bots/gaps.yaml` (the `measured` line\n"
        "# gives the rest of the command). Per bot: the version measured, its play fingerprint\n"
        "# (gateruler/bots/fingerprint.py), and per level the mean over the decks of the bot's clear rate\n"
        "# minus the reference's, in points, paired game by game. reference_play: the reference's\n"
        "# fingerprint. check shows a gap only while both fingerprints are today's. held_out_play and\n"
        "# reference_held_out_play: the same on the held-out decks, which the tests compare.\n"
    )
    write_text_atomic(path, head + yaml.safe_dump(data, sort_keys=False, width=100))
    print(f"   wrote {path}")


# ---------------------------------------------------------------------- 4. profile


def profile(games: int) -> None:
    from gateruler.batch import BatchSettings, run_chunk

    spec = sample_specs("knight", [1])[1]
    print(f"\n4. where greedy's time goes: {games} games at level 1, through run_chunk")
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
        "--pairs",
        default="",
        help=f"bot pairs compared game by game, as A~B,C~D [default: every bot against {REFERENCE}]",
    )
    parser.add_argument(
        "--decks",
        default=",".join(DECKS),
        help="decks for the clear rates: sample decks by ruler, held-out decks (benchmarks/decks/) by name",
    )
    parser.add_argument("--games", type=int, default=400, help="games per deck, level and bot for the clear rates")
    parser.add_argument(
        "--cache", default=str(ROOT / ".bench-cache"), help="where each bot's games are kept (paired_games.py)"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes for the clear rates")
    parser.add_argument("--save", default="", help="write every game's outcome to this JSON file")
    parser.add_argument(
        "--write-gaps", default="", metavar="FILE", help="write each bot's gap to the reference (gaps.yaml) to FILE"
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
