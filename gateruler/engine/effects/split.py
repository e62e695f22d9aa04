"""Split damage (mechanic 7): damage divided among units as the controller chooses, and Honoikazuchi's carry-through.

Splitting is one decision whose options are whole distributions (a `Split`
answer each): simple for the bots, and a replay names exactly what was
chosen.  With at most 6 damage (the loader's cap) and at most 6 units on the
two boards, a decision has at most C(11, 5) = 462 options; splitting among
enemy units only, at most C(8, 2) = 28 (docs/rulings.md D1).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import attrs

from gateruler.engine.actions import RULER, Split
from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.events import Cause
from gateruler.engine.frames import Decision, DecisionKind, cause_of, log_no_effect
from gateruler.engine.registry import param
from gateruler.engine.targets import UNIT, Chosen
from gateruler.engine.triggers import ON_ATTACK

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

MAX_SPLIT = 6
"""The most damage one split may divide: every way of dividing it is one option of the decision."""


def distributions(places: list[Victim], amount: int) -> Iterator[Split]:
    """Every way of dealing all of `amount` among `places`, each place 0 or more.

    The first place's share counts down from `amount`, so the first option
    puts everything on the first place (the order `places` come in)."""
    n = len(places)

    def shares(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == n - 1:
            yield (left,)
            return
        for mine in range(left, -1, -1):
            for rest in shares(i + 1, left - mine):
                yield (mine, *rest)

    for split in shares(0, amount):
        yield Split(tuple((side, slot, share) for (side, slot, _), share in zip(places, split) if share))


def _splits_among_every_unit_found(e: SplitDamage) -> str | None:
    if isinstance(e.target, Chosen):
        return "effect 'split_damage' divides its damage among every unit its target finds: write {all: FILTER} or a word such as all_enemy_units"
    if e.amount > MAX_SPLIT:
        return f"effect 'split_damage' divides at most {MAX_SPLIT} damage (every way of dividing it is one choice)"
    return None


@effect(
    "split_damage",
    "Divide `amount` damage among the units the target finds, as the controller chooses: all of it is dealt, each unit "
    "taking any part of it (none included).  The rift fills its targets in the solo order, each up to what destroys it.",
    targets={UNIT},
    check=_splits_among_every_unit_found,
)
@attrs.frozen(kw_only=True)
class SplitDamage(Effect):
    chooses = True
    amount: int = param(int, "How much damage to divide (1 to 6).", 3, minimum=1)

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Decision | None:
        if not victims or any(type(a) is Split for a in frame.answers):
            return None
        options = tuple(distributions(victims, self.amount))
        return Decision(DecisionKind.SPLIT, frame.side, frame.source, frame.ability, frame.step, "target", options)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        if not victims:
            log_no_effect(game, frame, Cause.NO_TARGET)
            return
        answer = next(a for a in reversed(frame.answers) if type(a) is Split)
        cards = {(side, slot): iid for side, slot, iid in victims}
        for side, slot, amount in answer.parts:
            iid = cards[(side, slot)]
            if unit_still_there(game, side, slot, iid):
                game.damage_unit(side, slot, amount, False, cause, frame.source)

    def words(self, who: str) -> str:
        return f"split {self.amount} damage among {who} as you choose"


@effect(
    "carry_through",
    "Honoikazuchi's rider, in an on_attack ability: if the earlier effect named by `destroyed_by` destroyed the unit this "
    "attack targets, the attack goes on to the enemy ruler (battle damage by the attacker's STK).",
    reads_bound="destroyed_by",
    triggers={ON_ATTACK},
)
@attrs.frozen(kw_only=True)
class CarryThrough(Effect):
    destroyed_by: str = param(str, "The `as:` name of an earlier effect of the same ability.", "fire")

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        event = frame.event  # on_attack: (the attacked zone, the card there when the attack was declared)
        result = next((r for name, r in frame.bound if name == self.destroyed_by), None)
        if len(event) < 2 or event[0] == RULER or result is None or event[1] not in result.destroyed:
            return
        game.attack_goes_on(frame.side, frame.source)

    def words(self, who: str) -> str:
        return "if that destroyed the unit in the attacked line, the attack goes on to the enemy ruler"
