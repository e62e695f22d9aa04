"""The rift's next drives foreseen: whether its units will still stand in its attack zones when it attacks.

The rift drives (solo rule 1) before it attacks (rule 6), and a driven unit
goes to its first empty zone, or, on a full board, takes the place of its
lowest-level unit (rule 2; the driven unit itself goes if it is the lowest).
So the unit that attacks from the rift's left or right attack zone next turn
is not always the one there now: from level 3 on, where the rift drives two
units a turn onto a board that is full after its first turn, its
lowest-level units are thrown out by its own drives.  Damage dealt to such a
unit now, to bring it within reach of the player's interceptor (`wound`,
facts.py), is wasted.

`stay_chances` works out, over what the drives may reveal (the levels of the
units left in the rift's deck, in proportion: its contents are known, never
its order), the chance that each attack zone's unit is still there after
them.  Only the levels of the rift's units decide it, so an answer is
remembered by the board's levels, the deck's levels and the number of drives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER

if TYPE_CHECKING:
    from gateruler.bots.greedy.cards import CardFacts
    from gateruler.engine.game import Game

SUMMON_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # solo rule 2: where driven units go, in order
MAX_REMEMBERED = 20_000  # answers each memo keeps before it forgets them all

# What one drive may reveal: (chance, level) of each level among the deck's units; the chance they
# leave over is a drive that summons nothing (an event).
DriveLevels = tuple[tuple[float, int], ...]
Levels = tuple[int | None, int | None, int | None]  # the levels of the rift's left, right and defense units

_levels: dict[tuple[int, tuple[int, ...]], tuple[list[CardFacts], DriveLevels]] = {}
"""(id of the game's card facts, the rift deck's instance ids) -> (those facts, what a drive may reveal): an
instance id names another card in a game of another deck or level, so the ids alone are no key (they were, and a
batch's games then read the levels of another level's deck: a game's play hung on the games played before it in
the same process).  The entry keeps the facts alive, so their id is no other table's while it stands."""
_stays: dict[tuple[Levels, DriveLevels, int], tuple[float, float]] = {}


def drive_levels(game: Game, cards: list[CardFacts]) -> DriveLevels:
    """What the rift's next drive may reveal, by level, from the contents of its deck."""
    deck = game.sides[INVADER].deck
    key = (id(cards), tuple(sorted(deck)))
    hit = _levels.get(key)
    if hit is not None and hit[0] is cards:
        return hit[1]
    counts: dict[int, int] = {}
    for iid in deck:
        c = cards[iid]
        if c.is_unit:
            counts[c.level] = counts.get(c.level, 0) + 1
    found = tuple((n / len(deck), level) for level, n in sorted(counts.items()))
    if len(_levels) >= MAX_REMEMBERED:
        _levels.clear()
    _levels[key] = (cards, found)
    return found


def stay_chances(board: Levels, levels: DriveLevels, drives: int) -> tuple[float, float]:
    """The chances that the units now in the rift's left and right attack zones (`board`: its units'
    levels, None for an empty zone) still stand there after `drives` drives: each sequence of
    revealed levels, by its chance, summons as solo rule 2 says (the first empty zone; on a full
    board the lowest level's zone, the first in summon order on a tie, unless the driven unit is
    lower still).  An empty zone's chance is 0."""
    key = (board, levels, drives)
    found = _stays.get(key)
    if found is not None:
        return found
    stays = [0.0, 0.0]
    zones: list[int | None] = list(board)
    standing = [z is not None for z in zones]  # the zone still holds the unit it holds now

    def drive(chance: float, left: int) -> None:
        if left == 0:
            stays[0] += chance * standing[ATTACK_LEFT]
            stays[1] += chance * standing[ATTACK_RIGHT]
            return
        rest = 1.0
        for p, level in levels:
            rest -= p
            slot = next((s for s in SUMMON_ORDER if zones[s] is None), -1)
            if slot < 0:
                lowest = min(z for z in zones if z is not None)
                if level < lowest:
                    drive(chance * p, left - 1)  # the driven unit goes to the graveyard
                    continue
                slot = next(s for s in SUMMON_ORDER if zones[s] == lowest)
            was, stood = zones[slot], standing[slot]
            zones[slot], standing[slot] = level, False
            drive(chance * p, left - 1)
            zones[slot], standing[slot] = was, stood
        if rest > 1e-9:
            drive(chance * rest, left - 1)  # a drive that summons nothing

    drive(1.0, drives)
    found = (stays[0], stays[1])
    if len(_stays) >= MAX_REMEMBERED:
        _stays.clear()
    _stays[key] = found
    return found
