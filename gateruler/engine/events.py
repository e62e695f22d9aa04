"""The event log: everything that happened, as compact tuples.

An entry is ``(turn, kind, side, *args)``.  Tuples keep logging cheap on the
hot path; `event_to_dict` gives the structured JSON form and `describe` the
words a person reads.  Card arguments are instance ids; both converters take
the game's definitions to name them.
"""

from __future__ import annotations

from collections.abc import Sequence

from gateruler.engine.actions import RULER, SIDE_NAMES, SLOT_NAMES, SLOT_WORDS

# kind -> names of the arguments after (turn, kind, side)
FIELDS: dict[str, tuple[str, ...]] = {
    "setup": (),
    "turn": (),
    "phase": ("phase",),
    "draw": ("card",),
    "drive": ("card",),
    "summon": ("card", "zone"),
    "replace": ("card", "zone"),
    "discard_lowest": ("card",),
    "to_graveyard": ("card", "from"),
    "event": ("card",),
    "set": ("card", "set_zone"),
    "field": ("card",),
    "ability": ("card", "trigger"),
    "no_effect": ("card",),
    "attack": ("attacker", "target_zone", "target"),
    "damage_unit": ("card", "amount", "total"),
    "destroy": ("card",),
    "ruler_damage": ("amount", "battle"),
    "check": ("card", "result"),
    "mill": ("card",),
    "move": ("card", "to"),
    "set_destroyed": ("card",),
    "modify": ("card", "atk", "hp", "stk"),
    "sacrifice": ("card",),
    "loss": ("reason",),
    "game_over": ("winner",),
    # costs and decisions (gateruler/engine/costs.py, resolve.py)
    "unpaid": ("card",),  # the card's ability could not pay its costs: it does nothing
    "declined": ("card",),  # its controller chose not to use an optional ability or effect
    "pay_energy": ("card", "amount"),
    "discard": ("card",),
    "rest": ("card",),  # a unit, or the ruler (-1), rested to pay a cost
    "deck_to_damage": ("card",),  # put from the deck into the damage zone, no damage check
    "remove": ("card", "from"),  # removed from the game
    # rule variants (gateruler/engine/rules.py)
    "damage_cleared": ("card",),  # the end phase removed the damage a unit bore (unit_damage=clears)
}

CARD_FIELDS = frozenset({"card", "attacker", "target"})


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

    a = args
    if kind == "setup":
        return f"{who} set up."
    if kind == "turn":
        return f"Turn {turn}: {'your' if side == 0 else 'the rift'}{'' if side == 0 else chr(39) + 's'} turn."
    if kind == "phase":
        return f"{a[0].capitalize()} phase."
    if kind == "draw":
        return f"{who} drew {name(a[0]) if side == 0 else 'a card'}."
    if kind == "drive":
        return f"{who} drove {name(a[0])}."
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
        return f"{who} set a card in set zone {a[1] + 1}." if side == 1 else f"You set {name(a[0])} in set zone {a[1] + 1}."
    if kind == "field":
        return f"{who} played the field {name(a[0])}."
    if kind == "ability":
        return f"{name(a[0])}'s {a[1].replace('_', ' ')} ability."
    if kind == "no_effect":
        return f"{name(a[0])} had no effect."
    if kind == "attack":
        attacker = ("You" if side == 0 else "The rift") if a[0] == -1 else f"{whose.capitalize()} {name(a[0])}"
        if a[1] == RULER:
            target = "the rift" if side == 0 else "you"
        else:
            target = f"{foe} {name(a[2])} in {'its' if side == 0 else 'your'} {SLOT_WORDS[a[1]]}"
        return f"{attacker} attacked {target}."
    if kind == "damage_unit":
        return f"{name(a[0])} took {a[1]} damage ({a[2]} in all)."
    if kind == "destroy":
        return f"{name(a[0])} was destroyed."
    if kind == "ruler_damage":
        return f"{'You take' if side == 0 else 'The rift takes'} {a[0]} damage{' (battle)' if a[1] else ''}."
    if kind == "check":
        where = "CNT: to the graveyard" if a[1] == "cnt" else "to the damage zone"
        return f"Damage check: {name(a[0])}, {where}."
    if kind == "mill":
        return f"{name(a[0])} was milled from {whose} deck."
    if kind == "move":
        return f"{name(a[0])} was moved to {whose} {a[1]}."
    if kind == "set_destroyed":
        return f"{name(a[0])} in {whose} set zone was destroyed."
    if kind == "modify":
        parts = [f"{label} {value:+d}" for label, value in zip(("ATK", "HP", "STK"), a[1:]) if value]
        return f"{name(a[0])}: {', '.join(parts)}."
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
        return f"{who} discarded {name(a[0])}."
    if kind == "rest":
        return f"{who} rested {'the ruler' if a[0] == -1 else name(a[0])}." if side == 0 else f"The rift rested {name(a[0])}."
    if kind == "deck_to_damage":
        return f"{name(a[0])} went from {whose} deck into {whose} damage zone."
    if kind == "remove":
        return f"{name(a[0])} was removed from the game from {whose} {a[1]}."
    if kind == "damage_cleared":
        return f"{name(a[0])}'s damage was removed at the end of the turn."
    if kind == "game_over":
        return {"player": "You win!", "invader": "The rift wins.", "draw": "The game is a draw."}.get(a[0], str(a[0]))
    return f"{kind} {a}"
