"""The random bot: the floor every other bot must beat, and a fuzzer for the engine."""

from __future__ import annotations

import random

from gateruler.bots.view import PlayerView
from gateruler.engine.actions import Action


class RandomBot:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        actions = view.legal
        return actions[self.rng.randrange(len(actions))]
