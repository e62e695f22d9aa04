"""Copies of a card that nothing tells apart are one choice (docs/rulings.md 15, 58, Z8).

Two copies of a card in the same zone (or in two set zones, which are
interchangeable: ruling 14) lead to the same game whichever is taken, so a
choice offers the first of them only: a decision's options, the legal
actions, and so every menu and bot that lists them.  Units on the board are
never copies of each other (each has its own damage, soul and state), nor
are soul cards under different cards.

:func:`copy_key` is the one description of what tells two cards apart;
:func:`first_copies` and :func:`first_places` keep one card of each key.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def copy_key(game: GameState, side: int, where: Any, iid: int) -> Hashable:
    """What a choice of `side`'s card `iid` found at `where` (a board slot or a zone word) tells apart from others.

    The card (its id) and where it is: a board slot is a unit of its own, a
    soul card goes with the card it is under, the set zones are one place."""
    if type(where) is int:
        return (side, where)
    card_id = game.setup.defs[iid].id
    if where == "soul":
        holder = next((host for host, cards in game.sides[side].soul.items() if iid in cards), -1)
        return (card_id, side, where, holder)
    return (card_id, side, where)


def first_copies(game: GameState, cards: Iterable[int]) -> list[int]:
    """`cards` (all in one zone, or under one card) with only the first of each card id kept, in order."""
    defs = game.setup.defs
    seen: set[str] = set()
    out: list[int] = []
    for iid in cards:
        card_id = defs[iid].id
        if card_id not in seen:
            seen.add(card_id)
            out.append(iid)
    return out


def first_places(game: GameState, places: Iterable[tuple[int, Any, int]]) -> list[tuple[int, Any, int]]:
    """`places` as (side, where, iid) with only the first of each :func:`copy_key` kept, in order."""
    seen: set[Hashable] = set()
    out: list[tuple[int, Any, int]] = []
    for place in places:
        key = copy_key(game, *place)
        if key not in seen:
            seen.add(key)
            out.append(place)
    return out


def offered_copy(game: GameState, action: Any, legal: Iterable[Any]) -> Any:
    """The action of `legal` that `action` is a copy of (the same but for a copy of its card), or None.

    Before copies were one choice, a save or a replay could record the
    second copy; `Game.apply` takes such an action as the copy on offer."""
    card = getattr(action, "card", None)
    if card is None or not 0 <= card < len(game.setup.owners):
        return None
    side = game.setup.owners[card]
    where = _where(game, side, card)
    if where is None or type(where) is int:
        return None
    key = copy_key(game, side, where, card)
    for option in legal:
        other = getattr(option, "card", None)
        if (
            type(option) is type(action)
            and other is not None
            and other != card
            and attrs.evolve(option, card=card) == action
            and game.setup.owners[other] == side
            and copy_key(game, side, _where(game, side, other), other) == key
        ):
            return option
    return None


def _where(game: GameState, side: int, iid: int) -> Any:
    """Where `side`'s card `iid` is, as `copy_key` reads it: a board slot, a zone word, or None (nowhere)."""
    for slot, unit in enumerate(game.sides[side].board):
        if unit is not None and unit.iid == iid:
            return slot
    return game.zone_of(side, iid)
