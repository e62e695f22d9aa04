"""Abilities in resolution (frames) and the choices they wait for (decisions).

A triggered ability becomes a `Frame` on the game's task stack: which card
and which of its abilities, the next step (its costs first, then its
effects), the answers given for that step so far, and the results earlier
effects bound with ``as: name``.  A frame is an immutable tuple: running a
step pushes the next frame rather than changing this one, so a game with
abilities half-resolved still copies in a few list copies and round-trips
through JSON.

When a step needs a choice (a target, the cards a cost takes, "you may"),
the frame stays on top of the stack and the game holds a `Decision`: who
decides, what about, and the legal answers as actions
(`Game.legal_actions()` lists them; `Game.apply()` adds the answer to the
frame and runs it again).  The rift's decisions never wait: its `Opponent`
answers at once.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

import attrs

from gateruler.engine.actions import Action, action_from_dict, action_to_dict
from gateruler.engine.events import Cause

if TYPE_CHECKING:
    from gateruler.models import CardDef


class Logged(Protocol):
    """What this module asks of a game: a card's definition, and the log (`GameState` has both).

    Frames and decisions are data the game holds (gamestate.py names them),
    so this module cannot import the `GameState` Protocol back."""

    def card(self, iid: int) -> CardDef: ...

    def log_event(self, side: int | None, kind: str, *args: object) -> None: ...


class DecisionKind(enum.StrEnum):
    """What a decision asks for, and so what answers it; its text is what saves hold."""

    UNIT = "unit"  # a unit on the board (Choose)
    CARD = "card"  # a card in a zone (ChooseCard)
    CONFIRM = "confirm"  # yes or no (Confirm)
    SPLIT = "split"  # how to divide damage (Split)
    ZONE = "zone"  # an empty zone for a unit (Choose)
    ORDER = "order"  # the next card put on the bottom of a deck (ChooseCard)
    WINDOW = "window"  # a priority window of the rift's turn: its answers and Pass (windows.py)


BEGIN = -1
"""The step before the costs: an unpayable cost stops here, an optional ability asks here."""


class Result(NamedTuple):
    """What an effect did, for later effects' conditions (``as: name``)."""

    affected: tuple[int, ...] = ()  # the cards it acted on
    destroyed: tuple[int, ...] = ()  # the cards destroyed while it resolved


class Frame(NamedTuple):
    """One ability in resolution; `step` counts the ability's costs, then its effects."""

    side: int  # the controller
    source: int  # the card's instance id
    ability: int  # index into the card's abilities
    step: int = 0
    answers: tuple = ()  # answers (actions) given for this step so far
    bound: tuple = ()  # (name, Result) pairs bound with `as:`
    event: tuple = ()  # the trigger's own data (on_attack: target zone, target card)
    end: int = -1  # stop before this step (-1: at the ability's end); saves of version 1 need it


_new = tuple.__new__  # a Frame from its eight fields, without the NamedTuple constructor's Python call


def next_step(frame: Frame) -> Frame:
    """The frame of the ability's next step, no answers given yet: `frame._replace(step=frame.step + 1, answers=())`
    without its two Python calls (`_replace`, `_make`): most steps of a resolution make one."""
    side, source, ability, step, _, bound, event, end = frame
    return _new(Frame, (side, source, ability, step + 1, (), bound, event, end))


def with_answers(frame: Frame, answers: tuple) -> Frame:
    """`frame._replace(answers=answers)` without its two Python calls."""
    side, source, ability, step, _, bound, event, end = frame
    return _new(Frame, (side, source, ability, step, answers, bound, event, end))


def cause_of(game: Logged, frame: Frame) -> str:
    """The reason an entry made by the frame's ability logs (its source being `frame.source`): the
    ability's trigger, or "rule" for what a level's rule added (events.Cause)."""
    ability = game.card(frame.source).abilities[frame.ability]
    return Cause.RULE if ability.rule else ability.trigger


def log_no_effect(game: Logged, frame: Frame, reason: str, side: int | None = None) -> None:
    """Log that the frame's ability did nothing (to `side`'s card; default: its controller's), and why (events.Cause.NO_*)."""
    trigger = game.card(frame.source).abilities[frame.ability].trigger
    game.log_event(frame.side if side is None else side, "no_effect", frame.source, reason, trigger)


@attrs.frozen
class Decision:
    """A choice the game waits for.  `options` are exactly the legal answers."""

    kind: DecisionKind  # a window's: `purpose` names the window, `source` what it is about
    side: int  # who decides
    source: int  # the card whose ability asks
    ability: int
    step: int  # the frame step (BEGIN: whether to use an optional ability)
    purpose: (
        str  # "target", "cost", "optional", or an effect's own: "pick" (cards it takes), "summon" (a zone), "order"
    )
    options: tuple[Action, ...]
    count: int = 1  # how many picks in all
    picked: tuple[Action, ...] = ()  # picks made so far
    card: int = -1  # a "zone" decision: the unit it places
    target: int = -1  # a "window" (windows.py): the zone an attack is about to hit (RULER: the ruler), or -1
    target_card: int = -1  # a "window": the card in that zone

    def subject(self, game: Logged) -> Any:
        """The ability (BEGIN), cost or effect the decision is about."""
        ability = game.card(self.source).abilities[self.ability]
        if self.step < 0:
            return ability
        if self.step < len(ability.costs):
            return ability.costs[self.step]
        return ability.effects[self.step - len(ability.costs)]

    def to_dict(self) -> dict:
        data = attrs.asdict(self, recurse=False)
        data["options"] = [action_to_dict(a) for a in self.options]
        data["picked"] = [action_to_dict(a) for a in self.picked]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Decision:
        values = dict(data)
        values["kind"] = DecisionKind(data["kind"])
        values["options"] = tuple(action_from_dict(a) for a in data["options"])
        values["picked"] = tuple(action_from_dict(a) for a in data["picked"])
        return cls(**values)


def frame_to_dict(frame: Frame) -> dict:
    return {
        "side": frame.side,
        "source": frame.source,
        "ability": frame.ability,
        "step": frame.step,
        "answers": [action_to_dict(a) for a in frame.answers],
        "bound": [[name, list(r.affected), list(r.destroyed)] for name, r in frame.bound],
        "event": list(frame.event),
        "end": frame.end,
    }


def frame_from_dict(data: dict) -> Frame:
    return Frame(
        data["side"],
        data["source"],
        data["ability"],
        data["step"],
        tuple(action_from_dict(a) for a in data["answers"]),
        tuple((name, Result(tuple(affected), tuple(destroyed))) for name, affected, destroyed in data["bound"]),
        tuple(data["event"]),
        data["end"],
    )
