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
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

import attrs

from gateruler import __version__
from gateruler.batch import GameSpec, describe_error, play_recorded
from gateruler.bots import make_bot, play_out
from gateruler.bots.base import Bot
from gateruler.bots.view import PlayerView
from gateruler.cardpool import CardPool
from gateruler.engine.actions import Action, action_to_dict
from gateruler.engine.game import Game
from gateruler.errors import GateRulerError, IllegalAction
from gateruler.fileio import Output, is_missing, path_beside, path_from, write_output
from gateruler.jsonsrc import (
    Budget,
    CardCount,
    FileError,
    LevelNumber,
    MaxTurns,
    Seed,
    Turn,
    error_at,
    load_json,
    structure,
)
from gateruler.library import embedded_cards, embedded_groups, with_embedded, with_embedded_groups
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import DeckDef, DeckEntry
from gateruler.special_rules import invader_definitions
from gateruler.stats import ERROR, OUTCOME_WORDS, classify
from gateruler.variants import VariantError, from_record

UNFINISHED = "unfinished"  # a game played by a person, recorded before it ended
REPLAY_FORMAT = "gateruler-replay"
REPLAY_VERSION = 1
# what cannot change how a game plays (nor, kept out, the fingerprints of existing replays)
# ("rule": which level rule added an ability, which only the log tells)
_SKIPPED_FIELDS = frozenset(
    {
        "location",
        "field_locations",
        "names",
        "source",
        "notes",
        "briefing",
        "description",
        "rift_only",
        "replaces",
        "rule",
    }
)


class ReplayFileError(FileError):
    """A replay file that cannot be used, in one line naming the file."""


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
    rift = invader_definitions(spec.level, spec.pool, ignored_cnt=spec.readings.rift.ignored_cnt)
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
        "variants": spec.readings.to_dict(),  # every rule variant's value: the re-run plays under them
        "bot": None if bot is None else {"name": bot, "seed": bot_seed, "budget": budget},
        "actions": list(actions),
        "result": {"outcome": outcome, "turn": turn, "error": error},
        # the player's own cards the game used, as written, so that the replay runs without their files
        "user_cards": embedded_cards(spec.pool, used),
        "user_groups": embedded_groups(spec.pool),  # the attribute and faction names the player's files added
        "card_files": [f.to_dict() for f in spec.pool.library_files if any(_same_path(f.path, p) for p in files)],
    }


def _same_path(absolute: str, shown: str) -> bool:
    return absolute == os.path.abspath(shown)


def record_game(spec: GameSpec, seed: int, bot: str, bot_seed: int, budget: int | None = None) -> dict:
    """Play one game with a bot and return its replay (an error is recorded, not raised)."""
    game, played, error = play_recorded(spec, seed, bot, bot_seed, budget)
    actions = [action_to_dict(a) for a in played]
    if game is None:
        return replay_data(
            spec, seed, actions, bot=bot, bot_seed=bot_seed, budget=budget, outcome=ERROR, turn=0, error=error
        )
    outcome = classify(game.winner, game.end_reason)
    return replay_data(spec, seed, actions, bot=bot, bot_seed=bot_seed, budget=budget, outcome=outcome, turn=game.turn)


def write_replay(path: str | Path | Output, data: dict) -> None:
    """Write a replay in one step: a failed or interrupted write leaves any previous file as it was.

    The level file and the deck file are named relative to the replay (never
    by absolute path), so that they can move together; a replay written into
    a pipe or a device names them absolutely (gateruler.fileio.path_from)."""
    data = {**data, "level": dict(data["level"]), "deck": dict(data["deck"])}
    for part in ("level", "deck"):
        named = data[part].get("file")
        if named:
            data[part]["file"] = path_from(path, named)
    write_output(path, json.dumps(data, indent=1) + "\n", what="the replay")


# ------------------------------------------------------------------ reading


@attrs.frozen
class ReplayDeck:
    ruler: str
    cards: list[tuple[str, CardCount]]
    name: str = ""
    file: str | None = None


@attrs.frozen
class ReplayLevel:
    number: LevelNumber | None = None  # a shipped level
    file: str | None = None  # or a level file
    name: str = ""


@attrs.frozen
class ReplayBot:
    name: str
    seed: Seed = 0
    budget: Budget | None = None


@attrs.frozen
class ReplayResult:
    outcome: str
    turn: Turn
    error: str | None = None


@attrs.frozen
class ReplayFile:
    """A replay file as read back: every field typed and within docs/limits.md."""

    format: Literal["gateruler-replay"]
    version: Literal[1]
    deck: ReplayDeck
    level: ReplayLevel
    seed: Seed
    max_turns: MaxTurns
    actions: list[Action]
    result: ReplayResult
    engine_version: str = ""
    data_hash: str = ""
    bot: ReplayBot | None = None
    user_cards: Any = None  # the player's own cards, as written: read by library.with_embedded
    user_groups: Any = None  # the attribute and faction names the player's files added: library.with_embedded_groups
    card_files: list[dict[str, Any]] = attrs.field(factory=list)  # for the record: the files they came from
    variants: dict[str, str] | None = None  # rule variants (gateruler/variants.py); none: recorded before they were


def read_replay(path: str | Path) -> ReplayFile:
    """The replay, every field checked; every problem is one line naming the file (and the line where known)."""
    doc = load_json(path, "replay file")
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ReplayFileError(path, f'not a gateruler replay (no "format": "{REPLAY_FORMAT}")')
    if data.get("version") != REPLAY_VERSION:
        raise ReplayFileError(
            path, f"unknown replay version {_preview(data.get('version'))} (this gateruler reads {REPLAY_VERSION})"
        )
    replay = structure(doc, ReplayFile)
    try:
        from_record(replay.variants)
    except VariantError as error:
        raise error_at(doc, ("variants", error.name), error.detail) from None
    total = sum(count for _card, count in replay.deck.cards)
    if total > MAX_DECK_CARDS:
        raise error_at(
            doc,
            ("deck", "cards"),
            f"the deck has {total:,} cards; a deck holds at most {MAX_DECK_CARDS:,} (see docs/limits.md)",
        )
    return replay


def spec_from_replay(
    path: str | Path, replay: ReplayFile, pool: CardPool | None = None, variants: Mapping[str, str] | None = None
) -> GameSpec:
    """The game definitions a replay names: `pool` (default: the shipped cards) with the player's cards it
    carries, the shipped rulers, its level and its deck's cards, under the rule variants it recorded
    (some replaced by `variants`)."""
    from gateruler import loader

    pool = with_embedded(pool if pool is not None else loader.load_card_pool(), replay.user_cards, str(path))
    pool = with_embedded_groups(pool, replay.user_groups, str(path))
    rulers = loader.load_rulers()
    ruler = rulers.get(replay.deck.ruler)
    if ruler is None:
        raise ReplayFileError(path, f"unknown ruler {_preview(replay.deck.ruler)} (known: {', '.join(sorted(rulers))})")
    entries = tuple(DeckEntry(card, count) for card, count in replay.deck.cards)
    number = replay.level.number
    level_file = None if replay.level.file is None else str(path_beside(path, replay.level.file))
    if level_file is not None:
        if is_missing(level_file):  # anything else there (a folder, a FIFO) is named by the reader
            raise ReplayFileError(path, f"the level file it was played on is missing: {level_file}")
        level = loader.load_level(Path(level_file), pool)
        level_ref: int | str = level_file
    elif number is not None:
        if number not in loader.SHIPPED_LEVELS:
            raise ReplayFileError(path, f"level.number: there is no shipped level {number} (the levels are 1 to 6)")
        level = loader.load_level(number)
        level_ref = number
    else:
        raise ReplayFileError(path, "the replay names no level (a shipped number or a level file)")
    pool = pool.for_level(level)
    for entry in entries:
        if entry.card not in pool:
            raise ReplayFileError(path, f"the deck has a card this gateruler does not know: {_cut(entry.card)}")
    deck = DeckDef(replay.deck.name, ruler.id, entries)
    readings = from_record(replay.variants).with_values(variants or {})
    deck_file = str(path_beside(path, replay.deck.file)) if replay.deck.file else ""
    return GameSpec(deck, ruler, level, pool, replay.max_turns, level_ref, deck_file, readings)


def _preview(value: object) -> str:
    return _cut(repr(value))


def _cut(text: str, width: int = 80) -> str:
    """A string from the file, short enough for one line of a message."""
    return text if len(text) <= width else text[: width - 3] + "..."


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
            raise _Diverged(
                f"the recorded actions end after action {self.done}, but the game goes on (turn {view.game.turn})"
            )
        return self.recorded[self.done]

    def taken(self, action: Action) -> None:
        if self.done >= len(self.recorded):
            raise _Diverged(
                f"the game goes on past the {self.done} recorded actions: next came {_show(action)} (turn {self.turn})"
            )
        expected = self.recorded[self.done]
        if action != expected:
            raise _Diverged(
                f"action {self.done + 1} (turn {self.turn}): the replay has {_show(expected)}, the re-run chose {_show(action)}"
            )
        self.done += 1


def _show(action: Action) -> str:
    return json.dumps(action_to_dict(action), separators=(",", ":"))


def variant_change(replay: ReplayFile, variants: Mapping[str, str]) -> str:
    """The rule variants given instead of the recorded ones, and what the recording has: "deck_out=taking; the
    recording has deck_out=empty"."""
    changed = ", ".join(f"{name}={value}" for name, value in variants.items())
    recorded = ", ".join(f"{n}={v}" for n, v in from_record(replay.variants).to_dict().items() if n in variants)
    return f"{changed}; the recording has {recorded}"


def rerun(path: str | Path, pool: CardPool | None = None, variants: Mapping[str, str] | None = None) -> ReplayCheck:
    """Play a replay again and compare: same actions, same ending (or the same error).

    `pool` (default: the shipped cards) supplies the cards the replay does not carry itself;
    `variants` (checked names and values) replace the rule variants it recorded.
    """
    replay = read_replay(path)
    spec = spec_from_replay(path, replay, pool, variants)
    recorded = list(replay.actions)
    notes = _rerun_notes(replay, spec, variants)
    try:
        bot = None if replay.bot is None else make_bot(replay.bot.name, replay.bot.seed, replay.bot.budget)
    except GateRulerError as unknown:  # an unknown bot
        raise ReplayFileError(path, f"bot.name: {unknown}") from None
    result = replay.result
    if result.outcome == UNFINISHED and bot is None:
        return _rerun_unfinished(spec, replay, recorded, notes)
    lockstep = _Lockstep(recorded, bot)
    error = None
    game = None
    try:
        game = spec.start(replay.seed)

        def taken(action: Action) -> None:
            lockstep.turn = game.turn
            lockstep.taken(action)

        play_out(game, lockstep, on_action=taken)
    except _Diverged as diverged:
        return ReplayCheck(False, f"diverges: {diverged}", notes)
    except IllegalAction as illegal:
        return ReplayCheck(False, f"diverges at action {lockstep.done} (turn {lockstep.turn}): {illegal}", notes)
    except Exception as exc:  # noqa: BLE001 - a replayed crash is compared, not raised
        error = describe_error(exc)
    if error is not None or result.error is not None:
        return _same_error(error, result.error, lockstep.done, len(recorded), notes)
    assert game is not None
    return _same_ending(game, result, lockstep.done, len(recorded), notes)


def _rerun_notes(replay: ReplayFile, spec: GameSpec, variants: Mapping[str, str] | None) -> tuple[str, ...]:
    """What differs between the recording and the re-run: the variants asked for, the version, the data."""
    notes = []
    if variants:
        notes.append(f"re-run with {variant_change(replay, variants)}")
    if replay.engine_version != __version__:
        notes.append(f"recorded with gateruler {_cut(replay.engine_version)}, re-run with {__version__}")
    if replay.data_hash != game_data_hash(spec):
        notes.append("the card, ruler or level data differ from the recording")
    return tuple(notes)


def _same_error(error: str | None, recorded: str | None, done: int, total: int, notes: tuple[str, ...]) -> ReplayCheck:
    """A re-run or a recording that ended in an error: the same error after all the recorded actions, or not."""
    recorded_error = None if recorded is None else _cut(recorded)
    if error == recorded and done == total:
        return ReplayCheck(True, f"ends the same way: the same error after {done} actions ({error})", notes)
    if recorded_error is None:
        return ReplayCheck(
            False, f"diverges: the re-run raised {error} after {done} actions; the recording ended normally", notes
        )
    if error is None:
        return ReplayCheck(False, f"diverges: the recording raised {recorded_error}, the re-run did not", notes)
    return ReplayCheck(
        False, f"diverges: the recording raised {recorded_error}, the re-run raised {error} after {done} actions", notes
    )


def _same_ending(game: Game, result: ReplayResult, done: int, total: int, notes: tuple[str, ...]) -> ReplayCheck:
    """A finished re-run against the recorded ending: all the actions, the same outcome on the same turn."""
    outcome = classify(game.winner, game.end_reason)
    if done != total:
        return ReplayCheck(False, f"diverges: the game ended after {done} of {total} recorded actions", notes)
    if outcome != result.outcome or game.turn != result.turn:
        was = OUTCOME_WORDS.get(result.outcome, _preview(result.outcome))
        return ReplayCheck(
            False,
            f"diverges: the recording ended {was} on turn {result.turn}, the re-run {OUTCOME_WORDS[outcome]} on turn {game.turn}",
            notes,
        )
    return ReplayCheck(
        True, f"ends the same way: {OUTCOME_WORDS[outcome]} on turn {game.turn} after {total} actions", notes
    )


def _rerun_unfinished(
    spec: GameSpec, replay: ReplayFile, recorded: list[Action], notes: tuple[str, ...]
) -> ReplayCheck:
    """A game recorded while still going: the same actions must reach the same turn, the game not over."""
    game = spec.start(replay.seed)
    for done, action in enumerate(recorded):
        try:
            game.apply(action)
        except IllegalAction as illegal:
            return ReplayCheck(False, f"diverges at action {done + 1} (turn {game.turn}): {illegal}", notes)
        if game.over:
            return ReplayCheck(
                False,
                f"diverges: the game ended {OUTCOME_WORDS[classify(game.winner, game.end_reason)]} after action {done + 1} of {len(recorded)}; the recording was still going",
                notes,
            )
    turn = replay.result.turn
    if game.turn != turn:
        return ReplayCheck(
            False, f"diverges: the recording stopped on turn {turn}, the re-run on turn {game.turn}", notes
        )
    return ReplayCheck(True, f"ends the same way: still going on turn {game.turn} after {len(recorded)} actions", notes)
