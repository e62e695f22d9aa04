"""Standard input and output as the program may find them: closed, full, endless, or not a terminal.

The ``gateruler`` program calls :func:`prepare_standard_streams` once, first:

* a standard descriptor the caller closed (``play <&-``, ``check >&-``) is
  opened on the null device, so that the program reads an empty input and
  writes into nothing, and no file it opens later takes its place;
* standard error that is not a terminal drops what cannot be written to it
  (``2> /dev/full``): the exit code is all that can be said then;
* standard output that is not a terminal is guarded: the first failure to
  write to it (a full disk, ``> /dev/full``, an I/O error) is remembered
  instead of raised in the middle of a command's work, what follows is
  dropped, and the command line reports it in one line at the end
  (:func:`stdout_failure`), exit code 2.  The files a command writes are
  written all the same.  A reader that went away (``| head``) still ends
  the command, as before (BrokenPipeError).

:func:`is_terminal` asks whether a stream is a terminal without failing on
a stream that is missing or closed, and :func:`read_line` reads one line of
typed input, never more than a bound, whatever is typed or piped in.
"""

from __future__ import annotations

import io
import os
import sys
from typing import IO, Any

from gateruler.limits import MAX_TYPED_CHARS

MAX_DROPPED = 1 << 20  # characters of one over-long typed line read and dropped before the input counts as ended


def is_terminal(stream: IO[Any] | None) -> bool:
    """True when `stream` is an open terminal; False for None, a closed stream or anything else."""
    if stream is None:
        return False
    try:
        return bool(stream.isatty())
    except (ValueError, OSError, AttributeError):
        return False


def read_line(stream: IO[str] | None, limit: int = MAX_TYPED_CHARS) -> str:
    """One line of `stream` with its newline; at most `limit` + 1 characters of it are kept.

    The rest of a longer line is read and dropped, a piece at a time, so
    that the caller can refuse the line as too long without holding it; an
    input that is no lines at all (``< /dev/zero``: a megabyte without a
    line break) is taken as its end.  Raises EOFError at the end of the
    input (or when there is no input)."""
    if stream is None:
        raise EOFError
    try:
        line = stream.readline(limit + 1)
    except (ValueError, OSError):  # closed, or not readable
        raise EOFError from None
    if not line:
        raise EOFError
    if len(line) > limit and not line.endswith("\n"):
        dropped = 0
        while True:
            try:
                rest = stream.readline(1 << 16)
            except (ValueError, OSError):
                raise EOFError from None
            dropped += len(rest)
            if not rest or rest.endswith("\n"):
                break
            if dropped > MAX_DROPPED:
                raise EOFError
    return line


# ------------------------------------------------------------------ the program's own streams


class _GuardedOutput(io.RawIOBase):
    """Writes to a descriptor; the first failure other than a closed pipe is kept, and later writes dropped."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self.fd = fd
        self.failure: OSError | None = None

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def isatty(self) -> bool:
        return False

    def write(self, data: Any) -> int:
        size = len(memoryview(data))
        if self.failure is not None:
            return size
        try:
            return os.write(self.fd, data)
        except BrokenPipeError:
            raise
        except OSError as error:
            self.failure = error
            return size


_guard: _GuardedOutput | None = None


def prepare_standard_streams() -> None:
    """Reopen closed standard descriptors on the null device and guard standard output (see the module)."""
    global _guard
    for fd, mode in ((0, os.O_RDONLY), (1, os.O_WRONLY), (2, os.O_WRONLY)):
        try:
            os.fstat(fd)
        except OSError:
            opened = os.open(os.devnull, mode)
            if opened != fd:
                os.dup2(opened, fd)
                os.close(opened)
    if sys.stdin is None:
        sys.stdin = open(0, encoding="utf-8", closefd=False)  # noqa: SIM115 - the program's own stdin
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")  # typed or piped bytes that are not text cannot stop a game
    if sys.stderr is None:
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)  # noqa: SIM115 - the program's own stderr
    out = sys.stdout
    if out is None or not is_terminal(out):
        encoding = getattr(out, "encoding", None) or "utf-8"
        _guard = _GuardedOutput(1)
        # surrogateescape: a path given as bytes that are not UTF-8 is printed back as given
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(_guard), encoding=encoding, errors="surrogateescape")
    elif isinstance(out, io.TextIOWrapper):
        out.reconfigure(errors="surrogateescape")
    if not is_terminal(sys.stderr):  # errors that cannot be written (2> /dev/full) are dropped: the exit code says it
        encoding = getattr(sys.stderr, "encoding", None) or "utf-8"
        sys.stderr = io.TextIOWrapper(
            io.BufferedWriter(_GuardedOutput(2)), encoding=encoding, errors="backslashreplace", write_through=True
        )


def stdout_failure() -> str | None:
    """Flush standard output; why writing to it failed ("No space left on device"), or None."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except (OSError, ValueError):
        pass
    if _guard is None or _guard.failure is None:
        return None
    return _guard.failure.strerror or str(_guard.failure)
