"""Stat and keyword reads: what a unit or a ruler on the board has now.

Every rule that asks a unit's ATK, HP or STK, or its keywords, asks here
(battles, damage, filters, the bots).  A stat is its printed value, plus the
changes kept on the unit (permanent ones and those until the end of the
turn; a ruler's are kept on its side), plus what the game's stat hooks add
(`Setup.stat_bonuses`: continuous effects, recomputed at every read,
continuous.py).  ATK, HP and STK are read by one implementation (`reader`),
made once per stat; a ruler has no HP (its side's LIFE is `Game.life`).
Keywords are the printed ones plus what `Setup.keyword_grants` add.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import TYPE_CHECKING

from gateruler.engine.actions import INVADER, RULER

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

StatRead = Callable[["GameState", int, int], int]
"""(game, side, slot) -> the stat of the unit in `slot` of `side` (RULER: its ruler)."""

ATK = "atk"
HP = "hp"
STK = "stk"
STATS = (ATK, HP, STK)


def reader(stat: str, ruler: bool = True) -> StatRead:
    """The read of `stat` ("atk", "hp", "stk"); `ruler`: whether a ruler has it.

    The attribute names are looked up once here, not at every read: a stat
    read is among the engine's hottest paths."""
    printed = attrgetter(stat)  # on a card definition, the rift's level (its ruler) and a ruler definition
    mod = attrgetter(f"{stat}_mod")  # on a unit: its permanent change
    tmp = attrgetter(f"tmp_{stat}")  # ... until the end of the turn
    ruler_mod = attrgetter(f"ruler_{stat}_mod")  # on a side, for its ruler
    ruler_tmp = attrgetter(f"ruler_tmp_{stat}")

    def read(game: GameState, side: int, slot: int) -> int:
        setup = game.setup
        s = game.sides[side]
        bonuses = setup.stat_bonuses  # tested before the loop: an empty loop costs more than a test
        if ruler and slot == RULER:
            value = printed(setup.level if side == INVADER else setup.ruler) + ruler_mod(s) + ruler_tmp(s)
            if bonuses:
                for bonus in bonuses:
                    value += bonus(game, side, -1, RULER, stat)
            return value
        u = s.board[slot]
        iid = u.iid  # type: ignore[union-attr]  # a stat is read of a unit there (no check: the hottest read)
        value = (printed(setup.defs[iid]) or 0) + mod(u) + tmp(u)
        if bonuses:
            for bonus in bonuses:
                value += bonus(game, side, iid, slot, stat)
        return value

    read.__name__ = read.__qualname__ = stat
    read.__doc__ = f"The {stat.upper()} of the unit in `slot` of `side`" + (" (RULER: of its ruler)." if ruler else ".")
    return read


atk = reader(ATK)
hp = reader(HP, ruler=False)
stk = reader(STK)
READS: dict[str, StatRead] = {ATK: atk, HP: hp, STK: stk}


def stat(game: GameState, side: int, slot: int, name: str) -> int:
    """The stat `name` ("atk", "hp", "stk") of the unit in `slot` of `side`."""
    return READS[name](game, side, slot)


def keywords(game: GameState, side: int, slot: int) -> frozenset[str]:
    """The keywords of the unit in `slot` of `side` (or of the side's ruler, `slot` RULER).

    Every rule that asks what a unit or ruler on the board has asks here
    (battles, attacks, filters): granted keywords (`Setup.keyword_grants`)
    are added to what this returns."""
    setup = game.setup
    if slot == RULER:
        base = setup.level.keywords if side == INVADER else frozenset()
    else:
        unit = game.sides[side].board[slot]
        base = setup.defs[unit.iid].keywords if unit else frozenset()
    if setup.keyword_grants:
        for grants in setup.keyword_grants:
            base = grants(game, side, slot, base)
    return base
