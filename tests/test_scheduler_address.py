"""`--scheduler ADDRESS`: its form checked before any work, then a bounded look at what answers there, one line each.

The servers here stand for what a wrong address meets: nobody, a server
that accepts and says nothing, one that speaks HTTP, one that sends random
bytes, one that greets like a scheduler and hangs up.  Each row is a real
`gateruler` process in the long run and in-process in the normal run
(tests/processes.py).
"""

from __future__ import annotations

import time
from pathlib import Path

import attrs
import pytest
from fuzzing_io import FakeServers
from processes import Row, one_line_refusal, run_row, table_tests

from gateruler import loader
from gateruler.scheduler_address import AddressError, parse_address

pytest.importorskip("distributed")

DECK = str(loader.sample_deck_path("knight"))
CHECK = ("check", DECK, "--levels", "1", "--games", "2", "--backend", "dask", "--scheduler")


def _hint(text: str, why: str) -> str:
    return f"error: --scheduler: {text!r} is not a scheduler address: {why} (e.g. tcp://10.0.0.5:8786)"


FORMS = [
    ("", "it is empty"),
    ("tcp://a b:8786", "it holds spaces or characters no address has"),
    ("http://10.0.0.5:8786", "unknown protocol 'http' (the protocols are: tcp, tls, ws, wss)"),
    ("tcp://host:port", "the port 'port' is not a number from 1 to 65535"),
    ("tcp://host:99999", "the port 99999 is not from 1 to 65535"),
    ("tcp://:8786", "it names no host"),
    ("tcp://[::1:8786", "the IPv6 address has no closing bracket"),
    ("tcp://::1:8786", "an IPv6 address must be in brackets, e.g. tcp://[::1]:8786"),
    ("tcp://host:8786/status", "an address has no path after the port"),
    ("tcp://ho$t:8786", "'ho$t' is not a host name or an IP address"),
]


@pytest.mark.parametrize(("text", "why"), FORMS, ids=[f or "empty" for f, _ in FORMS])
def test_an_address_of_the_wrong_form_is_one_line(text: str, why: str) -> None:
    with pytest.raises(AddressError) as caught:
        parse_address(text)
    assert f"error: {caught.value}" == _hint(text, why)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("10.0.0.5:8786", "tcp://10.0.0.5:8786"),
        ("tcp://scheduler.example.org", "tcp://scheduler.example.org:8786"),
        ("TLS://[::1]:9000", "tls://[::1]:9000"),
        ("ws://localhost:8786/", "ws://localhost:8786"),
    ],
)
def test_an_address_of_the_right_form_is_read_as_dask_reads_it(text: str, address: str) -> None:
    assert str(parse_address(text)) == address


# ---------------------------------------------------------------------- what answers there

_STARTED: list[FakeServers] = []


def servers() -> dict[str, str]:
    """The fuzz suite's fake servers (tests/fuzzing_io.py), by behaviour, as addresses; started once, on first
    use, and left to end with the test process (their threads are daemons)."""
    if not _STARTED:
        _STARTED.append(FakeServers())
    return {name: f"tcp://127.0.0.1:{port}" for name, port in _STARTED[0].ports.items()}


SERVERS = [
    Row(
        "nobody listening",
        (*CHECK, "{nobody}"),
        message="error: --scheduler: {nobody}: cannot connect (Connection refused): is the scheduler running?",
        quick=True,
    ),
    Row(
        "no such host",
        (*CHECK, "tcp://no-such-host.invalid:8786"),
        message="error: --scheduler: tcp://no-such-host.invalid:8786: no such host",
    ),
    Row(
        "a server that says nothing",
        (*CHECK, "{silent}"),
        message="error: --scheduler: {silent}: the server accepted the connection but said nothing in 5 s: not a dask scheduler (or one too busy to answer)",
        quick=True,
        in_process=False,
    ),
    Row(
        "a server that speaks HTTP",
        (*CHECK, "{http}"),
        message="error: --scheduler: {http}: the server speaks HTTP, not dask (the scheduler's port is usually 8786)",
    ),
    Row(
        "a server that sends random bytes",
        (*CHECK, "{garbage}"),
        message="error: --scheduler: {garbage}: the server does not speak dask's protocol",
    ),
    Row(
        "a server that claims a huge message",
        (*CHECK, "{huge length}"),
        message="error: --scheduler: {huge length}: the server does not speak dask's protocol (its first bytes are b'\\xff\\xff\\xff\\xff\\xff\\xff\\xff\\xff')",
    ),
    Row(
        "a server that hangs up",
        (*CHECK, "{hangs up}"),
        message="error: --scheduler: {hangs up}: the server closed the connection without a word: not a dask scheduler",
    ),
    Row(
        "a form that is wrong",
        (*CHECK, "garbage:port"),
        message=_hint("garbage:port", "the port 'port' is not a number from 1 to 65535"),
    ),
]


def _with_addresses(row: Row, addresses: dict[str, str]) -> Row:
    def fill(text: str) -> str:
        for name, address in addresses.items():
            text = text.replace("{" + name + "}", address)
        return text

    return attrs.evolve(row, args=tuple(fill(a) for a in row.args), message=fill(row.message))


def _shown(ran, row: Row) -> str | None:  # noqa: ANN001
    problem = one_line_refusal(ran, row)
    starts = row.id in (
        "a server that sends random bytes",
        "no such host",
    )  # then random bytes, or the resolver's words
    if problem and starts and len(ran.lines) == 1 and ran.lines[0].startswith(row.message) and ran.code == 2:
        return None
    return problem


(
    test_what_answers_at_a_wrong_address_is_said_in_one_line,
    test_every_wrong_address_is_the_same_line_in_process,
) = table_tests(
    SERVERS,
    lambda place: {row.id: _with_addresses(row, servers()) for row in SERVERS},
    lambda ran, row, place: _shown(ran, row),
)


@pytest.mark.slow
def test_a_scheduler_that_greets_and_hangs_up_is_one_line_and_the_program_leaves_at_once(tmp_path: Path) -> None:
    address = servers()["greets and hangs up"]
    started = time.monotonic()
    ran = run_row(Row("greets", (*CHECK, address)), tmp_path)
    assert ran.code == 2 and len(ran.lines) == 1, ran.err
    assert ran.lines[0].startswith(f"error: --scheduler: cannot reach a dask scheduler at {address}")
    assert time.monotonic() - started < 30  # dask's own timeout (10 s), and no stall at exit
    assert "Traceback" not in ran.err


@pytest.mark.slow
def test_a_scheduler_with_no_workers_is_one_line(tmp_path: Path) -> None:
    import logging

    import distributed

    with distributed.LocalCluster(n_workers=0, dashboard_address=":0", silence_logs=logging.ERROR) as cluster:
        address = cluster.scheduler_address
        ran = run_row(Row("no workers", (*CHECK, address)), tmp_path)
    assert ran.code == 2, ran.err
    assert ran.lines == [
        f"error: --scheduler: the dask scheduler at {address} has no workers (start some: dask worker {address})"
    ]
