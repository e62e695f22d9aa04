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
