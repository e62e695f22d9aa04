"""The event log: everything that happened, as small typed records, one class per kind.

An entry is ``(turn, kind, side, *fields)``: a record of its kind's class
(`KINDS[kind]`), which is a tuple, so the log stays as cheap to write as
tuples were (`Game.log_event` builds it with one call of the class on the
values; the engine's most frequent entries, a damage check's card, a draw or
drive, an attack, a summon, damage, a destroy, a turn or phase and the like,
are appended to `Game.log` as their records by their sites, the same tuple
without the method's call with packed arguments) and reads, saves and compares as the tuples always did.  Each class
knows its fields (names, in order, and the kind of value each holds:
`Card`, `Amount`...), reads them by name (``entry.card``), gives the
structured JSON form (`to_dict`: card ids and zone names for `play --log`
and `scenario --json`) and says itself in plain words (`words`).  Saves hold
``list(entry)``; saves.py checks a saved entry against its class's field
types, so a new kind is one class here and nowhere else.

Every entry that takes a card away, changes damage or is one card of a damage
check says why in the entry itself: a `source` (the card that did it, -1 a
ruler, None no card) and a `reason` (a `Cause` word, or the trigger of the
source's ability that did it: ``on_play``, ``cnt``, ``replacement``...); a
damage check's card says its place (`index` of `of`).  Those fields were added
after the first logs were written: a class's `FIRST` says how many of its
fields every log has, and `padded` reads an older entry with None for the rest.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Literal, NewType

from gateruler.engine.actions import RULER, SIDE_NAMES, SLOT_NAMES, SLOT_WORDS

try:
    from _collections import _tuplegetter  # the C field reader namedtuple's fields use
except ImportError:  # pragma: no cover - other Pythons: the same, in Python
    from operator import itemgetter

    def _tuplegetter(index: int, doc: str) -> Any:
        return property(itemgetter(index), doc=doc)


# ---------------------------------------------------------------------- the kinds of value a field holds
# saves.py checks each of them (a card of the game, a zone in range...); `to_dict` names cards and zones.

Card = NewType("Card", int)  # a card of this game, by instance id
CardOrRuler = NewType("CardOrRuler", int)  # a card, or -1: the side's ruler
Zone = NewType("Zone", int)  # a board zone: 0-2 (actions.SLOT_NAMES)
ZoneOrRuler = NewType("ZoneOrRuler", int)  # a board zone, or the ruler (actions.RULER)
SetZone = NewType("SetZone", int)  # a set zone: 0 or 1
Amount = NewType("Amount", int)  # a number: damage, energy, a modifier
PhaseName = NewType("PhaseName", str)  # a game phase (game.Phase)
Source = CardOrRuler | None  # what did it: a card, -1 a ruler, None no card (or a log older than causes)
Reason = str | None  # how: a `Cause` word or the trigger of the source's ability
Place = Amount | None  # a damage check's card: its place in the check, or how many cards the check has

CARD_VALUES = frozenset({Card, CardOrRuler})  # named by their card id in the JSON form
ZONE_VALUES = frozenset({Zone, ZoneOrRuler})  # named by their zone name in the JSON form


class Cause:
    """The `reason` words of the log (besides trigger words, which say which ability of `source` did it)."""

    ATTACK = "attack"  # an attack's damage: the attacker's ATK to the attacked unit, its STK to the attacked ruler
    INTERCEPT = (
        "intercept"  # the attacked unit's ATK to the attacker, before the attack hits (source: the attacked unit)
    )
    COUNTERATTACK = "counterattack"  # the attacked unit survived and strikes back (source: the attacked unit)
    PIERCE = "pierce"  # the attacker destroyed the defense unit it attacked: its STK goes on to the ruler
    CARRY_THROUGH = "carry_through"  # the attack went on to the ruler (carry_through entry): its STK
    LETHAL = "lethal"  # destroyed: the damage just dealt (by source) reached its HP
    HP = "hp"  # destroyed by the rules: its HP fell to its damage or to 0 (source None)
    RULE = "rule"  # a level's special rule (its special_rule entry; source: the rule's card)
    COST = "cost"  # paid for an ability of source
    TURN = "turn"  # the turn's own draws and drives (source None)
    OPENING = "opening"  # the opening hand (source None)
    NO_ABILITIES = "no_abilities"  # no_effect: the card has no ability to use
    NO_TARGET = "no_target"  # no_effect: nothing its target could choose
    HOST_LEFT = "host_left"  # soul_to_graveyard: its card (source) left the board or the field zone
    NO_ZONE = "no_zone"  # no_effect: no zone to move the card to (a ruler without a hand)
    NO_RULER_STATE = "no_ruler_state"  # no_effect: the rift's ruler is never rested or readied
    NO_MATERIAL = "no_material"  # no_effect: a genesis summon's material cannot go back, or nothing to summon
    NOT_IN_HAND = "not_in_hand"  # no_effect: the card a discount plays has left the hand
    NONE_CHOSEN = "none_chosen"  # no_effect: its controller chose none of an "up to" choice
    NOTHING_TO_COUNT = "nothing_to_count"  # no_effect: its `per:` counts a cost or effect that took no card


CAUSES = frozenset(v for k, v in vars(Cause).items() if k.isupper())
BATTLE_CAUSES = frozenset({Cause.ATTACK, Cause.INTERCEPT, Cause.COUNTERATTACK, Cause.PIERCE, Cause.CARRY_THROUGH})

_CAUSE_WORDS = {
    Cause.ATTACK: "from {card}'s attack",
    Cause.INTERCEPT: "intercept: {card} dealt its ATK first",
    Cause.COUNTERATTACK: "counterattack: {card} struck back",
    Cause.PIERCE: "pierce: {card}'s attack destroyed the defense unit",
    Cause.CARRY_THROUGH: "{card}'s attack went on to the ruler",
    Cause.LETHAL: "its damage reached its HP",
    Cause.HP: "its HP fell to its damage or below",
    Cause.RULE: "by the level's rule for {card}",
    Cause.COST: "to pay for {card}'s ability",
    Cause.HOST_LEFT: "{card} left play",
}
_NO_EFFECT_WORDS = {
    Cause.NO_ABILITIES: "it has no abilities",
    Cause.NO_TARGET: "nothing to choose",
    Cause.NO_ZONE: "no zone to move the card to",
    Cause.NO_RULER_STATE: "the rift's ruler is never rested or readied",
    Cause.NO_MATERIAL: "its material cannot go back, or there is nothing to summon",
    Cause.NOT_IN_HAND: "the card is no longer in the hand",
    Cause.NONE_CHOSEN: "none was chosen",
    Cause.NOTHING_TO_COUNT: "what it counts took no card",
}


class Speech:
    """The words an entry of `side` is told with: who did it, whose zones, the cards' names."""

    __slots__ = ("names", "side")

    def __init__(self, side: int | None, names: Sequence[str]) -> None:
        self.side = side
        self.names = names

    @property
    def who(self) -> str:
        return "You" if self.side == 0 else "The rift"

    @property
    def whose(self) -> str:
        return "your" if self.side == 0 else "the rift's"

    @property
    def foe(self) -> str:
        return "the rift's" if self.side == 0 else "your"

    def name(self, iid: int) -> str:
        return "the ruler" if iid == -1 else self.names[iid]

    def why(self, source: object, reason: object) -> str:
        """ " (from Vaha's intercept)": the entry's cause in a few words, "" when it has none."""
        if reason is None or reason == Cause.TURN or reason == Cause.OPENING:
            return ""
        card = self.name(source) if isinstance(source, int) else ""
        words = _CAUSE_WORDS.get(str(reason))
        if words is None:  # the trigger of the source's ability
            return f" (by {card}'s {str(reason).replace('_', ' ')} ability)"
        return f" ({words.format(card=card)})"


# ---------------------------------------------------------------------- the records

KINDS: dict[str, type[Entry]] = {}
"""kind -> its record class: what `Game.log_event` builds, saves.py checks and `padded` reads."""


def _card_json(value: object, card_ids: Sequence[str]) -> object:
    if isinstance(value, int) and value >= 0:
        return card_ids[value]
    return "ruler" if value == -1 else value


def _zone_json(value: object, _card_ids: Sequence[str]) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return "ruler" if value == RULER else SLOT_NAMES[value]
    return value


def _as_is(value: object, _card_ids: Sequence[str]) -> object:
    return value


def _json_form(kind: Any) -> Callable[[object, Sequence[str]], object]:
    """How a field of this kind of value is written in `to_dict`: cards by id, zones by name."""
    options = set(typing.get_args(kind)) - {type(None)} if typing.get_origin(kind) is not None else {kind}
    if options & CARD_VALUES:
        return _card_json
    if options & ZONE_VALUES:
        return _zone_json
    return _as_is


class Entry(tuple[Any, ...]):
    """A log entry: ``(turn, kind, side, *fields)``.  A subclass per kind declares its fields, in order, as
    annotations (``card: CardOrRuler``; ``from_`` is the field "from") and says itself in `told`.

    This class itself holds an entry of a kind no class declares (an older or a foreign log's)."""

    __slots__ = ()
    KIND: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()  # the fields' names, after (turn, kind, side)
    TYPES: ClassVar[tuple[Any, ...]] = ()  # the kind of value each field holds, as a save checks it
    FIRST: ClassVar[int] = 0  # how many of them every log has: older ones stop there (padded)
    _FORMS: ClassVar[tuple[Callable[[object, Sequence[str]], object], ...]] = ()

    turn: int
    kind: str
    side: int  # 0 the player, 1 the rift; None in game_over alone

    def __init_subclass__(cls, kind: str = "", first: int | None = None, **rest: Any) -> None:
        super().__init_subclass__(**rest)
        own = [name for name in cls.__dict__.get("__annotations__", {}) if name not in _HEAD]
        hints = typing.get_type_hints(cls)
        cls.KIND = kind
        cls.FIELDS = tuple(name.rstrip("_") for name in own)
        cls.TYPES = tuple(hints[name] for name in own)
        cls.FIRST = len(own) if first is None else first
        cls._FORMS = tuple(_json_form(t) for t in cls.TYPES)
        for index, name in enumerate(own, 3):
            setattr(cls, name, _tuplegetter(index, f"{kind}: {name}"))
        if kind in KINDS:
            raise ValueError(f"two record classes for the log kind {kind!r}")
        KINDS[kind] = cls

    def to_dict(self, card_ids: Sequence[str]) -> dict[str, Any]:
        """The structured JSON form (`play --log`, `scenario --json`): sides, cards and zones by name."""
        side = self[2]
        data: dict[str, Any] = {
            "turn": self[0],
            "kind": self[1],
            "side": SIDE_NAMES[side] if side is not None else None,
        }
        for name, form, value in zip(self.FIELDS, self._FORMS, self[3:]):
            data[name] = form(value, card_ids)
        return data

    def words(self, names: Sequence[str]) -> str:
        """One line of plain words; `names` maps iid -> card name."""
        return self.told(Speech(self[2], names))

    def told(self, say: Speech) -> str:
        return f"{self[1]} {list(self[3:])}"


_HEAD = ("turn", "kind", "side")  # every entry's first three values; the fields follow
for _index, _name in enumerate(_HEAD):
    setattr(Entry, _name, _tuplegetter(_index, f"the entry's {_name}"))


def padded(entry: Sequence[Any]) -> Entry:
    """A log entry as its kind's record, with all of its kind's fields: those an older log lacks are None."""
    record = KINDS.get(entry[1], Entry) if len(entry) > 1 else Entry
    missing = 3 + len(record.FIELDS) - len(entry)
    if type(entry) is record and missing <= 0:
        return entry  # a record of its kind, as the engine logs it
    return record(tuple(entry) + (None,) * missing if missing > 0 else entry)


def event_to_dict(event: Sequence[Any], card_ids: Sequence[str]) -> dict[str, Any]:
    """`Entry.to_dict` of an entry (a record, or the plain list a save holds: as it is, not padded)."""
    record = event if isinstance(event, Entry) else KINDS[event[1]](event)
    return record.to_dict(card_ids)


def describe(event: Sequence[Any], names: Sequence[str]) -> str:
    """`Entry.words` of an entry (a record, or a plain tuple: an older log's lacks its causes)."""
    return padded(event).words(names)


# ---------------------------------------------------------------------- turns and phases


class Setup(Entry, kind="setup"):
    """A side set up its game (its deck shuffled, its opening hand drawn)."""

    def told(self, say: Speech) -> str:
        return f"{say.who} set up."


class Turn(Entry, kind="turn"):
    """A side's turn begins."""

    def told(self, say: Speech) -> str:
        whose = "your" if self.side == 0 else "the rift's"
        return f"Turn {self.turn}: {whose} turn."


class Phase(Entry, kind="phase"):
    """The game goes to a phase."""

    phase: PhaseName

    def told(self, say: Speech) -> str:
        return f"{self.phase.capitalize()} phase."


class GameOver(Entry, kind="game_over"):
    """The game is over: "player", "invader" or "draw"."""

    side: None  # type: ignore[assignment]  # the game's, no side's
    winner: str

    def told(self, say: Speech) -> str:
        return {"player": "You win!", "invader": "The rift wins.", "draw": "The game is a draw."}.get(
            self.winner, str(self.winner)
        )


class Loss(Entry, kind="loss"):
    """The side lost: why (the game's end reason)."""

    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.who} lost ({self.reason})."


# ---------------------------------------------------------------------- cards into the hand, onto the board


class Draw(Entry, kind="draw", first=1):
    """A card drawn; reason: "opening", "turn" (the start phase's), or the trigger of source's ability."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        drawn = say.name(self.card) if self.side == 0 else "a card"
        return f"{say.who} drew {drawn}{say.why(self.source, self.reason)}."


class Drive(Entry, kind="drive", first=1):
    """A card driven (from the deck into the drive zone, face up); reason as a draw's."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.who} drove {say.name(self.card)}{say.why(self.source, self.reason)}."


class Summon(Entry, kind="summon"):
    """A unit summoned into a board zone."""

    card: CardOrRuler
    zone: Zone

    def told(self, say: Speech) -> str:
        return f"{say.who} summoned {say.name(self.card)} to {say.whose} {SLOT_WORDS[self.zone]}."


class Replace(Entry, kind="replace"):
    """A unit put into the graveyard from its zone to make room for a new one."""

    card: CardOrRuler
    zone: Zone

    def told(self, say: Speech) -> str:
        return (
            f"{say.name(self.card)} was put into the graveyard from {say.whose} {SLOT_WORDS[self.zone]} to make room."
        )


class DiscardLowest(Entry, kind="discard_lowest"):
    """The rift's board was full: its lowest-level unit (or the driven one) went to the graveyard."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"The rift's board was full: {say.name(self.card)}, its lowest-level unit, went to the graveyard."


class ToGraveyard(Entry, kind="to_graveyard"):
    """A card went to the graveyard from a zone ("drive", "drive zone"...) by the rules."""

    card: CardOrRuler
    from_: str

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} went to {say.whose} graveyard from the {self.from_}."


class Event(Entry, kind="event"):
    """An event card played."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} played {say.name(self.card)}."


class Set(Entry, kind="set"):
    """A card set in a set zone (face down: the rift's is not named)."""

    card: CardOrRuler
    set_zone: SetZone

    def told(self, say: Speech) -> str:
        if self.side == 1:
            return f"{say.who} set a card in set zone {self.set_zone + 1}."
        return f"You set {say.name(self.card)} in set zone {self.set_zone + 1}."


class Field(Entry, kind="field"):
    """A field card played into the field zone."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} played the field {say.name(self.card)}."


# ---------------------------------------------------------------------- abilities


class Ability(Entry, kind="ability"):
    """A card's ability with that trigger resolves."""

    card: CardOrRuler
    trigger: str

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)}'s {self.trigger.replace('_', ' ')} ability."


class NoEffect(Entry, kind="no_effect", first=1):
    """The card's ability (with that trigger) did nothing; reason: a `Cause.NO_*` word."""

    card: CardOrRuler
    reason: Reason
    trigger: str

    def told(self, say: Speech) -> str:
        why = f" ({_NO_EFFECT_WORDS[self.reason]})" if self.reason in _NO_EFFECT_WORDS else ""
        return f"{say.name(self.card)} had no effect{why}."


class SpecialRule(Entry, kind="special_rule"):
    """A level's special rule acts (its word), for its card: its destroys name it as their source."""

    rule: str
    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"The level's rule for {say.name(self.card)}: {str(self.rule).replace('_', ' ')}."


class Sacrifice(Entry, kind="sacrifice"):
    """End's rule (level 2) destroys this unit (its destroy follows)."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        whose = "your" if self.side == 0 else "its own"
        return f"End's rule: the rift destroyed {whose} {say.name(self.card)}."


class Activate(Entry, kind="activate"):
    """The player used the card's activated ability (its timing: "quick", "overdrive"...)."""

    card: CardOrRuler
    timing: str

    def told(self, say: Speech) -> str:
        return f"{say.who} used {say.name(self.card)}'s {'OD ' if self.timing == 'overdrive' else ''}ability."


class Discount(Entry, kind="discount"):
    """The player plays the card from the hand for its discount."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} played {say.name(self.card)} for its discount."


# ---------------------------------------------------------------------- costs and decisions (costs.py, resolve.py)


class Unpaid(Entry, kind="unpaid"):
    """The card's ability could not pay its costs: it does nothing."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)}'s ability could not be paid for: it did nothing."


class Declined(Entry, kind="declined"):
    """Its controller chose not to use an optional ability or effect."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} chose not to use {say.name(self.card)}'s ability."


class PayEnergy(Entry, kind="pay_energy"):
    """Energy rested to pay for the card."""

    card: CardOrRuler
    amount: Amount

    def told(self, say: Speech) -> str:
        return f"{say.who} rested {self.amount} energy for {say.name(self.card)}."


class Discard(Entry, kind="discard", first=1):
    """A card discarded from the hand, paid for source's ability (reason "cost")."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.who} discarded {say.name(self.card)}{say.why(self.source, self.reason)}."


class Rest(Entry, kind="rest"):
    """A unit, or the ruler (-1), rested to pay a cost or by an effect."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} rested {say.name(self.card)}."


class Act(Entry, kind="act"):
    """A unit, or the ruler (-1), was readied by an effect."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{_unit_or_ruler(self.card, self.side, say)} was readied (act)."


class Grant(Entry, kind="grant"):
    """A unit, or the ruler (-1), gained a keyword."""

    card: CardOrRuler
    keyword: str

    def told(self, say: Speech) -> str:
        return f"{_unit_or_ruler(self.card, self.side, say)} gained {self.keyword.replace('_', ' ')}."


def _unit_or_ruler(card: int, side: int | None, say: Speech) -> str:
    if card != -1:
        return say.name(card)
    return "Your ruler" if side == 0 else "The rift"


# ---------------------------------------------------------------------- battle


class Attack(Entry, kind="attack"):
    """An attack declared: the attacker (-1 the ruler) at a zone (the ruler: `RULER`) and the card there."""

    attacker: CardOrRuler
    target_zone: ZoneOrRuler
    target: CardOrRuler

    def told(self, say: Speech) -> str:
        attacker = say.who if self.attacker == -1 else f"{say.whose.capitalize()} {say.name(self.attacker)}"
        if self.target_zone == RULER:
            target = "the rift" if self.side == 0 else "you"
        else:
            its = "its" if self.side == 0 else "your"
            target = f"{say.foe} {say.name(self.target)} in {its} {SLOT_WORDS[self.target_zone]}"
        return f"{attacker} attacked {target}."


class CarryThrough(Entry, kind="carry_through"):
    """The attack goes on to the ruler: the unit it targeted was destroyed."""

    attacker: CardOrRuler
    target_zone: ZoneOrRuler
    target: CardOrRuler

    def told(self, say: Speech) -> str:
        foe_ruler = "the rift" if self.side == 0 else "you"
        return (
            f"{say.whose.capitalize()} {say.name(self.attacker)}'s attack went on to {foe_ruler}: "
            f"{say.name(self.target)} in the attacked line was destroyed."
        )


class DamageUnit(Entry, kind="damage_unit", first=3):
    """Damage dealt to a unit; total: its damage now."""

    card: CardOrRuler
    amount: Amount
    total: Amount
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        return f"{say.name(self.card)} took {self.amount} damage ({self.total} in all){why}."


class Destroy(Entry, kind="destroy", first=1):
    """A unit destroyed."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} was destroyed{say.why(self.source, self.reason)}."


class NotSent(Entry, kind="not_sent"):
    """A unit destroyed but not sent to the graveyard: a replacement (Soul guard, a survive effect) kept it in play.
    It counts as destroyed (gateruler-official.com posts/31): its on_destroyed abilities trigger."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} was destroyed{say.why(self.source, self.reason)} but not sent to the graveyard."


class RulerDamage(Entry, kind="ruler_damage", first=2):
    """Damage dealt to the side's ruler (battle: an attack's): its damage checks follow."""

    amount: Amount
    battle: bool
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        who = "You take" if self.side == 0 else "The rift takes"
        battle = " (battle)" if self.battle else ""
        return f"{who} {self.amount} damage{battle}{say.why(self.source, self.reason)}."


class Check(Entry, kind="check", first=2):
    """Card `index` (from 1) of a damage check of `of` cards (its ruler_damage's amount): "damage" or "cnt"."""

    card: CardOrRuler
    result: str
    index: Place  # type: ignore[assignment]  # the field, in place of tuple.index (no reader asks an entry that)
    of: Place

    def told(self, say: Speech) -> str:
        where = "CNT: to the graveyard" if self.result == "cnt" else "to the damage zone"
        place = f" {self.index} of {self.of}" if self.index is not None else ""
        return f"Damage check{place}: {say.name(self.card)}, {where}."


class CheckDeckOut(Entry, kind="check_deck_out"):
    """Card `index` of a damage check of `of` could not be taken: the deck is empty."""

    index: Place  # type: ignore[assignment]  # as Check's
    of: Place

    def told(self, say: Speech) -> str:
        place = f" {self.index} of {self.of}" if self.index is not None else ""
        return f"Damage check{place}: {say.whose} deck is empty (deck-out)."


class DamageCleared(Entry, kind="damage_cleared"):
    """The end phase removed the damage a unit bore (rule variant unit_damage=clears)."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)}'s damage was removed at the end of the turn."


# ---------------------------------------------------------------------- what effects do to cards


class Mill(Entry, kind="mill", first=1):
    """A card put from the deck into the graveyard."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} was milled from {say.whose} deck{say.why(self.source, self.reason)}."


class Move(Entry, kind="move", first=2):
    """A card moved to a zone ("hand", "deck"...)."""

    card: CardOrRuler
    to: str
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} was moved to {say.whose} {self.to}{say.why(self.source, self.reason)}."


class SetDestroyed(Entry, kind="set_destroyed", first=1):
    """A card in a set zone destroyed."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} in {say.whose} set zone was destroyed{say.why(self.source, self.reason)}."


class Modify(Entry, kind="modify", first=4):
    """A unit's, or the ruler's (-1), ATK, HP and STK changed by these amounts."""

    card: CardOrRuler
    atk: Amount
    hp: Amount
    stk: Amount
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        changes = zip(("ATK", "HP", "STK"), (self.atk, self.hp, self.stk))
        parts = [f"{label} {value:+d}" for label, value in changes if value]
        return f"{say.name(self.card)}: {', '.join(parts)}{say.why(self.source, self.reason)}."


class DeckToDamage(Entry, kind="deck_to_damage", first=1):
    """A card put from the deck into the damage zone, with no damage check."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        return f"{say.name(self.card)} went from {say.whose} deck into {say.whose} damage zone{why}."


class Remove(Entry, kind="remove", first=2):
    """A card removed from the game, from a zone."""

    card: CardOrRuler
    from_: str
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        return f"{say.name(self.card)} was removed from the game from {say.whose} {self.from_}{why}."


class FaceDown(Entry, kind="face_down"):
    """A card in the damage zone turned face down (DR: paid for source's ability, reason "cost")."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        return f"{say.name(self.card)} in {say.whose} damage zone was turned face down{why}."


class ToDeck(Entry, kind="to_deck", first=1):
    """A unit went back into its owner's deck (shuffled in)."""

    card: CardOrRuler
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} went back into {say.whose} deck{say.why(self.source, self.reason)}."


# ---------------------------------------------------------------------- split damage and replacements (split.py, replace.py)


class Shield(Entry, kind="shield"):
    """A one-shot prevention waits (by that card): for a unit, "ruler" or "side" (card -1); amount 0 = all."""

    card: CardOrRuler
    protects: Literal["unit", "ruler", "side"]
    amount: Amount
    by: Card

    def told(self, say: Speech) -> str:
        what = {
            "side": "you or your units" if self.side == 0 else "the rift or its units",
            "ruler": "you" if self.side == 0 else "the rift",
        }
        how = "all the next damage" if self.amount == 0 else f"{self.amount} of the next damage"
        return f"{say.name(self.by)} will prevent {how} to {what.get(self.protects, say.name(self.card))} this turn."


class DamagePrevented(Entry, kind="damage_prevented", first=4):
    """Damage to a unit (-1: the ruler) prevented or reduced by a card; source, reason: the damage's."""

    card: CardOrRuler
    prevented: Amount
    left: Amount
    by: Card
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        hit = ("you" if self.side == 0 else "the rift") if self.card == -1 else say.name(self.card)
        return f"{say.name(self.by)} prevented {self.prevented} damage to {hit} ({self.left} left)."


class Survived(Entry, kind="survived"):
    """A unit about to be destroyed stays on the board, by a card's ability; total: its damage now."""

    card: CardOrRuler
    by: Card
    total: Amount

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} stays on the board: {say.name(self.by)} kept it there ({self.total} damage)."


class SoulGuard(Entry, kind="soul_guard"):
    """The unit stays in play instead of going `way` (destroy, hand, deck, graveyard, removed): one of its soul
    cards goes to the graveyard (soul_to_graveyard)."""

    card: CardOrRuler
    way: str

    def told(self, say: Speech) -> str:
        if self.way == "destroy":
            return (
                f"{say.name(self.card)} stays in play: Soul guard puts one of its soul cards into {say.whose} graveyard"
                " instead."
            )
        if self.way == "removed":
            way = "removed from the game"
        else:
            way = f"put into {say.whose} {self.way}"
        return (
            f"{say.name(self.card)} was not {way}: Soul guard puts one of its soul cards into {say.whose} graveyard"
            " instead."
        )


# ---------------------------------------------------------------------- soul, special summons, searching (soul.py, summon.py, search.py)


class Soul(Entry, kind="soul"):
    """A card put under the card `host` as its soul, from a zone ("deck", "this_card", "hand"...)."""

    card: CardOrRuler
    host: Card
    from_: str

    def told(self, say: Speech) -> str:
        where = {"deck": "the top of the deck", "this_card": "play"}.get(self.from_) or self.from_.replace("_", " ")
        return f"{say.name(self.card)} went under {say.name(self.host)} as its soul (from {where})."


class SoulToGraveyard(Entry, kind="soul_to_graveyard", first=2):
    """A soul card of `host` went to the graveyard (paid: "cost"; its card left: "host_left")."""

    card: CardOrRuler
    host: Card
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        return f"{say.name(self.card)} went from {say.name(self.host)}'s soul to {say.whose} graveyard{why}."


class SpecialSummon(Entry, kind="special_summon"):
    """An effect special-summons the card from a zone (its `summon` follows)."""

    card: CardOrRuler
    from_: str

    def told(self, say: Speech) -> str:
        return f"{say.who} special-summoned {say.name(self.card)} from {say.whose} {self.from_.replace('_', ' ')}."


class Found(Entry, kind="found"):
    """A card taken from the deck by a search or a look, revealed, and where it went."""

    card: CardOrRuler
    to: str

    def told(self, say: Speech) -> str:
        where = "drive zone" if self.to == "drive" else self.to.replace("_", " ")
        return f"{say.who} revealed {say.name(self.card)} from {say.whose} deck: to {say.whose} {where}."


class Look(Entry, kind="look"):
    """One of the top cards of a deck, looked at (the player sees it)."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.who} looked at {say.name(self.card)} on top of {say.whose} deck."


class Bottom(Entry, kind="bottom"):
    """A card put on the bottom of its deck (in the order chosen: the last one is the bottom card)."""

    card: CardOrRuler

    def told(self, say: Speech) -> str:
        return f"{say.name(self.card)} went to the bottom of {say.whose} deck."


class ToBottom(Entry, kind="to_bottom"):
    """A card put on the bottom of its deck from a zone ("hand", "soul") to pay for source's ability (reason "cost")."""

    card: CardOrRuler
    from_: str
    source: Source
    reason: Reason

    def told(self, say: Speech) -> str:
        why = say.why(self.source, self.reason)
        where = "soul cards" if self.from_ == "soul" else self.from_.replace("_", " ")
        return f"{say.name(self.card)} went from {say.whose} {where} to the bottom of {say.whose} deck{why}."


class Shuffle(Entry, kind="shuffle"):
    """The side's deck was shuffled."""

    def told(self, say: Speech) -> str:
        return f"{say.who} shuffled {say.whose} deck."


FIELDS: dict[str, tuple[str, ...]] = {kind: record.FIELDS for kind, record in KINDS.items()}
"""kind -> names of the fields after (turn, kind, side), read off the record classes."""

FIRST_FIELDS: dict[str, int] = {kind: record.FIRST for kind, record in KINDS.items()}
"""kind -> how many of its fields every log has; logs written before the causes (saves) stop there."""
