"""Every CLI input mistake is one line on stderr, exit code 2, no traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gateruler.cli import main


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["levels", "--bogus"], "error: No such option '--bogus'. (see 'gateruler levels --help')"),
        (["nosuch"], "error: No such command 'nosuch'. (see 'gateruler --help')"),
        (["validate"], "error: Missing argument 'FILES...'. (see 'gateruler validate --help')"),
        (["scenario", "no/such/file.yaml"], "no/such/file.yaml"),
    ],
)
def test_usage_error_is_one_line_with_exit_2(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, args, prog_name="gateruler")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_help_still_exits_0() -> None:
    result = CliRunner().invoke(main, ["--help"], prog_name="gateruler")
    assert result.exit_code == 0
    assert "Usage: gateruler" in result.stdout


# ---------------------------------------------------------------------- the exit-code contract: 70 for a bug, 130 for Ctrl-C

import json  # noqa: E402
import os  # noqa: E402
from pathlib import Path  # noqa: E402

from gateruler import crash, loader  # noqa: E402

DECK = str(loader.sample_deck_path("knight"))
SCENARIO = str(Path(__file__).parent / "scenarios" / "rule2-drive-twice.yaml")


def _break(monkeypatch: pytest.MonkeyPatch, target: str, error: BaseException) -> None:
    def broken(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - a stand-in that fails
        raise error

    monkeypatch.setattr(target, broken)


COMMANDS = [
    (["validate", DECK], "gateruler.cli.cmd_data.validate_file"),
    (["check", DECK, "--levels", "1", "--games", "1", "--workers", "1"], "gateruler.cli.cmd_check.run_batch"),
    (["scenario", SCENARIO], "gateruler.scenario.run_scenario"),
    (["replay", "x.json"], "gateruler.cli.cmd_check.rerun"),
    (["play", "--load", "x.json"], "gateruler.cli.cmd_play.load_game"),
    (["levels"], "gateruler.cli.cmd_data.shipped_levels"),
]


@pytest.mark.parametrize(("args", "target"), COMMANDS)
def test_an_unexpected_error_in_any_command_is_one_line_saying_it_is_a_bug_with_exit_70(
    args: list[str], target: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(crash, "crash_folders", lambda: [tmp_path / "logs"])
    _break(monkeypatch, target, ZeroDivisionError("the unexpected"))
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 70, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output
    reports = list((tmp_path / "logs").iterdir())
    assert len(reports) == 1
    assert lines[0] == (
        "gateruler: internal error, a bug in gateruler (ZeroDivisionError: the unexpected); "
        f"the details are in {reports[0]}; please report it"
    )
    details = reports[0].read_text()
    assert "Traceback (most recent call last)" in details and "ZeroDivisionError: the unexpected" in details


def test_with_debug_the_traceback_of_a_bug_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    _break(monkeypatch, "gateruler.cli.cmd_data.shipped_levels", ZeroDivisionError("the unexpected"))
    result = CliRunner().invoke(main, ["--debug", "levels"])
    assert isinstance(result.exception, ZeroDivisionError)


def test_where_no_crash_report_can_be_written_the_line_says_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("")
    monkeypatch.setattr(crash, "crash_folders", lambda: [blocked / "sub"])
    _break(monkeypatch, "gateruler.cli.cmd_data.shipped_levels", ZeroDivisionError("x"))
    result = CliRunner().invoke(main, ["levels"])
    assert result.exit_code == 70
    assert "the details could not be written (run again with --debug to see them)" in result.stderr


@pytest.mark.parametrize(("args", "target"), COMMANDS)
def test_ctrl_c_in_any_command_exits_130_without_a_traceback(
    args: list[str], target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _break(monkeypatch, target, KeyboardInterrupt())
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 130, result.output
    assert "Traceback" not in result.output
    assert "interrupted" in result.output  # check says "interrupted: partial result" with its table


# ---------------------------------------------------------------------- results are written in one step


def _check_json(path: Path) -> CliRunner:
    return CliRunner().invoke(
        main, ["check", DECK, "--levels", "1", "--games", "2", "--workers", "1", "--json", str(path)]
    )


def test_a_failed_json_write_leaves_the_previous_result_intact(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    path.write_text('{"the": "previous result"}\n')

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    result = _check_json(path)
    assert result.exit_code == 2
    assert result.stderr.strip() == f"error: {path}: cannot write: No space left on device"
    assert json.loads(path.read_text()) == {"the": "previous result"}
    assert os.listdir(tmp_path) == ["result.json"]


def test_an_interrupted_json_write_leaves_the_previous_result_intact(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "result.json"
    path.write_text('{"the": "previous result"}\n')

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    result = _check_json(path)
    assert result.exit_code == 130
    assert "Traceback" not in result.output
    assert json.loads(path.read_text()) == {"the": "previous result"}
    assert os.listdir(tmp_path) == ["result.json"]
