"""The clairvoyant solver: CPU seconds per game, nodes per second, and the share of games it settles.

`gateruler check DECK --ceiling` searches every game the bot played, so the
solver's cost per game is the ceiling's cost.  The issue's goal is 90% of
the games of each of levels 1 to 4 settled within 2 seconds a game on one
core; this measures it on the games `check` plays (seed 0, the same seeds),
in one process, game after game, with CPU time (so other work on the machine
changes the figures less than wall time would).  The budget is nodes, not
time, so the verdicts are the same on any machine; only the seconds vary.

    python benchmarks/bench_solver.py [--deck knight] [--levels 1-4] [--games 50] [--budget 20000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from gateruler import loader  # noqa: E402
from gateruler.batch import GameSpec, game_seed  # noqa: E402
from gateruler.cli.cmd_check import parse_levels  # noqa: E402
from gateruler.solver import DEFAULT_BUDGET, Solver, Verdict  # noqa: E402
from gateruler.solver.ordering import rollout_policy_label  # noqa: E402


def level_spec(deck_name: str, number: int) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(loader.sample_deck_path(deck_name))
    level = loader.load_level(number)
    return GameSpec(deck, loader.load_rulers()[deck.ruler], level, pool.for_level(level), 200, number)


def measure(spec: GameSpec, number: int, games: int, budget: int, seed: int) -> str:
    verdicts: Counter[Verdict] = Counter()
    seconds, nodes = [], 0
    for index in range(games):
        game = spec.start(game_seed(seed, number, index))
        began = time.process_time()
        solution = Solver(budget).solve(game)
        seconds.append(time.process_time() - began)
        verdicts[solution.verdict] += 1
        nodes += solution.nodes
    total = sum(seconds)
    settled = (verdicts[Verdict.WINNABLE] + verdicts[Verdict.UNWINNABLE]) / games
    return (
        f"level {number}: {games} games, settled {100 * settled:.1f}% "
        f"(winnable {verdicts[Verdict.WINNABLE]}, unwinnable {verdicts[Verdict.UNWINNABLE]}, "
        f"unknown {verdicts[Verdict.UNKNOWN]}); CPU s/game mean {total / games:.2f}, "
        f"median {statistics.median(seconds):.2f}, max {max(seconds):.2f}; {nodes / max(total, 1e-9):,.0f} nodes/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deck", default="knight", help="a sample deck: knight, wizard, apprentice")
    parser.add_argument("--levels", default="1-4")
    parser.add_argument("--games", type=int, default=50, help="games per level (the first ones check plays)")
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET, help="nodes per game")
    parser.add_argument("--seed", type=int, default=0, help="check's base seed")
    args = parser.parse_args()
    print(
        f"solver: {args.budget:,} nodes a game, rollouts by {rollout_policy_label()}; {args.deck} sample, seed {args.seed}"
    )
    for number in parse_levels(args.levels):
        print(measure(level_spec(args.deck, number), number, args.games, args.budget, args.seed), flush=True)


if __name__ == "__main__":
    main()
