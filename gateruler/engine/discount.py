"""Discount (【コスト軽減】): playing a card from the hand for an alternative cost instead of its level.

A card's ``discount: {energy: N, costs: [...]}`` is read into one more
ability of the card, with the pseudo-trigger `DISCOUNT`: its costs are the
alternative cost (`energy` N for an energy ruler, then the other costs), its
`requires` the condition under which it is offered (the discount's own
`requires:`, any condition an ability takes), and its one effect, `PlayThis`, plays the card from the hand as it would be
played for its level (a unit into the zone the `Discount` action names,
counting a normal summon; an event; a field).  The card stays in the hand
while the costs are paid (a card never pays for itself, ruling 54), so a
cost that cannot be paid leaves it there.  `Setup.discounts` indexes the
ability; `activation.discount_plays` offers the plays.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.abilities import Ability
from gateruler.engine.costs import Energy
from gateruler.engine.effects.base import Effect, Victim
from gateruler.engine.events import Cause
from gateruler.engine.frames import log_no_effect

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

DISCOUNT = "discount"
"""The trigger of a discount ability: never fired, used by the `Discount` action only."""


@attrs.frozen(kw_only=True)
class PlayThis(Effect):
    """Play the ability's own card from its controller's hand (the end of a discount).  Not a card word."""

    word = "play_this"

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        if frame.source not in game.sides[frame.side].hand:
            log_no_effect(game, frame, Cause.NOT_IN_HAND)
            return
        game.play_from_hand(frame.side, frame.source, frame.event[0] if frame.event else -1)

    def words(self, who: str) -> str:
        return "play it"


def discount_ability(energy: int, costs: Sequence[Any], text: str = "", requires: Any = None) -> Ability:
    """The ability a card's `discount:` stands for; `requires`: the condition under which it is offered
    ("costs 2 less if you control a Beast")."""
    paid = ((Energy(amount=energy),) if energy > 0 else ()) + tuple(costs)
    return Ability(DISCOUNT, (PlayThis(),), text, paid, requires)
