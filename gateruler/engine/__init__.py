"""The rules engine: a game between the player and a scripted opponent."""

from gateruler.engine.actions import (
    ATTACK_LEFT,
    ATTACK_RIGHT,
    DEFENSE,
    INVADER,
    PLAYER,
    RULER,
    SIDE_NAMES,
    SLOT_NAMES,
    Action,
    Attack,
    Choose,
    EndTurn,
    GoToAttack,
    PlayEvent,
    PlayField,
    SetCard,
    Summon,
    action_from_dict,
    action_to_dict,
)
from gateruler.engine.game import Game, Phase

__all__ = [
    "ATTACK_LEFT", "ATTACK_RIGHT", "DEFENSE", "INVADER", "PLAYER", "RULER", "SIDE_NAMES", "SLOT_NAMES",
    "Action", "Attack", "Choose", "EndTurn", "GoToAttack", "PlayEvent", "PlayField", "SetCard", "Summon",
    "action_from_dict", "action_to_dict", "Game", "Phase",
]
