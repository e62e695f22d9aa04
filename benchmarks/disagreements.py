"""Where a fast bot loses to search: the decisions where search's choice differs, grouped, and what each is worth.

Plays the search bot (budget `--budget`) on check's game seeds (each game
once: benchmarks/paired_games.py keeps them on disk), and at every decision
where its choice differs from the fast bot's (`--bot`, default greedy: the
search's own default is greedy's choice, so for greedy the trace says where
they differ; for another fast bot its choice is asked again at each decision
of the search's game), measures on `--worlds` fresh determinised worlds
(sampled from what the player knows, the same worlds for both choices, the
game continued by the fast bot's policy) how much more often search's choice
clears than the fast bot's: a paired difference per decision, unbiased by the
search's own selection (its rollouts chose the action; these are new ones).

The decisions are grouped by kind (main-phase plan, placement, attack order,
target, window answer, cost payment, other decision) and by what changed
(an event instead of a unit, a unit attacked instead of the ruler, ...),
and each group is listed with its count, its share of the decisions of its
kind, the mean paired difference per decision with a 95% interval, and the
total it adds up to (count x difference: the groups to fix first), with its
most frequent card-level examples.  Then the whole games: the search's and
the fast bot's clear rates on the same seeds, paired.

    python benchmarks/disagreements.py --decks knight --levels 2,3 --games 50
    python benchmarks/disagreements.py --bot policy --budget 24 --games 20 --json out.json
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE)]

import paired_games as pg  # noqa: E402

from gateruler.batch import GameSpec, derive_seed  # noqa: E402
from gateruler.bots import make_bot, player_view  # noqa: E402
from gateruler.bots.kinds import decision_kind  # noqa: E402
from gateruler.bots.search import PLAYOUT_ACTION_CAP  # noqa: E402
from gateruler.engine.actions import (  # noqa: E402
    RULER,
    SLOT_NAMES,
    Action,
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
    Summon,
    action_from_dict,
)
from gateruler.engine.game import Game  # noqa: E402
from gateruler.stats import mcnemar_p, paired_difference_interval  # noqa: E402

KINDS = ("main-phase plan", "placement", "attack order", "target", "window answer", "cost payment", "other decision")


# ---------------------------------------------------------------------- what kind of decision, what changed


_KIND_WORDS = {  # gateruler.bots.kinds' kinds of decision, as this report names them ("main" is split below)
    "attack": "attack order",
    "window": "window answer",
    "cost": "cost payment",
    "zone": "placement",
    "target": "target",
    "other": "other decision",
}


def kind_of(game: Game, default: Action, chosen: Action) -> str:
    """The kind of a decision (KINDS): the bots' kind of decision, a main-phase one told apart by whether
    only the zone of greedy's summon changed (a placement)."""
    kind = decision_kind(game)
    if kind != "main":
        return _KIND_WORDS[kind]
    if type(default) is Summon and type(chosen) is Summon and default.card == chosen.card and default != chosen:
        return "placement"
    return "main-phase plan"


def _play_kind(action: Action) -> str:
    """What a main-phase action does, in a word."""
    if type(action) is Summon:
        return "a unit"
    if type(action) is PlayEvent:
        return "an event"
    if type(action) is PlayField:
        return "a field"
    if type(action) is Activate:
        return "an ability"
    if type(action) is Discount:
        return "a discount play"
    if type(action) is SetCard:
        return "a set card"
    return "nothing (to the attacks)" if type(action) is GoToAttack else "nothing (end of turn)"


def _attack_kind(action: Action) -> str:
    if type(action) is Attack:
        return "the ruler" if action.target == RULER else "a unit"
    if type(action) is Activate:
        return "an ability"
    if type(action) is PlayEvent:
        return "an event"
    return "no more attacks"


def change_of(kind: str, game: Game, default: Action, chosen: Action) -> str:
    """What the search did instead, in words: the 'situation' of a disagreement."""
    if kind == "main-phase plan":
        a, b = _play_kind(default), _play_kind(chosen)
        return f"{b} instead of {a}" if a != b else f"another {a.removeprefix('a ').removeprefix('an ')}"
    if kind == "placement":
        slot_a = default.slot if isinstance(default, (Summon, Choose)) else -1
        slot_b = chosen.slot if isinstance(chosen, (Summon, Choose)) else -1
        return f"{_slot(slot_b)} instead of {_slot(slot_a)}"
    if kind == "attack order":
        a, b = _attack_kind(default), _attack_kind(chosen)
        if a != b:
            return f"{b} instead of {a}"
        if type(default) is Attack and type(chosen) is Attack:
            if default.target == chosen.target:
                return "another attacker first"
            return "another unit attacked"
        return f"another {b}"
    if kind == "window answer":
        a = "pass" if type(default) is Pass else "answer"
        b = "pass" if type(chosen) is Pass else "answer"
        return f"{b} instead of {a}" if a != b else "another answer"
    if kind == "target":
        if type(chosen) is Split:
            return "another split"
        sides = (getattr(default, "side", -1), getattr(chosen, "side", -1))
        return "another side" if sides[0] != sides[1] else "another unit"
    if type(chosen) is Confirm:
        return "yes instead of no" if chosen.yes else "no instead of yes"
    return "another card" if type(chosen) is ChooseCard else "another answer"


def _slot(slot: int) -> str:
    return SLOT_NAMES[slot].replace("_", " ") if 0 <= slot < len(SLOT_NAMES) else "?"


def describe(game: Game, action: Action) -> str:
    """An action with its card's name, for the examples."""
    name = type(action).__name__
    card = getattr(action, "card", None)
    text = name
    if isinstance(card, int) and card >= 0:
        text += " " + game.setup.defs[card].name.split(",")[0].removesuffix(" (provisional)")
    if type(action) in (Summon, Choose) or (type(action) is Discount and action.slot >= 0):
        text += f" {_slot(action.slot)}"  # type: ignore[union-attr]
    if type(action) is Attack:
        text += f" {'ruler' if action.attacker == RULER else _slot(action.attacker)} -> {'ruler' if action.target == RULER else _slot(action.target)}"
    return text


# ---------------------------------------------------------------------- one game's disagreements


def _wins(world: Game, first: Action, policy_of: Callable[[], Any]) -> bool:
    """Whether `world` is cleared when `first` is played and the fast bot's policy plays on."""
    game = world.clone(keep_log=False)
    game.apply_trusted(first)
    policy = policy_of()
    steps = 0
    while game.winner is None:
        legal = game.legal_actions()
        game.apply_trusted(legal[0] if len(legal) == 1 else policy.act(game, legal))
        steps += 1
        if steps > PLAYOUT_ACTION_CAP:
            return False
    return game.winner == "player"


def _policy_factory(bot: str) -> Callable[[], Any]:
    """A fresh playing policy of the fast bot: an object with `act(game, legal)`."""
    probe = make_bot(bot, 0)
    policy = getattr(probe, "policy", None)
    if policy is None:
        raise SystemExit(f"--bot {bot}: this bot has no policy to continue games with")
    kind = type(policy)
    weights = getattr(policy, "weights", None)
    return (lambda: kind(weights)) if weights is not None else kind


def game_rows(
    spec: GameSpec, record: pg.GameRecord, bot: str, worlds: int, seed: int = pg.SEED
) -> list[dict[str, Any]]:
    """Every decision of a recorded search game where search and the fast bot differ, measured."""
    rows: list[dict[str, Any]] = []
    if not record.decisions or record.outcome == "error":
        return rows
    policy_of = _policy_factory(bot)
    fast = make_bot(bot, 0) if bot != "greedy" else None
    actions = record.action_list()
    by_index = {d.at: d for d in record.decisions}
    game = spec.start(pg.game_seed(seed, spec.level.number, record.index))
    for at, action in enumerate(actions):
        decision = by_index.get(at)
        if decision is not None:
            chosen = action_from_dict(decision.chosen)
            view = player_view(game)
            if fast is None:
                default = action_from_dict(decision.default)
            else:
                default = fast.choose(view)
            if default != chosen:
                kind = kind_of(game, default, chosen)
                rng = random.Random(derive_seed("disagreement", seed, record.index, at))
                diffs = []
                for _ in range(worlds):
                    world = view.determinise(rng)
                    diffs.append(int(_wins(world, chosen, policy_of)) - int(_wins(world, default, policy_of)))
                rows.append(
                    {
                        "game": record.index,
                        "at": at,
                        "turn": (game.turn + 1) // 2,
                        "kind": kind,
                        "change": change_of(kind, game, default, chosen),
                        "fast": describe(game, default),
                        "search": describe(game, chosen),
                        "difference": sum(diffs) / len(diffs),
                        "worlds": len(diffs),
                        "search_estimate": _search_estimate(decision, default, chosen),
                    }
                )
        game.apply_trusted(action)
    return rows


def _search_estimate(decision: pg.Decision, default: Action, chosen: Action) -> float | None:
    """The search's own rollout mean of its choice minus the fast bot's choice's (None: one was not tried)."""
    means = {json.dumps(c[0], sort_keys=True): c[2] for c in decision.candidates}
    a = means.get(json.dumps(_as_dict(chosen), sort_keys=True))
    b = means.get(json.dumps(_as_dict(default), sort_keys=True))
    return None if a is None or b is None else round(a - b, 4)


def _as_dict(action: Action) -> dict[str, Any]:
    from gateruler.engine.actions import action_to_dict

    return action_to_dict(action)


def decision_counts(spec: GameSpec, record: pg.GameRecord, seed: int = pg.SEED) -> Counter[str]:
    """How many decisions of each kind the search was asked in the game (agreements too)."""
    counts: Counter[str] = Counter()
    actions = record.action_list()
    asked = {d.at: d for d in record.decisions}
    game = spec.start(pg.game_seed(seed, spec.level.number, record.index))
    for at, action in enumerate(actions):
        d = asked.get(at)
        if d is not None:
            counts[kind_of(game, action_from_dict(d.default), action)] += 1
        game.apply_trusted(action)
    return counts


# ---------------------------------------------------------------------- running it

_state: dict[str, dict[int, GameSpec]] = {}


def _init(decks: list[str], levels: list[int]) -> None:
    for deck in decks:
        _state[deck] = pg.specs(deck, levels)


def _job(job: tuple[str, int, str, int, dict[str, Any] | None, str, int, int]) -> tuple[Any, ...]:
    deck, level, search_bot, index, cached, bot, worlds, seed = job
    spec = _state[deck][level]
    record = pg.GameRecord.from_json(cached) if cached is not None else pg.play_game(spec, search_bot, index, seed)
    rows = game_rows(spec, record, bot, worlds, seed)
    for row in rows:
        row["deck"], row["level"] = deck, level
    return (
        deck,
        level,
        index,
        None if cached is not None else record.to_json(),
        rows,
        decision_counts(spec, record, seed),
    )


def fast_outcomes(spec: GameSpec, bot: str, games: int, cache: pg.GameCache) -> list[bool]:
    missing = cache.missing(range(games))
    cache.add(pg.play_game(spec, bot, i, cache.seed) for i in missing)
    return [cache.records[i].cleared for i in range(games)]


def run(args: argparse.Namespace) -> dict[str, Any]:
    decks = [d for d in args.decks.split(",") if d]
    levels = [int(n) for n in args.levels.split(",")]
    search_bot = f"search:{args.budget}"
    root = Path(args.cache)
    caches = {}
    jobs = []
    specs = {deck: pg.specs(deck, levels) for deck in decks}
    for deck in decks:
        for level in levels:
            cache = caches[deck, level] = pg.GameCache(specs[deck][level], search_bot, root, args.seed)
            for i in range(args.games):
                have = cache.records.get(i)
                cached = None if have is None else have.to_json()
                jobs.append((deck, level, search_bot, i, cached, args.bot, args.worlds, args.seed))
    rows: list[dict[str, Any]] = []
    counts: dict[tuple[str, int], Counter[str]] = defaultdict(Counter)
    context = multiprocessing.get_context("fork")
    with context.Pool(args.workers, initializer=_init, initargs=(decks, levels)) as pool:
        fresh: dict[tuple[str, int], list[pg.GameRecord]] = defaultdict(list)
        for deck, level, _index, record, game_rows_, game_counts in pool.imap_unordered(_job, jobs):
            rows += game_rows_
            counts[deck, level].update(game_counts)
            if record is not None:
                fresh[deck, level].append(pg.GameRecord.from_json(record))
                if len(fresh[deck, level]) >= 20:
                    caches[deck, level].add(fresh.pop((deck, level)))
        for key, records in fresh.items():
            caches[key].add(records)
    games_table = []
    for deck in decks:
        for level in levels:
            searched = [caches[deck, level].records[i].cleared for i in range(args.games)]
            fast = fast_outcomes(
                specs[deck][level], args.bot, args.games, pg.GameCache(specs[deck][level], args.bot, root)
            )
            games_table.append({"deck": deck, "level": level, "search": searched, "fast": fast})
    rows.sort(key=lambda r: (r["deck"], r["level"], r["game"], r["at"]))
    return {
        "bot": args.bot,
        "budget": args.budget,
        "worlds": args.worlds,
        "rows": rows,
        "counts": counts,
        "games": games_table,
    }


def _interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def group_table(rows: list[dict[str, Any]], counts: Counter[str], games: int) -> list[dict[str, Any]]:
    """The groups (kind, change), the biggest total gain first."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["kind"], row["change"]].append(row)
    out: list[dict[str, Any]] = []
    for (kind, change), members in groups.items():
        mean, low, high = _interval([m["difference"] for m in members])
        examples = Counter(f"{m['fast']} -> {m['search']}" for m in members).most_common(3)
        turns = Counter(m["turn"] for m in members)
        out.append(
            {
                "kind": kind,
                "change": change,
                "count": len(members),
                "share": len(members) / max(1, counts.get(kind, 0)),
                "difference": mean,
                "interval": [low, high],
                "per_game": len(members) * mean / max(1, games),
                "turns": dict(sorted(turns.items())),
                "examples": examples,
            }
        )
    out.sort(key=lambda g: -g["per_game"])
    return out


def report(result: dict[str, Any], games: int, top: int) -> None:
    rows = result["rows"]
    counts: Counter[str] = Counter()
    for c in result["counts"].values():
        counts.update(c)
    total_games = games * len(result["counts"])
    print(
        f"decisions where search (budget {result['budget']}) and {result['bot']} differ, on {total_games} games "
        f"(check's seeds); each measured on {result['worlds']} fresh worlds, both choices then played on by {result['bot']}"
    )
    print("   decisions asked, by kind: " + ", ".join(f"{k} {counts[k]}" for k in KINDS if counts[k]))
    print(
        f"\n   {'kind':<16} {'what search did instead':<44} {'count':>5} {'share':>6} {'diff/decision [95%]':>24} "
        f"{'per game':>9}  turns; most frequent ({result['bot']} -> search)"
    )
    for g in group_table(rows, counts, total_games)[:top]:
        low, high = g["interval"]
        cell = (
            f"{100 * g['difference']:+.1f} [{100 * low:+.1f},{100 * high:+.1f}]"
            if math.isfinite(low)
            else f"{100 * g['difference']:+.1f}"
        )
        turns = " ".join(f"t{t}:{n}" for t, n in g["turns"].items())
        print(
            f"   {g['kind']:<16} {g['change']:<44} {g['count']:>5} {100 * g['share']:5.1f}% {cell:>24} "
            f"{100 * g['per_game']:+8.2f}  {turns}"
        )
        for example, n in g["examples"]:
            print(f"   {'':<16}   {n:>3} x {example}")
    print("\n   whole games on the same seeds: clear rates, search minus the fast bot (paired), McNemar p")
    for entry in result["games"]:
        s, f = entry["search"], entry["fast"]
        n = len(s)
        both = sum(a and b for a, b in zip(s, f))
        only_s = sum(a and not b for a, b in zip(s, f))
        only_f = sum(b and not a for a, b in zip(s, f))
        low, high = paired_difference_interval(both, only_s, only_f, n - both - only_s - only_f)
        print(
            f"   {entry['deck']:<18} level {entry['level']}: search {100 * sum(s) / n:5.1f}%  {result['bot']} {100 * sum(f) / n:5.1f}%  "
            f"difference {100 * (only_s - only_f) / n:+5.1f} [{100 * low:+.1f},{100 * high:+.1f}] p={mcnemar_p(only_s, only_f):.2g}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="greedy", help="the fast bot compared with search")
    parser.add_argument("--budget", type=int, default=96, help="the search's rollouts per decision")
    parser.add_argument(
        "--decks", default="knight", help="benchmark decks (sample decks by ruler, held-out decks by name)"
    )
    parser.add_argument("--levels", default="2,3")
    parser.add_argument("--games", type=int, default=20, help="games per deck and level (check's seeds 0..N-1)")
    parser.add_argument("--seed", type=int, default=pg.SEED, help="base seed of the games (check's default: 0)")
    parser.add_argument("--worlds", type=int, default=16, help="fresh worlds each disagreement is measured on")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--top", type=int, default=25, help="groups listed")
    parser.add_argument("--cache", default=str(pg.CACHE_DIR), help="where played games are kept")
    parser.add_argument("--json", default="", help="also write every disagreement and the groups to this file")
    args = parser.parse_args()
    result = run(args)
    report(result, args.games, args.top)
    if args.json:
        from gateruler.fileio import write_text_atomic

        counts: Counter[str] = Counter()
        for c in result["counts"].values():
            counts.update(c)
        data = {
            "bot": args.bot,
            "budget": args.budget,
            "worlds": args.worlds,
            "games": result["games"],
            "groups": group_table(result["rows"], counts, args.games * len(result["counts"])),
            "disagreements": result["rows"],
        }
        write_text_atomic(args.json, json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
