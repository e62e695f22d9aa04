"""The event log: everything that happened, as compact tuples.

An entry is ``(turn, kind, side, *args)``.  Tuples keep logging cheap on the
hot path; `event_to_dict` gives the structured JSON form and `describe` the
words a person reads.  Card arguments are instance ids; both converters take
the game's definitions to name them.

Every entry that takes a card away, changes damage or is one card of a damage
check says why in the entry itself: a `source` (the card that did it, -1 a
ruler, None no card) and a `reason` (a `Cause` word, or the trigger of the
source's ability that did it: ``on_play``, ``cnt``, ``replacement``...); a
damage check's card says its place (`index` of `of`).  Those fields were added
after the first logs were written: `FIRST_FIELDS` says how many fields every
log has, and `padded` reads an older entry with None for the rest.
"""

from __future__ import annotations

from collections.abc import Sequence

from gateruler.engine.actions import RULER, SIDE_NAMES, SLOT_NAMES, SLOT_WORDS

# kind -> names of the arguments after (turn, kind, side)
FIELDS: dict[str, tuple[str, ...]] = {
    "setup": (),
    "turn": (),
    "phase": ("phase",),
    "draw": (
        "card",
        "source",
        "reason",
    ),  # reason: "opening", "turn" (the start phase's), or the trigger of source's ability
    "drive": ("card", "source", "reason"),
    "summon": ("card", "zone"),
    "replace": ("card", "zone"),
    "discard_lowest": ("card",),
    "to_graveyard": ("card", "from"),
    "event": ("card",),
    "set": ("card", "set_zone"),
    "field": ("card",),
    "ability": ("card", "trigger"),
    "no_effect": (
        "card",
        "reason",
        "trigger",
    ),  # card: the card whose ability (with that trigger) did nothing; reason: NO_* below
    "attack": ("attacker", "target_zone", "target"),
    "damage_unit": ("card", "amount", "total", "source", "reason"),
    "destroy": ("card", "source", "reason"),
    "ruler_damage": ("amount", "battle", "source", "reason"),
    "check": (
        "card",
        "result",
        "index",
        "of",
    ),  # card `index` (from 1) of a damage check of `of` cards (its ruler_damage's amount)
    "mill": ("card", "source", "reason"),
    "move": ("card", "to", "source", "reason"),
    "set_destroyed": ("card", "source", "reason"),
    "modify": ("card", "atk", "hp", "stk", "source", "reason"),
    "sacrifice": ("card",),
    "loss": ("reason",),
    "game_over": ("winner",),
    # costs and decisions (gateruler/engine/costs.py, resolve.py)
    "unpaid": ("card",),  # the card's ability could not pay its costs: it does nothing
    "declined": ("card",),  # its controller chose not to use an optional ability or effect
    "pay_energy": ("card", "amount"),
    "discard": ("card", "source", "reason"),  # paid for source's ability (reason "cost")
    "rest": ("card",),  # a unit, or the ruler (-1), rested to pay a cost
    "deck_to_damage": ("card", "source", "reason"),  # put from the deck into the damage zone, no damage check
    "remove": ("card", "from", "source", "reason"),  # removed from the game
    # split damage and replacements (gateruler/engine/effects/split.py, replace.py)
    "carry_through": (
        "attacker",
        "target_zone",
        "target",
    ),  # the attack goes on to the ruler: the unit it targeted was destroyed
    "shield": (
        "card",
        "protects",
        "amount",
        "by",
    ),  # a one-shot prevention waits: card -1 for "ruler"/"side"; amount 0 = all
    "damage_prevented": (
        "card",
        "prevented",
        "left",
        "by",
        "source",
        "reason",
    ),  # damage to a unit (-1: the ruler) prevented or reduced; source, reason: the damage's
    "survived": ("card", "by", "total"),  # a unit about to be destroyed stays on the board; total: its damage now
    # activated abilities, discounts, keyword grants, act/rest, genesis summon (activation.py, discount.py, effects/)
    "activate": ("card", "timing"),  # the player used the card's activated ability
    "discount": ("card",),  # the player plays the card from the hand for its discount
    "grant": ("card", "keyword"),  # a unit, or the ruler (-1), gained a keyword
    "act": ("card",),  # a unit, or the ruler (-1), was readied by an effect
    "to_deck": ("card", "source", "reason"),  # a unit went back into its owner's deck (shuffled in)
    # soul, special summons, searching and looking (effects/soul.py, summon.py, search.py)
    "soul": ("card", "host", "from"),  # put under the card `host` as its soul
    "soul_to_graveyard": (
        "card",
        "host",
        "source",
        "reason",
    ),  # a soul card of `host` went to the graveyard (paid: "cost"; its card left: "host_left")
    "special_summon": ("card", "from"),  # an effect special-summons the card from a zone (its `summon` follows)
    "found": ("card", "to"),  # a card taken from the deck by a search or a look, revealed, and where it went
    "look": ("card",),  # one of the top cards of a deck, looked at (the player sees it)
    "bottom": ("card",),  # put on the bottom of its deck (in the order chosen: the last one is the bottom card)
    "shuffle": (),  # the side's deck was shuffled
    # Soul guard (engine/replace.py)
    "soul_guard": (
        "card",
        "way",
    ),  # the unit stays in play instead of going `way`: one of its soul cards goes to the graveyard (soul_to_graveyard)
    # rule variants (gateruler/engine/rules.py)
    "damage_cleared": ("card",),  # the end phase removed the damage a unit bore (unit_damage=clears)
    # causes (see the module's doc)
    "special_rule": (
        "rule",
        "card",
    ),  # a level's special rule acts (its word), for its card: its destroys name it as their source
    "check_deck_out": ("index", "of"),  # card `index` of a damage check of `of` could not be taken: the deck is empty
}

FIRST_FIELDS: dict[str, int] = {kind: len(names) for kind, names in FIELDS.items()} | {
    "draw": 1,
    "drive": 1,
    "no_effect": 1,
    "damage_unit": 3,
    "destroy": 1,
    "ruler_damage": 2,
    "check": 2,
    "mill": 1,
    "move": 2,
    "set_destroyed": 1,
    "modify": 4,
    "damage_prevented": 4,
    "discard": 1,
    "deck_to_damage": 1,
    "remove": 2,
    "to_deck": 1,
    "soul_to_graveyard": 2,
}
"""kind -> how many of its fields every log has; logs written before the causes (saves) stop there."""


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


CAUSES = frozenset(v for k, v in vars(Cause).items() if k.isupper())
BATTLE_CAUSES = frozenset({Cause.ATTACK, Cause.INTERCEPT, Cause.COUNTERATTACK, Cause.PIERCE, Cause.CARRY_THROUGH})


def padded(entry: Sequence) -> tuple:
    """A log entry with all of its kind's fields: those an older log lacks are None."""
    entry = tuple(entry)
    missing = 3 + len(FIELDS.get(entry[1], ())) - len(entry) if len(entry) > 1 else 0
    return entry + (None,) * missing if missing > 0 else entry


CARD_FIELDS = frozenset({"card", "attacker", "target", "by", "host", "source"})


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
}


def _zone_name(value: object) -> object:
    if isinstance(value, int) and not isinstance(value, bool):
        return "ruler" if value == RULER else SLOT_NAMES[value]
    return value


def event_to_dict(event: Sequence, card_ids: Sequence[str]) -> dict:
    turn, kind, side, *args = event
    data: dict = {"turn": turn, "kind": kind, "side": SIDE_NAMES[side] if side is not None else None}
    for name, value in zip(FIELDS[kind], args):
        if name in CARD_FIELDS:
            value = card_ids[value] if isinstance(value, int) and value >= 0 else ("ruler" if value == -1 else value)
        elif name in ("zone", "target_zone"):
            value = _zone_name(value)
        data[name] = value
    return data


def describe(event: Sequence, names: Sequence[str]) -> str:
    """One line of plain words for an event; `names` maps iid -> card name."""
    turn, kind, side, *args = event
    who = "You" if side == 0 else "The rift"
    whose = "your" if side == 0 else "the rift's"
    foe = "the rift's" if side == 0 else "your"

    def name(iid: int) -> str:
        return "the ruler" if iid == -1 else names[iid]

    def why(source: object, reason: object) -> str:
        """ " (from Vaha's intercept)": the entry's cause in a few words, "" when it has none."""
        if reason is None or reason == Cause.TURN or reason == Cause.OPENING:
            return ""
        card = name(source) if isinstance(source, int) else ""
        words = _CAUSE_WORDS.get(reason)
        if words is None:  # the trigger of the source's ability
            return f" (by {card}'s {str(reason).replace('_', ' ')} ability)"
        return f" ({words.format(card=card)})"

    a = args
    a = a + [None] * (len(FIELDS.get(kind, ())) - len(a))  # an older log's entry: no cause
    if kind == "setup":
        return f"{who} set up."
    if kind == "turn":
        return f"Turn {turn}: {'your' if side == 0 else 'the rift'}{'' if side == 0 else chr(39) + 's'} turn."
    if kind == "phase":
        return f"{a[0].capitalize()} phase."
    if kind == "draw":
        return f"{who} drew {name(a[0]) if side == 0 else 'a card'}{why(a[1], a[2])}."
    if kind == "drive":
        return f"{who} drove {name(a[0])}{why(a[1], a[2])}."
    if kind == "summon":
        return f"{who} summoned {name(a[0])} to {whose} {SLOT_WORDS[a[1]]}."
    if kind == "replace":
        return f"{name(a[0])} was put into the graveyard from {whose} {SLOT_WORDS[a[1]]} to make room."
    if kind == "discard_lowest":
        return f"The rift's board was full: {name(a[0])}, its lowest-level unit, went to the graveyard."
    if kind == "to_graveyard":
        return f"{name(a[0])} went to {whose} graveyard from the {a[1]}."
    if kind == "event":
        return f"{who} played {name(a[0])}."
    if kind == "set":
        return (
            f"{who} set a card in set zone {a[1] + 1}."
            if side == 1
            else f"You set {name(a[0])} in set zone {a[1] + 1}."
        )
    if kind == "field":
        return f"{who} played the field {name(a[0])}."
    if kind == "ability":
        return f"{name(a[0])}'s {a[1].replace('_', ' ')} ability."
    if kind == "no_effect":
        return f"{name(a[0])} had no effect{f' ({_NO_EFFECT_WORDS[a[1]]})' if a[1] in _NO_EFFECT_WORDS else ''}."
    if kind == "attack":
        attacker = ("You" if side == 0 else "The rift") if a[0] == -1 else f"{whose.capitalize()} {name(a[0])}"
        if a[1] == RULER:
            target = "the rift" if side == 0 else "you"
        else:
            target = f"{foe} {name(a[2])} in {'its' if side == 0 else 'your'} {SLOT_WORDS[a[1]]}"
        return f"{attacker} attacked {target}."
    if kind == "damage_unit":
        return f"{name(a[0])} took {a[1]} damage ({a[2]} in all){why(a[3], a[4])}."
    if kind == "destroy":
        return f"{name(a[0])} was destroyed{why(a[1], a[2])}."
    if kind == "ruler_damage":
        return f"{'You take' if side == 0 else 'The rift takes'} {a[0]} damage{' (battle)' if a[1] else ''}{why(a[2], a[3])}."
    if kind == "check":
        where = "CNT: to the graveyard" if a[1] == "cnt" else "to the damage zone"
        place = f" {a[2]} of {a[3]}" if a[2] is not None else ""
        return f"Damage check{place}: {name(a[0])}, {where}."
    if kind == "check_deck_out":
        place = f" {a[0]} of {a[1]}" if a[0] is not None else ""
        return f"Damage check{place}: {whose} deck is empty (deck-out)."
    if kind == "special_rule":
        return f"The level's rule for {name(a[1])}: {str(a[0]).replace('_', ' ')}."
    if kind == "mill":
        return f"{name(a[0])} was milled from {whose} deck{why(a[1], a[2])}."
    if kind == "move":
        return f"{name(a[0])} was moved to {whose} {a[1]}{why(a[2], a[3])}."
    if kind == "set_destroyed":
        return f"{name(a[0])} in {whose} set zone was destroyed{why(a[1], a[2])}."
    if kind == "modify":
        parts = [f"{label} {value:+d}" for label, value in zip(("ATK", "HP", "STK"), a[1:4]) if value]
        return f"{name(a[0])}: {', '.join(parts)}{why(a[4], a[5])}."
    if kind == "sacrifice":
        return f"End's rule: the rift destroyed {'your' if side == 0 else 'its own'} {name(a[0])}."
    if kind == "loss":
        return f"{who} lost ({a[0]})."
    if kind == "unpaid":
        return f"{name(a[0])}'s ability could not be paid for: it did nothing."
    if kind == "declined":
        return f"{who} chose not to use {name(a[0])}'s ability."
    if kind == "pay_energy":
        return f"{who} rested {a[1]} energy for {name(a[0])}."
    if kind == "discard":
        return f"{who} discarded {name(a[0])}{why(a[1], a[2])}."
    if kind == "rest":
        return (
            f"{who} rested {'the ruler' if a[0] == -1 else name(a[0])}."
            if side == 0
            else f"The rift rested {name(a[0])}."
        )
    if kind == "deck_to_damage":
        return f"{name(a[0])} went from {whose} deck into {whose} damage zone{why(a[1], a[2])}."
    if kind == "remove":
        return f"{name(a[0])} was removed from the game from {whose} {a[1]}{why(a[2], a[3])}."
    if kind == "carry_through":
        foe_ruler = "the rift" if side == 0 else "you"
        return f"{whose.capitalize()} {name(a[0])}'s attack went on to {foe_ruler}: {name(a[2])} in the attacked line was destroyed."
    if kind == "shield":
        what = {
            "side": "you or your units" if side == 0 else "the rift or its units",
            "ruler": "you" if side == 0 else "the rift",
        }
        how = "all the next damage" if a[2] == 0 else f"{a[2]} of the next damage"
        return f"{name(a[3])} will prevent {how} to {what.get(a[1], name(a[0]))} this turn."
    if kind == "damage_prevented":
        hit = ("you" if side == 0 else "the rift") if a[0] == -1 else name(a[0])
        return f"{name(a[3])} prevented {a[1]} damage to {hit} ({a[2]} left)."
    if kind == "survived":
        return f"{name(a[0])} was not destroyed: {name(a[1])} kept it on the board ({a[2]} damage)."
    if kind == "activate":
        return f"{who} used {name(a[0])}'s {'OD ' if a[1] == 'overdrive' else ''}ability."
    if kind == "discount":
        return f"{who} played {name(a[0])} for its discount."
    if kind == "grant":
        return f"{'Your ruler' if a[0] == -1 and side == 0 else 'The rift' if a[0] == -1 else name(a[0])} gained {a[1].replace('_', ' ')}."
    if kind == "act":
        return f"{'Your ruler' if a[0] == -1 and side == 0 else 'The rift' if a[0] == -1 else name(a[0])} was readied (act)."
    if kind == "to_deck":
        return f"{name(a[0])} went back into {whose} deck{why(a[1], a[2])}."
    if kind == "soul":
        where = {"deck": "the top of the deck", "this_card": "play"}.get(a[2], a[2].replace("_", " "))
        return f"{name(a[0])} went under {name(a[1])} as its soul (from {where})."
    if kind == "soul_to_graveyard":
        return f"{name(a[0])} went from {name(a[1])}'s soul to {whose} graveyard{why(a[2], a[3])}."
    if kind == "special_summon":
        return f"{who} special-summoned {name(a[0])} from {whose} {a[1].replace('_', ' ')}."
    if kind == "found":
        return f"{who} revealed {name(a[0])} from {whose} deck: to {whose} {a[1].replace('_', ' ')}."
    if kind == "look":
        return f"{who} looked at {name(a[0])} on top of {whose} deck."
    if kind == "bottom":
        return f"{name(a[0])} went to the bottom of {whose} deck."
    if kind == "shuffle":
        return f"{who} shuffled {whose} deck."
    if kind == "soul_guard":
        way = (
            "destroyed"
            if a[1] == "destroy"
            else "removed from the game"
            if a[1] == "removed"
            else f"put into {whose} {a[1]}"
        )
        return f"{name(a[0])} was not {way}: Soul guard puts one of its soul cards into {whose} graveyard instead."
    if kind == "damage_cleared":
        return f"{name(a[0])}'s damage was removed at the end of the turn."
    if kind == "game_over":
        return {"player": "You win!", "invader": "The rift wins.", "draw": "The game is a draw."}.get(a[0], str(a[0]))
    return f"{kind} {a}"
