"""Ctrl-C and SIGTERM, sent to real `gateruler` processes: a clean exit, no traceback, no process left behind."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gateruler import loader

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc to see processes and signal handlers"
)

DECK = str(loader.sample_deck_path("knight"))
LONG_CHECK = ["check", DECK, "--levels", "1-6", "--games", "100000", "--workers", "2"]


def start(*args: str, cwd: Path | None = None) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "gateruler", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd
    )


def _status(pid: int, field: str) -> str | None:
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return line.split(":", 1)[1].strip()
    except (FileNotFoundError, ProcessLookupError):
        return None
    return None


def wait_for_our_code(process: subprocess.Popen) -> None:
    """Until gateruler's own entry point runs: it is the first to handle SIGTERM (Python itself does not)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        caught = _status(process.pid, "SigCgt")
        if caught is None or int(caught, 16) & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.001)
    raise AssertionError("gateruler never started")


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _status(int(entry), "PPid") == str(pid):
            found.append(int(entry))
    return found


def wait_for_workers(process: subprocess.Popen, count: int) -> list[int]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        workers = children(process.pid)
        if len(workers) >= count:
            return workers
        time.sleep(0.01)
    raise AssertionError("the workers never started")


def alive(pid: int) -> bool:
    state = _status(pid, "State")
    return state is not None and not state.startswith("Z")


def finish(process: subprocess.Popen) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=60)
    return process.returncode, out.decode(), err.decode()


@pytest.mark.parametrize("delay", [0.0, 0.1, 0.4])
def test_ctrl_c_during_start_up_exits_130_without_a_traceback(delay: float) -> None:
    process = start(*LONG_CHECK)
    wait_for_our_code(process)
    time.sleep(delay)  # importing the command line, reading the data, forking the workers...
    process.send_signal(signal.SIGINT)
    code, _, err = finish(process)
    assert code == 130, err
    assert "Traceback" not in err


def test_sigterm_mid_check_stops_the_workers_at_once_and_leaves_no_process(tmp_path: Path) -> None:
    result = tmp_path / "r.json"
    process = start(*LONG_CHECK, "--json", str(result))
    workers = wait_for_workers(process, 2)
    time.sleep(0.25)  # games under way
    process.send_signal(signal.SIGTERM)
    code, out, err = finish(process)
    assert code == 143, err
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert "interrupted: partial result" in out
    assert json.loads(result.read_text())["interrupted"] is True
    assert not [pid for pid in workers if alive(pid)]


def test_a_worker_whose_parent_is_killed_ends_too() -> None:
    process = start(*LONG_CHECK)
    workers = wait_for_workers(process, 2)
    time.sleep(0.3)
    process.kill()
    finish(process)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(alive(pid) for pid in workers):
        time.sleep(0.05)
    assert not [pid for pid in workers if alive(pid)]


@pytest.mark.parametrize("gap", [0.0, 0.01])
def test_a_second_ctrl_c_still_writes_the_partial_result_the_first_promised(tmp_path: Path, gap: float) -> None:
    result = tmp_path / "r.json"
    result.write_text("the previous result\n")
    process = start(*LONG_CHECK, "--json", str(result))
    wait_for_workers(process, 2)
    time.sleep(0.25)
    process.send_signal(signal.SIGINT)
    time.sleep(gap)
    process.send_signal(signal.SIGINT)
    code, out, err = finish(process)
    assert code == 130, err
    assert "Traceback" not in err
    data = json.loads(result.read_text())
    assert data["interrupted"] is True and data["format"] == "gateruler-check"


def test_once_a_command_exits_after_an_interrupt_a_ctrl_c_during_the_clean_up_is_ignored() -> None:
    # the clean-up registered before it (as the process pool's is) gets a Ctrl-C: no traceback, it goes on
    code = (
        "import atexit, os, signal\n"
        "atexit.register(lambda: (os.kill(os.getpid(), signal.SIGINT), print('cleaned up')))\n"
        "from gateruler.interrupts import ignore_interrupts_at_exit\n"
        "ignore_interrupts_at_exit()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "cleaned up\n", "")
