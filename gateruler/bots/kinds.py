"""The kinds of a player decision, read from the game alone: what the learned bot keeps weights for,
what the focus bot searches, what the disagreement tool groups by (benchmarks/disagreements.py)."""

from __future__ import annotations

from gateruler.engine.frames import DecisionKind
from gateruler.engine.game import Game, Phase

KINDS = ("main", "attack", "window", "cost", "zone", "target", "other")
"""The kinds of decision (`decision_kind`): the main phase and the attack phase with nothing pending, a priority
window of the rift's turn, a cost to pay, the zone a unit goes to, a unit or a split to choose, any other."""
_KIND_OF_PENDING = {
    DecisionKind.WINDOW: "window",
    DecisionKind.ZONE: "zone",
    DecisionKind.UNIT: "target",
    DecisionKind.SPLIT: "target",
}


def decision_kind(game: Game) -> str:
    """The kind of decision the game waits for: one of KINDS."""
    pending = game.pending
    if pending is None:
        return "main" if game.phase == Phase.MAIN else "attack"
    if pending.purpose == "cost" and pending.kind != DecisionKind.WINDOW:
        return "cost"
    return _KIND_OF_PENDING.get(pending.kind, "other")


__all__ = ["KINDS", "decision_kind"]
