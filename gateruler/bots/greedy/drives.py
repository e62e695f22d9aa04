"""The rift's next drives foreseen: which of its units will still stand in its attack zones when it attacks.

The rift drives (solo rule 1) before it attacks (rule 6), and a driven unit
goes to its first empty zone, or, on a full board, takes the place of its
lowest-level unit (rule 2; the driven unit itself goes if it is the lowest).
So the unit that attacks from the rift's left or right attack zone next turn
is not always the one there now: from level 3 on, where the rift drives two
units a turn onto a board that is full after its first turn, its weakest
units are thrown out by its own drives, and a player who kills one has only
made room for a unit that would have come anyway.

`next_attackers` works out, over what the rift's drives may reveal (the
levels of the units left in its deck, in proportion: the deck's contents
are known, never its order), each attack zone's expected attacker: the unit
there now while it stays, else the average unit of the level that took its
place, weighed by their chances.  Asked with a zone emptied (a kill this
turn), it says what the kill takes off the rift's next attacks.  Every
answer is a pure function of what it is asked about, remembered (odds.py's
bound), so a decision asks the deck's classes once and each board once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.bots.greedy.odds import RiftAttacker
from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, INVADER

if TYPE_CHECKING:
    from gateruler.bots.greedy.cards import CardFacts
    from gateruler.engine.game import Game

SUMMON_ORDER = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # solo rule 2: where driven units go, in order
MAX_REMEMBERED = 20_000  # answers of each memo before it forgets them all

# What a drive may reveal: (chance, level, ATK, STK, HP) of each level's average unit; a drive that
# reveals no unit (an event) is the chance the classes leave over.
DriveClasses = tuple[tuple[float, int, float, float, float], ...]
# A rift zone as the drives see it: (level, ATK, STK, pierce, HP left), None when empty.
RiftZone = tuple[int, float, float, bool, float] | None

_classes: dict[tuple[int, ...], DriveClasses] = {}
_answers: dict[tuple[tuple[RiftZone, RiftZone, RiftZone], DriveClasses, int], tuple[RiftAttacker, RiftAttacker]] = {}


def drive_classes(game: Game, cards: list[CardFacts]) -> DriveClasses:
    """What the rift's next drive may reveal, by level, from the contents of its deck."""
    deck = game.sides[INVADER].deck
    key = tuple(sorted(deck))
    found = _classes.get(key)
    if found is not None:
        return found
    sums: dict[int, list[float]] = {}
    for iid in deck:
        c = cards[iid]
        if c.is_unit:
            s = sums.setdefault(c.level, [0, 0.0, 0.0, 0.0])
            s[0] += 1
            s[1] += c.atk
            s[2] += c.stk
            s[3] += c.hp
    n = len(deck)
    found = tuple((s[0] / n, level, s[1] / s[0], s[2] / s[0], s[3] / s[0]) for level, s in sorted(sums.items()))
    if len(_classes) >= MAX_REMEMBERED:
        _classes.clear()
    _classes[key] = found
    return found


def next_attackers(
    board: tuple[RiftZone, RiftZone, RiftZone], classes: DriveClasses, drives: int
) -> tuple[RiftAttacker, RiftAttacker]:
    """The rift's expected attackers from its left and right attack zones after `drives` drives onto
    `board` (its left, right and defense zones): each possible sequence of revealed levels, by its
    chance, summons as solo rule 2 says (the first empty zone; on a full board the lowest level's
    zone, the first in summon order on a tie, unless the driven unit is lower still).  An attack
    zone left empty attacks with nothing (ATK and STK 0).  Pierce is the standing unit's while it
    is more likely than not to stay."""
    key = (board, classes, drives)
    found = _answers.get(key)
    if found is not None:
        return found
    # per attack zone: expected ATK, STK, HP, and the chance the unit there now still stands
    totals = [[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]

    def drive(zones: list[RiftZone], origin: list[bool], chance: float, left: int) -> None:
        if left == 0 or chance < 1e-6:
            for i, slot in enumerate((ATTACK_LEFT, ATTACK_RIGHT)):
                z = zones[slot]
                if z is not None:
                    t = totals[i]
                    t[0] += chance * z[1]
                    t[1] += chance * z[2]
                    t[2] += chance * z[4]
                    if origin[slot]:
                        t[3] += chance
            return
        rest = 1.0
        for p, level, atk, stk, hp in classes:
            rest -= p
            new = (level, atk, stk, False, hp)
            slot = next((s for s in SUMMON_ORDER if zones[s] is None), -1)
            if slot < 0:
                slot = min(SUMMON_ORDER, key=lambda s: (zones[s][0], SUMMON_ORDER.index(s)))  # type: ignore[index]
                if level < zones[slot][0]:  # type: ignore[index]
                    drive(zones, origin, chance * p, left - 1)  # the driven unit goes
                    continue
            was, stood = zones[slot], origin[slot]
            zones[slot], origin[slot] = new, False
            drive(zones, origin, chance * p, left - 1)
            zones[slot], origin[slot] = was, stood
        if rest > 1e-9:
            drive(zones, origin, chance * rest, left - 1)  # a drive that summons nothing

    zones = list(board)
    drive(zones, [z is not None for z in zones], 1.0, drives)
    out: list[RiftAttacker] = []
    for i, slot in enumerate((ATTACK_LEFT, ATTACK_RIGHT)):
        atk, stk, hp, stays = totals[i]
        z = board[slot]
        out.append((atk, stk, bool(z is not None and z[3] and stays > 0.5), hp))
    found = (out[0], out[1])
    if len(_answers) >= MAX_REMEMBERED:
        _answers.clear()
    _answers[key] = found
    return found
