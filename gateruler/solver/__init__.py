"""The clairvoyant solver: whether a game, with both deck orders known, can be cleared at all.

The share of seeds whose game can be cleared bounds every real player from
above (they do not know the orders), as a bot's clear rate bounds the deck
from below: `gateruler check DECK --ceiling` reports both (docs/check.md).
`search.py` holds the search, `key.py` the positions' keys, `ordering.py`
the order of the actions tried, `bounds.py` the positions refuted without
a search, `rng.py` the generator the search's copies share.  Nothing in the
engine imports this package.
"""

from gateruler.solver.search import DEFAULT_BUDGET, Solution, Solver, Verdict, solve

__all__ = ["DEFAULT_BUDGET", "Solution", "Solver", "Verdict", "solve"]
