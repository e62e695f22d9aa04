"""The focus bot: greedy everywhere, the search bot's halving only at the decisions that matter.

The search bot (search.py) spends its rollouts at every decision with more
than one sensible action, and most of them change nothing: on the three
sample decks at level 3 it departed from greedy at 247 of 2,375 decisions,
and the departures that win (docs/bots.md, "Where greedy loses") are of four
kinds only: the main-phase plan, a unit's placement, the attack order and a
target.  So this bot asks two questions before it spends anything:

* is the decision of a kind that search's departures win at (`decision_kind_matters`:
  not a window answer, a cost payment or another pending choice)?
* is the game still in the balance: `PROBE_ROLLOUTS` rollouts of greedy's
  choice (determinised as the search's are, then greedy to the end) neither
  all cleared nor all not cleared?  A game that greedy's choice clears on
  every sampled world leaves little to win (search's own estimates of its
  departures there are its smallest); one it loses on every one was
  guessed to leave little to save, which search's estimates bear out at
  levels 3 and 4 only (docs/bots.md, "Issue 24: search only where it
  matters").  The `focus-unwon` bot (`skip_lost=False`) searches those lost
  ones too, skips only the won, and is the stronger of the two.

Where both are yes it runs the search bot's successive halving (its
candidates, common random numbers, greedy's choice kept unless an
alternative is clearly better) with `budget` rollouts; everywhere else it
plays greedy's choice and runs no rollout past the probe.  The search bot
itself is not changed: this one is a `SearchBot` that answers its `_searches` question.
docs/bots.md ("### The focus bot") measures what it buys per CPU second.
"""

from __future__ import annotations

from gateruler.bots.kinds import decision_kind
from gateruler.bots.search import Policy, SearchBot, playout
from gateruler.bots.view import PlayerView
from gateruler.engine.actions import Action
from gateruler.engine.game import Game

DEFAULT_FOCUS_BUDGET = 24  # rollouts of the halving at a decision that matters
PROBE_ROLLOUTS = 4  # rollouts of greedy's choice that say whether the game is still in the balance
CLEARED_SCORE = 0.5  # a rollout scoring above this cleared the rift (search.outcome_score)
SEARCHED_KINDS = frozenset({"main", "attack", "zone", "target"})  # kinds.KINDS: not a window, a cost nor another pick


def decision_kind_matters(game: Game) -> bool:
    """Whether the decision is of a kind search's departures from greedy win at: the main-phase plan
    and placement, the attack order (no pending choice), a target or a placement asked for by an effect."""
    return decision_kind(game) in SEARCHED_KINDS


class FocusBot(SearchBot):
    """Greedy's choice, searched only where the kind matters and the game is in the balance.

    `rollouts` counts every rollout played (probes and halving), so a test or a benchmark can see where
    the budget went; `searched` counts the decisions that ran the halving."""

    name = "focus"

    def __init__(
        self, seed: int = 0, budget: int | None = None, probe: int = PROBE_ROLLOUTS, skip_lost: bool = True
    ) -> None:
        super().__init__(seed, DEFAULT_FOCUS_BUDGET if budget is None else budget)
        self.probe = probe
        self.skip_lost = skip_lost  # False: a decision all of whose probes were lost is searched too
        self.rollouts = 0
        self.searched = 0
        self._fresh_policy = self.policy
        self.policy = self._counted_policy  # the halving makes one policy per rollout: so it counts them

    def _counted_policy(self) -> Policy:
        self.rollouts += 1
        return self._fresh_policy()

    def _searches(self, view: PlayerView, default: Action) -> bool:
        """Search's choice of the decisions to search: only those that matter (`_matters`), counted."""
        if not self._matters(view, default):
            return False
        self.searched += 1
        return True

    def _matters(self, view: PlayerView, default: Action) -> bool:
        """The decision's kind is one search wins at, and the probe's rollouts of greedy's choice are
        neither all cleared nor (with `skip_lost`) all not cleared."""
        if not decision_kind_matters(view.game):
            return False
        if self.probe <= 0:
            return True
        cleared = self.probe_clears(view, default)
        return cleared < self.probe and (cleared > 0 or not self.skip_lost)

    def probe_clears(self, view: PlayerView, default: Action) -> int:
        """How many of the probe's rollouts of greedy's choice `default` clear, each on a world freshly
        determinised from the view (benchmarks/focus_gate.py sorts search's decisions by it)."""
        cleared = 0
        for _ in range(self.probe):
            game = view.determinise(self.rng)
            game.apply_trusted(default)  # legal in the view, so in every world sampled from it
            if playout(game, self._counted_policy()) > CLEARED_SCORE:
                cleared += 1
        return cleared
