"""The game's tasks: what it does by itself, as small typed records on its task stack.

Everything the game does without asking the player is a task on
`Game.tasks`: a turn's start and end phases, its draws, a damage check's
cards one at a time, a battle, an open card played at once, a priority
window of the rift's turn, the rift's own steps, and abilities in
resolution (`frames.Frame`).  `Game.run` pops them one by one and runs each
through its kind's handler (`game.RUNS`, keyed by the record's type), with
rules processing after each.

Each kind is a NamedTuple (cheap to make, copy and compare).  `KINDS` is
their registry: for each, its tag (the first item of the list a save holds,
and what the task is called in messages), how it is saved and read back, and
what its fields are (`FIELDS`, read by gateruler/saves.py to check a save).
The list form is a contract: a save written by any earlier version loads,
and a game saves exactly as it always did.

The rift's steps (`RiftDrive`, `RiftPlay`, `RiftAttack`, `RiftStartRules`) are saved
under the tag "ctl" with their step's name; the engine hands them to the
`Opponent` (`Opponent.run_task`), which plays them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any, NamedTuple

import attrs

from gateruler.engine.events import Cause
from gateruler.engine.frames import Frame

# What a field holds, for the save checker (gateruler/saves.py) to bound it: the metadata of `Annotated`.
SIDE = "side"  # 0 the player, 1 the rift
CARD = "card"  # a card of this game, by instance number
CARD_OR_RULER = "card_or_ruler"  # a card, or -1: a ruler
ZONE = "zone"  # a board zone, or RULER
COUNT = "count"  # a number of cards, 0 or more
WINDOW_NAME = "window_name"  # a window's name (timings.WINDOWS)
WINDOW_ZONE = "window_zone"  # a board zone, RULER, or -1: none

Side = Annotated[int, SIDE]
Card = Annotated[int, CARD]
CardOrRuler = Annotated[int, CARD_OR_RULER]
Zone = Annotated[int, ZONE]
Count = Annotated[int, COUNT]
WindowName = Annotated[str, WINDOW_NAME]
WindowZone = Annotated[int, WINDOW_ZONE]


class Start(NamedTuple):
    """A turn of `side` begins: its start phase, which queues the rest of the turn."""

    side: Side


class End(NamedTuple):
    """`side`'s end phase: until-end-of-turn changes end, and the other side's turn is queued."""

    side: Side


class Draw(NamedTuple):
    """One of the start phase's draws."""

    side: Side


class Drive(NamedTuple):
    """One of the start phase's drives (a ruler without a hand)."""

    side: Side


class Main(NamedTuple):
    """The main phase begins: the player decides."""

    side: Side


class Check(NamedTuple):
    """One card of a damage check of `total` cards, `remaining` of them still to come (combat.check_one).

    `total` is None for a check queued by a save from before the log
    numbered checks."""

    side: Side
    remaining: Count
    total: Count | None = None


class Open(NamedTuple):
    """An open card just drawn or driven is played at once (zones.play_open)."""

    side: Side
    card: Card


class Battle(NamedTuple):
    """A declared attack whose battle is still to be fought (combat.battle, `Game.pending_battle`)."""

    side: Side  # who attacks
    attacker: Zone  # its zone (RULER: the ruler)
    attacker_iid: CardOrRuler  # its card (-1: the ruler)
    target: Zone  # the zone attacked (RULER: the ruler, or the attack went on to it)
    target_iid: CardOrRuler  # the card it was declared against (-1: the ruler)


class Overdrive(NamedTuple):
    """A card `side` drove outside its own start and main phases was revealed: its OD abilities resolve
    (CR 10-3; activation.resolve_overdrive)."""

    side: Side
    card: Card


class Window(NamedTuple):
    """A priority window (windows.py): the player may answer there."""

    name: WindowName  # the window (timings.WINDOWS)
    source: CardOrRuler  # the card the moment is about (-1: the rift's ruler, or nothing)
    target: WindowZone  # the zone an attack is about to hit (RULER: the ruler; -1: none)
    target_card: CardOrRuler  # the card there


def window(name: str, source: int = -1, target: int = -1, target_card: int = -1) -> Window:
    """The window task `name`, about `source` (and an attack's target)."""
    return Window(name, source, target, target_card)


# ---------------------------------------------------------------------- the rift's steps


class RiftDrive(NamedTuple):
    """The rift drives its top card and plays it at once: a drive of its turn, or instead of a draw."""

    source: CardOrRuler | None = None  # what made it draw (None: its turn)
    cause: str | None = Cause.TURN  # why (events.Cause; an effect's trigger)


class RiftPlay(NamedTuple):
    """The rift plays a card waiting in its drive zone, as it plays what it drives (a unit summoned by its rules,
    an event used at once): one it drove, which waited there while the player could answer it (windows.py), or
    one an effect drove (a search's or a look's `to: drive`; `source` and `cause` name that effect)."""

    card: Card
    source: CardOrRuler | None = None  # the card whose effect drove it
    cause: str | None = None  # that ability's trigger


class RiftAttack(NamedTuple):
    """The rift attacks with what is in `attacker` (its rule 6), when it can."""

    attacker: Zone


class RiftStartRules(NamedTuple):
    """The level's rules that act at the start of a turn (level 2's End)."""


RiftStep = RiftDrive | RiftPlay | RiftAttack | RiftStartRules
Task = Frame | Start | End | Draw | Drive | Main | Check | Open | Battle | Overdrive | Window | RiftStep
"""Anything on the task stack."""


# ---------------------------------------------------------------------- interned tasks
# Every turn queues the same few tasks again and again.  A NamedTuple costs a
# Python call to make, and these are values: the common ones are made once
# (as actions.py interns the actions `legal_actions()` offers) and shared.
# Equality is unchanged: a task made directly equals its interned twin.

start_task = functools.cache(Start)
end_task = functools.cache(End)
draw_task = functools.cache(Draw)
drive_task = functools.cache(Drive)
main_task = functools.cache(Main)
check_task = functools.cache(Check)  # a damage check of n cards makes n of them: few distinct ones
make = tuple.__new__
"""`make(Battle, (side, ...))`: a record from its fields, without the NamedTuple constructor's Python call
(for a task made often and seldom the same twice, such as a battle: too many to intern)."""


rift_attack = functools.cache(RiftAttack)
RIFT_DRIVE = RiftDrive()  # the drive of the rift's turn
RIFT_START_RULES = RiftStartRules()


# ---------------------------------------------------------------------- the registry: tags, saving, reading


@attrs.frozen
class TaskKind:
    """One kind of task: its record and how it is told and saved."""

    record: type
    tag: str  # the first item of its saved list; what it is called in messages
    step: str = ""  # a rift step's name: saved as [tag, step, *fields]
    to_list: Callable[[Any], list[Any]] | None = None  # its own saved form, when not the plain one

    @property
    def prefix(self) -> tuple[str, ...]:
        return (self.tag, self.step) if self.step else (self.tag,)

    def save(self, task: Any) -> list[Any]:
        return self.to_list(task) if self.to_list is not None else [*self.prefix, *task]


def _save_drive(task: RiftDrive) -> list[Any]:
    """The turn's drive is saved without arguments, a drive for an effect's draw with them."""
    return ["ctl", "drive"] if task == RIFT_DRIVE else ["ctl", "drive", *task]


RIFT = "ctl"  # the tag of the rift's steps
KINDS: tuple[TaskKind, ...] = (
    TaskKind(Start, "start"),
    TaskKind(End, "end"),
    TaskKind(Draw, "draw"),
    TaskKind(Drive, "drive"),
    TaskKind(Main, "main"),
    TaskKind(Check, "check"),
    TaskKind(Open, "open"),
    TaskKind(Battle, "battle"),
    TaskKind(RiftDrive, RIFT, "drive", _save_drive),
    TaskKind(RiftPlay, RIFT, "play"),
    TaskKind(RiftStartRules, RIFT, "start_rules"),
    TaskKind(RiftAttack, RIFT, "attack"),
    TaskKind(Window, "window"),
    TaskKind(Overdrive, "overdrive"),
)
BY_TYPE: dict[type, TaskKind] = {kind.record: kind for kind in KINDS}
BY_PREFIX: dict[tuple[str, ...], TaskKind] = {kind.prefix: kind for kind in KINDS}
RIFT_STEPS: tuple[type, ...] = tuple(kind.record for kind in KINDS if kind.tag == RIFT)


def tag(task: Task) -> str:
    """What the task is called ("battle", "ctl" for any rift step, "frame" for an ability in resolution)."""
    kind = BY_TYPE.get(type(task))
    return kind.tag if kind is not None else "frame"


def task_to_list(task: Task) -> list[Any]:
    """The task as a save holds it: [tag, *fields] (a rift step: ["ctl", step, *fields])."""
    return BY_TYPE[type(task)].save(task)


def task_from_list(items: list[Any]) -> Task:
    """A saved task (not a frame) back as its record; ValueError when it is no task of this engine's."""
    kind = BY_PREFIX.get(tuple(items[:1])) or BY_PREFIX.get(tuple(items[:2]))
    if kind is None:
        raise ValueError(f"unknown task {items[:2]!r}")
    return kind.record(*items[len(kind.prefix) :])
