"""Making games from files: the one place that ties loaded data to the engine.

The CLI, the bots' batch runner and the tests all start games through here, so
"deck file + level + seed" means the same game everywhere.
"""

from __future__ import annotations


from gateruler.cardpool import CardPool
from gateruler.engine.game import DEFAULT_MAX_TURNS, Game
from gateruler.models import DeckDef, LevelDef


def new_game(
    deck: DeckDef,
    level: LevelDef,
    seed: int,
    *,
    pool: CardPool | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> Game:
    """A game of `deck` against `level`, set up by `seed`, at the player's first decision."""
    from gateruler import loader

    pool = pool or loader.load_card_pool()
    rulers = loader.load_rulers()
    return Game.new(
        deck=deck.card_ids(),
        ruler=rulers[deck.ruler],
        level=level,
        pool=pool,
        seed=seed,
        max_turns=max_turns,
        deck_name=deck.name,
    )

