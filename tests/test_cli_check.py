"""`gateruler check` and `gateruler replay` as a user meets them."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner

from gateruler import loader
from gateruler.cli import main
from gateruler.cli.cmd_check import parse_levels
from gateruler.errors import DataError, GateRulerError

DECK = str(loader.sample_deck_path("knight"))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_check_prints_a_row_per_level_with_the_clear_rate_and_its_interval() -> None:
    code, out, err = run("check", DECK, "--levels", "1-2", "--games", "16", "--workers", "1")
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Knight sample (knight) - bot greedy, seed 0, up to 16 games per level, 1 worker"
    rows = [line.split() for line in lines if line.strip().startswith(("1 Vanguard", "2 Black"))]
    assert len(rows) == 2
    level1 = rows[0]
    assert level1[:3] == ["1", "Vanguard", "*"]
    games, clear, interval = level1[3], level1[4], level1[5]
    assert games == "16" and clear.endswith("%") and "-" in interval
    assert "depends on provisional card data" in out
    assert err == ""


def test_check_output_piped_has_no_progress_bar_or_control_codes() -> None:
    code, out, err = run("check", DECK, "--levels", "1", "--games", "8", "--workers", "1")
    assert code == 0
    assert "\x1b" not in out and "\x1b" not in err


def test_the_json_file_has_every_figure_and_the_settings_to_reproduce_them(tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    code, _, err = run(
        "check", DECK, "--levels", "1,3", "--games", "16", "--workers", "1", "--seed", "5", "--json", str(path)
    )
    assert code == 0, err
    data = json.loads(path.read_text())
    settings = data["settings"]
    assert settings["bot"] == "greedy" and settings["seed"] == 5 and settings["games"] == 16
    assert settings["levels"] == [1, 3]
    assert settings["deck"]["ruler"] == "knight" and sum(n for _, n in settings["deck"]["cards"]) == 50
    assert data["gateruler_version"] and data["card_data_hash"]
    level = data["levels"][1]
    assert level["level"] == 3 and level["games"] == 16 and level["complete"]
    assert (
        level["cleared"]
        + level["lost_damage"]
        + level["lost_deck_out"]
        + level["draw_turn_cap"]
        + level["draw_other"]
        + level["error"]
        == 16
    )
    assert level["provisional"] and level["provisional_cards"]["level"]
    assert len(level["wilson95"]) == 2 and level["data_hash"]


def test_the_json_file_has_each_deck_cards_figures_and_the_loss_causes_per_level(tmp_path: Path) -> None:
    path = tmp_path / "result.json"
    code, _, err = run("check", DECK, "--levels", "2", "--games", "16", "--workers", "1", "--json", str(path))
    assert code == 0, err
    data = json.loads(path.read_text())
    assert data["settings"]["variants"] == []
    level = data["levels"][0]
    assert level["games_read"] == 16 - level["error"]
    deck = loader.load_deck(DECK)
    assert [c["card"] for c in level["cards"]] == [e.card for e in deck.cards]
    shield = level["cards"][0]
    assert shield["name"] == "Shield Sentry" and shield["copies"] == 4
    assert shield["seen"] + shield["not_seen"] == level["games_read"]
    assert shield["seen_cleared"] + shield["not_seen_cleared"] == level["cleared"]
    assert set(shield) >= {
        "clear_rate_seen",
        "clear_rate_not_seen",
        "difference",
        "difference95",
        "played_when_seen",
        "mean_first_seen_turn",
    }
    assert set(level["end_turns"]) == {"cleared", "lost_damage", "lost_deck_out", "draw_turn_cap", "draw_other"}
    assert sum(n for _, n in level["end_turns"]["lost_damage"]) == level["lost_damage"]
    assert sum(t * n for t, n in level["end_turns"]["cleared"]) == level["clear_turns"]
    assert sum(d["final_blows"] for d in level["damage_taken"]) == level["lost_damage"]
    itself = next(d for d in level["damage_taken"] if d["card"] is None)
    assert (
        itself["side"] == "rift"
        and itself["name"] == "the rift itself"
        and itself["total"] == itself["battle"] + itself["effect"]
    )


def test_cards_stats_prints_each_levels_cards_and_what_dealt_the_damage() -> None:
    code, out, err = run("check", DECK, "--levels", "1", "--games", "16", "--workers", "1", "--cards-stats")
    assert code == 0, err
    assert "1 Vanguard: 16 games read; cleared on turn" in out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith(("Shield Sentry", "the rift itself"))]
    assert rows[0][:3] == ["Shield", "Sentry", "4"]
    assert rows[1][:3] == ["the", "rift", "itself"]
    assert "opening hand" in out and "docs/check.md" in out


def test_without_cards_stats_the_table_is_as_before() -> None:
    code, out, _ = run("check", DECK, "--levels", "1", "--games", "8", "--workers", "1")
    assert code == 0
    assert "games read" not in out and "Shield Sentry" not in out


def test_the_same_seed_gives_the_same_figures_with_one_worker_or_two(tmp_path: Path) -> None:
    figures = []
    for workers in ("1", "2"):
        path = tmp_path / f"w{workers}.json"
        code, _, err = run("check", DECK, "--levels", "2-3", "--games", "20", "--workers", workers, "--json", str(path))
        assert code == 0, err
        figures.append(json.loads(path.read_text())["levels"])
    assert figures[0] == figures[1]


def test_a_level_file_is_checked_instead_of_the_shipped_levels(tmp_path: Path) -> None:
    level_file = tmp_path / "my-rift.yaml"
    shutil.copy(loader.load_level(1).location.path, level_file)
    path = tmp_path / "r.json"
    code, out, err = run(
        "check", DECK, "--level-file", str(level_file), "--games", "8", "--workers", "1", "--json", str(path)
    )
    assert code == 0, err
    assert "(my-rift.yaml)" in out
    data = json.loads(path.read_text())
    assert [lv["level_file"] for lv in data["levels"]] == [str(level_file.resolve())]


def test_precision_stops_a_level_early_and_says_so() -> None:
    code, out, _ = run("check", DECK, "--levels", "6", "--games", "1000", "--precision", "0.2", "--workers", "1")
    assert code == 0
    assert "stopped after" in out and "narrower than --precision" in out


def test_the_search_bot_can_be_given_a_budget() -> None:
    code, out, err = run(
        "check", DECK, "--levels", "1", "--games", "2", "--bot", "search", "--budget", "2", "--workers", "1"
    )
    assert code == 0, err
    assert "bot search (budget 2)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--levels", "7"], "error: --levels: there is no level 7"),
        (["--levels", "two"], "error: --levels: 'two' is not a level list"),
        (["--levels", "4-2"], "error: --levels: '4-2' is not a level list"),
        (["--games", "0"], "error: --games: must be at least 1"),
        (["--games", "many"], "error: Invalid value for '--games': 'many' is not a valid integer."),
        (["--workers", "0"], "error: --workers: must be at least 1"),
        (["--precision", "2"], "error: --precision: must be between 0 and 1"),
        (["--budget", "0"], "error: --budget: must be at least 1"),
        (["--budget", str(10**12)], "error: --budget: must be at most 10,000 (see docs/limits.md)"),
        (["--workers", "100000"], "error: --workers: must be at most 64 (see docs/limits.md)"),
        (["--max-turns", "1000001"], "error: --max-turns: must be at most 1,000 (see docs/limits.md)"),
        (["--seed", "-1"], "error: --seed: must be at least 0"),
        (["--bot", "clever"], "error: Invalid value for '--bot': 'clever' is not one of"),
        (["--level-file", "no-such-level.yaml"], "error: no-such-level.yaml: no such level file"),
        (["--level-file", "x.yaml", "--levels", "1"], "error: --levels and --level-file: give one or the other"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    code, out, err = run("check", DECK, *args)
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith(message)
    assert "Traceback" not in out + err


def test_a_missing_deck_file_is_one_line_naming_it() -> None:
    code, _, err = run("check", "no-such-deck.yaml")
    assert code == 2
    assert err.splitlines() == ["no-such-deck.yaml:1:1: no such file"]


@pytest.mark.parametrize(
    ("typed", "ruler"),
    [
        ("knight", "knight"),
        ("knight-sample.yaml", "knight"),
        ("Wizard", "wizard"),
        ("apprentice.yaml", "apprentice"),
        ("KNIGHT-SAMPLE.YAML", "knight"),
    ],
)
def test_a_missing_deck_named_like_a_sample_says_where_the_shipped_sample_is(
    typed: str, ruler: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run("check", typed, "--levels", "1", "--games", "1")
    assert code == 2
    assert err.splitlines() == [
        f"{typed}:1:1: no such file (the shipped {ruler.capitalize()} sample deck is {loader.sample_deck_path(ruler)})"
    ]


def test_a_users_own_file_named_like_a_sample_is_read_as_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "knight").write_text("ruler: [\n", encoding="utf-8")
    code, _, err = run("check", "knight", "--levels", "1", "--games", "1")
    assert code == 2
    assert err.startswith("knight:") and "sample" not in err


def test_a_broken_deck_file_is_located(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: mine\nruler: knight\ncards:\n  - {card: NOT-A-CARD, count: 4}\n")
    code, _, err = run("check", str(deck))
    assert code == 2
    assert err.startswith(f"{deck}:4:")
    assert "NOT-A-CARD" in err


@pytest.mark.parametrize(
    ("text", "levels"),
    [("1-6", [1, 2, 3, 4, 5, 6]), ("3", [3]), ("1,3-4", [1, 3, 4]), ("2, 2,1", [2, 1])],
)
def test_level_lists(text: str, levels: list[int]) -> None:
    assert parse_levels(text) == levels


def test_an_empty_level_list_is_refused() -> None:
    with pytest.raises(GateRulerError):
        parse_levels("")


# ---------------------------------------------------------------------- replay


def _replay_file(tmp_path: Path) -> Path:
    from gateruler.batch import GameSpec
    from gateruler.replay import record_game, write_replay

    pool = loader.load_card_pool()
    deck = loader.load_deck(DECK)
    level = loader.load_level(1)
    spec = GameSpec(deck, loader.load_rulers()["knight"], level, pool, 200, 1, DECK)
    path = tmp_path / "game.json"
    write_replay(path, record_game(spec, 3, "greedy", 3))
    return path


def test_replay_confirms_a_game_ends_the_same_way(tmp_path: Path) -> None:
    path = _replay_file(tmp_path)
    code, out, _ = run("replay", str(path))
    assert code == 0
    assert out.startswith(f"{path}: ends the same way: ")


def test_replay_says_where_a_game_diverges_with_exit_code_1(tmp_path: Path) -> None:
    path = _replay_file(tmp_path)
    data = json.loads(path.read_text())
    data["actions"][1] = {"type": "EndTurn"}
    path.write_text(json.dumps(data))
    code, out, _ = run("replay", str(path))
    assert code == 1
    assert f"{path}: diverges: action 2" in out


def test_replay_of_a_bad_file_is_one_line_and_exit_code_2(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("[1, 2")
    code, _, err = run("replay", str(path))
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith(f"{path}:1:")


# ---------------------------------------------------------------------- a terminal


def _spawn(args: str, columns: int = 140) -> pexpect.spawn:
    code = "import sys; from gateruler.cli import main; sys.argv[0] = 'gateruler'; main()"
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    return pexpect.spawn(
        sys.executable, ["-c", code, *args.split()], encoding="utf-8", timeout=60, dimensions=(30, columns), env=env
    )


def interrupt_a_long_check(options: str) -> None:
    """On a terminal, a check of a million games shows a bar; Ctrl-C prints the partial result and exits 130."""
    child = _spawn(f"check {DECK} --levels 1 --games 1000000 {options}")
    child.expect(r"[1-9]\d*/1000000")
    child.sendintr()
    child.expect("interrupted: partial result")
    child.expect(r"1 Vanguard \*\s+\d+ \(partial\)")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def test_on_a_terminal_a_progress_bar_runs_and_ctrl_c_prints_the_partial_result() -> None:
    interrupt_a_long_check("--workers 2")


def test_on_a_narrow_terminal_the_table_fits_and_names_the_levels_below() -> None:
    child = _spawn(f"check {DECK} --levels 1,3 --games 8 --workers 1", columns=80)
    child.expect(pexpect.EOF)
    lines = [line.rstrip() for line in child.before.replace("\r", "").splitlines()]
    assert all(len(line) <= 80 for line in lines if "━" not in line and "\x1b[" not in line)
    assert any(line.split()[:2] == ["1", "*"] for line in lines if line.strip())
    assert "Levels: 1 Vanguard, 3 Regular Army." in " ".join(lines)


def test_on_an_80_column_terminal_every_card_figure_is_readable() -> None:
    """--cards-stats at 80 columns: no figure cut to '…', each difference with its interval (issue 26)."""
    child = _spawn(f"check {DECK} --levels 1 --games 12 --workers 1 --cards-stats", columns=80)
    child.expect(pexpect.EOF)
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", child.before.replace("\r", ""))  # without colours
    table = text.split("games read;", 1)[1].split("damage to you from", 1)[0]
    lines = [line.rstrip() for line in table.splitlines()]
    assert all(len(line) <= 80 for line in lines) and "…" not in table
    shield = next(i for i, line in enumerate(lines) if line.strip().startswith("Shield Sentry"))
    figures = lines[shield].split()[2:]
    assert figures[0] == "4" and all(f.endswith("%") or f == "-" for f in figures[1:4]) and len(figures) == 8
    assert all(re.fullmatch(r"[+-]\d+\.\.[+-]\d+", w) for w in lines[shield + 1].split())  # intervals under differences
    assert "Honoikazuchi" in table and "Narrow table: cp copies" in text


def test_a_game_that_breaks_is_counted_reported_and_saved_as_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from test_batch import _Exploding

    from gateruler import bots

    monkeypatch.setitem(bots._FACTORIES, "random", lambda seed, budget: _Exploding(seed))  # a bot with a bug
    replays = tmp_path / "replays"
    result = tmp_path / "r.json"
    code, out, err = run(
        "check",
        DECK,
        "--levels",
        "1",
        "--games",
        "7",
        "--bot",
        "random",
        "--workers",
        "1",
        "--replay-dir",
        str(replays),
        "--json",
        str(result),
    )
    assert code == 0, err
    row = next(line.split() for line in out.splitlines() if line.strip().startswith("1 Vanguard"))
    assert row[-1] == "7"  # the error column
    saved = sorted(replays.iterdir())
    assert len(saved) == 5  # the first five errors of a level keep a replay
    errors = json.loads(result.read_text())["levels"][0]["errors"]
    assert [e["game"] for e in errors] == [0, 1, 2, 3, 4]
    first = errors[0]
    assert (
        f"level 1 game 0: RuntimeError: kaboom (seed {first['seed']}, bot seed {first['bot_seed']}); replay: {first['replay']}"
        in out
    )
    assert "level 1: 2 more errors, not saved" in out
    code, out, _ = run("replay", first["replay"])
    assert code == 0
    assert "ends the same way: the same error" in out


def test_the_search_bots_default_budget_is_written_down(tmp_path: Path) -> None:
    from gateruler.bots.search import DEFAULT_BUDGET

    path = tmp_path / "r.json"
    code, out, err = run(
        "check", DECK, "--levels", "6", "--games", "1", "--bot", "search", "--workers", "1", "--json", str(path)
    )
    assert code == 0, err
    assert f"bot search (budget {DEFAULT_BUDGET})" in out
    assert json.loads(path.read_text())["settings"]["budget"] == DEFAULT_BUDGET


def test_a_check_result_reads_back_typed_and_a_damaged_one_is_located(tmp_path: Path) -> None:
    from gateruler.check_results import read_check_result

    path = tmp_path / "r.json"
    code, _, err = run("check", DECK, "--levels", "1", "--games", "8", "--workers", "1", "--json", str(path))
    assert code == 0, err
    result = read_check_result(path)
    assert result.settings.games == 8 and result.levels[0].games == 8 and result.settings.levels == [1]
    data = json.loads(path.read_text())
    data["levels"][0]["cleared"] = -3
    path.write_text(json.dumps(data, indent=1))
    with pytest.raises(DataError) as caught:
        read_check_result(path)
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if '"cleared": -3' in text)
    assert (caught.value.line, caught.value.message) == (
        line,
        "levels[0].cleared: must be 0 to 4,611,686,018,427,387,904, not -3",
    )


# ---------------------------------------------------------------------- several decks, and --csv


def _process(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gateruler", *args], cwd=cwd, capture_output=True, text=True, check=False, timeout=300
    )


WIZARD = str(loader.sample_deck_path("wizard"))


def test_two_decks_are_played_on_the_same_games_and_their_paired_difference_printed(tmp_path: Path) -> None:
    """check DECK_A DECK_B: each deck's figures are its own check's, and the difference is paired (issue 26)."""
    ran = _process(
        "check", DECK, WIZARD, "--levels", "1", "--games", "24", "--workers", "1", "--json", "both.json",
        "--csv", "both.csv", cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    lines = ran.stdout.splitlines()
    assert lines[0] == "2 decks on the same games - bot greedy, seed 0, up to 24 games per level, 1 worker"
    data = json.loads((tmp_path / "both.json").read_text(encoding="utf-8"))
    assert (data["format"], data["version"]) == ("gateruler-check-comparison", 1)
    alone = []
    for deck in (DECK, WIZARD):
        code, _, err = run(
            "check", deck, "--levels", "1", "--games", "24", "--workers", "1", "--json", str(tmp_path / "one.json")
        )
        assert code == 0, err
        alone.append(json.loads((tmp_path / "one.json").read_text(encoding="utf-8"))["levels"][0])
    (level,) = data["levels"]
    assert [d["cleared"] for d in level["decks"]] == [a["cleared"] for a in alone]
    assert [d["check"]["levels"][0]["cleared"] for d in data["decks"]] == [a["cleared"] for a in alone]
    (diff,) = level["differences"]
    assert (diff["deck"], diff["against"], diff["games"]) == ("B", "A", 24)
    # paired counts add up to both decks' clears on the same 24 games
    assert diff["both"] + diff["only_against"] == alone[0]["cleared"]
    assert diff["both"] + diff["only_deck"] == alone[1]["cleared"]
    assert diff["difference"] == (alone[1]["cleared"] - alone[0]["cleared"]) / 24
    low, high = diff["difference95"]
    assert low <= diff["difference"] <= high
    rows = [line.split() for line in lines if line.strip().startswith(("1 Vanguard", "B Wizard"))]
    assert rows[0][2:4] == ["A", "Knight"] and rows[1][:2] == ["B", "Wizard"]
    assert f"{100 * diff['difference']:+.1f}" in rows[1]
    with (tmp_path / "both.csv").open(encoding="utf-8-sig", newline="") as f:
        table = list(csv.DictReader(f))
    assert [(r["row"], r["deck"], r["cleared"]) for r in table] == [
        ("level", "A", str(alone[0]["cleared"])),
        ("level", "B", str(alone[1]["cleared"])),
    ]
    assert table[0]["minus_first"] == "" and float(table[1]["minus_first"]) == pytest.approx(diff["difference"])


def test_csv_holds_the_level_figures_and_with_cards_stats_a_row_per_card(tmp_path: Path) -> None:
    ran = _process(
        "check", DECK, "--levels", "1-2", "--games", "12", "--workers", "1", "--cards-stats", "--csv", "f.csv",
        "--json", "f.json", cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr
    raw = (tmp_path / "f.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbfrow,deck,deck_name,level,level_name,games,cleared,clear_rate,")
    with (tmp_path / "f.csv").open(encoding="utf-8-sig", newline="") as f:
        table = list(csv.DictReader(f))
    data = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    levels = [r for r in table if r["row"] == "level"]
    assert [(int(r["level"]), int(r["cleared"]), int(r["lost_damage"])) for r in levels] == [
        (lv["level"], lv["cleared"], lv["lost_damage"]) for lv in data["levels"]
    ]
    cards = [r for r in table if r["row"] == "card"]
    assert [(r["card"], int(r["copies"])) for r in cards] == [
        (c["card"], c["copies"]) for lv in data["levels"] for c in lv["cards"]
    ]
    shield = next(r for r in cards if r["card"] == "PROV-001")
    assert shield["card_name"] == "Shield Sentry" and shield["clear_rate"] == ""


@pytest.mark.parametrize("flag", ["--cards-stats", "--sensitivity"])
def test_what_reads_one_deck_is_refused_with_several(flag: str) -> None:
    code, _, err = run("check", DECK, WIZARD, flag)
    assert (code, err) == (2, f"error: {flag} reads one deck: give one DECK, or leave {flag} out to compare decks\n")
