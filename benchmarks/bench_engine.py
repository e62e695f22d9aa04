"""How many random-vs-script games the engine plays per second, in one process.

Bots and deck checks play thousands of games, so the engine's speed is a
feature: run this before and after touching gateruler/engine and compare.
The player picks uniformly among the legal actions with a seeded RNG; the
rift plays its script.  Two workloads: the tests' rich fixture (every ability
word in play) and, when the shipped data loads, the Knight sample deck against
level 1.

    python benchmarks/bench_engine.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from gateruler.engine import Game  # noqa: E402


def play_random(game: Game, rng: random.Random) -> int:
    """Play to the end choosing uniformly; returns the number of player actions."""
    n = 0
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        n += 1
    return n


def measure(name: str, make: Callable[[int], Game], seconds: float) -> None:
    """Games per second of this process's CPU time, so that other work on a shared
    machine does not move the figure much; seeds 0, 1, 2... make runs comparable."""
    games = actions = turns = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game = make(games)
        actions += play_random(game, random.Random(games))
        turns += game.turn
        games += 1
    elapsed = time.process_time() - start
    print(
        f"{name}: {games / elapsed:.1f} games/s "
        f"({games} games, {turns / games:.1f} turns and {actions / games:.1f} player actions a game, {elapsed:.1f}s CPU)"
    )


def fixture_game(seed: int) -> Game:
    from factories import rich_game

    return rich_game(seed, max_turns=200)


def shipped_game_maker() -> Callable[[int], Game] | None:
    try:
        from gateruler import loader
        from gateruler.games import new_game

        pool = loader.load_card_pool()
        deck = loader.load_deck(loader.sample_deck_path("knight"))
        lvl = loader.load_level(1)
    except Exception as exc:  # the loader may not exist yet; say so and go on
        print(f"shipped data: skipped ({type(exc).__name__}: {exc})")
        return None
    return lambda seed: new_game(deck, lvl, seed, pool=pool)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU time spent on each workload")
    args = parser.parse_args()
    measure("fixture (rich test cards, Knight)", fixture_game, args.seconds)
    shipped = shipped_game_maker()
    if shipped is not None:
        measure("shipped (knight sample deck vs level 1)", shipped, args.seconds)


if __name__ == "__main__":
    main()
