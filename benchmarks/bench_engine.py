"""How many games the engine plays per second, in one process; and old against new.

Bots and deck checks play thousands of games, so the engine's speed is a
feature: run this before and after touching gateruler/engine and compare.
Workloads (each a whole game, seeds 0, 1, 2...):

* fixture: the tests' rich fixture (every original ability word in play),
  a uniformly random player;
* mechanics: the fixture with every newer mechanic (filters, conditions,
  costs, decisions; tests/factories.py), a random player, when the code has it;
* shipped: the Knight sample deck against level 1, a random player;
* greedy: the same with the greedy bot (the bot's own time included);
* learned: the same with the learned bot (greedy overruled by its model,
  gateruler/data/bots/learned.yaml), when the code has it.

Each workload builds its definitions (cards, pool, ruler, level) once and
starts every game from them, as a batch of a real user's games does (`check`
loads one deck, level and pool for all its games; the engine's per-definition
tables are then worked out once): the fixtures' factories, which build new
definitions for every game, made that set-up half of a fixture game before.
A game is still all of `Game.new` (its shuffles, its `Setup`, its first
turn) and its play to the end.

Figures are games per second of the process's CPU time, so that other work
on a shared machine moves them less.  On a shared machine compare versions
with `--compare REF`: the given git ref is exported into a temporary
directory, and both versions run each workload in their own subprocess,
alternately, for several rounds; the report gives each version's figure and
the ratio new/old per round.

    python benchmarks/bench_engine.py [--seconds 5] [--workloads fixture,shipped]
    python benchmarks/bench_engine.py --compare main [--rounds 3] [--seconds 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WORKLOADS = ("fixture", "mechanics", "shipped", "greedy", "learned")


# ---------------------------------------------------------------------- one process, one code tree


def play_random(game: Any, rng: random.Random) -> int:
    """Play to the end choosing uniformly; returns the number of player actions.

    The action is one `legal_actions()` just offered, so it is applied without
    `apply`'s check against them, which would work them out a second time (as
    the bots' game loop does); a tree from before `apply_trusted` uses `apply`."""
    n = 0
    apply = getattr(type(game), "apply_trusted", None) or type(game).apply
    while not game.over:
        apply(game, rng.choice(game.legal_actions()))
        n += 1
    return n


def _makers(tree: Path) -> dict[str, Callable[[int], tuple[Any, Callable[[Any, int], int]]]]:
    """Workload name -> (seed -> a game and how to play it), built from the code in `tree`."""
    sys.path[:0] = [str(tree), str(tree / "tests")]
    import factories

    import gateruler

    if not Path(gateruler.__file__).resolve().is_relative_to(tree.resolve()):
        raise SystemExit(f"measuring {tree} but gateruler was imported from {gateruler.__file__}")

    def random_player(game: Any, seed: int) -> int:
        return play_random(game, random.Random(seed))

    from gateruler.engine import Game
    from gateruler.invader import InvaderController

    def fixture(deck: Any, level: Any, cards: Any) -> Callable[[int], tuple[Any, Callable[[Any, int], int]]]:
        """Games of one fixture, its definitions built once (as `factories.rich_game` builds them each game)."""
        ruler, pool = factories.knight(), factories.pool(cards)

        def make(seed: int) -> tuple[Any, Callable[[Any, int], int]]:
            game = Game.new(
                deck=deck, ruler=ruler, level=level, pool=pool, seed=seed, max_turns=200, opponent=InvaderController()
            )
            return game, random_player

        return make

    makers: dict[str, Callable[[int], tuple[Any, Callable[[Any, int], int]]]] = {
        "fixture": fixture(factories.RICH_PLAYER_DECK, factories.rich_level(), factories.rich_cards())
    }
    if hasattr(factories, "mechanics_game"):
        player_deck, _ = factories.mechanics_decks()
        makers["mechanics"] = fixture(player_deck, factories.mechanics_level(), factories.mechanics_fixture_cards())
    try:
        from gateruler import loader
        from gateruler.bots import BOT_NAMES, make_bot, play_out
        from gateruler.games import new_game

        pool = loader.load_card_pool()
        deck = loader.load_deck(loader.sample_deck_path("knight"))
        level = loader.load_level(1)
    except Exception as exc:  # the shipped data may not load in an old tree; say so and go on
        print(f"shipped data: skipped ({type(exc).__name__}: {exc})", file=sys.stderr)
        return makers

    def with_bot(name: str) -> Callable[[int], tuple[Any, Callable[[Any, int], int]]]:
        """Games of the shipped workload played by the bot `name` (made for the game's seed)."""

        def play(game: Any, seed: int) -> int:
            actions = [0]
            play_out(game, make_bot(name, seed), on_action=lambda _: actions.__setitem__(0, actions[0] + 1))
            return actions[0]

        return lambda seed: (new_game(deck, level, seed, pool=pool), play)

    makers["shipped"] = lambda seed: (new_game(deck, level, seed, pool=pool), random_player)
    makers["greedy"] = with_bot("greedy")
    if "learned" in BOT_NAMES:  # not in a tree from before the learned bot
        makers["learned"] = with_bot("learned")
    return makers


def measure(make: Callable[[int], tuple[Any, Callable[[Any, int], int]]], seconds: float) -> dict[str, float]:
    """Whole games for `seconds` of this process's CPU time; seeds 0, 1, 2... make runs comparable."""
    games = actions = turns = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        game, player = make(games)
        actions += player(game, games)
        turns += game.turn
        games += 1
    elapsed = time.process_time() - start
    return {"games": games, "cpu": elapsed, "turns": turns, "actions": actions}


def report(name: str, figures: dict[str, float]) -> str:
    games = figures["games"]
    return (
        f"{name}: {games / figures['cpu']:.1f} games/s ({games} games, {figures['turns'] / games:.1f} turns and "
        f"{figures['actions'] / games:.1f} player actions a game, {figures['cpu']:.1f}s CPU)"
    )


# ---------------------------------------------------------------------- old against new


def export(ref: str, into: Path) -> Path:
    """The tree of git `ref` (the benchmark's own repository) written into `into`."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def run_worker(tree: Path, workload: str, seconds: float) -> dict[str, float] | None:
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        str(tree),
        "--workloads",
        workload,
        "--seconds",
        str(seconds),
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=tree)
    if done.returncode != 0:
        raise SystemExit(f"the {workload} workload failed in {tree}:\n{done.stderr}")
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return result.get(workload)


def compare(ref: str, workloads: list[str], rounds: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        old = export(ref, Path(tmp))
        trees = {"old": old, "new": ROOT}
        runs: dict[tuple[str, str], list[dict[str, float]]] = {}
        for r in range(rounds):
            order = ("old", "new") if r % 2 == 0 else ("new", "old")  # alternate, so that drift hits both alike
            for workload in workloads:
                for version in order:
                    figures = run_worker(trees[version], workload, seconds)
                    if figures is not None:
                        runs.setdefault((workload, version), []).append(figures)
        print(
            f"old = {ref}, new = this tree; {rounds} rounds of {seconds:g}s CPU per workload and version, alternating"
        )
        for workload in workloads:
            new_runs = runs.get((workload, "new"), [])
            old_runs = runs.get((workload, "old"), [])
            if not new_runs:
                continue
            new_rate = [f["games"] / f["cpu"] for f in new_runs]
            line = f"{workload:>9}: new {statistics.mean(new_rate):7.1f} games/s"
            if old_runs:
                old_rate = [f["games"] / f["cpu"] for f in old_runs]
                ratios = [n / o for n, o in zip(new_rate, old_rate)]
                line += (
                    f", old {statistics.mean(old_rate):7.1f} games/s, new/old {statistics.mean(ratios):.3f}"
                    f" (rounds: {', '.join(f'{x:.3f}' for x in ratios)})"
                )
            else:
                line += " (no such workload in the old tree)"
            print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="CPU time spent on each workload (each round, with --compare)"
    )
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help="comma-separated: " + ", ".join(WORKLOADS))
    parser.add_argument(
        "--compare", metavar="REF", help="also time the code of this git ref, alternating, in subprocesses"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --compare")
    parser.add_argument(
        "--worker", metavar="TREE", help=argparse.SUPPRESS
    )  # one tree's figures as JSON (used by --compare)
    args = parser.parse_args()
    workloads = [w for w in args.workloads.split(",") if w]
    unknown = sorted(set(workloads) - set(WORKLOADS))
    if unknown:
        parser.error(f"unknown workload(s): {', '.join(unknown)}")
    if args.compare:
        compare(args.compare, workloads, args.rounds, args.seconds)
        return
    tree = Path(args.worker) if args.worker else ROOT
    makers = _makers(tree)
    results = {name: measure(makers[name], args.seconds) for name in workloads if name in makers}
    if args.worker:
        print(json.dumps(results))
        return
    for name, figures in results.items():
        print(report(name, figures))


if __name__ == "__main__":
    main()
