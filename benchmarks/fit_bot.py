"""Fit greedy's scoring weights to clear rates: the `tuned` bot's data file.

The greedy heuristic's values are sums of named weights (gateruler/bots/weights.py).
This script searches for weights under which the heuristic clears the rift
levels more often, by the cross-entropy method: each generation samples a
population of weight sets around the current mean (each weight multiplied by
exp(N(mu, sigma)), so weights keep their sign; a weight with a step, one whose
hand-set value is or was 0, moves by steps instead), plays every candidate on the
*same* training games (the shipped sample decks against the chosen levels,
seeds `game_seed(TRAIN_SEED, level, i)`), and moves the mean and spread
towards the best few.  The hand-set weights are always in the first
population, so the fit can only report a candidate that beat them on the
training games.  The best candidates of the whole run are then played again on
fresh validation games, and the best there is written out.  The clear rates
reported to users come from other seeds again (benchmarks/bench_bots.py plays
seed 0, the `check` default).

Its result is a data file (default gateruler/data/bots/tuned.yaml) that the
`tuned` bot reads; refit when the card pool, the sample decks or the rules
change:

    python benchmarks/fit_bot.py [--games 100] [--generations 30] [--population 16] [--workers 2]

A run of the default size takes a few CPU hours; `--log FILE` keeps one line
per candidate (JSON) to follow it.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from gateruler import loader  # noqa: E402
from gateruler.batch import GameSpec, game_seed  # noqa: E402
from gateruler.bots import play_out  # noqa: E402
from gateruler.bots.greedy import GreedyBot  # noqa: E402
from gateruler.bots.weights import TUNED_FILE, Weights, read_weights, weights_yaml  # noqa: E402
from gateruler.fileio import write_text_atomic  # noqa: E402

DECKS = ("knight", "wizard", "apprentice")
TRAIN_SEED = 1001  # base seed of the training games
VALIDATION_SEED = 2002  # base seed of the games that pick the final candidate
HAND_SET = Weights()
SMOOTHING = 0.7  # how far a generation moves the spread towards its elite's
MIN_SIGMA = 0.05


def cells(decks: list[str], levels: list[int]) -> list[tuple[str, int, GameSpec]]:
    """(deck, level, spec) for every deck and level played."""
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    out = []
    for name in decks:
        deck = loader.load_deck(loader.sample_deck_path(name))
        for number in levels:
            level = loader.load_level(number)
            out.append(
                (name, number, GameSpec(deck, rulers[deck.ruler], level, pool.for_level(level), level_ref=number))
            )
    return out


def clears(spec: GameSpec, weights: Weights, base_seed: int, games: int) -> int:
    """How many of the games `game_seed(base_seed, level, 0..games-1)` the heuristic clears with `weights`."""
    won = 0
    number = spec.level.number
    for i in range(games):
        game = spec.start(game_seed(base_seed, number, i))
        play_out(game, GreedyBot(0, weights, "tuned"))
        won += game.winner == "player"
    return won


_state: list[tuple[str, int, GameSpec]] = []


def _init(decks: list[str], levels: list[int]) -> None:
    _state[:] = cells(decks, levels)


def _evaluate(job: tuple[dict[str, float], int, int]) -> list[int]:
    """Clears per cell of one candidate (in a worker)."""
    values, base_seed, games = job
    weights = Weights(**values)
    return [clears(spec, weights, base_seed, games) for _, _, spec in _state]


def score(wins: list[int], games: int) -> float:
    """The mean clear rate over the cells: every deck and level counts the same."""
    return sum(wins) / (len(wins) * games)


def sample(mean: list[float], sigma: list[float], rng: random.Random) -> list[float]:
    return [rng.gauss(m, s) for m, s in zip(mean, sigma)]


def to_weights(names: tuple[str, ...], x: list[float]) -> dict[str, float]:
    """Sampled coordinates -> weights: each hand-set weight times exp(x), or, for a weight
    moved by steps (`Weights.step`), the hand-set value plus x steps."""
    out = {}
    for n, v in zip(names, x):
        step = Weights.step(n)
        out[n] = round(getattr(HAND_SET, n) + v * step if step else getattr(HAND_SET, n) * math.exp(v), 6)
    return out


def from_weights(names: tuple[str, ...], weights: Weights) -> list[float]:
    """Weights -> the coordinates `to_weights` turns back into them."""
    out = []
    for n in names:
        step, base, value = Weights.step(n), getattr(HAND_SET, n), getattr(weights, n)
        out.append((value - base) / step if step else math.log(value / base) if base and value / base > 0 else 0.0)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default=",".join(DECKS), help="sample decks to fit on")
    parser.add_argument("--levels", default="1,2,3,4,5,6", help="levels to fit on")
    parser.add_argument("--games", type=int, default=100, help="training games per deck and level")
    parser.add_argument(
        "--validation-games", type=int, default=300, help="games per deck and level that pick the final candidate"
    )
    parser.add_argument("--generations", type=int, default=30)
    parser.add_argument("--population", type=int, default=16)
    parser.add_argument(
        "--elite", type=int, default=4, help="the best candidates of a generation the next one is drawn around"
    )
    parser.add_argument(
        "--finalists", type=int, default=4, help="the best candidates of the run played on the validation games"
    )
    parser.add_argument("--sigma", type=float, default=0.4, help="the first spread of the log-scale factors")
    parser.add_argument("--weights", default="", help="comma-separated weights to fit (default: all)")
    parser.add_argument(
        "--start", default="", help="a weights file (an earlier fit) to start from instead of the hand-set weights"
    )
    parser.add_argument("--seed", type=int, default=0, help="the fit's own random generator")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", default=str(TUNED_FILE), help="the weights file to write")
    parser.add_argument("--version", type=int, default=1, help="the version written in the file")
    parser.add_argument("--log", default="", help="append one JSON line per candidate to this file")
    args = parser.parse_args()
    decks = [d for d in args.decks.split(",") if d]
    levels = [int(n) for n in args.levels.split(",")]
    names = tuple(args.weights.split(",")) if args.weights else Weights.names()
    unknown = sorted(set(names) - set(Weights.names()))
    if unknown:
        parser.error(f"unknown weights: {', '.join(unknown)}")
    rng = random.Random(args.seed)
    context = multiprocessing.get_context("fork")
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115 - kept open for the run
    wall = time.perf_counter()

    with context.Pool(args.workers, initializer=_init, initargs=(decks, levels)) as pool:

        def evaluate(candidates: list[dict[str, float]], base_seed: int, games: int) -> list[list[int]]:
            return pool.map(_evaluate, [(c, base_seed, games) for c in candidates], chunksize=1)

        start = read_weights(args.start).weights if args.start else HAND_SET
        # the weights not fitted keep the start's values, in every candidate and in the file written
        fixed = {n: v for n, v in start.as_dict().items() if n not in names}
        mean = from_weights(names, start)
        sigma = [args.sigma] * len(names)
        seen: list[tuple[float, dict[str, float]]] = []  # (training score, weights) of every candidate
        hand_set = HAND_SET.as_dict()
        started = {**fixed, **{n: getattr(start, n) for n in names}}
        for generation in range(args.generations):
            xs = [sample(mean, sigma, rng) for _ in range(args.population)]
            if generation == 0:
                xs[0] = [0.0] * len(names)  # the hand-set weights compete too
                xs[1] = list(mean)  # and so does the start
            candidates = [{**fixed, **to_weights(names, x)} for x in xs]
            if generation == 0:
                candidates[0] = dict(hand_set)  # exactly, the weights not fitted included
            results = evaluate(candidates, TRAIN_SEED, args.games)
            scored = sorted(
                ((score(wins, args.games), i) for i, wins in enumerate(results)), key=lambda t: (-t[0], t[1])
            )
            for i, (_x, cand, wins) in enumerate(zip(xs, candidates, results, strict=True)):
                s = score(wins, args.games)
                seen.append((s, cand))
                if log is not None:
                    log.write(
                        json.dumps(
                            {"generation": generation, "candidate": i, "score": s, "wins": wins, "weights": cand}
                        )
                        + "\n"
                    )
                    log.flush()
            elite = [xs[i] for _, i in scored[: args.elite]]
            mean = [sum(e[k] for e in elite) / len(elite) for k in range(len(names))]
            # the spread follows the elite's, smoothed, and never quite vanishes
            sigma = [
                max(
                    MIN_SIGMA,
                    SMOOTHING * math.sqrt(sum((e[k] - mean[k]) ** 2 for e in elite) / len(elite))
                    + (1 - SMOOTHING) * sigma[k],
                )
                for k in range(len(names))
            ]
            print(
                f"generation {generation}: best {scored[0][0]:.4f}, median {scored[len(scored) // 2][0]:.4f}, "
                f"mean sigma {sum(sigma) / len(sigma):.3f} ({time.perf_counter() - wall:.0f}s)",
                flush=True,
            )
        seen.sort(key=lambda t: -t[0])
        # the hand-set weights and the start compete on the validation games too
        finalists = [hand_set] + ([started] if args.start else []) + [c for _, c in seen[: args.finalists]]
        checked = evaluate(finalists, VALIDATION_SEED, args.validation_games)
        validated = [score(w, args.validation_games) for w in checked]
        for s, cand in zip(validated, finalists):
            label = "hand-set" if cand is hand_set else "start" if cand is started else cand
            print(f"validation {s:.4f}: {label}")
        best = max(range(len(finalists)), key=lambda i: (validated[i], -i))
    chosen = {**HAND_SET.as_dict(), **finalists[best]}
    description = (
        f"Fitted by benchmarks/fit_bot.py (cross-entropy method{', from ' + Path(args.start).name if args.start else ''}, {args.generations} generations of "
        f"{args.population}, {args.games} training games per deck and level, seed {args.seed}) on the sample decks "
        f"{', '.join(decks)} against levels {', '.join(map(str, levels))}. Mean clear rate on "
        f"{args.validation_games} validation games per deck and level: {validated[best]:.4f} "
        f"(hand-set weights: {validated[0]:.4f}{'; the start: ' + format(validated[1], '.4f') if args.start else ''}). "
        f"{time.perf_counter() - wall:.0f}s on {args.workers} worker(s)."
    )
    write_text_atomic(args.out, weights_yaml("tuned", args.version, Weights(**chosen), description))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
