"""A path given where a file is read must be a regular file: a FIFO, a device, a socket or a folder is refused
at once, in one line that says what it is, whatever kind of file the command expected.

Each row is a real `gateruler` process (tests/processes.py); a reader that
waited on a FIFO would hang its row.
"""

from __future__ import annotations

import os
import shutil
import socket
import sys
from pathlib import Path

import pytest
from processes import Row, table_tests

from gateruler import loader

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="FIFOs and sockets as files")

FIFO = "is a named pipe (FIFO), not a file"
GAMES = ("--levels", "1", "--games", "1", "--workers", "1")

ROWS = [
    Row("a FIFO as the deck", ("check", "pipe", *GAMES), message=f"pipe:1:1: {FIFO}", quick=True, timeout=30),
    Row("a FIFO as a level file", ("check", "deck.yaml", "--level-file", "pipe"), message=f"pipe:1:1: {FIFO}"),
    Row("a FIFO as play's deck", ("play", "--deck", "pipe"), message=f"pipe:1:1: {FIFO}"),
    Row("a FIFO as a save", ("play", "--load", "pipe"), message=f"error: pipe: {FIFO}", quick=True, timeout=30),
    Row("a FIFO as a replay", ("replay", "pipe"), message=f"error: pipe: {FIFO}"),
    Row("a FIFO as a scenario", ("scenario", "pipe"), message=f"pipe:1:1: {FIFO}"),
    Row("a FIFO as a collection", ("tune", "deck.yaml", "--collection", "pipe"), message=f"pipe:1:1: {FIFO}"),
    Row("a FIFO as a spreadsheet", ("cards", "import", "pipe", "--output", "x.yaml"), message=f"pipe:1:1: {FIFO}"),
    Row("a FIFO as --cards", ("cards", "--cards", "pipe"), message=f"pipe:1:1: {FIFO}"),
    Row(
        "a FIFO as the card library",
        ("cards",),
        env=(("GATERULER_CARDS", "pipe"),),
        message=f"pipe:1:1: {FIFO}",
        timeout=30,
    ),
    Row("a FIFO in deck show", ("deck", "show", "pipe"), message=f"Problems (1):\npipe:1:1: {FIFO}"),
    Row(
        "an endless device as the deck",
        ("check", "/dev/zero", *GAMES),
        message="/dev/zero:1:1: is a device, not a file",
    ),
    Row("the null device as a level", ("validate", "--no-smoke", "/dev/null"), code=2),
    Row("a socket", ("check", "sock", *GAMES), message="sock:1:1: is a socket, not a file"),
    Row(
        "a folder as the deck",
        ("check", "folder", *GAMES),
        message="folder:1:1: is a directory, not a file",
    ),
    Row(
        "a folder as a level file",
        ("check", "deck.yaml", "--level-file", "folder"),
        message="folder:1:1: is a directory, not a file",
    ),
    Row("a folder as a replay", ("replay", "folder"), message="error: folder: is a directory, not a file"),
    Row(
        "the empty path as --cards",
        ("cards", "--cards", ""),
        message="error: --cards: the empty path names no card file or folder",
    ),
]


def _workplace(place: Path) -> None:
    shutil.copy(loader.sample_deck_path("knight"), place / "deck.yaml")
    os.mkfifo(place / "pipe")
    (place / "folder").mkdir()
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(place / "sock"))


(
    test_a_special_file_where_a_file_is_read_is_refused_at_once_for_what_it_is,
    test_every_special_file_is_refused_the_same_way_in_process,
) = table_tests(ROWS, _workplace)
