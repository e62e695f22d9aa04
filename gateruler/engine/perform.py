"""What each of the player's actions does: one handler per action type (`PERFORM`).

`Game.apply` checks the action against `legal_actions()`, then
`Game.apply_trusted` records it, closes a priority window it answers
(windows.answer), runs its handler, and runs the game on to the player's
next decision.  A new kind of action is a new type in actions.py and one
handler here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import (
    PLAYER,
    Activate,
    Attack,
    Choose,
    ChooseCard,
    Confirm,
    Discount,
    Done,
    EndTurn,
    GoToAttack,
    Pass,
    PlayEvent,
    PlayField,
    SetCard,
    Split,
    Summon,
)
from gateruler.engine.activation import activate, play_discounted
from gateruler.engine.combat import declare_attack
from gateruler.engine.events import Phase as PhaseEntry
from gateruler.engine.events import Set as SetEntry
from gateruler.engine.frames import Frame, with_answers
from gateruler.engine.state import ATTACK_PHASE, MAIN_PHASE
from gateruler.engine.tasks import end_task
from gateruler.engine.zones import (
    end_main,
    pay_and_take,
    play_event,
    play_field,
    summon,
    take_from_hand_or_drive,
    touchdown,
)

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def answer(game: GameState, action: Choose | ChooseCard | Confirm | Split | Done) -> None:
    """The answer to the decision waiting: its frame, on top of the stack, runs again with it."""
    frame = game.tasks.pop()
    assert type(frame) is Frame  # the frame that asked waits on top
    game.pending = None
    game.tasks.append(with_answers(frame, frame.answers + (action,)))


def summon_unit(game: GameState, action: Summon) -> None:
    """A normal summon: pay, take the card, count the summon; touchdown when it came from the hand."""
    zone = pay_and_take(game, PLAYER, action.card)
    game.sides[PLAYER].summons += 1
    mark = len(game.tasks)
    summon(game, PLAYER, action.card, action.slot)
    if zone == "hand":
        touchdown(game, PLAYER, action.card, mark)


def play_an_event(game: GameState, action: PlayEvent) -> None:
    pay_and_take(game, PLAYER, action.card)
    play_event(game, PLAYER, action.card)


def play_a_field(game: GameState, action: PlayField) -> None:
    zone = pay_and_take(game, PLAYER, action.card)
    mark = len(game.tasks)
    play_field(game, PLAYER, action.card)
    if zone == "hand":
        touchdown(game, PLAYER, action.card, mark)


def set_card(game: GameState, action: SetCard) -> None:
    take_from_hand_or_drive(game, PLAYER, action.card)
    game.sides[PLAYER].set_zones[action.zone] = action.card
    game.log.append(SetEntry((game.turn, "set", PLAYER, action.card, action.zone)))  # log_event without its call


def go_to_attack(game: GameState, action: GoToAttack) -> None:
    """The main phase ends (the drive zone empties, CR 6-3c) and the attack phase begins."""
    end_main(game, PLAYER)
    game.phase = ATTACK_PHASE
    game.log.append(PhaseEntry((game.turn, "phase", PLAYER, ATTACK_PHASE)))  # log_event without its call


def attack(game: GameState, action: Attack) -> None:
    declare_attack(game, PLAYER, action.attacker, action.target)


def end_turn(game: GameState, action: EndTurn) -> None:
    if game.phase == MAIN_PHASE:
        end_main(game, PLAYER)
    game.tasks.append(end_task(PLAYER))


def pass_window(game: GameState, action: Pass) -> None:
    """Nothing: the window it answers is already closed."""


PERFORM: dict[type, Callable[[Any, Any], None]] = {
    Choose: answer,
    ChooseCard: answer,
    Confirm: answer,
    Split: answer,
    Done: answer,
    Summon: summon_unit,
    PlayEvent: play_an_event,
    PlayField: play_a_field,
    Activate: activate,
    Discount: play_discounted,
    SetCard: set_card,
    GoToAttack: go_to_attack,
    Attack: attack,
    EndTurn: end_turn,
    Pass: pass_window,
}
"""Each action type -> what it does."""
