"""Special summons: units put onto the board by an effect (CR: a summon outside the normal-summon count).

The units come from any zone but the board (the hand, the deck, the
graveyard: a revive, the damage zone, a soul); each goes into a free zone its
controller chooses (a "zone" decision; the rift takes its summon order), and
with no free zone left it stays where it was.  `Game.special_summon` is the
primitive: it records how the unit entered (`Unit.how`) and fires
on_special_summon, never TD.  Taking cards from the deck is a search: the
deck is shuffled afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect
from gateruler.engine.effects.choosing import plan_zones
from gateruler.engine.targets import CARD

if TYPE_CHECKING:
    from gateruler.engine.frames import Decision, Frame
    from gateruler.engine.gamestate import GameState


def _own_cards(effect: SpecialSummon) -> str | None:
    target = effect.target
    if target is not None and getattr(target, "filter", None) is not None and target.filter.side != "own":
        return "effect 'special_summon' summons your own cards: give its target's filter 'side: own'"
    return None


@effect(
    "special_summon",
    "Special-summon the target cards (your units in the hand, deck, graveyard, damage zone...) into free zones you "
    "choose: no cost, no summon right; from the deck it is a search (the deck is shuffled after).",
    targets={CARD},
    check=_own_cards,
)
@attrs.frozen(kw_only=True)
class SpecialSummon(Effect):
    chooses = True

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Decision | None:
        return plan_zones(game, frame.side, frame, [iid for _, _, iid in victims], 0)[2]

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        side = frame.side
        placed = dict(plan_zones(game, side, frame, [iid for _, _, iid in victims], 0)[0])
        searched = False
        for _, zone, iid in victims:
            if iid in placed:
                game.special_summon(side, iid, placed[iid], zone)
            searched = searched or zone == "deck"
        if searched:
            game.shuffle(side)

    def words(self, who: str) -> str:
        return f"special-summon {who}"
