"""Timings: when a player may use an activated ability or play an event, as priority windows.

The comprehensive rules write an activated ability "(timing)[cost] effect"
(CR 14-1a-1), and give events a use timing too.  Only the turn player, in
the main phase, with an empty gate, may use "normal" things; whoever holds
priority, in either turn, may play a set card or use an activated ability
whose timing is not normal (CR 9-3e-2/3/4).

Two registries say this as data:

* `WINDOWS`: the moments a player holds priority.  A window is a name, a doc
  line, whether it belongs to its holder's own turn, and whether it is a
  moment when damage is about to be dealt.  The engine opens a window by
  asking `legal_actions` in it (`activation.activations(game, window)`,
  `legal.set_card_plays(game, window)`).
* `TIMINGS`: the timing words a card may carry (`timing:` on an activated
  ability, on an event).  A timing word says in which windows it is open
  (`opens(window, at_risk)`) and, for an activated ability, where the card
  must be when it is used (`zone`: in play by default, the drive zone for
  overdrive).

The engine opens the player's own `main` and `attack` windows, and the
windows of the rift's turn (issue 13: after a driven card resolves, at an
attack declaration, just before battle damage, when a damage effect is
played, the rift's end phase) with window tasks (engine/windows.py), which
offer the player's set cards and activations whose timing opens there.
"""

from __future__ import annotations

import attrs

from gateruler.engine.registry import Registry


@attrs.frozen
class WindowWord:
    name: str
    doc: str
    own_turn: bool  # the holder's own turn (else the opponent's)
    damage: bool = False  # damage is about to be dealt (the "about to take damage" timing opens here)
    opened: bool = False  # the engine opens it today


WINDOWS: Registry[WindowWord] = Registry("window")


def window(name: str, doc: str, *, own_turn: bool, damage: bool = False, opened: bool = False) -> str:
    WINDOWS.add(name, WindowWord(name, doc, own_turn, damage, opened))
    return name


MAIN = window(
    "main",
    "Your main phase with an empty gate: plays, summons and sets as well (CR 9-3e-4).",
    own_turn=True,
    opened=True,
)
ATTACK = window(
    "attack", "Your attack phase, before each attack is declared (the attack start step).", own_turn=True, opened=True
)
RIFT_DRIVE = window(
    "rift_drive", "The rift's turn, after one of its driven cards has resolved (issue 13).", own_turn=False, opened=True
)
ATTACK_DECLARED = window(
    "attack_declared", "An attack was declared, before the battle (issue 13).", own_turn=False, damage=True, opened=True
)
BEFORE_DAMAGE = window(
    "before_damage", "Just before battle damage (issue 13).", own_turn=False, damage=True, opened=True
)
DAMAGE_EFFECT = window(
    "damage_effect",
    "A damage effect was played, before it resolves (issue 13).",
    own_turn=False,
    damage=True,
    opened=True,
)
RIFT_END = window("rift_end", "The rift's end phase (issue 13).", own_turn=False, opened=True)


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
ALL_WINDOWS = frozenset(WINDOWS.names())


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
    "Whenever you hold priority, in either turn (CR 9-3e-2/3): your main and attack phases, and every window of the rift's turn.",
    ALL_WINDOWS,
    "Whenever you hold priority",
)
DAMAGE = timing(
    "damage",
    "When you or your unit is about to take damage: at an attack declaration, just before battle damage, or when a damage effect is "
    "played (since January 2023): in the rift's turn, when its attack or damage ability is about to hit you or your units.",
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

DEFAULT_SET_WINDOWS = frozenset({MAIN, ATTACK})
"""Where an event without a timing word may be played from a set zone: your own main and attack phases (docs/rulings.md 13)."""


def open_timings(window_name: str, at_risk: bool = False) -> frozenset[str]:
    """The timing words allowed in a window: what issue 13's windows ask."""
    return frozenset(t.name for t in TIMINGS if t.opens(window_name, at_risk))


def event_windows(timing_name: str) -> frozenset[str]:
    """The windows an event with this timing (or none: "") may be played from a set zone in.

    From the hand or the drive zone an event is only ever played in the main
    window (CR 9-3e-4), and then only if its timing opens there."""
    if not timing_name:
        return DEFAULT_SET_WINDOWS
    return TIMINGS[timing_name].windows
