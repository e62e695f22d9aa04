"""Backends: wall-clock time of one check on each backend, and the speed-up of a second worker.

A check is the Knight sample deck against levels 1-6 with the greedy bot (or
the search bot with --bot search).  Every backend and worker count is started
once (a Dask cluster's start is timed apart: it is paid once per command, not
per game); then the same batch runs on each in turn, --repeat rounds, and the
fastest run of each counts: on a machine shared with other work the fastest
run is the least disturbed, and going round the backends spreads bursts of
load over all of them.  The speed-up is against the same backend's first
worker count.  Every run must give the same figures.

    python benchmarks/bench_backends.py [--games 300] [--repeat 3] [--bot greedy] [--budget 8] [--workers 1,2]
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from gateruler import loader  # noqa: E402
from gateruler.backends import Backend, Dask, Local  # noqa: E402
from gateruler.batch import BatchSettings, GameSpec, run_batch  # noqa: E402


def specs(levels: list[int]) -> list[GameSpec]:
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    out = []
    for number in levels:
        level = loader.load_level(number)
        out.append(GameSpec(deck, rulers[deck.ruler], level, pool.for_level(level), level_ref=number))
    return out


def measure(
    backends: dict[str, Backend], all_specs: list[GameSpec], settings: BatchSettings, repeat: int
) -> dict[str, tuple[float, float]]:
    """Per backend: (seconds it took to start, the fastest of `repeat` checks in seconds).

    Every backend is started first, then the runs go round the backends
    `repeat` times, so that a burst of load from elsewhere falls on all of
    them alike."""
    started = {}
    with contextlib.ExitStack() as stack:
        for name, backend in backends.items():
            start = time.perf_counter()
            stack.enter_context(backend)
            started[name] = time.perf_counter() - start
        runs: dict[str, list[float]] = {name: [] for name in backends}
        figures = None
        for _ in range(repeat):
            for name, backend in backends.items():
                start = time.perf_counter()
                result = run_batch(all_specs, settings, backend=backend)
                runs[name].append(time.perf_counter() - start)
                tallies = [lv.tally for lv in result.levels]
                assert figures is None or tallies == figures, f"{name} gave other figures for the same seed"
                figures = tallies
    return {name: (started[name], min(runs[name])) for name in backends}


def label(kind: str, workers: int) -> str:
    return f"{kind}, {workers} worker{'s' if workers != 1 else ''}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per level")
    parser.add_argument("--repeat", type=int, default=3, help="runs per backend; the fastest counts")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--budget", type=int, default=None, help="the search bot's rollouts per decision")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--workers", default="1,2", help="worker counts to try")
    args = parser.parse_args()
    all_specs = specs([int(x) for x in args.levels.split(",")])
    counts = [int(x) for x in args.workers.split(",")]
    settings = BatchSettings(bot=args.bot, seed=0, games=args.games, budget=args.budget)
    total = args.games * len(all_specs)
    print(f"one check: {total} games ({args.games} per level, levels {args.levels}), bot {args.bot}, "
          f"fastest of {args.repeat} runs; {os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f} at the start")  # fmt: skip
    kinds = (("local", Local), ("dask (local cluster)", lambda n: Dask(None, n)))
    backends: dict[str, Backend] = {label(kind, n): make(n) for kind, make in kinds for n in counts}
    times = measure(backends, all_specs, settings, args.repeat)
    print(f"   {'backend':<34}{'start':>8}{'check':>9}{'games/s':>10}{'speed-up':>10}")
    for kind, _ in kinds:
        base = times[label(kind, counts[0])][1]
        for n in counts:
            started, best = times[label(kind, n)]
            rate = total / best
            print(
                f"   {label(kind, n):<34}{started:7.2f}s{best:8.2f}s{rate:10.{0 if rate >= 100 else 2}f}{base / best:9.2f}x"
            )
    print(f"   load average {os.getloadavg()[0]:.2f} at the end; every run gave the same figures")


if __name__ == "__main__":
    main()
