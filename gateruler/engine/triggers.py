"""Triggers: when an ability happens.

A trigger is a name, the card types it fits, a doc line and the words a
player reads ("When it attacks").  The engine fires a trigger with one named
call where the event happens (`Game.fire(side, card, ON_ATTACK)`); abilities
are indexed by trigger once per game (`Setup.triggers`), so firing a trigger
no card has costs a dictionary look-up.  `continuous` is not an event: its
abilities are always on while the card is on the board or in a field zone
(gateruler/engine/continuous.py).  `activated` is not an event either: its
abilities are used by their controller when their `timing` allows
(timings.py; `Game.legal_actions` offers them as `Activate`).

Most triggers are events of the card itself.  Three watch other cards'
events (`others`): an event played, a unit attacking, a card destroyed; the
ability's `card:` filter says which cards count ("when your opponent plays
an event": `card: {side: enemy}`).  They are indexed by trigger once per game
too (`Setup.watchers`), so a game without such cards pays one empty test at
the event site (`firing.watch`).
"""

from __future__ import annotations

import attrs

from gateruler.engine.registry import Registry
from gateruler.vocabulary import CardType


@attrs.frozen
class TriggerWord:
    name: str
    doc: str
    card_types: frozenset[CardType]
    words: str  # how the player reads it: "When it attacks"
    others: bool = False  # an event that happens to another card (any card the ability's `card:` filter names)


TRIGGERS: Registry[TriggerWord] = Registry("trigger")


def trigger(name: str, doc: str, card_types: set[CardType], words: str, *, others: bool = False) -> str:
    """Register a trigger; returns its name, the value abilities hold.  `others`: it watches other cards' events
    (the event site calls `firing.watch`; the ability's `card:` filter says which cards)."""
    TRIGGERS.add(name, TriggerWord(name, doc, frozenset(card_types), words, others))
    return name


UNIT, EVENT, FIELD = CardType.UNIT, CardType.EVENT, CardType.FIELD

ON_PLAY = trigger(
    "on_play",
    "An event's effect, resolved when the event is played (from hand, drive zone or set zone).",
    {EVENT},
    "When played",
)
ON_ENTER = trigger(
    "on_enter", "A unit or field entering its controller's board.", {UNIT, FIELD}, "When it enters the board"
)
ON_SPECIAL_SUMMON = trigger(
    "on_special_summon",
    "This unit is special-summoned (put onto the board by an effect, not played); its on_enter abilities resolve first. "
    "How it entered stays readable: `requires: {self: {entered: special}}`.",
    {UNIT},
    "When it is special-summoned",
)
ON_ATTACK = trigger(
    "on_attack", "This unit (or ruler) is declared as an attacker, before the target is hit.", {UNIT}, "When it attacks"
)
ON_DESTROYED = trigger(
    "on_destroyed", "This unit is destroyed (damage >= HP, or a destroy effect).", {UNIT}, "When it is destroyed"
)
CNT = trigger(
    "cnt",
    "The card is revealed by its owner's damage check: it goes to the graveyard and its CNT ability resolves (docs/rulings.md).",
    {UNIT, EVENT, FIELD},
    "CNT (when revealed by a damage check)",
)
START_OF_TURN = trigger(
    "start_of_turn",
    "The start phase of its controller's turn, while the card is on the board or in the field zone.",
    {UNIT, FIELD},
    "At the start of its controller's turn",
)
CONTINUOUS = trigger(
    "continuous",
    "Always on while the card is on the board or in the field zone; only stat effects may be continuous.",
    {UNIT, FIELD},
    "While it is on the board",
)
REPLACEMENT = trigger(
    "replacement",
    "A standing replacement (CR 14-13), on while the card is on the board or in the field zone: its first effect is a "
    "replacement word (prevent_damage, survive_destruction) that changes what would happen to the cards it names; its "
    'other effects happen instead, at once, each time it applies (no chosen targets, no "you may").',
    {UNIT, FIELD},
    "While it is in play",
)
ACTIVATED = trigger(
    "activated",
    "Not an event: its controller uses it when its `timing` allows (an activated ability, CR 14-1a-1), from the board "
    "(a unit), the field zone (a field) or, with timing `overdrive`, the drive zone (any card).",
    {UNIT, EVENT, FIELD},
    "Activated",
)
TOUCHDOWN = trigger(
    "touchdown",
    "【TD】 Touchdown: this card, played from its controller's hand, entered the board or field zone (a normal summon from the hand, "
    "or any other play from the hand; not a play from the drive zone, nor a special summon by an ability: CR 16-3).",
    {UNIT, FIELD},
    "TD (when played from your hand and it enters)",
)
ON_GENESIS_SUMMON = trigger(
    "on_genesis_summon",
    "This unit was special-summoned from the deck by a genesis summon (【創生召喚】, the `genesis_summon` effect).",
    {UNIT},
    "When it is special-summoned by genesis summon",
)
_WATCHING = "while this card is on the board or in the field zone; `card:` (a filter of side and properties) says which cards count"
EVENT_PLAYED = trigger(
    "event_played",
    f"An event is played, by either side, from anywhere, {_WATCHING} (`card: {{side: enemy}}`: your opponent plays one). "
    "It resolves before the event's own effects.",
    {UNIT, FIELD},
    "When an event is played",
    others=True,
)
UNIT_ATTACKS = trigger(
    "unit_attacks",
    f"A unit (not a ruler) is declared as an attacker, {_WATCHING} (`card: {{side: own}}`: a unit of yours attacks; "
    "this card included). It resolves after the attacker's own on_attack abilities, before the battle.",
    {UNIT, FIELD},
    "When a unit attacks",
    others=True,
)
CARD_DESTROYED = trigger(
    "card_destroyed",
    f"A card is destroyed (a unit, a field card or a set card; not this card itself, which has left play), {_WATCHING} "
    "(`card: {side: own}`: a card of yours is destroyed). It resolves after the card's own on_destroyed abilities.",
    {UNIT, FIELD},
    "When a card is destroyed",
    others=True,
)
WATCH_TRIGGERS = frozenset(t.name for t in TRIGGERS if t.others)
"""The triggers that watch other cards' events (`Setup.watchers` indexes them)."""

ATTACK_COST = trigger(
    "attack_cost",
    "Not an event: the costs of attacking.  This unit may be declared as an attacker only while all of the ability's costs "
    "can be paid, and they are paid as it is declared, before its on_attack abilities.  Costs only, no effects "
    '("it may attack only if you put a soul card into the graveyard").',
    {UNIT},
    "To attack, pay",
)
