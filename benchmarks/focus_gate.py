"""Which of search 96's decisions the focus bot would search: its gate, measured on search's own games.

The focus bot (gateruler/bots/focus.py) searches a decision only when its
kind is one search's departures from greedy win at and a probe of a few
rollouts of greedy's choice is neither all cleared nor all lost
(`focus-unwon`: not all cleared).  This reads search 96's recorded games
(benchmarks/paired_games.py's cache: it plays none), replays each to every
decision search weighed (more than one candidate), and sorts it by the
focus bot's gate there (its probe on a generator seeded by the game and
the decision): another kind, every probe cleared, every probe lost, in the
balance.  Per level and class it prints how many decisions search weighed,
at how many it departed from greedy, and search's own estimate of what its
departures gained (its rollout mean of its choice minus greedy's choice's,
per departure: biased upwards by the choice, the winner's curse, but alike
in every class).  The classes focus skips are the rollouts it saves; the
departures there are what it may lose.

    python benchmarks/focus_gate.py --games 40 --levels 1,2,3,4 --cache .bench-cache
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

import paired_games as pg  # noqa: E402

from gateruler.batch import GameSpec, derive_seed  # noqa: E402
from gateruler.bots import player_view  # noqa: E402
from gateruler.bots.focus import FocusBot, decision_kind_matters  # noqa: E402
from gateruler.cli.cmd_check import parse_levels  # noqa: E402
from gateruler.engine.actions import action_from_dict  # noqa: E402
from gateruler.engine.game import Game  # noqa: E402

REFERENCE = "search:96"
CLASSES = ("other kind", "all cleared", "all lost", "in the balance")


def gate_class(game: Game, default_action: dict, seed: int, probe: int) -> str:
    """Where the focus gate puts a decision (CLASSES): its kind, then its probe's clears (focus skips the
    all-cleared decisions, and the all-lost ones too but for `focus-unwon`)."""
    if not decision_kind_matters(game):
        return CLASSES[0]
    if probe <= 0:
        return CLASSES[3]  # no probe: every decision of those kinds is searched
    cleared = FocusBot(seed, probe=probe).probe_clears(player_view(game), action_from_dict(default_action))
    return CLASSES[1] if cleared == probe else CLASSES[2] if cleared == 0 else CLASSES[3]


def _gain(decision: pg.Decision) -> float:
    means = {json.dumps(c[0], sort_keys=True): c[2] for c in decision.candidates}
    chosen = means.get(json.dumps(decision.chosen, sort_keys=True))
    default = means.get(json.dumps(decision.default, sort_keys=True))
    return 0.0 if chosen is None or default is None else chosen - default


def gate_counts(spec: GameSpec, record: pg.GameRecord, probe: int) -> dict[str, float]:
    """One recorded search game: per class, its weighed decisions, departures and their estimated gain."""
    counts: dict[str, float] = defaultdict(float)
    by_index = {d.at: d for d in record.decisions if d.candidates}
    game = spec.start(pg.game_seed(pg.SEED, spec.level.number, record.index))
    for at, action in enumerate(record.action_list()):
        decision = by_index.get(at)
        if decision is not None:
            seed = derive_seed("focus-gate", spec.level.number, record.index, at)
            where = gate_class(game, decision.default, seed, probe)
            counts[f"{where} weighed"] += 1
            if decision.default != decision.chosen:
                counts[f"{where} departed"] += 1
                counts[f"{where} gain"] += _gain(decision)
        game.apply_trusted(action)
    return counts


def _print_level(level: int, games: int, total: dict[str, float]) -> None:
    weighed = max(1, int(sum(total[f"{c} weighed"] for c in CLASSES)))  # a count, printed as one
    cells = []
    for c in CLASSES:
        departed = int(total[f"{c} departed"])
        gain = total[f"{c} gain"] / departed if departed else 0.0
        cells.append(f"{100 * total[f'{c} weighed'] / weighed:5.0f}% {departed:4d} {gain:+.3f}")
    print(f"   {level:<6}{games:>6}{weighed:>8}" + "".join(f"{cell:>20}" for cell in cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", default="knight,wizard,apprentice,knight-pool,wizard-examples")
    parser.add_argument("--levels", default="1,2,3,4")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--probe", type=int, default=4, help="the focus bot's probe rollouts")
    parser.add_argument("--cache", default=str(pg.CACHE_DIR))
    args = parser.parse_args()
    print(f"search 96's weighed decisions by the focus gate (probe {args.probe}); games from {args.cache}, none played")
    print(
        "   per class: share of the weighed decisions, search's departures there, its mean estimated gain per departure"
    )
    print(f"   {'level':<6}{'games':>6}{'weighed':>8}" + "".join(f"{c:>20}" for c in CLASSES))
    for level in parse_levels(args.levels):
        total: dict[str, float] = defaultdict(float)
        games = 0
        for deck in args.decks.split(","):
            spec = pg.specs(deck, [level])[level]
            cache = pg.GameCache(spec, REFERENCE, Path(args.cache))
            for index in range(args.games):
                record = cache.records.get(index)
                if record is not None and record.outcome != "error":
                    for key, value in gate_counts(spec, record, args.probe).items():
                        total[key] += value  # not Counter's +, which drops a class whose total gain is negative
                    games += 1
        _print_level(level, games, total)


if __name__ == "__main__":
    main()
