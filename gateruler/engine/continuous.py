"""Continuous effects: stat changes that hold while their card is on the board or in a field zone.

Nothing is stored: every stat read adds up the continuous `modify` effects of
the cards in play whose target takes in the unit (or ruler) read, and whose
ability's `requires` holds now.  Recomputing on every read is what makes
copies stack, makes a change end the moment its source leaves, and lets the
rules processing destroy a unit left with damage >= HP when a field that
raised its HP leaves (CR 2-11c); it costs nothing in games without
continuous abilities (`Setup.has_continuous`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.targets import Every, RulerTarget, SelfTarget
from gateruler.engine.triggers import CONTINUOUS
from gateruler.models import CardDef

if TYPE_CHECKING:
    from gateruler.engine.game import Game

Entry = tuple[Any, Any]  # (the ability's requirement or None, the modify effect)


def continuous_entries(defs: Sequence[CardDef]) -> tuple[tuple[Entry, ...], ...]:
    """Each card's continuous stat changes, found once per game rather than on every stat read.

    Empty when no card has any, the common case.  Copies share one definition
    object, so each distinct definition is read once."""
    unique = {id(d): d for d in defs}
    if not any(a.trigger == CONTINUOUS for d in unique.values() for a in d.abilities):
        return ()
    entries = {
        key: tuple((a.requires, e) for a in d.abilities if a.trigger == CONTINUOUS for e in a.effects if e.kind == "modify")
        for key, d in unique.items()
    }
    return tuple(entries[id(d)] for d in defs)


def bonus(game: "Game", side: int, iid: int, slot: int, stat: str) -> int:
    """The total continuous change to `stat` of the unit `iid` in `slot` of `side` (iid -1: the side's ruler)."""
    total = 0
    continuous = game.setup.continuous
    for src_side in (0, 1):
        s = game.sides[src_side]
        for u in s.board:
            if u is not None and continuous[u.iid]:
                total += _from(game, continuous[u.iid], src_side, u.iid, side, iid, slot, stat)
        for src in s.field:
            if continuous[src]:
                total += _from(game, continuous[src], src_side, src, side, iid, slot, stat)
    return total


def _from(game: "Game", entries: tuple[Entry, ...], src_side: int, src: int, side: int, iid: int, slot: int, stat: str) -> int:
    """What one card's continuous changes add to `stat` of the unit (or ruler) read."""
    total = 0
    for requires, effect in entries:
        target = effect.target
        kind = type(target)
        if iid < 0:
            if kind is not RulerTarget or (target.side == "own") != (src_side == side):
                continue
        elif kind is SelfTarget:
            if src != iid:
                continue
        elif kind is not Every or not target.filter.matches(game, src_side, side, iid, slot):
            continue
        if requires is not None and not requires.holds(game, src_side, src, ()):
            continue
        total += getattr(effect, stat)
    return total
