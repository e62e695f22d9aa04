"""Replays of games played by a person: `play --replay FILE` and the `replay` command in game.

A replay from play has the format of gateruler.replay (deck, level, seed,
the player's actions) with no bot, so `gateruler replay FILE` applies the
recorded actions as they are.  A game still going when the replay was
written is recorded as "unfinished": re-running it checks that the same
actions lead to the same turn with the game still going.
"""

from __future__ import annotations

from pathlib import Path

from gateruler.batch import GameSpec
from gateruler.engine import Game, action_to_dict
from gateruler.fileio import Output
from gateruler.models import DeckDef, DeckEntry
from gateruler.replay import UNFINISHED, replay_data, write_replay
from gateruler.saves import GameOrigin
from gateruler.stats import classify
from gateruler.variants import of_game


def play_spec(game: Game, origin: GameOrigin, deck_path: str | None = None) -> GameSpec:
    """The definitions of a game in play, as a replay names them."""
    setup = game.setup
    entries: list[DeckEntry] = []
    for card in setup.player_deck:  # runs of one card, in deck-list order: the same card list again
        if entries and entries[-1].card == card:
            entries[-1] = DeckEntry(card, entries[-1].count + 1)
        else:
            entries.append(DeckEntry(card, 1))
    deck = DeckDef(setup.deck_name, setup.ruler.id, tuple(entries))
    level_ref: int | str = (
        origin.level_number if origin.level_number is not None else str(Path(str(origin.level_file)).resolve())
    )
    readings = of_game(setup.rules, setup.opponent)
    return GameSpec(
        deck,
        setup.ruler,
        setup.level,
        setup.pool,
        setup.max_turns,
        level_ref,
        deck_path or origin.deck_file or "",
        readings,
    )


def play_replay_data(game: Game, origin: GameOrigin, deck_path: str | None = None) -> dict:
    outcome = classify(game.winner, game.end_reason) if game.over else UNFINISHED
    actions = [action_to_dict(a) for a in game.history]
    return replay_data(
        play_spec(game, origin, deck_path), game.seed, actions, bot=None, outcome=outcome, turn=game.turn
    )


def write_play_replay(path: str | Path | Output, game: Game, origin: GameOrigin, deck_path: str | None = None) -> None:
    write_replay(path, play_replay_data(game, origin, deck_path))
