"""Backends run tasks somewhere and hand the values back in task order (Dask: test_dask_backend.py)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time

import pytest

from gateruler.backends import BackendError, Local, _init_worker, in_order, make_backend
from gateruler.interrupts import EXIT_TERMINATED, deferred_interrupts


def _slow_echo(shared: int, index: int) -> tuple[int, int]:
    """Later tasks finish first: in-order folding must not care."""
    time.sleep(0.01 * max(0, shared - index))
    return index, os.getpid()


def test_values_come_back_in_task_order_even_when_later_tasks_finish_first() -> None:
    tasks = [(i,) for i in range(8)]
    with Local(2) as backend, backend.session(_slow_echo, 8) as session:
        values = [value for _, value in in_order(session, tasks)]
    assert [index for index, _ in values] == list(range(8))
    assert os.getpid() not in {pid for _, pid in values}  # they ran in the pool's processes


def test_one_local_worker_runs_the_tasks_in_this_process() -> None:
    with Local(1) as backend, backend.session(_slow_echo, 3) as session:
        values = [value for _, value in in_order(session, [(i,) for i in range(3)])]
    assert values == [(0, os.getpid()), (1, os.getpid()), (2, os.getpid())]


@pytest.mark.parametrize("workers", [1, 2])
def test_tasks_that_became_unwanted_are_not_yielded(workers: int) -> None:
    seen: list[int] = []

    def skip(task: tuple[int]) -> bool:
        return len(seen) >= 3  # like a level that stopped early after three chunks

    with Local(workers) as backend, backend.session(_slow_echo, 0) as session:
        for (index,), _ in in_order(session, [(i,) for i in range(10)], skip):
            seen.append(index)
    assert seen == [0, 1, 2]


@pytest.mark.parametrize(
    ("name", "scheduler", "workers", "message"),
    [
        ("local", "tcp://127.0.0.1:8786", None, "--scheduler: only with --backend dask"),
        ("dask", "tcp://127.0.0.1:8786", 2, "--workers and --scheduler"),
        ("spark", None, None, "--backend: unknown backend 'spark'"),
    ],
)
def test_backend_options_that_do_not_fit_together_are_refused(
    name: str, scheduler: str | None, workers: int | None, message: str
) -> None:
    with pytest.raises(BackendError, match=message):
        make_backend(name, scheduler, workers)


def test_the_program_starts_without_importing_dask() -> None:
    code = (
        "import sys; import gateruler.cli, gateruler.batch, gateruler.backends;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_ctrl_c_during_a_wait_for_a_worker_is_raised_after_the_wait_not_inside_it() -> None:
    # inside the pool's lock handling a Ctrl-C (with a second right behind) could break the lock
    import multiprocessing
    import signal

    from gateruler.backends import _PoolTask

    class Waiting:
        finished = False

        def get(self, timeout: float) -> object:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the signal's handler runs meanwhile: held back, it must not interrupt this wait
            Waiting.finished = True
            raise multiprocessing.TimeoutError

    with pytest.raises(KeyboardInterrupt):
        _PoolTask(Waiting()).result()  # type: ignore[arg-type]
    assert Waiting.finished


def _worker_terminated_before_it_took_over_sigterm() -> None:
    """A pool worker forked while its parent held interrupts back, and sent SIGTERM before its initializer ran."""
    with deferred_interrupts():  # the handler it inherited from the parent's block
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(0.05)  # the handler runs: the signal is noted, not obeyed
    _init_worker(_slow_echo, 0, os.getppid())
    time.sleep(5)  # a worker that went on would wait here for tasks; the test would see exit code 0


def _worker_started_normally() -> None:
    _init_worker(_slow_echo, 0, os.getppid())


def test_a_worker_sent_sigterm_before_its_initializer_ends_instead_of_waiting_forever() -> None:
    """Stopping a pool, the parent holds interrupts back and sends each worker SIGTERM; a worker the pool had just
    started again inherited the noting handler, so the SIGTERM was noted and the worker waited for tasks forever
    while the parent waited for it (a hang seen once in CI).  Its initializer now ends it; a SIGTERM the *parent*
    noted before the fork does not end a worker."""
    context = multiprocessing.get_context("fork")
    late = context.Process(target=_worker_terminated_before_it_took_over_sigterm)
    late.start()
    late.join(10)
    assert late.exitcode == EXIT_TERMINATED
    with deferred_interrupts():
        os.kill(os.getpid(), signal.SIGTERM)  # noted by this process, before the next worker is forked
        time.sleep(0.05)
    fresh = context.Process(target=_worker_started_normally)
    fresh.start()
    fresh.join(10)
    assert fresh.exitcode == 0
