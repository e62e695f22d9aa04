"""The `learned` bot's model: one weight per pair of a candidate feature and a context feature, and its file.

A candidate's score is `sum_ij W[i, j] * candidate_i * context_j`
(gateruler/bots/learned/features.py names both), with one matrix W per kind of
decision (the main phase, the attack phase, a window, ...); a kind the model
has no weights for is left to greedy, and costs nothing to ask.  The bot takes another
candidate than greedy's choice only when its score is above the choice's by
more than the model's `margin`: the fit (benchmarks/fit_imitation.py) makes
a score difference an estimate of how much more often the search's rollouts
clear with that candidate than with greedy's choice.

The file (gateruler/data/bots/learned.yaml) is read by the project's bounded
YAML reader: an unknown feature name, a number out of bounds or not finite
is a one-line error naming the file and line.  A pair the file does not name
weighs 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from gateruler.bots.kinds import KINDS, decision_kind
from gateruler.bots.learned.features import CANDIDATE_NAMES, CONTEXT_NAMES
from gateruler.bots.learned.scoring import scores
from gateruler.bots.weights import DATA_DIR, read_weight, wrap_words
from gateruler.engine.actions import Action
from gateruler.engine.game import Game
from gateruler.yamlsrc import Fields, Report, load_yaml

WEIGHT_BOUND = 100.0  # no weight may be larger than this in size
BASES = ("greedy", "tuned")  # the weights the greedy policy under the model plays by: hand-set, or tuned.yaml's
LEARNED_FILE = DATA_DIR / "learned.yaml"


@attrs.frozen(eq=False)
class Model:
    """A fitted model and what it says about itself (`fitted_on`: decks, levels, seeds, budget, games)."""

    weights: dict[str, np.ndarray]  # kind of decision -> (len(CANDIDATE_NAMES), len(CONTEXT_NAMES))
    margin: float = 0.0
    version: int = 1
    fitted_on: dict[str, Any] = attrs.field(factory=dict)
    description: str = ""
    path: Path | None = None
    base: str = "greedy"  # one of BASES: whose choices the model overrules (gateruler/bots/__init__.py)

    @classmethod
    def zero(cls, margin: float = 0.0) -> Model:
        """A model that never departs from greedy (every score 0)."""
        return cls({}, margin)

    @property
    def label(self) -> str:
        """How results name it: the file and its version."""
        return f"{self.path.name if self.path else 'learned'} v{self.version}"

    def scores(self, game: Game, options: list[Action]) -> list[float] | None:
        """Each option's score at this decision (options[0] is greedy's choice; scoring.py works them out,
        as features.readings' sums); None for a kind of decision the model has no weights for."""
        weights = self.weights.get(decision_kind(game))
        if weights is None:
            return None
        return scores(game, options, weights)

    def choose(self, game: Game, options: list[Action]) -> Action:
        """options[0] (greedy's choice) unless another scores higher by more than the margin."""
        scores = self.scores(game, options)
        return options[0] if scores is None else options[departure(scores, self.margin)]


def departure(scores: Sequence[float], margin: float) -> int:
    """The candidate the model takes: greedy's choice (0) unless another scores above it by more than
    `margin` (the first of the best); what the bot plays and what the fit's figures count."""
    best = max(range(len(scores)), key=scores.__getitem__)
    return best if best != 0 and scores[best] - scores[0] > margin else 0


def read_model(path: str | Path) -> Model:
    """A model file, checked: `bot`, `version`, `margin`, `fitted_on` (a mapping), an optional
    `description`, an optional `base` (one of BASES; greedy if absent), and `weights`: candidate
    feature -> context feature -> number."""
    path = Path(path)
    report = Report()
    f = Fields(load_yaml(path), report, "a learned model file", at=None)
    f.required("bot", str, choices=("learned",))
    version = f.required("version", int, min=1)
    margin = f.required("margin", (int, float), min=0.0, max=WEIGHT_BOUND)
    fitted_on = f.optional("fitted_on", dict, default={})
    description = f.optional("description", str, default="")
    base = f.optional("base", str, default="greedy", choices=BASES)
    weights: dict[str, np.ndarray] = {}
    outer = f.nested("weights", "weights", required=True)
    if outer is not None:
        for kind in KINDS:
            by_kind = outer.nested(kind, f"the weights of {kind!r} decisions")
            if by_kind is not None:
                weights[kind] = _matrix(by_kind, kind)
        outer.finish()
    f.finish()
    report.raise_errors()
    return Model(weights, float(margin), version, dict(fitted_on or {}), description, path, base)


def _matrix(f: Fields, kind: str) -> np.ndarray:
    """One kind's weights: candidate feature -> context feature -> number (an absent pair weighs 0)."""
    weights = np.zeros((len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))
    for i, name in enumerate(CANDIDATE_NAMES):
        inner = f.nested(name, f"the weights of {name!r} in {kind!r} decisions")
        if inner is None:
            continue
        for j, situation in enumerate(CONTEXT_NAMES):
            value = read_weight(inner, situation, WEIGHT_BOUND)
            if value is not None:
                weights[i, j] = value
        inner.finish()
    f.finish()
    return weights


def model_yaml(model: Model) -> str:
    """A model file's text (what benchmarks/fit_imitation.py writes); pairs weighing 0 are left out."""
    lines = [
        "# The learned bot's model, fitted by benchmarks/fit_imitation.py (docs/bots.md: how, and how to refit).",
        "# weights: candidate feature -> context feature -> weight (gateruler/bots/learned/features.py).",
        "bot: learned",
        f"version: {model.version}",
        f"margin: {_number(model.margin)}",
        *([f"base: {model.base}"] if model.base != "greedy" else []),
        "description: >-",
        *(f"  {line}" for line in wrap_words(model.description or "-")),
        "fitted_on:" if model.fitted_on else "fitted_on: {}",
        *(f"  {key}: {_scalar(value)}" for key, value in model.fitted_on.items()),
    ]
    weighed = []
    for kind in KINDS:
        if kind in model.weights:
            rows = [line for i, name in enumerate(CANDIDATE_NAMES) for line in _row(name, model.weights[kind][i])]
            weighed += [f"  {kind}:" if rows else f"  {kind}: {{}}", *rows]
    return "\n".join([*lines, "weights:" if weighed else "weights: {}", *weighed]) + "\n"


def _row(name: str, weights: np.ndarray) -> list[str]:
    """One candidate feature's weights, the context features it is not paired with left out."""
    row = [(CONTEXT_NAMES[j], round(float(w), 6)) for j, w in enumerate(weights) if round(float(w), 6) != 0.0]
    return [f"    {name}:", *(f"      {situation}: {_number(w)}" for situation, w in row)] if row else []


def _number(value: float) -> str:
    """A number as YAML 1.1 reads it back as one (it reads `1e-06`, with no dot, as a string)."""
    return f"{value:.6f}"


def _scalar(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)
