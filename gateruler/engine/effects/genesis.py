"""Genesis summon (【創生召喚】): return the material card to the deck and special-summon a named unit from the deck.

The rules (rules.md §7): "return this and the specified material cards to
the deck to special-summon a specific unit from the deck; it fails if they
cannot be returned".  Written as an activated ability of the material card:
its other materials are a `return_to_deck` cost (costs.py), and its effect
is `genesis_summon`, which returns the card itself, finds the named unit in
the deck, shuffles, and puts the unit onto the board where the material
stood.  The unit's `on_genesis_summon` abilities then trigger (Crimson
Syltis); it is no normal summon (no summon right, no TD).

The unit enters through the engine's one special-summon primitive,
``Game.special_summon(..., how="genesis")``, which fires its
`on_special_summon` abilities (never TD); `on_genesis_summon` is fired here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect
from gateruler.engine.events import Cause
from gateruler.engine.frames import cause_of, log_no_effect
from gateruler.engine.registry import param
from gateruler.engine.triggers import ON_GENESIS_SUMMON
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

GENESIS = "genesis"  # how a genesis-summoned unit entered (Unit.how, the filter word `entered`)


def _names(game: GameState, iid: int) -> set[str]:
    d = game.setup.defs[iid]
    return {d.id.casefold(), d.name.casefold(), *(n.casefold() for n in d.names.values())}


def _board_slot(game: GameState, side: int, iid: int) -> int:
    for slot, u in enumerate(game.sides[side].board):
        if u is not None and u.iid == iid:
            return slot
    return -1


@effect(
    "genesis_summon",
    "Genesis summon: return this unit to your deck, then special-summon the unit `card` from your deck into its zone, and shuffle.  "
    "Usable only while this unit is on your board and `card` is in your deck; other materials are a `return_to_deck` cost.",
)
@attrs.frozen(kw_only=True)
class GenesisSummon(Effect):
    card: str = param(
        str,
        "The unit special-summoned from your deck: its card number or any of its names (case does not matter).",
        "PRERELEASE-CRIMSON-SYLTIS",
    )

    def _in_deck(self, game: GameState, side: int) -> int:
        wanted = self.card.casefold()
        for iid in reversed(game.sides[side].deck):
            if wanted in _names(game, iid) and game.setup.defs[iid].type is CardType.UNIT:
                return iid
        return -1

    def usable(self, game: GameState, side: int, source: int) -> bool:
        return _board_slot(game, side, source) >= 0 and self._in_deck(game, side) >= 0

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        side = frame.side
        slot = _board_slot(game, side, frame.source)
        summoned = self._in_deck(game, side)
        if slot < 0 or summoned < 0:
            log_no_effect(
                game, frame, Cause.NO_MATERIAL
            )  # the material cannot be returned, or nothing to summon: it fails
            return
        s = game.sides[side]
        s.board[slot] = None
        game.release_soul(side, frame.source)  # it leaves the board: a new card in the deck (CR 3-2d)
        s.deck.append(frame.source)
        game.log_event(side, "to_deck", frame.source, frame.source, cause_of(game, frame))
        game.special_summon(side, summoned, slot, "deck", how=GENESIS)
        game.shuffle(side)
        game.fire(side, summoned, ON_GENESIS_SUMMON)

    def words(self, who: str) -> str:
        return (
            f"genesis summon: return this unit to your deck and special-summon {self.card} from your deck in its place"
        )
