"""`check --sensitivity`: the same games under each other reading of each open ruling, compared in pairs."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from gateruler import loader
from gateruler.batch import GameSpec, LevelResult
from gateruler.cli import main
from gateruler.sensitivity import alternatives, pair
from gateruler.stats import Tally, paired_difference_interval
from gateruler.variants import DEFAULT

DECK = str(loader.sample_deck_path("knight"))


def spec(level: int) -> GameSpec:
    pool = loader.load_card_pool()
    deck = loader.load_deck(DECK)
    lvl = loader.load_level(level)
    return GameSpec(deck, loader.load_rulers()["knight"], lvl, pool.for_level(lvl), 200, level, DECK)


def played(cleared: list[int], games: int, broken: list[int] = ()) -> LevelResult:
    result = LevelResult(spec(1), Tally(cleared=len(cleared), lost_damage=games - len(cleared)))
    result.cleared = sum(1 << i for i in cleared)
    result.broken = sum(1 << i for i in broken)
    return result


def test_games_are_paired_by_index_and_a_broken_game_leaves_both_sides() -> None:
    default = played([0, 1, 2, 5], 8)
    variant = played([1, 2, 3], 8, broken=[5])
    effect = pair(default, variant, "unit_damage", "clears")
    assert (effect.both, effect.only_default, effect.only_variant, effect.neither) == (2, 1, 1, 3)
    assert effect.games == 7 and effect.difference == 0.0
    assert effect.interval() == paired_difference_interval(2, 1, 1, 3)


def test_a_run_stopped_early_is_paired_on_the_games_both_played() -> None:
    effect = pair(played([0, 1, 2], 6), played([0], 3), "deck_out", "taking")
    assert (effect.games, effect.only_default) == (3, 2)


def test_each_other_reading_is_played_only_at_the_levels_it_can_change() -> None:
    found = {(a.label, a.levels) for a in alternatives([spec(1), spec(2), spec(5)])}
    assert ("unit_damage=clears", (0, 1, 2)) in found
    assert ("ignored_cnt=cnt_without_effect", (1,)) in found and ("long_lists=deal_stated", (2,)) in found
    assert not any(label.startswith(("end_rule_knight=", "rift_target_order=", "handless_draw=")) for label, _ in found)


def test_the_alternatives_are_the_readings_not_in_force() -> None:
    changed = spec(1)
    changed = GameSpec(
        changed.deck,
        changed.ruler,
        changed.level,
        changed.pool,
        200,
        1,
        DECK,
        DEFAULT.with_values({"unit_damage": "clears"}),
    )
    assert [a.label for a in alternatives([changed]) if a.name == "unit_damage"] == ["unit_damage=persists"]


def test_check_sensitivity_prints_and_writes_each_readings_paired_change(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["check", DECK, "--levels", "2", "--games", "24", "--workers", "1", "--sensitivity", "--json", str(path)]
    )
    assert result.exit_code == 0, result.output
    out = [line.rstrip() for line in result.output.splitlines()]
    assert any(line.startswith(" 2 Black Knight Army") and "in force: defaults" in line for line in out)
    assert any("ignored_cnt=cnt_without_effect" in line for line in out) and any(
        "span of the open rulings" in line for line in out
    )
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["settings"]["sensitivity"] is True
    (level,) = data["levels"]
    rows = {f"{row['name']}={row['value']}": row for row in level["sensitivity"]["variants"]}
    # player_cnt is not played: no card of the Knight sample has a CNT ability of its own (Absolute Bearia's CNT does nothing)
    assert list(rows) == ["unit_damage=clears", "deck_out=taking", "player_windows=off", "energy_readied=two",
                          "vanished_target=ruler", "full_board_tie=least_hp_left",
                          "ignored_cnt=cnt_without_effect", "end_rule_turns=every_turn"]  # fmt: skip
    for row in rows.values():
        assert row["games"] == 24 and row["both"] + row["only_default"] == level["cleared"]
        assert abs(row["difference"] - (row["clear_rate"] - level["clear_rate"])) < 1e-12
    rates = [level["clear_rate"], *(row["clear_rate"] for row in rows.values())]
    assert level["sensitivity"]["span"] == [min(rates), max(rates)]


def test_a_readings_row_is_what_a_check_under_that_variant_finds(tmp_path: Path) -> None:
    runs = {}
    for name, extra in {"sensitivity": ["--sensitivity"], "variant": ["--variant", "unit_damage=clears"]}.items():
        path = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            main, ["check", DECK, "--levels", "3", "--games", "16", "--workers", "1", *extra, "--json", str(path)]
        )
        assert result.exit_code == 0, result.output
        runs[name] = json.loads(path.read_text(encoding="utf-8"))["levels"][0]
    (row,) = [r for r in runs["sensitivity"]["sensitivity"]["variants"] if r["name"] == "unit_damage"]
    assert row["cleared"] == runs["variant"]["cleared"]
    assert runs["variant"]["variants"]["unit_damage"] == "clears" and runs["variant"]["sensitivity"] is None


def test_a_result_with_sensitivity_reads_back_typed(tmp_path: Path) -> None:
    from gateruler.check_results import read_check_result

    path = tmp_path / "r.json"
    result = CliRunner().invoke(
        main, ["check", DECK, "--levels", "5", "--games", "8", "--workers", "1", "--sensitivity", "--json", str(path)]
    )
    assert result.exit_code == 0, result.output
    read = read_check_result(path)
    assert read.settings.sensitivity and read.levels[0].sensitivity.variants[-1].name == "long_lists"


def test_the_report_shows_each_readings_change_when_the_check_had_sensitivity(tmp_path: Path) -> None:
    from gateruler.pages.check_report import report_html

    pages = {}
    for name, extra in {"with": ["--sensitivity"], "without": []}.items():
        path = tmp_path / f"{name}.json"
        result = CliRunner().invoke(
            main, ["check", DECK, "--levels", "2", "--games", "8", "--workers", "1", *extra, "--json", str(path)]
        )
        assert result.exit_code == 0, result.output
        pages[name] = report_html(json.loads(path.read_text(encoding="utf-8")))
    assert 'id="sensitivity"' not in pages["without"]
    page = pages["with"]
    assert (
        '<h2 id="sensitivity-section">' in page
        and "ignored_cnt=cnt_without_effect" in page
        and "span of the open rulings" in page
    )
