"""Hostile places, streams, options, scheduler addresses and saved states, for the fuzz suite (tests/test_fuzz.py).

tests/fuzzing.py mutates the files a user hands us; this module draws what
lies around them, as a careless or unlucky user meets it:

* :func:`output_target`: where an output goes (one of the command's inputs
  or a link to it, a folder, the empty path, a FIFO, a device, a missing or
  unwritable folder, a long name, a link loop, a file that was there);
* :func:`special_path`: what stands where a file is read (a FIFO, an
  endless device, a socket, a folder, a link to any of them);
* :func:`option_value`: the text of a numeric option, at and past its bounds
  and in every wrong shape;
* :func:`scheduler_address`: a ``--scheduler`` address of every form, aimed
  at servers that are nobody, silent, HTTP, garbage or a greeting that
  hangs up (:class:`FakeServers`);
* :func:`impossible_state`: a save's game state whose numbers and zones are
  changed within their types;
* :func:`stream_line`: a shell line running a command with its standard
  streams closed, full, endless or cut short.

Each draws with hypothesis' ``draw`` and returns plain values; the cases are
run and judged by tests/test_fuzz.py.
"""

from __future__ import annotations

import os
import socket
import struct
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

Draw = Callable[[Any], Any]

# ------------------------------------------------------------------ output targets

TARGETS = (
    "an input",
    "a link to an input",
    "a new file",
    "a file that was there",
    "a link to a file that was there",
    "a dangling link",
    "a link loop",
    "a folder",
    "the current folder",
    "the empty path",
    "a FIFO nothing reads",
    "the null device",
    "the full device",
    "a missing folder",
    "a file taken for a folder",
    "a long name",
    "a path too long",
    "a folder nobody may write",
    "a socket",
)
PREVIOUS = "the previous file\n"


def output_target(draw: Draw, place: Path, inputs: list[Path]) -> tuple[str, str]:
    """(what the target is, the path given): made in `place` (a fresh folder) where it must exist first."""
    kind = draw(st.sampled_from(TARGETS))
    if kind in ("an input", "a link to an input") and not inputs:  # a command that reads no file
        kind = "a new file"
    made = place / "out"
    if kind == "an input":
        return kind, str(draw(st.sampled_from(inputs)))
    if kind == "a link to an input":
        made.symlink_to(draw(st.sampled_from(inputs)))
        return kind, str(made)
    if kind in ("a file that was there", "a link to a file that was there"):
        (place / "there.json").write_text(PREVIOUS, encoding="utf-8")
        if kind.startswith("a link"):
            made.symlink_to("there.json")
            return kind, str(made)
        return kind, str(place / "there.json")
    if kind == "a dangling link":
        made.symlink_to(place / "nowhere" / "x.json")
        return kind, str(made)
    if kind == "a link loop":
        made.symlink_to(place / "loop")
        (place / "loop").symlink_to(made)
        return kind, str(made)
    if kind == "a folder":
        made.mkdir()
        return kind, str(made)
    if kind == "a FIFO nothing reads":
        os.mkfifo(made)
        return kind, str(made)
    if kind == "a socket":
        with socket.socket(socket.AF_UNIX) as listening:
            listening.bind(str(made))
        return kind, str(made)
    if kind == "a file taken for a folder":
        made.write_text("x", encoding="utf-8")
        return kind, str(made / "x.json")
    fixed = {
        "the current folder": ".",
        "the empty path": "",
        "the null device": "/dev/null",
        "the full device": "/dev/full",
        "a missing folder": str(place / "nowhere" / "x.json"),
        "a long name": str(place / ("n" * draw(st.sampled_from([255, 256, 300])))),
        "a path too long": str(place / "/".join(["d" * 200] * 21)),
        "a folder nobody may write": "/sys/out.json",
    }
    return kind, fixed.get(kind, str(place / "new.json"))


# ------------------------------------------------------------------ special files where a file is read

SPECIALS = (
    "a FIFO",
    "a link to a FIFO",
    "the zero device",
    "the null device",
    "the random device",
    "a folder",
    "a socket",
    "a link loop",
    "a dangling link",
    "a process's memory",
    "the empty path",
    "a long name",
)


def special_path(draw: Draw, place: Path) -> tuple[str, str]:
    """(what it is, the path given) for something that is not a regular file, made in `place` (fresh)."""
    kind = draw(st.sampled_from(SPECIALS))
    made = place / "it"
    if kind in ("a FIFO", "a link to a FIFO"):
        os.mkfifo(place / "fifo")
        if kind == "a FIFO":
            return kind, str(place / "fifo")
        made.symlink_to("fifo")
    elif kind == "a folder":
        made.mkdir()
    elif kind == "a socket":
        with socket.socket(socket.AF_UNIX) as listening:
            listening.bind(str(made))
    elif kind == "a link loop":
        made.symlink_to(place / "loop")
        (place / "loop").symlink_to(made)
    elif kind == "a dangling link":
        made.symlink_to(place / "nowhere.yaml")
    else:
        return kind, {
            "the zero device": "/dev/zero",
            "the null device": "/dev/null",
            "the random device": "/dev/urandom",
            "a process's memory": "/proc/self/mem",
            "the empty path": "",
            "a long name": str(place / ("n" * 300)),
        }[kind]
    return kind, str(made)


# ------------------------------------------------------------------ option values

SHAPES = [
    "",
    " ",
    "-",
    "+",
    "0x10",
    "1e3",
    "3.5",
    "-0",
    "+2",
    " 2",
    "2 ",
    "1_0",
    "nan",
    "inf",
    "-inf",
    "١",
    "１",
    "²",
    "one",
    "--help",
    "9" * 31,
    "9" * 5000,
    "-" + "9" * 5000,
    str(2**63),
    str(2**63 - 1),
    str(2**64),
    str(-(2**63)),
]


def option_value(draw: Draw, low: float, high: float, cheap: list[str]) -> str:
    """A value for an option bounded low..high: past its bounds, in a wrong shape, or one of `cheap` (valid
    values that keep the command short: never its most expensive)."""
    edges = [str(low - 1), str(high + 1), str(low - 0.5), str(high * 10), str(-high)]
    return draw(st.sampled_from([*cheap, *edges, *SHAPES]))


# ------------------------------------------------------------------ scheduler addresses

GREETING = b"\x83\xabcompression\xc0\xa6python\x93\x03\x0b\x07\xafpickle-protocol\x05"


def _framed(frame: bytes) -> bytes:
    body = struct.pack("<QQ", 1, len(frame)) + frame
    return struct.pack("<Q", len(body)) + body


BEHAVIOURS: dict[str, Callable[[socket.socket], object]] = {
    "silent": lambda c: time.sleep(120),
    "http": lambda c: (c.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n"), time.sleep(120)),
    "garbage": lambda c: (c.sendall(os.urandom(2048)), time.sleep(120)),
    "huge length": lambda c: (c.sendall(b"\xff" * 8 + os.urandom(64)), time.sleep(120)),
    "hangs up": lambda c: c.close(),
    "greets and hangs up": lambda c: (c.sendall(_framed(GREETING)), c.close()),
}


class FakeServers:
    """A listening socket per behaviour on free ports of this machine (daemon threads), and a closed port."""

    def __init__(self) -> None:
        self.ports: dict[str, int] = {}
        for name, behave in BEHAVIOURS.items():
            server = socket.create_server(("127.0.0.1", 0))
            self.ports[name] = server.getsockname()[1]
            threading.Thread(target=self._serve, args=(server, behave), daemon=True).start()
        closed = socket.create_server(("127.0.0.1", 0))
        self.ports["nobody"] = closed.getsockname()[1]
        closed.close()

    @staticmethod
    def _serve(server: socket.socket, behave: Callable[[socket.socket], object]) -> None:
        while True:
            connection, _ = server.accept()
            threading.Thread(target=behave, args=(connection,), daemon=True).start()


PROTOCOLS = [
    "tcp://",
    "tcp://",
    "",
    "tls://",
    "ws://",
    "wss://",
    "http://",
    "inproc://",
    "ucx://",
    "TCP://",
    "tcp:/",
    "://",
]
HOSTS = ["127.0.0.1", "127.0.0.1", "localhost", "[::1]", "", "a b", "ho$t", "[::1", "::1", "x" * 300, "256.1.1.1", "é"]
SUFFIXES = ["", "", "/", "/status", "?a=1", "\n"]


def scheduler_address(draw: Draw, servers: FakeServers) -> str:
    """An address of some form, its port most often one of the fake servers'."""
    port = draw(
        st.one_of(
            st.sampled_from([f":{p}" for p in servers.ports.values()]),
            st.sampled_from(["", ":", ":0", ":65536", ":port", ":99999999999999", ":-1", ":８７", ":1"]),
        )
    )
    return draw(st.sampled_from(PROTOCOLS)) + draw(st.sampled_from(HOSTS)) + port + draw(st.sampled_from(SUFFIXES))


# ------------------------------------------------------------------ impossible saved states

SIDE_NUMBERS = ["energy", "energy_ready", "summons", "ruler_tmp_atk", "ruler_tmp_stk", "ruler_atk_mod", "ruler_stk_mod"]
UNIT_NUMBERS = ["damage", "atk_mod", "hp_mod", "stk_mod", "tmp_atk", "tmp_hp", "tmp_stk", "entered_turn"]
ZONES = ["deck", "hand", "drive", "graveyard", "damage_zone", "field", "removed"]
EDGES = [-(2**31), -5, -1, 0, 1, 2, 3, 9, 50, 199, 200, 201, 999, 9999, 2**31]


def impossible_state(draw: Draw, save: dict) -> list[str]:
    """Change one to three things of a save's game state, each within its type; what was changed, in words."""
    game = save["game"]
    done = []
    for _ in range(draw(st.integers(1, 3))):
        side_index = draw(st.integers(0, 1))
        side = game["sides"][side_index]
        op = draw(
            st.sampled_from(["side number", "unit number", "move", "double", "set zones", "game", "ruler", "unit"])
        )
        if op == "side number":
            key = draw(st.sampled_from(SIDE_NUMBERS))
            side[key] = draw(st.sampled_from(EDGES))
        elif op == "unit number" and any(side["board"]):
            unit = draw(st.sampled_from([u for u in side["board"] if u is not None]))
            key = draw(st.sampled_from(UNIT_NUMBERS))
            unit[key] = draw(st.sampled_from(EDGES))
        elif op in ("move", "double"):
            source = draw(st.sampled_from([z for z in ZONES if side[z]] or ["deck"]))
            if not side[source]:
                continue
            other = game["sides"][draw(st.integers(0, 1))]
            card = side[source][draw(st.integers(0, len(side[source]) - 1))]
            if op == "move":
                side[source].remove(card)
            count = draw(st.sampled_from([1, 1, 12, 60]))
            other[draw(st.sampled_from(ZONES))].extend([card] * (count if op == "double" else 1))
        elif op == "set zones":
            side["set_zones"] = side["set_zones"][: draw(st.integers(0, 1))] + [None] * draw(
                st.sampled_from([0, 1, 3, 50])
            )
        elif op == "game":
            key = draw(st.sampled_from(["turn", "active", "first_player", "attacks", "max_turns", "level"]))
            game[key] = draw(st.sampled_from([0, 1, 2, 3, 50, 199, 200, 201, 1000]))
        elif op == "ruler":
            game["ruler"] = draw(st.sampled_from(["knight", "wizard", "apprentice"]))
        elif op == "unit":
            slot = draw(st.integers(0, 2))
            card = draw(st.sampled_from(side["hand"] or side["deck"] or [0]))
            side["board"][slot] = {
                "iid": card, "damage": 0, "rested": draw(st.booleans()), "atk_mod": 0, "hp_mod": 0, "stk_mod": 0,
                "tmp_atk": 0, "tmp_hp": 0, "tmp_stk": 0, "entered_turn": draw(st.sampled_from([0, 2, 40])),
            }  # fmt: skip
        done.append(f"{op} of side {side_index}")
    return done


# ------------------------------------------------------------------ standard streams

STDIN = {
    "closed": "<&-",
    "the null device": "< /dev/null",
    "the zero device": "< /dev/zero",
    "random bytes": "< random.bin",
    "one endless line": "< long-line.txt",
    "typed choices": "< choices.txt",
}
STDOUT = {
    "closed": ">&-",
    "the full device": "> /dev/full",
    "a reader that stops": "| head -c 200 > /dev/null",
    "the null device": "> /dev/null",
    "a file": "> out.txt",
}
STDERR = {"closed": "2>&-", "the full device": "2> /dev/full", "a file": "2> err.txt"}


def stream_line(draw: Draw, command: str) -> tuple[str, str, str, str]:
    """(stdin, stdout, stderr, the shell line) for `command` ({gateruler} standing for the program)."""
    stdin = draw(st.sampled_from(sorted(STDIN)))
    stdout = draw(st.sampled_from(sorted(STDOUT)))
    stderr = draw(st.sampled_from(sorted(STDERR)))
    redirect_out = STDOUT[stdout]
    if redirect_out.startswith("|"):  # the pipe's own redirections come first; the exit code is the program's
        line = f"set -o pipefail; {command} {STDIN[stdin]} {STDERR[stderr]} {redirect_out}"
    else:
        line = f"{command} {STDIN[stdin]} {redirect_out} {STDERR[stderr]}"
    return stdin, stdout, stderr, line


def stream_files(place: Path) -> None:
    """The files the stream lines read."""
    (place / "random.bin").write_bytes(os.urandom(200_000))
    (place / "long-line.txt").write_text("7" * 3_000_000, encoding="ascii")
    (place / "choices.txt").write_text("board\n1\n1\nundo\nlog 3\ne\ny\nquit\ny\n", encoding="ascii")
