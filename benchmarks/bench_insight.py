"""What reading finished games' logs (gateruler.insight) adds to the cost of a check.

`check` reads every finished game's log for the per-card figures and the loss
causes; that must stay a small part of the game itself.  This plays greedy
games of the Knight sample deck (seeds 0, 1, 2...), then reads their logs
again many times, and prints both costs per game in CPU time, in one process,
so that the ratio holds on a busy machine.

    python benchmarks/bench_insight.py [--games 200] [--level 1]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from gateruler import loader  # noqa: E402
from gateruler.batch import GameSpec, play_recorded  # noqa: E402
from gateruler.insight import Insight, read_log  # noqa: E402
from gateruler.stats import classify  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=20, help="times each log is read, to measure a short cost")
    args = parser.parse_args()
    pool = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(args.level)
    spec = GameSpec(deck, loader.load_rulers()[deck.ruler], level, pool.for_level(level), 200, args.level)

    start = time.process_time()
    games = []
    for seed in range(args.games):
        game, _, error = play_recorded(spec, seed, "greedy", seed, None)
        if game is not None:
            games.append(game)
    play = (time.process_time() - start) / args.games

    logs = [(g.log, g.setup.card_ids, g.setup.owners, classify(g.winner, g.end_reason), g.turn // 2) for g in games]
    start = time.process_time()
    for _ in range(args.repeat):
        insight = Insight()
        for log, ids, owners, outcome, turns in logs:
            insight.add(read_log(log, ids, owners), outcome, turns)
    read = (time.process_time() - start) / (args.repeat * len(logs))
    entries = sum(len(log) for log, *_ in logs) / len(logs)
    print(
        f"level {args.level}, {len(logs)} greedy games, {entries:.0f} log entries a game: "
        f"playing {1e3 * play:.2f} ms a game, reading the log {1e3 * read:.3f} ms ({100 * read / play:.1f}% of playing)"
    )


if __name__ == "__main__":
    main()
