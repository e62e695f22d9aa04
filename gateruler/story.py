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

import attrs

from gateruler.engine import INVADER, PLAYER, RULER, Game
from gateruler.engine.actions import SLOT_WORDS
from gateruler.engine.events import BATTLE_CAUSES, Cause, describe, padded
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

# entries that need a cause: they take a card away, change damage, or are one card of a damage check
REMOVES = frozenset(
    {
        "destroy",
        "replace",
        "discard_lowest",
        "to_graveyard",
        "mill",
        "move",
        "set_destroyed",
        "discard",
        "remove",
        "to_deck",
        "soul_to_graveyard",
        "deck_to_damage",
    }
)
DAMAGES = frozenset({"damage_unit", "ruler_damage"})
CHECKS = frozenset({"check", "check_deck_out"})
REPLACED = frozenset({"damage_prevented", "survived"})  # what a replacement changed: it names its card
NEEDS_CAUSE = REMOVES | DAMAGES | CHECKS | REPLACED
UNTOLD = "cause not in the log"

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
    damage, and which level rules acted this turn."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = game.setup.names
        self.damage = [0, 0]
        self.turn_side: int | None = None
        self.previous: tuple | None = None
        self.board: dict[int, tuple[int, int]] = {}  # iid -> (side, slot)
        self.unit_damage: dict[int, int] = {}  # iid -> its damage, as its last damage_unit said
        self.rules: dict[int, str] = {}  # a level rule's card -> the rule word it last acted with
        self.own_destroyed: set[int] = (
            set()
        )  # start-of-turn rules' cards that destroyed their "Dark Knight" unit this time
        self.readings = of_game(game.setup.rules, game.setup.opponent)

    # ------------------------------------------------------------------ the board, as the log has it
    def _move_board(self, entry: tuple) -> None:
        _turn, kind, side, *a = entry
        if kind == "summon":
            self.board[a[0]] = (side, a[1])
        elif kind in ("replace", "destroy", "discard_lowest", "move", "to_deck"):
            self.board.pop(a[0], None)

    # ------------------------------------------------------------------ telling
    def tell(self, index: int, entry: tuple) -> Narration | None:
        entry = padded(entry)  # an entry short of its kind's fields is told without what it lacks
        turn, kind, side, *_ = entry
        told = self._sentence(entry)
        self._move_board(entry)
        self.previous = entry
        if told is None:
            return None
        text, cause = told if isinstance(told, tuple) else (told, None)
        return Narration(text, turn, self.turn_side == INVADER, kind, cause, index)

    def _name(self, iid: int) -> str:
        return self.names[iid]

    def _unit(self, iid: int) -> str:
        """ "your Iron Warden", "the rift's omen moth"."""
        side = self.board.get(iid, (self.game.setup.owners[iid], 0))[0]
        return f"{whose(side)} {self.names[iid]}"

    def _sentence(self, entry: tuple) -> str | tuple[str, str] | None:
        turn, kind, side, *a = entry
        name = self._name
        if kind == "setup":
            return None
        if kind == "turn":
            return self._turn(turn, side)
        if kind == "phase":
            return f"{a[0].capitalize()} phase."
        if kind == "drive" and side == INVADER:
            return f"The rift drove {name(a[0])} ({self._drive_note(a[0])})."
        if kind in ("draw", "drive"):
            return self._draw(entry)
        if kind == "summon":
            return self._summon(side, a[0], a[1])
        if kind == "replace":
            cause = "to make room for a new unit"
            return (
                f"{whose(side).capitalize()} {name(a[0])} went to the graveyard from {its(side)} {SLOT_WORDS[a[1]]} {cause}.",
                cause,
            )
        if kind == "discard_lowest":
            return self._discard(a[0])
        if kind == "to_graveyard":
            return self._to_graveyard(side, a[0], a[1])
        if kind == "event":
            return f"{'You' if side == PLAYER else 'The rift'} played {name(a[0])}."
        if kind in ("set", "field"):
            return describe(entry, self.names)
        if kind == "ability":
            return self._ability(side, a[0], a[1])
        if kind == "activate":
            return self._activate(a[0], a[1])
        if kind == "special_rule":
            return self._special_rule(a[0], a[1])
        if kind == "no_effect":
            return self._no_effect(a[0], a[1], a[2])
        if kind == "attack":
            return self._attack(turn, side, *a)
        if kind == "damage_unit":
            return self._damage_unit(*a)
        if kind == "destroy":
            return self._destroy(side, *a)
        if kind == "deck_to_damage":
            self.damage[side] += 1
            cause = self._by(a[1], a[2])
            return (
                f"{name(a[0])} went from {whose(side)} deck into {its(side)} damage zone {cause} ({self.damage[side]} of {self.game.life(side)}).",
                cause,
            )
        if kind == "sacrifice":
            return None  # the destroy that follows names the rule
        if kind == "ruler_damage":
            return self._ruler_damage(side, *a)
        if kind == "check":
            return self._check(side, *a)
        if kind == "check_deck_out":
            return self._deck_out(side, a[0], a[1])
        if kind in ("mill", "move", "set_destroyed", "modify", "discard", "remove", "to_deck", "soul_to_graveyard"):
            return self._effect_entry(entry)
        if kind == "carry_through":
            return self._carry_through(side, a[0], a[2])
        if kind == "shield":
            return describe(entry, self.names)
        if kind == "damage_prevented":
            return self._prevented(side, *a)
        if kind == "survived":
            return self._survived(a[0], a[1], a[2])
        if kind == "loss":
            return f"{'You lose' if side == PLAYER else 'The rift is defeated'}: {loss_words(self.game, side, a[0])}."
        return describe(entry, self.names)

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
    def _turn(self, turn: int, side: int) -> str:
        self.turn_side = side
        return f"--- Turn {turn}: {whose(side)} turn ---"

    def _drive_note(self, iid: int) -> str:
        card = self.game.card(iid)
        if card.type is CardType.UNIT:
            return f"a level {card.level} unit"
        if card.type is CardType.EVENT:
            return "an event: the rift uses it at once"
        return "a field: the rift has no field zone, so it goes to the graveyard"

    def _draw(self, entry: tuple) -> str:
        _turn, kind, side, iid, source, reason = entry
        if source is None or reason in (Cause.TURN, Cause.OPENING):
            return describe(entry, self.names)
        verb = "drew" if kind == "draw" else "drove"
        return f"{'You' if side == PLAYER else 'The rift'} {verb} {self._name(iid)} ({self._by(source, reason)})."

    def _summon(self, side: int, iid: int, slot: int) -> str:
        if side == PLAYER:
            return f"You summoned {self._name(iid)} to your {SLOT_WORDS[slot]}."
        why = "into the zone that was freed" if self.previous and self.previous[1] == "discard_lowest" else FIRST_EMPTY
        return f"The rift summoned {self._name(iid)} to its {SLOT_WORDS[slot]} ({why})."

    def _discard(self, iid: int) -> tuple[str, str]:
        lvl = self.game.card(iid).level
        if self.previous and self.previous[1] == "drive" and self.previous[3] == iid:
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

    def _to_graveyard(self, side: int, iid: int, zone: str) -> tuple[str, str]:
        if side == INVADER and zone == "drive":
            cause = "the rift has no field zone"
            return f"The rift drove the field {self._name(iid)}, but {cause}: it went to the graveyard.", cause
        if zone == "drive zone":
            cause = "cards left in the drive zone go there when the main phase ends"
            return f"{self._name(iid)} went to {whose(side)} graveyard: {cause}.", cause
        return f"{self._name(iid)} went to {whose(side)} graveyard from the {zone} ({UNTOLD}).", UNTOLD

    # ------------------------------------------------------------------ abilities and what they did
    def _ability(self, side: int, iid: int, trigger: str) -> str | None:
        card = self.game.card(iid)
        if trigger == REPLACEMENT:
            return self._instead(iid)
        abilities = [ab for ab in card.abilities_for(trigger) if not ab.rule]  # a level rule's is told as the rule
        texts = " ".join(ability_words(ab) for ab in abilities)
        if not texts:
            return describe((0, "ability", side, iid, trigger), self.names)
        if trigger == ON_PLAY:
            return f"{card.name}: {texts}"
        return f"{card.name} ({TRIGGER_LABELS.get(trigger, trigger)}): {texts}"

    def _activate(self, iid: int, timing: str) -> str:
        """The player uses an activated ability: what it does is told (its entries name it as their cause)."""
        card = self.game.card(iid)
        abilities = [ab for ab in card.abilities if ab.trigger == ACTIVATED and ab.timing == timing]
        words = f"{card.name}'s {'OD ' if timing == 'overdrive' else ''}ability"
        return f"You use {words}: {' '.join(ability_words(ab) for ab in abilities)}"

    def _special_rule(self, rule: str, iid: int) -> str | None:
        """A level's rule acts: the board wipe is told like the ability it is; the start-of-turn rule by its destroys."""
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
        hook = "destroy" if self.previous is not None and self.previous[1] == "survived" else "damage"
        ability = next(
            ab for ab in card.abilities_for(REPLACEMENT) if ab.effects[0].hook == hook and len(ab.effects) > 1
        )
        return f"Instead ({card.name}'s replacement): {'; '.join(effect_words(e) for e in ability.effects[1:])}."

    def _no_effect(self, iid: int, reason: str | None, trigger: str | None) -> str:
        card = self.game.card(iid)
        if reason == Cause.NO_ABILITIES:
            return f"{card.name} has no effect: it has no abilities in our card data."
        words = _cap(self._doer(iid, trigger)) if trigger is not None else f"{card.name}'s effect"
        why = {
            Cause.NO_TARGET: "there is no unit it could choose",
            Cause.NO_ZONE: "there is no zone to move the unit to",
            Cause.NO_RULER_STATE: "the rift's ruler is never rested or readied",
            Cause.NO_MATERIAL: "its material cannot go back into the deck, or there is nothing to summon",
            Cause.NOT_IN_HAND: "the card is no longer in the hand",
        }.get(reason, "there is no unit it could choose, or no zone to move the unit to")
        return f"{words} has no effect: {why}."

    def _effect_entry(self, entry: tuple) -> tuple[str, str]:
        _turn, kind, side, *a = entry
        cause = self._by(a[-2], a[-1])
        name = self._name
        if kind == "mill":
            return f"{name(a[0])} went from {whose(side)} deck to the graveyard ({cause}).", cause
        if kind == "move":
            return f"{whose(side).capitalize()} {name(a[0])} was returned to {its(side)} {a[1]} ({cause}).", cause
        if kind == "set_destroyed":
            return f"{name(a[0])} in {whose(side)} set zone was destroyed ({cause}).", cause
        if kind == "discard":
            return f"{'You' if side == PLAYER else 'The rift'} discarded {name(a[0])} ({cause}).", cause
        if kind == "remove":
            return (
                f"{name(a[0])} was removed from the game from {whose(side)} {a[1].replace('_', ' ')} ({cause}).",
                cause,
            )
        if kind == "to_deck":
            return f"{whose(side).capitalize()} {name(a[0])} went back into {its(side)} deck ({cause}).", cause
        if kind == "soul_to_graveyard":
            return f"{name(a[0])} went from {name(a[1])}'s soul to {whose(side)} graveyard ({cause}).", cause
        parts = [f"{label} {value:+d}" for label, value in zip(("ATK", "HP", "STK"), a[1:4]) if value]
        who = ("your ruler" if side == PLAYER else "the rift itself") if a[0] == -1 else self._unit(a[0])
        return f"{who[0].upper()}{who[1:]} gets {', '.join(parts)} ({cause}).", cause

    # ------------------------------------------------------------------ battle
    def _attack(self, turn: int, side: int, attacker: int, target_slot: int, target: int) -> str:
        names = self.names
        if side == INVADER:
            who = "The rift itself" if attacker == -1 else f"The rift's {names[attacker]}"
            what = "you" if target_slot == RULER else f"your {names[target]} in your {SLOT_WORDS[target_slot]}"
            why = RIFT_TARGETS
            if turn == 1:
                why = "going first, it has one attack on turn 1 and makes it itself"
            return f"{who} attacks {what} ({why})."
        who = "Your ruler" if attacker == -1 else f"Your {names[attacker]}"
        what = (
            "the rift itself"
            if target_slot == RULER
            else f"the rift's {names[target]} in its {SLOT_WORDS[target_slot]}"
        )
        return f"{who} attacks {what}."

    def _damage_unit(
        self, iid: int, amount: int, total: int, source: int | None, reason: str | None
    ) -> tuple[str, str]:
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

    def _destroy(self, side: int, iid: int, source: int | None, reason: str | None) -> tuple[str, str]:
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
        previous = self.previous
        if previous is not None and previous[1] == "sacrifice" and previous[3] == iid:
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
    def _carry_through(self, side: int, attacker: int, destroyed: int) -> str:
        foe = "the rift itself" if side == PLAYER else "you"
        return (
            f"{whose(side).capitalize()} {self.names[attacker]}'s attack goes on to {foe}: its ability destroyed "
            f"{whose(1 - side)} {self.names[destroyed]} in the attacked line."
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

    def _prevented(
        self, side: int, iid: int, prevented: int, left: int, by: int, source: int | None, reason: str | None
    ) -> tuple[str, str]:
        hit = ("you" if side == PLAYER else "the rift itself") if iid == -1 else self._unit(iid)
        damage_side = self.board.get(iid, (side, 0))[0] if iid >= 0 else side
        dealer = self._damage_words(damage_side, source, reason)
        damage = f"of the {prevented + left} damage {dealer} would deal" if dealer else f"of {prevented + left} damage"
        cause = f"prevented by {self.names[by]}"
        rest = "none is dealt" if left == 0 else f"{left} is dealt"
        return f"{_cap(cause)}: {prevented} {damage} to {hit} ({rest}).", cause

    def _survived(self, iid: int, by: int, total: int) -> tuple[str, str]:
        unit = self._unit(iid)
        cause = "its own ability keeps it on the board" if by == iid else f"{self.names[by]} keeps it on the board"
        after = "its damage is now 0" if total == 0 else f"it keeps its {total} damage"
        self.unit_damage[iid] = total
        return f"{_cap(unit)} would have been destroyed, but {cause} ({after}).", cause

    # ------------------------------------------------------------------ damage checks
    def _ruler_damage(
        self, side: int, amount: int, battle: bool, source: int | None, reason: str | None
    ) -> tuple[str, str]:
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

    def _check(self, side: int, iid: int, result: str, index: int | None, of: int | None) -> tuple[str, str]:
        head = self._check_head(index, of)
        card = self.game.card(iid)
        name = card.name
        if result == "cnt":
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

    def _deck_out(self, side: int, index: int | None, of: int | None) -> tuple[str, str]:
        cause = f"{whose(side)} deck is empty"
        return f"{self._check_head(index, of)}: {cause}, so no card can be taken (deck-out).", cause


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
