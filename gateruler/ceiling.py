"""The ceiling of a check: of the games the bot played, how many could be cleared at all.

A bot's clear rate bounds the deck from below: some play clears at least
that share.  The clairvoyant solver (gateruler/solver) bounds it from
above: it knows both deck orders, so what it cannot clear nobody can, and
the share of the same games (the same seeds) it does not refute bounds
every real player, who does not know the orders.  The truth lies between.

Each game ends **winnable** (a line that clears it was found: it is kept,
to be written as a replay and checked), **unwinnable** (every line was
refuted) or **unknown** (the node budget ran out first).  The ceiling counts
the winnable and the unknown games: an unsettled game is never counted on
the wrong side of the bound.  A game whose search raised an error is
counted the same way (and said).

Games run as the bot's do (batch.py): fixed chunks of `CHUNK` game indices
on any backend (this process, local workers, a Dask cluster), folded in
index order; the solver's budget is nodes, not seconds, so the verdicts,
and the figures, are the same for any backend and number of workers.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from gateruler.backends import Backend, Local, in_order
from gateruler.batch import CHUNK, BatchResult, BatchSettings, GameSpec, describe_error, game_seed
from gateruler.engine.actions import action_to_dict
from gateruler.solver import Solver, Verdict
from gateruler.solver.ordering import rollout_policy_label
from gateruler.stats import wilson_interval

MAX_ERRORS_KEPT = 5  # per level: the first searches that raised, by game index


@attrs.frozen
class Win:
    """A game the solver cleared: enough to write the replay that proves it."""

    index: int
    seed: int
    actions: tuple[dict, ...]  # the winning line, as replays hold actions
    turn: int  # the turn it was won on


@attrs.frozen
class SearchError:
    """A game whose search raised: counted on the open side, and reported with its seed."""

    index: int
    seed: int
    message: str


@attrs.define
class CeilingTally:
    """Verdicts over games, as plain sums (merged in any order, they give the same figures)."""

    winnable: int = 0
    unwinnable: int = 0
    unknown: int = 0
    error: int = 0  # the search raised: counted with the unknown games on the ceiling's side
    nodes: int = 0  # positions searched, over all the games

    @property
    def games(self) -> int:
        return self.winnable + self.unwinnable + self.unknown + self.error

    @property
    def open(self) -> int:
        """The games some play may clear: winnable, unknown, or not searched to the end."""
        return self.winnable + self.unknown + self.error

    @property
    def ceiling(self) -> float:
        """No play clears more than this share of the games (1 with no game)."""
        return self.open / self.games if self.games else 1.0

    def interval(self) -> tuple[float, float]:
        """The ceiling's Wilson 95% interval, as for a clear rate (gateruler/stats.py)."""
        return wilson_interval(self.open, self.games)

    @property
    def unsettled(self) -> float:
        return (self.unknown + self.error) / self.games if self.games else 0.0

    def share(self, count: int) -> float:
        return count / self.games if self.games else 0.0

    def add(self, verdict: Verdict | None, nodes: int) -> None:
        """One game's verdict (None: its search raised)."""
        if verdict is None:
            self.error += 1
        elif verdict is Verdict.WINNABLE:
            self.winnable += 1
        elif verdict is Verdict.UNWINNABLE:
            self.unwinnable += 1
        else:
            self.unknown += 1
        self.nodes += nodes

    def merge(self, other: CeilingTally) -> None:
        for field in attrs.fields(CeilingTally):
            setattr(self, field.name, getattr(self, field.name) + getattr(other, field.name))

    def to_dict(self) -> dict:
        low, high = self.interval()
        return {
            "games": self.games,
            **attrs.asdict(self),
            "ceiling": self.ceiling,
            "wilson95": [low, high],
            "settled": 1.0 - self.unsettled if self.games else 0.0,
            "winnable_share": self.share(self.winnable),
            "unwinnable_share": self.share(self.unwinnable),
            "unknown_share": self.share(self.unknown + self.error),
        }


@attrs.define
class CeilingChunk:
    """What one chunk of games returns: its tally, its wins, its first errors, which games it refuted."""

    tally: CeilingTally = attrs.field(factory=CeilingTally)
    wins: list[Win] = attrs.field(factory=list)
    errors: list[SearchError] = attrs.field(factory=list)
    refuted: int = 0  # bit i: game i was proven unwinnable
    seconds: float = 0.0  # the time its searches took (for the record, never for a verdict)


@attrs.define
class CeilingLevel:
    """One level's ceiling so far."""

    spec: GameSpec
    games: int  # the games to search: those the bot played
    tally: CeilingTally = attrs.field(factory=CeilingTally)
    wins: list[Win] = attrs.field(factory=list)
    errors: list[SearchError] = attrs.field(factory=list)
    refuted: int = 0
    seconds: float = 0.0

    @property
    def complete(self) -> bool:
        return self.tally.games >= self.games

    def fold(self, chunk: CeilingChunk) -> None:
        self.tally.merge(chunk.tally)
        self.wins.extend(chunk.wins)
        room = MAX_ERRORS_KEPT - len(self.errors)
        if room > 0:
            self.errors.extend(chunk.errors[:room])
        self.refuted |= chunk.refuted
        self.seconds += chunk.seconds


@attrs.define
class CeilingResult:
    """Every level's ceiling, and what it rests on: the node budget and the rollouts' policy."""

    budget: int
    levels: list[CeilingLevel]
    policy: str = attrs.field(factory=rollout_policy_label)
    interrupted: bool = False
    interrupt: KeyboardInterrupt | None = None


def solve_chunk(spec: GameSpec, settings: BatchSettings, budget: int, start: int, stop: int) -> CeilingChunk:
    """Games start..stop-1 of one level, each searched from its first decision: a pure function of its arguments."""
    chunk = CeilingChunk()
    began = time.process_time()
    for index in range(start, stop):
        seed = game_seed(settings.seed, spec.level.number, index)
        try:
            solution = Solver(budget).solve(spec.start(seed))
        except Exception as error:  # noqa: BLE001 - one broken game must not sink the ceiling
            chunk.tally.add(None, 0)
            chunk.errors.append(SearchError(index, seed, describe_error(error)))
            continue
        chunk.tally.add(solution.verdict, solution.nodes)
        if solution.verdict is Verdict.WINNABLE:
            chunk.wins.append(Win(index, seed, tuple(action_to_dict(a) for a in solution.line), solution.turn))
        elif solution.verdict is Verdict.UNWINNABLE:
            chunk.refuted |= 1 << index
    chunk.seconds = time.process_time() - began
    return chunk


def _ceiling_task(
    shared: tuple[list[GameSpec], BatchSettings, int], level_index: int, start: int, stop: int
) -> CeilingChunk:
    specs, settings, budget = shared
    return solve_chunk(specs[level_index], settings, budget, start, stop)


Progress = Callable[[int, CeilingLevel], None]


def run_ceiling(
    batch: BatchResult, budget: int, backend: Backend | None = None, on_progress: Progress | None = None
) -> CeilingResult:
    """Search every game the bot played in `batch` (the same seeds), on `backend` (already entered;
    default: the batch's number of local workers).  Ctrl-C stops it: the levels then hold the chunks
    finished so far, in index order, and the result says it was interrupted."""
    settings = batch.settings
    specs = [level.spec for level in batch.levels]
    result = CeilingResult(budget, [CeilingLevel(level.spec, level.tally.games) for level in batch.levels])
    backend = backend if backend is not None else Local(settings.workers)
    tasks = [
        (level_index, start, min(start + CHUNK, level.games))
        for level_index, level in enumerate(result.levels)
        for start in range(0, level.games, CHUNK)
    ]
    try:
        with backend.session(_ceiling_task, (specs, settings, budget)) as session:
            if on_progress is not None:
                for level_index, level in enumerate(result.levels):
                    on_progress(level_index, level)
            for (level_index, _start, _stop), chunk in in_order(session, tasks):
                level = result.levels[level_index]
                level.fold(chunk)
                if on_progress is not None:
                    on_progress(level_index, level)
    except KeyboardInterrupt as interrupt:
        result.interrupted = True
        result.interrupt = interrupt
    return result


def contradictions(batch: BatchResult, ceiling: CeilingResult) -> list[tuple[int, int]]:
    """(level number, game index) of each game the bot cleared and the solver refuted: a bug in the solver.

    A sound solver never refutes a game some play clears; this is the check
    that it did not, on every game of every check."""
    out = []
    for bot, level in zip(batch.levels, ceiling.levels):
        both = bot.cleared & level.refuted
        index = 0
        while both:
            if both & 1:
                out.append((level.spec.level.number, index))
            both >>= 1
            index += 1
    return out
