"""Real `gateruler` processes for the tables of hostile cases: each row run as a user would run it.

A table's rows are started together, a few at a time (:func:`run_rows`).
Each row says its command line and, where it needs them, a shell line (for
``<&-`` and ``> /dev/full``), its standard input and its environment; the
result is the exit code and both streams.

A process costs most of a second of CPU for Python to start and import
gateruler, so the normal run starts a few rows of each table as processes
(the rows marked `quick`) and runs every row in-process as well
(:func:`run_in_process`, click's runner: the same command, the same
messages); ``--runslow`` starts every row as a process.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import attrs

ROOT = Path(__file__).parent.parent
PARALLEL = 4  # processes at once: the machine is shared


@attrs.frozen
class Row:
    """One case: `args` after `gateruler` (or a whole `shell` line, `{gateruler}` standing for the program)."""

    id: str
    args: tuple[str, ...] = ()
    code: int = 2
    message: str = ""  # the line on stderr, exactly (lines joined by newlines; "" when the row checks something else)
    shell: str = ""
    stdin: str | None = ""
    env: tuple[tuple[str, str], ...] = ()
    timeout: float = 60
    quick: bool = False  # started as a process in the normal run too
    in_process: bool = True  # run in-process too (not a row that only waits: its process row says it)


@attrs.frozen
class Ran:
    code: int | None  # None: still running after the row's timeout (a hang)
    out: str
    err: str

    @property
    def lines(self) -> list[str]:
        return self.err.strip().splitlines()


def program() -> str:
    return f"{sys.executable} -m gateruler"


def environment(extra: Sequence[tuple[str, str]] = ()) -> dict[str, str]:
    """The tests' environment: no user card library, no colour, this checkout's gateruler."""
    env = {**os.environ, "GATERULER_CARDS": "", "NO_COLOR": "1", "COLUMNS": "200"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(dict(extra))
    return env


def run_row(row: Row, cwd: Path) -> Ran:
    command: str | list[str] = (
        row.shell.replace("{gateruler}", program()) if row.shell else [sys.executable, "-m", "gateruler", *row.args]
    )
    try:
        done = subprocess.run(
            command,
            shell=bool(row.shell),
            executable="/bin/bash" if row.shell else None,
            input=row.stdin,
            stdin=subprocess.DEVNULL if row.stdin is None else None,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=row.timeout,
            cwd=cwd,
            env=environment(row.env),
        )
    except subprocess.TimeoutExpired as expired:
        return Ran(None, str(expired.stdout or ""), str(expired.stderr or ""))
    return Ran(done.returncode, done.stdout, done.stderr)


def run_rows(rows: Sequence[Row], cwd: Path, setup: Callable[[Path], None] | None = None) -> dict[str, Ran]:
    """Every row's result, by id; `setup` prepares `cwd` first."""
    if setup is not None:
        setup(cwd)
    with ThreadPoolExecutor(PARALLEL) as pool:
        results = pool.map(lambda row: run_row(row, cwd), rows)
        return {row.id: ran for row, ran in zip(rows, results)}


def as_params(rows: Sequence[Row]) -> list:
    """The rows as pytest parameters: a row not `quick` runs as a process only with --runslow."""
    import pytest

    return [pytest.param(row, id=row.id, marks=() if row.quick else (pytest.mark.slow,)) for row in rows]


def rows_to_start(rows: Sequence[Row], config: object) -> list[Row]:
    """The rows whose process a run starts: the quick ones, or all of them with --runslow."""
    every = bool(config.getoption("--runslow"))  # type: ignore[attr-defined]
    return [row for row in rows if every or row.quick]


def run_in_process(row: Row, cwd: Path) -> Ran:
    """The row's command in this process (click's runner), in `cwd`: for the rows that need no shell."""
    from click.testing import CliRunner

    from gateruler.cli import main

    before = Path.cwd()
    os.chdir(cwd)
    try:
        result = CliRunner().invoke(main, list(row.args), input=row.stdin or "", env=dict(environment(row.env)))
    finally:
        os.chdir(before)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(result.exception))
        return Ran(70, result.stdout, result.stderr + "Traceback (most recent call last):\n" + trace)
    return Ran(result.exit_code, result.stdout, result.stderr)


Setup = Callable[[Path], "dict[str, Row] | None"]  # makes the files; may return the rows refined (located messages)
Judge = Callable[[Ran, Row, Path], "str | None"]  # what is wrong with how a row ended, or None


def table_tests(rows: Sequence[Row], setup: Setup | None = None, judge: Judge | None = None) -> tuple[Any, Any]:
    """The two tests of a table: every row as a real process (the quick ones unless --runslow), and every row
    that needs no shell in-process.  Assign them to two `test_...` names of the module."""
    import pytest

    judged = judge or (lambda ran, row, place: one_line_refusal(ran, row))
    made: dict[str, tuple[Path, dict[str, Row], dict[str, Ran]]] = {}

    def prepared(factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Row]]:
        place = factory.mktemp("rows")
        refined = (setup(place) if setup is not None else None) or {}
        return place, {row.id: refined.get(row.id, row) for row in rows}

    @pytest.mark.parametrize("row", as_params(rows))
    def as_a_process(row: Row, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> None:
        if "process" not in made:
            place, by_id = prepared(tmp_path_factory)
            started = [by_id[r.id] for r in rows_to_start(rows, request.config)]
            made["process"] = (place, by_id, run_rows(started, place))
        place, by_id, results = made["process"]
        problem = judged(results[row.id], by_id[row.id], place)
        assert problem is None, problem

    @pytest.mark.parametrize("row", [r for r in rows if r.in_process and not r.shell], ids=lambda r: r.id)
    def in_process(row: Row, tmp_path_factory: pytest.TempPathFactory) -> None:
        if "in process" not in made:
            made["in process"] = (*prepared(tmp_path_factory), {})
        place, by_id, _ = made["in process"]
        problem = judged(run_in_process(by_id[row.id], place), by_id[row.id], place)
        assert problem is None, problem

    return as_a_process, in_process


def one_line_refusal(ran: Ran, row: Row) -> str | None:
    """What is wrong with how a row that should be refused ended (None: as it should)."""
    if ran.code is None:
        return "it hung"
    if "Traceback" in ran.out + ran.err:
        return f"a traceback:\n{ran.err[-2000:]}"
    if ran.code != row.code:
        return f"exit {ran.code}, not {row.code}:\n{ran.err[-2000:]}"
    if row.message and ran.lines != row.message.splitlines():
        return f"stderr is {ran.lines!r}, not {row.message.splitlines()!r}"
    return None
