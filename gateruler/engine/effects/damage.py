"""Damage and destruction."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.actions import RULER
from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.frames import cause_of
from gateruler.engine.registry import param
from gateruler.engine.targets import FIELD_CARD, SET_CARD, UNIT
from gateruler.engine.targets import RULER as RULER_TARGET

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState


@effect(
    "damage",
    "Deal `amount` damage to units (accumulates against HP) or to a ruler (a damage check per point).",
    targets={UNIT, RULER_TARGET},
)
@attrs.frozen(kw_only=True)
class Damage(Effect):
    scaled = ("amount",)
    amount: int = param(int, "How many (damage points, cards).", 2, minimum=1)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, where, iid in victims:
            if where == RULER:
                game.damage_ruler(side, self.amount, False, cause, frame.source)
            elif unit_still_there(game, side, where, iid):
                game.damage_unit(side, where, self.amount, False, cause, frame.source)

    def words(self, who: str) -> str:
        return f"deal {self.amount} damage to {who}"


@effect(
    "destroy",
    "Destroy the units the target finds, the cards in field or set zones (a target whose filter says "
    "`zone: field_zone` or `zone: set_zone`, chosen or all), or a card in play (`card_in_play`).  Optional "
    "`max_level`: only cards of that level or lower.",
    targets={UNIT, FIELD_CARD, SET_CARD},
)
@attrs.frozen(kw_only=True)
class Destroy(Effect):
    max_level: int | None = param(int, "Only units of this level or lower.", 2, default=None)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, where, iid in victims:
            if self.max_level is not None and game.setup.defs[iid].level > self.max_level:
                continue
            if where == "field_zone":
                game.destroy_field(side, iid, cause, frame.source)
            elif where == "set_zone":
                game.destroy_set_card(side, iid, cause, frame.source)
            elif unit_still_there(game, side, where, iid):
                game.destroy(side, where, cause, frame.source)

    def words(self, who: str) -> str:
        limit = f" of level {self.max_level} or lower" if self.max_level is not None else ""
        return f"destroy {who}{limit}"
