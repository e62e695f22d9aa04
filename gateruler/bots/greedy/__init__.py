"""The greedy bot: a fast, documented heuristic (docs/bots.md has the reasoning).

It looks only at public information (its own hand, both boards, the
composition of both decks, never their order) and plans one player turn at a
time: the best set of plays for the main phase, valued by how much face
damage the rift's next attacks would do against the resulting board plus what
the plays add; then the attacks, going for the rift's ruler whenever a line
is open.  Face damage is counted in expected damage-zone cards, each side's
weighted by how close that side is to losing.

It is also the playout policy of the search bot, so it is kept cheap.  Its
modules, each depending only on those above it:

* cards.py: what greedy reads of one card, and the target words;
* odds.py: the speed layer (tables and memos of what follows from the decks'
  contents and the rift's script);
* facts.py: `Facts`, what one decision needs to know (face damage, kill
  values, the rift's next attacks against a board);
* values.py: one value function per effect word and per cost word, in
  registries keyed by the engine's word names, every number a named weight
  (bots/weights.py);
* abilities.py: activated abilities and discount plays;
* plan.py: the main-phase plan search;
* attack.py: the attack phase;
* decisions.py: targets, splits, zones, picks, cost payments and the windows
  of the rift's turn;
* policy.py: `GreedyPolicy`, `greedy_action` and `GreedyBot`.
"""

from gateruler.bots.greedy.cards import CardFacts, target_shape
from gateruler.bots.greedy.decisions import answer_decision, choose_split, choose_target, choose_zone
from gateruler.bots.greedy.facts import HAND_SET, Facts
from gateruler.bots.greedy.odds import DeckOdds, DeckSums, card_facts, deck_odds, rift_attacks
from gateruler.bots.greedy.odds import deck_sums as _deck_sums  # the name tests/test_bots_greedy.py imports
from gateruler.bots.greedy.plan import main_plan
from gateruler.bots.greedy.policy import GreedyBot, GreedyPolicy, greedy_action

__all__ = [
    "HAND_SET",
    "CardFacts",
    "DeckOdds",
    "DeckSums",
    "Facts",
    "GreedyBot",
    "GreedyPolicy",
    "_deck_sums",
    "answer_decision",
    "card_facts",
    "choose_split",
    "choose_target",
    "choose_zone",
    "deck_odds",
    "greedy_action",
    "main_plan",
    "rift_attacks",
    "target_shape",
]
