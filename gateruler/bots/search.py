"""The search bot: Monte Carlo rollouts over the player's choices.

At each decision with more than one sensible action, it samples possible
true games from what the player knows (`PlayerView.determinise`: both deck
orders re-shuffled from the unseen cards with the bot's own generator), plays
each candidate action followed by the greedy policy to the end of the game,
and compares how the candidates score.

Three things make a small budget go far and keep it honest:

* common random numbers: in each round every surviving candidate is played
  on the same sampled games, so candidates are compared on the same luck;
* successive halving: the budget is spent in rounds, and after each round
  the worse half of the alternatives is dropped;
* greedy's choice is the default and is played in every round; an
  alternative replaces it only when it is better on the same games by more
  than the noise (`_clearly_better`).

`budget` is the number of rollouts (whole playouts) per decision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Protocol

import attrs

from gateruler.bots.greedy import GreedyPolicy
from gateruler.bots.view import PlayerView
from gateruler.engine.actions import INVADER, PLAYER, Action, EndTurn, GoToAttack, SetCard
from gateruler.engine.game import Game, Phase

DEFAULT_BUDGET = 96
DRAW_SCORE = 0.25  # a game that hits the turn cap has not cleared the rift
MARGIN_WEIGHT = 0.02  # how much of a rollout's score the margin of its ending may move: a tie-breaker
DEPARTURE_Z = 1.0  # standard errors by which a candidate must beat greedy's choice to replace it
MIN_PAIRED_GAMES = 3  # fewer shared games than this never replace greedy's choice, nor drop an alternative
HOPELESS_Z = 1.0  # an alternative this many standard errors behind greedy's choice (or tied on every game) is dropped
MIN_ROUNDS = 3  # rounds of the budget, at least: after each, hopeless alternatives are dropped
PLAYOUT_ACTION_CAP = 2000


@attrs.frozen
class Considered:
    """One candidate of a search decision: how many rollouts it had and what they scored on average."""

    action: Action
    games: int
    mean: float


@attrs.frozen
class SearchTrace:
    """What the search weighed at one decision: greedy's choice (`default`), the action it took,
    and every candidate it played rollouts of (the default first; the others in the order tried).

    A bot whose `trace` is a list appends one per decision it searched (or would have: a
    decision with one sensible candidate has no candidates but the default); the disagreement
    tool (benchmarks/disagreements.py) and the imitation fit read them.  Recording changes
    nothing the bot does."""

    default: Action
    chosen: Action
    candidates: tuple[Considered, ...]


class Policy(Protocol):
    """What plays a search's rollouts and names its default: greedy's policy, or another as fast."""

    def act(self, game: Game, legal: list[Action] | None = None) -> Action: ...


def playout(game: Game, policy: Policy | None = None) -> float:
    """Play `game` (a determinised copy) to the end with `policy` (a fresh greedy policy if none) and
    score the ending."""
    if policy is None:
        policy = GreedyPolicy()
    steps = 0
    while game.winner is None:
        legal = game.legal_actions()
        game.apply_trusted(legal[0] if len(legal) == 1 else policy.act(game, legal))  # the policy picks among `legal`
        steps += 1
        if steps > PLAYOUT_ACTION_CAP:
            return DRAW_SCORE
    return outcome_score(game)


def outcome_score(game: Game) -> float:
    """A cleared game scores above every other, and among equals the margin tells them apart.

    The margin (life left after a clear, damage done in a loss) is a weak
    signal but a dense one: with a few rollouts per candidate it breaks the
    many ties of a plain win/loss count."""
    if game.winner == "player":
        ours = game.sides[PLAYER]
        return 1.0 - MARGIN_WEIGHT * len(ours.damage_zone) / game.life(PLAYER)
    if game.winner == "invader":
        rift = game.sides[INVADER]
        return MARGIN_WEIGHT * len(rift.damage_zone) / game.life(INVADER)
    return DRAW_SCORE


def candidates(game: Game, legal: list[Action]) -> list[Action]:
    """The actions worth a rollout.

    Setting a card only delays it in this engine (it can be played later
    from the set zone, at the same cost), and ending the main phase without
    attacking gives up free attacks, so neither is searched.  (Actions are
    compared by their type where that decides: two actions of different
    types are never equal, and asking `==` of each would cost most of this.)"""
    out = [a for a in legal if type(a) is not SetCard]
    if game.phase == Phase.MAIN and game.pending is None and any(type(a) is GoToAttack for a in legal):
        out = [a for a in out if type(a) is not EndTurn]
    return out or list(legal)


def ordered_candidates(game: Game, legal: list[Action], default: Action) -> list[Action]:
    """The candidates worth a rollout with greedy's choice `default` first, where it wins ties: what the
    search weighs, and what the learned bot scores."""
    options = candidates(game, legal)
    kind = type(default)
    for i, a in enumerate(options):  # `options.remove(default)`, without asking `==` of other types
        if a is default or (type(a) is kind and a == default):
            del options[i]
            break
    options.insert(0, default)
    return options


class SearchBot:
    """Flat Monte Carlo with common random numbers and successive halving.

    `policy` makes the policy whose choice is the default and that plays the rollouts (one fresh
    policy per rollout): greedy's for the `search` bot, the tuned bot's for `lookahead`."""

    name = "search"

    def __init__(self, seed: int = 0, budget: int | None = None, policy: Callable[[], Policy] = GreedyPolicy) -> None:
        self.rng = random.Random(seed)
        self.budget = DEFAULT_BUDGET if budget is None else max(1, budget)
        self.policy = policy
        self.greedy = policy()
        self.trace: list[SearchTrace] | None = None  # a list: every decision's SearchTrace is appended to it

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        default = self.greedy.act(view.game, legal)
        options = ordered_candidates(view.game, legal, default)
        if len(options) == 1 or self.budget < 2 or not self._searches(view, default):
            if self.trace is not None:
                self.trace.append(SearchTrace(default, default, ()))
            return default
        options = options[: self.budget]  # a budget below the candidates searches the first ones
        scores: list[dict[int, float]] = [{} for _ in options]  # per candidate: world -> score
        chosen = options[self._halve(view, options, scores)]
        if self.trace is not None:
            considered = tuple(Considered(a, len(s), _mean(s)) for a, s in zip(options, scores) if s)
            self.trace.append(SearchTrace(default, chosen, considered))
        return chosen

    def _searches(self, view: PlayerView, default: Action) -> bool:
        """Whether this decision (of two or more candidates) is worth its rollouts: for search, every
        one; a bot that spends its budget on fewer (focus.py) says which."""
        return True

    def _halve(self, view: PlayerView, options: list[Action], scores: list[dict[int, float]]) -> int:
        """Successive halving of the alternatives, greedy's choice (options[0]) kept to the end.

        After each round an alternative that cannot be better than greedy's
        choice on the games both were played on (`_hopeless`) is dropped, and
        when none is left the search stops: the budget goes to the decisions
        where greedy's alternatives are close, and a clear one costs little.  Returns the index of
        the choice; `scores` (one empty dict per option) gets every rollout's score, by world."""
        alive = list(range(len(options)))
        rounds = max(MIN_ROUNDS, (len(options) - 1).bit_length())
        left = self.budget
        world_index = 0
        for r in range(rounds):
            # an even share of what is left per round, at least one game each while the budget lasts
            per = min(max(1, (left // (rounds - r)) // len(alive)), left // len(alive))
            if per == 0:
                break
            for _ in range(per):
                world = view.determinise(self.rng)
                for i in alive:
                    game = _copy_world(world)
                    game.apply_trusted(options[i])  # legal in the view, so in every world sampled from it
                    scores[i][world_index] = playout(game, self.policy())
                world_index += 1
            left -= per * len(alive)
            alive = [0] + [i for i in alive[1:] if not _hopeless(scores[i], scores[0])]
            if len(alive) == 1:
                return 0
            if len(alive) > 2:
                ranked = sorted(alive[1:], key=lambda i: (-_mean(scores[i]), i))
                alive = [0] + ranked[: max(1, (len(alive) + 1) // 2 - 1)]
        challenger = min(alive[1:], key=lambda i: (-_mean(scores[i]), i), default=None)
        if challenger is not None and _clearly_better(scores[challenger], scores[0]):
            return challenger
        return 0


def _mean(scores: dict[int, float]) -> float:
    return sum(scores.values()) / len(scores) if scores else -1.0


def _paired(challenger: dict[int, float], default: dict[int, float]) -> tuple[int, float, float]:
    """The games both were played on, the mean difference on them, and its standard error."""
    diffs = [challenger[w] - default[w] for w in challenger if w in default]
    n = len(diffs)
    if n == 0:
        return 0, 0.0, 0.0
    mean = sum(diffs) / n
    if n == 1:
        return 1, mean, math.inf
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return n, mean, sd / math.sqrt(n)


def _hopeless(challenger: dict[int, float], default: dict[int, float]) -> bool:
    """Whether an alternative is behind greedy's choice by more than the noise, or tied with it on
    every game so far: more games would rarely make it clearly better, so it gets no more."""
    n, mean, se = _paired(challenger, default)
    if n < MIN_PAIRED_GAMES:
        return False
    return mean + HOPELESS_Z * se <= 0


def _clearly_better(challenger: dict[int, float], default: dict[int, float]) -> bool:
    """Whether the challenger beats greedy's choice on the games both were played on, beyond noise.

    Picking the best of several noisy means favours a lucky candidate (the
    winner's curse); where the true differences are small (a level the deck
    rarely clears) that alone would make the search worse than greedy.  So it
    departs from greedy only when the paired difference is more than
    DEPARTURE_Z standard errors above zero."""
    n, mean, se = _paired(challenger, default)
    if n < MIN_PAIRED_GAMES:
        return False  # too few games to tell luck from skill
    return mean > 0 and mean > DEPARTURE_Z * se


def _copy_world(world: Game) -> Game:
    """A copy of a sampled game for one candidate (the same luck for every candidate)."""
    return world.clone(keep_log=False)
