"""The rules engine: a game between the player and a scripted opponent.

docs/engine.md describes the layout: `game.py` keeps the state, the task
loop and the rules; every family of card words (effects, costs, conditions,
filters, targets, triggers, keywords) has its own module and registry.
"""

from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    DONE,
    INVADER,
    PLAYER,
    RULER,
    SIDE_NAMES,
    SLOT_NAMES,
    Action,
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
    action_from_dict,
    action_to_dict,
)
from gateruler.engine.frames import Decision, Frame
from gateruler.engine.game import Game, Phase
from gateruler.engine.gamestate import Opponent

__all__ = [
    "ATTACK_LEFT",
    "ATTACK_RIGHT",
    "DEFENSE",
    "INVADER",
    "PLAYER",
    "RULER",
    "SIDE_NAMES",
    "SLOT_NAMES",
    "Action",
    "Activate",
    "Attack",
    "Choose",
    "ChooseCard",
    "Confirm",
    "Discount",
    "EndTurn",
    "GoToAttack",
    "Pass",
    "DONE",
    "Done",
    "PlayEvent",
    "PlayField",
    "SetCard",
    "Split",
    "Summon",
    "action_from_dict",
    "action_to_dict",
    "Decision",
    "Frame",
    "Game",
    "Opponent",
    "Phase",
]
