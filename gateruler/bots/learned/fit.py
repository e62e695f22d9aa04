"""Fitting the learned bot's weights: weighted ridge regression of the search's rollout advantages.

Each recorded search decision (`Sample`) gives, for every candidate the
search played rollouts of, its features and its rollout mean.  A candidate's
*advantage* is its mean minus greedy's choice's: how much more its rollouts
scored.  The model's score difference between a candidate and greedy's
choice is linear in the outer product of (candidate features minus the
choice's) and the decision's context, so the weights are a least-squares fit
of the advantages on those products, each weighted by the candidate's
rollouts (a mean of more games says more), with a ridge penalty `lam` (many
pairs are rare).  Each kind of decision has weights of its own, so each is a
fit of its own.  Plain numpy: the normal equations, summed decision by decision.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import numpy as np

from gateruler.bots.learned.features import CANDIDATE_NAMES, CONTEXT_NAMES
from gateruler.bots.learned.model import departure


@attrs.frozen(eq=False)
class Sample:
    """One search decision: the context, each candidate's features (row 0 greedy's choice), their
    rollout means and counts, and the index of the search's choice."""

    context: np.ndarray  # (len(CONTEXT_NAMES),)
    candidates: np.ndarray  # (k, len(CANDIDATE_NAMES))
    means: np.ndarray  # (k,)
    games: np.ndarray  # (k,)
    chosen: int
    kind: str  # the kind of decision (features.KINDS)
    group: str = ""  # the deck and level, for reports


def _design(sample: Sample) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The alternatives' rows (outer products, flattened), advantages and weights."""
    diffs = sample.candidates[1:] - sample.candidates[0]
    rows = (diffs[:, :, None] * sample.context[None, None, :]).reshape(len(diffs), -1)
    return rows, sample.means[1:] - sample.means[0], sample.games[1:].astype(float)


def fit_ridge(samples: Iterable[Sample], lam: float = 1.0, kinds: Iterable[str] | None = None) -> dict[str, np.ndarray]:
    """Per kind of decision (those of `kinds`, every kind the samples have if None), the weights
    (len(CANDIDATE_NAMES), len(CONTEXT_NAMES)) minimising the weighted squared error of the predicted
    advantages plus `lam` times the sum of squared weights."""
    size = len(CANDIDATE_NAMES) * len(CONTEXT_NAMES)
    wanted = None if kinds is None else set(kinds)
    sums: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for sample in samples:
        if len(sample.candidates) < 2 or (wanted is not None and sample.kind not in wanted):
            continue
        gram, moment = sums.setdefault(sample.kind, (np.zeros((size, size)), np.zeros(size)))
        rows, advantages, weights = _design(sample)
        gram += (rows * weights[:, None]).T @ rows
        moment += rows.T @ (weights * advantages)
    return {
        kind: np.linalg.solve(gram + lam * np.eye(size), moment).reshape(len(CANDIDATE_NAMES), len(CONTEXT_NAMES))
        for kind, (gram, moment) in sums.items()
    }


def predicted(weights: dict[str, np.ndarray], sample: Sample) -> np.ndarray | None:
    """Each candidate's score at the sample's decision (as `Model.scores` makes it); None for a kind
    without weights."""
    matrix = weights.get(sample.kind)
    return None if matrix is None else sample.candidates @ (matrix @ sample.context)


def pick(weights: dict[str, np.ndarray], sample: Sample, margin: float) -> int:
    """The candidate the model takes: greedy's choice (0) unless another is above it by more than `margin`."""
    scores = predicted(weights, sample)
    return 0 if scores is None else departure(scores.tolist(), margin)


def fit_softmax(
    samples: Iterable[Sample],
    lam: float = 1.0,
    steps: int = 300,
    rate: float = 0.05,
    kinds: Iterable[str] | None = None,
) -> dict[str, np.ndarray]:
    """Per kind of decision, the weights of a softmax over each decision's candidates that make the
    search's choice most likely (the mean log-likelihood, less `lam` times the mean squared weight):
    full-batch gradient steps with Adam's step sizes."""
    wanted = None if kinds is None else set(kinds)
    by_kind: dict[str, dict[int, list[Sample]]] = {}
    for s in samples:
        if len(s.candidates) >= 2 and (wanted is None or s.kind in wanted):
            by_kind.setdefault(s.kind, {}).setdefault(len(s.candidates), []).append(s)
    return {kind: _softmax_kind(groups, lam, steps, rate) for kind, groups in by_kind.items()}


def _softmax_kind(groups: dict[int, list[Sample]], lam: float, steps: int, rate: float) -> np.ndarray:
    """One kind's softmax weights; `groups`: its samples by their number of candidates."""
    stacks = [
        (
            np.stack([s.candidates for s in group]),
            np.stack([s.context for s in group]),
            np.eye(k)[[s.chosen for s in group]],
        )
        for k, group in groups.items()
    ]
    count = sum(len(g) for g in groups.values())
    weights = np.zeros((len(CANDIDATE_NAMES), len(CONTEXT_NAMES)))
    first, second = np.zeros_like(weights), np.zeros_like(weights)
    for step in range(1, steps + 1):
        gradient = 2 * lam * weights / weights.size
        for cands, contexts, chosen in stacks:
            logits = np.einsum("nkd,dc,nc->nk", cands, weights, contexts)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits)
            p /= p.sum(axis=1, keepdims=True)
            gradient += np.einsum("nk,nkd,nc->dc", p - chosen, cands, contexts) / count
        first = 0.9 * first + 0.1 * gradient
        second = 0.999 * second + 0.001 * gradient**2
        weights -= rate * (first / (1 - 0.9**step)) / (np.sqrt(second / (1 - 0.999**step)) + 1e-8)
    return weights
