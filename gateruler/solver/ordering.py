"""The order in which the solver tries the player's actions, judged by playing the best fast policy out.

The search stops at its first win, so its order decides how soon a
winnable game is settled (an unwinnable one costs the same in any order).
At each position it searches, the solver tries every legal action once and
plays the best fast policy, greedy with the tuned bot's fitted weights
(gateruler/bots/greedy, gateruler/data/bots/tuned.yaml), from there to the
end of the game: a **rollout**.  With the deck orders known the game is
deterministic, so a rollout that clears the level *is* a winning line, and
the search ends there.  Otherwise the actions are searched best rollout
first (`rollout_score`: the damage the rollout dealt the rift, then how
long it lasted).  The first line the search follows is then the rollout
algorithm's (Bertsekas): greedy improved by one step of lookahead at every
decision, which clears most of the games greedy alone loses.  (On 100
games of the Knight sample's level 4 at 20,000 nodes a game, rollouts by
the tuned weights settled 84, by greedy's hand-set ones 77.)

Greedy reads only what the player may know, so it plays the real game as
it plays a view of it in `check`; the solver's clairvoyance is the
rollouts'.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple, Protocol

from gateruler.bots import tuned_weights
from gateruler.bots.greedy import GreedyPolicy
from gateruler.engine.actions import INVADER, RULER, Action, Attack, EndTurn, GoToAttack, Pass, SetCard
from gateruler.engine.game import Game
from gateruler.solver.rng import shared

PLAYER_WINS = "player"  # Game.winner when the player cleared the level


def rollout_policy() -> GreedyPolicy:
    """The policy the rollouts play: greedy with the tuned bot's weights."""
    return GreedyPolicy(tuned_weights().weights)


def rollout_policy_label() -> str:
    """How results name the rollouts' policy: the weights file and its version."""
    return f"tuned ({tuned_weights().label})"


class Step(NamedTuple):
    """One action of a position and the position it leads to (made, not yet searched)."""

    action: Action
    child: Game


class Won(Exception):
    """A rollout cleared the level: `game` is the finished game, its history the winning line."""

    def __init__(self, game: Game) -> None:
        super().__init__("won")
        self.game = game


Count = Callable[[], None]
"""Called once per action applied: the solver's node count (it raises when the budget is spent)."""


def copy(game: Game) -> Game:
    """A copy to try one action on: no log (the rules never read it), the generator shared until used."""
    child = game.clone(keep_log=False, keep_rng=False)
    child.rng = shared(game.rng)
    return child


def rank(action: Action) -> int:
    """Where an action comes among the others (lower: sooner) when no rollout tells them apart."""
    kind = type(action)
    if kind is Attack:
        return 0 if action.target == RULER else 1  # type: ignore[union-attr]  # an Attack, by the test above
    return RANKS.get(kind, 2)


RANKS: dict[type, int] = {SetCard: 3, Pass: 4, GoToAttack: 5, EndTurn: 6}
"""Action types that go after the plays and answers (rank 2), in this order."""


def rollout_score(game: Game) -> tuple[float, int]:
    """How near a finished rollout that did not clear came: the share of the rift's HP it took, then the
    turn it lasted to."""
    rift = len(game.sides[INVADER].damage_zone) / max(1, game.life(INVADER))
    return (rift, game.turn)


class RolloutOrder:
    """Each action followed by a rollout, best rollout first; a winning rollout raises `Won`."""

    def __init__(self, policy: GreedyPolicy | None = None) -> None:
        self.policy = policy if policy is not None else rollout_policy()

    def steps(self, game: Game, legal: list[Action], count: Count) -> list[Step]:
        scored = []
        for index, action in enumerate(legal):
            count()
            child = copy(game)
            child.apply_trusted(action)
            score = self.rollout(copy(child), count)
            scored.append((score, -rank(action), -index, Step(action, child)))
        scored.sort(key=lambda entry: entry[:3], reverse=True)
        return [entry[3] for entry in scored]

    def rollout(self, game: Game, count: Count) -> tuple[float, int]:
        """Play the policy to the end of `game`; raise `Won` if it clears, else say how near it came."""
        act = self.policy.act
        while game.winner is None:
            legal = game.legal_actions()
            count()
            game.apply_trusted(legal[0] if len(legal) == 1 else act(game, legal))
        if game.winner == PLAYER_WINS:
            raise Won(game)
        return rollout_score(game)


class Order(Protocol):
    """What the solver asks of an order: the steps of a position, in the order to search them."""

    def steps(self, game: Game, legal: list[Action], count: Count) -> list[Step]: ...
