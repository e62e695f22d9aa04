"""Bots: whole games per second per bot and level, and the search bot against greedy.

Checking a deck plays thousands of games, so a bot's speed is a feature; and
the search bot is only worth its cost if it clears more often.  Three parts:

1. speed: whole games per second of CPU time, one process, the Knight sample
   deck against each level, for each bot (the search bot on a few games);
2. search vs greedy: both bots on the same game seeds of the chosen levels,
   clear rates with Wilson 95% intervals, the difference with Newcombe's
   interval, and how many games only one of them won (this part may use
   several worker processes: it is about clear rates, not speed);
3. with --profile: where greedy's time goes at level 1 (engine or bot).

    python benchmarks/bench_bots.py [--seconds 3] [--games 200] [--levels 3,4] [--budget N] [--workers 2]
"""

from __future__ import annotations

import argparse
import cProfile
import multiprocessing
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from gateruler import loader  # noqa: E402
from gateruler.batch import BatchSettings, GameSpec, bot_seed, game_seed, play_one  # noqa: E402
from gateruler.bots import BOT_NAMES, make_bot, play_out  # noqa: E402
from gateruler.bots.search import DEFAULT_BUDGET  # noqa: E402
from gateruler.stats import CLEARED, difference_interval, mcnemar_p, wilson_interval  # noqa: E402


def specs(levels: list[int]) -> dict[int, GameSpec]:
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    out = {}
    for number in levels:
        level = loader.load_level(number)
        out[number] = GameSpec(deck, rulers[deck.ruler], level, pool.for_level(level), level_ref=number)
    return out


def speed(all_specs: dict[int, GameSpec], seconds: float, search_games: int, budget: int) -> None:
    print(f"1. whole games per second, one process (CPU time; search: {search_games} games, budget {budget})")
    print(f"   {'bot':<8}" + "".join(f"{'level ' + str(n):>10}" for n in all_specs))
    for name in BOT_NAMES:
        row = []
        for number, spec in all_specs.items():
            games = 0
            start = time.process_time()
            while True:
                seed = game_seed(0, number, games)
                play_out(spec.start(seed), make_bot(name, bot_seed(0, number, games), budget))
                games += 1
                elapsed = time.process_time() - start
                if (name == "search" and games >= search_games) or (name != "search" and elapsed >= seconds):
                    break
            row.append(f"{games / elapsed:10.{2 if name == 'search' else 0}f}")
        print(f"   {name:<8}" + "".join(row))


_pair_state: tuple[GameSpec, int] | None = None


def _init_pair(spec: GameSpec, budget: int) -> None:
    global _pair_state
    _pair_state = (spec, budget)


def _pair(index: int) -> tuple[bool, bool]:
    """Game `index` played by greedy and by search: did each clear it?"""
    assert _pair_state is not None
    spec, budget = _pair_state
    out = []
    for name in ("greedy", "search"):
        settings = BatchSettings(bot=name, seed=0, games=index + 1, budget=budget)
        out.append(play_one(spec, settings, 0, index)[0] == CLEARED)
    return out[0], out[1]


def versus(all_specs: dict[int, GameSpec], levels: list[int], games: int, budget: int, workers: int) -> None:
    print(f"\n2. search (budget {budget}) against greedy on the same {games} game seeds per level, {workers} workers")
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    for number in levels:
        spec = all_specs[number]
        start = time.perf_counter()
        with context.Pool(workers, initializer=_init_pair, initargs=(spec, budget)) as pool:
            pairs = pool.map(_pair, range(games), chunksize=4)
        g = sum(gw for gw, _ in pairs)
        s = sum(sw for _, sw in pairs)
        only_search = sum(sw and not gw for gw, sw in pairs)
        only_greedy = sum(gw and not sw for gw, sw in pairs)
        gl, gh = wilson_interval(g, games)
        sl, sh = wilson_interval(s, games)
        dl, dh = difference_interval(s, games, g, games)
        verdict = "search clears more often" if dl > 0 else "no measurable difference" if dh > 0 else "greedy clears more often"
        print(
            f"   level {number}: greedy {g}/{games} = {100 * g / games:.1f}% [{100 * gl:.1f}-{100 * gh:.1f}], "
            f"search {s}/{games} = {100 * s / games:.1f}% [{100 * sl:.1f}-{100 * sh:.1f}]"
        )
        print(f"            difference {100 * (s - g) / games:+.1f} points, 95% [{100 * dl:+.1f}, {100 * dh:+.1f}] (Newcombe): {verdict}")
        print(
            f"            same seeds: only search cleared {only_search}, only greedy {only_greedy}, "
            f"McNemar p = {mcnemar_p(only_search, only_greedy):.3g} ({time.perf_counter() - start:.0f}s)",
            flush=True,
        )


def profile(spec: GameSpec, games: int) -> None:
    print(f"\n3. where greedy's time goes: {games} games at level {spec.level.number}")
    profiler = cProfile.Profile()
    profiler.enable()
    for i in range(games):
        play_out(spec.start(game_seed(0, spec.level.number, i)), make_bot("greedy", 0))
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # type: ignore[attr-defined]
    by_area: dict[str, float] = {}
    for (filename, _line, _name), row in stats.stats.items():  # type: ignore[attr-defined]
        area = "engine" if "/engine/" in filename else "bots" if "/bots/" in filename else "other"
        by_area[area] = by_area.get(area, 0.0) + row[2]
    print("   own time: " + ", ".join(f"{area} {100 * t / total:.0f}%" for area, t in sorted(by_area.items(), key=lambda kv: -kv[1])))
    stats.sort_stats("tottime").print_stats(12)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per bot and level for the speed table")
    parser.add_argument("--search-games", type=int, default=4, help="games per level for the search bot's speed")
    parser.add_argument("--games", type=int, default=200, help="games per level for search vs greedy (0: skip)")
    parser.add_argument("--levels", default="2,3,4", help="levels for search vs greedy")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="the search bot's rollouts per decision")
    parser.add_argument("--workers", type=int, default=2, help="worker processes for search vs greedy")
    parser.add_argument("--profile", action="store_true", help="also profile greedy at level 1")
    args = parser.parse_args()
    all_specs = specs([1, 2, 3, 4, 5, 6])
    speed(all_specs, args.seconds, args.search_games, args.budget)
    if args.games > 0:
        versus(all_specs, [int(n) for n in args.levels.split(",")], args.games, args.budget, args.workers)
    if args.profile:
        profile(all_specs[1], 300)


if __name__ == "__main__":
    main()
