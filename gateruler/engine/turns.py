"""The turn: its start, main and end phases, the game's set-up (the opening hand, the rift's deal) and its end.

A turn begins with a `Start` task: its start phase resets what a turn
resets and queues the rest of the turn, the player's draws and main phase or
the rift's steps (which its `Opponent` gives), and fires start-of-turn
abilities (they resolve first).  `End` ends what lasts until the end of the
turn and queues the other side's `Start`.  Each is a handler of `game.RUNS`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from typing import TYPE_CHECKING

from gateruler.engine.actions import ATTACK_LEFT, ATTACK_RIGHT, INVADER, PLAYER, UNIT_SLOTS
from gateruler.engine.events import Cause
from gateruler.engine.events import GameOver as GameOverEntry
from gateruler.engine.events import Phase as PhaseEntry
from gateruler.engine.events import Turn as TurnEntry
from gateruler.engine.firing import fire
from gateruler.engine.rules import EnergyReadied, UnitDamage
from gateruler.engine.state import END_PHASE, GAME_OVER, MAIN_PHASE, START_PHASE
from gateruler.engine.tasks import End, Main, Start, draw_task, drive_task, end_task, main_task, start_task
from gateruler.engine.triggers import START_OF_TURN
from gateruler.engine.zones import draw, end_main
from gateruler.models import TurnStartKind

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState
    from gateruler.engine.tasks import RiftStep, Task


UNSTATED_READIED = 2
"""The energy a ruler whose text states no number readies each turn under `energy_readied=two` (the Wizard's 2)."""
# enum members read at every turn, named once (a read through the class costs four times a name's in Python 3.11)
_TWO_READIED = EnergyReadied.TWO
_DRAW_START = TurnStartKind.DRAW
_DAMAGE_CLEARS = UnitDamage.CLEARS
# the tasks every turn queues, interned once (tasks.py) and named, not asked of their caches at each turn
_PLAYER_MAIN, _PLAYER_DRAW, _PLAYER_DRIVE, _RIFT_END = (
    main_task(PLAYER),
    draw_task(PLAYER),
    drive_task(PLAYER),
    end_task(INVADER),
)


def set_up(game: GameState) -> None:
    """Before the first turn: the player's energy and opening hand (open cards in it go on top: played at once)."""
    side = game.sides[PLAYER]
    ruler = game.setup.ruler
    side.energy = ruler.energy
    side.energy_ready = ruler.energy
    game.log_event(PLAYER, "setup")
    game.log_event(INVADER, "setup")
    for _ in range(ruler.opening_hand):
        draw(game, PLAYER, Cause.OPENING)


def deal(ids: list[str], order: list[int], size: int | None) -> tuple[list[str], list[int]]:
    """The rift's cards when it plays with only the top `size` of its shuffled list (the rest are set
    aside unseen, out of the game): the kept card ids in list order, and the deck order renumbered
    to them.  The kept cards lie in the same order as in the game with the whole list."""
    if size is None or size >= len(order):
        return ids, order
    kept = order[len(order) - size :]  # the top of the deck is the end of the list
    ranked = sorted(kept)
    rank = {index: r for r, index in enumerate(ranked)}
    return [ids[i] for i in ranked], [rank[i] for i in kept]


def start_phase(game: GameState, task: Start) -> None:
    """A turn of `task.side` begins; past the turn cap the game is drawn."""
    side = task.side
    game.turn += 1
    game.active = side
    game.attacks = 0
    game.phase = START_PHASE
    game.used = ()
    game.log.append(TurnEntry((game.turn, "turn", side)))  # log_event without its call
    if game.turn > game.setup.max_turns:
        finish(game, "draw", "turn cap")
        return
    s = game.sides[side]
    s.summons = 0
    s.ruler_rested = False
    for slot in (ATTACK_LEFT, ATTACK_RIGHT):
        u = s.board[slot]
        if u is not None:
            u.rested = False
    setup = game.setup
    tasks = game.tasks  # the rest of the turn is pushed last first: the first on top
    if side == PLAYER:
        # Its energy readies; then the opponent's steps in the player's start phase, the draws, the main phase.
        ruler = setup.ruler
        readied = ruler.energy_readied
        if readied is None and setup.rules.energy_readied is _TWO_READIED:
            readied = UNSTATED_READIED  # the text states no number: as the Wizard's (ruling 6)
        s.energy_ready = s.energy if readied is None else min(s.energy, s.energy_ready + readied)
        count = ruler.turn_start_count
        if game.turn == 1 and ruler.first_turn_count is not None:
            count = ruler.first_turn_count
        tasks.append(_PLAYER_MAIN)
        tasks.extend(repeat(_PLAYER_DRAW if ruler.turn_start is _DRAW_START else _PLAYER_DRIVE, count))
        steps: Sequence[Task] = setup.opponent.player_turn_tasks(game)
    else:
        # The rift's steps, with what the game's hooks add among them (its windows), its end phase.
        tasks.append(_RIFT_END)
        steps = setup.opponent.turn_tasks(game)
        for hook in setup.rift_turn:
            steps = hook(game, steps)  # a new list: the opponent's is only read
    if steps:
        tasks.extend(reversed(steps))
    triggers = setup.triggers
    for slot in UNIT_SLOTS:
        unit = s.board[slot]
        if unit is not None and START_OF_TURN in triggers[unit.iid]:  # the test `fire` makes, without its call
            fire(game, side, unit.iid, START_OF_TURN)
    for iid in s.field:
        fire(game, side, iid, START_OF_TURN)


def main_phase(game: GameState, task: Main) -> None:
    """The main phase begins (the player's: the rift's turn has none)."""
    game.phase = MAIN_PHASE
    game.log.append(PhaseEntry((game.turn, "phase", PLAYER, MAIN_PHASE)))  # log_event without its call


def end_phase(game: GameState, task: End) -> None:
    """Until-end-of-turn changes and one-shot shields end (and, under `Rules.unit_damage`, units' damage); the
    other side's turn is queued."""
    game.phase = END_PHASE
    if game.sides[PLAYER].drive:
        # Driven after the main phase (a draw effect of a hand-less ruler): never
        # playable, so it goes the way of undriven cards (docs/rulings.md).
        end_main(game, PLAYER)
    clear = game.setup.rules.unit_damage is _DAMAGE_CLEARS
    for who, s in enumerate(game.sides):
        if s.shields:
            s.shields = []  # one-shot preventions last until the end of the turn (replace.py)
        s.ruler_tmp_atk = s.ruler_tmp_stk = 0
        for u in s.board:
            if u is not None:
                if u.tmp_hp > 0:
                    game.hp_dirty = True  # its HP falls with them
                u.tmp_atk = u.tmp_hp = u.tmp_stk = 0
                if clear and u.damage:
                    u.damage = 0  # Rules.unit_damage: damage ends with the turn, with the changes above
                    game.log_event(who, "damage_cleared", u.iid)
    if game.setup.turn_end:
        for hook in game.setup.turn_end:
            hook(game)
    game.tasks.append(start_task(1 - task.side))


def rift_step(game: GameState, task: RiftStep) -> None:
    """One of the rift's steps: its `Opponent` plays it."""
    game.setup.opponent.run_task(game, task)


def lost(game: GameState, p_lost: str, i_lost: str) -> None:
    """A side lost (why: `p_lost`, `i_lost`; rules processing found it): the game ends, a draw when both did."""
    for side, why in ((PLAYER, p_lost), (INVADER, i_lost)):
        if why:
            game.log_event(side, "loss", why)
    if p_lost and i_lost:
        finish(game, "draw", f"both sides lost ({p_lost}, {i_lost})")
    elif p_lost:
        finish(game, "invader", p_lost)
    else:
        finish(game, "player", i_lost)


def finish(game: GameState, winner: str, reason: str) -> None:
    """The game is over: nothing more happens, nothing waits."""
    game.winner = winner
    game.end_reason = reason
    game.phase = GAME_OVER
    game.pending = None
    game.tasks = []
    game.log.append(GameOverEntry((game.turn, "game_over", None, winner)))  # log_event without its call
