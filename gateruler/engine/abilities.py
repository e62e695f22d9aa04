"""An ability as data: when it happens, what it costs, what must hold, what it does."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Ability:
    """One ability of a card.

    `trigger` is a trigger word (triggers.py).  `requires` says whether the
    ability may be used at all (a triggered ability whose requirement fails
    does not trigger; an event whose on_play requirement fails cannot be
    played; a continuous ability is off while it fails; an activated ability
    is not offered).  `costs` are paid before the effects, in order; one that
    cannot be paid makes the ability do nothing.  `optional` abilities ask
    their controller first ("you may").  Each effect may also carry its own
    `if:`, checked when it resolves.

    An activated ability (trigger `activated`) has a `timing` word
    (timings.py): its controller uses it when the timing allows.
    `once_per_turn` (【ターン1】) limits any ability to one use a turn.
    `rule` is set when a level's special rule added the ability (its rule
    word): the log then says the rule acted (`special_rule`), and what it
    does has the reason "rule" (events.Cause.RULE).

    An `attack_cost` ability has costs and no effects: what its unit pays to
    attack (`Game.can_attack`, `Game.declare_attack`).  `keyword` names the
    printed keyword an ability is the text of, so that a level rule ignoring
    the keyword ignores the ability too (gateruler/special_rules.py).

    An ability whose trigger watches other cards' events (an event played, a
    unit attacking, a card destroyed) has `card`: a filter of the cards that
    count, its side relative to the ability's controller (firing.watch).
    """

    trigger: str
    effects: tuple[Any, ...]
    text: str = ""  # our own short wording, for display
    costs: tuple[Any, ...] = ()
    requires: Any = None
    optional: bool = False
    timing: str = ""  # an activated ability's timing word (timings.py); "" for every other trigger
    once_per_turn: bool = False
    keyword: str = ""  # the keyword whose effect this ability is (Cthulhu's 【休眠】 is its attack cost): a level ignoring it ignores this
    rule: str = ""  # the level rule word that added it (set only by gateruler.special_rules)
    card: Any = None  # a trigger on other cards' events (triggers.WATCH_TRIGGERS): which cards count (a CardFilter)
