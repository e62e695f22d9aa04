"""A game as plain JSON data, and back; saves of the previous state version are read too.

Version 2 (this one) keeps abilities in resolution as frames and a pending
choice as a decision (frames.py).  Version 1 kept each remaining effect as
an ``["fx", side, card, effect]`` task and a pending choice as that task plus
its (side, slot) options: reading one turns each such task into a frame that
runs that one effect (its `end`), found by matching the effect against the
card's abilities, so an old save continues exactly as it would have.

A side's fields added since (the removed zone, soul, the face-down damage
cards) extend version 2: a save without one reads it as empty
(`state._ADDED_LISTS`).

Saves written before the log named causes (either version) are read too:
their log entries get None for the fields added since (events.padded), and a
damage check they queued, which did not say how many cards it had, goes on
with its cards unnumbered (`tasks.Check`'s total is None).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from gateruler.engine.actions import Choose, action_from_dict, action_to_dict
from gateruler.engine.events import padded
from gateruler.engine.frames import Decision, DecisionKind, Frame, frame_from_dict, frame_to_dict
from gateruler.engine.state import Phase, SideState
from gateruler.engine.tasks import Task, task_from_list, task_to_list

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

FORMAT = "gateruler-game"
VERSION = 2
READS = (1, 2)


def game_to_dict(game: GameState) -> dict:
    rng_state = game.rng.getstate() if game.rng is not None else None  # None: a player view has no generator
    setup = game.setup
    return {
        "format": FORMAT,
        "version": VERSION,
        "seed": game.seed,
        "max_turns": setup.max_turns,
        "ruler": setup.ruler.id,
        "level": setup.level.number,
        "level_file": str(setup.level.location.path),
        "deck_name": setup.deck_name,
        "player_deck": list(setup.player_deck),
        "cards": list(setup.card_ids),
        "sides": [s.to_dict() for s in game.sides],
        "turn": game.turn,
        "active": game.active,
        "first_player": game.first_player,
        "phase": game.phase,
        "attacks": game.attacks,
        "rng": None if rng_state is None else [rng_state[0], list(rng_state[1]), rng_state[2]],
        "log": [list(e) for e in game.log],
        "tasks": [frame_to_dict(t) if type(t) is Frame else task_to_list(t) for t in game.tasks],
        "pending": None if game.pending is None else game.pending.to_dict(),
        "winner": game.winner,
        "end_reason": game.end_reason,
        "history": [action_to_dict(a) for a in game.history],
        "used": [list(u) for u in game.used],
        "rules": setup.rules.to_dict(),
    }


def game_from_dict(game: GameState, data: dict) -> None:
    """Fill a blank game (definitions set up) with the state `data` holds."""
    version = data.get("version")
    if version not in READS:
        raise ValueError(f"unknown game state version {version!r}")
    if data["rng"] is None:
        game.rng = None  # a player view's state (gateruler/saves.py never reads one)
    else:
        rng = random.Random()
        rng_version, internal, gauss = data["rng"]
        rng.setstate((rng_version, tuple(internal), gauss))
        game.rng = rng
    game.sides = [SideState.from_dict(s) for s in data["sides"]]
    game.turn = data["turn"]
    game.active = data["active"]
    game.first_player = data["first_player"]
    game.phase = Phase(data["phase"])
    game.attacks = data["attacks"]
    game.log = [padded(e) for e in data["log"]]
    game.winner = data["winner"]
    game.end_reason = data["end_reason"]
    game.history = [action_from_dict(a) for a in data["history"]]
    game.used = tuple(
        (card, ability) for card, ability in data.get("used", ())
    )  # saves before activated abilities have none
    if version == 1:
        game.tasks = [_v1_task(game, t) for t in data["tasks"]]
        game.pending = None
        if data["pending"] is not None:
            task, options = data["pending"]
            frame = _v1_frame(game, task)  # the pending choice's effect
            game.tasks.append(frame)
            game.pending = Decision(
                DecisionKind.UNIT,
                frame.side,
                frame.source,
                frame.ability,
                frame.step,
                "target",
                tuple(Choose(side, slot) for side, slot in options),
            )
        return
    game.tasks = [frame_from_dict(t) if isinstance(t, dict) else _task(t) for t in data["tasks"]]
    game.pending = None if data["pending"] is None else Decision.from_dict(data["pending"])


def _task(items: list[Any]) -> Task:
    """A saved task (not a frame); a damage check queued before checks were numbered gets no total (None)."""
    if items[:1] == ["fx"]:
        raise ValueError("an effect queued as version 1 saves queued it, in a version 2 game state")
    return task_from_list(items)


# ---------------------------------------------------------------------- version 1


def _v1_task(game: GameState, task: list[Any]) -> Task:
    return _v1_frame(game, task) if task[0] == "fx" else task_from_list(task)


def _v1_frame(game: GameState, task: list[Any]) -> Frame:
    """Version 1's ["fx", side, card, effect]: a frame that runs that one effect of the card's."""
    _, side, source, effect = task
    for a, ability in enumerate(game.setup.defs[source].abilities):
        for e, candidate in enumerate(ability.effects):
            if _v1_effect(candidate) == effect:
                step = len(ability.costs) + e
                return Frame(side, source, a, step, end=step + 1)
    raise ValueError(f"the card {game.setup.defs[source].id} has no such effect any more: {effect}")


def _v1_effect(effect: Any) -> dict:
    """An effect as version 1 wrote it."""
    target = effect.target
    return {
        "kind": effect.kind,
        "target": getattr(target, "word", None) or None if target is not None else None,
        "amount": getattr(effect, "amount", 0),
        "atk": getattr(effect, "atk", 0),
        "hp": getattr(effect, "hp", 0),
        "stk": getattr(effect, "stk", 0),
        "duration": getattr(getattr(effect, "duration", None), "value", "end_of_turn"),
        "max_level": getattr(effect, "max_level", None),
        "to": getattr(effect, "to", ""),
    }
