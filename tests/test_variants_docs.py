"""docs/variants.md does what it says: every command of its console blocks prints exactly the lines shown.

As tests/test_authoring_docs.py does for the authoring walk-through, each
``$ command`` runs in-process and must print the lines after it (trailing
spaces aside: the tables pad their lines).  The full sensitivity runs of the
sample decks play 8,000 to 10,400 games each, so they run with --runslow; the
one-level run shown after them checks the same code in a few seconds.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_authoring_docs import blocks, commands

from gateruler.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOC_BLOCKS = blocks((ROOT / "docs" / "variants.md").read_text(encoding="utf-8"))
COMMANDS = commands(DOC_BLOCKS)
FULL_RUN = "gateruler check gateruler/data/decks/knight-sample.yaml --sensitivity --workers 2"


def _full_run(command: str) -> bool:
    """A sensitivity run of a whole sample deck (thousands of games): opt-in, with --runslow."""
    return "--sensitivity" in command and "--games" not in command


def test_the_page_shows_the_variant_list_the_full_sensitivity_run_and_a_quick_one() -> None:
    shown = [c for c, _ in COMMANDS]
    assert shown[0] == "gateruler variants" and FULL_RUN in shown
    assert any("--sensitivity" in c and "--games" in c for c in shown)


@pytest.mark.parametrize(
    ("command", "lines"),
    [
        pytest.param(c, lines, marks=[pytest.mark.slow] if _full_run(c) else [], id=c.split(" ", 1)[1][:60])
        for c, lines in COMMANDS
    ],
)
def test_each_command_prints_what_the_page_shows(
    command: str, lines: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    words = shlex.split(command)
    assert words[0] == "gateruler"
    result = CliRunner().invoke(main, words[1:])
    assert result.exit_code == 0, result.output
    assert [line.rstrip() for line in result.output.splitlines()] == lines
