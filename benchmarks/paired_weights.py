"""Greedy with some weights changed against greedy as it is, on the same games: does a term gain?

A new term of greedy's (a named weight, gateruler/bots/weights.py) is kept
only where it clears more games.  This plays greedy's hand-set weights (or
the tuned bot's, `--base tuned`; or the learned bot over the weights its model
overrules, `--base learned`) and the same weights with `--set` changes on
the *same* game seeds, deck by deck and level by level, and prints each clear
rate with its Wilson interval and the paired difference (95% interval from
the games only one of them cleared, Newcombe's) with McNemar's exact test:
the helpers of gateruler.stats that bench_bots.py prints with.

Seeds are `game_seed(SEED, level, i)` as `check` makes them: `--seed 0`
(the default) plays check's games, the figures reported; tune a weight on
other seeds (`--seed 1001`, fit_bot.py's training seeds) first.

    python benchmarks/paired_weights.py --set hold_answer=1 --games 400 --levels 1-6 --workers 1
    python benchmarks/paired_weights.py --set hold_answer=0 --base greedy:hold_answer=1 ...  # the other way round
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import paired_games as pg  # noqa: E402

from gateruler.batch import GameSpec, game_seed  # noqa: E402
from gateruler.bots import LEARNED_BASES, learned_model, play_out, tuned_weights  # noqa: E402
from gateruler.bots.greedy import GreedyBot  # noqa: E402
from gateruler.bots.learned import LearnedBot  # noqa: E402
from gateruler.bots.weights import Weights  # noqa: E402
from gateruler.cli.cmd_check import parse_levels  # noqa: E402
from gateruler.errors import GateRulerError  # noqa: E402
from gateruler.stats import mcnemar_p, paired_difference_interval, wilson_interval  # noqa: E402

DECKS = pg.SAMPLE_DECKS + pg.held_out_decks()


def parse_changes(text: str) -> dict[str, float]:
    """'a=1,b=0.5' -> {'a': 1.0, 'b': 0.5}, each a weight greedy has."""
    out: dict[str, float] = {}
    for part in text.split(","):
        if not part:
            continue
        name, _, value = part.partition("=")
        if name not in Weights.names():
            raise SystemExit(f"paired_weights: no weight {name!r} (gateruler/bots/weights.py)")
        out[name] = float(value)
    return out


def base_weights(text: str) -> tuple[Weights, bool]:
    """'greedy', 'tuned' or 'learned' (the weights the learned model overrules), optionally with changes
    after a colon: 'greedy:hold_answer=1'; and whether the games are the learned bot's over them."""
    name, _, changes = text.partition(":")
    if name not in ("greedy", "tuned", "learned"):
        raise SystemExit(f"paired_weights: --base is greedy, tuned or learned, not {name!r}")
    if name == "learned":
        weights = LEARNED_BASES[learned_model().base]()
    else:
        weights = tuned_weights().weights if name == "tuned" else Weights()
    return Weights(**{**weights.as_dict(), **parse_changes(changes)}), name == "learned"


_specs: dict[str, dict[int, GameSpec]] = {}


def _init(decks: list[str], levels: list[int]) -> None:
    for deck in decks:
        _specs[deck] = pg.specs(deck, levels)


def _play(job: tuple[str, int, int, int, Weights, Weights, bool]) -> tuple[str, int, int, bool, bool]:
    """One game seed played by both weight sets (greedy's, or the learned bot's over them): whether each cleared."""
    deck, level, seed, index, first, second, learned = job
    spec = _specs[deck][level]
    cleared = []
    for weights in (first, second):
        game = spec.start(game_seed(seed, level, index))
        play_out(game, LearnedBot(0, learned_model(), weights) if learned else GreedyBot(0, weights))
        cleared.append(game.winner == "player")
    return deck, level, index, cleared[0], cleared[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", required=True, help="the weights changed: name=value,...")
    parser.add_argument("--base", default="greedy", help="greedy, tuned or learned, with changes: greedy:name=value")
    parser.add_argument("--decks", default=",".join(DECKS))
    parser.add_argument("--levels", default="1-6")
    parser.add_argument("--games", type=int, default=400, help="game seeds per deck and level")
    parser.add_argument("--seed", type=int, default=0, help="base seed (0: check's games)")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    decks = [d for d in args.decks.split(",") if d]
    try:
        levels = parse_levels(args.levels)  # check's own reading of --levels ('1-6', '3', '1,3-4')
    except GateRulerError as error:
        raise SystemExit(f"paired_weights: {error}") from None
    base, learned = base_weights(args.base)
    changed = Weights(**{**base.as_dict(), **parse_changes(args.set)})
    jobs = [(d, lv, args.seed, i, changed, base, learned) for d in decks for lv in levels for i in range(args.games)]
    began = time.process_time()
    wall = time.perf_counter()
    results: dict[tuple[str, int], list[tuple[bool, bool]]] = {}
    if args.workers > 1:
        with multiprocessing.get_context("fork").Pool(args.workers, _init, (decks, levels)) as pool:
            played = list(pool.imap_unordered(_play, jobs, chunksize=16))
    else:
        _init(decks, levels)
        played = [_play(job) for job in jobs]
    for deck, level, _index, a, b in played:
        results.setdefault((deck, level), []).append((a, b))
    print(
        f"{args.base} with {args.set} (new) against {args.base} (old): {args.games} game seeds per deck and level, "
        f"seeds game_seed({args.seed}, level, i); {len(jobs) * 2} games in {time.perf_counter() - wall:.0f}s "
        f"({time.process_time() - began:.0f} CPU s in this process)"
    )
    print(f"   {'deck':<16}{'level':>6}{'new':>20}{'old':>20}{'new - old, points [95%], McNemar p':>40}")
    for deck in decks:
        for level in levels:
            pairs = results[deck, level]
            n = len(pairs)
            both = sum(a and b for a, b in pairs)
            only_new = sum(a and not b for a, b in pairs)
            only_old = sum(b and not a for a, b in pairs)
            cells = []
            for won in (both + only_new, both + only_old):
                low, high = wilson_interval(won, n)
                cells.append(f"{100 * won / n:5.1f} [{100 * low:4.1f}-{100 * high:4.1f}]")
            low, high = paired_difference_interval(both, only_new, only_old, n - both - only_new - only_old)
            p = mcnemar_p(only_new, only_old)
            diff = f"{100 * (only_new - only_old) / n:+5.1f} [{100 * low:+.1f},{100 * high:+.1f}] p={p:.2g}"
            print(f"   {deck:<16}{level:>6}{cells[0]:>20}{cells[1]:>20}{diff:>40}")
    total = [pair for pairs in results.values() for pair in pairs]
    new = sum(a for a, _ in total)
    old = sum(b for _, b in total)
    print(f"   all: new {100 * new / len(total):.2f}%, old {100 * old / len(total):.2f}% ({len(total)} seeds)")


if __name__ == "__main__":
    main()
