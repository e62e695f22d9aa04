"""Timings: when a player may use an activated ability or play an event, as priority windows.

The comprehensive rules write an activated ability "(timing)[cost] effect"
(CR 14-1a-1), and give events a use timing too.  Only the turn player, in
the main phase, with an empty gate, may use "normal" things; whoever holds
priority, in either turn, may play a set card or use an activated ability
whose timing is not normal (CR 9-3e-2/3/4).

Two registries say this as data:

* `WINDOWS`: the moments a player holds priority.  A window is a name, a doc
  line, whose turn it comes in (the holder's, the rift's, either), and
  whether it is a moment when damage is about to be dealt.  Two choices of
  the rules wait the same way without being priority (`priority=False`: no
  timing opens there): setting a card driven outside your main phase
  (CR 10-3) and the zone of an open unit under `open_card=played`.  The engine opens a window by
  asking `legal_actions` in it (`activation.activations(game, window)`,
  `legal.set_card_plays(game, window)`).
* `TIMINGS`: the timing words a card may carry (`timing:` on an activated
  ability, on an event).  A timing word says in which windows it is open
  (`opens(window, at_risk)`) and, for an activated ability, where the card
  must be when it is used (`zone`: in play by default, the drive zone for
  overdrive).

The engine opens the player's own `main` and `attack` windows, and the
windows that follow the gate (engine/windows.py) with window tasks, which
offer the player's set cards and activations whose timing opens there: in
the rift's start phase, before each card and ability of the rift's
resolves (in either turn), after each of its drives, before each of its
attacks is chosen, at an attack declaration and just before battle damage
(the rift's, or the player's own into an intercept or a counterattack),
before a damage effect that may hit the player's side, and in the rift's
end phase.
"""

from __future__ import annotations

import attrs

from gateruler.engine.registry import Registry

OWN = "own"  # a window of its holder's own turn
RIFT = "rift"  # a window of the rift's turn
EITHER = "either"  # a window of either turn


@attrs.frozen
class WindowWord:
    name: str
    doc: str
    turn: str  # whose turn it comes in: OWN (the holder's), RIFT (the rift's) or EITHER
    damage: bool = False  # damage is about to be dealt (the "about to take damage" timing opens here)
    opened: bool = False  # the engine opens it today
    priority: bool = True  # a moment a player holds priority (False: a choice of the rules that waits the same way)


WINDOWS: Registry[WindowWord] = Registry("window")


def window(name: str, doc: str, *, turn: str, damage: bool = False, opened: bool = False, priority: bool = True) -> str:
    WINDOWS.add(name, WindowWord(name, doc, turn, damage, opened, priority))
    return name


MAIN = window(
    "main",
    "Your main phase with an empty gate: plays, summons and sets as well (CR 9-3e-4).",
    turn=OWN,
    opened=True,
)
ATTACK = window(
    "attack", "Your attack phase, before each attack is declared (the attack start step).", turn=OWN, opened=True
)
RIFT_START = window(
    "rift_start",
    "The rift's start phase: before its level's start-of-turn rule (level 2's End) and again before its first drive "
    "(CR 6-2e, 6-2g).",
    turn=RIFT,
    opened=True,
)
RIFT_CARD = window(
    "rift_card",
    "A unit the rift drove is about to resolve: it is on the gate, not yet on the board (CR 9); one an effect of the "
    "rift's drove, in either turn.",
    turn=EITHER,
    opened=True,
)
RIFT_ABILITY = window(
    "rift_ability",
    "An ability of the rift's is about to resolve: an entering ability, a driven event's, a CNT, ... (CR 9, 16-4a); "
    "in either turn.",
    turn=EITHER,
    opened=True,
)
RIFT_DRIVE = window(
    "rift_drive",
    "The rift's turn, after one of its driven cards and all it started have resolved.",
    turn=RIFT,
    opened=True,
)
BEFORE_ATTACK = window(
    "before_attack",
    "The rift's turn, before it chooses its next attacker and target: after the previous attack (CR 8-3, 8-4).",
    turn=RIFT,
    opened=True,
)
ATTACK_DECLARED = window(
    "attack_declared",
    "An attack was declared, before the battle: the rift's, or yours into an intercept or a counterattack.",
    turn=EITHER,
    damage=True,
    opened=True,
)
BEFORE_DAMAGE = window(
    "before_damage",
    "Just before battle damage: the rift's attack, or yours into an intercept or a counterattack.",
    turn=EITHER,
    damage=True,
    opened=True,
)
DAMAGE_EFFECT = window(
    "damage_effect",
    "A damage effect that may hit you or your units is about to resolve: the rift's, or your own; in either turn.",
    turn=EITHER,
    damage=True,
    opened=True,
)
RIFT_END = window("rift_end", "The rift's end phase.", turn=RIFT, opened=True)
DRIVE_SET = window(
    "drive_set",
    "Not a priority window: you drove a card outside your own start and main phases; it may be set if it can be, "
    "else it is revealed and its OD resolves (CR 10-3).",
    turn=EITHER,
    opened=True,
    priority=False,
)
OPEN_PLAY = window(
    "open_play",
    "Not a priority window: under `open_card=played`, the zone an open unit you drew or drove goes to.",
    turn=EITHER,
    opened=True,
    priority=False,
)


@attrs.frozen
class TimingWord:
    name: str
    doc: str
    windows: frozenset[str]  # the windows it is open in (ALL_WINDOWS: every one)
    words: str  # how a player reads it: "In your main phase"
    zone: str = ""  # where the card must be for its activated ability ("" : in play: a unit on the board, a field in the field zone)
    damage_only: bool = False  # open only when its holder or the holder's unit is the one about to take damage
    once: bool = False  # an activated ability with this timing can be used once per turn whatever it says

    def opens(self, window_name: str, at_risk: bool = False) -> bool:
        """Whether this timing allows its card or ability in `window_name`; `at_risk`: the holder (or its unit) is about to take damage."""
        if window_name not in self.windows:
            return False
        return at_risk or not self.damage_only


TIMINGS: Registry[TimingWord] = Registry("timing")
ALL_WINDOWS = frozenset(w.name for w in WINDOWS if w.priority)
"""Every moment a player holds priority (the choices of the rules that wait as windows do are not)."""


def timing(
    name: str,
    doc: str,
    windows: frozenset[str],
    words: str,
    *,
    zone: str = "",
    damage_only: bool = False,
    once: bool = False,
) -> str:
    """Register a timing word; returns its name, the value abilities and events hold."""
    TIMINGS.add(name, TimingWord(name, doc, frozenset(windows), words, zone, damage_only, once))
    return name


NORMAL = timing(
    "normal",
    "Normal (通常): only in your own main phase with an empty gate (CR 9-3e-4).",
    frozenset({MAIN}),
    "In your main phase",
)
QUICK = timing(
    "quick",
    "Whenever you hold priority, in either turn (CR 9-3e-2/3): your main and attack phases and every window that "
    "follows the gate, the rift's turn's and those of your own turn (a rift card or ability about to resolve, a damage "
    "window).",
    ALL_WINDOWS,
    "Whenever you hold priority",
)
DAMAGE = timing(
    "damage",
    "When you or your unit is about to take damage: at an attack declaration, just before battle damage, or when a damage effect is "
    "played (since January 2023), in either turn: the rift's attacks and damage abilities, your own attack into an "
    "intercept or a counterattack, a damage effect of either side that may hit you or your units.",
    frozenset({ATTACK_DECLARED, BEFORE_DAMAGE, DAMAGE_EFFECT}),
    "When you or your unit is about to take damage",
    damage_only=True,
)
OVERDRIVE = timing(
    "overdrive",
    "【OD】 Overdrive: in your main phase, while this card is in your drive zone after a drive (CR 16-2); once per turn.",
    frozenset({MAIN}),
    "OD (in your main phase, while it is in your drive zone)",
    zone="drive",
    once=True,
)

DEFAULT_SET_WINDOWS = frozenset({MAIN})
"""Where an event without a timing word may be played from a set zone: no timing word is the normal timing, your own
main phase only (CR 9-3e-4; docs/rulings.md 13, A7)."""


def open_timings(window_name: str, at_risk: bool = False) -> frozenset[str]:
    """The timing words allowed in a window."""
    return frozenset(t.name for t in TIMINGS if t.opens(window_name, at_risk))


def event_windows(timing_name: str) -> frozenset[str]:
    """The windows an event with this timing (or none: "") may be played from a set zone in.

    From the hand or the drive zone an event is only ever played in the main
    window (CR 9-3e-4), and then only if its timing opens there."""
    if not timing_name:
        return DEFAULT_SET_WINDOWS
    return TIMINGS[timing_name].windows
