"""Where chunks of games run: here, in local worker processes, or on a Dask cluster.

A batch of games is many small tasks that share one large, read-only context
(the game definitions: deck, ruler, levels, card pool, settings).  A backend
runs ``function(shared, *args)`` for each task somewhere and hands back what
the function returned, as an opaque value; the caller decides what to make of
it and in which order to fold it.  Three places to run:

* ``Local(1)``: in this process, one task at a time, nothing started;
* ``Local(n)``: a pool of ``n`` worker processes, forked with the context
  already in memory (Linux) and Ctrl-C ignored, so a Ctrl-C is the parent's;
* ``Dask(address)``: a running dask.distributed cluster, or a
  ``distributed.LocalCluster`` of worker processes when no address is given.
  The context is *scattered* to the workers once, as data (pickled
  definitions, not paths on this machine's disk), and every task refers to
  it; so a worker on another machine needs gateruler installed, nothing else.

Whatever the backend, a task's result depends on its arguments alone, and
callers fold results strictly in task order (:func:`in_order`): the same
seed gives the same figures on one process or on a cluster of forty.

``dask`` is imported only when the Dask backend is chosen, so that the
command starts fast without it.
"""

from __future__ import annotations

import abc
import collections
import contextlib
import importlib.metadata
import logging
import multiprocessing
import multiprocessing.pool
import os
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from gateruler.errors import GateRulerError
from gateruler.interrupts import EXIT_TERMINATED, Terminated, deferred_interrupts, noted_here
from gateruler.scheduler_address import SchedulerAddress, parse_address, probe

if TYPE_CHECKING:
    from distributed import Client, LocalCluster

TaskFunction = Callable[..., Any]  # function(shared, *args) -> result, importable by name, pure
Task = tuple[Any, ...]

BACKEND_NAMES = ("local", "dask")
CONNECT_TIMEOUT = 10  # seconds to reach a scheduler before saying it cannot be reached
WORKERS_TIMEOUT = 10  # seconds a scheduler reached may take to have a worker
CLOSE_TIMEOUT = 2  # seconds to close a client


class BackendError(GateRulerError):
    """A backend that cannot start or lost its workers: one line for the user."""


class Pending(abc.ABC):
    """A submitted task."""

    @abc.abstractmethod
    def result(self) -> Any:
        """Wait for the task's value (a Ctrl-C interrupts the wait)."""

    def cancel(self) -> None:  # noqa: B027 - optional: a backend that cannot cancel keeps this no-op
        """Say the value is no longer wanted (it may have been computed already)."""


class Session(abc.ABC):
    """One function and its shared context, ready to take tasks; closing it cancels what is left."""

    @abc.abstractmethod
    def submit(self, *args: Any) -> Pending: ...

    @property
    @abc.abstractmethod
    def window(self) -> int:
        """How many tasks are worth having in flight at once: enough to keep every worker busy."""


class Backend(abc.ABC):
    """A place to run tasks.  Use it as a context manager: it starts (and stops) what it needs."""

    name: str = ""
    task_seconds: float = 0.0  # how long a task should take, when the caller can size them; 0: as small as it likes

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @property
    @abc.abstractmethod
    def workers(self) -> int:
        """How many tasks run at once (a cluster's worker threads, counted when it was reached)."""

    @abc.abstractmethod
    def describe(self) -> str:
        """A few words for a result's header: '2 workers', 'dask cluster tcp://...:8786, 8 workers'."""

    @abc.abstractmethod
    def session(self, function: TaskFunction, shared: Any) -> contextlib.AbstractContextManager[Session]: ...


def in_order(
    session: Session, tasks: Iterable[Task], skip: Callable[[Task], bool] | None = None
) -> Iterator[tuple[Task, Any]]:
    """Run `tasks` keeping the session's window full, and yield (task, value) strictly in task order.

    A task for which `skip(task)` is true is not sent, and one that became
    skippable while in flight (a level that stopped early) is cancelled
    instead of waited for, and not yielded."""
    pending: collections.deque[tuple[Task, Pending]] = collections.deque()
    queue = iter(tasks)
    exhausted = False

    def fill() -> None:
        nonlocal exhausted
        while not exhausted and len(pending) < session.window:
            task = next(queue, None)
            if task is None:
                exhausted = True
            elif skip is None or not skip(task):
                pending.append((task, session.submit(*task)))

    fill()
    while pending:
        task, handle = pending.popleft()
        if skip is not None and skip(task):
            handle.cancel()
        else:
            yield task, handle.result()
        fill()


# ------------------------------------------------------------------ local


class _Ready(Pending):
    """A task run here, when its value is asked for (so a skipped one costs nothing)."""

    def __init__(self, function: TaskFunction, shared: Any, args: Task) -> None:
        self._call = (function, shared, args)

    def result(self) -> Any:
        function, shared, args = self._call
        return function(shared, *args)


class _Here(Session):
    def __init__(self, function: TaskFunction, shared: Any) -> None:
        self.function = function
        self.shared = shared

    def submit(self, *args: Any) -> Pending:
        return _Ready(self.function, self.shared, args)

    @property
    def window(self) -> int:
        return 1


_worker_state: tuple[TaskFunction, Any] | None = None


def _init_worker(function: TaskFunction, shared: Any, parent: int) -> None:
    """Each pool worker gets the function and its context once; Ctrl-C is the parent's to handle.

    SIGTERM (sent by the parent's ``pool.terminate()``) ends a worker at
    once, whatever handler the parent had.  On Linux a worker is also ended
    when its parent dies, so that no worker plays on alone and then fails to
    hand its results to nobody."""
    global _worker_state
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if noted_here(signal.SIGTERM):
        # forked while the parent held interrupts back (stopping the pool: `Local.session`), and sent its
        # SIGTERM before the line above: noted by the inherited handler, it would wait for tasks forever and
        # the parent's join with it
        os._exit(EXIT_TERMINATED)
    _end_with_parent(parent)
    _worker_state = (function, shared)


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


def _pool_call(args: Task) -> Any:
    assert _worker_state is not None
    function, shared = _worker_state
    return function(shared, *args)


class _PoolTask(Pending):
    def __init__(self, result: multiprocessing.pool.AsyncResult) -> None:
        self._result = result

    def result(self) -> Any:
        # Interrupts are held back during each wait and raised between waits: a Ctrl-C raised inside the
        # pool's own lock handling (Condition.wait), with a second one right behind it, broke the lock
        # ("release unlocked lock") and ended as a crash instead of exit 130.  The short timeout keeps
        # Ctrl-C answered within 0.2 s on every platform.
        while True:
            with deferred_interrupts() as noted:
                try:
                    value, ready = self._result.get(timeout=0.2), True
                except multiprocessing.TimeoutError:
                    value, ready = None, False
            if noted:
                raise Terminated() if noted[0] == signal.SIGTERM else KeyboardInterrupt()
            if ready:
                return value


class _Pool(Session):
    def __init__(self, pool: multiprocessing.pool.Pool, workers: int) -> None:
        self.pool = pool
        self.workers = workers

    def submit(self, *args: Any) -> Pending:
        return _PoolTask(self.pool.apply_async(_pool_call, (args,)))

    @property
    def window(self) -> int:
        return 2 * self.workers


class Local(Backend):
    """This machine: one process (workers=1) or a pool of worker processes."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self._workers = max(1, workers if workers is not None else (os.cpu_count() or 1))

    @property
    def workers(self) -> int:
        return self._workers

    def describe(self) -> str:
        return f"{self._workers} worker{'s' if self._workers != 1 else ''}"

    @contextlib.contextmanager
    def session(self, function: TaskFunction, shared: Any) -> Iterator[Session]:
        if self._workers <= 1:
            yield _Here(function, shared)
            return
        # Fork where it is safe and quick (Linux): the workers share the definitions
        # already loaded.  While they are forked, Ctrl-C and SIGTERM are only noted
        # (the workers inherit that, until they ignore Ctrl-C for good: a Ctrl-C is
        # the parent's alone, and no worker prints a traceback); one noted is raised
        # as soon as the pool exists, so that it is stopped.  Callers start threads
        # (a progress bar) only once the session is open.
        context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else "spawn")
        with deferred_interrupts() as noted:
            pool = context.Pool(self._workers, initializer=_init_worker, initargs=(function, shared, os.getpid()))
        try:
            if noted:
                raise Terminated() if noted[0] == signal.SIGTERM else KeyboardInterrupt()
            yield _Pool(pool, self._workers)
            pool.close()
        finally:
            with deferred_interrupts():  # a second Ctrl-C must not leave workers behind
                pool.terminate()
                pool.join()


@contextlib.contextmanager
def _sigint_ignored() -> Iterator[None]:
    """Processes started in here ignore Ctrl-C (they inherit it), and so does this one meanwhile."""
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


# ------------------------------------------------------------------ dask


class _DaskTask(Pending):
    def __init__(self, future: Any) -> None:
        self.future = future

    def result(self) -> Any:
        from distributed import CancelledError
        from distributed.scheduler import KilledWorker

        try:
            # As for a local pool (_PoolTask): interrupts are held back during each short wait and raised
            # between waits, so that a double Ctrl-C never lands inside the lock handling of the wait
            # ("release unlocked lock", exit 70).
            while True:
                with deferred_interrupts() as noted:
                    try:
                        value, ready = self.future.result(timeout=0.2), True
                    except TimeoutError:
                        value, ready = None, False
                if noted:
                    raise Terminated() if noted[0] == signal.SIGTERM else KeyboardInterrupt()
                if ready:
                    return value
        except CancelledError:
            raise BackendError("the dask cluster cancelled a task (was the cluster restarted or closed?)") from None
        except KilledWorker as error:
            raise BackendError(f"the dask cluster lost the workers running a task: {error}") from None

    def cancel(self) -> None:
        self.future.cancel()


class _DaskSession(Session):
    REFRESH = 2.0  # seconds between looks at how many workers the cluster has (it may scale)

    def __init__(self, backend: Dask, client: Client, function: TaskFunction, shared: Any) -> None:
        self.backend = backend
        self.client = client  # the backend's, while it is open
        self.function = function
        self.shared = shared
        self.futures: list[Any] = []
        self._threads = backend.workers
        self._looked = time.monotonic()

    def submit(self, *args: Any) -> Pending:
        future = self.client.submit(self.function, self.shared, *args, pure=False)
        self.futures.append(future)
        if len(self.futures) > 4 * self.window:  # forget the finished ones now and then
            self.futures = [f for f in self.futures if not f.done()]
        return _DaskTask(future)

    @property
    def window(self) -> int:
        now = time.monotonic()
        if now - self._looked > self.REFRESH:
            self._threads = self.backend.count_workers()
            self._looked = now
        # Remote workers answer with a network delay: keep more tasks queued than for a local pool.
        return max(4, 4 * self._threads)


class Dask(Backend):
    """A dask.distributed cluster: the one at `address`, or a local cluster of `workers` processes."""

    name = "dask"
    task_seconds = 0.5  # each task costs the client and the scheduler a few milliseconds

    def __init__(self, address: str | None = None, workers: int | None = None) -> None:
        try:
            import distributed  # noqa: F401 - only to say early that it is missing
        except ImportError:
            raise BackendError(
                "--backend dask: dask.distributed is not installed (pip install 'gateruler[dask]')"
            ) from None
        self.address = address
        self._local_workers = max(1, workers if workers is not None else (os.cpu_count() or 1))
        self.cluster: LocalCluster | None = None
        self.client: Client | None = None
        self._workers = self._local_workers if address is None else 0  # counted again once reached

    def __enter__(self) -> Dask:
        from distributed import Client, LocalCluster

        if self.address is None:
            # Worker processes start with Ctrl-C ignored, as a local pool's do: a
            # Ctrl-C at the terminal reaches the whole process group, and only this
            # process should act on it (by cancelling the cluster's futures).
            try:
                with _sigint_ignored():
                    self.cluster = LocalCluster(
                        n_workers=self._local_workers,
                        threads_per_worker=1,  # games are pure Python: one process per core
                        processes=True,
                        dashboard_address=":0",  # its web pages on a free port: never clash with another cluster
                        silence_logs=logging.ERROR,
                    )
            except (OSError, RuntimeError) as error:
                raise BackendError(f"--backend dask: cannot start a local dask cluster ({error})") from None
            self.client = Client(self.cluster, set_as_default=False)
        else:
            address = parse_address(self.address)
            probe(address, CONNECT_TIMEOUT)  # a dask scheduler is there: dask itself would wait for ever otherwise
            self.client = _connect(Client, self.address)
            try:
                self._wait_for_workers(address)
                self._check_workers()
            except BaseException:
                self.__exit__()
                raise
        self._workers = self.count_workers()
        return self

    def _wait_for_workers(self, address: SchedulerAddress) -> None:
        """A cluster with no workers would take tasks and never run them: a few seconds' grace, then one line."""
        assert self.client is not None
        deadline = time.monotonic() + WORKERS_TIMEOUT
        while not self.count_workers():
            if time.monotonic() > deadline:
                raise BackendError(
                    f"--scheduler: the dask scheduler at {address} has no workers (start some: dask worker {address})"
                )
            time.sleep(0.2)

    def __exit__(self, *exc: object) -> None:
        if self.client is not None:
            with deferred_interrupts():  # a second Ctrl-C must not leave the client half closed (a traceback at exit)
                self.client.close(timeout=CLOSE_TIMEOUT)
        if self.cluster is not None:
            self.cluster.close()
        self.client = self.cluster = None

    def count_workers(self) -> int:
        assert self.client is not None
        return sum(self.client.nthreads().values())

    def _check_workers(self) -> None:
        """Every worker must run this gateruler: the tasks are its functions, the context its classes."""
        assert self.client is not None
        mine = importlib.metadata.version("gateruler")
        found = self.client.run(importlib.metadata.version, "gateruler", on_error="return")
        for worker, version in sorted(found.items()):
            if isinstance(version, BaseException):
                raise BackendError(f"--scheduler: dask worker {worker} has no gateruler installed ({version})")
            if version != mine:
                raise BackendError(
                    f"--scheduler: dask worker {worker} runs gateruler {version}, this is gateruler {mine}"
                )

    @property
    def workers(self) -> int:
        return self._workers

    def describe(self) -> str:
        plural = "s" if self._workers != 1 else ""
        where = "local dask cluster" if self.address is None else f"dask cluster {self.address}"
        return f"{where}, {self._workers} worker{plural}"

    @contextlib.contextmanager
    def session(self, function: TaskFunction, shared: Any) -> Iterator[Session]:
        client = self.client
        if client is None:
            raise RuntimeError("use the Dask backend inside 'with'")
        # One copy of the definitions on every worker (workers that join later
        # fetch it from a peer); tasks name it, they do not carry it.
        [scattered] = client.scatter([shared], broadcast=True, hash=False)
        session = _DaskSession(self, client, function, scattered)
        try:
            yield session
        finally:
            # Ctrl-C, an error or the end: nothing left running for us on the cluster.
            client.cancel(session.futures + [scattered])


def _connect(client_class: type[Client], address: str) -> Client:
    """A dask client connected to `address`; one that fails is closed at once (left to the garbage collector,
    it would stall the program's exit for twenty seconds and print a traceback)."""
    client = client_class.__new__(client_class)
    try:
        client.__init__(address, timeout=CONNECT_TIMEOUT, set_as_default=False)  # type: ignore[misc]
    except BaseException as error:
        with contextlib.suppress(Exception):
            client.close(timeout=CLOSE_TIMEOUT)
        if not isinstance(error, Exception):  # Ctrl-C, SIGTERM
            raise
        # Whatever dask raises on the way (a refused or garbled handshake, a websocket or TLS failure) is
        # about the address or the cluster, not a bug here.
        said = str(error).splitlines()[0][:160] if str(error) else type(error).__name__
        hint = ""
        if "ssl_context" in said or "TLS" in said:
            hint = "; a tls:// or wss:// address needs dask's TLS settings (distributed.comm.tls in the dask configuration)"
        raise BackendError(f"--scheduler: cannot reach a dask scheduler at {address} ({said}){hint}") from None
    return client


def make_backend(name: str, scheduler: str | None = None, workers: int | None = None) -> Backend:
    """The backend the command line asked for (not started yet: use it with 'with'); a scheduler address
    is checked for its form here, before any work."""
    if name == "local":
        if scheduler is not None:
            raise BackendError("--scheduler: only with --backend dask")
        return Local(workers)
    if name == "dask":
        if scheduler is not None and workers is not None:
            raise BackendError(
                "--workers and --scheduler: a running cluster has its own workers; give one or the other"
            )
        if scheduler is not None:
            parse_address(scheduler)
        return Dask(scheduler, workers)
    raise BackendError(f"--backend: unknown backend {name!r} (the backends are: {', '.join(BACKEND_NAMES)})")
