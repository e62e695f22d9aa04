"""Standard input and output closed, full or endless, and the signals at a prompt: real processes, as a user meets them.

No crash with stdin or stdout closed or full; a typed line bounded in length
and digits; Ctrl-C and SIGTERM at `play`'s prompt keeping the 130/143
contract (SIGTERM saves the game first; two Ctrl-C leaving with 130 is
tests/test_play_cli.py's); `tune` stopped by SIGTERM exits 143.
"""

from __future__ import annotations

import json
import shutil
import signal
import sys
import time
from pathlib import Path

import pexpect
import pytest
from processes import Row, environment, rows_to_start, run_rows

from gateruler import loader

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full and POSIX signals")

GAMES = "--levels 1 --games 2 --workers 1"
PROMPT = r"\]> "

ROWS = [
    Row("play with stdin closed", shell="{gateruler} play --plain --seed 3 --fast <&-", code=1, quick=True),
    Row("check with stdout closed", shell=f"{{gateruler}} check deck.yaml {GAMES} --json closed.json >&-", code=0),
    Row(
        "check with stdout on a full disk",
        shell=f"{{gateruler}} check deck.yaml {GAMES} --json full.json > /dev/full",
        message="error: standard output: cannot write: No space left on device",
        quick=True,
    ),
    Row("check with stderr closed", shell=f"{{gateruler}} check deck.yaml {GAMES} --json quiet.json 2>&-", code=0),
    Row(
        "a line of a hundred thousand characters",
        ("play", "--plain", "--seed", "3", "--fast"),
        stdin="1" * 100_000 + "\nquit\n",
        code=0,
        quick=True,
    ),
    Row("a number of seven digits", ("play", "--plain", "--seed", "3", "--fast"), stdin="1234567\nquit\n", code=0),
    Row("a digit that is not 0-9", ("play", "--plain", "--seed", "3", "--fast"), stdin="²\nlog ²\nquit\n", code=0),
]


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> tuple[Path, dict]:
    place = tmp_path_factory.mktemp("streams")
    rows = rows_to_start(ROWS, request.config)
    return place, run_rows(rows, place, lambda p: shutil.copy(loader.sample_deck_path("knight"), p / "deck.yaml"))


def _ended(results: tuple[Path, dict], row_id: str) -> tuple[Path, object]:
    place, found = results
    ran = found[row_id]
    row = next(r for r in ROWS if r.id == row_id)
    assert ran.code == row.code, ran.err
    assert "Traceback" not in ran.out + ran.err
    if row.message:
        assert ran.lines == [row.message]
    return place, ran


def test_play_with_its_input_closed_reads_an_empty_input(results) -> None:  # noqa: ANN001
    _, ran = _ended(results, "play with stdin closed")
    assert "Input ended before the game did; left without saving." in ran.out


@pytest.mark.slow
def test_check_with_its_output_closed_still_writes_its_result(results) -> None:  # noqa: ANN001
    place, _ = _ended(results, "check with stdout closed")
    assert json.loads((place / "closed.json").read_text())["format"] == "gateruler-check"


def test_check_with_its_output_on_a_full_disk_says_so_in_one_line_and_writes_its_result(results) -> None:  # noqa: ANN001
    place, _ = _ended(results, "check with stdout on a full disk")
    assert json.loads((place / "full.json").read_text())["format"] == "gateruler-check"


@pytest.mark.slow
def test_check_with_its_errors_closed_still_works(results) -> None:  # noqa: ANN001
    place, ran = _ended(results, "check with stderr closed")
    assert json.loads((place / "quiet.json").read_text())["format"] == "gateruler-check" and "level" in ran.out


def test_a_line_too_long_is_refused_as_a_whole_and_the_game_goes_on(results) -> None:  # noqa: ANN001
    _, ran = _ended(results, "a line of a hundred thousand characters")
    assert "That line is too long (more than 1,000 characters)." in ran.out
    assert "Left the game." in ran.out and len(ran.out) < 20_000  # its transcript is cut too


@pytest.mark.slow
def test_a_number_of_many_digits_is_no_choice(results) -> None:  # noqa: ANN001
    _, ran = _ended(results, "a number of seven digits")
    assert "There is no such choice: the numbers are far smaller." in ran.out


@pytest.mark.slow
def test_a_digit_that_is_not_an_ascii_digit_is_neither_a_choice_nor_a_count(results) -> None:  # noqa: ANN001
    _, ran = _ended(results, "a digit that is not 0-9")
    assert "'²' is neither a choice nor a command." in ran.out
    assert "log takes a number of events, e.g. log 20 (not '²')." in ran.out


# ---------------------------------------------------------------------- signals at the prompt


def _play(place: Path, *args: str) -> pexpect.spawn:
    env = environment()
    for name in ("NO_COLOR", "COLUMNS"):  # the terminal's own size and colours
        env.pop(name, None)
    env["TERM"] = "xterm"
    return pexpect.spawn(
        sys.executable,
        ["-m", "gateruler", "play", *args],
        cwd=str(place),
        encoding="utf-8",
        dimensions=(40, 120),
        timeout=30,
        env=env,
    )


def _make_a_change(child: pexpect.spawn) -> None:
    """End the first turn: a change since the start, not saved."""
    child.expect(PROMPT)
    child.sendline("e")
    child.expect(r"\[y/N\]> ")
    child.sendline("y")
    child.expect(PROMPT)


def _finish(child: pexpect.spawn) -> tuple[int | None, str]:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before


@pytest.mark.parametrize("signals", [1, pytest.param(2, marks=pytest.mark.slow)], ids=["one SIGTERM", "two SIGTERMs"])
def test_sigterm_at_the_prompt_saves_the_game_and_exits_143(tmp_path: Path, signals: int) -> None:
    child = _play(tmp_path, "--plain", "--seed", "3", "--fast", "--log", "game.jsonl")
    _make_a_change(child)
    for _ in range(signals):
        child.kill(signal.SIGTERM)
    code, said = _finish(child)
    assert code == 143, said
    assert "Traceback" not in said and "terminated" in said
    assert "Saved to gateruler-autosave.json." in said
    saved = json.loads((tmp_path / "gateruler-autosave.json").read_text())
    assert saved["format"] == "gateruler-save" and saved["game"]["turn"] >= 2
    assert (tmp_path / "game.jsonl").read_text().strip()  # the log was written too


@pytest.mark.slow
def test_sigterm_on_the_board_saves_the_game_and_exits_143(tmp_path: Path) -> None:
    child = _play(tmp_path, "--seed", "3", "--fast")
    child.expect("main phase")  # the rift went first: the player's first turn is turn 2
    child.send("e")
    if child.expect(["anyway", "Turn 4"]) == 0:
        child.send("y")
        child.expect("Turn 4")
    child.kill(signal.SIGTERM)
    code, said = _finish(child)
    assert code == 143, said
    assert json.loads((tmp_path / "gateruler-autosave.json").read_text())["game"]["turn"] == 4


def test_tune_stopped_by_sigterm_exits_143(tmp_path: Path) -> None:
    data = Path(__file__).parent / "data"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "gateruler", "tune", str(data / "tune-deck.yaml"), "--collection", str(data / "tune-collection.yaml")]
        + ["--cards", str(data / "tune-cards.yaml"), "--levels", "1", "--games", "100000", "--workers", "1"],
        cwd=str(tmp_path),
        encoding="utf-8",
        timeout=60,
        env=environment(),
    )
    child.expect("tuning ")
    time.sleep(1.0)  # in the first round's games
    child.kill(signal.SIGTERM)
    code, said = _finish(child)
    assert code == 143, said
    assert "Traceback" not in said and not list(tmp_path.glob("*.tuned.yaml"))
