"""Every solo-mode rule as a scenario file with its expected outcome.

Each file in tests/scenarios/ names the rule it checks (solo-mode.md, "How the
invader plays a turn", and the level special rules) and carries an `expect:`
block; the test plays it through the real `gateruler scenario --json`
command and compares.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gateruler.cli import main
from gateruler.scenario import expectation_mismatches, load_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = sorted(SCENARIOS.glob("*.yaml"))


def run_json(path: Path) -> dict:
    result = CliRunner().invoke(main, ["scenario", str(path), "--json"])
    assert result.exit_code == 0, result.output + (result.stderr if result.stderr_bytes else "")
    return json.loads(result.stdout)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario_meets_its_expectation(path: Path) -> None:
    spec = load_scenario(path)
    assert spec.expect is not None, "every shipped scenario states its expected outcome"
    assert expectation_mismatches(spec.expect, run_json(path)) == []


def test_every_solo_rule_has_a_scenario() -> None:
    rules = {p.name.split("-", 1)[0] for p in FILES}
    assert {f"rule{n}" for n in range(1, 10)} <= rules


def test_scenario_json_has_the_contract_shape() -> None:
    data = run_json(SCENARIOS / "rule2-drive-twice.yaml")
    assert set(data) == {"winner", "invader", "player", "log"}
    for side in ("invader", "player"):
        # field_zone, removed and a unit's soul were added with soul and removing from the game, face_down with DR
        # (keys are only ever added)
        assert set(data[side]) == {
            "board",
            "graveyard",
            "damage_zone",
            "deck",
            "hand",
            "set_zones",
            "field_zone",
            "removed",
            "face_down",
        }
        assert set(data[side]["board"]) == {"attack_left", "attack_right", "defense"}
        assert all(set(unit) == {"id", "damage", "soul"} for unit in data[side]["board"].values() if unit is not None)
    assert all({"turn", "kind", "side"} <= set(event) for event in data["log"])


def test_each_drive_resolves_before_the_next_is_driven() -> None:
    log = run_json(SCENARIOS / "rule2-each-drive-resolves-before-the-next.yaml")["log"]
    kinds = [(e["kind"], e.get("card")) for e in log]
    first_drive = kinds.index(("drive", "SOLO-MEGIDDO"))
    second_drive = kinds.index(("drive", "SOLO-NYARLATHOTEP"))
    checks = [i for i, (kind, _card) in enumerate(kinds) if kind == "check"]
    assert sum(first_drive < i < second_drive for i in checks) == 2


def test_a_failed_expectation_exits_1_and_names_the_field(tmp_path: Path) -> None:
    text = (SCENARIOS / "rule2-drive-twice.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("deck: 1\n", "deck: 7\n"), encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", str(bad)])
    assert result.exit_code == 1
    assert "expectation not met: invader.deck: expected 7, got 1" in result.stderr


def test_readable_output_shows_the_log_and_the_boards() -> None:
    result = CliRunner().invoke(main, ["scenario", str(SCENARIOS / "rule2-drive-twice.yaml")])
    assert result.exit_code == 0
    assert "The rift drove devourer." in result.stdout
    assert "attack_left" in result.stdout


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("level: 1\nturn: sideways\n", "2:7: "),
        ("level: 1\nturn: invader\ninvader: {deck: [NOPE-1]}\n", "unknown card 'NOPE-1'"),
        ("level: 1\nturn: invader\ninvader: {board: {attack_middle: 2020GB01-126}}\n", "unknown zone 'attack_middle'"),
        ("level: 1\nturn: invader\nplayer: {ruler: knigt}\n", "unknown ruler 'knigt'"),
        ("level: 9\nturn: invader\n", "level must be 1-6 or a level file path"),
        ("level: 1\nturn: invader\ncolour: red\n", "colour"),
        (
            "level: 1\nturn: player\nplayer: {deck: [PROV-001, PROV-001, PROV-001], actions: [{dance: 1}]}\n",
            "unknown action",
        ),
    ],
)
def test_malformed_scenario_is_one_line_with_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["scenario", str(path)])
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(str(path) + ":")
    assert message in lines[0]
    assert "Traceback" not in result.output


def test_illegal_scripted_action_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "illegal.yaml"
    path.write_text(
        "level: 1\nturn: player\nplayer:\n  deck: [PROV-001, PROV-001, PROV-001]\n  actions:\n    - {attack: attack_left, target: ruler}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["scenario", str(path)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"{path}:6:7: illegal action now")


def test_a_shipped_level_the_scenarios_cards_break_is_named_by_its_file(tmp_path: Path) -> None:
    # the scenario's own card takes the place of a rift card of level 1, with another level: level 1's
    # stated figures no longer hold, and the finding says which file states them
    path = tmp_path / "heavier-moth.yaml"
    path.write_text(
        "cards:\n  - {id: 2020GB01-127, name: heavy moth, type: unit, level: 4, atk: 2, hp: 2, stk: 1, provenance: provisional}\n"
        "level: 1\nturn: player\nplayer: {deck: [PROV-001, PROV-001, PROV-001, PROV-001]}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(main, ["scenario", str(path)])
    assert result.exit_code == 2, result.output
    level_file = str(Path(__file__).resolve().parent.parent / "invader_decks" / "level-1.yaml")
    assert result.stderr.strip().startswith(level_file + ":11:"), result.stderr
    assert "stated total level is 50" in result.stderr
