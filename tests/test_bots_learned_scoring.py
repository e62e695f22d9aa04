"""The learned bot's fast scores (gateruler/bots/learned/scoring.py) are features.readings' sums, to the bit."""

from __future__ import annotations

import random

import numpy as np
from factories import mechanics_game, rich_game

from gateruler.bots import player_view
from gateruler.bots.greedy import GreedyPolicy
from gateruler.bots.kinds import decision_kind
from gateruler.bots.learned.features import CANDIDATE_NAMES, CONTEXT_NAMES, READ_TYPES, context, readings
from gateruler.bots.learned.scoring import SCORED_TYPES, scores
from gateruler.engine.actions import Action
from gateruler.engine.game import Game


def readings_sum(game: Game, options: list[Action], weights: np.ndarray) -> list[float]:
    """The score as the model defines it: per candidate, weight x reading added in the readings' order
    from 0.0, and greedy's choice (options[0]) its `default` weight on top."""
    per_feature = dict(zip(CANDIDATE_NAMES, (weights @ np.array(context(game))).tolist()))
    out = []
    for a in options:
        score = 0.0
        for name, value in readings(game, a).items():
            score += per_feature[name] * value
        out.append(score)
    out[0] += per_feature["default"]
    return out


def random_weights(rng: np.random.Generator) -> np.ndarray:
    """A kind's weights as a fit could leave them: most pairs set, some candidate features not weighed at all
    (their terms left out of the fast score), and zeros of both signs."""
    weights = rng.normal(0.0, 0.3, (len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))
    weights[rng.random(len(CANDIDATE_NAMES)) < 0.3] = 0.0
    weights[rng.random(weights.shape) < 0.2] = 0.0
    weights[rng.random(weights.shape) < 0.05] = -0.0
    return weights


def test_the_fast_score_of_every_legal_action_is_the_readings_sum_to_the_bit() -> None:
    """Every decision of seventeen games (four of the rich fixture, thirteen of the mechanics fixture: every
    kind of action and decision comes up; half greedy's moves, half random ones; mechanics seed 45 is the first
    whose game offers a Split since greedy foresees wounds for its interceptors), every legal action scored as
    if greedy had chosen each in turn, by fresh random weights at each decision."""
    rng = np.random.default_rng(24)
    seen: set[type] = set()
    kinds: set[str] = set()
    for seed, game in [*((s, rich_game(s)) for s in range(4)), *((s, mechanics_game(s)) for s in (*range(12), 45))]:
        chooser, greedy = random.Random(seed), GreedyPolicy()
        while not game.over:
            view = player_view(game)
            legal = view.legal
            weights = random_weights(rng)
            for first in range(len(legal)):
                options = [legal[first], *legal[:first], *legal[first + 1 :]]
                fast = scores(view.game, options, weights)
                expected = readings_sum(view.game, options, weights)
                assert [x.hex() for x in fast] == [x.hex() for x in expected], (seed, game.turn, options)
            seen.update(type(a) for a in legal)
            kinds.add(decision_kind(game))
            game.apply(chooser.choice(legal) if chooser.random() < 0.5 else greedy.act(game, legal))
    assert seen == set(READ_TYPES)
    assert {"main", "attack", "window", "zone", "target"} <= kinds, kinds


def test_all_weights_zero_scores_every_action_plus_zero() -> None:
    """A model weighing nothing scores +0.0, as the readings' sum from 0.0 does (not -0.0)."""
    game = rich_game(1)
    legal = game.legal_actions()
    zero = np.zeros((len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))
    assert [x.hex() for x in scores(game, legal, zero)] == [(0.0).hex()] * len(legal)
    assert [x.hex() for x in scores(game, legal, -zero)] == [(0.0).hex()] * len(legal)


def test_every_kind_of_action_features_reads_has_a_scorer() -> None:
    """The two tables (features.py's readers, scoring.py's scorers) name the same kinds of action."""
    assert set(SCORED_TYPES) == set(READ_TYPES)
