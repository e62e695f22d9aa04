"""Every shipped level against a random player, over many seeds, ends cleanly.

The default run plays 500 games per level (3,000 in all); `--runslow`
plays 5,000 per level.  A game "ends" when it has a winner ("player", "invader" or a
"draw" at the turn cap), never with an engine error.
"""

from __future__ import annotations

import random

import pytest

from gateruler import loader
from gateruler.games import new_game

LEVELS = range(1, 7)


def play_random(level_number: int, seed: int) -> str:
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    game = new_game(deck, loader.load_level(level_number), seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game.winner


@pytest.mark.parametrize("level", LEVELS)
def test_random_games_of_each_level_end_with_a_winner(level: int, request: pytest.FixtureRequest) -> None:
    seeds = 5000 if request.config.getoption("--runslow") else 500
    outcomes = {play_random(level, seed) for seed in range(seeds)}
    assert outcomes <= {"player", "invader", "draw"}
    assert "invader" in outcomes  # a random player loses to every rift sometimes


@pytest.mark.parametrize("ruler", ["knight", "wizard", "apprentice"])
def test_every_sample_deck_plays_level_3_to_the_end(ruler: str) -> None:
    deck = loader.load_deck(loader.sample_deck_path(ruler))
    for seed in range(40):
        game = new_game(deck, loader.load_level(3), seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        assert game.winner in {"player", "invader", "draw"}
