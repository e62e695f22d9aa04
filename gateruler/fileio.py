"""Writing files so that a reader never sees half of one.

Every file the program writes (results, replays, saves, schemas, templates,
card files) goes through `write_text_atomic`: the text is written to a
temporary file beside the target and renamed over it, so a failed or
interrupted write leaves the previous file as it was.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


def write_text_atomic(path: str | Path, text: str) -> None:
    """Replace `path` with `text` (UTF-8) in one step; raises OSError and leaves no temporary file."""
    target = Path(path)
    handle, temp = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent if str(target.parent) else "."
    )
    try:
        os.fchmod(handle, _mode_for(target))
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file being replaced, or those a new file gets (not mkstemp's owner-only ones)."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def path_from(file: str | Path, target: str | Path) -> str:
    """How a file written at `file` names `target`: relative to `file`'s folder, with forward slashes, so that the
    two can move together to another folder or machine (absolute only where no relative path reaches it: another
    drive)."""
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
