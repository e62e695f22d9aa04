"""The ``gateruler`` program: ``gateruler ...`` or ``python -m gateruler ...``.

Importing the command line takes a few tenths of a second; a Ctrl-C in that
time has nothing to save, so it ends the program at once with exit code 130
rather than with a traceback from whatever module was being imported.
"""

from __future__ import annotations

import os
import signal
import sys
from types import FrameType


def _leave_now(signum: int, frame: FrameType | None) -> None:
    try:
        os.write(2, b"\n")
    except OSError:  # no standard error to write to
        pass
    os._exit(128 + signum)  # 130 for Ctrl-C, 143 for SIGTERM


def run() -> None:
    """Import the command line with Ctrl-C leaving at once, then run it with Ctrl-C and SIGTERM handled."""
    previous = signal.signal(signal.SIGINT, _leave_now)
    signal.signal(signal.SIGTERM, _leave_now)
    from gateruler.streams import prepare_standard_streams

    prepare_standard_streams()
    from gateruler.cli import main
    from gateruler.interrupts import install_terminate_handler

    signal.signal(signal.SIGINT, previous)
    install_terminate_handler()
    main(prog_name="gateruler")


if __name__ == "__main__":
    sys.argv[0] = "gateruler"
    run()
