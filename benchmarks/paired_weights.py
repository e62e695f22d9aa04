"""Greedy with changed weights against greedy's hand-set weights, game by game on the same seeds.

A term greedy leaves out at weight 0 can be measured in one tree: every
game is played twice, once with the hand-set weights (`Weights()`, or
`--base` changes of them) and once with `--w NAME=VALUE` changes, on the
same game seed (`game_seed(--seed, level, i)`, check's seeds with `--seed 0`),
so each difference is paired.  Tune on training seeds (e.g. `--seed 1001`),
report on check's.  Prints per deck and level the two clear rates and the
paired difference with a 95% interval (normal approximation), then the
totals and the whole games per CPU second of both bots together.

    python benchmarks/paired_weights.py --w kill_future=1 --base kill_future=0 --seed 0 --games 400
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

import paired_games as pg  # noqa: E402

from gateruler.batch import game_seed  # noqa: E402
from gateruler.bots import play_out  # noqa: E402
from gateruler.bots.greedy import GreedyBot  # noqa: E402
from gateruler.bots.weights import Weights  # noqa: E402


def weights(changes: list[str]) -> Weights:
    """`NAME=VALUE` changes of the hand-set weights; a bad one is a one-line error (exit 2)."""
    values: dict[str, float] = {}
    for change in changes:
        name, _, value = change.partition("=")
        if name not in Weights.names():
            print(f"paired_weights: --w {change}: no weight {name!r}", file=sys.stderr)
            sys.exit(2)
        try:
            values[name] = float(value)
        except ValueError:
            print(f"paired_weights: --w {change}: {value!r} is not a number", file=sys.stderr)
            sys.exit(2)
    return Weights(**values)


def interval(diffs: list[int]) -> tuple[float, float]:
    """The mean paired difference and the half-width of its 95% interval, in points."""
    n = len(diffs)
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(1, n - 1))
    return 100 * mean, 196 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="knight,wizard,apprentice,knight-pool,wizard-examples")
    parser.add_argument("--levels", default="1,2,3,4,5,6")
    parser.add_argument("--games", type=int, default=400, help="games per deck and level")
    parser.add_argument("--seed", type=int, default=0, help="base seed of the games (check's: 0)")
    parser.add_argument("--w", action="append", default=[], help="NAME=VALUE: a weight of the bot measured")
    parser.add_argument("--base", action="append", default=[], help="NAME=VALUE: a weight of the bot compared with")
    args = parser.parse_args()
    levels = [int(x) for x in args.levels.split(",")]
    base, changed = weights(args.base), weights(args.w)
    won_base = won_changed = played = 0
    start = time.process_time()
    for name in args.decks.split(","):
        row = []
        for number, spec in pg.specs(name, levels).items():
            diffs = []
            level_base = 0
            for i in range(args.games):
                seed = game_seed(args.seed, number, i)
                one = play_out(spec.start(seed), GreedyBot(0, base)).winner == "player"
                two = play_out(spec.start(seed), GreedyBot(0, changed)).winner == "player"
                won_base += one
                level_base += one
                won_changed += two
                diffs.append(int(two) - int(one))
            mean, half = interval(diffs)
            rate = 100 * level_base / args.games
            row.append(f"L{number} {rate:5.1f}->{rate + mean:5.1f} {mean:+5.1f}±{half:4.1f}")
            played += args.games
        print(f"{name:16s} " + " | ".join(row), flush=True)
    rate = 2 * played / max(1e-9, time.process_time() - start)
    print(
        f"all {played} games a bot: {100 * won_base / played:.2f}% -> {100 * won_changed / played:.2f}% "
        f"({100 * (won_changed - won_base) / played:+.2f} points); {rate:.0f} games per CPU second"
    )


if __name__ == "__main__":
    main()
