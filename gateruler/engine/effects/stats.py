"""Changes to ATK, HP and STK."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.actions import RULER
from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.frames import cause_of
from gateruler.engine.registry import param
from gateruler.engine.targets import RULER as RULER_TARGET
from gateruler.engine.targets import UNIT
from gateruler.vocabulary import Duration

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState


def _needs_a_change(effect: Modify) -> str | None:
    return None if (effect.atk or effect.hp or effect.stk) else "effect 'modify' needs a non-zero atk, hp or stk"


@effect(
    "modify",
    "Change ATK/HP/STK by the given amounts (any of `atk`, `hp`, `stk`) for `duration`.",
    targets={UNIT, RULER_TARGET},
    check=_needs_a_change,
    continuous=True,
)
@attrs.frozen(kw_only=True)
class Modify(Effect):
    scaled = ("atk", "hp", "stk")
    atk: int = param(int, "Change to ATK (may be negative).", 1, default=0)
    hp: int = param(int, "Change to HP (may be negative).", 1, default=0)
    stk: int = param(int, "Change to STK (may be negative).", 1, default=0)
    duration: Duration = param(Duration, "How long the change lasts.", "end_of_turn", default=Duration.END_OF_TURN)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        permanent = self.duration is Duration.PERMANENT
        cause = cause_of(game, frame)
        for side, where, iid in victims:
            if where == RULER:
                s = game.sides[side]
                if permanent:
                    s.ruler_atk_mod += self.atk
                    s.ruler_stk_mod += self.stk
                else:
                    s.ruler_tmp_atk += self.atk
                    s.ruler_tmp_stk += self.stk
                game.log_event(side, "modify", -1, self.atk, 0, self.stk, frame.source, cause)
                continue
            if not unit_still_there(game, side, where, iid):
                continue
            u = game.sides[side].board[where]
            assert u is not None  # unit_still_there
            if permanent:
                u.atk_mod += self.atk
                u.hp_mod += self.hp
                u.stk_mod += self.stk
            else:
                u.tmp_atk += self.atk
                u.tmp_hp += self.hp
                u.tmp_stk += self.stk
            if self.hp < 0:
                game.hp_dirty = True  # its HP fell: it may be at 0 or below its damage
            game.log_event(side, "modify", iid, self.atk, self.hp, self.stk, frame.source, cause)

    def words(self, who: str) -> str:
        changes = ", ".join(
            f"{label} {value:+d}" for label, value in (("ATK", self.atk), ("HP", self.hp), ("STK", self.stk)) if value
        )
        lasting = "permanently" if self.duration is Duration.PERMANENT else "until the end of the turn"
        return f"give {who} {changes} {lasting}"
