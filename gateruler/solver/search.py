"""The clairvoyant solver: can this game, with both deck orders known, be cleared at all?

Against the rift the only hidden information is the order of the two decks
(and of later shuffles, which the game's one seeded generator decides).
With the real game state in hand, generator included, the rift's play is a
function of the player's actions, and a game is a one-player puzzle: some
line of actions clears it or none does.

`solve` searches the player's actions depth first and stops at the first
win.  What keeps the tree small:

* a **transposition table** of the positions already refuted, keyed by
  `key.state_key` (every part of the state the engine reads to go on):
  two orders of the same plays, attacks that commute, the same card played
  from either copy, all meet at one position, which is searched once;
* **forced moves** (a decision with one legal action) are taken in place,
  without a copy and without a table entry;
* **move ordering** (ordering.py): every action of a position is followed
  by a greedy rollout to the end of the game, and searched best rollout
  first; a rollout that clears the level is the win.  So the first line is
  the rollout algorithm's (greedy with one step of lookahead everywhere),
  and the rest of the tree is searched nearest first;
* **bounds** (bounds.py): a position that provably cannot be cleared in
  the time the game has left is refuted without being searched.

Within `budget` nodes (positions reached by one action) it returns a
`Solution`: **winnable**, with the line of actions that clears it (a replay
of the game: gateruler/replay.py re-runs it); **unwinnable**, when every
line was refuted; or **unknown** when the budget ran out first.  The node
count, not the clock, is the budget, so a verdict is the same on every
machine and for any number of workers.
"""

from __future__ import annotations

import enum
import sys

import attrs

from gateruler.engine.actions import Action
from gateruler.engine.game import Game
from gateruler.solver.bounds import Bounds, bounds_for
from gateruler.solver.key import state_key
from gateruler.solver.ordering import PLAYER_WINS, Order, RolloutOrder, Won, copy

DEFAULT_BUDGET = 20_000  # nodes per game: about two seconds of one core (benchmarks/bench_solver.py)


class Verdict(enum.StrEnum):
    """How the search ended."""

    WINNABLE = "winnable"  # a line that clears the game was found
    UNWINNABLE = "unwinnable"  # every line was refuted
    UNKNOWN = "unknown"  # the budget ran out first


@attrs.frozen
class Solution:
    """What the solver found for one game: its verdict, the nodes it took, and a winning line.

    `line` is every action of the player from the game's first decision to
    the win (forced ones included), as `Game.history` holds them: applied to
    the same game in order, it clears it."""

    verdict: Verdict
    nodes: int
    line: tuple[Action, ...] = ()
    turn: int = 0  # the turn the game was won on (its `Game.turn`), for the replay's record

    @property
    def settled(self) -> bool:
        return self.verdict is not Verdict.UNKNOWN


class _OutOfBudget(Exception):
    """The node budget ran out: the search unwinds without refuting what it left unfinished."""


class Solver:
    """One search over one game (a solver holds its table: make a new one per game)."""

    def __init__(self, budget: int = DEFAULT_BUDGET, order: Order | None = None, bounds: Bounds | None = None) -> None:
        if budget < 1:
            raise ValueError("the node budget must be at least 1")
        self.budget = budget
        self.order: Order = order if order is not None else RolloutOrder()
        self.bounds = bounds
        self.nodes = 0
        self.refuted: set[object] = set()
        self.won: Game | None = None

    def solve(self, game: Game) -> Solution:
        """Search `game` (left as it is) to a verdict or to the end of the budget."""
        root = copy(game)
        bounds = self.bounds if self.bounds is not None else bounds_for(root)
        self.bounds = bounds
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))  # one frame per decision: games have a few hundred
        try:
            found = self._search(root)
        except Won as won:
            self.won, found = won.game, True
        except _OutOfBudget:
            return Solution(Verdict.UNKNOWN, self.nodes)
        finally:
            sys.setrecursionlimit(limit)
        if found:
            assert self.won is not None
            return Solution(Verdict.WINNABLE, self.nodes, tuple(self.won.history), self.won.turn)
        return Solution(Verdict.UNWINNABLE, self.nodes)

    def _search(self, game: Game) -> bool:
        """Whether some line from `game` (which it may change) clears the level; refuted positions are remembered."""
        while True:  # forced moves, in place
            if game.winner is not None:
                if game.winner == PLAYER_WINS:
                    self.won = game
                    return True
                return False
            legal = game.legal_actions()
            if len(legal) != 1:
                break
            self._count()
            game.apply_trusted(legal[0])
        key = state_key(game)
        if key in self.refuted:
            return False
        assert self.bounds is not None
        if self.bounds.refute(game):
            self.refuted.add(key)
            return False
        for step in self.order.steps(game, legal, self._count):
            if self._search(step.child):
                return True
        self.refuted.add(key)
        return False

    def _count(self) -> None:
        if self.nodes >= self.budget:
            raise _OutOfBudget
        self.nodes += 1


def solve(game: Game, budget: int = DEFAULT_BUDGET) -> Solution:
    """Can `game` be cleared from where it stands?  `budget`: the most nodes to search."""
    return Solver(budget).solve(game)
