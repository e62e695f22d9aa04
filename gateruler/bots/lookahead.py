"""The lookahead bot: the search bot's flat Monte Carlo over the tuned bot's policy.

The same search as `search` (gateruler/bots/search.py: common random
numbers, successive halving, the default kept unless an alternative is
clearly better), with the tuned bot's choice as its default and the tuned
policy (greedy with the fitted weights of gateruler/data/bots/tuned.yaml)
playing its rollouts.  A better rollout policy makes each rollout say more,
so a smaller budget goes further: docs/bots.md's strength-per-time table
measures it.
"""

from __future__ import annotations

from gateruler.bots.greedy import GreedyPolicy
from gateruler.bots.search import SearchBot
from gateruler.bots.weights import Weights


class LookaheadBot(SearchBot):
    name = "lookahead"

    def __init__(self, seed: int, budget: int | None, weights: Weights) -> None:
        super().__init__(seed, budget, policy=lambda: GreedyPolicy(weights))
