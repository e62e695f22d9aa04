"""The story of a game: one sentence per log entry, each naming why it happened.

The engine's log says what happened and, in each entry that takes a card
away, changes damage or is one card of a damage check, why: the card that did
it (`source`) and how (`reason`: an attack, intercept, counterattack,
pierce, an attack gone on to the ruler, damage that reached a unit's HP, a
level's rule, a cost, or the trigger of the source's ability); a damage
check's card says its place in its check (engine/events.py).  The teller turns
those into words a player reads (the Iron Warden intercepted, the rift's
attack pierced, End's rule destroyed it, that check did not count).

What it keeps while it reads is for the words, not for the causes: the board
(which zone a unit was in), each side's damage zone (how full it is), the
damage on each unit (what reached its HP), which level rule acted last, and
the entry before (the rift's placing of a driven unit, which hook a
replacement answered).  An entry without a cause (a save from before the log
had them) is told as having none: "cause not in the log".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from gateruler.engine import INVADER, PLAYER, RULER, Game, events
from gateruler.engine.actions import SLOT_WORDS
from gateruler.engine.events import BATTLE_CAUSES, Cause, padded
from gateruler.engine.triggers import (
    ACTIVATED,
    CNT,
    CONTINUOUS,
    ON_ATTACK,
    ON_DESTROYED,
    ON_ENTER,
    ON_GENESIS_SUMMON,
    ON_PLAY,
    REPLACEMENT,
    START_OF_TURN,
    TOUCHDOWN,
)
from gateruler.invader import EndKnight, EndTurns
from gateruler.render import ability_words, effect_words, its, loss_words, whose
from gateruler.variants import of_game
from gateruler.vocabulary import CardType, SpecialRuleKind

Told = str | tuple[str, str] | None  # a sentence, with the words in it that say why; None: nothing to tell
_Tell = Callable[["_Teller", Any], Told]
_TELLERS: dict[type[events.Entry], _Tell] = {}
"""record class -> how the story tells it; a kind not here is told in its own words (`Entry.words`)."""


def _tells(*kinds: type[events.Entry]) -> Callable[[_Tell], _Tell]:
    """The method below tells the entries of these kinds."""

    def register(method: _Tell) -> _Tell:
        for kind in kinds:
            _TELLERS[kind] = method
        return method

    return register


def _kinds(*records: type[events.Entry]) -> frozenset[str]:
    return frozenset(record.KIND for record in records)


# entries that need a cause: they take a card away, change damage, or are one card of a damage check
REMOVES = _kinds(
    events.Destroy,
    events.Replace,
    events.DiscardLowest,
    events.ToGraveyard,
    events.Mill,
    events.Move,
    events.SetDestroyed,
    events.Discard,
    events.Remove,
    events.ToDeck,
    events.SoulToGraveyard,
    events.DeckToDamage,
    events.ToBottom,
)
DAMAGES = _kinds(events.DamageUnit, events.RulerDamage)
CHECKS = _kinds(events.Check, events.CheckDeckOut)
REPLACED = _kinds(events.DamagePrevented, events.Survived)  # what a replacement changed: it names its card
NEEDS_CAUSE = REMOVES | DAMAGES | CHECKS | REPLACED
UNTOLD = "cause not in the log"
LEAVES_BOARD = (events.Replace, events.Destroy, events.DiscardLowest, events.Move, events.ToDeck)

FIRST_EMPTY = "first empty zone of left attack, right attack, defense"
RIFT_TARGETS = "it attacks your left attack unit, else your defense unit, else you"
SACRIFICE = SpecialRuleKind.SACRIFICE_AT_START.value


@attrs.frozen
class Narration:
    """One sentence of the story.

    `cause` is the words in `text` that say why, for the entries that need one
    (`NEEDS_CAUSE`); `UNTOLD` when the log cannot tell."""

    text: str
    turn: int
    rift_turn: bool  # told at a pace the player can follow
    kind: str = ""
    cause: str | None = None
    index: int = -1  # the entry's place in the game's log


class _Teller:
    """Turns log entries into sentences, remembering what the words need.

    Entries say why they happened; the teller keeps what says it in words:
    the board (a unit's zone), how full each damage zone is, each unit's
    damage, and which level rules acted this turn.  Each kind of entry it
    tells in its own way has a method registered for its record class
    (`_tells`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = game.setup.names
        self.damage = [0, 0]
        self.turn_side: int | None = None
        self.previous: events.Entry | None = None
        self.board: dict[int, tuple[int, int]] = {}  # iid -> (side, slot)
        self.unit_damage: dict[int, int] = {}  # iid -> its damage, as its last damage_unit said
        self.rules: dict[int, str] = {}  # a level rule's card -> the rule word it last acted with
        self.own_destroyed: set[int] = (
            set()
        )  # start-of-turn rules' cards that destroyed their "Dark Knight" unit this time
        self.readings = of_game(game.setup.rules, game.setup.opponent)

    # ------------------------------------------------------------------ the board, as the log has it
    def _move_board(self, entry: events.Entry) -> None:
        if isinstance(entry, events.Summon):
            self.board[entry.card] = (entry.side, entry.zone)
        elif isinstance(entry, LEAVES_BOARD):
            self.board.pop(entry.card, None)

    # ------------------------------------------------------------------ telling
    def tell(self, index: int, entry: tuple) -> Narration | None:
        record = padded(entry)  # an entry short of its kind's fields is told without what it lacks
        teller = _TELLERS.get(type(record))
        told = teller(self, record) if teller is not None else record.words(self.names)
        self._move_board(record)
        self.previous = record
        if told is None:
            return None
        text, cause = told if isinstance(told, tuple) else (told, None)
        return Narration(text, record.turn, self.turn_side == INVADER, record.kind, cause, index)

    def _name(self, iid: int) -> str:
        return self.names[iid]

    def _unit(self, iid: int) -> str:
        """ "your Iron Warden", "the rift's omen moth"."""
        side = self.board.get(iid, (self.game.setup.owners[iid], 0))[0]
        return f"{whose(side)} {self.names[iid]}"

    # ------------------------------------------------------------------ what did it: the entry's source and reason, in words
    def _doer(self, source: int, reason: str) -> str:
        """What an ability of `source` is called in the story: "Flame Bolt", "Backlash Ward's CNT",
        "stubborn's replacement", "level 4's rule for wrath demon dragon Shishin"."""
        card = self.names[source]
        if reason == Cause.RULE:
            return f"level {self.game.setup.level.number}'s rule for {card}"
        if reason == ON_PLAY:
            return card
        if reason == CNT:
            return f"{card}'s CNT"
        if reason == REPLACEMENT:
            return f"{card}'s replacement"
        if reason == Cause.COST:
            return card if self.game.card(source).type is CardType.EVENT else f"{card}'s ability"
        return f"{card}'s ability"

    def _by(self, source: int | None, reason: str | None) -> str:
        """ "by Flame Bolt", "to pay for Offering", "Dragon Knight left play", or UNTOLD: what an ability
        did or paid, or the card whose leaving took its soul away."""
        if reason is None or source is None:
            return UNTOLD
        if reason == Cause.HOST_LEFT:
            return f"{self.names[source]} left play"
        return (
            f"to pay for {self._doer(source, reason)}" if reason == Cause.COST else f"by {self._doer(source, reason)}"
        )

    def _attacker(self, side: int, source: int) -> str:
        """The attacking side's attacker: "your ruler", "the rift itself", "the rift's Vaha"."""
        if source == -1:
            return "your ruler" if side == PLAYER else "the rift itself"
        return f"{whose(side)} {self.names[source]}"

    def _attack_words(self, side: int, source: int) -> str:
        """ "the rift's own attack", "your Iron Warden's attack"."""
        if source == -1 and side == INVADER:
            return "the rift's own attack"
        return f"{self._attacker(side, source)}'s attack"

    # ------------------------------------------------------------------ turns, drives, summons
    @_tells(events.Setup, events.Sacrifice)
    def _untold(self, entry: events.Entry) -> None:
        """Nothing to tell: a side set up; End's rule chose its unit (the destroy that follows names the rule)."""
        return None

    @_tells(events.Turn)
    def _turn(self, entry: events.Turn) -> str:
        self.turn_side = entry.side
        return f"--- Turn {entry.turn}: {whose(entry.side)} turn ---"

    @_tells(events.Loss)
    def _loss(self, entry: events.Loss) -> str:
        side = entry.side
        return f"{'You lose' if side == PLAYER else 'The rift is defeated'}: {loss_words(self.game, side, str(entry.reason))}."

    def _drive_note(self, iid: int) -> str:
        card = self.game.card(iid)
        if card.type is CardType.UNIT:
            return f"a level {card.level} unit"
        if card.type is CardType.EVENT:
            return "an event: the rift uses it at once"
        return "a field: the rift has no field zone, so it goes to the graveyard"

    @_tells(events.Draw, events.Drive)
    def _draw(self, entry: events.Draw | events.Drive) -> str:
        driven = isinstance(entry, events.Drive)
        if driven and entry.side == INVADER:
            return f"The rift drove {self._name(entry.card)} ({self._drive_note(entry.card)})."
        if entry.source is None or entry.reason in (Cause.TURN, Cause.OPENING):
            return entry.words(self.names)
        verb = "drove" if driven else "drew"
        who = "You" if entry.side == PLAYER else "The rift"
        return f"{who} {verb} {self._name(entry.card)} ({self._by(entry.source, entry.reason)})."

    @_tells(events.Summon)
    def _summon(self, entry: events.Summon) -> str:
        name, zone = self._name(entry.card), SLOT_WORDS[entry.zone]
        if entry.side == PLAYER:
            return f"You summoned {name} to your {zone}."
        why = "into the zone that was freed" if isinstance(self.previous, events.DiscardLowest) else FIRST_EMPTY
        return f"The rift summoned {name} to its {zone} ({why})."

    @_tells(events.Replace)
    def _replace(self, entry: events.Replace) -> tuple[str, str]:
        side, cause = entry.side, "to make room for a new unit"
        return (
            f"{whose(side).capitalize()} {self._name(entry.card)} went to the graveyard from {its(side)} "
            f"{SLOT_WORDS[entry.zone]} {cause}.",
            cause,
        )

    @_tells(events.DiscardLowest)
    def _discard_lowest(self, entry: events.DiscardLowest) -> tuple[str, str]:
        iid = entry.card
        lvl = self.game.card(iid).level
        if isinstance(self.previous, events.Drive) and self.previous.card == iid:
            cause = "is lower than every unit there"
            return (
                f"Its board was full and {self._name(iid)} (level {lvl}) {cause}: it went straight to the graveyard.",
                cause,
            )
        cause = "the lowest level there"
        return (
            f"Its board was full: {self._name(iid)} (level {lvl}), {cause}, went to the graveyard to make room.",
            cause,
        )

    @_tells(events.ToGraveyard)
    def _to_graveyard(self, entry: events.ToGraveyard) -> tuple[str, str]:
        side, name, zone = entry.side, self._name(entry.card), entry.from_
        if side == INVADER and zone == "drive":
            cause = "the rift has no field zone"
            return f"The rift drove the field {name}, but {cause}: it went to the graveyard.", cause
        if zone == "drive zone":
            cause = "cards left in the drive zone go there when the main phase ends"
            return f"{name} went to {whose(side)} graveyard: {cause}.", cause
        return f"{name} went to {whose(side)} graveyard from the {zone} ({UNTOLD}).", UNTOLD

    # ------------------------------------------------------------------ abilities and what they did
    @_tells(events.Ability)
    def _ability(self, entry: events.Ability) -> str | None:
        card, trigger = self.game.card(entry.card), entry.trigger
        if trigger == REPLACEMENT:
            return self._instead(entry.card)
        abilities = [ab for ab in card.abilities_for(trigger) if not ab.rule]  # a level rule's is told as the rule
        texts = " ".join(ability_words(ab) for ab in abilities)
        if not texts:
            return entry.words(self.names)
        if trigger == ON_PLAY:
            return f"{card.name}: {texts}"
        return f"{card.name} ({TRIGGER_LABELS.get(trigger, trigger)}): {texts}"

    @_tells(events.Activate)
    def _activate(self, entry: events.Activate) -> str:
        """The player uses an activated ability: what it does is told (its entries name it as their cause)."""
        card, timing = self.game.card(entry.card), entry.timing
        abilities = [ab for ab in card.abilities if ab.trigger == ACTIVATED and ab.timing == timing]
        words = f"{card.name}'s {'OD ' if timing == 'overdrive' else ''}ability"
        return f"You use {words}: {' '.join(ability_words(ab) for ab in abilities)}"

    @_tells(events.SpecialRule)
    def _special_rule(self, entry: events.SpecialRule) -> str | None:
        """A level's rule acts: the board wipe is told like the ability it is; the start-of-turn rule by its destroys."""
        rule, iid = entry.rule, entry.card
        self.rules[iid] = rule
        self.own_destroyed.discard(iid)
        card = self.game.card(iid)
        added = [ab for ab in card.abilities if ab.rule == rule]
        if not added:
            return None  # a rule the rift's controller runs: the destroys that follow name it
        trigger = added[0].trigger
        return f"{card.name} ({TRIGGER_LABELS.get(trigger, trigger)}): {' '.join(ability_words(ab) for ab in added)}"

    def _instead(self, iid: int) -> str:
        """What a replacement does instead: the effects after the replacement word of the ability that
        just applied (the entry before names the event it answered: a prevented damage or a survival)."""
        card = self.game.card(iid)
        hook = "destroy" if isinstance(self.previous, events.Survived) else "damage"
        ability = next(
            ab for ab in card.abilities_for(REPLACEMENT) if ab.effects[0].hook == hook and len(ab.effects) > 1
        )
        return f"Instead ({card.name}'s replacement): {'; '.join(effect_words(e) for e in ability.effects[1:])}."

    @_tells(events.NoEffect)
    def _no_effect(self, entry: events.NoEffect) -> str:
        card, reason, trigger = self.game.card(entry.card), entry.reason, entry.trigger
        if reason == Cause.NO_ABILITIES:
            return f"{card.name} has no effect: it has no abilities in our card data."
        words = _cap(self._doer(entry.card, trigger)) if trigger is not None else f"{card.name}'s effect"
        why = _NO_EFFECT_WHY.get(str(reason), "there is no unit it could choose, or no zone to move the unit to")
        return f"{words} has no effect: {why}."

    # ------------------------------------------------------------------ what effects did to cards (each names its cause)
    @_tells(events.Mill)
    def _mill(self, entry: events.Mill) -> tuple[str, str]:
        cause = self._by(entry.source, entry.reason)
        return f"{self._name(entry.card)} went from {whose(entry.side)} deck to the graveyard ({cause}).", cause

    @_tells(events.Move)
    def _move(self, entry: events.Move) -> tuple[str, str]:
        side, cause = entry.side, self._by(entry.source, entry.reason)
        return (
            f"{whose(side).capitalize()} {self._name(entry.card)} was returned to {its(side)} {entry.to} ({cause}).",
            cause,
        )

    @_tells(events.SetDestroyed)
    def _set_destroyed(self, entry: events.SetDestroyed) -> tuple[str, str]:
        cause = self._by(entry.source, entry.reason)
        return f"{self._name(entry.card)} in {whose(entry.side)} set zone was destroyed ({cause}).", cause

    @_tells(events.Discard)
    def _discard(self, entry: events.Discard) -> tuple[str, str]:
        cause = self._by(entry.source, entry.reason)
        who = "You" if entry.side == PLAYER else "The rift"
        return f"{who} discarded {self._name(entry.card)} ({cause}).", cause

    @_tells(events.Remove)
    def _remove(self, entry: events.Remove) -> tuple[str, str]:
        cause, zone = self._by(entry.source, entry.reason), entry.from_.replace("_", " ")
        return f"{self._name(entry.card)} was removed from the game from {whose(entry.side)} {zone} ({cause}).", cause

    @_tells(events.ToDeck)
    def _to_deck(self, entry: events.ToDeck) -> tuple[str, str]:
        side, cause = entry.side, self._by(entry.source, entry.reason)
        return f"{whose(side).capitalize()} {self._name(entry.card)} went back into {its(side)} deck ({cause}).", cause

    @_tells(events.ToBottom)
    def _to_bottom(self, entry: events.ToBottom) -> tuple[str, str]:
        side, cause = entry.side, self._by(entry.source, entry.reason)
        where = "soul cards" if entry.from_ == "soul" else entry.from_.replace("_", " ")
        return (
            f"{self._name(entry.card)} went from {whose(side)} {where} to the bottom of {its(side)} deck ({cause}).",
            cause,
        )

    @_tells(events.SoulToGraveyard)
    def _soul_to_graveyard(self, entry: events.SoulToGraveyard) -> tuple[str, str]:
        cause = self._by(entry.source, entry.reason)
        soul, host = self._name(entry.card), self._name(entry.host)
        return f"{soul} went from {host}'s soul to {whose(entry.side)} graveyard ({cause}).", cause

    @_tells(events.Modify)
    def _modify(self, entry: events.Modify) -> tuple[str, str]:
        cause = self._by(entry.source, entry.reason)
        changes = zip(("ATK", "HP", "STK"), (entry.atk, entry.hp, entry.stk))
        parts = [f"{label} {value:+d}" for label, value in changes if value]
        if entry.card == -1:
            who = "your ruler" if entry.side == PLAYER else "the rift itself"
        else:
            who = self._unit(entry.card)
        return f"{who[0].upper()}{who[1:]} gets {', '.join(parts)} ({cause}).", cause

    @_tells(events.DeckToDamage)
    def _deck_to_damage(self, entry: events.DeckToDamage) -> tuple[str, str]:
        side = entry.side
        self.damage[side] += 1
        cause = self._by(entry.source, entry.reason)
        return (
            f"{self._name(entry.card)} went from {whose(side)} deck into {its(side)} damage zone {cause} "
            f"({self.damage[side]} of {self.game.life(side)}).",
            cause,
        )

    # ------------------------------------------------------------------ battle
    @_tells(events.Attack)
    def _attack(self, entry: events.Attack) -> str:
        names, attacker, target_slot, target = self.names, entry.attacker, entry.target_zone, entry.target
        if entry.side == INVADER:
            who = "The rift itself" if attacker == -1 else f"The rift's {names[attacker]}"
            what = "you" if target_slot == RULER else f"your {names[target]} in your {SLOT_WORDS[target_slot]}"
            why = RIFT_TARGETS
            if entry.turn == 1:
                why = "going first, it has one attack on turn 1 and makes it itself"
            return f"{who} attacks {what} ({why})."
        who = "Your ruler" if attacker == -1 else f"Your {names[attacker]}"
        what = (
            "the rift itself"
            if target_slot == RULER
            else f"the rift's {names[target]} in its {SLOT_WORDS[target_slot]}"
        )
        return f"{who} attacks {what}."

    @_tells(events.DamageUnit)
    def _damage_unit(self, entry: events.DamageUnit) -> tuple[str, str]:
        iid, amount, total, source, reason = entry.card, entry.amount, entry.total, entry.source, entry.reason
        self.unit_damage[iid] = total
        unit = self._unit(iid)
        tail = f"({total} in all)"
        if reason in (Cause.INTERCEPT, Cause.COUNTERATTACK) and source is not None:
            striker = self._unit(source)
            if reason == Cause.INTERCEPT:
                cause = f"intercept: {striker} deals its ATK to the attacker first"
            else:
                cause = f"counterattack: {striker} survives and strikes back with its ATK"
            return f"{_cap(cause)}: {unit} takes {amount} damage {tail}.", cause
        if reason in BATTLE_CAUSES and source is not None:
            side = self.board.get(iid, (self.game.setup.owners[iid], 0))[0]
            cause = f"from {self._attack_words(1 - side, source)}"
        elif reason is not None and source is not None:
            cause = f"from {self._doer(source, reason)}"
        else:
            return f"{_cap(unit)} takes {amount} damage ({UNTOLD}) {tail}.", UNTOLD
        return f"{_cap(unit)} takes {amount} damage {cause} {tail}.", cause

    @_tells(events.Destroy)
    def _destroy(self, entry: events.Destroy) -> tuple[str, str]:
        side, iid, source, reason = entry.side, entry.card, entry.source, entry.reason
        unit = self._unit(iid)
        where = self.board.get(iid)
        zone = f" in {its(side)} {SLOT_WORDS[where[1]]}" if where else ""
        if reason == Cause.LETHAL:
            cause = f"its {self.unit_damage.get(iid, 0)} damage reached its HP"
            return f"{_cap(unit)} was destroyed: {cause}.", cause
        if reason == Cause.HP:
            cause = "its HP fell to its damage or below"
            return f"{_cap(unit)} was destroyed: {cause}.", cause
        if reason == Cause.RULE and source is not None and self.rules.get(source) == SACRIFICE:
            return self._sacrificed(side, iid, source, zone)
        if reason is None or source is None:
            return f"{_cap(unit)}{zone} was destroyed ({UNTOLD}).", UNTOLD
        cause = self._by(source, reason)
        return f"{_cap(unit)}{zone} was destroyed {cause}.", cause

    def _sacrificed(self, side: int, iid: int, end: int, zone: str) -> tuple[str, str]:
        """Level 2's start-of-turn rule (End's): its "Dark Knight" unit first (the entry before says
        which: `sacrifice`), then the player's unit."""
        level = self.game.setup.level
        card_id = self.game.card(end).id
        rule = next(r for r in level.rules_of(SpecialRuleKind.SACRIFICE_AT_START) if str(r.param("card")) == card_id)
        own_name = str(rule.param("own_name_contains"))
        end_name = self.names[end]
        turns = "turn" if self.readings.rift.end_rule_turns is EndTurns.EVERY_TURN else "rift turn"
        cause = f"level {level.number}'s start-of-turn rule"
        if isinstance(self.previous, events.Sacrifice) and self.previous.card == iid:
            self.own_destroyed.add(end)
            whose_knight = "your" if side == PLAYER else "its own"
            return (
                f"{_cap(cause)} (while {end_name} is on the rift's board, every {turns} begins so): "
                f'the rift destroyed {whose_knight} {self.names[iid]}{zone}, a "{own_name}" unit.'
            ), cause
        text = f"{_cap(cause)}: your {self.names[iid]}{zone} was destroyed"
        if end in self.own_destroyed:
            return text + " too (your left attack zone first, then right attack, then defense).", cause
        if self.readings.rift.end_rule_knight is EndKnight.ANY:
            knight, none = f'a "{own_name}" unit on the field', f'there was no "{own_name}" unit on the field'
        else:
            knight, none = f'one of its "{own_name}" units', f'it had no "{own_name}" unit on its board'
        return text + (
            f" (while {end_name} is on the rift's board, every {turns} begins with {knight} "
            f"and one of yours destroyed; {none}, and yours is destroyed anyway)."
        ), cause

    # ------------------------------------------------------------------ split damage and replacements
    @_tells(events.CarryThrough)
    def _carry_through(self, entry: events.CarryThrough) -> str:
        side = entry.side
        foe = "the rift itself" if side == PLAYER else "you"
        return (
            f"{whose(side).capitalize()} {self.names[entry.attacker]}'s attack goes on to {foe}: its ability destroyed "
            f"{whose(1 - side)} {self.names[entry.target]} in the attacked line."
        )

    def _damage_words(self, side: int, source: int | None, reason: str | None) -> str:
        """What the damage a replacement answers comes from: an attack, a strike back, or an ability."""
        if source is None or reason is None:
            return ""
        if reason in (Cause.INTERCEPT, Cause.COUNTERATTACK):
            return "the strike back"
        if reason in BATTLE_CAUSES:
            return self._attack_words(1 - side, source)
        return self._doer(source, reason)

    @_tells(events.DamagePrevented)
    def _prevented(self, entry: events.DamagePrevented) -> tuple[str, str]:
        side, iid, prevented, left = entry.side, entry.card, entry.prevented, entry.left
        hit = ("you" if side == PLAYER else "the rift itself") if iid == -1 else self._unit(iid)
        damage_side = self.board.get(iid, (side, 0))[0] if iid >= 0 else side
        dealer = self._damage_words(damage_side, entry.source, entry.reason)
        damage = f"of the {prevented + left} damage {dealer} would deal" if dealer else f"of {prevented + left} damage"
        cause = f"prevented by {self.names[entry.by]}"
        rest = "none is dealt" if left == 0 else f"{left} is dealt"
        return f"{_cap(cause)}: {prevented} {damage} to {hit} ({rest}).", cause

    @_tells(events.Survived)
    def _survived(self, entry: events.Survived) -> tuple[str, str]:
        iid, by, total = entry.card, entry.by, entry.total
        unit = self._unit(iid)
        cause = "its own ability keeps it on the board" if by == iid else f"{self.names[by]} keeps it on the board"
        after = "its damage is now 0" if total == 0 else f"it keeps its {total} damage"
        self.unit_damage[iid] = total
        return f"{_cap(unit)} would have been destroyed, but {cause} ({after}).", cause

    # ------------------------------------------------------------------ damage checks
    @_tells(events.RulerDamage)
    def _ruler_damage(self, entry: events.RulerDamage) -> tuple[str, str]:
        side, amount, battle, source, reason = entry.side, entry.amount, entry.battle, entry.source, entry.reason
        who = "You take" if side == PLAYER else "The rift takes"
        checks = f"{amount} damage check{'s' if amount != 1 else ''}"
        foe = 1 - side
        if source is None or reason is None:
            return f"{who} {amount} {'battle ' if battle else ''}damage ({UNTOLD}): {checks}.", UNTOLD
        if reason == Cause.PIERCE:
            cause = f"pierce: {self._attacker(foe, source)} destroyed {its(side)} defense unit, and its STK {amount} carries through"
            return f"{_cap(cause)}. {who} {amount} battle damage: {checks}.", cause
        if reason == Cause.CARRY_THROUGH:
            cause = f"from {self._attack_words(foe, source)}, gone on to {'you' if side == PLAYER else 'the rift itself'} (STK {amount})"
        elif reason in BATTLE_CAUSES:
            cause = f"from {self._attack_words(foe, source)} (STK {amount})"
        else:
            cause = f"from {self._doer(source, reason)}"
            return f"{who} {amount} damage {cause}: {checks}.", cause
        return f"{who} {amount} battle damage {cause}: {checks}.", cause

    @staticmethod
    def _check_head(index: int | None, of: int | None) -> str:
        return "Damage check" if index is None else f"Damage check {index} of {of}"

    @_tells(events.Check)
    def _check(self, entry: events.Check) -> tuple[str, str]:
        side = entry.side
        head = self._check_head(entry.index, entry.of)
        card = self.game.card(entry.card)
        name = card.name
        if entry.result == "cnt":
            cause = "it has CNT, so this check does not count"
            if card.abilities_for(CNT):
                return f"{head}: {name} goes to {whose(side)} graveyard: {cause}; its CNT takes effect.", cause
            if side == INVADER and _ignoring_rules(self.game, card.id):
                return (
                    f"{head}: {name} goes to {whose(side)} graveyard: {cause}; its CNT effect is ignored by level "
                    f"{self.game.setup.level.number}'s rule (variant ignored_cnt=cnt_without_effect)."
                ), cause
            return (
                f"{head}: {name} goes to {whose(side)} graveyard: {cause}; its CNT has no effect "
                "(the card's CNT effect is unknown, so none is simulated)."
            ), cause
        self.damage[side] += 1
        cause = f"it counts ({self.damage[side]} of {self.game.life(side)})"
        note = ""
        printed = self.game.setup.pool.get(card.id) if side == INVADER else None
        if printed is not None and printed.has_cnt and not card.has_cnt:
            note = f"; its CNT is ignored by level {self.game.setup.level.number}'s rule"
        return f"{head}: {name} goes to {whose(side)} damage zone: {cause}{note}.", cause

    @_tells(events.CheckDeckOut)
    def _deck_out(self, entry: events.CheckDeckOut) -> tuple[str, str]:
        cause = f"{whose(entry.side)} deck is empty"
        return f"{self._check_head(entry.index, entry.of)}: {cause}, so no card can be taken (deck-out).", cause


_NO_EFFECT_WHY = {
    Cause.NO_TARGET: "there is no unit it could choose",
    Cause.NO_ZONE: "there is no zone to move the unit to",
    Cause.NO_RULER_STATE: "the rift's ruler is never rested or readied",
    Cause.NO_MATERIAL: "its material cannot go back into the deck, or there is nothing to summon",
    Cause.NOT_IN_HAND: "the card is no longer in the hand",
}


def _ignoring_rules(game: Game, card_id: str) -> bool:
    """Whether the level ignores this rift card's CNT effect (or all its effects)."""
    kinds = (SpecialRuleKind.IGNORE_CNT, SpecialRuleKind.IGNORE_EFFECTS)
    return any(r.kind in kinds and r.param("card") == card_id for r in game.setup.level.special_rules)


TRIGGER_LABELS = {
    ON_ENTER: "entering",
    ON_ATTACK: "attacking",
    ON_DESTROYED: "destroyed",
    CNT: "CNT",
    START_OF_TURN: "start of turn",
    CONTINUOUS: "continuous",
    REPLACEMENT: "instead",
    TOUCHDOWN: "TD",
    ON_GENESIS_SUMMON: "genesis summoned",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def narrate(game: Game, start: int = 0, stop: int | None = None) -> list[Narration]:
    """The log entries from `start` (to `stop`) as sentences for the player."""
    log = game.log
    stop = len(log) if stop is None else stop
    teller = _Teller(game)
    out = []
    for index, entry in enumerate(log[:stop]):
        line = teller.tell(index, entry)
        if line is not None and index >= start:
            out.append(line)
    return out


def told_events(game: Game) -> list[dict]:
    """`game.events()` with each told entry's sentence (`story`) and, where it needs one, its `cause`.

    What `play --log` writes: the structured entries stay as they are, so
    readers of the old log keep working, and the words come along."""
    told = {n.index: n for n in narrate(game)}
    out = []
    for index, data in enumerate(game.events()):
        n = told.get(index)
        if n is not None:
            data["story"] = n.text
            if n.cause is not None:
                data["cause"] = n.cause
        out.append(data)
    return out


__all__ = ["CHECKS", "DAMAGES", "NEEDS_CAUSE", "REMOVES", "REPLACED", "UNTOLD", "Narration", "narrate", "told_events"]
