"""Every file the program writes goes through here, and every path it reads is looked at here first.

Writing (:func:`check_output`, then :func:`write_output`).  A command checks
each of its output targets before it starts its work, so that a long check
does not learn at the end that its ``--json`` cannot be written, and writes
them at the end through the same layer.  A target is refused, as one line
naming the path and the reason (exit code 2), when it is

* the empty path, a folder, a block device or a socket, or a named pipe
  (FIFO) that no program reads;
* one of the command's own inputs (``check DECK --json DECK``), even when
  reached through a symbolic link;
* in a folder that does not exist or cannot be written (permission, a
  read-only file system), or a name or path longer than the system allows.

A regular file is written to a temporary file beside it and renamed over it,
so a failed or interrupted write (a full disk, Ctrl-C) leaves the previous
file as it was.  A symbolic link is written through: its target is replaced
in that way, and the link stays a link.  A character device (``/dev/null``)
or a pipe a program reads is written directly, as ``> /dev/null`` would,
never renamed over.

Reading (:func:`open_input`).  A path we read is opened without blocking and
must be a regular file: a FIFO, a device or a socket is refused at once,
saying what it is, and a folder is named as a folder.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import secrets
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

import attrs

from gateruler.errors import GateRulerError

NAME_MAX = 255  # bytes in one file name, on every file system we know of
PATH_MAX = 4096  # bytes in a whole path (Linux)


class OutputError(GateRulerError):
    """A file that cannot be written, said in one line: ``path: cannot write ...: why``."""

    def __init__(self, shown: str, message: str) -> None:
        self.path = shown
        self.message = message
        super().__init__(f"{shown}: {message}" if shown else message)


@attrs.define
class Output:
    """A checked output target: where the text goes and how (a device or pipe it holds open until written)."""

    shown: str  # the path as the user gave it
    path: Path  # the file written: a symbolic link's final target
    through: bool  # a device or a pipe, written directly (never renamed over)
    what: str = ""  # what the file is, for messages: "the log", "the save file" ("" for a plain result)
    fd: int | None = attrs.field(default=None, eq=False)  # a device or pipe held open from the check to the write

    def fail(self, reason: str) -> OutputError:
        return OutputError(self.shown, f"cannot write{' ' + self.what if self.what else ''}: {reason}")


@attrs.frozen
class Input:
    """A file a command reads, named the way a refusal says it: ("the deck", "deck.yaml")."""

    label: str
    path: str | Path


# ------------------------------------------------------------------ what a path is

_SPECIAL = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def what_is(mode: int) -> str:
    """'a regular file', 'a directory', 'a named pipe (FIFO)', 'a device', ... for a file's st_mode."""
    for test, words in _SPECIAL:
        if test(mode):
            return words
    return "a regular file" if stat.S_ISREG(mode) else "not a regular file"


def path_problem(shown: str) -> str | None:
    """What makes `shown` no path the system can look at (a NUL, a name or path too long), or None."""
    raw = os.fsencode(shown)
    if b"\0" in raw:
        return "the path holds a NUL character"
    if len(raw) >= PATH_MAX:
        return f"the path is too long ({len(raw):,} bytes; at most {PATH_MAX - 1:,})"
    longest = max((len(part) for part in raw.split(b"/")), default=0)
    if longest > NAME_MAX:
        return f"a name in the path is too long ({longest:,} bytes; at most {NAME_MAX})"
    return None


def _reason(error: OSError) -> str:
    if error.errno == errno.ENAMETOOLONG:
        return "the name or the path is too long"
    return error.strerror or str(error)


# ------------------------------------------------------------------ writing


def check_output(
    path: str | Path, *, option: str = "", what: str = "", inputs: Iterable[Input] = (), make_folders: bool = False
) -> Output:
    """The target `path` names, checked before any work is done; an OutputError when it cannot be written.

    `option` names the option in the message for the empty path; `what` is the
    file's kind in messages ("the log"); `inputs` are the files the command
    reads, none of which may be overwritten.  With `make_folders` the folders
    on the way may be missing (the writer makes them): the nearest one that
    exists must take them."""
    shown = str(path)
    head = Output(shown, Path(shown or "."), False, what)
    if not shown:
        raise (
            OutputError(option, "the empty path names no file") if option else head.fail("the empty path names no file")
        )
    problem = path_problem(shown)
    if problem:
        raise head.fail(problem)
    try:
        found = os.stat(shown)  # the kernel follows the links, /dev/stdout's too
    except FileNotFoundError:
        found = None
    except NotADirectoryError:
        raise head.fail(f"{_not_a_folder(Path(shown))} is not a folder") from None
    except OSError as error:
        raise head.fail(_reason(error)) from None
    target = attrs.evolve(head, path=Path(os.path.realpath(shown)))
    if found is not None:
        _refuse_inputs(target, found, inputs)
        if stat.S_ISDIR(found.st_mode):
            raise target.fail("it is a directory, not a file")
        if not stat.S_ISREG(found.st_mode) or _names_a_descriptor(target.path):
            return _through(attrs.evolve(target, path=Path(shown)), found.st_mode)
    _probe_folder(target, make_folders)
    return target


def _names_a_descriptor(real: Path) -> bool:
    """/dev/stdout, /dev/fd/N, /proc/self/fd/N: an open file of a process, written through (to replace
    what it names would leave the process writing into a file that is no longer there)."""
    parts = real.parts
    return len(parts) >= 4 and parts[1] == "proc" and parts[3] == "fd"


def check_distinct(named: dict[str, Output | None]) -> None:
    """Two outputs of one command (by option name) are never the same file: the second would replace the first."""
    seen: dict[Path, str] = {}
    for option, target in named.items():
        if target is None or target.through:
            continue
        if target.path in seen:
            raise target.fail(f"it is also the command's {seen[target.path]}; give another file")
        seen[target.path] = option


def _not_a_folder(path: Path) -> Path:
    """The first folder on the way to `path` that is something else."""
    for parent in reversed(path.parents):
        if parent.exists() and not parent.is_dir():
            return parent
    return path.parent


def _refuse_inputs(target: Output, found: os.stat_result, inputs: Iterable[Input]) -> None:
    for item in inputs:
        try:
            other = os.stat(item.path)
        except (OSError, ValueError):
            continue
        if (other.st_dev, other.st_ino) == (found.st_dev, found.st_ino) and stat.S_ISREG(found.st_mode):
            raise target.fail(f"it is {item.label} this command reads; give another file")


def _through(target: Output, mode: int) -> Output:
    """A special file: written directly when it is a character device or a pipe that a program reads now.

    It is opened here and held open until it is written: closing a pipe
    would tell its reader that nothing more is coming."""
    if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or stat.S_ISREG(mode)):
        raise target.fail(f"it is {what_is(mode)}, not a file")
    try:
        fd = _open_through(target.path)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise target.fail("it is a named pipe (FIFO) that no program reads") from None
        raise target.fail(_reason(error)) from None
    return attrs.evolve(target, through=True, fd=fd)


def _open_through(path: Path) -> int:
    """An open descriptor for writing to a device or a pipe, never blocking (a pipe without a reader is ENXIO)."""
    fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_APPEND)
    flags = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK)
    return fd


def _probe_folder(target: Output, make_folders: bool = False) -> None:
    """The folder the file goes in exists and takes a new file (what the write's temporary file needs)."""
    folder = target.path.parent
    try:
        while make_folders and not folder.exists() and folder != folder.parent:
            folder = folder.parent
        is_folder = folder.is_dir()
    except OSError as error:
        raise target.fail(_reason(error)) from None
    if not is_folder:
        shown = _as_given(target, folder)
        raise target.fail(f"there is no folder {shown}" if not folder.exists() else f"{shown} is not a folder")
    try:
        handle, temp = tempfile.mkstemp(prefix=".gateruler-", suffix=".tmp", dir=folder)
    except OSError as error:
        raise target.fail(_reason(error)) from None
    os.close(handle)
    with contextlib.suppress(OSError):
        os.unlink(temp)
    if target.path.exists() and not os.access(target.path, os.W_OK):
        raise target.fail("Permission denied (the file is read-only)")


def _as_given(target: Output, folder: Path) -> str:
    """`folder` as the user wrote it, where the path they gave leads to it without a link."""
    given = Path(target.shown)
    for parent in given.parents:
        if Path(os.path.realpath(parent)) == folder:
            return str(parent)
    return str(folder)


def write_output(target: Output | str | Path, text: str, *, what: str = "") -> None:
    """Write `text` (UTF-8) to a target: atomically for a file, directly for a device or pipe.

    A path not checked yet is checked first; any failure is an OutputError
    naming the path, and a file that was there is left as it was."""
    checked = target if isinstance(target, Output) else check_output(target, what=what)
    data = text.encode("utf-8", "surrogateescape")  # a path given as bytes that are not UTF-8 is written back as given
    try:
        if checked.through:
            fd, checked.fd = (checked.fd if checked.fd is not None else _open_through(checked.path)), None
            try:
                _write_all(fd, data)
            finally:
                os.close(fd)
        else:
            write_bytes_atomic(checked.path, data)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise checked.fail("it is a named pipe (FIFO) that no program reads") from None
        raise checked.fail(_reason(error)) from None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def write_text_atomic(path: str | Path, text: str) -> None:
    """Replace the file `path` with `text` (UTF-8) in one step; raises OSError and leaves no temporary file.

    The low level under :func:`write_output`, for files whose place was
    chosen by the program itself (a crash report)."""
    write_bytes_atomic(Path(path), text.encode("utf-8"))


def write_bytes_atomic(target: Path, data: bytes) -> None:
    """Write `data` to a temporary file beside `target`, flush it to the disk, and rename it over `target`."""
    folder = target.parent if str(target.parent) else Path(".")
    temp = folder / f".{target.name[:40]}.{secrets.token_hex(4)}.tmp"  # short: a long name must still fit
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        try:
            os.fchmod(handle, _mode_for(target))
            _write_all(handle, data)
            os.fsync(handle)
        finally:
            os.close(handle)
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets (not the temporary file's owner-only ones)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def path_from(file: str | Path | Output, target: str | Path) -> str:
    """How a file written at `file` names `target`: relative to `file`'s folder, with forward slashes, so that the
    two can move together to another folder or machine (absolute only where no relative path reaches it: another
    drive, or a pipe or device written through, which has no folder of its own)."""
    if isinstance(file, Output):
        if file.through:
            return os.path.abspath(target)
        file = file.shown
    folder = os.path.dirname(os.path.abspath(file))
    try:
        return Path(os.path.relpath(os.path.abspath(target), folder)).as_posix()
    except ValueError:
        return os.path.abspath(target)


def path_beside(file: str | Path, named: str) -> Path:
    """The path a file at `file` names as `named` (:func:`path_from`): relative to its folder; an absolute one (as
    older files wrote) as it is."""
    path = Path(named)
    return path if path.is_absolute() else Path(os.path.normpath(Path(os.path.dirname(os.path.abspath(file))) / path))


# ------------------------------------------------------------------ reading


def is_missing(path: str | Path) -> bool:
    """True only when nothing is at `path`; a path that cannot be looked at (too long, a loop) is not
    "missing": its reader says what is wrong with it (Path.exists() raises for some of these)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


class InputError(GateRulerError):
    """A path that cannot be read as a file; the reader turns it into its own located message."""

    def __init__(self, reason: str, missing: bool = False) -> None:
        self.reason = reason
        self.missing = missing
        super().__init__(reason)


def read_input(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them.

    Opened without blocking, so a FIFO or a device is refused at once for
    what it is (never waited on or read without end); a folder is named as
    one.  Raises InputError with the reason in a few words."""
    shown = str(path)
    if not shown:
        raise InputError("the empty path names no file", missing=True)
    problem = path_problem(shown)
    if problem:
        raise InputError(problem)
    try:
        fd = os.open(shown, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except FileNotFoundError:
        raise InputError("no such file", missing=True) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file") from None
    except PermissionError:
        raise InputError("cannot read the file: permission denied") from None
    except OSError as error:
        if error.errno == errno.ENXIO:  # a socket
            raise InputError("is a socket, not a file") from None
        raise InputError(f"cannot read the file: {_reason(error)}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a directory, not a file")
        if not stat.S_ISREG(mode):
            raise InputError(f"is {what_is(mode)}, not a file")
        chunks = []
        left = max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise InputError(f"cannot read the file: {_reason(error)}") from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise InputError(f"the file is too large: more than {max_bytes:,} bytes (see docs/limits.md)")
    return data
