"""Every file the program writes goes through one layer: refused in one line before the work, or written safely.

Each row is a real `gateruler` process.  The checks that refuse a target
run before any game is played: the refused `check` rows ask for 100,000
games a level, so a refusal that came after the work would hang the row.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
from pathlib import Path

import pytest
from processes import Ran, Row, one_line_refusal, rows_to_start, run_in_process, run_rows, table_tests

from gateruler import loader
from gateruler.fileio import OutputError, check_output, write_output

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="FIFOs, /dev/full and /sys are Linux's")

ROOT = Path(__file__).parent.parent
LONG = ("--levels", "1", "--games", "100000", "--workers", "1")  # hours of games: a refusal must come first
SHORT = ("--levels", "1", "--games", "2", "--workers", "1")
TUNE = ("--levels", "1", "--games", "1000", "--rounds", "1", "--candidates", "1", "--final-games", "1000")
LONG_NAME = "x" * 300 + ".json"

REFUSED = [
    Row(
        "the deck as --json",
        ("check", "deck.yaml", *LONG, "--json", "deck.yaml"),
        message="error: deck.yaml: cannot write: it is the deck this command reads; give another file",
        quick=True,
    ),
    Row(
        "the deck through a link",
        ("check", "deck.yaml", *LONG, "--report", "decklink.html"),
        message="error: decklink.html: cannot write: it is the deck this command reads; give another file",
    ),
    Row(
        "the level file as --json",
        ("check", "deck.yaml", "--level-file", "level.yaml", "--games", "100000", "--json", "level.yaml"),
        message="error: level.yaml: cannot write: it is the level file this command reads; give another file",
    ),
    Row(
        "the saved game as play's --replay",
        ("play", "--load", "save.json", "--replay", "save.json"),
        message="error: save.json: cannot write the replay: it is the saved game this command reads; give another file",
    ),
    Row(
        "the deck as play's --log",
        ("play", "--deck", "deck.yaml", "--log", "deck.yaml"),
        message="error: deck.yaml: cannot write the log: it is the deck this command reads; give another file",
    ),
    Row(
        "the collection as tune's --output",
        ("tune", "deck.yaml", "--collection", "collection.yaml", *TUNE, "--output", "collection.yaml"),
        message="error: collection.yaml: cannot write: it is the collection this command reads; give another file",
    ),
    Row(
        "the spreadsheet as its card file",
        ("cards", "import", "cards.csv", "--output", "cards.csv", "--force"),
        message="error: cards.csv: cannot write: it is the spreadsheet this command reads; give another file",
    ),
    Row(
        "the replay as its page",
        ("replay", "replay.json", "--html", "replay.json"),
        message="error: replay.json: cannot write: it is the replay this command reads; give another file",
    ),
    Row(
        "the empty path",
        ("check", "deck.yaml", *LONG, "--json", ""),
        message="error: --json: the empty path names no file",
    ),
    Row(
        "one file for two outputs",
        ("check", "deck.yaml", *LONG, "--json", "both.out", "--report", "both.out"),
        message="error: both.out: cannot write: it is also the command's --json; give another file",
    ),
    Row(
        "play's log as its replay",
        ("play", "--log", "game.out", "--replay", "./game.out"),
        message="error: ./game.out: cannot write the replay: it is also the command's --log; give another file",
    ),
    Row(
        "the empty path as a schema folder",
        ("schema", "--output", ""),
        message="error: --output: the empty path names no folder",
    ),
    Row(
        "the empty path as a template",
        ("new", "level", "Mine", "--output", ""),
        message="error: --output: the empty path names no file",
    ),
    Row(
        "the current folder",
        ("check", "deck.yaml", *LONG, "--json", "."),
        message="error: .: cannot write: it is a directory, not a file",
    ),
    Row(
        "a folder",
        ("check", "deck.yaml", *LONG, "--report", "folder"),
        message="error: folder: cannot write: it is a directory, not a file",
    ),
    Row(
        "a FIFO nothing reads",
        ("check", "deck.yaml", *LONG, "--json", "pipe"),
        message="error: pipe: cannot write: it is a named pipe (FIFO) that no program reads",
    ),
    Row(
        "a folder that does not exist",
        ("check", "deck.yaml", *LONG, "--json", "nowhere/r.json"),
        message="error: nowhere/r.json: cannot write: there is no folder nowhere",
    ),
    Row(
        "a file taken for a folder",
        ("check", "deck.yaml", *LONG, "--json", "deck.yaml/r.json"),
        message="error: deck.yaml/r.json: cannot write: deck.yaml is not a folder",
    ),
    Row(
        "a name too long",
        ("check", "deck.yaml", *LONG, "--json", LONG_NAME),
        message=f"error: {LONG_NAME}: cannot write: a name in the path is too long (305 bytes; at most 255)",
    ),
    Row(
        "a folder nobody may write",
        ("check", "deck.yaml", *LONG, "--json", "/sys/r.json"),
        message="error: /sys/r.json: cannot write: Permission denied",
    ),
    Row(
        "a replay folder that is a file",
        ("check", "deck.yaml", *LONG, "--replay-dir", "deck.yaml"),
        message="error: --replay-dir: deck.yaml is not a folder",
    ),
    Row(
        "a full disk, after the work",
        ("check", "deck.yaml", *SHORT, "--json", "/dev/full"),
        message="error: /dev/full: cannot write: No space left on device",
        quick=True,
    ),
]


def _workplace(place: Path) -> None:
    shutil.copy(loader.sample_deck_path("knight"), place / "deck.yaml")
    shutil.copy(loader.INVADER_DECKS_DIR / "level-1.yaml", place / "level.yaml")
    shutil.copy(ROOT / "docs" / "examples" / "my-deck" / "my-cards.csv", place / "cards.csv")
    (place / "decklink.html").symlink_to("deck.yaml")
    (place / "folder").mkdir()
    os.mkfifo(place / "pipe")
    deck = loader.load_deck(place / "deck.yaml")
    owned = "".join(f"  - {{card: {e.card}, count: {e.count}}}\n" for e in deck.cards)
    (place / "collection.yaml").write_text(f"name: binder\nowned:\n{owned}", encoding="utf-8")
    from gateruler.games import new_game
    from gateruler.saves import GameOrigin, save_game

    save_game(place / "save.json", new_game(deck, loader.load_level(1), seed=2), GameOrigin(level_number=1))
    (place / "replay.json").write_text('{"format": "gateruler-replay"}\n', encoding="utf-8")
    (place / "real").mkdir()
    (place / "real" / "result.json").write_text("the previous result\n", encoding="utf-8")
    (place / "link.json").symlink_to("real/result.json")


def _kept(ran: Ran, row: Row, place: Path) -> str | None:
    """Refused in one line, and nothing lost: the deck as it was, the FIFO still one, no stray result."""
    if (place / "deck.yaml").read_bytes() != loader.sample_deck_path("knight").read_bytes():
        return "the deck was overwritten"
    if not stat.S_ISFIFO(os.stat(place / "pipe").st_mode) or (place / "r.json").exists():
        return "the FIFO was replaced, or a result written"
    return one_line_refusal(ran, row)


(
    test_an_output_that_cannot_be_written_is_one_line_and_exit_2_before_the_work,
    test_every_refused_output_is_the_same_line_in_process,
) = table_tests(REFUSED, _workplace, _kept)


WRITTEN = [
    Row(
        "standard output into a pipe",
        shell="{gateruler} check deck.yaml " + " ".join(SHORT) + " --json /dev/stdout | cat > from-stdout.txt",
        code=0,
        quick=True,
    ),
    Row("a symbolic link", ("check", "deck.yaml", *SHORT, "--json", "link.json"), code=0, quick=True),
    Row("the null device", ("check", "deck.yaml", *SHORT, "--json", "/dev/null"), code=0),
    Row(
        "a FIFO a program reads",
        shell="cat reader-pipe > from-the-pipe.json & {gateruler} check deck.yaml "
        + " ".join(SHORT)
        + " --json reader-pipe; code=$?; wait; exit $code",
        code=0,
        quick=True,
    ),
]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> tuple[Path, dict]:
    place = tmp_path_factory.mktemp("written")

    def setup(place: Path) -> None:
        _workplace(place)
        os.mkfifo(place / "reader-pipe")

    return place, run_rows(rows_to_start(WRITTEN, request.config), place, setup)


def test_a_symbolic_link_is_written_through_and_stays_a_link(written) -> None:  # noqa: ANN001
    place, results = written
    assert results["a symbolic link"].code == 0, results["a symbolic link"].err
    assert (place / "link.json").is_symlink()
    assert json.loads((place / "real" / "result.json").read_text())["format"] == "gateruler-check"
    assert sorted(os.listdir(place / "real")) == ["result.json"]  # no temporary file left


def test_standard_output_named_as_a_file_is_written_through(written) -> None:  # noqa: ANN001
    place, results = written
    assert results["standard output into a pipe"].code == 0, results["standard output into a pipe"].err
    said = (place / "from-stdout.txt").read_text()
    assert '{\n "format": "gateruler-check"' in said and "Knight sample (knight) - bot greedy" in said


@pytest.mark.slow
def test_a_device_is_written_to_and_never_replaced(written) -> None:  # noqa: ANN001
    _, results = written
    assert results["the null device"].code == 0, results["the null device"].err
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_pipe_a_program_reads_gets_the_result(written) -> None:  # noqa: ANN001
    place, results = written
    assert results["a FIFO a program reads"].code == 0, results["a FIFO a program reads"].err
    assert json.loads((place / "from-the-pipe.json").read_text())["format"] == "gateruler-check"
    assert stat.S_ISFIFO(os.stat(place / "reader-pipe").st_mode)


# ---------------------------------------------------------------------- the layer itself


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(tmp_path: Path, monkeypatch) -> None:  # noqa: ANN001
    target = tmp_path / "result.json"
    target.write_text("the previous result\n")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OutputError) as caught:
        write_output(check_output(target), "the new result\n")
    assert str(caught.value) == f"{target}: cannot write: No space left on device"
    assert target.read_text() == "the previous result\n" and os.listdir(tmp_path) == ["result.json"]


def test_a_name_near_the_longest_still_has_room_for_its_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / ("y" * 250 + ".json")
    write_output(check_output(target), "{}\n")
    assert target.read_text() == "{}\n" and os.listdir(tmp_path) == [target.name]


def test_a_read_only_file_is_not_replaced(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root may write any file")
    target = tmp_path / "kept.json"
    target.write_text("kept\n")
    target.chmod(0o444)
    with pytest.raises(OutputError, match="Permission denied"):
        check_output(target)


def test_saving_at_the_prompt_over_the_deck_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    _workplace(tmp_path)
    row = Row(
        "save over the deck", ("play", "--deck", "deck.yaml", "--seed", "3", "--fast"), stdin="save deck.yaml\nquit\n"
    )
    ran = run_in_process(row, tmp_path)
    assert ran.code == 0, ran.err
    assert "deck.yaml: cannot write the save file: it is the deck this command reads; give another file" in ran.out
    assert (tmp_path / "deck.yaml").read_bytes() == loader.sample_deck_path("knight").read_bytes()
