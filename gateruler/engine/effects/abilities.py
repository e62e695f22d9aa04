"""Effects about abilities themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect
from gateruler.engine.triggers import ON_ENTER

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState


@effect("reuse_on_enter", "Use this card's own on_enter abilities (Nyarlathotep's CNT).")
@attrs.frozen(kw_only=True)
class ReuseOnEnter(Effect):
    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        game.fire(frame.side, frame.source, ON_ENTER)

    def words(self, who: str) -> str:
        return "use this card's on-entering ability"
