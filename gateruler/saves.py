"""Saved games: the exact game state plus what names its definitions.

A save holds `Game.to_dict()` (state, random generator, log, history), the
origin of the definitions it was made with (the level by number when it is a
shipped one, by file path otherwise, and the deck file for the record: the
card list itself is in the game state) and, as written, the definitions of
the player's own cards the game uses (``user_cards``), so that it loads where
their card files are not.  Loading reads the card pool, the
rulers and the level again and rebuilds the game with `Game.from_dict`, so a
loaded game continues exactly as the saved one would have.

A save file is user input: anything wrong with it (not JSON, cut short, not a
save, a newer format, an unknown card, a damaged state) is a one-line error
naming the file, never a traceback and never a half-built game.  Saves made
before abilities became frames (game state version 1) load and continue
exactly (gateruler/engine/serial.py converts them).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine import INVADER, PLAYER, Game, serial
from gateruler.engine.events import CARD_FIELDS, FIELDS
from gateruler.errors import DataError, GateRulerError
from gateruler.fileio import write_text_atomic
from gateruler.invader import InvaderController
from gateruler.library import embedded_cards, with_embedded
from gateruler.models import LevelDef, RulerDef

SAVE_FORMAT = "gateruler-save"
SAVE_VERSION = 1
GAME_FORMAT = serial.FORMAT
GAME_VERSION = serial.VERSION  # what we write; the engine also reads the previous version (serial.READS)
SIDE_CODES = (PLAYER, INVADER, None)
ZONE_FIELDS = {"zone": range(3), "target_zone": range(4), "set_zone": range(3)}


@attrs.frozen
class GameOrigin:
    """Where a game's definitions came from, so that loading can find them again."""

    level_number: int | None = None  # a shipped level
    level_file: str | None = None  # a level file (absolute path)
    deck_file: str | None = None  # for the record: the cards are in the game state

    def to_dict(self) -> dict[str, Any]:
        return {"level_number": self.level_number, "level_file": self.level_file, "deck_file": self.deck_file}


class SaveFileError(GateRulerError):
    """A save file that cannot be used, said in one line that names the file."""

    def __init__(self, path: str | Path, message: str) -> None:
        super().__init__(f"{path}: {message}")


def save_game(path: str | Path, game: Game, origin: GameOrigin) -> None:
    """Write the save in one step: a failed write never leaves half a file behind."""
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "origin": origin.to_dict(),
        "game": game.to_dict(),
        "user_cards": embedded_cards(game.setup.pool, game.setup.card_ids),  # the player's own cards, as written
    }
    try:
        write_text_atomic(path, json.dumps(data, separators=(",", ":")) + "\n")
    except OSError as error:
        raise SaveFileError(path, f"cannot write the save file: {error.strerror or error}") from None


def load_game(path: str | Path, pool: CardPool | None = None) -> tuple[Game, GameOrigin]:
    """A saved game, rebuilt from `pool` (default: the shipped cards) with the player's cards the save
    carries, the shipped rulers and its level."""
    from gateruler import loader

    data, text = read_save(path)
    origin = _origin(path, data)
    pool = with_embedded(pool if pool is not None else loader.load_card_pool(), data.get("user_cards"), str(path))
    level = _load_level(path, origin, pool)
    return restore_game(path, data, text, pool=pool, rulers=loader.load_rulers(), level=level), origin


def read_save(path: str | Path) -> tuple[dict[str, Any], str]:
    """The save's data (format and version checked) and its text, for locating errors."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(path, "no such save file") from None
    except UnicodeDecodeError:
        raise SaveFileError(path, "not a save file (not UTF-8 text)") from None
    except OSError as error:
        raise SaveFileError(path, f"cannot read the save file: {error.strerror or error}") from None
    if not text.strip():
        raise SaveFileError(path, "the save file is empty")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        body = text.rstrip()
        if body.lstrip().startswith("{") and not body.endswith("}"):  # a save is one JSON object
            line, column = _position(text, len(body))
            raise DataError(str(path), line, column, "the save file is cut short") from None
        raise DataError(str(path), error.lineno, error.colno, f"not valid JSON: {error.msg}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(path, f"not a gateruler save file (no \"format\": \"{SAVE_FORMAT}\")")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(path, "the save file has no version number")
    if version > SAVE_VERSION:
        raise SaveFileError(path, f"saved by a newer gateruler (save format version {version}; this one reads up to {SAVE_VERSION})")
    if version < 1:
        raise SaveFileError(path, f"unknown save format version {version}")
    game = data.get("game")
    if not isinstance(game, dict) or game.get("format") != GAME_FORMAT:
        raise SaveFileError(path, "the save file holds no game")
    if game.get("version") not in serial.READS:
        readable = " and ".join(str(v) for v in serial.READS)
        raise SaveFileError(path, f"unknown game state version {game.get('version')!r} (this gateruler reads {readable})")
    return data, text


def _origin(path: str | Path, data: dict[str, Any]) -> GameOrigin:
    origin = data.get("origin")
    if not isinstance(origin, dict):
        raise SaveFileError(path, "the save file does not say which level it was played on")
    number, level_file, deck_file = origin.get("level_number"), origin.get("level_file"), origin.get("deck_file")
    if (number is None) == (level_file is None):
        raise SaveFileError(path, "the save file must name either a shipped level number or a level file")
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        raise SaveFileError(path, f"level number {number!r} is not a number")
    if level_file is not None and not isinstance(level_file, str):
        raise SaveFileError(path, f"level file {level_file!r} is not a path")
    return GameOrigin(number, level_file, deck_file if isinstance(deck_file, str) else None)


def _load_level(path: str | Path, origin: GameOrigin, pool: CardPool) -> LevelDef:
    from gateruler import loader

    if origin.level_file is not None:
        if not Path(origin.level_file).is_file():
            raise SaveFileError(path, f"the level file it was played on is missing: {origin.level_file}")
        return loader.load_level(Path(origin.level_file), pool)
    return loader.load_level(origin.level_number)  # type: ignore[arg-type]


def restore_game(
    path: str | Path,
    data: dict[str, Any],
    text: str = "",
    *,
    pool: CardPool,
    rulers: dict[str, RulerDef],
    level: LevelDef,
) -> Game:
    """The game a checked save holds, built on the given definitions."""
    state = data["game"]
    cards = state.get("cards")
    deck = state.get("player_deck")
    if not _strings(cards) or not _strings(deck) or len(deck) > len(cards):
        raise SaveFileError(path, "damaged save file: the card lists are missing or malformed")
    if list(cards[: len(deck)]) != list(deck):
        raise SaveFileError(path, "damaged save file: the player's cards do not match the deck list")
    opponent = InvaderController()
    rift_defs = opponent.card_definitions(level, pool, tuple(cards[len(deck) :]))  # knows the level's own cards too
    for index, card in enumerate(cards):
        if card not in (pool if index < len(deck) else rift_defs):
            line, column = _locate(text, json.dumps(card))
            hint = pool.for_level(level).suggest(card)
            raise DataError(str(path), line, column, f"unknown card {card!r}" + (f" (did you mean {hint}?)" if hint else ""))
    ruler = rulers.get(state.get("ruler"))  # type: ignore[arg-type]
    if ruler is None:
        raise SaveFileError(path, f"unknown ruler {state.get('ruler')!r} (known: {', '.join(sorted(rulers))})")
    try:
        game = Game.from_dict(state, pool=pool, ruler=ruler, level=level, opponent=opponent)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SaveFileError(path, f"damaged save file: {_what(error)}") from None
    problem = _inconsistency(game)
    if problem:
        raise SaveFileError(path, f"damaged save file: {problem}")
    return game


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _locate(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first `needle` in `text` (1, 1 when absent)."""
    at = text.find(needle)
    return _position(text, at) if at >= 0 else (1, 1)


def _position(text: str, at: int) -> tuple[int, int]:
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def _what(error: Exception) -> str:
    if isinstance(error, KeyError):
        return f"missing {error.args[0]!r}"
    return str(error) or type(error).__name__


def _inconsistency(game: Game) -> str:
    """What is impossible in a restored game, or "" when every card is exactly once where it can be."""
    owners = game.setup.owners
    for side in (PLAYER, INVADER):
        s = game.sides[side]
        if len(s.board) != 3:
            return f"the {('player', 'rift')[side]}'s board does not have 3 zones"
        found = s.all_iids()
        if not all(isinstance(i, int) and not isinstance(i, bool) for i in found):
            return "a card in a zone is not a card number"
        expected = [i for i, owner in enumerate(owners) if owner == side]
        if sorted(found) != expected:
            return f"the {('player', 'rift')[side]}'s cards are missing or doubled"
    return _log_problem(game.log, len(owners))


def _log_problem(log: Sequence[tuple], card_count: int) -> str:
    for number, entry in enumerate(log, 1):
        if len(entry) < 3 or entry[1] not in FIELDS or entry[2] not in SIDE_CODES or not isinstance(entry[0], int):
            return f"log entry {number} is not an event"
        names = FIELDS[entry[1]]
        if len(entry) - 3 != len(names):
            return f"log entry {number} ({entry[1]}) has the wrong number of values"
        for name, value in zip(names, entry[3:]):
            if name in CARD_FIELDS and not (isinstance(value, int) and -1 <= value < card_count):
                return f"log entry {number} ({entry[1]}) names no card of this game"
            if name in ZONE_FIELDS and value not in ZONE_FIELDS[name]:
                return f"log entry {number} ({entry[1]}) names no zone"
    return ""
