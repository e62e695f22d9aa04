"""The `learned` bot: greedy's policy, overruled where a model fitted to the search bot's choices says so.

At a decision where the search bot would weigh two or more candidates
(`search.candidates`), the model scores each (gateruler/bots/learned/model.py)
and the bot plays another candidate than greedy's choice only when its score
is above the choice's by more than the model's margin.  Everywhere else it
is greedy, playing by the weights it is given (the model file's `base`: the
hand-set ones, or tuned.yaml's; gateruler/bots/__init__.py picks them).
After a departure greedy's memory of this turn's plan is thrown away (a
fresh `GreedyPolicy`, by the same weights), so the next decision plans from
the game as it is.  It reads only the game it is handed (a `PlayerView`'s,
or a determinised copy in a search's rollouts).
"""

from __future__ import annotations

from gateruler.bots.greedy import HAND_SET, GreedyPolicy
from gateruler.bots.kinds import decision_kind
from gateruler.bots.learned.model import Model
from gateruler.bots.search import ordered_candidates
from gateruler.bots.view import PlayerView
from gateruler.bots.weights import Weights
from gateruler.engine.actions import Action
from gateruler.engine.game import Game


class LearnedPolicy:
    """Greedy's choice unless the model scores another candidate higher by more than its margin."""

    __slots__ = ("base", "greedy", "model")

    def __init__(self, model: Model, base: Weights = HAND_SET) -> None:
        self.model = model
        self.base = base
        self.greedy = GreedyPolicy(base)

    def act(self, game: Game, legal: list[Action] | None = None) -> Action:
        if legal is None:
            legal = game.legal_actions()
        default = self.greedy.act(game, legal)
        if len(legal) < 2 or decision_kind(game) not in self.model.weights:
            return default
        options = ordered_candidates(game, legal, default)  # as the search orders them
        if len(options) < 2:
            return default
        choice = self.model.choose(game, options)
        if choice is not default:
            self.greedy = GreedyPolicy(self.base)  # its plan assumed its own choice
        return choice


class LearnedBot:
    """The learned policy as a bot; deterministic, so its seed is unused."""

    name = "learned"

    def __init__(self, seed: int, model: Model, base: Weights = HAND_SET) -> None:
        self.seed = seed
        self.policy = LearnedPolicy(model, base)

    def choose(self, view: PlayerView) -> Action:
        return self.policy.act(view.game, view.legal)
