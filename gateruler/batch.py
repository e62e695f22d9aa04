"""Many games of one deck against rift levels, in parallel, with the same answer every time.

What makes a batch reproducible whatever the backend (:mod:`gateruler.backends`:
this process, local worker processes, a Dask cluster) and its number of workers:

* every game's seed (and its bot's seed) is derived from the base seed, the
  level and the game's index alone (`game_seed`), never from which worker
  ran it or when;
* games run in fixed chunks of `CHUNK` consecutive indices, and chunk
  results are folded in index order; the early stop of `--precision` is
  only ever decided between two chunks, so it stops at the same game for
  one worker or eight, here or on a cluster;
* a chunk returns sums (a `Tally` of outcomes, an `Insight` of what the
  games' logs say about the cards and the losses) and at most a few error
  records, never per-game results, so memory stays flat however many games
  are run.

A broken game never sinks a batch: an exception in the engine or the bot
is counted as an error, and the game's seeds and actions so far are kept
(for the first few errors) so that a replay file reproduces it.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterator

import attrs

from gateruler.backends import Backend, Local, in_order
from gateruler.bots import make_bot, play_out
from gateruler.cardpool import CardPool
from gateruler.engine.actions import Action, action_to_dict
from gateruler.engine.game import DEFAULT_MAX_TURNS, Game
from gateruler.games import new_game
from gateruler.insight import GameReading, Insight, read_log
from gateruler.models import DeckDef, LevelDef, RulerDef
from gateruler.stats import CLEARED, ERROR, Tally, classify
from gateruler.variants import Readings, readings_for

CHUNK = 8  # games per task: fixed, so results do not depend on the worker count
MIN_GAMES_FOR_PRECISION = 2 * CHUNK  # an interval from fewer games is not trusted to stop on
MAX_ERRORS_KEPT = 5  # per level: the first errors (by game index) keep their actions for replays
MAX_CHUNKS_PER_TASK = 16  # a backend task plays at most this many chunks (see _Tasks)


@attrs.frozen
class GameSpec:
    """Everything that makes a game but its seed: what a worker needs to play one."""

    deck: DeckDef
    ruler: RulerDef
    level: LevelDef
    pool: CardPool
    max_turns: int = DEFAULT_MAX_TURNS
    level_ref: int | str = 0  # a shipped level's number, or the path of a level file
    deck_path: str = ""
    variants: Readings | None = (
        None  # the rule variants its games are played under; None: the level's (gateruler/variants.py)
    )

    @property
    def readings(self) -> Readings:
        """The rule variants its games are played under, the level file's included."""
        return self.variants if self.variants is not None else readings_for(self.level)

    def start(self, seed: int) -> Game:
        """The game for `seed`, made the one way every game is made."""
        return new_game(
            self.deck,
            self.level,
            seed,
            pool=self.pool,
            ruler=self.ruler,
            max_turns=self.max_turns,
            readings=self.readings,
        )


def derive_seed(*parts: object) -> int:
    """A seed that depends on `parts` alone (SHA-256 of them): the way every seed is made from another."""
    digest = hashlib.sha256(":".join(str(p) for p in ("gateruler", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits: fits everywhere a seed goes


def game_seed(base_seed: int, level_number: int, index: int) -> int:
    """The engine seed of game `index` against a level: independent of everything else."""
    return derive_seed(base_seed, level_number, index, "game")


def bot_seed(base_seed: int, level_number: int, index: int) -> int:
    """The bot's own seed for that game (its determinisations, its random choices)."""
    return derive_seed(base_seed, level_number, index, "bot")


@attrs.frozen
class ErrorRecord:
    """One game that raised: enough to write a replay file that reproduces it."""

    level_index: int
    index: int
    seed: int
    bot_seed: int
    message: str
    actions: tuple[dict, ...]


@attrs.frozen
class BatchSettings:
    bot: str = "greedy"
    seed: int = 0
    games: int = 200  # per level, the most that will be played
    budget: int | None = None  # the search bot's rollouts per decision
    precision: float | None = None  # stop a level once its Wilson 95% width is below this
    workers: int = 1  # local processes when run_batch is given no backend; the figures never depend on it
    backend: str = "local"  # where the games ran (gateruler.backends), for the record


@attrs.define
class ChunkResult:
    """What a chunk of games returns: sums, its first error records, and which of its games were
    cleared or broke (one bit per game index: the pairing of `check --sensitivity`)."""

    tally: Tally = attrs.field(factory=Tally)
    insight: Insight = attrs.field(factory=Insight)
    errors: list[ErrorRecord] = attrs.field(factory=list)
    cleared: int = 0  # bit i: game i was cleared
    broken: int = 0  # bit i: game i raised an error


@attrs.define
class LevelResult:
    spec: GameSpec
    tally: Tally = attrs.field(factory=Tally)
    insight: Insight = attrs.field(factory=Insight)
    errors: list[ErrorRecord] = attrs.field(factory=list)
    stopped_early: bool = False  # the precision was reached before `games`
    complete: bool = False  # every game it was going to play has been counted
    cleared: int = 0  # bit i: game i was cleared (games 0 to tally.games - 1 were played)
    broken: int = 0  # bit i: game i raised an error


@attrs.define
class BatchResult:
    settings: BatchSettings
    levels: list[LevelResult]
    interrupted: bool = False
    interrupt: KeyboardInterrupt | None = None  # what stopped it: Ctrl-C, or SIGTERM (interrupts.Terminated)


def describe_error(error: BaseException) -> str:
    """How an error is recorded, and compared when a replay re-runs it."""
    return f"{type(error).__name__}: {error}"


def play_recorded(
    spec: GameSpec, seed: int, bot: str, b_seed: int, budget: int | None
) -> tuple[Game | None, list[Action], str | None]:
    """Play one game with a fresh bot, keeping its actions: (finished game or None, actions, error).

    The actions are kept as they are: only a game that raised has them
    turned into data (`ErrorRecord.actions`), for the replay written of it."""
    actions: list[Action] = []
    try:
        game = spec.start(seed)
        play_out(game, make_bot(bot, b_seed, budget), on_action=actions.append)
    except Exception as error:  # noqa: BLE001 - one broken game must not sink the batch
        return None, actions, describe_error(error)
    return game, actions, None


def play_one(
    spec: GameSpec, settings: BatchSettings, level_index: int, index: int
) -> tuple[str, int, ErrorRecord | None, GameReading | None]:
    """Play game `index` of a level: its outcome, the player's turns, an error record if it raised, and its log read."""
    number = spec.level.number
    seed = game_seed(settings.seed, number, index)
    b_seed = bot_seed(settings.seed, number, index)
    game, actions, error = play_recorded(spec, seed, settings.bot, b_seed, settings.budget)
    if game is None:
        return (
            ERROR,
            0,
            ErrorRecord(level_index, index, seed, b_seed, error or "", tuple(action_to_dict(a) for a in actions)),
            None,
        )
    return (
        classify(game.winner, game.end_reason),
        game.turn // 2,
        None,
        read_log(game.log, game.setup.card_ids, game.setup.owners),
    )


def run_chunk(specs: list[GameSpec], settings: BatchSettings, level_index: int, start: int, stop: int) -> ChunkResult:
    """Games start..stop-1 of one level, as sums and their first errors: a pure function of its arguments."""
    chunk = ChunkResult()
    spec = specs[level_index]
    for index in range(start, stop):
        outcome, turns, error, reading = play_one(spec, settings, level_index, index)
        chunk.tally.add(outcome, turns if outcome == CLEARED else 0)
        if outcome == CLEARED:
            chunk.cleared |= 1 << index
        elif outcome == ERROR:
            chunk.broken |= 1 << index
        if reading is not None:
            chunk.insight.add(reading, outcome, turns)
        if error is not None and len(chunk.errors) < MAX_ERRORS_KEPT:
            chunk.errors.append(error)
    return chunk


def _chunks_task(
    shared: tuple[list[GameSpec], BatchSettings], level_index: int, start: int, stop: int
) -> tuple[list[ChunkResult], float]:
    """Consecutive chunks of one level as a backend runs them, and the seconds they took.

    The definitions and settings come once, as `shared`; each chunk's value
    (what run_chunk returns) is handed back as it is, in order."""
    specs, settings = shared
    began = time.perf_counter()
    values = [
        run_chunk(specs, settings, level_index, first, min(first + CHUNK, stop)) for first in range(start, stop, CHUNK)
    ]
    return values, time.perf_counter() - began


# ------------------------------------------------------------------ the batch

Progress = Callable[[int, LevelResult], None]


@attrs.define
class _Tasks:
    """Cuts each level's games into tasks of whole chunks, as many per task as fill the backend's target time.

    A cluster pays a few milliseconds per task; a chunk of greedy games takes
    about twenty.  So tasks grow (up to MAX_CHUNKS_PER_TASK) once the chunks
    are seen to be short, and stay one chunk each for slow bots.  Results do
    not depend on it: chunks are still folded one by one, in index order."""

    settings: BatchSettings
    levels: int
    target: float  # seconds a task should take; 0: one chunk per task
    per_chunk: float | None = None  # seconds a chunk takes, as measured by the workers

    def __iter__(self) -> Iterator[tuple[int, int, int]]:
        for level_index in range(self.levels):
            start = 0
            while start < self.settings.games:
                stop = min(start + CHUNK * self.chunks_per_task(), self.settings.games)
                yield level_index, start, stop
                start = stop

    def chunks_per_task(self) -> int:
        if not self.target or not self.per_chunk:
            return 1
        return max(1, min(MAX_CHUNKS_PER_TASK, int(self.target / self.per_chunk)))

    def took(self, seconds: float, chunks: int) -> None:
        self.per_chunk = seconds / max(1, chunks)


def _fold(result: LevelResult, settings: BatchSettings, chunk: ChunkResult) -> None:
    """Add one chunk (the next in index order) to its level and decide whether the level is done."""
    result.tally.merge(chunk.tally)
    result.insight.merge(chunk.insight)
    result.cleared |= chunk.cleared
    result.broken |= chunk.broken
    room = MAX_ERRORS_KEPT - len(result.errors)
    if room > 0:
        result.errors.extend(chunk.errors[:room])
    played = result.tally.games
    if played >= settings.games:
        result.complete = True
    elif settings.precision is not None and played >= MIN_GAMES_FOR_PRECISION:
        low, high = result.tally.interval()
        if high - low < settings.precision:
            result.complete = True
            result.stopped_early = True


def run_batch(
    specs: list[GameSpec], settings: BatchSettings, on_progress: Progress | None = None, backend: Backend | None = None
) -> BatchResult:
    """Play `settings.games` games (fewer with a precision) of each spec's level.

    The games run on `backend` (already entered; default: `settings.workers`
    local processes).  Ctrl-C stops it: the result then holds the chunks
    finished so far (in index order) and says it was interrupted."""
    result = BatchResult(settings, [LevelResult(spec) for spec in specs])
    backend = backend if backend is not None else Local(settings.workers)
    try:
        with backend.session(_chunks_task, (specs, settings)) as session:
            _announce(result, on_progress)
            tasks = _Tasks(settings, len(specs), backend.task_seconds)
            for (level_index, _start, _stop), (values, seconds) in in_order(
                session, tasks, lambda t: result.levels[t[0]].complete
            ):
                tasks.took(seconds, len(values))
                level = result.levels[level_index]
                for chunk in values:
                    if level.complete:  # chunks past an early stop are dropped
                        break
                    _fold(level, settings, chunk)
                    if on_progress is not None:
                        on_progress(level_index, level)
    except KeyboardInterrupt as interrupt:
        result.interrupted = True
        result.interrupt = interrupt
    return result


def _announce(result: BatchResult, on_progress: Progress | None) -> None:
    """A first progress call per level, before any game: the caller may start its display now.

    It comes once the backend's workers exist, so a display's thread is never forked."""
    if on_progress is not None:
        for level_index, level in enumerate(result.levels):
            on_progress(level_index, level)
