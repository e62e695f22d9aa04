"""Every numeric option has one bound, the same in every command (docs/limits.md), refused in one line, exit 2.

Each row is a real `gateruler` process in the long run and in-process in
the normal run (tests/processes.py); a bound that was not checked would
hang its row or run it out of memory (`--levels 1-1000000000`, `--budget
1000000000`).
"""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from processes import Row, table_tests

from gateruler import loader
from gateruler.cli import main
from gateruler.cli.options import BOUNDS

DECK = str(loader.sample_deck_path("knight"))
HUGE = "9" * 5000
TUNE = ("tune", DECK, "--collection", "binder.yaml")

ROWS = [
    Row(
        "check's --seed below 0",
        ("check", DECK, "--seed", "-1"),
        message="error: --seed: must be at least 0",
    ),
    Row("watch's --seed below 0", ("watch", "--seed", "-1"), message="error: --seed: must be at least 0"),
    Row("play's --seed below 0", ("play", "--seed", "-1"), message="error: --seed: must be at least 0"),
    Row(
        "a --seed of 2**64",
        ("tune", *TUNE[1:], "--seed", str(2**64)),
        message="error: --seed: must be at most 9,223,372,036,854,775,807 (see docs/limits.md)",
    ),
    Row(
        "a --seed of 5,000 digits",
        ("check", DECK, "--seed", HUGE),
        message="error: --seed: must be at most 9,223,372,036,854,775,807 (see docs/limits.md)",
    ),
    Row(
        "tune's --budget of a billion",
        (*TUNE, "--bot", "search", "--budget", "1000000000"),
        message="error: --budget: must be at most 10,000 (see docs/limits.md)",
        quick=True,
    ),
    Row("watch's --budget of 0", ("watch", "--budget", "0"), message="error: --budget: must be at least 1"),
    Row(
        "tune's --max-turns of a billion",
        (*TUNE, "--max-turns", "1000000000"),
        message="error: --max-turns: must be at most 1,000 (see docs/limits.md)",
    ),
    Row(
        "tune's --workers of 65",
        (*TUNE, "--workers", "65"),
        message="error: --workers: must be at most 64 (see docs/limits.md)",
    ),
    Row(
        "check's --games of a trillion",
        ("check", DECK, "--games", str(10**12)),
        message="error: --games: must be at most 1,000,000 (see docs/limits.md)",
    ),
    Row(
        "tune's --final-games of a trillion",
        (*TUNE, "--final-games", str(10**12)),
        message="error: --final-games: must be at most 1,000,000 (see docs/limits.md)",
    ),
    Row("tune's --candidates of 0", (*TUNE, "--candidates", "0"), message="error: --candidates: must be at least 1"),
    Row(
        "tune's --rounds of a thousand",
        (*TUNE, "--rounds", "1000"),
        message="error: --rounds: must be at most 100 (see docs/limits.md)",
    ),
    Row(
        "a --levels range of a billion",
        ("check", DECK, "--levels", "1-1000000000"),
        message="error: --levels: there is no level 1000000000; the shipped levels are 1 to 6 (use --level-file for others)",
        quick=True,
    ),
    Row(
        "a --levels of 5,000 digits",
        (*TUNE, "--levels", "1-" + HUGE),
        message="error: --levels: '1-99999999999999999999999999999999999...' is not a level list such as 1-6, 3 or 1,3-4",
    ),
    Row(
        "a --pace of 1e308",
        ("watch", "--pace", "1e308"),
        message="error: --pace: must be at most 60 (see docs/limits.md)",
    ),
    Row(
        "a --pace that is not a number",
        ("watch", "--pace", "nan"),
        message="error: --pace: must be a number from 0.05 to 60",
    ),
    Row(
        "replay's --pace below its bound",
        ("replay", "r.json", "--watch", "--pace", "0"),
        message="error: --pace: must be at least 0.05",
    ),
]


def _binder(place: Path) -> None:
    owned = "".join(f"  - {{card: {e.card}, count: {e.count}}}\n" for e in loader.load_deck(DECK).cards)
    (place / "binder.yaml").write_text(f"name: binder\nowned:\n{owned}", encoding="utf-8")


(
    test_an_option_past_its_bound_is_one_line_and_exit_2,
    test_every_option_past_its_bound_is_the_same_line_in_process,
) = table_tests(ROWS, _binder)


def _options(group: click.Group, path: str = "gateruler") -> list[tuple[str, click.Option]]:
    found = []
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _options(command, f"{path} {name}")
        found += [(f"{path} {name}", p) for p in command.params if isinstance(p, click.Option)]
    return found


@pytest.mark.parametrize("name", sorted(BOUNDS))
def test_a_bounded_option_has_its_one_type_in_every_command(name: str) -> None:
    commands = [(where, option) for where, option in _options(main) if name in option.opts]
    assert commands, f"no command takes {name}"
    assert [(where, option.type) for where, option in commands] == [(where, BOUNDS[name]) for where, _ in commands]
