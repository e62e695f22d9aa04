"""Many games of one deck against rift levels, in parallel, with the same answer every time.

What makes a batch reproducible whatever the number of worker processes:

* every game's seed (and its bot's seed) is derived from the base seed, the
  level and the game's index alone (`game_seed`), never from which worker
  ran it or when;
* games run in fixed chunks of `CHUNK` consecutive indices, and chunk
  results are folded in index order; the early stop of `--precision` is
  only ever decided between two chunks, so it stops at the same game for
  one worker or eight;
* a chunk returns sums (a `Tally`) and at most a few error records, never
  per-game results, so memory stays flat however many games are run.

A broken game never sinks a batch: an exception in the engine or the bot
is counted as an error, and the game's seeds and actions so far are kept
(for the first few errors) so that a replay file reproduces it.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from collections.abc import Callable, Iterator

import attrs

from gateruler.bots import make_bot, play_out
from gateruler.cardpool import CardPool
from gateruler.engine.actions import action_to_dict
from gateruler.engine.game import DEFAULT_MAX_TURNS, Game
from gateruler.games import new_game
from gateruler.interrupts import Terminated, deferred_interrupts
from gateruler.models import DeckDef, LevelDef, RulerDef
from gateruler.stats import CLEARED, ERROR, Tally, classify

CHUNK = 8  # games per task: fixed, so results do not depend on the worker count
MIN_GAMES_FOR_PRECISION = 2 * CHUNK  # an interval from fewer games is not trusted to stop on
MAX_ERRORS_KEPT = 5  # per level: the first errors (by game index) keep their actions for replays


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

    def start(self, seed: int) -> Game:
        """The game for `seed`, made the one way every game is made."""
        return new_game(self.deck, self.level, seed, pool=self.pool, ruler=self.ruler, max_turns=self.max_turns)


def _derive(*parts: object) -> int:
    digest = hashlib.sha256(":".join(str(p) for p in ("gateruler", *parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1  # 63 bits: fits everywhere a seed goes


def game_seed(base_seed: int, level_number: int, index: int) -> int:
    """The engine seed of game `index` against a level: independent of everything else."""
    return _derive(base_seed, level_number, index, "game")


def bot_seed(base_seed: int, level_number: int, index: int) -> int:
    """The bot's own seed for that game (its determinisations, its random choices)."""
    return _derive(base_seed, level_number, index, "bot")


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
    workers: int = 1


@attrs.define
class LevelResult:
    spec: GameSpec
    tally: Tally = attrs.field(factory=Tally)
    errors: list[ErrorRecord] = attrs.field(factory=list)
    stopped_early: bool = False  # the precision was reached before `games`
    complete: bool = False  # every game it was going to play has been counted


@attrs.define
class BatchResult:
    settings: BatchSettings
    levels: list[LevelResult]
    interrupted: bool = False
    interrupt: KeyboardInterrupt | None = None  # what stopped it: Ctrl-C, or SIGTERM (interrupts.Terminated)


def describe_error(error: BaseException) -> str:
    """How an error is recorded, and compared when a replay re-runs it."""
    return f"{type(error).__name__}: {error}"


def play_recorded(spec: GameSpec, seed: int, bot: str, b_seed: int, budget: int | None) -> tuple[Game | None, list[dict], str | None]:
    """Play one game with a fresh bot, keeping its actions: (finished game or None, actions, error)."""
    actions: list[dict] = []
    try:
        game = spec.start(seed)
        play_out(game, make_bot(bot, b_seed, budget), on_action=lambda a: actions.append(action_to_dict(a)))
    except Exception as error:  # noqa: BLE001 - one broken game must not sink the batch
        return None, actions, describe_error(error)
    return game, actions, None


def play_one(spec: GameSpec, settings: BatchSettings, level_index: int, index: int) -> tuple[str, int, ErrorRecord | None]:
    """Play game `index` of a level: its outcome, the player's turns, and an error record if it raised."""
    number = spec.level.number
    seed = game_seed(settings.seed, number, index)
    b_seed = bot_seed(settings.seed, number, index)
    game, actions, error = play_recorded(spec, seed, settings.bot, b_seed, settings.budget)
    if game is None:
        return ERROR, 0, ErrorRecord(level_index, index, seed, b_seed, error or "", tuple(actions))
    return classify(game.winner, game.end_reason), game.turn // 2, None


def run_chunk(specs: list[GameSpec], settings: BatchSettings, level_index: int, start: int, stop: int) -> tuple[Tally, list[ErrorRecord]]:
    """Games start..stop-1 of one level, as a tally and their first errors."""
    tally = Tally()
    errors: list[ErrorRecord] = []
    spec = specs[level_index]
    for index in range(start, stop):
        outcome, turns, error = play_one(spec, settings, level_index, index)
        tally.add(outcome, turns if outcome == CLEARED else 0)
        if error is not None and len(errors) < MAX_ERRORS_KEPT:
            errors.append(error)
    return tally, errors


# ------------------------------------------------------------------ workers

_worker_state: tuple[list[GameSpec], BatchSettings] | None = None


def _init_worker(specs: list[GameSpec], settings: BatchSettings, parent: int) -> None:
    """Each worker gets the definitions once; Ctrl-C is the parent's to handle.

    SIGTERM (sent by the parent's ``pool.terminate()``) ends a worker at
    once, whatever handler the parent had.  On Linux a worker is also ended
    when its parent dies, so that no worker plays on alone and then fails to
    hand its results to nobody."""
    global _worker_state
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_parent(parent)
    _worker_state = (specs, settings)


def _end_with_parent(parent: int) -> None:
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)


def _worker_chunk(level_index: int, start: int, stop: int) -> tuple[Tally, list[ErrorRecord]]:
    assert _worker_state is not None
    specs, settings = _worker_state
    return run_chunk(specs, settings, level_index, start, stop)


# ------------------------------------------------------------------ the batch

Progress = Callable[[int, LevelResult], None]


def _chunks(settings: BatchSettings, level_count: int) -> Iterator[tuple[int, int, int]]:
    for level_index in range(level_count):
        for start in range(0, settings.games, CHUNK):
            yield level_index, start, min(start + CHUNK, settings.games)


def _fold(result: LevelResult, settings: BatchSettings, tally: Tally, errors: list[ErrorRecord]) -> None:
    """Add one chunk (the next in index order) to its level and decide whether the level is done."""
    result.tally.merge(tally)
    room = MAX_ERRORS_KEPT - len(result.errors)
    if room > 0:
        result.errors.extend(errors[:room])
    played = result.tally.games
    if played >= settings.games:
        result.complete = True
    elif settings.precision is not None and played >= MIN_GAMES_FOR_PRECISION:
        low, high = result.tally.interval()
        if high - low < settings.precision:
            result.complete = True
            result.stopped_early = True


def run_batch(specs: list[GameSpec], settings: BatchSettings, on_progress: Progress | None = None) -> BatchResult:
    """Play `settings.games` games (fewer with a precision) of each spec's level.

    Ctrl-C stops it: the result then holds the chunks finished so far (in
    index order) and says it was interrupted."""
    result = BatchResult(settings, [LevelResult(spec) for spec in specs])
    try:
        if settings.workers <= 1:
            _run_here(specs, settings, result, on_progress)
        else:
            _run_pool(specs, settings, result, on_progress)
    except KeyboardInterrupt as interrupt:
        result.interrupted = True
        result.interrupt = interrupt
    return result


def _announce(result: BatchResult, on_progress: Progress | None) -> None:
    """A first progress call per level, before any game: the caller may start its display now."""
    if on_progress is not None:
        for level_index, level in enumerate(result.levels):
            on_progress(level_index, level)


def _run_here(specs: list[GameSpec], settings: BatchSettings, result: BatchResult, on_progress: Progress | None) -> None:
    _announce(result, on_progress)
    for level_index, start, stop in _chunks(settings, len(specs)):
        level = result.levels[level_index]
        if level.complete:
            continue
        tally, errors = run_chunk(specs, settings, level_index, start, stop)
        _fold(level, settings, tally, errors)
        if on_progress is not None:
            on_progress(level_index, level)


def _run_pool(specs: list[GameSpec], settings: BatchSettings, result: BatchResult, on_progress: Progress | None) -> None:
    """Keep every worker busy, a few chunks ahead, and fold results strictly in order."""
    # Fork where it is safe and quick (Linux): the workers share the definitions
    # already loaded.  While they are forked, Ctrl-C and SIGTERM are only noted
    # (the workers inherit that, until they ignore Ctrl-C for good: a Ctrl-C is
    # the parent's alone, and no worker prints a traceback); one noted is raised
    # as soon as the pool exists, so that it is stopped.  Callers start threads
    # (a progress bar) only after the first progress call.
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
    with deferred_interrupts() as noted:
        pool = context.Pool(settings.workers, initializer=_init_worker, initargs=(specs, settings, os.getpid()))
    try:
        if noted:
            raise Terminated() if noted[0] == signal.SIGTERM else KeyboardInterrupt()
        _announce(result, on_progress)
        pending: deque = deque()
        chunks = _chunks(settings, len(specs))
        window = 2 * settings.workers

        def submit() -> None:
            while len(pending) < window:
                nxt = next(chunks, None)
                if nxt is None:
                    return
                if result.levels[nxt[0]].complete:
                    continue
                pending.append((nxt, pool.apply_async(_worker_chunk, nxt)))

        submit()
        while pending:
            (level_index, _start, _stop), future = pending.popleft()
            tally, errors = _wait(future)
            level = result.levels[level_index]
            if not level.complete:  # chunks already sent past an early stop are dropped
                _fold(level, settings, tally, errors)
                if on_progress is not None:
                    on_progress(level_index, level)
            submit()
        pool.close()
    finally:
        with deferred_interrupts():  # a second Ctrl-C must not leave workers behind
            pool.terminate()
            pool.join()


def _wait(future: multiprocessing.pool.AsyncResult) -> tuple[Tally, list[ErrorRecord]]:
    # A timeout keeps the wait interruptible by Ctrl-C on every platform.
    while True:
        try:
            return future.get(timeout=0.2)
        except multiprocessing.TimeoutError:
            continue
