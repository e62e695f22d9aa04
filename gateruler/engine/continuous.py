"""Continuous effects: stat changes and keyword grants that hold while their card is on the board or in a field zone.

Nothing is stored: every stat read adds up the continuous `modify` effects of
the cards in play whose target takes in the unit (or ruler) read, and whose
ability's `requires` holds now.  Recomputing on every read is what makes
copies stack, makes a change end the moment its source leaves, and lets the
rules processing destroy a unit left with damage >= HP when a field that
raised its HP leaves (CR 2-11c); it costs nothing in games without
continuous abilities (`Setup.stat_bonuses`, the hook stats.py runs at every read,
is empty there).

Keywords are granted the same way (`grant` effects, effects/status.py):
`with_grants` adds, at every `Game.keywords` read, the keywords the unit (or
ruler) was given by a one-shot `grant` (kept on the unit or side until the
end of the turn, or for good) and those the continuous grants in play give
it (`Setup.keyword_grants`); games in which no card grants anything skip it, and
`expire_grants` runs at every end phase only in the others (`Setup.turn_end`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import RULER
from gateruler.engine.targets import Every, RulerTarget, SelfTarget
from gateruler.engine.triggers import CONTINUOUS
from gateruler.models import CardDef

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

Entry = tuple[Any, Any]  # (the ability's requirement or None, the modify effect)


def continuous_entries(defs: Sequence[CardDef]) -> tuple[tuple[Entry, ...], ...]:
    """Each card's continuous stat changes, found once per game rather than on every stat read.

    Empty when no card has any, the common case.  Copies share one definition
    object, so each distinct definition is read once."""
    unique = {id(d): d for d in defs}
    if not any(a.trigger == CONTINUOUS for d in unique.values() for a in d.abilities):
        return ()
    entries = {
        key: tuple(
            (a.requires, e) for a in d.abilities if a.trigger == CONTINUOUS for e in a.effects if e.kind == "modify"
        )
        for key, d in unique.items()
    }
    return tuple(entries[id(d)] for d in defs)


def continuous_grants(defs: Sequence[CardDef]) -> tuple[tuple[Entry, ...], ...]:
    """Each card's continuous keyword grants, found once per game; empty when no card has any."""
    unique = {id(d): d for d in defs}
    entries = {
        key: tuple(
            (a.requires, e) for a in d.abilities if a.trigger == CONTINUOUS for e in a.effects if e.kind == "grant"
        )
        for key, d in unique.items()
    }
    if not any(entries.values()):
        return ()
    return tuple(entries[id(d)] for d in defs)


def with_grants(game: GameState, side: int, slot: int, base: frozenset[str]) -> frozenset[str]:
    """`base` (the printed keywords of the unit in `slot` of `side`, or of its ruler) and every keyword granted to it."""
    s = game.sides[side]
    if slot == RULER:
        gained = s.ruler_gained
        iid = -1
    else:
        u = s.board[slot]
        if u is None:
            return base
        gained = u.gained
        iid = u.iid
    extra = {keyword for keyword, _ in gained} if gained else set()  # no comprehension's call for none
    grants = game.setup.grants
    if grants:
        for src_side in (0, 1):
            sd = game.sides[src_side]
            for u in sd.board:  # the cards in play with a grant (loops: no list of the cards in play)
                if u is not None and grants[u.iid]:
                    _granted(game, extra, grants[u.iid], src_side, u.iid, side, iid, slot)
            for src in sd.field:
                if grants[src]:
                    _granted(game, extra, grants[src], src_side, src, side, iid, slot)
    return base | extra if extra else base


def _granted(
    game: GameState, extra: set[str], grants: Any, src_side: int, src: int, side: int, iid: int, slot: int
) -> None:
    """Add to `extra` the keywords the card `src` of `src_side` grants the unit `iid` in `slot` of `side`."""
    for requires, effect in grants:
        if _reaches(game, effect.target, src_side, src, side, iid, slot) and (
            requires is None or requires.holds(game, src_side, src, ())
        ):
            extra.add(effect.keyword)


def expire_grants(game: GameState) -> None:
    """End of turn: keywords granted until the end of the turn are lost."""
    for s in game.sides:
        s.ruler_gained = tuple(g for g in s.ruler_gained if g[1])
        for u in s.board:
            if u is not None and u.gained:
                u.gained = tuple(g for g in u.gained if g[1])


def _reaches(game: GameState, target: Any, src_side: int, src: int, side: int, iid: int, slot: int) -> bool:
    """Whether a continuous effect's target takes in the unit `iid` in `slot` of `side` (iid -1: the side's ruler)."""
    kind = type(target)
    if iid < 0:
        return kind is RulerTarget and (target.side == "own") == (src_side == side)
    if kind is SelfTarget:
        return src == iid
    return kind is Every and target.filter.matches(game, src_side, side, iid, slot)


def bonus(game: GameState, side: int, iid: int, slot: int, stat: str) -> int:
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


def hp_entries(entries: tuple[tuple[Entry, ...], ...]) -> tuple[tuple[Entry, ...], ...]:
    """Each card's continuous changes to HP (of `continuous_entries`); empty when no card has any."""
    if not any(effect.hp for card in entries for _, effect in card):
        return ()
    return tuple(tuple(entry for entry in card if entry[1].hp) for card in entries)


def hp_from(
    game: GameState, entries: tuple[Entry, ...], src_side: int, src: int, side: int, iid: int, slot: int
) -> int:
    """What one card's continuous HP changes add to the unit read (rules processing: `bonus` for HP, its
    entries that change HP only, which is the same sum)."""
    return _from(game, entries, src_side, src, side, iid, slot, "hp")


def _from(
    game: GameState, entries: tuple[Entry, ...], src_side: int, src: int, side: int, iid: int, slot: int, stat: str
) -> int:
    """What one card's continuous changes add to `stat` of the unit (or ruler) read."""
    total = 0
    for requires, effect in entries:
        if not _reaches(game, effect.target, src_side, src, side, iid, slot):
            continue
        if requires is not None and not requires.holds(game, src_side, src, ()):
            continue
        total += getattr(effect, stat)
    return total
