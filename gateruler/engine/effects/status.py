"""A unit's or ruler's status: keywords granted to it, and act/rest by an effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from gateruler.engine.actions import INVADER, RULER
from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.events import Cause
from gateruler.engine.frames import log_no_effect
from gateruler.engine.registry import KEYWORD, param
from gateruler.engine.targets import RULER as RULER_TARGET
from gateruler.engine.targets import UNIT
from gateruler.vocabulary import Duration

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState


@effect(
    "grant",
    'Give units or a ruler a keyword ("your ruler gains pierce") for `duration`; as a continuous ability, while its card stays.',
    targets={UNIT, RULER_TARGET},
    continuous=True,
)
@attrs.frozen(kw_only=True)
class Grant(Effect):
    keyword: str = param(KEYWORD, "The keyword given.", "pierce")
    duration: Duration = param(
        Duration,
        "How long it lasts (a continuous grant lasts while its card stays).",
        "end_of_turn",
        default=Duration.END_OF_TURN,
    )

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        gained = ((self.keyword, self.duration is Duration.PERMANENT),)
        for side, where, iid in victims:
            if where == RULER:
                s = game.sides[side]
                s.ruler_gained = s.ruler_gained + gained
                game.log_event(side, "grant", -1, self.keyword)
            elif unit_still_there(game, side, where, iid):
                u = game.sides[side].board[where]
                assert u is not None  # unit_still_there
                u.gained = u.gained + gained
                game.log_event(side, "grant", iid, self.keyword)

    def words(self, who: str) -> str:
        lasting = " for good" if self.duration is Duration.PERMANENT else " until the end of the turn"
        return f"{who} gains {self.keyword.replace('_', ' ')}{lasting}"


class _SetState(Effect):
    """Rest (`rested` True) or act (False) units or a ruler; the rift's ruler has no such state (docs/rulings.md R10)."""

    rested: ClassVar[bool] = False

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        for side, where, iid in victims:
            if where == RULER:
                if side == INVADER:
                    log_no_effect(game, frame, Cause.NO_RULER_STATE, side)
                    continue
                game.sides[side].ruler_rested = self.rested
                game.log_event(side, "rest" if self.rested else "act", -1)
            elif unit_still_there(game, side, where, iid):
                game.sides[side].unit(where).rested = self.rested
                game.log_event(side, "rest" if self.rested else "act", iid)


@effect(
    "rest",
    "Rest units or a ruler (レスト: turned sideways; a rested unit or ruler cannot attack).",
    targets={UNIT, RULER_TARGET},
)
@attrs.frozen(kw_only=True)
class Rest(_SetState):
    rested: ClassVar[bool] = True

    def words(self, who: str) -> str:
        return f"rest {who}"


@effect(
    "act",
    "Act units or a ruler (アクト: stand them up, ready; a unit or ruler that has attacked may attack again).",
    targets={UNIT, RULER_TARGET},
)
@attrs.frozen(kw_only=True)
class Act(_SetState):
    rested: ClassVar[bool] = False

    def words(self, who: str) -> str:
        return f"act (ready) {who}"
