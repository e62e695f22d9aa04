"""The games the bot benchmarks play, each played once: decks, seeds, and a cache of every bot's games.

The search bot at budget 96 plays about one game a second, and the bot
benchmarks (bench_bots.py's strength table, disagreements.py, fit_policy.py)
ask for the same games again and again.  So a bot's game is kept on disk,
keyed by everything it depends on:

* the bot (its name and budget) and its **code version**: a hash of the
  files its games depend on (`code_version`: the engine, the rift, the
  loaders and the card data, the bots' shared layer, and the bot's own
  modules and data, never another bot's);
* the games' definitions: the deck's cards and counts, the pool's
  definitions of them, the ruler, the level and its rule variants
  (`spec_key`);
* the game's index (its seeds are `check`'s: `game_seed(0, level, i)` and
  `bot_seed(0, level, i)`).

A record holds the outcome, every player action, and for a bot that
searches the `SearchTrace` of each decision it was asked (greedy's choice,
its own, and the candidates' rollout means), so a decision can be found
again by replaying the actions from the seed.  Records live in
`.bench-cache/` (git-ignored) as one JSON-lines file per bot, version, deck
and level.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gateruler import loader  # noqa: E402
from gateruler.batch import GameSpec, bot_seed, describe_error, game_seed  # noqa: E402
from gateruler.bots import make_bot, play_out  # noqa: E402
from gateruler.bots.view import PlayerView  # noqa: E402
from gateruler.engine.actions import Action, action_from_dict, action_to_dict  # noqa: E402
from gateruler.fileio import write_text_atomic  # noqa: E402
from gateruler.replay import game_data_hash  # noqa: E402
from gateruler.stats import CLEARED, ERROR, classify  # noqa: E402

CACHE_DIR = ROOT / ".bench-cache"
SAMPLE_DECKS = ("knight", "wizard", "apprentice")
HELD_OUT_DIR = ROOT / "benchmarks" / "decks"  # decks no bot was fitted on
SEED = 0  # check's default base seed: the figures are those `check` would print

PACKAGE = ROOT / "gateruler"
# Files no bot's game depends on: the commands, pages, authoring, reports and the package's own
# version string (each listed so that a new module counts until someone says it does not).
NOT_PLAYED = frozenset(
    {
        "__init__.py",
        "__main__.py",
        "backends.py",
        "board.py",
        "check_results.py",
        "crash.py",
        "insight.py",
        "interrupts.py",
        "limits.py",
        "play_replay.py",
        "play_session.py",
        "render.py",
        "replay.py",
        "saves.py",
        "scenario.py",
        "sensitivity.py",
        "story.py",
        "tune.py",
        "watching.py",
    }
)
NOT_PLAYED_DIRS = ("cli", "pages", "authoring", "bots", "data/bots")
SHARED_BOT_FILES = ("bots/base.py", "bots/cache.py", "bots/view.py", "bots/weights.py", "bots/greedy")
BOT_FILES = {  # each bot's own files (besides the shared ones), under gateruler/
    "random": ("bots/random_bot.py",),
    "greedy": (),
    "tuned": ("data/bots/tuned.yaml",),
    "search": ("bots/search.py",),
    "lookahead": ("bots/search.py", "bots/lookahead.py", "data/bots/tuned.yaml"),
    "learned": ("bots/search.py", "bots/kinds.py", "bots/learned", "data/bots/learned.yaml"),
    "focus": ("bots/search.py", "bots/kinds.py", "bots/focus.py"),
    "focus-unwon": ("bots/search.py", "bots/kinds.py", "bots/focus.py"),
}


def deck_path(name: str) -> Path:
    """A benchmark deck by name: a sample deck's ruler (knight, wizard, apprentice) or a held-out deck's
    file name in benchmarks/decks/ (without .yaml)."""
    if name in SAMPLE_DECKS:
        return loader.sample_deck_path(name)
    path = HELD_OUT_DIR / f"{name}.yaml"
    if not path.is_file():
        held = ", ".join(sorted(p.stem for p in HELD_OUT_DIR.glob("*.yaml")))
        raise SystemExit(
            f"no benchmark deck {name!r}: the sample decks are {', '.join(SAMPLE_DECKS)}; held out: {held}"
        )
    return path


def held_out_decks() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in HELD_OUT_DIR.glob("*.yaml")))


def specs(deck_name: str, levels: Iterable[int]) -> dict[int, GameSpec]:
    """level -> the games of the named deck against it, as `check` makes them."""
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    player = loader.load_player_deck(deck_path(deck_name), pool, rulers)
    out = {}
    for number in levels:
        level = loader.load_level(number)
        out[number] = GameSpec(
            player.deck, rulers[player.deck.ruler], level, player.pool.for_level(level), level_ref=number
        )
    return out


def parse_bot(text: str) -> tuple[str, int | None]:
    """'search:24' -> ('search', 24); 'greedy' -> ('greedy', None)."""
    name, _, budget = text.partition(":")
    return name, int(budget) if budget else None


def _files(relative: str) -> list[Path]:
    path = PACKAGE / relative
    if path.is_dir():
        return sorted(p for p in path.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    return [path] if path.is_file() else []


def code_version(bot_name: str) -> str:
    """A hash of the files a game of `bot_name` depends on (see the module's docstring)."""
    played = []
    for path in sorted(PACKAGE.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in NOT_PLAYED or any(relative.startswith(d + "/") for d in NOT_PLAYED_DIRS):
            continue
        played.append(path)
    for relative in (*SHARED_BOT_FILES, *BOT_FILES.get(bot_name, ())):
        played += _files(relative)
    digest = hashlib.sha256()
    for path in played:
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def spec_key(spec: GameSpec) -> str:
    """A hash of everything a game's definitions are: the deck's cards and counts, their definitions,
    the ruler, the level, its rule variants and the turn cap."""
    parts = [
        game_data_hash(spec),
        sorted([e.card, e.count] for e in spec.deck.cards),
        spec.readings.to_dict(),
        spec.max_turns,
    ]
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()[:16]


@attrs.frozen
class Decision:
    """One decision the bot was asked: the index of its action in the game's actions, greedy's choice
    there, the bot's, and (for a search) each candidate's rollouts and mean score."""

    at: int
    default: dict[str, Any]
    chosen: dict[str, Any]
    candidates: tuple[tuple[dict[str, Any], int, float], ...] = ()

    def to_json(self) -> list[Any]:
        return [self.at, self.default, self.chosen, [list(c) for c in self.candidates]]

    @classmethod
    def from_json(cls, data: list[Any]) -> Decision:
        return cls(data[0], data[1], data[2], tuple((c[0], c[1], c[2]) for c in data[3]))


@attrs.frozen
class GameRecord:
    index: int
    outcome: str
    turns: int
    actions: tuple[dict[str, Any], ...]
    decisions: tuple[Decision, ...] = ()
    error: str = ""
    cpu: float = 0.0  # CPU seconds the game took (this process's), for the strength-per-time table

    @property
    def cleared(self) -> bool:
        return self.outcome == CLEARED

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "outcome": self.outcome,
            "turns": self.turns,
            "actions": list(self.actions),
            "decisions": [d.to_json() for d in self.decisions],
            "error": self.error,
            "cpu": self.cpu,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        return cls(
            data["index"],
            data["outcome"],
            data["turns"],
            tuple(data["actions"]),
            tuple(Decision.from_json(d) for d in data["decisions"]),
            data.get("error", ""),
            data.get("cpu", 0.0),
        )

    def action_list(self) -> list[Action]:
        return [action_from_dict(a) for a in self.actions]


class _Recording:
    """A bot seen from outside: which actions it was asked for, and its search traces."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.asked: list[int] = []  # action indices the bot chose
        self.count = 0
        if hasattr(bot, "trace"):
            bot.trace = []

    def choose(self, view: PlayerView) -> Action:
        self.asked.append(self.count)
        return self.bot.choose(view)

    def taken(self, _action: Action) -> None:
        self.count += 1


def play_game(
    spec: GameSpec, bot_text: str, index: int, seed: int = SEED, make: Callable[[int], Any] | None = None
) -> GameRecord:
    """Game `index` of `spec` played by `bot_text` with check's seeds for base seed `seed`, recorded.

    `make` builds the bot from its seed when `bot_text` names none of the registry's (a search with
    another rollout policy, benchmarks/fit_imitation.py's)."""
    began = time.process_time()
    name, budget = parse_bot(bot_text)
    number = spec.level.number
    game = spec.start(game_seed(seed, number, index))
    seeded = bot_seed(seed, number, index)
    bot = _Recording(make_bot(name, seeded, budget) if make is None else make(seeded))
    actions: list[Action] = []

    def on_action(action: Action) -> None:
        actions.append(action)
        bot.taken(action)

    try:
        play_out(game, bot, on_action=on_action)
    except Exception as error:  # noqa: BLE001 - counted as check counts it
        return GameRecord(
            index,
            ERROR,
            0,
            tuple(action_to_dict(a) for a in actions),
            error=describe_error(error),
            cpu=time.process_time() - began,
        )
    outcome = classify(game.winner, game.end_reason)
    traces = getattr(bot.bot, "trace", None) or []
    decisions = []
    for at, trace in zip(bot.asked, traces):
        decisions.append(
            Decision(
                at,
                action_to_dict(trace.default),
                action_to_dict(trace.chosen),
                tuple((action_to_dict(c.action), c.games, round(c.mean, 5)) for c in trace.candidates),
            )
        )
    if not traces:  # a bot that does not search: its choices, greedy's unknown
        decisions = [Decision(at, {}, action_to_dict(actions[at])) for at in bot.asked]
    return GameRecord(
        index,
        outcome,
        game.turn // 2,
        tuple(action_to_dict(a) for a in actions),
        tuple(decisions),
        cpu=round(time.process_time() - began, 5),
    )


class GameCache:
    """One bot's recorded games of one deck and level, on disk (a JSON-lines file, appended to)."""

    def __init__(
        self, spec: GameSpec, bot_text: str, root: Path = CACHE_DIR, seed: int = SEED, version: str | None = None
    ) -> None:
        name, _ = parse_bot(bot_text)
        self.version = version or code_version(name)
        self.seed = seed
        safe = bot_text.replace(":", "-")
        self.path = root / safe / self.version / f"seed{seed}" / f"{spec_key(spec)}-level{spec.level.number}.jsonl"
        self.records: dict[int, GameRecord] = {}
        self._read()

    def _read(self) -> None:
        """Take in what the file holds (another process may have added games since)."""
        if self.path.is_file():
            for line in self.path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    record = GameRecord.from_json(json.loads(line))
                    self.records.setdefault(record.index, record)

    def missing(self, indices: Iterable[int]) -> list[int]:
        return [i for i in indices if i not in self.records]

    def add(self, records: Iterable[GameRecord]) -> None:
        """Keep `records` (in memory and on disk)."""
        new = [r for r in records if r.index not in self.records]
        if not new:
            return
        for r in new:
            self.records[r.index] = r
        self._read()  # merge with what another process wrote meanwhile
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = "".join(
            json.dumps(self.records[i].to_json(), separators=(",", ":")) + "\n" for i in sorted(self.records)
        )
        write_text_atomic(self.path, text)


def cache_enabled() -> bool:
    return os.environ.get("GATERULER_BENCH_CACHE", "1") != "0"


# ---------------------------------------------------------------------- carrying games over a change that keeps play


def _same_play(a: GameRecord, b: GameRecord) -> bool:
    """The same game: outcome, actions and every decision's trace (the CPU time aside)."""
    return attrs.evolve(a, cpu=0.0) == attrs.evolve(b, cpu=0.0)


def carry_over(bot_text: str, root: Path = CACHE_DIR, sample: int = 2) -> int:
    """Keep a bot's games across a code change that should not change its play (a refactoring, a
    faster path): every cached game of an older code version, in every deck and level the
    benchmarks know, is played again for its first `sample` games with this code; if each is the
    same game (actions, search traces, outcome), the older version's games become this version's.
    Returns how many games were carried; prints what it checked.  Any difference carries nothing."""
    name, _ = parse_bot(bot_text)
    current = code_version(name)
    bot_dir = root / bot_text.replace(":", "-")
    known: dict[str, GameSpec] = {}
    for deck in (*SAMPLE_DECKS, *held_out_decks()):
        for spec in specs(deck, range(1, 7)).values():
            known[f"{spec_key(spec)}-level{spec.level.number}"] = spec
    carried = 0
    for old in sorted(p for p in bot_dir.glob("*") if p.is_dir() and p.name != current):
        checked = 0
        for path in sorted(old.glob("seed*/*.jsonl")):
            found = known.get(path.stem)
            if found is None:
                print(f"{path}: no benchmark deck and level has these definitions now; left behind")
                continue
            seed = int(path.parent.name.removeprefix("seed"))
            cache = GameCache(found, bot_text, root, seed, version=old.name)
            for index in sorted(cache.records)[:sample]:
                again = play_game(found, bot_text, index, seed)
                checked += 1
                if not _same_play(again, cache.records[index]):
                    print(
                        f"{bot_text}: game {index} of {path} plays differently under {current}: nothing carried from {old.name}"
                    )
                    return 0
        for path in sorted(old.glob("seed*/*.jsonl")):
            found = known.get(path.stem)
            if found is None:
                continue
            seed = int(path.parent.name.removeprefix("seed"))
            records = GameCache(found, bot_text, root, seed, version=old.name).records.values()
            GameCache(found, bot_text, root, seed, version=current).add(records)
            carried += len(records)
        print(
            f"{bot_text}: {checked} games of {old.name} played again the same under {current}; {carried} games carried"
        )
    return carried


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="Carry a bot's cached games over a code change that keeps its play.")
    parser.add_argument("bot", help="e.g. search:96")
    parser.add_argument("--sample", type=int, default=2, help="games played again per deck and level")
    parser.add_argument("--cache", default=str(CACHE_DIR))
    arguments = parser.parse_args()
    carry_over(arguments.bot, Path(arguments.cache), arguments.sample)
