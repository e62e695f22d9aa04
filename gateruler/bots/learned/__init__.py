"""The `learned` bot: greedy overruled by a linear model of the search bot's rollouts (docs/bots.md).

* features.py (and gateruler/bots/kinds.py, the kinds of decision): what the model reads of a decision (`Context`) and of each candidate (`Candidate`);
* model.py: `Model` (the weights, the margin, what it was fitted on) and its data file;
* scoring.py: the scores the bot plays by, each candidate's readings' sum worked out without the dict;
* fit.py: the weighted ridge regression that fits one (benchmarks/fit_imitation.py runs it);
* policy.py: `LearnedPolicy` and `LearnedBot`.
"""

from gateruler.bots.kinds import KINDS, decision_kind
from gateruler.bots.learned.features import CANDIDATE_NAMES, CONTEXT_NAMES, Candidate, Context, candidate, context
from gateruler.bots.learned.model import LEARNED_FILE, Model, model_yaml, read_model
from gateruler.bots.learned.policy import LearnedBot, LearnedPolicy

__all__ = [
    "CANDIDATE_NAMES",
    "CONTEXT_NAMES",
    "LEARNED_FILE",
    "KINDS",
    "Candidate",
    "Context",
    "LearnedBot",
    "LearnedPolicy",
    "Model",
    "candidate",
    "context",
    "decision_kind",
    "model_yaml",
    "read_model",
]
