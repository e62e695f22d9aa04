"""What the engine needs from the side it does not ask the player about.

The engine plays the player's side by asking (`legal_actions`/`apply`); the
other side is a script.  Which script, and which version of each card that
side uses, is not the engine's business: it is handed an `Opponent` when a
game is set up (`Game.new`, `Game.from_dict`).  The solo mode's rift
(`gateruler.invader.InvaderController`) is the one we ship; tests may pass
their own.  Keeping this a Protocol keeps the import graph one-way: the rift
imports the engine, never the reverse (tests/test_engine_imports.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from gateruler.cardpool import CardPool
from gateruler.models import CardDef, LevelDef

if TYPE_CHECKING:
    from gateruler.engine.actions import Action
    from gateruler.engine.frames import Decision
    from gateruler.engine.game import Game


class Opponent(Protocol):
    """The scripted side: its card definitions, its turn, and its answers to decisions.

    Implementations must be stateless (everything they need is in the game),
    because every clone of a game shares the one opponent object.
    """

    name: str

    def card_definitions(self, level: LevelDef, pool: CardPool, ids: tuple[str, ...]) -> Mapping[str, CardDef]:
        """The opponent's version of every card in `ids` (and of the level's list)."""
        ...  # pragma: no cover

    def deck_size(self, level: LevelDef) -> int | None:
        """How many cards of the level's shuffled list it plays with (the top ones; the rest are set
        aside unseen); None: the whole list."""
        ...  # pragma: no cover

    def turn_tasks(self, game: Game) -> list[tuple]:
        """The opponent's turn after the common start phase, as engine tasks (``("ctl", ...)`` steps)."""
        ...  # pragma: no cover

    def player_turn_tasks(self, game: Game) -> list[tuple]:
        """Its steps in the player's start phase, before the player's draws (a level rule that acts
        in every turn's start phase); usually none."""
        ...  # pragma: no cover

    def run_task(self, game: Game, task: tuple) -> None:
        """Perform one ``("ctl", ...)`` step of its turn."""
        ...  # pragma: no cover

    def decide(self, game: Game, decision: Decision) -> Action:
        """Its answer to a decision of its own (a target, the cards a cost takes, "you may"):
        one of `decision.options`.  The engine asks only when there are two or more."""
        ...  # pragma: no cover
