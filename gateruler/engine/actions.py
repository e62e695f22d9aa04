"""The player's actions and answers, as small immutable values.

`Game.legal_actions()` lists these; `Game.apply()` performs one.  Cards are
named by their instance id (`iid`) in the game, so two copies of a card are two
different cards, exactly as on the table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

import attrs

# Board slots, "left" and "right" always as seen from the player.
ATTACK_LEFT = 0
ATTACK_RIGHT = 1
DEFENSE = 2
RULER = 3  # as an attacker or a target
UNIT_SLOTS = (ATTACK_LEFT, ATTACK_RIGHT, DEFENSE)  # the unit zones, in the rift's summon order
SLOT_NAMES = ("attack_left", "attack_right", "defense")
SLOT_WORDS = ("left attack zone", "right attack zone", "defense zone")
SLOT_BY_NAME = {name: i for i, name in enumerate(SLOT_NAMES)}

PLAYER = 0
INVADER = 1
SIDE_NAMES = ("player", "invader")


@attrs.frozen(slots=True)
class Summon:
    """Normal-summon a unit from the hand (or the drive zone) into a zone."""

    card: int
    slot: int


@attrs.frozen(slots=True)
class PlayEvent:
    """Play an event from the hand, the drive zone or a set zone."""

    card: int


@attrs.frozen(slots=True)
class PlayField:
    card: int


@attrs.frozen(slots=True)
class SetCard:
    """Put an event face down into an empty set zone."""

    card: int
    zone: int


@attrs.frozen(slots=True)
class GoToAttack:
    """End the main phase (the drive zone empties) and start attacking."""


@attrs.frozen(slots=True)
class Attack:
    attacker: int  # ATTACK_LEFT, ATTACK_RIGHT or RULER
    target: int  # enemy ATTACK_LEFT, ATTACK_RIGHT, DEFENSE, or RULER (through an open line)


@attrs.frozen(slots=True)
class EndTurn:
    pass


@attrs.frozen(slots=True)
class Activate:
    """Use an activated ability (its timing allows it now): `ability` is its index among the card's abilities."""

    card: int
    ability: int


@attrs.frozen(slots=True)
class Discount:
    """Play a card from the hand for its discount (【コスト軽減】): its alternative cost instead of its level.

    `slot` is the zone a unit goes to (-1 for an event or a field)."""

    card: int
    slot: int = -1


@attrs.frozen(slots=True)
class Pass:
    """Let the moment go by: answer nothing in a priority window of the rift's turn (engine/windows.py)."""


@attrs.frozen(slots=True)
class Choose:
    """Answer a pending decision about a unit: the unit at (side, slot)."""

    side: int
    slot: int


@attrs.frozen(slots=True)
class ChooseCard:
    """Answer a pending decision about a card in a zone other than the board (hand, graveyard...)."""

    card: int


@attrs.frozen(slots=True)
class Confirm:
    """Answer a "you may" decision: use the optional ability or effect (`yes`) or not."""

    yes: bool


@attrs.frozen(slots=True)
class Done:
    """Answer an "up to" choice (a target, the cards a search or a look takes, an "or more" cost): choose no
    more, keeping what is chosen so far (none at all, for a choice of up to N)."""


DONE = Done()


def _parts(value: Iterable[Iterable[int]]) -> tuple[tuple[int, int, int], ...]:
    """Parts read back from JSON (lists) become the tuples a legal answer holds."""
    return tuple(tuple(part) for part in value)  # type: ignore[misc]  # each part has three numbers


@attrs.frozen(slots=True)
class Split:
    """Answer a decision about dividing damage: (side, slot, amount) for each unit that takes some.

    Each option of a split decision is one whole distribution (docs/rulings.md D1)."""

    parts: tuple[tuple[int, int, int], ...] = attrs.field(converter=_parts)


# Interned actions.  `legal_actions()` offers the same few values again and
# again; one shared instance of each (they are frozen) is cheaper to make than
# a new one, and cheaper to find in a list (`in` checks identity first).
# Equality is unchanged: an action made directly equals its interned twin.
summon_action = functools.cache(Summon)
play_event_action = functools.cache(PlayEvent)
play_field_action = functools.cache(PlayField)
set_card_action = functools.cache(SetCard)
attack_action = functools.cache(Attack)
choose_action = functools.cache(Choose)  # a decision's answers: offered, then looked up by the answer given
choose_card_action = functools.cache(ChooseCard)


ATTACKS: tuple[tuple[Attack, ...], ...] = tuple(
    tuple(attack_action(attacker, target) for target in range(RULER + 1)) for attacker in range(RULER + 1)
)
"""`attack_action(attacker, target)` as `ATTACKS[attacker][target]`: a table read, not a cached call's key."""


@functools.cache
def summon_actions(iid: int, slots: tuple[int, ...]) -> tuple[Summon, ...]:
    """Summoning the card `iid` into each of `slots` (a game's summon zones), interned as one tuple."""
    return tuple(summon_action(iid, slot) for slot in slots)


GO_TO_ATTACK = GoToAttack()
END_TURN = EndTurn()

Action = (
    Summon
    | PlayEvent
    | PlayField
    | SetCard
    | GoToAttack
    | Attack
    | EndTurn
    | Choose
    | ChooseCard
    | Confirm
    | Split
    | Activate
    | Discount
    | Pass
    | Done
)
ANSWERS = (Choose, ChooseCard, Confirm, Split, Done)
"""The actions that answer a pending decision (frames.Decision)."""


def action_to_dict(action: Action) -> dict:
    data: dict = {"type": type(action).__name__}
    data.update({name: _plain(value) for name, value in attrs.asdict(action, recurse=False).items()})
    return data


def _plain(value: object) -> object:
    """A value as JSON holds it: tuples (a split's parts) become lists."""
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


_ACTION_TYPES = {
    cls.__name__: cls
    for cls in (
        Summon,
        PlayEvent,
        PlayField,
        SetCard,
        GoToAttack,
        Attack,
        EndTurn,
        Choose,
        ChooseCard,
        Confirm,
        Split,
        Activate,
        Discount,
        Pass,
        Done,
    )
}


def action_from_dict(data: dict) -> Action:
    fields = dict(data)
    kind = fields.pop("type", None)
    cls = _ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}")
    return cls(**fields)
