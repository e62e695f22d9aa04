"""docs/check.md's ceiling figures are what the commands print: every `$ command` of its console blocks.

As tests/test_variants_docs.py does for docs/variants.md, each command runs
in-process and must print the lines shown after it (trailing spaces aside).
The two published runs search 1,000 games, so they run with --runslow; the
quick one checks the same code on every change.  Each runs in a folder of its
own, so the winning lines it saves as replays do not land in the checkout.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_authoring_docs import blocks, commands

from gateruler.cli import main

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = commands(blocks((ROOT / "docs" / "check.md").read_text(encoding="utf-8")))
PUBLISHED = ("--levels 1-4 --ceiling --workers 2", "--levels 5,6 --games 100 --ceiling --workers 2")


def test_the_page_shows_the_published_ceiling_runs_and_a_quick_one() -> None:
    shown = [command for command, _ in COMMANDS]
    assert [c for c in shown if c.endswith(PUBLISHED)] and len(shown) == 3
    assert any("--ceiling-budget" in c and "--games 10" in c for c in shown)


@pytest.mark.parametrize(
    ("command", "lines"),
    [
        pytest.param(c, lines, marks=[pytest.mark.slow] if c.endswith(PUBLISHED) else [], id=c.split(" ", 3)[3][:60])
        for c, lines in COMMANDS
    ],
)
def test_each_command_prints_what_the_page_shows(
    command: str, lines: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    words = [str(ROOT / w) if w.startswith("gateruler/data/") else w for w in shlex.split(command)]
    assert words[0] == "gateruler"
    result = CliRunner().invoke(main, words[1:])
    assert result.exit_code == 0, result.output
    assert [line.rstrip() for line in result.output.splitlines()] == lines
