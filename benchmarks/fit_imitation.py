"""Fit the `learned` bot: greedy overruled by a linear model of the search bot's rollout advantages.

Subcommands:

* `collect`: the search bot (`--budget`, default 24) plays the sample decks on
  *training* seeds (base seed 1001, fit_bot.py's; never check's seed 0), and
  every game is kept with each decision's `SearchTrace` (greedy's choice and
  every candidate's rollout count and mean) in `.bench-cache/` by
  benchmarks/paired_games.py, so fitting never replays the search.  It can be
  stopped and started again: it plays only the games not on disk;
* the others replay those games (cheap: only the engine) into samples: at
  every decision with two or more candidates, the context and each
  candidate's features (gateruler/bots/learned/features.py), rollout mean and
  count (kept in `.bench-cache/imitation/`, so a second run does not replay);
* `accuracy`: fits on the games with an even index and prints, on the odd
  ones (held out), how often the model picks the search's choice, against
  greedy's baseline, for each `--lam` and `--margin`;
* `tune`: fits on every game and plays the learned bot with each penalty and
  margin on validation seeds (base seed 2002, `--play` games a deck and
  level), against the base (greedy, or `--base`) and the shipped model on the
  same games;
* `fit`: fits on every game with the first `--lam` and `--margin` and writes
  the model file (default gateruler/data/bots/learned.yaml, `--version`);
* `expert`: the expert-iteration step, measured on check's seeds: the search
  with greedy's policy against the same search with the learned policy (the
  shipped model) as its default and in its rollouts.

`--rollouts learned` collects the next turn of expert iteration instead: the
search with the learned policy (`--rollout-model`, the shipped model by
default) as its default and in its rollouts; `--data learned` (or
`greedy,learned`, pooled) fits on those games, each decision with greedy's
choice first, as the learned bot weighs it.

`--base tuned` (accuracy, tune, fit) fits the model over the tuned weights
(tuned.yaml) instead of greedy's hand-set ones: each decision's first row is
the tuned policy's choice (a greedy policy with those weights replayed
through the search's game, as the learned bot has it when it plays), so the
model weighs each alternative against the policy it overrules; `tune` plays
the validation games, and `fit` writes the model, over those weights.

`--fit ridge` (the default) is a weighted ridge regression of each
alternative's advantage (rollout mean minus greedy's choice's) on the
feature differences; `--fit softmax` a softmax over the candidates fitted to
the search's choices.  `--kinds` fits some kinds of decision only.  Refit when
the card pool, the sample decks, the rules or greedy change (docs/bots.md):

    python benchmarks/fit_imitation.py collect --budget 24 --games 100 --levels 1-4
    python benchmarks/fit_imitation.py accuracy --games 100 --lam 10 --margin 0,0.05,0.1,0.2
    python benchmarks/fit_imitation.py tune --games 100 --lam 10,100,1000 --margin 0.05,0.1,0.2 --play 100
    python benchmarks/fit_imitation.py fit --games 100 --lam 10 --margin 0.1 --version N
    python benchmarks/fit_imitation.py expert --budget 24 --decks knight --levels 2,3 --play 40
    python benchmarks/fit_imitation.py collect --games 100 --rollouts learned
    python benchmarks/fit_imitation.py tune --games 100 --data learned --lam 10,100 --margin 0.05,0.1 --play 100
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

import paired_games as pg  # noqa: E402

from gateruler.batch import GameSpec, bot_seed, game_seed  # noqa: E402
from gateruler.bots import (  # noqa: E402
    LEARNED_BASES,
    learned_label,
    learned_model,
    play_out,
    player_view,
    tuned_weights,
)
from gateruler.bots.greedy import GreedyBot, GreedyPolicy  # noqa: E402
from gateruler.bots.learned import (  # noqa: E402
    KINDS,
    LEARNED_FILE,
    LearnedBot,
    LearnedPolicy,
    Model,
    candidate,
    context,
    decision_kind,
    model_yaml,
    read_model,
)
from gateruler.bots.learned.fit import Sample, fit_ridge, fit_softmax, pick  # noqa: E402
from gateruler.bots.learned.model import BASES  # noqa: E402
from gateruler.bots.search import SearchBot  # noqa: E402
from gateruler.bots.weights import Weights  # noqa: E402
from gateruler.cli.cmd_check import parse_levels  # noqa: E402
from gateruler.engine.actions import Action, action_from_dict  # noqa: E402
from gateruler.engine.game import Game  # noqa: E402
from gateruler.fileio import write_text_atomic  # noqa: E402

TRAIN_SEED = 1001  # base seed of the training games (fit_bot.py's); check plays seed 0
VALIDATION_SEED = 2002  # base seed of the games that pick the ridge penalty and the margin (fit_bot.py's)
DECKS = pg.SAMPLE_DECKS
BASE_NAMES = {"greedy": "greedy", "tuned": "the tuned bot"}  # how results name each base (--base)


@dataclass(frozen=True)
class Rollouts:
    """Whose policy is the search's default and plays its rollouts, and so which games it collects.

    `greedy`: the `search` bot's own (its games are bench_bots.py's `search:N` cache). `learned`:
    the learned bot's policy with the model in `model` (expert iteration's next turn), kept under
    `search-learned-N/`, versioned by the search's code, the learned bot's code and that model file,
    so refitting the shipped model does not lose them (collect them again with `--rollout-model`)."""

    name: str
    model: Path = LEARNED_FILE

    def bot_text(self, budget: int) -> str:
        return f"search:{budget}" if self.name == "greedy" else f"search-learned:{budget}"

    def version(self) -> str | None:
        if self.name == "greedy":
            return None  # the search bot's code version, as bench_bots.py keys it
        digest = hashlib.sha256(pg.code_version("search").encode())
        for path in sorted((pg.PACKAGE / "bots" / "learned").glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        digest.update(b"model\0" + self.model.read_bytes())  # its bytes, wherever a copy is kept
        return digest.hexdigest()[:16]

    def bot(self, budget: int) -> Callable[[int], SearchBot] | None:
        """The search bot from its seed (None: the registry's `search`)."""
        if self.name == "greedy":
            return None
        model = read_model(self.model)
        return lambda seed: SearchBot(seed, budget, lambda: LearnedPolicy(model))

    def cache(self, spec: GameSpec, budget: int, root: Path) -> pg.GameCache:
        return pg.GameCache(spec, self.bot_text(budget), root, TRAIN_SEED, self.version())


def collect(budget: int, games: int, levels: list[int], decks: tuple[str, ...], root: Path, rollouts: Rollouts) -> None:
    """Play the search bot's training games not yet on disk, game by game across the cells."""
    bot = rollouts.bot_text(budget)
    make = rollouts.bot(budget)
    caches = {}
    for deck in decks:
        for level, spec in pg.specs(deck, levels).items():
            caches[deck, level] = (spec, rollouts.cache(spec, budget, root))
    jobs = [(i, deck, level) for (deck, level), (_, c) in caches.items() for i in c.missing(range(games))]
    jobs.sort()
    print(f"{bot}: {len(jobs)} training games to play (seed {TRAIN_SEED}), into {root}", flush=True)
    began = time.monotonic()
    pending: dict[tuple[str, int], list[pg.GameRecord]] = {}
    saved = time.monotonic()
    for done, (index, deck, level) in enumerate(jobs, 1):
        spec, _ = caches[deck, level]
        pending.setdefault((deck, level), []).append(pg.play_game(spec, bot, index, TRAIN_SEED, make))
        if time.monotonic() - saved > 60 or done == len(jobs):
            for key, records in pending.items():
                caches[key][1].add(records)
            pending, saved = {}, time.monotonic()
            print(f"  {done}/{len(jobs)} games, {time.monotonic() - began:.0f}s", flush=True)


def samples(
    spec: GameSpec, record: pg.GameRecord, seed: int = TRAIN_SEED, base: Weights | None = None
) -> Iterator[Sample]:
    """Every decision of a recorded search game with two or more candidates, as the bot would see it.

    Row 0 is the search's default.  With `base` (weights other than those of the search's default:
    the tuned bot's, or greedy's under a search whose default is the learned policy) row 0 is the
    choice of a greedy policy with those weights instead, as the learned bot over `base` has it when
    it plays: the policy follows the game, asked at every decision the search was, and starts afresh
    after each action that is not its choice (the learned policy's greedy after a departure), so the
    model learns where that policy, not the search's default, departs from the search.  A decision
    where that choice had no rollouts is left out, as nothing says what departing from it is worth."""
    by_index = {d.at: d for d in record.decisions if len(d.candidates) >= 2}
    if not by_index or record.outcome == "error":
        return
    asked = {d.at for d in record.decisions}
    game = spec.start(game_seed(seed, spec.level.number, record.index))
    group = f"{spec.deck.name}/{spec.level.number}"
    policy = None if base is None else GreedyPolicy(base)
    for at, action in enumerate(record.action_list()):
        seen = player_view(game).game if at in asked else None
        default = policy.act(seen, game.legal_actions()) if policy is not None and seen is not None else None
        decision = by_index.get(at)
        if decision is not None and seen is not None:
            sample = _sample(seen, decision, default, group)
            if sample is not None:
                yield sample
        if base is not None and default is not None and action != default:
            policy = GreedyPolicy(base)  # its plan assumed its own choice
        game.apply_trusted(action)


def _sample(seen: Game, decision: pg.Decision, default: Action | None, group: str) -> Sample | None:
    """One decision's sample, `default` (the search's own if None) first; None if it is not among the
    candidates or there is only one."""
    actions = [action_from_dict(c[0]) for c in decision.candidates]
    rows = list(range(len(actions)))
    if default is not None:
        first = actions.index(default) if default in actions else -1
        rows = [first, *(i for i in rows if i != first)] if first >= 0 else []
    if len(rows) < 2:
        return None
    chosen = action_from_dict(decision.chosen)
    ordered = [actions[i] for i in rows]
    return Sample(
        np.array(context(seen)),
        np.array([candidate(seen, a, n == 0) for n, a in enumerate(ordered)]),
        np.array([decision.candidates[i][2] for i in rows]),
        np.array([decision.candidates[i][1] for i in rows]),
        ordered.index(chosen) if chosen in ordered else 0,
        decision_kind(seen),
        group,
    )


Key = tuple[str, int]  # the rollout policy of the search that played the game, and the game's index


def dataset(
    budget: int,
    games: int,
    levels: list[int],
    decks: tuple[str, ...],
    root: Path,
    sources: list[Rollouts],
    base: str = "greedy",
) -> dict[Key, list[Sample]]:
    """(rollouts, game index) -> its decisions' samples, over every deck and level and the searches of
    `sources` (only the games on disk), each decision with the choice of `base`'s policy first.

    The samples are kept in `root`/imitation/ by what they are made of (the search's code version and
    games, the features' code, the base's weights), so a second fit does not replay the games."""
    out: dict[Key, list[Sample]] = {}
    for source in sources:
        made = _source_dataset(budget, games, levels, decks, root, source, base)
        out.update({(source.name, i): ss for i, ss in made.items()})
    return out


def _source_dataset(
    budget: int, games: int, levels: list[int], decks: tuple[str, ...], root: Path, source: Rollouts, base: str
) -> dict[int, list[Sample]]:
    out: dict[int, list[Sample]] = {}
    caches = []
    for deck in decks:
        for spec in pg.specs(deck, levels).values():
            cache = source.cache(spec, budget, root)
            caches.append((spec, cache, [i for i in range(games) if i in cache.records]))
    features = (pg.PACKAGE / "bots" / "learned" / "features.py").read_bytes()
    # the search's default is greedy's hand-set policy only with greedy's rollouts: else replay the base's
    weights = LEARNED_BASES[base]() if source.name != "greedy" or base != "greedy" else None
    made_of = repr([(str(c.path), have) for _, c, have in caches])
    if weights is not None:
        made_of += "regreedy" + ("" if base == "greedy" else f" over {base} {weights!r}")
    key = hashlib.sha256(made_of.encode() + features).hexdigest()[:16]
    path = root / "imitation" / f"{source.bot_text(budget).replace(':', '-')}-{key}.npz"
    if path.is_file():
        return _load(path)
    for spec, cache, have in caches:
        for index in have:
            out.setdefault(index, []).extend(samples(spec, cache.records[index], base=weights))
    _save(path, out)
    return out


def _save(path: Path, data: dict[int, list[Sample]]) -> None:
    """The samples as flat arrays (one row a candidate, `offsets` where each decision's begin)."""
    flat = [(i, s) for i, ss in sorted(data.items()) for s in ss]
    if not flat:
        return
    sizes = [len(s.candidates) for _, s in flat]
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        path,
        index=np.array([i for i, _ in flat]),
        contexts=np.stack([s.context for _, s in flat]),
        candidates=np.concatenate([s.candidates for _, s in flat]),
        means=np.concatenate([s.means for _, s in flat]),
        games=np.concatenate([s.games for _, s in flat]),
        offsets=np.concatenate([[0], np.cumsum(sizes)]),
        chosen=np.array([s.chosen for _, s in flat]),
        kinds=np.array([KINDS.index(s.kind) for _, s in flat]),
        groups=np.array([s.group for _, s in flat]),
    )


def _load(path: Path) -> dict[int, list[Sample]]:
    with np.load(path, allow_pickle=False) as file:
        f = {name: file[name] for name in file.files}  # each read of an archive's array reads it again
    out: dict[int, list[Sample]] = {}
    offsets = f["offsets"]
    for n, index in enumerate(f["index"].tolist()):
        a, b = offsets[n], offsets[n + 1]
        out.setdefault(index, []).append(
            Sample(
                f["contexts"][n],
                f["candidates"][a:b],
                f["means"][a:b],
                f["games"][a:b],
                int(f["chosen"][n]),
                KINDS[int(f["kinds"][n])],
                str(f["groups"][n]),
            )
        )
    return out


def accuracy(weights: dict[str, np.ndarray], held: list[Sample], margin: float) -> dict[str, float]:
    """How often the model picks the search's choice, and the base's baseline (row 0: greedy's or the tuned
    policy's choice); departures' recall and precision; the rollout advantage (mean of the pick minus row 0's)
    of the model's picks and of the search's."""
    picks = [pick(weights, s, margin) for s in held]
    search_departs = sum(s.chosen != 0 for s in held)
    model_departs = sum(p != 0 for p in picks)
    caught = sum(p == s.chosen != 0 for p, s in zip(picks, held))
    return {
        "decisions": len(held),
        "model": sum(p == s.chosen for p, s in zip(picks, held)) / len(held),
        "greedy": sum(s.chosen == 0 for s in held) / len(held),
        "recall": caught / max(1, search_departs),
        "precision": caught / max(1, model_departs),
        "departures": model_departs / len(held),
        "advantage": float(np.mean([s.means[p] - s.means[0] for p, s in zip(picks, held)])),
        "search_advantage": float(np.mean([s.means[s.chosen] - s.means[0] for s in held])),
    }


FITS: dict[str, Callable[..., dict[str, np.ndarray]]] = {"ridge": fit_ridge, "softmax": fit_softmax}


def report_accuracy(
    data: dict[Key, list[Sample]],
    lams: list[float],
    margins: list[float],
    fit: str,
    kinds: list[str] | None,
    base: str = "greedy",
) -> None:
    """Fit on the even games, print the imitation figures on the odd ones."""
    train = [s for (_, i), ss in data.items() if i % 2 == 0 for s in ss]
    held = [s for (_, i), ss in data.items() if i % 2 == 1 for s in ss]
    print(f"{len(train)} training decisions (even games), {len(held)} held out (odd games)")
    for lam in lams:
        weights = FITS[fit](train, lam, kinds=kinds)
        for margin in margins:
            a = accuracy(weights, held, margin)
            print(
                f"  lam {lam:<6g} margin {margin:<6g} picks search's choice {100 * a['model']:.1f}% "
                f"({BASE_NAMES[base]} {100 * a['greedy']:.1f}%); departs at {100 * a['departures']:.1f}%, "
                f"recall {100 * a['recall']:.1f}%, precision {100 * a['precision']:.1f}%; rollout advantage "
                f"{a['advantage']:+.4f} (search's {a['search_advantage']:+.4f})",
                flush=True,
            )


def clear_rate(
    model: Model | None, levels: list[int], decks: tuple[str, ...], games: int, seed: int, base: str = "greedy"
) -> float:
    """The mean clear rate of the learned bot with `model` over the weights of `base` (that greedy policy
    alone if None) on games of base seed `seed`."""
    weights = LEARNED_BASES[base]()
    won = total = 0
    for deck in decks:
        for level, spec in pg.specs(deck, levels).items():
            for i in range(games):
                game = spec.start(game_seed(seed, level, i))
                play_out(game, GreedyBot(0, weights) if model is None else LearnedBot(0, model, weights))
                won += game.winner == "player"
                total += 1
    return won / total


def tune(data: dict[Key, list[Sample]], lams: list[float], margins: list[float], args: argparse.Namespace) -> None:
    """Fit on every training game, and play each penalty and margin on the validation seeds."""
    every = [s for ss in data.values() for s in ss]
    levels, decks = parse_levels(args.levels), _decks(args)
    base = clear_rate(None, levels, decks, args.play, VALIDATION_SEED, args.base)
    print(
        f"validation seeds {VALIDATION_SEED}, {args.play} games a deck and level: "
        f"{BASE_NAMES[args.base]} {100 * base:.2f}%"
    )
    shipped = learned_model()  # the refit's rival, on the same games
    rate = clear_rate(shipped, levels, decks, args.play, VALIDATION_SEED, shipped.base)
    print(f"  shipped {learned_label()} {100 * rate:.2f}% ({100 * (rate - base):+.2f})", flush=True)
    for lam in lams:
        weights = FITS[args.fit](every, lam, kinds=_kinds(args))
        for margin in margins:
            model = Model(weights, margin, base=args.base)
            rate = clear_rate(model, levels, decks, args.play, VALIDATION_SEED, args.base)
            print(
                f"  lam {lam:<6g} margin {margin:<6g} learned {100 * rate:.2f}% ({100 * (rate - base):+.2f})",
                flush=True,
            )


def write(data: dict[Key, list[Sample]], args: argparse.Namespace) -> None:
    """Fit on every training game and write the model file."""
    every = [s for ss in data.values() for s in ss]
    weights = FITS[args.fit](every, args.lam[0], kinds=_kinds(args))
    fitted_on = {
        "decks": list(_decks(args)),
        "levels": parse_levels(args.levels),
        "seed": TRAIN_SEED,
        "games": len({(k, s.group) for k, ss in data.items() for s in ss}),  # those on disk of --games a cell
        "search_budget": args.budget,
        "search_rollouts": sorted({name for name, _ in data}),
        **({"rollout_model": _model_label(Path(args.rollout_model))} if any(n != "greedy" for n, _ in data) else {}),
        "decisions": len(every),
        "fit": args.fit,
        "penalty": args.lam[0],
        "kinds": [k for k in KINDS if k in weights],
    }
    base = BASE_NAMES[args.base] + ("" if args.base == "greedy" else f" ({tuned_weights().label}'s weights)")
    rollouts = " and by ".join(_policy_names(data, Path(args.rollout_model)))
    description = (
        f"{base[0].upper() + base[1:]} overruled where a linear model of search {args.budget}'s rollout "
        f"advantages (over {BASE_NAMES[args.base]}'s choice; rollouts by {rollouts}) says so; fitted on "
        f"{len(every)} decisions with two or more candidates of the search's games on the sample decks "
        f"(seeds from {TRAIN_SEED}), the penalty and margin picked on games of seeds from {VALIDATION_SEED}"
        + ("." if args.base == "greedy" else f"; it overrules {BASE_NAMES[args.base]}'s choices when it plays.")
    )
    model = Model(weights, args.margin[0], args.version, fitted_on, description, base=args.base)
    out = Path(args.out)
    write_text_atomic(out, model_yaml(model))
    print(f"wrote {out} (version {args.version}, {len(every)} decisions, lam {args.lam[0]}, margin {args.margin[0]})")


def _model_label(path: Path) -> str:
    """The rollout model as a result names it (its file and version)."""
    return read_model(path).label


def _policy_names(data: dict[Key, list[Sample]], model: Path) -> list[str]:
    names = {"greedy": "greedy's policy", "learned": f"the learned policy of {_model_label(model)}"}
    return [names[n] for n in sorted({name for name, _ in data})]


def expert(args: argparse.Namespace) -> None:
    """The expert-iteration step, measured: the search bot with greedy's policy in its rollouts (and as
    its default) against the same search with the learned policy, on the same games of check's seeds."""
    model = learned_model()
    for deck in _decks(args):
        for level, spec in pg.specs(deck, parse_levels(args.levels)).items():
            won: dict[str, list[bool]] = {"greedy": [], "learned": []}
            for i in range(args.play):
                for name, policy in (("greedy", GreedyPolicy), ("learned", lambda: LearnedPolicy(model))):
                    game = spec.start(game_seed(pg.SEED, level, i))
                    play_out(game, SearchBot(bot_seed(pg.SEED, level, i), args.budget, policy))
                    won[name].append(game.winner == "player")
            only = [
                sum(a and not b for a, b in zip(won[x], won[y]))
                for x, y in (("learned", "greedy"), ("greedy", "learned"))
            ]
            print(
                f"  {deck} level {level}: search {args.budget} with greedy rollouts {100 * np.mean(won['greedy']):.1f}%, "
                f"with learned rollouts {100 * np.mean(won['learned']):.1f}% ({args.play} games; only one cleared: "
                f"learned {only[0]}, greedy {only[1]})",
                flush=True,
            )


def _kinds(args: argparse.Namespace) -> list[str] | None:
    """The kinds of decision fitted (--kinds; all if none named): the others are left to greedy."""
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise SystemExit(f"--kinds: unknown kind {unknown[0]!r}; the kinds are {', '.join(KINDS)}")
    return kinds or None


def _decks(args: argparse.Namespace) -> tuple[str, ...]:
    return tuple(d for d in args.decks.split(",") if d)


def _numbers(text: str) -> list[float]:
    return [float(x) for x in text.split(",") if x]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("collect", "accuracy", "tune", "fit", "expert"):
        p = sub.add_parser(name)
        p.add_argument("--budget", type=int, default=24, help="the search bot's rollouts per decision")
        p.add_argument("--games", type=int, default=150, help="training games per deck and level")
        p.add_argument("--levels", default="1-4")
        p.add_argument("--decks", default=",".join(DECKS))
        p.add_argument("--cache", default=str(pg.CACHE_DIR))
        p.add_argument("--lam", type=_numbers, default=[10.0], help="ridge penalties, comma-separated")
        p.add_argument("--margin", type=_numbers, default=[0.0], help="margins, comma-separated")
        p.add_argument("--play", type=int, default=200, help="tune: validation games per deck and level")
        p.add_argument("--version", type=int, default=1)
        p.add_argument("--fit", choices=("ridge", "softmax"), default="ridge")
        p.add_argument("--kinds", default="", help="the kinds of decision fitted, comma-separated (all if empty)")
        p.add_argument("--out", default=str(LEARNED_FILE))
        p.add_argument(
            "--rollouts",
            choices=("greedy", "learned"),
            default="greedy",
            help="the search's default and rollout policy",
        )
        p.add_argument(
            "--data", default="greedy", help="accuracy, tune, fit: the searches' games fitted on, by --rollouts' names"
        )
        p.add_argument("--rollout-model", default=str(LEARNED_FILE), help="--rollouts learned: the model it plays")
        p.add_argument(
            "--base",
            choices=BASES,
            default="greedy",
            help="accuracy, tune, fit: the weights the greedy policy it overrules plays by (the model file's base)",
        )
    args = parser.parse_args(argv)
    levels, decks, root = parse_levels(args.levels), _decks(args), Path(args.cache)
    if args.command == "collect":
        collect(args.budget, args.games, levels, decks, root, Rollouts(args.rollouts, Path(args.rollout_model)))
        return
    if args.command == "expert":
        expert(args)
        return
    sources = [Rollouts(name, Path(args.rollout_model)) for name in args.data.split(",") if name]
    data = dataset(args.budget, args.games, levels, decks, root, sources, args.base)
    if args.command == "accuracy":
        report_accuracy(data, args.lam, args.margin, args.fit, _kinds(args), args.base)
    elif args.command == "tune":
        tune(data, args.lam, args.margin, args)
    else:
        write(data, args)


if __name__ == "__main__":
    main()
