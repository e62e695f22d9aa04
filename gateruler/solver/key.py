"""A game position as a hashable value: what the transposition table remembers.

Two games with equal keys have the same future for the same actions: the
key holds every part of the state the engine reads to go on (both sides'
zones, units and counters, the turn, phase and attacks, the task stack, the
pending decision, the abilities used this turn, the generator's state) and
leaves out only what it never reads to go on (the log, the history of
actions, the definitions every copy shares).

The parts are read off the engine's own `__slots__` (Game, SideState, Unit)
when this module is imported, not listed by hand: a slot a later engine adds
(a new zone, a new counter) is in the key at once, so a rule change cannot
make two different positions look the same.  Only `SKIPPED` is named here,
with the reason each is safe to leave out.

Lists become tuples (in their order: the engine reads a zone's order, the
oldest card first, so two zones with the same cards in another order are
two positions); the soul mapping becomes its sorted items; each unit
becomes the tuple of its slots.  `operator.attrgetter` reads the slots in
one C call, so a key costs a few microseconds.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import Any

from gateruler.engine.game import Game
from gateruler.engine.state import SideState, Unit
from gateruler.solver.rng import rng_token

SKIPPED = {
    "setup": "the definitions and tables, shared by every copy of the game",
    "seed": "what set the game up (its shuffles): never read once it is dealt; the generator's state is the rng's token",
    "log": "what happened: read by bots and reports, never by the rules going on",
    "history": "the player's actions so far: a replay of the past, not the state",
    "rng": "replaced by its token (solver/rng.py): equal tokens, equal generator states",
    "hp_dirty": "whether the rules processing must look at units' HP again (engine/processing.py): it is clear only"
    " when no unit could be destroyed by it, so a look finds nothing either way",
}

_BOARD = "board"  # SideState's units, by zone
_SOUL = "soul"  # SideState's host -> soul cards mapping


def _slots(cls: type) -> tuple[str, ...]:
    return tuple(getattr(cls, "__slots__", ()))


def _sample_kinds() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """SideState's slots split into those holding lists (made tuples) and the rest (taken as they are)."""
    sample = SideState(2)
    lists: list[str] = []
    plain: list[str] = []
    for name in _slots(SideState):
        if name in (_BOARD, _SOUL):
            continue
        (lists if isinstance(getattr(sample, name), list) else plain).append(name)
    return tuple(lists), tuple(plain)


_SIDE_LISTS, _SIDE_PLAIN = _sample_kinds()
_read_lists = operator.attrgetter(*_SIDE_LISTS)
_read_plain = operator.attrgetter(*_SIDE_PLAIN)
_read_unit = operator.attrgetter(*_slots(Unit))
_GAME_SLOTS = tuple(name for name in _slots(Game) if name not in SKIPPED and name != "sides")
_GAME_LISTS = tuple(name for name in _GAME_SLOTS if name == "tasks")
_GAME_PLAIN = tuple(name for name in _GAME_SLOTS if name not in _GAME_LISTS)
_read_game = operator.attrgetter(*_GAME_PLAIN)


def side_key(side: SideState) -> tuple[Hashable, ...]:
    """One side's zones, units and counters."""
    board = tuple([None if u is None else _read_unit(u) for u in side.board])
    soul = tuple(sorted(side.soul.items())) if side.soul else ()
    return (*map(tuple, _read_lists(side)), _read_plain(side), board, soul)


def state_key(game: Game) -> tuple[Hashable, ...]:
    """The position: equal keys, equal futures."""
    sides = game.sides
    return (
        side_key(sides[0]),
        side_key(sides[1]),
        _read_game(game),
        tuple(game.tasks),
        rng_token(game.rng),
    )


KeyFunction = Callable[[Game], Any]

__all__ = ["KeyFunction", "SKIPPED", "side_key", "state_key"]
