"""Replacement words (mechanic 8, CR 14-13): damage prevented or reduced, a unit that survives destruction.

A replacement word leads an ability with the trigger `replacement`: while its
card is on the board or in a field zone, it changes what would happen to the
cards its target names, and the ability's other effects happen instead
(gateruler/engine/replace.py gathers and applies them at the engine's hooks).
`prevent_damage` may also be a one-shot effect (an event's, a triggered
ability's): it then protects its target from the next damage this turn, the
reading of the January 2023 rule (rules.md §6.3; docs/rulings.md D5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.actions import RULER
from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.registry import Choice, param
from gateruler.engine.replace import DAMAGE, DESTROY, SIDE_WIDE, arm
from gateruler.engine.targets import RULER as RULER_TARGET
from gateruler.engine.targets import SIDE, UNIT

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

DAMAGE_KINDS = Choice(
    "damage kinds",
    ("any", "battle", "effect"),
    {
        "any": "Any damage.",
        "battle": "Battle damage: an attack's, intercept's, counterattack's and pierce's.",
        "effect": "Damage dealt by an effect (an ability, an event, a CNT).",
    },
)


@effect(
    "prevent_damage",
    "Prevent damage to the target (all of it, or `amount` of it: a reduction).  Leading a `replacement` ability: "
    "always, while its card is in play.  As a one-shot effect: the next damage to the target this turn (own_side: "
    "to you or any of your units); several such wait together and stack.",
    targets={UNIT, RULER_TARGET, SIDE},
    replaces=DAMAGE,
)
@attrs.frozen(kw_only=True)
class PreventDamage(Effect):
    amount: int | None = param(
        int,
        "Prevent only this much (reduce the damage by it); leave it out to prevent all.",
        2,
        default=None,
        minimum=1,
    )
    only: str = param(DAMAGE_KINDS, "Which damage it prevents.", "battle", default="any")

    def covers(self, battle: bool) -> bool:
        return self.only == "any" or (self.only == "battle") == battle

    def prevents(self, amount: int) -> int:
        """How much of `amount` damage it prevents."""
        return amount if self.amount is None else min(self.amount, amount)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        for side, where, iid in victims:
            if where == "side":
                protected = SIDE_WIDE
            elif where == RULER:
                protected = -1
            elif unit_still_there(game, side, where, iid):
                protected = iid
            else:
                continue
            arm(game, side, protected, self.amount or 0, self.only, frame.source)

    def words(self, who: str) -> str:
        how = "all damage" if self.amount is None else f"{self.amount} damage"
        kind = "" if self.only == "any" else f" of {self.only} damage"
        return f"prevent {how}{kind} to {who}"


@effect(
    "survive_destruction",
    "Leading a `replacement` ability: the target unit is not destroyed; it stays on the board (its damage becomes 0 "
    "with `reset_damage`).  Without the reset it cannot save a unit whose damage has reached its HP (the rules "
    "would destroy it again at once); with it, it can while the unit's HP is above 0.",
    targets={UNIT},
    replaces=DESTROY,
    standing=True,
)
@attrs.frozen(kw_only=True)
class SurviveDestruction(Effect):
    reset_damage: bool = param(bool, "Its damage becomes 0 as it survives.", True, default=False)

    def words(self, who: str) -> str:
        reset = " and its damage becomes 0" if self.reset_damage else ""
        return f"if {who} would be destroyed, it stays on the board{reset}"
