"""Activated abilities and discount plays: what `legal_actions` offers beyond the plays of the rules.

An activated ability (trigger `activated`, CR 14-1a-1) is used by its
controller when its timing word (timings.py) is open in the window the
player holds priority in, the card is where the timing wants it (in play, or
the drive zone for overdrive), it has not been used this turn if it is once
per turn, its requirement holds, its costs can be paid and every target it
must choose has a candidate.  Using it (`Activate`) pushes its frame at BEGIN,
so costs and choices run as for any ability (resolve.py).

A discount (【コスト軽減】, discount.py) is a second way of playing a card
from the hand: its alternative costs instead of its level (`Discount`).

`Game.legal_actions` runs :func:`activations` and :func:`discount_plays` as the hooks
`Setup.main_plays`, `attack_plays` and `window_plays` (`play_hooks`) only when some player card
has one, so games without them pay nothing.  Only the player activates:
the rift's script has no such step (docs/rulings.md A2).
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.actions import PLAYER, Action, Activate, Discount
from gateruler.engine.candidates import choices_possible
from gateruler.engine.continuous import continuous_grants
from gateruler.engine.discount import DISCOUNT
from gateruler.engine.frames import BEGIN, Frame
from gateruler.engine.legal import event_playable
from gateruler.engine.tasks import Overdrive
from gateruler.engine.timings import ATTACK, DEFAULT_SET_WINDOWS, MAIN, TIMINGS, event_windows
from gateruler.engine.triggers import ACTIVATED
from gateruler.models import CardDef, CostModel
from gateruler.vocabulary import EVENT_TYPE, FIELD_TYPE, UNIT_TYPE

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


# ---------------------------------------------------------------------- worked out once per game


@attrs.frozen
class AbilityTables:
    """What `legal_actions`, `fire` and `keywords` ask about activated abilities, timings, discounts and grants,
    by instance id (`Setup` holds each as a field of its own)."""

    has_activated: bool
    activated: tuple[tuple[int, ...], ...]
    set_windows: tuple[frozenset[str], ...]
    no_main_play: frozenset[int]
    has_once: bool
    has_discount: bool
    discounts: tuple[int, ...]
    has_grants: bool
    grants: tuple


_FACTS: dict[int, tuple[Any, Any]] = {}  # id(definition) -> (a weak reference to it, its facts or None)


def play_hooks(tables: dict[str, Any]) -> dict[str, Any]:
    """The `Setup` hooks that offer activated abilities and discount plays, in a game with such tables."""
    activated = (activations,) if tables["has_activated"] else ()
    discount = (discount_plays,) if tables["has_discount"] else ()
    return {
        "main_plays": discount + ((main_activations,) if activated else ()),
        "attack_plays": (attack_activations,) if activated else (),
        "window_plays": activated,
    }


def ability_tables(defs: Sequence[CardDef], owners: Sequence[int]) -> dict[str, Any]:
    """The tables for a game's definitions, as `Setup` fields.

    Setting up a game is a large share of a short game's cost, so each
    definition is read once across games (`_card_facts`), and a game none of
    whose cards has any of these words gets shared tables at once."""
    last = None
    for d in defs:
        if d is last:
            continue  # copies stand together in a deck list
        last = d
        if _card_facts(d) is not None:
            return attrs.asdict(_tables(defs, owners, [_card_facts(c) for c in defs]), recurse=False)
    return _plain(len(defs))


def _card_facts(d: CardDef) -> Any:
    """(activated indices, discount index, once per turn, grants) of one definition, or None when it has none of them."""
    if not d.abilities and not d.timing:
        return None
    hit = _FACTS.get(id(d))
    if hit is not None and hit[0]() is d:
        return hit[1]
    activated: list[int] = []
    discount = -1
    once = grants = False
    for i, a in enumerate(d.abilities):
        trigger = a.trigger
        if trigger == ACTIVATED:
            activated.append(i)
        elif trigger == DISCOUNT:
            discount = i
        elif a.once_per_turn:
            once = True
        for e in a.effects:
            if e.word == "grant":
                grants = True
    facts = (
        (tuple(activated), discount, once, grants) if activated or discount >= 0 or once or grants or d.timing else None
    )
    if len(_FACTS) > 1024:
        _FACTS.clear()
    _FACTS[id(d)] = (weakref.ref(d), facts)  # weak: definitions made for one game only (tests) are not kept alive
    return facts


_PLAIN: dict[int, dict[str, Any]] = {}


def _plain(n: int) -> dict[str, Any]:
    """The tables of `n` cards none of which has an activated ability, a timing, a discount, a once-per-turn ability or a grant."""
    tables = _PLAIN.get(n)
    if tables is None:
        plain = AbilityTables(
            False, ((),) * n, (DEFAULT_SET_WINDOWS,) * n, frozenset(), False, False, (-1,) * n, False, ()
        )
        tables = _PLAIN[n] = attrs.asdict(plain, recurse=False)
    return tables


def _tables(defs: Sequence[CardDef], owners: Sequence[int], facts: list[Any]) -> AbilityTables:
    activated = tuple(f[0] if f else () for f in facts)
    discounts = tuple(f[1] if f else -1 for f in facts)
    grants = continuous_grants(defs) if any(f and f[3] for f in facts) else ()
    return AbilityTables(
        has_activated=any(a and o == PLAYER for a, o in zip(activated, owners)),
        activated=activated,
        set_windows=set_windows(defs),
        no_main_play=not_played_in_main(defs),
        has_once=any(f and f[2] for f in facts),
        has_discount=any(i >= 0 and o == PLAYER for i, o in zip(discounts, owners)),
        discounts=discounts,
        has_grants=any(f and f[3] for f in facts),
        grants=grants,
    )


def set_windows(defs: Sequence[CardDef]) -> tuple[frozenset[str], ...]:
    """For each card, the windows it may be played from a set zone in (its event timing; timings.event_windows)."""
    cache: dict[str, frozenset[str]] = {}
    out = []
    for d in defs:
        if d.timing not in cache:
            cache[d.timing] = event_windows(d.timing)
        out.append(cache[d.timing])
    return tuple(out)


def not_played_in_main(defs: Sequence[CardDef]) -> frozenset[int]:
    """The events whose timing does not open the main window: they cannot be played from the hand or drive zone."""
    return frozenset(i for i, d in enumerate(defs) if d.timing and not TIMINGS[d.timing].opens(MAIN))


# ---------------------------------------------------------------------- activated abilities


def _in_play_zone(card: CardDef) -> str:
    return "field" if card.type is FIELD_TYPE else "board"


def usable(game: GameState, side: int, iid: int, index: int) -> bool:
    """Whether the card's ability `index` could be used now as far as the ability itself goes: requirement, costs,
    what any effect needs (`Effect.usable`, e.g. genesis summon's unit in the deck), and something to choose for each
    effect that must choose, once the costs are paid (candidates.py)."""
    ability = game.setup.defs[iid].abilities[index]
    if ability.requires is not None and not ability.requires.holds(game, side, iid, ()):
        return False
    for cost in ability.costs:
        if not cost.can_pay(game, side, iid):
            return False
    for effect in ability.effects:
        if not effect.usable(game, side, iid):
            return False
    return choices_possible(game, side, iid, index)


def activations(game: GameState, window: str, at_risk: bool = False) -> list[Action]:
    """The player's `Activate` actions open in `window` (`at_risk`: the player's side is about to take damage).

    Copies of a card in the drive zone or the field zone are one decision
    (docs/rulings.md 15); units on the board are each their own."""
    s = game.sides[PLAYER]
    index = game.setup.activated
    defs = game.setup.defs
    used = game.used
    out: list[Action] = []
    seen: set[tuple[str, str, int]] = set()
    board = [u.iid for u in s.board if u is not None]
    for zone, cards in (("board", board), ("field", s.field), ("drive", s.drive)):
        for iid in cards:
            if not index[iid]:
                continue  # most cards have no activated ability
            card = defs[iid]
            for i in index[iid]:
                ability = card.abilities[i]
                timing = TIMINGS[ability.timing]
                if (timing.zone or _in_play_zone(card)) != zone or not timing.opens(window, at_risk):
                    continue
                if (ability.once_per_turn or timing.once) and (iid, i) in used:
                    continue
                key = (card.id, zone, i)
                if zone != "board" and key in seen:
                    continue
                if usable(game, PLAYER, iid, i):
                    seen.add(key)
                    out.append(Activate(iid, i))
    return out


def main_activations(game: GameState) -> list[Action]:
    """The activated abilities open in the main window (a `Setup.main_plays` hook)."""
    return activations(game, MAIN)


def attack_activations(game: GameState) -> list[Action]:
    """The activated abilities open before an attack declaration (a `Setup.attack_plays` hook)."""
    return activations(game, ATTACK)


def activate(game: GameState, action: Activate) -> None:
    """Use the ability: it counts as used this turn, and its frame begins (costs first)."""
    ability = game.setup.defs[action.card].abilities[action.ability]
    game.used += ((action.card, action.ability),)
    game.log_event(PLAYER, "activate", action.card, ability.timing)
    game.tasks.append(Frame(PLAYER, action.card, action.ability, BEGIN if ability.costs else 0))


def resolve_overdrive(game: GameState, task: Overdrive) -> None:
    """A card driven outside its owner's own start and main phases was revealed: its OD abilities resolve through
    the drive resolution process (CR 10-3), each as if used: its costs paid, its choices asked, once per turn."""
    side, iid = task
    if iid not in game.sides[side].drive:
        return
    card = game.setup.defs[iid]
    for i in reversed(game.setup.activated[iid]):
        ability = card.abilities[i]
        timing = TIMINGS[ability.timing]
        if timing.zone != "drive" or ((ability.once_per_turn or timing.once) and (iid, i) in game.used):
            continue
        if usable(game, side, iid, i):
            game.used += ((iid, i),)
            game.log_event(side, "activate", iid, ability.timing)
            game.tasks.append(Frame(side, iid, i, BEGIN if ability.costs else 0))


# ---------------------------------------------------------------------- discount plays


def discount_plays(game: GameState) -> list[Action]:
    """The player's `Discount` plays from the hand: an energy ruler, a card with a discount whose condition holds and
    whose costs can be paid now."""
    setup = game.setup
    if setup.ruler.cost_model is not CostModel.ENERGY:
        return []  # a ruler that pays no energy has nothing to discount (docs/rulings.md A9)
    s = game.sides[PLAYER]
    out: list[Action] = []
    seen: set[str] = set()
    cap = setup.ruler.summon_cap
    for iid in s.hand:
        at = setup.discounts[iid]
        card = setup.defs[iid]
        if at < 0 or card.id in seen:
            continue
        seen.add(card.id)
        ability = card.abilities[at]
        if ability.requires is not None and not ability.requires.holds(game, PLAYER, iid, ()):
            continue
        if not all(c.can_pay(game, PLAYER, iid) for c in ability.costs):
            continue
        if card.type is UNIT_TYPE:
            if cap is None or s.summons < cap:
                out.extend(Discount(iid, slot) for slot in setup.summon_slots)
        elif card.type is EVENT_TYPE:
            if iid not in setup.no_main_play and event_playable(game, PLAYER, iid, discount_energy(ability)):
                out.append(Discount(iid))
        else:
            out.append(Discount(iid))
    return out


def discount_energy(ability: Any) -> int:
    """The energy a discount ability pays (its `energy` costs)."""
    return sum(c.energy_needed() for c in ability.costs)


def play_discounted(game: GameState, action: Discount) -> None:
    """Begin the discount: its costs are paid as an ability's, then the card is played from the hand (discount.PlayThis)."""
    game.log_event(PLAYER, "discount", action.card)
    game.tasks.append(Frame(PLAYER, action.card, game.setup.discounts[action.card], BEGIN, (), (), (action.slot,)))
