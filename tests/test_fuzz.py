"""The fuzz suite: every kind of file we accept, mutated as a hostile user would, through every command that reads it.

A command may refuse a file (exit 2, one line naming it), answer no (exit 1
where documented) or accept it (exit 0); it may never print a traceback,
hang, run out of memory or find a bug in itself (exit 70).  The normal run
tries 25 cases per file kind; ``--runslow`` tries thousands (FUZZ_CASES
overrides the count).  tests/fuzzing.py has the strategies and the harness.
"""

from __future__ import annotations

import os
import shutil
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from fuzzing import hostile_csv, hostile_file, run_command, verdict
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gateruler import crash, loader
from gateruler.errors import GateRulerError

ROOT = Path(__file__).parent.parent
DECK = str(loader.sample_deck_path("knight"))
PLAY_INPUT = "board\nlog 3\n1\n1\n2\n1\nundo\ncard knight\n1\n1\nquit\ny\n"
GAMES = ["--games", "2", "--workers", "1", "--max-turns", "40"]
TUNE = [
    "--levels",
    "1",
    "--games",
    "8",
    "--candidates",
    "1",
    "--rounds",
    "1",
    "--final-games",
    "8",
    "--workers",
    "1",
    "--max-turns",
    "40",
]
SHORT, LONG = 25, int(os.environ.get("FUZZ_CASES", "2000"))
TALLY: Counter = Counter()  # (file kind, command, exit code) -> cases; printed by the long run (pytest -s)

# file kind -> (originals, is JSON, [(command with {} for the file, allowed exit codes, standard input)])
KINDS: dict[str, tuple[list[Path], bool, list[tuple[list[str], tuple[int, ...], str]]]] = {
    "level": (
        [*sorted((ROOT / "invader_decks").glob("level-*.yaml")), ROOT / "docs" / "examples" / "ember-rift.yaml"],
        False,
        [
            (["validate", "--no-smoke", "{}"], (0, 2), ""),
            (["validate", "{}"], (0, 2), ""),  # with the smoke run: 24 games of the level
            (["check", DECK, "--level-file", "{}", *GAMES], (0, 2), ""),
            (["play", "--level-file", "{}", "--seed", "3", "--fast"], (0, 1, 2), PLAY_INPUT),
        ],
    ),
    "cards": (
        [
            *sorted((ROOT / "gateruler" / "data" / "cards").glob("*.yaml")),
            ROOT / "docs" / "examples" / "ember-rift.cards.yaml",
        ],
        False,
        [
            (["validate", "{}"], (0, 2), ""),
            (["check", DECK, "--level-file", "ember-rift.yaml", *GAMES], (0, 2), ""),
            (["validate", DECK, "--cards", "{}"], (0, 2), ""),  # a player's card file, as a library
            (["cards", "--cards", "{}"], (0, 2), ""),
        ],
    ),
    "deck": (
        sorted((ROOT / "gateruler" / "data" / "decks").glob("*.yaml")),
        False,
        [
            (["validate", "{}"], (0, 2), ""),
            (["check", "{}", "--levels", "1", *GAMES], (0, 2), ""),
            (["play", "--deck", "{}", "--seed", "3", "--fast"], (0, 1, 2), PLAY_INPUT),
        ],
    ),
    "ruler": (
        sorted((ROOT / "gateruler" / "data" / "rulers").glob("*.yaml")),
        False,
        [(["validate", "{}"], (0, 2), "")],
    ),
    "collection": (
        [],
        False,
        [(["validate", "{}"], (0, 2), ""), (["tune", DECK, "--collection", "{}", *TUNE], (0, 2), "")],
    ),
    "spreadsheet": (
        [ROOT / "docs" / "examples" / "my-deck" / "my-cards.csv"],
        False,
        [(["cards", "import", "{}", "--output", "imported.yaml", "--force"], (0, 2), "")],
    ),
    "scenario": (
        sorted((ROOT / "tests" / "scenarios").glob("*.yaml")),
        False,
        [(["scenario", "{}", "--json"], (0, 1, 2), ""), (["scenario", "{}"], (0, 1, 2), "")],
    ),
    "save": ([], True, [(["play", "--load", "{}", "--fast"], (0, 1, 2), PLAY_INPUT)]),
    "replay": ([], True, [(["replay", "{}"], (0, 1, 2), "")]),
}


@pytest.fixture(scope="module")
def workplace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with what the mutated files refer to: the example level's cards, the scenarios' levels, a save, a replay, a result."""
    place = tmp_path_factory.mktemp("fuzz")
    shutil.copy(ROOT / "docs" / "examples" / "ember-rift.cards.yaml", place)
    shutil.copy(ROOT / "docs" / "examples" / "ember-rift.yaml", place)
    shutil.copytree(ROOT / "tests" / "scenarios" / "levels", place / "levels")
    made = place / "made"
    made.mkdir()
    _make_json_files(made)
    return place


def _make_json_files(folder: Path) -> None:
    from gateruler.batch import GameSpec
    from gateruler.games import new_game
    from gateruler.replay import record_game, write_replay
    from gateruler.saves import GameOrigin, save_game

    deck = loader.load_deck(DECK)
    level = loader.load_level(1)
    game = new_game(deck, level, seed=4)
    for step in range(8):  # into the game, with a log, tasks and history
        actions = game.legal_actions()
        if game.over or not actions:
            break
        game.apply(actions[step % len(actions)])
    save_game(folder / "save.json", game, GameOrigin(level_number=1, deck_file=DECK))
    owned = "".join(f"  - {{card: {e.card}, count: {e.count}}}\n" for e in deck.cards)
    (folder / "collection.yaml").write_text(
        f"name: binder\nowned:\n{owned}  - {{card: TD01-013, count: 2}}\n", encoding="utf-8"
    )
    pool = loader.load_card_pool()
    spec = GameSpec(deck, loader.load_rulers()[deck.ruler], level, pool.for_level(level), 200, 1, DECK)
    write_replay(folder / "replay.json", record_game(spec, seed=5, bot="greedy", bot_seed=7))
    result = run_command(
        ["check", DECK, "--levels", "1", "--games", "8", "--workers", "1", "--json", str(folder / "check.json")], folder
    )
    assert result.exit_code == 0, result.output


def originals(kind: str, workplace: Path) -> list[Path]:
    files, _, _ = KINDS[kind]
    if kind == "save":
        return [workplace / "made" / "save.json"]
    if kind == "replay":
        return [workplace / "made" / "replay.json"]
    if kind == "collection":
        return [workplace / "made" / "collection.yaml"]
    return files


def _case(kind: str, workplace: Path, data: Any) -> None:
    files, is_json, commands = KINDS[kind]
    original = data.draw(st.sampled_from(originals(kind, workplace)))
    text = original.read_text(encoding="utf-8")
    content = hostile_csv(data.draw, text) if kind == "spreadsheet" else hostile_file(data.draw, text, is_json=is_json)
    if kind == "cards" and original.name == "ember-rift.cards.yaml":
        name = "ember-rift.cards.yaml"
    else:
        name = f"hostile.{'json' if is_json else 'csv' if kind == 'spreadsheet' else 'yaml'}"
    path = workplace / name
    path.write_bytes(content)
    try:
        template, allowed, stdin = data.draw(st.sampled_from(commands))
        args = [str(path) if arg == "{}" else arg for arg in template]
        if "ember-rift.yaml" in args:
            args[args.index("ember-rift.yaml")] = str(workplace / "ember-rift.yaml")
        cwd = os.getcwd()
        os.chdir(workplace)
        try:
            outcome = run_command(args, workplace / "crashes", stdin=stdin)
        finally:
            os.chdir(cwd)
        TALLY[(kind, args[0], outcome.exit_code)] += 1
        problem = verdict(outcome, allowed)
        if (
            problem is None and outcome.exit_code == 2 and str(workplace) not in outcome.output
        ):  # the file, or one it names
            problem = f"refused without naming the file:\n{outcome.output[-2000:]}"
        assert problem is None, f"{' '.join(args)}\n{problem}\n--- the file ---\n{content[:3000]!r}"
    finally:
        if name == "ember-rift.cards.yaml":
            shutil.copy(ROOT / "docs" / "examples" / "ember-rift.cards.yaml", workplace)


@pytest.fixture(autouse=True)
def _crash_reports_here(workplace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crash, "crash_folders", lambda: [workplace / "crashes"])


def _fuzz(kind: str, cases: int) -> Any:
    @settings(max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(workplace: Path, data: Any) -> None:
        _case(kind, workplace, data)

    return run


@pytest.mark.parametrize("kind", list(KINDS))
def test_no_hostile_file_makes_a_command_crash_hang_or_print_a_traceback(kind: str, workplace: Path) -> None:
    _fuzz(kind, SHORT)(workplace)


@pytest.mark.slow
@pytest.mark.parametrize("kind", [*KINDS, "check-result"])
def test_thousands_of_hostile_files_of_each_kind(kind: str, workplace: Path) -> None:
    started = time.monotonic()
    if kind == "check-result":
        _fuzz_check_results(workplace, LONG)
    else:
        _fuzz(kind, LONG)(workplace)
    mine = {key: count for key, count in sorted(TALLY.items(), key=str) if key[0] == kind}
    print(
        f"\n{kind}: {sum(mine.values())} runs in {time.monotonic() - started:.0f} s; (kind, command, exit code): {mine}"
    )


def _fuzz_check_results(workplace: Path, cases: int) -> None:
    from gateruler.check_results import read_check_result

    original = (workplace / "made" / "check.json").read_text(encoding="utf-8")

    @settings(max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: Any) -> None:
        path = workplace / "result.json"
        path.write_bytes(hostile_file(data.draw, original, is_json=True))
        try:
            read_check_result(path)
            TALLY[("check-result", "read", 0)] += 1
        except GateRulerError as error:
            TALLY[("check-result", "read", 2)] += 1
            assert "\n" not in str(error) and str(error).startswith(str(path))

    run()


def test_a_hostile_check_result_is_refused_in_one_line_or_read(workplace: Path) -> None:
    _fuzz_check_results(workplace, SHORT * 2)


def test_the_harness_fails_a_bug_a_hang_and_a_wrong_exit_code(workplace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import time as clock

    from fuzzing import verdict

    monkeypatch.setattr("gateruler.cli.cmd_data.shipped_levels", lambda: 1 / 0)
    assert "a bug (exit 70)" in (verdict(run_command(["levels"], workplace / "crashes"), (0,)) or "")
    monkeypatch.setattr("gateruler.cli.cmd_data.shipped_levels", lambda: clock.sleep(5))
    assert (verdict(run_command(["levels"], workplace / "crashes", seconds=0.2), (0,)) or "").startswith("hang")
    assert "exit code 2, not one of (0,)" in (
        verdict(run_command(["validate", "no-such.yaml"], workplace / "crashes"), (0,)) or ""
    )
