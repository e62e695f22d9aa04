"""Replacement effects (CR 14-13): what changes an event that is about to happen, at named hooks.

The engine calls a hook where the state is about to change:

* `damage` (``Game.damage_unit``, ``Game.damage_ruler``): damage a unit or a
  ruler is about to take, battle or effect; the hook returns what is left;
* `destroy` (``Game.destroy``): a unit is about to be destroyed; the hook
  says whether it survives;
* `leave` (``Game.stays``, called by the effects that move a unit off the
  board and by ``Game.destroy``): a unit is about to leave play; only Soul
  guard answers it.

Two kinds of replacement answer a hook:

* *standing* ones: the abilities with the trigger `replacement` of the cards
  on the board and in the field zones, whose first effect is a replacement
  word (effects/protect.py) and whose target takes in the card hit; the
  ability's other effects happen instead, at once;
* *shields*: what a one-shot `prevent_damage` armed (an event such as
  Absolute Bearia): kept in the protected side's state until the next damage
  it covers this turn, or the end of the turn.  Every shield waiting for a
  damage applies to it, even when the first already brought it to 0
  (gaterealize.com archive info 218: "even if that damage will be
  excessively reduced").

A third kind answers `destroy` and `leave`: *Soul guard* (【ソウルガード】, the
keyword `soul_guard`, on the unit itself or granted), which pays one of the
unit's soul cards instead and clears its damage and its until-end-of-turn
changes (`guard`).  It is in play only in games where some card has the
keyword or some card grants keywords (`Setup.replaces` then holds `leave`).

Each applies at most once to an event, in this order (the affected card's
controller orders them, CR 14-13; we take the order that is never worse for
them, so nothing is asked; docs/rulings.md D6): standing replacements with
nothing to do instead, then those with something to do instead, each group in
play order (the affected side's cards first; board left attack, right attack,
defense; then the field zone, oldest first); then shields, oldest first;
Soul guard last (it spends a soul card, docs/rulings.md G2).  A standing
replacement that would change nothing (the damage is already 0, the unit
already saved) is not applied; shields all apply to the next damage they
cover that reaches them (D5).

Games without replacement words pay nothing: `Setup.replaces` is empty and
every hook is one truth test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gateruler.engine.abilities import Ability
from gateruler.engine.costs import Soul
from gateruler.engine.frames import Frame
from gateruler.engine.keywords import SOUL_GUARD
from gateruler.engine.resolve import resolve_at_once
from gateruler.engine.rules import GuardCosts
from gateruler.engine.targets import Every, RulerTarget, SelfTarget, SideTarget
from gateruler.engine.triggers import REPLACEMENT
from gateruler.models import CardDef

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

DAMAGE = "damage"
DESTROY = "destroy"
LEAVE = "leave"
SIDE_WIDE = -2
GUARD = "soul_guard_payment"
"""The trigger of the ability a Soul guard card pays with (`guard_ability`): never fired, its frame is pushed by `guard`."""
"""A shield's protected card when it protects a ruler and all of its units ("you or your unit")."""

Entry = tuple[
    int, Any, Any, bool
]  # (ability index, its requirement, its replacement word, whether it does something instead)

_APPLYING: set[tuple[int, int, int]] = set()
"""(game, card, ability) of the replacements whose instead effects are resolving now: a replacement does not
apply to what it does instead (nor loop on it).  Empty between engine calls, so never part of a game's state."""


def replacement_entries(defs: Sequence[CardDef]) -> tuple[tuple[Entry, ...], ...]:
    """Each card's standing replacements, worked out once per game that has any."""
    unique = {id(d): d for d in defs}
    entries = {
        key: tuple(
            (index, a.requires, a.effects[0], len(a.effects) > 1)
            for index, a in enumerate(card.abilities)
            if a.trigger == REPLACEMENT
        )
        for key, card in unique.items()
    }
    return tuple(entries[id(d)] for d in defs)


def reaches(game: GameState, target: Any, src_side: int, src: int, side: int, iid: int, slot: int) -> bool:
    """Whether a replacement of the card `src` (of `src_side`) names the card `iid` in `slot` of `side` (-1: the ruler)."""
    kind = type(target)
    if kind is SideTarget:
        return (target.side == "own") == (src_side == side)
    if iid < 0:
        return kind is RulerTarget and (target.side == "own") == (src_side == side)
    if kind is SelfTarget:
        return src == iid
    return kind is Every and target.filter.matches(game, src_side, side, iid, slot)


def _standing(game: GameState, hook: str, side: int, iid: int, slot: int) -> list[tuple[int, int, Entry]]:
    """The standing replacements that apply to this card now, in the order they apply."""
    table = game.setup.replacements
    found: list[tuple[int, int, Entry]] = []
    if not table:
        return found
    for src_side in (side, 1 - side):
        s = game.sides[src_side]
        for u in s.board:  # the cards in play with a standing replacement (loops: no list of the cards in play)
            if u is not None and table[u.iid]:
                _applying(game, found, table[u.iid], hook, src_side, u.iid, side, iid, slot)
        for src in s.field:
            if table[src]:
                _applying(game, found, table[src], hook, src_side, src, side, iid, slot)
    if len(found) > 1:
        found.sort(key=lambda f: f[2][3])  # stable: those with nothing to do instead first
    return found


def _applying(
    game: GameState,
    found: list[tuple[int, int, Entry]],
    entries: tuple[Entry, ...],
    hook: str,
    src_side: int,
    src: int,
    side: int,
    iid: int,
    slot: int,
) -> None:
    """Add to `found` the standing replacements of the card `src` (of `src_side`) that apply to this card now."""
    for entry in entries:
        word = entry[2]
        if word.hook != hook or not reaches(game, word.target, src_side, src, side, iid, slot):
            continue
        if entry[1] is not None and not entry[1].holds(game, src_side, src, ()):
            continue
        if _APPLYING and (id(game), src, entry[0]) in _APPLYING:
            continue
        if word.condition is not None and not word.condition.holds(game, src_side, src, ()):
            continue
        found.append((src_side, src, entry))


def _instead(game: GameState, src_side: int, src: int, index: int) -> None:
    """The replacement ability's other effects, at once: what happens instead."""
    ability = game.setup.defs[src].abilities[index]
    game.log_event(src_side, "ability", src, REPLACEMENT)
    key = (id(game), src, index)
    _APPLYING.add(key)
    try:
        for step, effect in enumerate(ability.effects[1:], start=1):
            resolve_at_once(game, Frame(src_side, src, index, step), effect)
    finally:
        _APPLYING.discard(key)


# ---------------------------------------------------------------------- the hooks


def damage(
    game: GameState,
    side: int,
    iid: int,
    slot: int,
    amount: int,
    battle: bool,
    cause: str | None = None,
    source: int | None = None,
) -> int:
    """What is left of `amount` damage about to be dealt to the card `iid` in `slot` of `side` (-1: the ruler).

    The damage hook (`Setup.damage_replacements`), in games whose cards can replace damage.

    `cause` and `source` say what deals it; a prevention logs them (damage_prevented)."""
    standing = _standing(game, DAMAGE, side, iid, slot) if game.setup.replacements else ()  # shields alone: no call
    for src_side, src, (index, _, word, instead) in standing:
        if amount <= 0:
            break
        if not word.covers(battle):
            continue
        prevented = word.prevents(amount)
        amount -= prevented
        game.log_event(side, "damage_prevented", iid, prevented, amount, src, source, cause)
        if instead:
            _instead(game, src_side, src, index)
    shields = game.sides[side].shields
    if not shields or amount <= 0:
        return amount
    for shield in list(shields):
        protected, up_to, only, by = shield
        if protected != SIDE_WIDE and protected != iid:
            continue
        if only != "any" and (only == "battle") != battle:
            continue
        # Every pending prevention that covers it applies to this next damage, even past 0 (gaterealize info 218).
        shields.remove(shield)
        prevented = amount if up_to == 0 else min(up_to, amount)
        amount -= prevented
        game.log_event(side, "damage_prevented", iid, prevented, amount, by, source, cause)
    return amount


def survives(game: GameState, side: int, slot: int, lethal: bool, cost: bool = False) -> bool:
    """Whether the unit in `slot` of `side`, about to be destroyed, is not (it then stays where it is).

    `lethal`: the rules destroy it for its damage or its HP; a replacement
    that leaves it so would only be undone at once, so it does not apply.
    `cost`: its controller destroys it to pay a cost, which Soul guard does not stop (unless
    `Rules.guard_costs` says it does: docs/rulings.md G3)."""
    replaces = game.setup.replaces
    if cost and game.setup.rules.guard_costs is GuardCosts.STOPPED:
        cost = False  # Soul guard keeps it too: the cost counts as paid, the unit destroyed but not sent
    if DESTROY not in replaces:
        return LEAVE in replaces and not cost and guard(game, side, slot, lethal, "destroy")
    u = game.sides[side].unit(slot)
    for src_side, src, (index, _, word, instead) in _standing(game, DESTROY, side, u.iid, slot):
        if lethal and not (word.reset_damage and game.hp(side, slot) > 0):
            continue
        if word.reset_damage:
            u.damage = 0
            game.hp_dirty = True
        game.log_event(side, "survived", u.iid, src, u.damage)
        if instead:
            _instead(game, src_side, src, index)
        return True
    return LEAVE in replaces and not cost and guard(game, side, slot, lethal, "destroy")


def guard(game: GameState, side: int, slot: int, lethal: bool, way: str) -> bool:
    """Soul guard: whether the unit in `slot` of `side`, about to leave play `way` (destroyed, or the zone a
    move or a removal takes it to), stays, one of its soul cards going to the graveyard instead.

    It needs the keyword and a soul card not yet promised to an earlier save.
    Its damage becomes 0 and its until-end-of-turn changes (stats, granted
    keywords) end at once.  A unit the rules destroy (`lethal`) whose HP would
    still be 0 or less is not guarded: it would only be destroyed again at
    once (docs/rulings.md G2).  Which soul card goes is its controller's
    choice when they differ: the card's Soul guard ability (`guard_ability`)
    is pushed to pay it, asking like any soul cost, right after what is
    resolving now; otherwise (copies of one card, or a granted Soul guard on
    a card without that ability) the oldest goes at once (G4)."""
    u = game.sides[side].unit(slot)
    soul = game.soul(side, u.iid)
    if not soul or SOUL_GUARD not in game.keywords(side, slot):
        return False
    abilities = game.setup.defs[u.iid].abilities
    index = next((i for i, a in enumerate(abilities) if a.trigger == GUARD), -1)
    promised = 0  # soul cards earlier saves of this unit will pay, their frames still waiting
    if index >= 0:
        promised = sum(1 for t in game.tasks if type(t) is Frame and t.source == u.iid and t.ability == index)
    if len(soul) <= promised:
        return False
    if lethal and game.hp(side, slot) - u.tmp_hp <= 0:
        return False
    u.damage = 0
    u.tmp_atk = u.tmp_hp = u.tmp_stk = 0
    game.hp_dirty = True  # its HP may fall with its until-end-of-turn changes
    if u.gained:
        u.gained = tuple(g for g in u.gained if g[1])
    game.log_event(side, "soul_guard", u.iid, way)
    defs = game.setup.defs
    if index >= 0 and len({defs[c].id for c in soul}) > 1:
        game.tasks.append(Frame(side, u.iid, index, 0))  # the controller chooses which (the rift: the oldest, R11)
    else:
        game.soul_to_graveyard(side, u.iid, [soul[promised]])
    return True


def stays(game: GameState, side: int, slot: int, way: str) -> bool:
    """The leave hook: whether the unit in `slot` of `side`, about to leave the board `way`, stays (Soul guard)."""
    return guard(game, side, slot, False, way)


def guard_ability() -> Ability:
    """The ability a card with Soul guard pays its soul card with (the loader adds it, as a discount's)."""
    return Ability(
        GUARD,
        (),
        "Soul guard: if it would leave play, put 1 of its soul cards into the graveyard instead.",
        (Soul(count=1),),
        keyword=SOUL_GUARD,
    )


def arm(game: GameState, side: int, protected: int, amount: int, only: str, source: int) -> None:
    """A one-shot prevention waits for the next damage to `protected` (a unit, -1 the ruler, SIDE_WIDE both) this turn.

    `amount` 0 prevents all of it."""
    game.sides[side].shields.append((protected, amount, only, source))
    what = "side" if protected == SIDE_WIDE else "ruler" if protected == -1 else "unit"
    game.log_event(side, "shield", max(protected, -1), what, amount, source)
