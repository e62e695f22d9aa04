"""Making games from files: the one place that ties loaded data to the engine.

The CLI, the bots' batch runner and the tests all start games through here, so
"deck file + level + seed" means the same game everywhere.
"""

from __future__ import annotations

from gateruler.cardpool import CardPool
from gateruler.engine.game import DEFAULT_MAX_TURNS, Game
from gateruler.models import DeckDef, LevelDef, RulerDef
from gateruler.variants import Readings, readings_for


def new_game(
    deck: DeckDef,
    level: LevelDef,
    seed: int,
    *,
    pool: CardPool | None = None,
    ruler: RulerDef | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    readings: Readings | None = None,
) -> Game:
    """A game of `deck` against `level`, set up by `seed`, at the player's first decision.

    `pool` and `ruler` default to the shipped ones; a batch passes them in so
    that each of its thousands of games skips the look-ups.  `readings` are
    the rule variants it is played under (default: the level's, see
    gateruler/variants.py)."""
    if pool is None or ruler is None:  # a batch gives both: an import statement costs a look-up every game
        from gateruler import loader

        pool = pool or loader.load_card_pool()
        ruler = ruler or loader.load_rulers()[deck.ruler]
    readings = readings if readings is not None else readings_for(level)
    return Game.new(
        deck=deck.card_ids(),
        ruler=ruler,
        level=level,
        pool=pool,
        seed=seed,
        max_turns=max_turns,
        deck_name=deck.name,
        opponent=readings.controller(),
        rules=readings.engine,
    )
