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
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import INVADER, RULER

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

StatRead = Callable[["GameState", int, int], int]
"""(game, side, slot) -> the stat of the unit in `slot` of `side` (RULER: its ruler)."""

ATK = "atk"
HP = "hp"
STK = "stk"
STATS = (ATK, HP, STK)


# The one implementation of a stat read, written once and made for each stat (`reader`): a read is
# among the engine's hottest paths, and a function reading `u.atk_mod` costs half of one reading the
# attribute a name says (getattr, operator.attrgetter: measured with callgrind).  `{stat}` is the stat.
_READ = """
def read(game, side, slot):
    setup = game.setup
    s = game.sides[side]
    bonuses = setup.stat_bonuses
    if slot == RULER:{ruler}
    u = s.board[slot]
    iid = u.iid
    value = (setup.defs[iid].{stat} or 0) + u.{stat}_mod + u.tmp_{stat}
    if bonuses:
        for bonus in bonuses:
            value += bonus(game, side, iid, slot, "{stat}")
    return value
"""
_RULER = """
        value = (setup.level if side == INVADER else setup.ruler).{stat} + s.ruler_{stat}_mod + s.ruler_tmp_{stat}
        if bonuses:
            for bonus in bonuses:
                value += bonus(game, side, -1, RULER, "{stat}")
        return value"""
_NO_RULER = """
        raise IndexError("a ruler has no {stat}")"""


def reader(stat: str, ruler: bool = True) -> StatRead:
    """The read of `stat` ("atk", "hp", "stk"); `ruler`: whether a ruler has it (not HP: its LIFE is the side's)."""
    source = _READ.format(stat=stat, ruler=(_RULER if ruler else _NO_RULER).format(stat=stat))
    space: dict[str, Any] = {"RULER": RULER, "INVADER": INVADER}
    exec(compile(source, f"<gateruler.engine.stats: the {stat} read>", "exec"), space)
    read: StatRead = space["read"]
    read.__name__ = read.__qualname__ = stat
    read.__module__ = __name__
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
