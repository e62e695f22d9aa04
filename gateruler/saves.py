"""Saved games: the exact game state plus what names its definitions.

A save holds `Game.to_dict()` (state, random generator, log, history), the
origin of the definitions it was made with (the level by number when it is a
shipped one, by file path otherwise, and the deck file for the record: the
card list itself is in the game state) and, as written, the definitions of
the player's own cards the game uses (``user_cards``), so that it loads where
their card files are not.  Loading reads the card pool, the rulers and the
level again and rebuilds the game with `Game.from_dict`, so a loaded game
continues exactly as the saved one would have.

A save file is user input: anything wrong with it (not JSON, cut short, not a
save, a newer format, an unknown card, a damaged state) is a one-line error
naming the file, never a traceback and never a half-built game.  Saves made
before abilities became frames (game state version 1) load and continue
exactly (gateruler/engine/serial.py converts them).
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, NewType

import attrs
import cattrs

from gateruler.cardpool import CardPool
from gateruler.engine import INVADER, PLAYER, Action, Game, Phase, events, serial, tasks
from gateruler.engine.frames import Decision, Frame
from gateruler.engine.timings import WINDOWS
from gateruler.engine.windows import WINDOW
from gateruler.errors import DataError
from gateruler.fileio import Output, is_missing, path_beside, path_from, write_output
from gateruler.jsonsrc import (
    FileError,
    JsonDoc,
    MaxTurns,
    Quantity,
    Seed,
    Side,
    Slot,
    Turn,
    bound,
    converter,
    error_at,
    kind_of,
    load_json,
    position,
    structure,
)
from gateruler.library import embedded_cards, embedded_groups, with_embedded, with_embedded_groups
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import LevelDef, RulerDef
from gateruler.save_checks import impossible
from gateruler.variants import VariantError, from_record, of_game

SAVE_FORMAT = "gateruler-save"
SAVE_VERSION = 1
GAME_FORMAT = serial.FORMAT
GAME_VERSION = serial.VERSION  # what we write; the engine also reads the previous version (serial.READS)


@attrs.frozen
class GameOrigin:
    """Where a game's definitions came from, so that loading can find them again."""

    level_number: int | None = None  # a shipped level
    level_file: str | None = None  # a level file (in memory absolute; in a save relative to it: `saved_at`)
    deck_file: str | None = None  # for the record: the cards are in the game state

    def to_dict(self) -> dict[str, Any]:
        return {"level_number": self.level_number, "level_file": self.level_file, "deck_file": self.deck_file}

    def saved_at(self, path: str | Path | Output) -> GameOrigin:
        """The origin as a save at `path` writes it: its files named relative to the save, never by absolute path."""
        return GameOrigin(
            self.level_number,
            None if self.level_file is None else path_from(path, self.level_file),
            None if self.deck_file is None else path_from(path, self.deck_file),
        )

    def read_at(self, path: str | Path) -> GameOrigin:
        """The origin a save at `path` wrote, its files found again (relative to the save; absolute as older saves)."""
        return GameOrigin(
            self.level_number,
            None if self.level_file is None else str(path_beside(path, self.level_file)),
            None if self.deck_file is None else str(path_beside(path, self.deck_file)),
        )


class SaveFileError(FileError):
    """A save file that cannot be used, said in one line that names the file."""


# ---------------------------------------------------------------------- the game state, as a save holds it
#
# The one place that says what a saved game state may hold: `Game.to_dict()`'s
# format, field by field.  A save is refused when it is loaded if anything in it
# is not what these say, so that a game never starts on a state it will crash
# on later.  A new state field is one line here (tests/test_saves.py fails
# until it is: every saved field must be declared).  Card numbers (`CardRef`)
# are checked against the save's own card list when it is read.

CardRef = NewType("CardRef", int)  # a card of this game, by instance number
bound(CardRef, 0, 2 * MAX_DECK_CARDS - 1)
CardOrRuler = NewType("CardOrRuler", int)  # -1: the ruler
bound(CardOrRuler, -1, 2 * MAX_DECK_CARDS - 1)
BoardZone = NewType("BoardZone", int)
bound(BoardZone, 0, 2)
Shielded = NewType("Shielded", int)  # a shield's protected card: -1 the ruler, -2 the ruler and its units
bound(Shielded, -2, 2 * MAX_DECK_CARDS - 1)
DamageKind = Literal["any", "battle", "effect"]
SetZone = NewType("SetZone", int)
bound(SetZone, 0, 1)
Winner = Literal["player", "invader", "draw"]
Task = NewType("Task", list)  # an engine task: a frame (a mapping), or [kind, *arguments]
Pending = NewType("Pending", object)  # a decision (version 2), or [task, options] (version 1)
LogEntry = NewType("LogEntry", list)
RngState = NewType("RngState", list)
Scalar = NewType("Scalar", object)  # any JSON value but a list or an object
WindowZone = NewType("WindowZone", int)  # a board zone (0-2), the ruler (3), or none (-1)
bound(WindowZone, -1, 3)
if TYPE_CHECKING:  # literals made at run time from the engine's tables; to the checker, the strings they are
    PhaseName = str
    WindowName = str
    DecisionPurpose = str
    GameVersion = int
else:
    PhaseName = Literal[tuple(phase.value for phase in Phase)]
    WindowName = Literal[tuple(WINDOWS.names())]
    DecisionPurpose = Literal[
        ("target", "cost", "optional", "pick", "summon", "order", *WINDOWS.names())
    ]  # a window's: its name
    GameVersion = Literal[serial.READS]  # the game state versions the engine reads


@attrs.frozen
class UnitState:
    iid: CardRef
    damage: Quantity
    rested: bool
    atk_mod: Quantity
    hp_mod: Quantity
    stk_mod: Quantity
    tmp_atk: Quantity
    tmp_hp: Quantity
    tmp_stk: Quantity
    entered_turn: Turn
    gained: list[tuple[str, bool]] = attrs.field(factory=list)  # keywords granted (saves before grants have none)
    how: str = "normal"  # how it entered the board; older saves have no such field


@attrs.frozen
class SideState:
    deck: list[CardRef]
    hand: list[CardRef]
    drive: list[CardRef]
    graveyard: list[CardRef]
    damage_zone: list[CardRef]
    set_zones: list[CardRef | None]
    field: list[CardRef]
    board: tuple[UnitState | None, UnitState | None, UnitState | None]
    energy: Quantity
    energy_ready: Quantity
    ruler_rested: bool
    summons: Quantity
    ruler_tmp_atk: Quantity
    ruler_tmp_stk: Quantity
    ruler_atk_mod: Quantity
    ruler_stk_mod: Quantity
    lost: str
    removed: list[CardRef] = attrs.field(factory=list)  # removed from the game; saves of version 1 have no such zone
    # one-shot damage preventions waiting this turn (engine/replace.py): protected unit (-1 ruler, -2 both), amount (0: all), kind, source
    shields: list[tuple[Shielded, Quantity, DamageKind, CardRef]] = attrs.field(factory=list)
    ruler_gained: list[tuple[str, bool]] = attrs.field(
        factory=list
    )  # keywords granted to the ruler (saves before grants have none)
    soul: list[tuple[CardRef, list[CardRef]]] = attrs.field(
        factory=list
    )  # [host, its soul cards]; older saves have none
    # damage-zone cards turned face down (DR); older saves have none
    face_down: list[CardRef] = attrs.field(factory=list)


@attrs.frozen
class GameState:
    format: Literal["gateruler-game"]
    version: GameVersion
    seed: Seed
    max_turns: MaxTurns
    ruler: str
    level: Quantity
    level_file: str
    player_deck: list[str]
    cards: list[str]
    sides: tuple[SideState, SideState]
    turn: Turn
    active: Side
    first_player: Side
    phase: PhaseName
    attacks: Quantity
    rng: RngState
    log: list[LogEntry]
    tasks: list[Task]
    pending: Pending | None
    winner: Winner | None
    end_reason: str | None
    history: list[Action]
    deck_name: str = ""
    used: list[tuple[CardRef, Quantity]] = attrs.field(
        factory=list
    )  # abilities used this turn (saves before activated abilities have none)
    rules: dict[str, str] | None = (
        None  # the engine's rule variants (engine/rules.py); the save's "variants" name them all
    )


@attrs.frozen
class Later:
    """An argument added later: a task or log entry written before it may end before it."""

    kind: Any


# An engine task: [kind, *arguments], its arguments the fields of its record
# (engine/tasks.py), each bounded by what it holds (the record's Annotated
# metadata); a field with a default was added later, and a task written before
# may end before it.  The rift's steps are ["ctl", step, *arguments]: a second
# table, keyed by the step.
TASK_FIELD_TYPES: dict[str, Any] = {
    tasks.SIDE: Side,
    tasks.CARD: CardRef,
    tasks.CARD_OR_RULER: CardOrRuler,
    tasks.ZONE: Slot,
    tasks.COUNT: Quantity,
    tasks.WINDOW_NAME: WindowName,
    tasks.WINDOW_ZONE: WindowZone,
}
V1_EFFECT = (Side, CardRef, dict[str, Scalar])  # version 1 only: one effect left to resolve, as it was written


def _field_type(hint: Any) -> Any:
    """The save type of a task field's type hint: its Annotated metadata's, `| None` kept."""
    if typing.get_origin(hint) is typing.Annotated:
        return TASK_FIELD_TYPES[hint.__metadata__[0]]
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return typing.Union[tuple(_field_type(arg) for arg in typing.get_args(hint))]  # noqa: UP007
    return hint


def _task_arguments(record: type) -> tuple[Any, ...]:
    hints = typing.get_type_hints(record, include_extras=True)
    defaults = record._field_defaults  # type: ignore[attr-defined]
    return tuple(
        Later(_field_type(hints[name])) if name in defaults else _field_type(hints[name])
        for name in record._fields  # type: ignore[attr-defined]
    )


def _task_table() -> dict[str, Any]:
    table: dict[str, Any] = {}
    for kind in tasks.KINDS:
        if kind.step:
            table.setdefault(kind.tag, {})[kind.step] = _task_arguments(kind.record)
        else:
            table[kind.tag] = _task_arguments(kind.record)
        if kind.tag == "battle":
            table["fx"] = V1_EFFECT
    return table


TASK_ARGUMENTS: dict[str, Any] = _task_table()

Step = NewType("Step", int)  # a frame's step: -1 begins the ability, then its costs, then its effects
bound(Step, -1, 99)


@attrs.frozen
class FrameState:
    """An ability in resolution (engine/frames.py), as version 2 saves it."""

    side: Side
    source: CardRef
    ability: Quantity
    step: Step
    answers: list[Action]
    bound: list[tuple[str, list[CardRef], list[CardRef]]]
    event: list[Scalar]
    end: Step


@attrs.frozen
class DecisionState:
    """A choice the game waits for (engine/frames.py), as version 2 saves it."""

    kind: Literal["unit", "card", "confirm", "split", "zone", "order", "window"]
    side: Side
    source: CardOrRuler  # -1 only for a "window" about the rift's ruler (or about nothing)
    ability: Quantity
    step: Step
    purpose: DecisionPurpose
    options: list[Action]
    count: Quantity
    picked: list[Action]
    card: CardOrRuler = CardOrRuler(-1)  # a "zone" decision's unit; older saves have none
    target: WindowZone = WindowZone(-1)  # a "window" decision: the zone about to be hit; older saves have none
    target_card: CardOrRuler = CardOrRuler(-1)  # a "window" decision: the card there; older saves have none


# A log entry: [turn, kind, side, *fields], typed by its kind's record class (engine/events.py:
# `KINDS[kind].TYPES`).  The kinds of value those fields hold, as a save checks them:
# the cards are checked against the save's own card list (`_state_converter`).
LOG_VALUES: dict[Any, Any] = {
    events.Zone: BoardZone,
    events.ZoneOrRuler: Slot,
    events.SetZone: SetZone,
    events.Amount: Quantity,
    events.PhaseName: PhaseName,
}


def _tagged(
    conv: cattrs.Converter, table: dict[str, Any], items: list, before: tuple = (), what: str = "task"
) -> tuple:
    """Items [*before, tag, *arguments] typed by table[tag] (or by its own table, for a nested one)."""
    at = len(before)
    tag = items[at] if len(items) > at else None
    if not isinstance(tag, str) or tag not in table:
        raise ValueError(f"unknown {what} {_json(tag)} (known: {', '.join(table)})")
    spec = table[tag]
    if isinstance(spec, dict):
        return _tagged(conv, spec, items, (*before, Literal[tag]), f"{tag} step")
    given = len(items) - at - 1
    required = sum(1 for kind in spec if not isinstance(kind, Later))
    if required <= given < len(spec):
        spec = spec[:given]  # written before the later arguments
    kinds = (*before, Literal[tag], *(k.kind if isinstance(k, Later) else k for k in spec))
    made: Any = types.GenericAlias(tuple, kinds)  # a tuple type made at run time: the checker sees no type in it
    return conv.structure(items, made)


def _json(value: Any) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _state_converter(card_count: int) -> cattrs.Converter:
    """The strict converter, with card numbers bounded by this save's own card list."""
    conv = converter.copy()

    def card(low: int) -> Callable[[Any, Any], int]:
        def hook(value: Any, _kind: Any) -> int:
            if not (isinstance(value, int) and not isinstance(value, bool) and low <= value < card_count):
                raise ValueError(
                    f"names no card of this game (the cards are 0 to {card_count - 1}{', or -1' if low < 0 else ''})"
                )
            return value

        return hook

    conv.register_structure_hook(CardRef, card(0))
    conv.register_structure_hook(CardOrRuler, card(-1))
    conv.register_structure_hook(events.Card, card(0))
    conv.register_structure_hook(events.CardOrRuler, card(-1))
    for value, checked in LOG_VALUES.items():
        conv.register_structure_hook(value, conv.get_structure_hook(checked))
    conv.register_structure_hook(Shielded, card(-2))

    def task(value: Any, _kind: Any) -> Any:
        if isinstance(value, dict):
            return conv.structure(value, FrameState)
        return _tagged(conv, TASK_ARGUMENTS, _list(value, "a task"))

    def pending(value: Any, _kind: Any) -> Any:
        if isinstance(value, dict):
            return conv.structure(value, DecisionState)
        return conv.structure(_list(value, "a pending choice"), tuple[Task, list[tuple[Side, BoardZone]]])

    conv.register_structure_hook(Task, task)
    conv.register_structure_hook(Pending, pending)

    def log_entry(value: Any, _kind: Any) -> tuple:
        items = _list(value, "a log entry")
        kind = items[1] if len(items) > 1 else None
        record = events.KINDS.get(kind) if isinstance(kind, str) else None
        if record is None:
            raise ValueError(f"unknown event {_json(kind)}")
        fields = record.TYPES
        if record.FIRST <= len(items) - 3 < len(fields):
            fields = fields[: len(items) - 3]  # an entry written before the causes were logged
        return conv.structure(items, tuple[(Turn, Literal[kind], Side | None, *fields)])  # type: ignore[valid-type]  # a type made at run time

    conv.register_structure_hook(LogEntry, log_entry)
    conv.register_structure_hook(RngState, _rng_state)
    conv.register_structure_hook(Scalar, _scalar)
    return conv


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise TypeError(f"{what} must be a list, not {kind_of(value)}")
    return value


def _scalar(value: Any, _kind: Any) -> Any:
    if isinstance(value, (list, dict)):
        raise TypeError(f"must be a single value, not {kind_of(value)}")
    return value


def _rng_state(value: Any, _kind: Any) -> list:
    """Python's Mersenne Twister state: [3, 624 words and a position, null or a number]."""
    items = _list(value, "the random generator's state")
    words = items[1] if len(items) == 3 else None
    if not (
        items[0] == 3
        and isinstance(words, list)
        and len(words) == 625
        and all(type(w) is int and 0 <= w < 2**32 for w in words)
        and words[-1] <= 624
        and (items[2] is None or type(items[2]) is float)
    ):
        raise ValueError("is not the state of a random generator")
    return items


# ---------------------------------------------------------------------- writing and reading


def save_game(path: str | Path | Output, game: Game, origin: GameOrigin) -> None:
    """Write the save in one step: a failed write never leaves half a file behind."""
    state = game.to_dict()
    written = origin.saved_at(path)
    state["level_file"] = written.level_file or _shipped_level_file(game)  # not the machine's absolute path
    data = {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "origin": written.to_dict(),
        "game": state,
        "user_cards": embedded_cards(game.setup.pool, game.setup.card_ids),  # the player's own cards, as written
        "user_groups": embedded_groups(game.setup.pool),  # the attribute and faction names their files added
        "variants": of_game(game.setup.rules, game.setup.opponent).to_dict(),  # every rule variant it is played under
    }
    write_output(path, json.dumps(data, separators=(",", ":")) + "\n", what="the save file")


def _shipped_level_file(game: Game) -> str:
    """A shipped level's file as a save names it, from the package's folder on ("invader_decks/level-2.yaml")."""
    from gateruler.reading.sources import PACKAGE_DIR

    shown = game.setup.level.location.path
    if not shown:
        return ""
    path = Path(shown).resolve()
    try:
        return path.relative_to(PACKAGE_DIR.parent.resolve()).as_posix()
    except ValueError:
        return path.name


def load_game(path: str | Path, pool: CardPool | None = None) -> tuple[Game, GameOrigin]:
    """A saved game, rebuilt from `pool` (default: the shipped cards) with the player's cards the save
    carries, the shipped rulers and its level."""
    from gateruler import loader

    data, text = read_save(path)
    origin = _origin(path, data, text)
    pool = with_embedded(pool if pool is not None else loader.load_card_pool(), data.get("user_cards"), str(path))
    pool = with_embedded_groups(pool, data.get("user_groups"), str(path))
    level = _load_level(path, origin, pool)
    return restore_game(path, data, text, pool=pool, rulers=loader.load_rulers(), level=level), origin


def read_save(path: str | Path) -> tuple[dict[str, Any], str]:
    """The save's data (format and version checked) and its text, for locating errors."""
    doc = load_json(path, "save file")
    data = doc.data
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveFileError(path, f'not a gateruler save file (no "format": "{SAVE_FORMAT}")')
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveFileError(path, "the save file has no version number")
    if version > SAVE_VERSION:
        raise SaveFileError(
            path, f"saved by a newer gateruler (save format version {version}; this one reads up to {SAVE_VERSION})"
        )
    if version < 1:
        raise SaveFileError(path, f"unknown save format version {version}")
    game = data.get("game")
    if not isinstance(game, dict) or game.get("format") != GAME_FORMAT:
        raise SaveFileError(path, "the save file holds no game")
    if game.get("version") not in serial.READS:
        readable = " and ".join(str(v) for v in serial.READS)
        raise SaveFileError(
            path, f"unknown game state version {_json(game.get('version'))} (this gateruler reads {readable})"
        )
    return data, doc.text


def _origin(path: str | Path, data: dict[str, Any], text: str) -> GameOrigin:
    if not isinstance(data.get("origin"), dict):
        raise SaveFileError(path, "the save file does not say which level it was played on")
    origin = structure(JsonDoc(str(path), text, data), GameOrigin, at=("origin",)).read_at(path)
    if (origin.level_number is None) == (origin.level_file is None):
        raise SaveFileError(path, "the save file must name either a shipped level number or a level file")
    from gateruler.loader import SHIPPED_LEVELS

    if origin.level_number is not None and origin.level_number not in SHIPPED_LEVELS:
        raise SaveFileError(
            path, f"origin.level_number: there is no shipped level {origin.level_number} (the levels are 1 to 6)"
        )
    return origin


def _load_level(path: str | Path, origin: GameOrigin, pool: CardPool) -> LevelDef:
    from gateruler import loader

    if origin.level_file is not None:
        if is_missing(origin.level_file):  # anything else there (a folder, a FIFO) is named by the reader
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
    """The game a checked save holds, built on the given definitions; anything wrong is refused here, not later."""
    doc = JsonDoc(str(path), text, data)
    cards = structure(doc, list[str], at=("game", "cards"))
    if len(cards) > 2 * MAX_DECK_CARDS:
        raise error_at(doc, ("game", "cards"), f"more than {2 * MAX_DECK_CARDS:,} cards (see docs/limits.md)")
    state = structure(doc, GameState, at=("game",), conv=_state_converter(len(cards)))
    deck = state.player_deck
    if len(deck) > len(cards) or cards[: len(deck)] != deck:
        raise SaveFileError(path, "damaged save file: the player's cards do not match the deck list")
    variants = structure(doc, dict[str, str], at=("variants",)) if data.get("variants") is not None else None
    try:
        readings = from_record(variants)
    except VariantError as error:
        raise error_at(doc, ("variants", error.name), error.detail) from None
    opponent = readings.controller()
    rift_defs = opponent.card_definitions(level, pool, tuple(cards[len(deck) :]))  # knows the level's own cards too
    for index, card in enumerate(cards):
        if card not in (pool if index < len(deck) else rift_defs):
            line, column = _locate(text, json.dumps(card))
            hint = pool.for_level(level).suggest(card)
            raise DataError(
                str(path), line, column, f"unknown card {_short(card)!r}" + (f" (did you mean {hint}?)" if hint else "")
            )
    ruler = rulers.get(state.ruler)
    if ruler is None:
        raise SaveFileError(path, f"unknown ruler {_short(state.ruler)!r} (known: {', '.join(sorted(rulers))})")
    try:
        game = Game.from_dict(
            data["game"], pool=pool, ruler=ruler, level=level, opponent=opponent, rules=readings.engine
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise SaveFileError(path, f"damaged save file: {_what(error)}") from None
    problem = _inconsistency(game)
    if problem:
        raise SaveFileError(path, f"damaged save file: {problem}")
    return game


def _locate(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first `needle` in `text` (1, 1 when absent)."""
    at = text.find(needle)
    return position(text, at) if at >= 0 else (1, 1)


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


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
        expected = [i for i, owner in enumerate(owners) if owner == side]
        if sorted(found) != expected:
            return f"the {('player', 'rift')[side]}'s cards are missing or doubled"
    defs = game.setup.defs
    queued = [*game.tasks, *([game.pending] if game.pending is not None else [])]
    for task in queued:
        if not isinstance(task, (Frame, Decision)):
            continue  # a task of the game's own ("start", "check", ...): its arguments were checked when read
        assert isinstance(task, (Frame, Decision))  # what is left: abilities in resolution, the decision
        if isinstance(task, Decision) and task.kind == WINDOW:
            continue  # a window of the rift's turn (engine/windows.py): about a card or the rift's ruler, no ability
        if task.source < 0:
            return "a queued ability has no card"
        card = defs[task.source]
        if task.ability >= len(card.abilities):
            return f"a queued ability is not an ability of its card {card.id}"
        ability = card.abilities[task.ability]
        if task.step > len(ability.costs) + len(ability.effects):
            return f"a queued ability of {card.id} is past its last step"
    return impossible(game)  # the invariants of a state the engine can reach (gateruler/save_checks.py)
