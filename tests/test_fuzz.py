"""The fuzz suite: every kind of file we accept, mutated as a hostile user would, through every command that reads it.

A command may refuse a file (exit 2, one line naming it), answer no (exit 1
where documented) or accept it (exit 0); it may never print a traceback,
hang, run out of memory or find a bug in itself (exit 70).  The normal run
tries 25 cases per file kind; ``--runslow`` tries thousands (FUZZ_CASES
overrides the count).  tests/fuzzing.py has the strategies and the harness.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import fuzzing_io
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
    pool = loader.load_card_pool()
    from gateruler.validation import player_use_reason

    spare = next(
        c.id for c in sorted(pool, key=lambda c: c.id) if player_use_reason(c) is None and c.id not in deck.card_ids()
    )
    (folder / "collection.yaml").write_text(  # the deck's cards and two of another: a swap to try
        f"name: binder\nowned:\n{owned}  - {{card: {spare}, count: 2}}\n", encoding="utf-8"
    )
    assert loader.load_collection(folder / "collection.yaml", pool)
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


# ---------------------------------------------------------------------- beyond the files (issue 27)
#
# Where the outputs go, what stands where a file is read, the numeric options,
# the scheduler address and the saved state's own numbers: in-process, each
# case in a fresh folder.  The standard streams: as real processes.  Besides
# the harness's verdict, no case may lose a file: every input is as it was,
# a file that was there is kept when the command refuses, a link stays a link,
# a FIFO a FIFO, a device a device, and no temporary file is left behind.

SHORT_IO, SHORT_PROCESSES = 8, 3
LONG_PROCESSES = int(os.environ.get("FUZZ_PROCESS_CASES", "200"))
TUNE_IO = [
    "--levels",
    "1",
    "--games",
    "4",
    "--candidates",
    "1",
    "--rounds",
    "1",
    "--final-games",
    "4",
    "--workers",
    "1",
]

OUTPUT_COMMANDS: list[tuple[list[str], str]] = [
    (["check", "{deck}", "--levels", "1", *GAMES, "--json", "{}"], ""),
    (["check", "{deck}", "--levels", "1", *GAMES, "--report", "{}"], ""),
    (["check", "{deck}", "--level-file", "{level}", *GAMES, "--json", "{}"], ""),
    (["play", "--deck", "{deck}", "--seed", "3", "--fast", "--log", "{}"], PLAY_INPUT),
    (["play", "--load", "{save}", "--fast", "--replay", "{}"], PLAY_INPUT),
    (["replay", "{replay}", "--html", "{}"], ""),
    (["cards", "import", "{csv}", "--output", "{}", "--force"], ""),
    (["tune", "{deck}", "--collection", "{collection}", *TUNE_IO, "--output", "{}"], ""),
    (["new", "deck", "Fuzz", "--ruler", "knight", "--output", "{}"], ""),
    (["schema", "--output", "{}"], ""),
]


def _inputs(workplace: Path, place: Path) -> dict[str, Path]:
    """Copies of a deck, a level, a save, a replay, a spreadsheet and a collection in `place`."""
    copies = {
        "deck": (Path(DECK), "deck.yaml"),
        "level": (loader.INVADER_DECKS_DIR / "level-1.yaml", "level.yaml"),
        "save": (workplace / "made" / "save.json", "save.json"),
        "replay": (workplace / "made" / "replay.json", "replay.json"),
        "csv": (ROOT / "docs" / "examples" / "my-deck" / "my-cards.csv", "cards.csv"),
        "collection": (workplace / "made" / "collection.yaml", "collection.yaml"),
    }
    for source, name in copies.values():
        shutil.copy(source, place / name)
    return {key: place / name for key, (_, name) in copies.items()}


def _in_place(workplace: Path, args: list[str], stdin: str = "", env: dict[str, str] | None = None) -> Any:
    cwd = os.getcwd()
    os.chdir(workplace)
    try:
        return run_command(args, workplace.parent / "crashes", stdin=stdin, env=env)
    finally:
        os.chdir(cwd)


def _kept(place: Path, before: dict[Path, bytes], kind: str, code: int | None) -> str | None:
    """What was lost: an input changed, a refused target's previous file, a link, a FIFO, a device, a temporary."""
    for path, data in before.items():
        if path.read_bytes() != data:
            return f"the input {path.name} was changed"
    there = place / "there.json"
    if code == 2 and there.exists() and there.read_text(encoding="utf-8") != fuzzing_io.PREVIOUS:
        return "a refused command changed the file that was there"
    out = place / "out"
    if kind.startswith("a link") or kind == "a dangling link":
        if not out.is_symlink():
            return "the link was replaced"
    if kind == "a FIFO nothing reads" and not stat.S_ISFIFO(os.lstat(out).st_mode):
        return "the FIFO was replaced"
    for device in ("/dev/null", "/dev/full"):
        if not stat.S_ISCHR(os.stat(device).st_mode):
            return f"{device} was replaced"
    strays = [p.name for p in place.rglob("*.tmp")]
    return f"temporary files were left: {strays}" if strays else None


def _output_case(workplace: Path, data: Any) -> None:
    place = Path(tempfile.mkdtemp(dir=workplace / "cases"))
    inputs = _inputs(workplace, place)
    template, stdin = data.draw(st.sampled_from(OUTPUT_COMMANDS))
    used = [inputs[key] for key in inputs if "{" + key + "}" in template]
    kind, target = fuzzing_io.output_target(data.draw, place, used)
    args = [target if a == "{}" else str(inputs[a[1:-1]]) if a[1:-1] in inputs else a for a in template]
    before = {path: path.read_bytes() for path in inputs.values()}
    outcome = _in_place(place, args, stdin)
    TALLY[("output-target", kind, outcome.exit_code)] += 1
    problem = verdict(outcome, (0, 1, 2)) or _kept(place, before, kind, outcome.exit_code)
    assert problem is None, f"{' '.join(args)[:500]} ({kind})\n{problem}"
    shutil.rmtree(place, ignore_errors=True)


READERS: list[tuple[list[str], dict[str, str]]] = [
    (["check", "{}", *GAMES], {}),
    (["check", DECK, "--level-file", "{}", *GAMES], {}),
    (["play", "--load", "{}", "--fast"], {}),
    (["play", "--deck", "{}", "--fast"], {}),
    (["replay", "{}"], {}),
    (["scenario", "{}"], {}),
    (["validate", "--no-smoke", "{}"], {}),
    (["tune", DECK, "--collection", "{}", *TUNE_IO], {}),
    (["cards", "import", "{}", "--output", "x.yaml", "--force"], {}),
    (["cards", "--cards", "{}"], {}),
    (["cards"], {"GATERULER_CARDS": "{}"}),
    (["deck", "show", "{}"], {}),
]


def _special_case(workplace: Path, data: Any) -> None:
    place = Path(tempfile.mkdtemp(dir=workplace / "cases"))
    kind, path = fuzzing_io.special_path(data.draw, place)
    template, env = data.draw(st.sampled_from(READERS))
    args = [path if a == "{}" else a for a in template]
    outcome = _in_place(place, args, PLAY_INPUT, {k: path for k in env} or None)
    TALLY[("special-file", kind, outcome.exit_code)] += 1
    library = "--cards" in template or bool(env)
    # GATERULER_CARDS='' is no library at all, and a card library may be a folder (of no cards)
    allowed = (0, 2) if library and (not path or os.path.isdir(path)) else (2,)
    problem = verdict(outcome, allowed)
    assert problem is None, f"{' '.join(args)[:300]} {env} ({kind})\n{problem}"
    shutil.rmtree(place, ignore_errors=True)


def _option_rows() -> list[tuple[list[str], str, float, float, list[str], str]]:
    """(command with {} for the value, option, low, high, valid values that keep it short, standard input)."""
    from gateruler.limits import MAX_BUDGET, MAX_PACE, MAX_SEED, MAX_TURNS, MAX_WORKERS

    check = ["check", DECK, "--levels", "1", "--workers", "1"]
    tune = ["tune", DECK, "--collection", "{collection}", "--levels", "1", "--workers", "1"]
    levels = ["1", "1-2", "6", "0", "7", "3-1", "1,,2", "1-1000000000", "1-" + "9" * 5000, "1,1,1", "1-6"]
    return [
        ([*check, "--games", "2", "--seed", "{}"], "--seed", 0, MAX_SEED, ["0", "7", str(MAX_SEED)], ""),
        ([*check, "--precision", "0.99", "--games", "{}"], "--games", 1, 10**6, ["1", "2"], ""),
        ([*check, "--games", "2", "--budget", "{}"], "--budget", 1, MAX_BUDGET, ["1", str(MAX_BUDGET)], ""),
        ([*check, "--games", "1", "--max-turns", "{}"], "--max-turns", 1, MAX_TURNS, ["1", "40", str(MAX_TURNS)], ""),
        (
            ["check", DECK, "--levels", "1", "--games", "2", "--workers", "{}"],
            "--workers",
            1,
            MAX_WORKERS,
            ["1", "2"],
            "",
        ),
        ([*check, "--games", "2", "--precision", "{}"], "--precision", 0, 1, ["0.99", "0.5", "1e-300"], ""),
        (["check", DECK, "--games", "2", "--workers", "1", "--levels", "{}"], "--levels", 1, 6, levels, ""),
        (
            [*tune, "--candidates", "1", "--rounds", "1", "--final-games", "4", "--games", "{}"],
            "--games",
            1,
            10**6,
            ["2", "4"],
            "",
        ),
        (
            [*tune, "--games", "4", "--rounds", "1", "--final-games", "4", "--candidates", "{}"],
            "--candidates",
            1,
            1000,
            ["1", "2"],
            "",
        ),
        (
            [*tune, "--games", "4", "--candidates", "1", "--final-games", "4", "--rounds", "{}"],
            "--rounds",
            1,
            100,
            ["1", "2"],
            "",
        ),
        (["watch", "--plain", "--seed", "{}"], "--seed", 0, MAX_SEED, ["0", "5"], ""),
        (["watch", "--plain", "--budget", "{}"], "--budget", 1, MAX_BUDGET, ["1", str(MAX_BUDGET)], ""),
        (["watch", "--plain", "--pace", "{}"], "--pace", 0.05, MAX_PACE, ["0.05", "1", str(MAX_PACE)], ""),
        (["play", "--fast", "--seed", "{}"], "--seed", 0, MAX_SEED, ["3", str(MAX_SEED)], PLAY_INPUT),
        (["play", "--fast", "--level", "{}"], "--level", 1, 6, ["1", "6"], PLAY_INPUT),
        (["replay", "{replay}", "--watch", "--pace", "{}"], "--pace", 0.05, MAX_PACE, ["0.05", str(MAX_PACE)], ""),
    ]


def _option_case(workplace: Path, data: Any) -> None:
    template, option, low, high, cheap, stdin = data.draw(st.sampled_from(_option_rows()))
    value = fuzzing_io.option_value(data.draw, low, high, cheap)
    files = {
        "{collection}": str(workplace / "made" / "collection.yaml"),
        "{replay}": str(workplace / "made" / "replay.json"),
    }
    args = [value if a == "{}" else files.get(a, a) for a in template]
    outcome = _in_place(workplace, args, stdin)
    TALLY[("option", f"{args[0]} {option}", outcome.exit_code)] += 1
    problem = verdict(outcome, (0, 1, 2))
    assert problem is None, f"{args[0]} {option} {value[:80]!r}\n{problem}"


@pytest.fixture(scope="module")
def fake_servers() -> fuzzing_io.FakeServers:
    return fuzzing_io.FakeServers()


def _scheduler_case(workplace: Path, servers: fuzzing_io.FakeServers, data: Any) -> None:
    address = fuzzing_io.scheduler_address(data.draw, servers)
    args = ["check", DECK, "--levels", "1", "--games", "2", "--backend", "dask", "--scheduler", address]
    outcome = _in_place(workplace, args)
    TALLY[("scheduler", address.split("://")[0] if "://" in address else "(none)", outcome.exit_code)] += 1
    problem = verdict(outcome, (2,))
    if problem is None and len(outcome.output.strip().splitlines()) != 1:
        problem = f"not one line:\n{outcome.output[-2000:]}"
    assert problem is None, f"--scheduler {address[:200]!r}\n{problem}"


def _save_case(workplace: Path, data: Any) -> None:
    save = json.loads((workplace / "made" / "save.json").read_text(encoding="utf-8"))
    changed = fuzzing_io.impossible_state(data.draw, save)
    path = workplace / "impossible.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    outcome = _in_place(workplace, ["play", "--load", str(path), "--fast"], PLAY_INPUT)
    TALLY[("impossible-save", "play", outcome.exit_code)] += 1
    problem = verdict(outcome, (0, 1, 2))
    assert problem is None, f"{changed}\n{problem}\n--- the state ---\n{json.dumps(save['game']['sides'])[:3000]}"


STREAM_COMMANDS = [
    "{gateruler} play --plain --seed 3 --fast",
    f"{{gateruler}} check {DECK} --levels 1 --games 2 --workers 1 --json result.json",
    "{gateruler} cards",
    f"{{gateruler}} validate --no-smoke {DECK}",
    "{gateruler} replay replay.json",
    f"{{gateruler}} deck show {DECK}",
]


def _stream_case(workplace: Path, data: Any) -> None:
    from processes import Row, run_row

    place = Path(tempfile.mkdtemp(dir=workplace / "cases"))
    fuzzing_io.stream_files(place)
    shutil.copy(workplace / "made" / "replay.json", place)
    command = data.draw(st.sampled_from(STREAM_COMMANDS))
    stdin, stdout, stderr, line = fuzzing_io.stream_line(data.draw, command)
    ran = run_row(Row("stream", shell=line, stdin=None, env=(("XDG_STATE_HOME", str(place / "state")),)), place)
    TALLY[("streams", f"{command.split()[1]} stdout {stdout}", ran.code)] += 1
    said = ran.err + ((place / "err.txt").read_text(errors="replace") if (place / "err.txt").exists() else "")
    reports = list((place / "state").rglob("gateruler-crash-*")) if (place / "state").exists() else []
    problem = None
    if ran.code is None:
        problem = "it hung"
    elif ran.code not in (0, 1, 2) or reports or "Traceback" in said:
        problem = f"exit {ran.code}, crash reports {reports}:\n{said[-2000:]}"
    elif "check" in command and (ran.code == 0 or stdout == "the full device") and ran.code != 1:
        json.loads((place / "result.json").read_text())  # the result is written whatever became of stdout
    assert problem is None, f"{line}\n{problem}"
    shutil.rmtree(place, ignore_errors=True)


def _fuzz_io(case: Any, cases: int, *extra: Any) -> None:
    @settings(max_examples=cases, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def run(data: Any) -> None:
        case(*extra, data)

    run()


IO_KINDS = {
    "output-target": _output_case,
    "special-file": _special_case,
    "option": _option_case,
    "impossible-save": _save_case,
}


@pytest.fixture
def _io_budgets(workplace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A fresh folder for each case, and short waits for the servers that never answer."""
    from gateruler import backends, scheduler_address

    (workplace / "cases").mkdir(exist_ok=True)
    monkeypatch.setattr(scheduler_address, "PROBE_SECONDS", 0.5)
    monkeypatch.setattr(backends, "CONNECT_TIMEOUT", 2)


@pytest.mark.usefixtures("_io_budgets")
@pytest.mark.parametrize("kind", [*IO_KINDS, "scheduler"])
def test_no_hostile_place_option_address_or_state_makes_a_command_crash_hang_or_lose_a_file(
    kind: str, workplace: Path, request: pytest.FixtureRequest
) -> None:
    if kind == "scheduler":
        pytest.importorskip("distributed")
        _fuzz_io(_scheduler_case, SHORT_IO, workplace, request.getfixturevalue("fake_servers"))
    else:
        _fuzz_io(IO_KINDS[kind], SHORT_IO, workplace)


@pytest.mark.usefixtures("_io_budgets")
def test_no_closed_full_or_endless_stream_makes_a_command_crash_or_hang(workplace: Path) -> None:
    _fuzz_io(_stream_case, SHORT_PROCESSES, workplace)


@pytest.mark.slow
@pytest.mark.usefixtures("_io_budgets")
@pytest.mark.parametrize("kind", [*IO_KINDS, "scheduler", "streams"])
def test_thousands_of_hostile_places_options_addresses_states_and_streams(
    kind: str, workplace: Path, request: pytest.FixtureRequest
) -> None:
    started = time.monotonic()
    if kind == "scheduler":
        pytest.importorskip("distributed")
        _fuzz_io(_scheduler_case, LONG, workplace, request.getfixturevalue("fake_servers"))
    elif kind == "streams":
        _fuzz_io(_stream_case, LONG_PROCESSES, workplace)
    else:
        _fuzz_io(IO_KINDS[kind], LONG, workplace)
    name = "streams" if kind == "streams" else kind
    mine = {key: count for key, count in sorted(TALLY.items(), key=str) if key[0] == name}
    print(f"\n{kind}: {sum(mine.values())} runs in {time.monotonic() - started:.0f} s; (kind, what, exit code): {mine}")
