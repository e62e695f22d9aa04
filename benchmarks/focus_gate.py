"""Which of search 96's decisions the focus bot would search: its gate, measured on search's own games.

The focus bot (gateruler/bots/focus.py) searches a decision only when its
kind is one search's departures from greedy win at and a probe of a few
rollouts of greedy's choice is neither all cleared nor all lost.  This
reads search 96's recorded games (benchmarks/paired_games.py's cache: it
plays none), replays each to every decision search weighed (more than one
candidate), and asks the focus bot's gate there (its probe on a generator
seeded by the game and the decision).  Per level it prints how many of
search's weighed decisions, and how many of the ones where search departed
from greedy, the gate lets through: the departures it keeps are where
focus can gain what search gains, the weighed decisions it drops are the
rollouts it saves.

    python benchmarks/focus_gate.py --games 40 --levels 1,2,3,4 --cache .bench-cache
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

import paired_games as pg  # noqa: E402

from gateruler.batch import GameSpec, derive_seed  # noqa: E402
from gateruler.bots import player_view  # noqa: E402
from gateruler.bots.focus import FocusBot, decision_kind_matters  # noqa: E402
from gateruler.engine.actions import action_from_dict  # noqa: E402

REFERENCE = "search:96"


def gate_counts(spec: GameSpec, record: pg.GameRecord, probe: int) -> Counter[str]:
    """One recorded search game: its weighed decisions and departures, and how many of each the gate passes."""
    counts: Counter[str] = Counter()
    by_index = {d.at: d for d in record.decisions if d.candidates}
    game = spec.start(pg.game_seed(pg.SEED, spec.level.number, record.index))
    for at, action in enumerate(record.action_list()):
        decision = by_index.get(at)
        if decision is not None:
            departed = decision.default != decision.chosen
            bot = FocusBot(derive_seed("focus-gate", record.index, at), probe=probe)
            kind = decision_kind_matters(game)
            passed = kind and bot._matters(player_view(game), action_from_dict(decision.default))
            for name, yes in (("weighed", True), ("departed", departed)):
                if yes:
                    counts[name] += 1
                    counts[f"{name} kind"] += kind
                    counts[f"{name} passed"] += passed
        game.apply_trusted(action)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="knight,wizard,apprentice,knight-pool,wizard-examples")
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--probe", type=int, default=4, help="the focus bot's probe rollouts")
    parser.add_argument("--cache", default=str(pg.CACHE_DIR))
    args = parser.parse_args()
    levels = [int(n) for n in args.levels.split(",")]
    print(f"search 96's decisions the focus gate passes (probe {args.probe}); games from {args.cache}, none played")
    print(
        f"   {'level':<6}{'games':>6}{'weighed':>9}{'of kind':>9}{'passed':>8}{'departed':>10}{'of kind':>9}{'passed':>8}"
    )
    for level in levels:
        total: Counter[str] = Counter()
        games = 0
        for deck in args.decks.split(","):
            spec = pg.specs(deck, [level])[level]
            cache = pg.GameCache(spec, REFERENCE, Path(args.cache))
            for index in range(args.games):
                record = cache.records.get(index)
                if record is not None and record.outcome != "error":
                    total += gate_counts(spec, record, args.probe)
                    games += 1
        w, d = max(1, total["weighed"]), max(1, total["departed"])
        print(
            f"   {level:<6}{games:>6}{total['weighed']:>9}{100 * total['weighed kind'] / w:8.0f}%"
            f"{100 * total['weighed passed'] / w:7.0f}%{total['departed']:>10}"
            f"{100 * total['departed kind'] / d:8.0f}%{100 * total['departed passed'] / d:7.0f}%"
        )


if __name__ == "__main__":
    main()
