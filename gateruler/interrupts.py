"""Ctrl-C and SIGTERM: how a command stops, and how it finishes what the first interrupt promised.

* Ctrl-C raises KeyboardInterrupt as Python does; the command line turns it
  into exit code 130 with no traceback.
* SIGTERM (``kill``, a service manager, a CI timeout) raises
  :class:`Terminated`, a KeyboardInterrupt, so that every ``except
  KeyboardInterrupt`` and ``finally`` that cleans up after Ctrl-C (stopping
  worker processes, writing the partial result) does the same for it; the
  command line exits with 143.  Installed by the ``gateruler`` program only
  (:func:`install_terminate_handler`), never by the library on import.
* :func:`deferred_interrupts` holds further interrupts back while a command
  finishes what the first one promised (the partial result of ``check`` and
  its JSON file): a second Ctrl-C is remembered, not raised halfway through.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import signal
import threading
from collections.abc import Iterator
from types import FrameType

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a process ended by Ctrl-C
EXIT_TERMINATED = 143  # 128 + SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM was received: stop as after Ctrl-C."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated()


def install_terminate_handler() -> None:
    """Make SIGTERM raise Terminated in the main thread (the program's entry point calls this)."""
    signal.signal(signal.SIGTERM, _terminate)


def exit_code(interrupt: BaseException | None) -> int:
    """130 for Ctrl-C, 143 for SIGTERM."""
    return EXIT_TERMINATED if isinstance(interrupt, Terminated) else EXIT_INTERRUPTED


def ignore_interrupts_at_exit() -> None:
    """The program is exiting after an interrupt: from the start of the interpreter's own clean-up
    (the process pool's exit handler, registered earlier, runs after this one), a further Ctrl-C or
    SIGTERM is ignored instead of printing a traceback from inside that handler.

    Only at exit, never at once: the command line also runs inside test processes (click's runner),
    whose later children would inherit ignored signals."""
    global _at_exit_registered
    if not _at_exit_registered:
        _at_exit_registered = True
        atexit.register(_ignore_interrupts)


_at_exit_registered = False


def _ignore_interrupts() -> None:
    if threading.current_thread() is threading.main_thread():
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, signal.SIG_IGN)


_NOTED: list[tuple[int, int]] = []
"""(process id, signal) of every interrupt `deferred_interrupts` noted, kept across a fork: a process forked
inside the block (a pool worker the pool starts again while it is being stopped) inherits the noting handler,
and a SIGTERM sent to it before it sets its own is noted, not obeyed (`noted_here`)."""


def noted_here(signum: int) -> bool:
    """Whether this very process noted `signum` in a `deferred_interrupts` block it inherited (see `_NOTED`)."""
    pid = os.getpid()
    return any(p == pid and s == signum for p, s in _NOTED)


@contextlib.contextmanager
def deferred_interrupts() -> Iterator[list[int]]:
    """Within the block, Ctrl-C and SIGTERM are noted (the list yielded) instead of raised.

    Outside the main thread signals cannot be handled, and the block runs as it is."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def note(signum: int, frame: FrameType | None) -> None:
        received.append(signum)
        _NOTED.append((os.getpid(), signum))

    previous = {signum: signal.signal(signum, note) for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield received
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
