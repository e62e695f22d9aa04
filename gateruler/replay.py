"""Replays: a game as a small JSON file, and re-running one to see that it ends the same way.

A replay holds what made the game (deck, level, seed, turn cap, bot and its
seed) and the player's actions, not the game state: re-running it is the
test that the engine and the bot still do exactly what they did.  It also
holds the engine version and a hash of every definition the game used, so
that a different ending can be told apart from changed card data.

When a bot is named, the re-run asks the bot again at every decision and
checks that it picks the recorded action: a replay of a crash in a bot or in
the engine reproduces the crash.  Without a bot the recorded actions are
applied as they are.

A replay file is user input: anything wrong with it is one line naming the
file, never a traceback.
"""

from __future__ import annotations

import enum
import hashlib
import json
import os
from pathlib import Path
from typing import Any

import attrs

from gateruler import __version__
from gateruler.batch import GameSpec, describe_error, play_recorded
from gateruler.bots import make_bot, play_out
from gateruler.bots.base import Bot
from gateruler.bots.view import PlayerView
from gateruler.cardpool import CardPool
from gateruler.engine.actions import Action, action_from_dict, action_to_dict
from gateruler.errors import DataError, GateRulerError, IllegalAction
from gateruler.fileio import write_text_atomic
from gateruler.library import embedded_cards, with_embedded
from gateruler.models import DeckDef, DeckEntry
from gateruler.special_rules import invader_definitions
from gateruler.stats import ERROR, OUTCOME_WORDS, classify

UNFINISHED = "unfinished"  # a game played by a person, recorded before it ended
REPLAY_FORMAT = "gateruler-replay"
REPLAY_VERSION = 1
# what cannot change how a game plays (nor, kept out, the fingerprints of existing replays)
_SKIPPED_FIELDS = frozenset({"location", "field_locations", "names", "source", "notes", "briefing", "description", "rift_only", "replaces"})


class ReplayFileError(GateRulerError):
    """A replay file that cannot be used, in one line naming the file."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(f"{path}: {message}")


# ------------------------------------------------------------------ hashing definitions


def _canonical(value: Any) -> Any:
    """Definitions as plain JSON, keeping only what can change how a game plays."""
    if attrs.has(type(value)):
        return {
            f.name: _canonical(getattr(value, f.name))
            for f in attrs.fields(type(value))
            if f.name not in _SKIPPED_FIELDS
        }
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (frozenset, set)):
        return sorted(_canonical(v) for v in value)
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda kv: str(kv[0]))}
    return value


def _digest(value: Any) -> str:
    text = json.dumps(_canonical(value), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def card_data_hash(pool: CardPool) -> str:
    """A short fingerprint of every card in the pool: changes when any card's data does."""
    return _digest(sorted(pool, key=lambda c: c.id))


def game_data_hash(spec: GameSpec) -> str:
    """A fingerprint of exactly the definitions a game of `spec` uses (cards after the level's rules, ruler, level)."""
    player = sorted({spec.pool[c] for c in spec.deck.card_ids()}, key=lambda c: c.id)
    rift = invader_definitions(spec.level, spec.pool)
    return _digest([player, sorted(rift.values(), key=lambda c: c.id), spec.ruler, spec.level])


# ------------------------------------------------------------------ writing


def replay_data(
    spec: GameSpec,
    seed: int,
    actions: list[dict],
    *,
    bot: str | None,
    bot_seed: int = 0,
    budget: int | None = None,
    outcome: str,
    turn: int,
    error: str | None = None,
) -> dict:
    """The replay of one game, as JSON-able data."""
    level_ref = spec.level_ref
    used = [*spec.deck.card_ids(), *(e.card for e in spec.level.cards)]
    carried = spec.pool.user_cards(used)
    files = {u.card.location.path for u in carried}
    return {
        "format": REPLAY_FORMAT,
        "version": REPLAY_VERSION,
        "engine_version": __version__,
        "data_hash": game_data_hash(spec),
        "deck": {
            "name": spec.deck.name,
            "ruler": spec.deck.ruler,
            "file": spec.deck_path or None,
            "cards": [[e.card, e.count] for e in spec.deck.cards],
        },
        "level": {
            "number": level_ref if isinstance(level_ref, int) else None,
            "file": str(Path(level_ref).resolve()) if isinstance(level_ref, str) else None,
            "name": spec.level.name,
        },
        "seed": seed,
        "max_turns": spec.max_turns,
        "bot": None if bot is None else {"name": bot, "seed": bot_seed, "budget": budget},
        "actions": list(actions),
        "result": {"outcome": outcome, "turn": turn, "error": error},
        # the player's own cards the game used, as written, so that the replay runs without their files
        "user_cards": embedded_cards(spec.pool, used),
        "card_files": [f.to_dict() for f in spec.pool.library_files if any(_same_path(f.path, p) for p in files)],
    }


def _same_path(absolute: str, shown: str) -> bool:
    return absolute == os.path.abspath(shown)


def record_game(spec: GameSpec, seed: int, bot: str, bot_seed: int, budget: int | None = None) -> dict:
    """Play one game with a bot and return its replay (an error is recorded, not raised)."""
    game, actions, error = play_recorded(spec, seed, bot, bot_seed, budget)
    if game is None:
        return replay_data(spec, seed, actions, bot=bot, bot_seed=bot_seed, budget=budget, outcome=ERROR, turn=0, error=error)
    outcome = classify(game.winner, game.end_reason)
    return replay_data(spec, seed, actions, bot=bot, bot_seed=bot_seed, budget=budget, outcome=outcome, turn=game.turn)


def write_replay(path: str | Path, data: dict) -> None:
    try:
        write_text_atomic(path, json.dumps(data, indent=1) + "\n")
    except OSError as error:
        raise ReplayFileError(path, f"cannot write the replay: {error.strerror or error}") from None


# ------------------------------------------------------------------ reading


def read_replay(path: str | Path) -> dict:
    """The replay's data, its shape checked; every problem is a ReplayFileError or DataError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayFileError(path, "no such replay file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ReplayFileError(path, f"cannot read the replay: {getattr(error, 'strerror', None) or error}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(str(path), error.lineno, error.colno, f"not valid JSON: {error.msg}") from None
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ReplayFileError(path, f'not a gateruler replay (no "format": "{REPLAY_FORMAT}")')
    if data.get("version") != REPLAY_VERSION:
        raise ReplayFileError(path, f"unknown replay version {data.get('version')!r} (this gateruler reads {REPLAY_VERSION})")
    _need(path, data, "seed", int)
    _need(path, data, "max_turns", int)
    _need(path, data, "actions", list)
    _need(path, data, "deck", dict)
    _need(path, data, "level", dict)
    _need(path, data, "result", dict)
    for i, item in enumerate(data["actions"]):
        try:
            action_from_dict(item)
        except (TypeError, ValueError, AttributeError) as error:
            raise ReplayFileError(path, f"action {i + 1} is not an action ({error})") from None
    return data


def _need(path: str | Path, data: dict, key: str, kind: type) -> None:
    value = data.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise ReplayFileError(path, f"{key!r} is missing or not a {kind.__name__}")


def spec_from_replay(path: str | Path, data: dict, pool: CardPool | None = None) -> GameSpec:
    """The game definitions a replay names: `pool` (default: the shipped cards) with the player's cards it
    carries, the shipped rulers, its level and its deck's cards."""
    from gateruler import loader

    pool = with_embedded(pool if pool is not None else loader.load_card_pool(), data.get("user_cards"), str(path))
    rulers = loader.load_rulers()
    deck_data = data["deck"]
    ruler = rulers.get(deck_data.get("ruler"))
    if ruler is None:
        raise ReplayFileError(path, f"unknown ruler {deck_data.get('ruler')!r}")
    try:
        entries = tuple(DeckEntry(str(card), int(count)) for card, count in deck_data.get("cards", []))
    except (TypeError, ValueError):
        raise ReplayFileError(path, "the deck's cards must be [card id, count] pairs") from None
    level_data = data["level"]
    number, level_file = level_data.get("number"), level_data.get("file")
    if level_file is not None:
        if not Path(level_file).is_file():
            raise ReplayFileError(path, f"the level file it was played on is missing: {level_file}")
        level = loader.load_level(Path(level_file), pool)
        level_ref: int | str = str(level_file)
    elif isinstance(number, int) and not isinstance(number, bool):
        level = loader.load_level(number)
        level_ref = number
    else:
        raise ReplayFileError(path, "the replay names no level (a shipped number or a level file)")
    pool = pool.for_level(level)
    for entry in entries:
        if entry.card not in pool:
            raise ReplayFileError(path, f"the deck has a card this gateruler does not know: {entry.card}")
    deck = DeckDef(str(deck_data.get("name", "")), ruler.id, entries)
    return GameSpec(deck, ruler, level, pool, data["max_turns"], level_ref, str(deck_data.get("file") or ""))


# ------------------------------------------------------------------ re-running


@attrs.frozen
class ReplayCheck:
    same: bool
    message: str
    notes: tuple[str, ...] = ()  # e.g. "the card data differ from the recording"


class _Diverged(Exception):
    pass


class _Lockstep:
    """A bot that plays the recorded actions, checking each against the bot that made them."""

    name = "replay"

    def __init__(self, recorded: list[Action], bot: Bot | None) -> None:
        self.recorded = recorded
        self.bot = bot
        self.done = 0
        self.turn = 0

    def choose(self, view: PlayerView) -> Action:
        if self.bot is not None:
            return self.bot.choose(view)
        if self.done >= len(self.recorded):
            raise _Diverged(f"the recorded actions end after action {self.done}, but the game goes on (turn {view.game.turn})")
        return self.recorded[self.done]

    def taken(self, action: Action) -> None:
        if self.done >= len(self.recorded):
            raise _Diverged(f"the game goes on past the {self.done} recorded actions: next came {_show(action)} (turn {self.turn})")
        expected = self.recorded[self.done]
        if action != expected:
            raise _Diverged(f"action {self.done + 1} (turn {self.turn}): the replay has {_show(expected)}, the re-run chose {_show(action)}")
        self.done += 1


def _show(action: Action) -> str:
    return json.dumps(action_to_dict(action), separators=(",", ":"))


def rerun(path: str | Path, pool: CardPool | None = None) -> ReplayCheck:
    """Play a replay again and compare: same actions, same ending (or the same error).

    `pool` (default: the shipped cards) supplies the cards the replay does not carry itself.
    """
    data = read_replay(path)
    spec = spec_from_replay(path, data, pool)
    recorded = [action_from_dict(a) for a in data["actions"]]
    notes = []
    if data.get("engine_version") != __version__:
        notes.append(f"recorded with gateruler {data.get('engine_version')}, re-run with {__version__}")
    if data.get("data_hash") != game_data_hash(spec):
        notes.append("the card, ruler or level data differ from the recording")
    bot_data = data.get("bot")
    bot = None
    if isinstance(bot_data, dict):
        bot = make_bot(str(bot_data.get("name")), int(bot_data.get("seed", 0)), bot_data.get("budget"))
    result = data["result"]
    if result.get("outcome") == UNFINISHED and bot is None:
        return _rerun_unfinished(spec, data, recorded, tuple(notes))
    lockstep = _Lockstep(recorded, bot)
    error = None
    game = None
    try:
        game = spec.start(data["seed"])

        def taken(action: Action) -> None:
            lockstep.turn = game.turn
            lockstep.taken(action)

        play_out(game, lockstep, on_action=taken)
    except _Diverged as diverged:
        return ReplayCheck(False, f"diverges: {diverged}", tuple(notes))
    except IllegalAction as illegal:
        return ReplayCheck(False, f"diverges at action {lockstep.done} (turn {lockstep.turn}): {illegal}", tuple(notes))
    except Exception as exc:  # noqa: BLE001 - a replayed crash is compared, not raised
        error = describe_error(exc)
    if error is not None or result.get("error") is not None:
        if error == result.get("error") and lockstep.done == len(recorded):
            return ReplayCheck(True, f"ends the same way: the same error after {lockstep.done} actions ({error})", tuple(notes))
        if result.get("error") is None:
            return ReplayCheck(False, f"diverges: the re-run raised {error} after {lockstep.done} actions; the recording ended normally", tuple(notes))
        if error is None:
            return ReplayCheck(False, f"diverges: the recording raised {result['error']}, the re-run did not", tuple(notes))
        return ReplayCheck(False, f"diverges: the recording raised {result['error']}, the re-run raised {error} after {lockstep.done} actions", tuple(notes))
    assert game is not None
    outcome = classify(game.winner, game.end_reason)
    if lockstep.done != len(recorded):
        return ReplayCheck(False, f"diverges: the game ended after {lockstep.done} of {len(recorded)} recorded actions", tuple(notes))
    if outcome != result.get("outcome") or game.turn != result.get("turn"):
        was = OUTCOME_WORDS.get(str(result.get("outcome")), str(result.get("outcome")))
        return ReplayCheck(
            False,
            f"diverges: the recording ended {was} on turn {result.get('turn')}, the re-run {OUTCOME_WORDS[outcome]} on turn {game.turn}",
            tuple(notes),
        )
    return ReplayCheck(True, f"ends the same way: {OUTCOME_WORDS[outcome]} on turn {game.turn} after {len(recorded)} actions", tuple(notes))


def _rerun_unfinished(spec: GameSpec, data: dict, recorded: list[Action], notes: tuple[str, ...]) -> ReplayCheck:
    """A game recorded while still going: the same actions must reach the same turn, the game not over."""
    game = spec.start(data["seed"])
    for done, action in enumerate(recorded):
        try:
            game.apply(action)
        except IllegalAction as illegal:
            return ReplayCheck(False, f"diverges at action {done + 1} (turn {game.turn}): {illegal}", notes)
        if game.over:
            return ReplayCheck(False, f"diverges: the game ended {OUTCOME_WORDS[classify(game.winner, game.end_reason)]} after action {done + 1} of {len(recorded)}; the recording was still going", notes)
    turn = data["result"].get("turn")
    if game.turn != turn:
        return ReplayCheck(False, f"diverges: the recording stopped on turn {turn}, the re-run on turn {game.turn}", notes)
    return ReplayCheck(True, f"ends the same way: still going on turn {game.turn} after {len(recorded)} actions", notes)
