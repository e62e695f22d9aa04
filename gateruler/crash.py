"""What the program does with an error nobody expected: a bug, said in one line, the details in a file.

The user sees one line saying it is a bug in gateruler and where the
traceback was written (the user's log folder, or the temporary folder if
that cannot be written); the exit code is 70 (EX_SOFTWARE).  ``gateruler
--debug`` shows the traceback instead.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path

from gateruler import __version__
from gateruler.fileio import write_text_atomic

EXIT_BUG = 70


def crash_folders() -> list[Path]:
    """Where crash reports go, in order of preference: those that can be named at all (with no usable
    temporary folder, tempfile cannot name one)."""
    folders = []
    try:
        import platformdirs

        folders.append(Path(platformdirs.user_log_dir("gateruler", appauthor=False)))
    except Exception:  # noqa: BLE001 - a crash report must never crash: no log folder, then
        pass
    try:
        folders.append(Path(tempfile.gettempdir()))
    except (OSError, RuntimeError):  # FileNotFoundError: "No usable temporary directory found"
        pass
    return folders


def write_crash_report(error: BaseException, argv: list[str] | None = None) -> Path | None:
    """Write the traceback and what produced it to a new file; its path, or None when nothing could be written."""
    argv = sys.argv if argv is None else argv
    text = (
        "".join(
            [
                f"gateruler {__version__} on Python {platform.python_version()} ({platform.platform()})\n",
                f"command: {' '.join(argv)}\n",
                f"time: {time.strftime('%Y-%m-%d %H:%M:%S')}\n\n",
                *traceback.format_exception(error),
            ]
        )
        .encode("utf-8", "backslashreplace")
        .decode("utf-8")
    )  # a lone surrogate in a message is written escaped
    name = f"gateruler-crash-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}.txt"
    try:
        folders = crash_folders()
    except Exception:  # noqa: BLE001 - a crash report must never crash
        return None
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_text_atomic(folder / name, text)
        except OSError:
            continue
        return folder / name
    return None


def bug_message(error: BaseException, report: Path | None) -> str:
    """The one line the user sees."""
    what = f"{type(error).__name__}: {error}".splitlines()[0] if str(error) else type(error).__name__
    what = what if len(what) <= 120 else what[:117] + "..."
    where = (
        f"the details are in {report}"
        if report is not None
        else "the details could not be written (run again with --debug to see them)"
    )
    return f"gateruler: internal error, a bug in gateruler ({what}); {where}; please report it"
