"""Making games from files: the one place that ties loaded data to the engine.

The CLI, the bots' batch runner and the tests all start games through here, so
"deck file + level + seed" means the same game everywhere.
"""

from __future__ import annotations

from gateruler.cardpool import CardPool
from gateruler.engine.game import DEFAULT_MAX_TURNS, Game
from gateruler.invader import InvaderController
from gateruler.models import DeckDef, LevelDef, RulerDef


def new_game(
    deck: DeckDef,
    level: LevelDef,
    seed: int,
    *,
    pool: CardPool | None = None,
    ruler: RulerDef | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> Game:
    """A game of `deck` against `level`, set up by `seed`, at the player's first decision.

    `pool` and `ruler` default to the shipped ones; a batch passes them in so
    that each of its thousands of games skips the look-ups."""
    from gateruler import loader

    pool = pool or loader.load_card_pool()
    ruler = ruler or loader.load_rulers()[deck.ruler]
    return Game.new(
        deck=deck.card_ids(),
        ruler=ruler,
        level=level,
        pool=pool,
        seed=seed,
        max_turns=max_turns,
        deck_name=deck.name,
        opponent=InvaderController(),
    )

