"""Soul: the cards a unit on the board or a card in the field zone holds under it.

A host's soul is `SideState.soul[host]`, oldest first, as tuples (copies of
a game share them).  Soul is public.  When the host leaves, it becomes a new
card (CR 3-2d) and its soul goes to the graveyard: every primitive that
takes a unit off the board or a card out of the field zone calls
`release_soul` (zones.py), so a new way of leaving must too.  Replacement
effects (Soul guard: "put 1 soul card into the graveyard instead") use
`soul_of` and `soul_to_graveyard`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gateruler.engine.events import Cause

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState


def soul(game: GameState, side: int, host: int) -> tuple[int, ...]:
    """The soul cards under `side`'s card `host`, oldest first (none for a card that holds none)."""
    return game.sides[side].soul.get(host, ())


def soul_of(game: GameState, side: int, slot: int) -> tuple[int, ...]:
    """The soul cards under the unit in `slot` of `side`."""
    u = game.sides[side].board[slot]
    return game.sides[side].soul.get(u.iid, ()) if u is not None else ()


def put_soul(game: GameState, side: int, host: int, iid: int, from_zone: str) -> None:
    """Put the card `iid`, already taken out of `from_zone`, under `side`'s card `host` as its soul."""
    s = game.sides[side]
    s.soul[host] = s.soul.get(host, ()) + (iid,)
    game.log_event(side, "soul", iid, host, from_zone)


def soul_to_graveyard(
    game: GameState,
    side: int,
    host: int,
    cards: Sequence[int] | None = None,
    cause: str = Cause.COST,
    source: int | None = None,
) -> None:
    """Put soul cards of `host` into the graveyard, in the order given: `cards` (those of them it holds),
    or all of them (None).  Paying a cost (`source`: the card whose ability it pays for, `host` itself
    unless a cost takes any of its side's soul), or `host` leaving (Cause.HOST_LEFT)."""
    s = game.sides[side]
    have = s.soul.get(host)
    if not have:
        return
    gone = have if cards is None else tuple(c for c in cards if c in have)
    rest = tuple(c for c in have if c not in gone)
    if rest:
        s.soul[host] = rest
    else:
        del s.soul[host]
    for iid in gone:
        s.graveyard.append(iid)
        game.log_event(side, "soul_to_graveyard", iid, host, host if source is None else source, cause)


def release_soul(game: GameState, side: int, host: int) -> None:
    """`host` left the board or the field zone: its soul goes to the graveyard (CR 3-2d)."""
    if game.sides[side].soul:
        soul_to_graveyard(game, side, host, None, Cause.HOST_LEFT)
