"""The smoke run: a few dozen seeded random games of a level, each rule error blamed on its card and effect.

The engine does not fail on the shipped data, so the failures here are made
by replacing one engine step with one that raises, as a broken effect would.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.authoring.smoke import SMOKE_GAMES, locate_fault, smoke_check_file, smoke_run
from gateruler.cli import main
from gateruler.engine.effects.cards import Mill
from gateruler.engine.frames import Frame
from gateruler.engine.game import RUNS, Game
from gateruler.engine.tasks import Battle
from gateruler.loader import load_level

CARDS = """\
cards:
  - id: BROKEN-1
    name: glass golem
    type: unit
    level: 1
    atk: 3
    hp: 3
    stk: 1
    provenance: provisional
    abilities:
      - trigger: on_enter
        effects:
          - {effect: mill, target: opponent, amount: 1}
"""

LEVEL = """\
level: 7
name: Glass
hp: 12
atk: 3
stk: 2
card_files: [glass.cards.yaml]
cards:
  - {card: BROKEN-1, count: 25}
  - {card: 2020GB01-127, count: 25}
"""


@pytest.fixture
def level_file(tmp_path: Path) -> Path:
    (tmp_path / "glass.cards.yaml").write_text(CARDS, encoding="utf-8")
    (tmp_path / "glass.yaml").write_text(LEVEL, encoding="utf-8")
    return tmp_path / "glass.yaml"


@pytest.fixture
def mill_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Resolving any 'mill' effect raises, as a bug in that effect would."""

    def broken(self: Mill, game: Game, frame: Frame, victims: list) -> None:
        raise ValueError("cannot mill")

    monkeypatch.setattr(Mill, "resolve", broken)


BLAMED_ON_THE_MILL = re.compile(
    rf"smoke run: rule error in \d+ of {SMOKE_GAMES} games \(first with --seed \d+\): "
    r"card BROKEN-1 \(glass golem\), on_enter ability, effect 'mill' on opponent: ValueError: cannot mill"
)


@pytest.mark.parametrize("number", range(1, 7))
def test_the_shipped_levels_play_without_rule_errors(number: int) -> None:
    assert smoke_run(load_level(number)) == []


def test_a_failing_effect_is_blamed_on_its_card_ability_and_effect(level_file: Path, mill_breaks: None) -> None:
    findings = smoke_run(load_level(level_file))
    assert len(findings) == 1
    assert BLAMED_ON_THE_MILL.fullmatch(findings[0].message), findings[0].message
    assert str(findings[0].location) == f"{level_file.parent / 'glass.cards.yaml'}:2:5"
    assert findings[0].is_error


def test_an_error_deep_inside_an_effect_is_blamed_on_that_effect(
    level_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (level_file.parent / "glass.cards.yaml").write_text(
        CARDS.replace(
            "{effect: mill, target: opponent, amount: 1}", "{effect: damage, target: enemy_ruler, amount: 1}"
        ),
        encoding="utf-8",
    )

    def broken(self: Game, side: int, amount: int, battle: bool, *cause: object) -> None:
        if not battle:
            raise KeyError("no ruler")

    monkeypatch.setattr(Game, "damage_ruler", broken)
    [finding] = smoke_run(load_level(level_file))
    assert (
        "card BROKEN-1 (glass golem), on_enter ability, effect 'damage' on enemy_ruler: KeyError: 'no ruler'"
        in finding.message
    )


def test_an_error_outside_any_effect_names_the_engine_step_and_the_last_event(
    level_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(game: Game, *args: object) -> None:
        raise RuntimeError("battle lost its way")

    monkeypatch.setitem(RUNS, Battle, broken)
    [finding] = smoke_run(load_level(level_file), games=3)
    assert re.fullmatch(
        r"smoke run: rule error in 3 of 3 games \(first with --seed 0\): during the engine step 'battle' "
        r"\(last event: .+\): RuntimeError: battle lost its way",
        finding.message,
    ), finding.message
    assert str(finding.location) == f"{level_file}:1:1"


def test_the_same_fault_in_many_games_is_one_finding_that_counts_them(level_file: Path, mill_breaks: None) -> None:
    [finding] = smoke_run(load_level(level_file), games=10, seed=5)
    count, first = re.match(
        r"smoke run: rule error in (\d+) of 10 games \(first with --seed (\d+)\)", finding.message
    ).groups()
    assert 1 <= int(count) <= 10 and 5 <= int(first) < 15


def test_the_fault_of_an_exception_raised_outside_a_game_is_unknown() -> None:
    try:
        raise ValueError("elsewhere")
    except ValueError as error:
        fault = locate_fault(error)
    assert fault.describe() == "while setting the game up"


def test_only_level_files_are_smoke_run(level_file: Path, mill_breaks: None) -> None:
    assert smoke_check_file(level_file.parent / "glass.cards.yaml") == []
    assert len(smoke_check_file(level_file)) == 1


def test_a_level_that_does_not_load_is_left_to_the_loader(level_file: Path) -> None:
    level_file.write_text(LEVEL.replace("hp: 12", "hp: twelve"), encoding="utf-8")
    assert smoke_check_file(level_file) == []


def test_validate_reports_the_smoke_runs_findings_and_fails(level_file: Path, mill_breaks: None) -> None:
    result = CliRunner().invoke(main, ["validate", str(level_file)])
    lines = result.output.splitlines()
    assert result.exit_code == 2
    assert lines[0].startswith(f"{level_file.parent / 'glass.cards.yaml'}:2:5: smoke run: ")
    assert BLAMED_ON_THE_MILL.fullmatch(lines[0].split(": ", 1)[1]), lines[0]
    assert lines[1] == "checked 1 file: 1 error, 0 warnings"


def test_validate_no_smoke_skips_the_run(level_file: Path, mill_breaks: None) -> None:
    result = CliRunner().invoke(main, ["validate", "--no-smoke", str(level_file)])
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")
