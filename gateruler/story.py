"""The story of a game: one sentence per log entry, each naming why it happened.

The engine's log says *what* happened (a unit took 3 damage, a card went to
the damage zone); a player also needs *why* (the Iron Warden intercepted, the
rift's attack pierced, End's rule destroyed it, that check did not count).
The log does not yet carry causes, so the teller reads them from the order of
the entries, as a person watching the table would:

- an `attack` opens a battle: damage to the attacker before the target is hit
  is intercept, after it counterattack; battle damage to a ruler behind a
  destroyed defense unit is pierce;
- an `ability` or a played `event` opens an effect: the entries its effects
  can make (damage, destroy, modify, ...) are its doing until they run out;
- `ruler_damage` opens a damage check of so many cards: each `check` is one
  of them, and says whether it counted;
- the start of a rift turn under a start-of-turn rule (level 2's End) opens
  that rule: the destroys before the first drive are its doing;
- a prevented damage and a unit that survives destruction name the card
  that did it in the entry itself (`by`), and the damage they answer is the
  open battle's or effect's.

Where the order cannot tell (see `UNTOLD`), a sentence says the cause is not
in the log rather than guess.  docs/play.md lists what the engine would have
to log for the guesses to become facts.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from gateruler.engine import INVADER, PLAYER, RULER, Game
from gateruler.engine.actions import SLOT_WORDS
from gateruler.engine.events import describe
from gateruler.render import ability_words, effect_words, its, loss_words, whose
from gateruler.special_rules import DESTROY_ALL_PLAYER_UNITS
from gateruler.engine.abilities import Ability
from gateruler.engine.effects.base import Effect
from gateruler.engine.targets import Chosen, RulerTarget, SelfTarget
from gateruler.engine.triggers import ACTIVATED, CNT, CONTINUOUS, ON_ATTACK, ON_DESTROYED, ON_ENTER, ON_GENESIS_SUMMON, ON_PLAY, REPLACEMENT, START_OF_TURN, TOUCHDOWN
from gateruler.invader import EndKnight, EndTurns
from gateruler.variants import of_game
from gateruler.vocabulary import CardType, SpecialRuleKind

# entries that need a cause: they take a card away, change damage, or are one card of a damage check
REMOVES = frozenset({"destroy", "replace", "discard_lowest", "to_graveyard", "mill", "move", "set_destroyed"})
DAMAGES = frozenset({"damage_unit", "ruler_damage"})
CHECKS = frozenset({"check"})
REPLACED = frozenset({"damage_prevented", "survived"})  # what a replacement changed: it names its card
NEEDS_CAUSE = REMOVES | DAMAGES | CHECKS | REPLACED
UNTOLD = "cause not in the log"

FIRST_EMPTY = "first empty zone of left attack, right attack, defense"
RIFT_TARGETS = "it attacks your left attack unit, else your defense unit, else you"

# which log entries each kind of effect makes
_EFFECT_ENTRIES = {
    "damage": frozenset({"damage_unit", "ruler_damage"}),
    "destroy": frozenset({"destroy"}),
    "destroy_set_cards": frozenset({"set_destroyed"}),
    "modify": frozenset({"modify"}),
    "draw": frozenset({"draw", "drive"}),
    "mill": frozenset({"mill"}),
    "move": frozenset({"move"}),
    "reuse_on_enter": frozenset({"ability"}),
    "split_damage": frozenset({"damage_unit", "no_effect"}),
    "carry_through": frozenset({"carry_through"}),
    "prevent_damage": frozenset({"shield"}),
    "grant": frozenset({"grant"}),
    "act": frozenset({"act"}),
    "rest": frozenset({"rest"}),
    "genesis_summon": frozenset({"to_deck", "shuffle", "summon", "ability"}),
}


# which log entries each cost makes that need a cause (the others are told as they are)
_COST_ENTRIES = {"destroy": frozenset({"destroy"}), "return": frozenset({"move"})}


def _single(effect: Effect) -> bool:
    """Whether the effect acts on one thing: one chosen card, the card itself or a ruler."""
    target = effect.target
    return isinstance(target, (SelfTarget, RulerTarget)) or (isinstance(target, Chosen) and target.count == 1)


def _entries(effect: Effect) -> frozenset[str]:
    """The log entries one effect can make: damage to a ruler is a ruler_damage, to a unit a damage_unit."""
    kinds = _EFFECT_ENTRIES.get(effect.kind, frozenset())
    if effect.kind == "damage":
        kinds = frozenset({"ruler_damage"}) if isinstance(effect.target, RulerTarget) else frozenset({"damage_unit"})
    if isinstance(effect.target, Chosen) or effect.kind == "move":
        kinds |= {"no_effect"}  # nothing to choose, or no zone to move to
    return kinds


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


@attrs.define
class _Battle:
    side: int
    attacker: int  # iid, -1 for a ruler
    attacker_name: str
    target_slot: int
    target: int
    target_hit: bool = False
    attack_words: str = ""  # "your ruler's attack", "the rift's own attack"
    carried: bool = False  # it went on to the ruler (Honoikazuchi's carry-through)


@attrs.define
class _Effect:
    """An ability or event whose effects are resolving, and the entries they can still make."""

    source: int
    words: str  # "Flame Bolt", "Backlash Ward's CNT", "level 4's rule for ..."
    pending: list[tuple[frozenset[str], bool, bool]]  # per cost, then per effect: the entries it makes, whether just one, whether a cost
    paid: bool = False  # the last entry claimed was a cost's

    def claims(self, kind: str) -> bool:
        """True when the next cost or effect able to make `kind` is found (skipping those that made nothing)."""
        while self.pending:
            kinds, single, cost = self.pending[0]
            if kind in kinds:
                if single:
                    self.pending.pop(0)
                self.paid = cost
                return True
            self.pending.pop(0)
        return False

    def cause(self) -> str:
        """What the last claimed entry was: paid for the ability, or done by it."""
        return f"to pay for {self.words}" if self.paid else f"by {self.words}"


@attrs.define
class _Check:
    side: int
    amount: int
    cause: str
    done: int = 0


@attrs.define
class _StartRule:
    """A start-of-turn rule that holds this turn: its destroys come before the first drive (or draw)."""

    level: int
    card_name: str
    own_name: str
    own_destroyed: bool = False
    victim_done: bool = False
    turns: str = "rift turn"  # "rift turn", or "turn" when the rule acts in every turn (end_rule_turns=every_turn)


class _Teller:
    """Turns log entries into sentences, remembering what the sentences need.

    Entries alone do not say how full a damage zone is, why the rift put a
    unit where it did, or what caused a damage; the teller keeps the board,
    the open battle, the open effects and the open damage checks."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = game.setup.names
        self.damage = [0, 0]
        self.turn_side: int | None = None
        self.previous: tuple | None = None
        self.board: dict[int, tuple[int, int]] = {}  # iid -> (side, slot)
        self.battle: _Battle | None = None
        self.effects: list[_Effect] = []
        self.checks: list[_Check] = []
        self.start_rule: _StartRule | None = None
        self.sacrificed = -1  # the unit End's rule is destroying as its "Dark Knight"
        self.readings = of_game(game.setup.rules, game.setup.opponent)

    # ------------------------------------------------------------------ the board, as the log has it
    def _move_board(self, entry: tuple) -> None:
        _turn, kind, side, *a = entry
        if kind == "summon":
            self.board[a[0]] = (side, a[1])
        elif kind in ("replace", "destroy", "discard_lowest", "move", "to_deck"):
            self.board.pop(a[0], None)

    def _on_board(self, card_id: str, side: int) -> bool:
        return any(s == side and self.game.card(i).id == card_id for i, (s, _) in self.board.items())

    # ------------------------------------------------------------------ telling
    def tell(self, index: int, entry: tuple) -> Narration | None:
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
            self.battle = None
            self.effects.clear()
            return f"{a[0].capitalize()} phase."
        if kind == "drive" and side == INVADER:
            self._structural()
            return f"The rift drove {name(a[0])} ({self._drive_note(a[0])})."
        if kind in ("draw", "drive"):
            if not self._effect_claims(kind):
                self._structural()
            return describe(entry, self.names)
        if kind == "summon":
            return self._summon(side, a[0], a[1])
        if kind == "replace":
            cause = "to make room for a new unit"
            return f"{whose(side).capitalize()} {name(a[0])} went to the graveyard from {its(side)} {SLOT_WORDS[a[1]]} {cause}.", cause
        if kind == "discard_lowest":
            return self._discard(a[0])
        if kind == "to_graveyard":
            return self._to_graveyard(side, a[0], a[1])
        if kind == "event":
            self._structural(answer=side == PLAYER)
            self._open_effect(a[0], ON_PLAY, name(a[0]))
            who = "You" if side == PLAYER else "The rift"
            return f"{who} played {name(a[0])}."
        if kind in ("set", "field"):
            self._structural()
            return describe(entry, self.names)
        if kind == "ability":
            return self._ability(side, a[0], a[1])
        if kind == "activate":
            return self._activate(a[0], a[1])
        if kind == "no_effect":
            return self._no_effect(a[0])
        if kind == "attack":
            return self._attack(turn, side, *a)
        if kind == "damage_unit":
            return self._damage_unit(a[0], a[1], a[2])
        if kind == "destroy":
            return self._destroy(side, a[0])
        if kind == "deck_to_damage":
            self.damage[side] += 1
            return f"{name(a[0])} went from {whose(side)} deck into {its(side)} damage zone, paid as a cost ({self.damage[side]} of {self.game.life(side)})."
        if kind == "sacrifice":
            self.sacrificed = a[0]
            return None  # the destroy that follows names the rule
        if kind == "ruler_damage":
            return self._ruler_damage(side, a[0], a[1])
        if kind == "check":
            return self._check(side, a[0], a[1])
        if kind in ("mill", "move", "set_destroyed", "modify"):
            return self._effect_entry(entry)
        if kind == "carry_through":
            return self._carry_through(side, a[0], a[2])
        if kind == "shield":
            return self._shield(entry)
        if kind == "damage_prevented":
            return self._prevented(side, a[0], a[1], a[2], a[3])
        if kind == "survived":
            return self._survived(a[0], a[1], a[2])
        if kind == "loss":
            return f"{'You lose' if side == PLAYER else 'The rift is defeated'}: {loss_words(self.game, side, a[0])}."
        return describe(entry, self.names)

    def _cnt_ignored(self, card_id: str) -> bool:
        """Whether the level ignores this rift card's CNT effect (or all its effects)."""
        return _ignoring_rules(self.game, card_id)

    # ------------------------------------------------------------------ turns, drives, summons
    def _structural(self, answer: bool = False) -> None:
        """A new thing begins: the battle and the effects before it are over.

        `answer`: the player's play; in the rift's turn it answers in a priority window
        (engine/windows.py), and the rift's battle goes on around it."""
        if not (answer and self.turn_side == INVADER):
            self.battle = None
        self.effects.clear()
        self.start_rule = None

    def _turn(self, turn: int, side: int) -> str:
        self._structural()
        self.checks.clear()
        self.turn_side = side
        every_turn = self.readings.rift.end_rule_turns is EndTurns.EVERY_TURN
        if side == INVADER or every_turn:
            for rule in self.game.setup.level.rules_of(SpecialRuleKind.SACRIFICE_AT_START):
                card_id = str(rule.param("card"))
                if self._on_board(card_id, INVADER):
                    card = next(d for d in self.game.setup.defs if d.id == card_id)
                    turns = "turn" if every_turn else "rift turn"
                    self.start_rule = _StartRule(self.game.setup.level.number, card.name, str(rule.param("own_name_contains")), turns=turns)
        return f"--- Turn {turn}: {whose(side)} turn ---"

    def _drive_note(self, iid: int) -> str:
        card = self.game.card(iid)
        if card.type is CardType.UNIT:
            return f"a level {card.level} unit"
        if card.type is CardType.EVENT:
            return "an event: the rift uses it at once"
        return "a field: the rift has no field zone, so it goes to the graveyard"

    def _summon(self, side: int, iid: int, slot: int) -> str:
        if side == PLAYER:
            self._structural(answer=True)  # the player's summons are decisions, never an effect's doing
            return f"You summoned {self._name(iid)} to your {SLOT_WORDS[slot]}."
        why = "into the zone that was freed" if self.previous and self.previous[1] == "discard_lowest" else FIRST_EMPTY
        return f"The rift summoned {self._name(iid)} to its {SLOT_WORDS[slot]} ({why})."

    def _discard(self, iid: int) -> tuple[str, str]:
        lvl = self.game.card(iid).level
        if self.previous and self.previous[1] == "drive" and self.previous[3] == iid:
            cause = "is lower than every unit there"
            return f"Its board was full and {self._name(iid)} (level {lvl}) {cause}: it went straight to the graveyard.", cause
        cause = "the lowest level there"
        return f"Its board was full: {self._name(iid)} (level {lvl}), {cause}, went to the graveyard to make room.", cause

    def _to_graveyard(self, side: int, iid: int, zone: str) -> tuple[str, str]:
        if side == INVADER and zone == "drive":
            cause = "the rift has no field zone"
            return f"The rift drove the field {self._name(iid)}, but {cause}: it went to the graveyard.", cause
        if zone == "drive zone":
            cause = "cards left in the drive zone go there when the main phase ends"
            return f"{self._name(iid)} went to {whose(side)} graveyard: {cause}.", cause
        return f"{self._name(iid)} went to {whose(side)} graveyard from the {zone} ({UNTOLD}).", UNTOLD

    # ------------------------------------------------------------------ effects
    def _open_effect(self, iid: int, trigger: str, words: str, abilities: Sequence[Ability] | None = None) -> None:
        abilities = self.game.card(iid).abilities_for(trigger) if abilities is None else abilities
        pending = []
        for ab in abilities:
            pending += [(_COST_ENTRIES[c.word], True, True) for c in ab.costs if c.word in _COST_ENTRIES]
            pending += [(_entries(e), _single(e), False) for e in ab.effects]
        if pending:
            self.effects.append(_Effect(iid, words, pending))

    def _effect_claims(self, kind: str) -> _Effect | None:
        """The open effect that made an entry of `kind`, innermost first; effects that are done are closed."""
        while self.effects:
            top = self.effects[-1]
            if top.claims(kind):
                return top
            self.effects.pop()
        return None

    def _ability(self, side: int, iid: int, trigger: str) -> str | None:
        card = self.game.card(iid)
        abilities = card.abilities_for(trigger)
        if trigger == REPLACEMENT:
            return self._instead(iid)
        if trigger == CNT:
            words = f"{card.name}'s CNT"
        elif DESTROY_ALL_PLAYER_UNITS in abilities:
            words = f"level {self.game.setup.level.number}'s rule for {card.name}"
        elif trigger == ON_PLAY:
            words = card.name
        else:
            words = f"{card.name}'s ability"
        if trigger != ON_PLAY:  # a played event opened its effects already
            if trigger == ON_ENTER and self.effects and self.effects[-1].source == iid:
                self.effects[-1].claims("ability")  # REUSE_ON_ENTER: the same card's entering ability
            self._open_effect(iid, trigger, words, abilities)
        texts = " ".join(ability_words(ab) for ab in abilities)
        if not texts:
            return describe((0, "ability", side, iid, trigger), self.names)
        if trigger == ON_PLAY:
            return f"{card.name}: {texts}"
        return f"{card.name} ({TRIGGER_LABELS.get(trigger, trigger)}): {texts}"

    def _instead(self, iid: int) -> str:
        """What a replacement does instead: the effects after the replacement word of the ability that
        just applied (the entry before names the event it answered: a prevented damage or a survival)."""
        card = self.game.card(iid)
        hook = "destroy" if self.previous is not None and self.previous[1] == "survived" else "damage"
        ability = next(ab for ab in card.abilities_for(REPLACEMENT) if ab.effects[0].hook == hook and len(ab.effects) > 1)
        words = f"{card.name}'s replacement"
        self._open_effect(iid, REPLACEMENT, words, [attrs.evolve(ability, effects=ability.effects[1:], costs=())])
        return f"Instead ({words}): {'; '.join(effect_words(e) for e in ability.effects[1:])}."

    def _activate(self, iid: int, timing: str) -> str:
        """The player uses an activated ability: what it does is told, and its effects are its entries' cause."""
        self._structural()
        card = self.game.card(iid)
        abilities = [ab for ab in card.abilities if ab.trigger == ACTIVATED and ab.timing == timing]
        words = f"{card.name}'s {'OD ' if timing == 'overdrive' else ''}ability"
        self._open_effect(iid, ACTIVATED, words, abilities)
        return f"You use {words}: {' '.join(ability_words(ab) for ab in abilities)}"

    def _no_effect(self, iid: int) -> str:
        card = self.game.card(iid)
        if self.previous and self.previous[1] == "event" and not card.abilities_for(ON_PLAY):
            return f"{card.name} has no effect: it has no abilities in our card data."
        effect = self._effect_claims("no_effect")
        words = effect.words if effect is not None else f"{card.name}'s effect"
        return f"{_cap(words)} has no effect: there is no unit it could choose, or no zone to move the unit to."

    def _effect_entry(self, entry: tuple) -> tuple[str, str]:
        _turn, kind, side, *a = entry
        effect = self._effect_claims(kind)
        cause = effect.cause() if effect else UNTOLD
        name = self._name
        if kind == "mill":
            return f"{name(a[0])} went from {whose(side)} deck to the graveyard ({cause}).", cause
        if kind == "move":
            return f"{whose(side).capitalize()} {name(a[0])} was returned to {its(side)} {a[1]} ({cause}).", cause
        if kind == "set_destroyed":
            return f"{name(a[0])} in {whose(side)} set zone was destroyed ({cause}).", cause
        parts = [f"{label} {value:+d}" for label, value in zip(("ATK", "HP", "STK"), a[1:]) if value]
        who = ("your ruler" if side == PLAYER else "the rift itself") if a[0] == -1 else self._unit(a[0])
        return f"{who[0].upper()}{who[1:]} gets {', '.join(parts)} ({cause}).", cause

    # ------------------------------------------------------------------ battle
    def _attack(self, turn: int, side: int, attacker: int, target_slot: int, target: int) -> str:
        self._structural()
        names = self.names
        if side == INVADER:
            who = "The rift itself" if attacker == -1 else f"The rift's {names[attacker]}"
            what = "you" if target_slot == RULER else f"your {names[target]} in your {SLOT_WORDS[target_slot]}"
            why = RIFT_TARGETS
            if turn == 1:
                why = "going first, it has one attack on turn 1 and makes it itself"
            text = f"{who} attacks {what} ({why})."
        else:
            who = "Your ruler" if attacker == -1 else f"Your {names[attacker]}"
            what = "the rift itself" if target_slot == RULER else f"the rift's {names[target]} in its {SLOT_WORDS[target_slot]}"
            text = f"{who} attacks {what}."
        attacker_name = ("your ruler" if side == PLAYER else "the rift itself") if attacker == -1 else f"{whose(side)} {names[attacker]}"
        self.battle = _Battle(side, attacker, attacker_name, target_slot, target)
        self.battle.attack_words = "the rift's own attack" if (attacker == -1 and side == INVADER) else f"{attacker_name}'s attack"
        return text

    def _damage_unit(self, iid: int, amount: int, total: int) -> tuple[str, str]:
        unit = self._unit(iid)
        tail = f"({total} in all)"
        effect = self._effect_claims("damage_unit")
        if effect is not None:
            cause = f"from {effect.words}"
            return f"{_cap(unit)} takes {amount} damage {cause} {tail}.", cause
        battle = self.battle
        if battle is not None and battle.attacker >= 0:
            target = f"{whose(1 - battle.side)} {self.names[battle.target]}" if battle.target >= 0 else ""
            if iid == battle.attacker and not battle.target_hit:
                cause = f"intercept: {target} deals its ATK to the attacker first"
                return f"{_cap(cause)}: {unit} takes {amount} damage {tail}.", cause
            if iid == battle.attacker:
                cause = f"counterattack: {target} survives and strikes back with its ATK"
                return f"{_cap(cause)}: {unit} takes {amount} damage {tail}.", cause
        if battle is not None and iid == battle.target:
            battle.target_hit = True
            cause = f"from {battle.attack_words}"
            return f"{_cap(unit)} takes {amount} damage {cause} {tail}.", cause
        return f"{_cap(unit)} takes {amount} damage ({UNTOLD}) {tail}.", UNTOLD

    def _destroy(self, side: int, iid: int) -> tuple[str, str]:
        unit = self._unit(iid)
        where = self.board.get(iid)
        zone = f" in {its(side)} {SLOT_WORDS[where[1]]}" if where else ""
        previous = self.previous
        if previous and previous[1] == "damage_unit" and previous[3] == iid:
            cause = f"its {previous[5]} damage reached its HP"
            return f"{_cap(unit)} was destroyed: {cause}.", cause
        rule = self.start_rule
        if rule is not None and self.sacrificed == iid:
            self.sacrificed = -1
            rule.own_destroyed = True
            cause = f"level {rule.level}'s start-of-turn rule"
            whose_knight = "your" if side == PLAYER else "its own"
            return (
                f"{_cap(cause)} (while {rule.card_name} is on the rift's board, every {rule.turns} begins so): "
                f'the rift destroyed {whose_knight} {self.names[iid]}{zone}, a "{rule.own_name}" unit.'
            ), cause
        if rule is not None and side == PLAYER and not rule.victim_done and not self.effects:
            rule.victim_done = True
            cause = f"level {rule.level}'s start-of-turn rule"
            text = f"{_cap(cause)}: your {self.names[iid]}{zone} was destroyed"
            if rule.own_destroyed:
                return text + " too (your left attack zone first, then right attack, then defense).", cause
            if self.readings.rift.end_rule_knight is EndKnight.ANY:
                knight, none = f'a "{rule.own_name}" unit on the field', f'there was no "{rule.own_name}" unit on the field'
            else:
                knight, none = f'one of its "{rule.own_name}" units', f'it had no "{rule.own_name}" unit on its board'
            return text + (
                f" (while {rule.card_name} is on the rift's board, every {rule.turns} begins with {knight} "
                f"and one of yours destroyed; {none}, and yours is destroyed anyway)."
            ), cause
        effect = self._effect_claims("destroy")
        if effect is not None:
            cause = effect.cause()
            return f"{_cap(unit)}{zone} was destroyed {cause}.", cause
        if previous and previous[1] == "modify" and previous[3] == iid:
            cause = "its HP fell to its damage or below"
            return f"{_cap(unit)} was destroyed: {cause}.", cause
        return f"{_cap(unit)}{zone} was destroyed ({UNTOLD}).", UNTOLD

    # ------------------------------------------------------------------ split damage and replacements
    def _carry_through(self, side: int, attacker: int, destroyed: int) -> str:
        self._effect_claims("carry_through")
        foe = "the rift itself" if side == PLAYER else "you"
        text = (
            f"{whose(side).capitalize()} {self.names[attacker]}'s attack goes on to {foe}: its ability destroyed "
            f"{whose(1 - side)} {self.names[destroyed]} in the attacked line."
        )
        b = self.battle
        if b is not None and b.attacker == attacker:
            b.target_slot, b.target, b.carried = RULER, -1, True
        return text

    def _shield(self, entry: tuple) -> str:
        self._effect_claims("shield")  # the entry names the card that armed it
        return describe(entry, self.names)

    def _damage_words(self, side: int, iid: int) -> str:
        """What the damage a replacement answers comes from: the open battle's attack, or the open effect."""
        b = self.battle
        if b is not None and (iid == b.target or (iid == -1 and b.target_slot == RULER and b.side != side)):
            if iid >= 0:
                b.target_hit = True
            return f"{b.attack_words}"
        if b is not None and b.attacker >= 0 and iid == b.attacker:
            return "the strike back"
        if self.effects:
            return self.effects[-1].words
        return ""

    def _prevented(self, side: int, iid: int, prevented: int, left: int, by: int) -> tuple[str, str]:
        hit = ("you" if side == PLAYER else "the rift itself") if iid == -1 else self._unit(iid)
        source = self._damage_words(side, iid)
        damage = f"of the {prevented + left} damage {source} would deal" if source else f"of {prevented + left} damage"
        cause = f"prevented by {self.names[by]}"
        rest = "none is dealt" if left == 0 else f"{left} is dealt"
        return f"{_cap(cause)}: {prevented} {damage} to {hit} ({rest}).", cause

    def _survived(self, iid: int, by: int, total: int) -> tuple[str, str]:
        unit = self._unit(iid)
        cause = "its own ability keeps it on the board" if by == iid else f"{self.names[by]} keeps it on the board"
        after = "its damage is now 0" if total == 0 else f"it keeps its {total} damage"
        return f"{_cap(unit)} would have been destroyed, but {cause} ({after}).", cause

    # ------------------------------------------------------------------ damage checks
    def _ruler_damage(self, side: int, amount: int, battle: bool) -> tuple[str, str]:
        who = "You take" if side == PLAYER else "The rift takes"
        plural = "s" if amount != 1 else ""
        b = self.battle
        if battle and b is not None and b.target_slot != RULER:
            cause = f"pierce: {b.attacker_name} destroyed {its(side)} defense unit, and its STK {amount} carries through"
            text = f"{_cap(cause)}. {who} {amount} battle damage: {amount} damage check{plural}."
        elif battle and b is not None and b.carried:
            cause = f"from {b.attack_words}, gone on to {'you' if side == PLAYER else 'the rift itself'} (STK {amount})"
            text = f"{who} {amount} battle damage {cause}: {amount} damage check{plural}."
        elif battle and b is not None:
            cause = f"from {b.attack_words} (STK {amount})"
            text = f"{who} {amount} battle damage {cause}: {amount} damage check{plural}."
        elif not battle and (effect := self._effect_claims("ruler_damage")) is not None:
            cause = f"from {effect.words}"
            text = f"{who} {amount} damage {cause}: {amount} damage check{plural}."
        else:
            cause = UNTOLD
            text = f"{who} {amount} {'battle ' if battle else ''}damage ({UNTOLD}): {amount} damage check{plural}."
        self.checks.append(_Check(side, amount, cause))
        return text, cause

    def _check(self, side: int, iid: int, result: str) -> tuple[str, str]:
        open_check = next((c for c in reversed(self.checks) if c.side == side and c.done < c.amount), None)
        if open_check is not None:
            open_check.done += 1
            head = f"Damage check {open_check.done} of {open_check.amount}"
            while self.checks and self.checks[-1].done >= self.checks[-1].amount:
                self.checks.pop()
        else:
            head = "Damage check"
        card = self.game.card(iid)
        name = card.name
        if result == "cnt":
            cause = "it has CNT, so this check does not count"
            if card.abilities_for(CNT):
                return f"{head}: {name} goes to {whose(side)} graveyard: {cause}; its CNT takes effect.", cause
            if side == INVADER and self._cnt_ignored(card.id):
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


def _ignoring_rules(game: Game, card_id: str) -> bool:
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
