"""`gateruler check DECK --ceiling`: the solver's ceiling beside the bot's clear rate, as a user runs it.

The command runs in a real process; every winning line it saves is checked
by `gateruler replay` in another, as a user would check a proof.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from test_solver import knight_spec

from gateruler import loader
from gateruler.batch import BatchResult, BatchSettings, LevelResult
from gateruler.bots import tuned_weights
from gateruler.ceiling import CeilingLevel, CeilingResult, CeilingTally, contradictions
from gateruler.check_results import read_check_result
from gateruler.cli import main
from gateruler.pages.check_report import report_html, reproduce_command
from gateruler.solver import Verdict
from gateruler.stats import wilson_interval

DECK = str(loader.sample_deck_path("knight"))
CHECK_DOC = Path(__file__).resolve().parent.parent / "docs" / "check.md"


def gateruler(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gateruler", *args], capture_output=True, text=True, cwd=cwd, timeout=300
    )


@pytest.fixture(scope="module")
def ceiling_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], dict, Path]:
    where = tmp_path_factory.mktemp("ceiling")
    done = gateruler(
        "check",
        DECK,
        "--levels",
        "1,3",
        "--games",
        "4",
        "--workers",
        "1",
        "--ceiling",
        "--ceiling-budget",
        "2000",
        "--json",
        "r.json",
        "--report",
        "r.html",
        cwd=where,
    )
    return done, json.loads((where / "r.json").read_text()), where


def test_check_with_ceiling_prints_the_ceiling_beside_each_levels_clear_rate(ceiling_run) -> None:  # noqa: ANN001
    done, _, _ = ceiling_run
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    heading = next(i for i, line in enumerate(lines) if line.startswith("Ceiling:"))
    assert f"up to 2,000 nodes a game, rollouts by tuned ({tuned_weights().label})" in lines[heading]
    for offset, level in enumerate(("1 Vanguard", "3 ")):
        line = lines[heading + 1 + offset]
        assert line.strip().startswith(level) and "clear " in line and "no play clears more than" in line
        assert "unsettled (winnable" in line


def test_the_json_holds_each_levels_verdicts_on_the_games_the_bot_played(ceiling_run) -> None:  # noqa: ANN001
    _, data, _ = ceiling_run
    assert data["settings"]["ceiling_budget"] == 2000
    assert data["settings"]["ceiling_rollouts"] == f"tuned ({tuned_weights().label})"
    for level in data["levels"]:
        top = level["ceiling"]
        assert top["games"] == level["games"] == 4 and top["complete"]
        assert top["winnable"] + top["unwinnable"] + top["unknown"] + top["error"] == 4
        assert top["ceiling"] == (top["winnable"] + top["unknown"] + top["error"]) / 4
        assert top["ceiling"] >= level["clear_rate"]  # no bot clears a game no play clears


def test_a_result_with_a_ceiling_reads_back_typed(ceiling_run) -> None:  # noqa: ANN001
    _, data, where = ceiling_run
    result = read_check_result(where / "r.json")
    assert result.settings.ceiling_budget == 2000
    top = result.levels[0].ceiling
    assert top is not None and top.games == 4 and top.winnable == data["levels"][0]["ceiling"]["winnable"]


def test_every_winning_line_saved_is_a_replay_that_gateruler_replay_confirms(ceiling_run) -> None:  # noqa: ANN001
    _, data, where = ceiling_run
    folder = where / data["levels"][0]["ceiling"]["replays"]
    files = sorted(folder.glob("level*-game*-seed*.json"))
    assert len(files) == sum(level["ceiling"]["winnable"] for level in data["levels"]) > 0
    for path in files[:3]:  # a sample: each re-run costs a process
        done = gateruler("replay", str(path), cwd=where)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "ends the same way: cleared on turn" in done.stdout


def test_the_report_draws_the_clear_rate_and_the_ceiling_side_by_side(ceiling_run) -> None:  # noqa: ANN001
    _, data, where = ceiling_run
    page = (where / "r.html").read_text()
    assert '<h2 id="ceiling-section">Ceiling: what no play can beat</h2>' in page
    assert 'id="plot-ceiling"' in page and '<table id="ceiling"' in page
    assert report_html(data) == page


def test_the_reports_command_searches_the_same_games_again(ceiling_run) -> None:  # noqa: ANN001
    _, data, _ = ceiling_run
    assert reproduce_command(data).endswith("--ceiling --ceiling-budget 2000")


def test_docs_check_md_has_the_ceiling_section_and_names_its_json_fields(ceiling_run) -> None:  # noqa: ANN001
    _, data, _ = ceiling_run
    doc = CHECK_DOC.read_text(encoding="utf-8")
    assert "### Ceiling: what no play can beat" in doc
    fields = set(data["levels"][0]["ceiling"]) | {"settings.ceiling_budget", "settings.ceiling_rollouts"}
    assert sorted(f for f in fields if f"`{f}`" not in doc) == []


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_without_ceiling_the_json_has_no_ceiling(tmp_path: Path) -> None:
    code, out, err = run(
        "check", DECK, "--levels", "1", "--games", "2", "--workers", "1", "--json", str(tmp_path / "r.json")
    )
    assert code == 0, err
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["levels"][0]["ceiling"] is None and data["settings"]["ceiling_budget"] is None
    assert "Ceiling:" not in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--ceiling-budget", "100"], "--ceiling-budget: only with --ceiling"),
        (["--ceiling", "--ceiling-budget", "0"], "--ceiling-budget"),
        (["--ceiling", "--ceiling-budget", "1000001"], "--ceiling-budget"),
    ],
)
def test_a_ceiling_budget_without_ceiling_or_out_of_bounds_is_one_line_and_exit_code_2(
    options: list[str], message: str
) -> None:
    code, _, err = run("check", DECK, "--levels", "1", "--games", "2", *options)
    assert code == 2
    assert len(err.splitlines()) == 1 and message in err and "Traceback" not in err


# ---------------------------------------------------------------------- the figures


def test_the_ceiling_counts_winnable_unknown_and_broken_games_and_its_interval_is_wilsons() -> None:
    tally = CeilingTally()
    for verdict in [Verdict.WINNABLE] * 3 + [Verdict.UNWINNABLE] * 5 + [Verdict.UNKNOWN]:
        tally.add(verdict, 10)
    tally.add(None, 0)  # a search that raised
    assert tally.games == 10 and tally.nodes == 90
    assert tally.ceiling == 0.5  # 3 winnable + 1 unknown + 1 broken of 10
    assert tally.unsettled == pytest.approx(0.2)
    assert tally.interval() == wilson_interval(5, 10)


def test_tallies_merged_in_any_order_give_the_same_figures() -> None:
    one, two = CeilingTally(winnable=2, unknown=1, nodes=5), CeilingTally(unwinnable=4, error=1, nodes=7)
    left, right = CeilingTally(), CeilingTally()
    left.merge(one)
    left.merge(two)
    right.merge(two)
    right.merge(one)
    assert left == right == CeilingTally(2, 4, 1, 1, 12)


def test_a_game_the_bot_cleared_and_the_solver_refuted_is_reported_as_a_contradiction() -> None:
    spec = knight_spec(1)
    bot = LevelResult(spec, cleared=0b0110)  # games 1 and 2 cleared
    batch = BatchResult(BatchSettings(games=4), [bot])
    ceiling = CeilingResult(100, [CeilingLevel(spec, 4, refuted=0b1100)])  # games 2 and 3 refuted
    assert contradictions(batch, ceiling) == [(1, 2)]
