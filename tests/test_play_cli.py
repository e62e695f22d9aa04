"""`gateruler play` as a player meets it: whole games, undo, save and load, bad input.

Piped input goes through click's CliRunner (stdin and stdout are not a
terminal there); what only a terminal shows (colour, the pace of the rift's
turn, the prompt as typed) goes through a real pseudo-terminal with pexpect.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path

import pexpect
import pytest
from click.testing import CliRunner, Result

from gateruler import loader
from gateruler.cli import main

PROMPT = r"\[(?:1(?:-\d+)?, )?(0 back, )?(?:a, )?(?:e, )?help\]> "
CONFIRM = r"End the turn anyway\? \[y/N\]> "
CHOICE = re.compile(r"^\s*(\d+|[ae])\) (.*)$")
PREFERENCE = ("attack", "summon", "go to the attack phase", "end the turn")
# enough plain decisions to finish any game: summon or attack with the first choice, move on, say yes
MANY_ONES = "1 1\n1\na\n1 1\n1\ne\ny\n" * 500


def play(*args: str, input: str = "") -> Result:
    return CliRunner().invoke(main, ["play", *args], input=input)


def error_line(result: Result) -> str:
    """The single line a bad input must give, with exit code 2."""
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def one_hp_level(tmp_path: Path) -> Path:
    """Level 1 with LIFE 1: the first hit on the rift wins."""
    text = (Path(loader.INVADER_DECKS_DIR) / "level-1.yaml").read_text()
    path = tmp_path / "glass-rift.yaml"
    path.write_text(re.sub(r"(?m)^hp: \d+$", "hp: 1", text).replace("name: Vanguard", "name: Glass rift"))
    return path


# ---------------------------------------------------------------------- piped input
def test_a_whole_game_from_piped_input_ends_with_the_result_and_writes_the_log(tmp_path):
    log = tmp_path / "game.jsonl"
    result = play("--seed", "5", "--fast", "--log", str(log), input=MANY_ONES)
    assert result.exit_code == 0, result.output
    assert 'Level 1 "Vanguard"' in result.output
    assert "Seed 5: replay this game with --seed 5." in result.output
    summary = [line for line in result.output.splitlines() if line.startswith("Summary: ")]
    assert len(summary) == 1 and 'vs level 1 "Vanguard" with Knight sample, seed 5' in summary[0]
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0] == {"turn": 0, "kind": "setup", "side": "player"}
    assert events[-1]["kind"] == "game_over"
    checks = [e for e in events if e["kind"] == "check"]
    assert checks and all(e["cause"] in e["story"] for e in checks), "every check in the log says whether it counted"
    assert all(e["story"].startswith("Damage check") for e in checks)
    assert all(e["index"] <= e["of"] for e in checks), "each check says its place in its damage check"
    hits = [e for e in events if e["kind"] in ("ruler_damage", "damage_unit", "destroy")]
    assert hits and all(e["reason"] is not None for e in hits), "each damage and destroy says why, as data"
    assert all(e["source"] in ("ruler", None) or isinstance(e["source"], str) for e in hits)
    winner = {"player": "You win!", "invader": "The rift wins.", "draw": "The game is a draw."}[events[-1]["winner"]]
    assert winner in result.output
    assert "\x1b[" not in result.output, "no colour when the output is not a terminal"


def test_without_a_seed_one_is_chosen_printed_and_replays_the_same_game():
    first = play("--fast", input="1\n1\ne\ny\nquit\ny\n")
    seed = re.search(r"Seed (\d+): replay this game with --seed \1\.", first.output).group(1)
    again = play("--fast", "--seed", seed, input="1\n1\ne\ny\nquit\ny\n")
    assert again.output == first.output


def test_a_saved_game_loaded_again_continues_exactly_like_the_unsaved_one(tmp_path):
    save = tmp_path / "game.json"
    whole, resumed = tmp_path / "whole.jsonl", tmp_path / "resumed.jsonl"
    before, after = "1\n1\n1\ne\ny\n", MANY_ONES
    played = play("--seed", "21", "--fast", "--log", str(whole), input=f"{before}save {save}\n{after}")
    assert played.exit_code == 0, played.output
    assert f"Saved to {save}." in " ".join(played.output.split())
    state = json.loads(save.read_text())["game"]
    assert len(state["history"]) >= 2 and state["winner"] is None, "saved in the middle of a game"
    loaded = play("--load", str(save), "--fast", "--log", str(resumed), input=after)
    assert loaded.exit_code == 0, loaded.output
    assert f"Resumed {save} at turn" in " ".join(loaded.output.split())
    assert resumed.read_text() == whole.read_text()
    assert played.output.splitlines()[-1] == loaded.output.splitlines()[-1]


def test_a_game_on_a_level_file_saves_the_file_and_loads_it_again(tmp_path):
    level = one_hp_level(tmp_path)
    save = tmp_path / "game.json"
    saved = play("--level-file", str(level), "--seed", "3", "--fast", input=f"save {save}\nquit\n")
    assert saved.exit_code == 0, saved.output
    assert json.loads(save.read_text())["origin"]["level_file"] == level.name  # beside the save, named so
    loaded = play("--load", str(save), "--fast", input="quit\n")
    assert loaded.exit_code == 0, loaded.output
    assert 'Level 1 "Glass rift": the rift has LIFE 1' in loaded.output


def test_quitting_with_unsaved_changes_asks_first():
    result = play("--seed", "4", "--fast", input="1\n1\nquit\nn\nquit\ny\n")
    assert result.exit_code == 0
    assert result.output.count("Quit without saving? [y/N, s saves to gateruler-autosave.json and quits]> ") == 2
    assert "Not quitting." in result.output
    assert result.output.rstrip().endswith("Left the game without saving.")


def test_input_that_ends_mid_game_exits_1():
    result = play("--seed", "4", "--fast", input="1\n")
    assert result.exit_code == 1
    assert "Input ended before the game did; left without saving." in result.output


# ---------------------------------------------------------------------- bad input
@pytest.mark.parametrize(
    "args, message",
    [
        (["--level", "7"], "error: gateruler play: Invalid value for '--level': 7 is not in the range 1<=x<=6."),
        (["--level", "one"], "error: gateruler play: Invalid value for '--level': 'one' is not a valid integer range."),
        (
            ["--deck", "no-such-deck.yaml"],
            "error: gateruler play: Invalid value for '--deck': File 'no-such-deck.yaml' does not exist.",
        ),
        (
            ["--seed", "3", "--load", "x.json"],
            "error: gateruler play: --load resumes a saved game, so --seed cannot be given with it",
        ),
        (
            ["--variant", "unit_damage=clears", "--load", "x.json"],
            "error: gateruler play: --load resumes a saved game, so --variant cannot be given with it",
        ),
        (
            ["--log", "no-such-folder/game.jsonl"],
            "error: no-such-folder/game.jsonl: cannot write the log: there is no folder no-such-folder",
        ),
        (["--load", "no-such-save.json"], "error: no-such-save.json: no such save file"),
        (["--colour"], "error: gateruler play: No such option '--colour'. Did you mean '--log'?"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args, message, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert error_line(play(*args)) == message


def test_both_a_level_and_a_level_file_is_an_error(tmp_path):
    level = one_hp_level(tmp_path)
    assert (
        error_line(play("--level", "2", "--level-file", str(level)))
        == "error: gateruler play: give --level or --level-file, not both"
    )


def test_a_bad_deck_file_names_the_file_and_line(tmp_path):
    deck = tmp_path / "deck.yaml"
    deck.write_text("name: Broken\nruler: knight\ncards:\n  - {card: NO-SUCH-CARD, count: 50}\n")
    line = error_line(play("--deck", str(deck), "--fast"))
    assert line.startswith(f"{deck}:4:")
    assert "NO-SUCH-CARD" in line


def test_a_bad_save_file_is_one_line_naming_the_file(tmp_path):
    save = tmp_path / "broken.json"
    save.write_text('{"format": "gateruler-save", "version": 1, "game": ')
    assert error_line(play("--load", str(save))) == f"{save}:1:51: the save file is cut short"


# ---------------------------------------------------------------------- at a terminal
# Each expect waits for its text, not for a time: the bound only names a hang. With 20 s these tests were
# seen to time out on a loaded 2-core machine, where the interpreter and the card data load slowly.
EXPECT_TIMEOUT = 60


def spawn(*args: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    code = "import sys; from gateruler.cli import main; sys.argv[0] = 'gateruler'; main()"
    return pexpect.spawn(
        sys.executable,
        ["-c", code, "play", "--plain", *args],
        encoding="utf-8",
        dimensions=(24, 80),
        timeout=EXPECT_TIMEOUT,
        env=env,
    )


def terminal_env(**changes: str) -> dict[str, str]:
    import os

    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm", **changes)
    return env


def choose(child: pexpect.spawn) -> None:
    """Answer one prompt the way a plain player would: attack, else summon, else move on."""
    options = [CHOICE.match(line.strip("\r")) for line in child.before.splitlines()]
    labels = {m.group(1): m.group(2) for m in options if m}
    if child.match.group(1):  # a second question: where, or whom
        child.sendline("1")
        return
    for word in PREFERENCE:
        for key in labels:
            if labels[key].startswith(word):
                child.sendline(key)
                return
    child.sendline("1")  # a target choice


def test_a_whole_game_at_a_terminal(tmp_path):
    child = spawn("--seed", "8", "--fast", "--log", str(tmp_path / "g.jsonl"), env=terminal_env(NO_COLOR="1"))
    for _ in range(1000):
        seen = child.expect([PROMPT, "Summary: .*\r\n", CONFIRM])
        if seen == 1:
            break
        if seen == 2:
            child.sendline("y")
            continue
        choose(child)
    summary = child.match.group(0)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Knight sample, seed 8" in summary
    assert "\x1b[" not in summary
    events = [json.loads(line) for line in (tmp_path / "g.jsonl").read_text().splitlines()]
    assert events[-1]["kind"] == "game_over"
    assert any(e["kind"] == "attack" and e["side"] == "player" for e in events), "the player attacked"


def test_undo_save_quit_and_load_at_a_terminal(tmp_path):
    save = tmp_path / "mid.json"
    child = spawn("--seed", "1", "--fast", env=terminal_env())
    child.expect("Your main phase: what will you do?")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"to which zone\?")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(r"You summoned (.+?) to your left attack zone\.")
    summoned = child.match.group(1)
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(f"Undone: summon {re.escape(summoned)}")
    child.expect(PROMPT)
    child.sendline("1 2")
    child.expect(f"You summoned {re.escape(summoned)} to your defense zone\\.")
    child.expect(PROMPT)
    child.sendline(f"save {save}")
    child.expect("Saved to")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect("Left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = spawn("--load", str(save), "--fast", env=terminal_env(NO_COLOR="1"))
    child.expect(PROMPT)
    child.sendline("board")
    child.expect(r"-- left attack -+ -- defense -+ -- right attack -+\r\n  \(empty\) +(\S+(?: \S+)*)  +\(empty\)\r\n")
    assert summoned.startswith(child.match.group(1)), "the summon that was kept stands in the defense zone"
    child.expect(PROMPT)
    child.sendline("bogus")
    child.expect("'bogus' is neither a choice nor a command.")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_ctrl_c_asks_before_losing_changes_and_a_second_one_leaves():
    child = spawn("--seed", "1", "--fast", env=terminal_env(NO_COLOR="1"))
    child.expect("Your main phase")
    child.expect(PROMPT)
    child.sendline("1 1")
    child.expect("You summoned")
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"You have unsaved changes \(s saves them to gateruler-autosave\.json\)\.")
    child.expect(r"Quit without saving\? \[y/N, s saves to gateruler-autosave\.json and quits\]> ")
    child.sendintr()
    child.expect("Left the game without saving.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130  # left by Ctrl-C: the exit code of every command stopped by Ctrl-C


def test_the_board_widens_with_the_terminal():
    child = spawn("--seed", "1", "--fast", env=terminal_env(NO_COLOR="1"))
    child.expect(PROMPT)
    assert re.search(r"-- left attack -{10} -- defense", child.before)
    child.setwinsize(40, 110)
    child.sendline("board")
    child.expect(r"-- left attack -{20,} -- defense")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_colour_at_a_terminal_unless_no_color_is_set():
    child = spawn("--seed", "2", "--fast", env=terminal_env())
    child.expect(PROMPT)
    assert "\x1b[" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child = spawn("--seed", "2", "--fast", env=terminal_env(NO_COLOR="1"))
    child.expect(PROMPT)
    assert "\x1b[" not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_the_rifts_turn_is_told_line_by_line_at_a_terminal_and_at_once_with_fast():
    from gateruler.cli.cmd_play import RIFT_LINE_DELAY

    lines = 3
    timings = {}
    for mode in ("paced", "fast"):
        child = spawn("--seed", "2", *(["--fast"] if mode == "fast" else []), env=terminal_env(NO_COLOR="1"))
        child.expect("--- Turn 1: the rift's turn ---\r\n")
        started = time.monotonic()
        for _ in range(lines):
            child.expect("\r\n")
        timings[mode] = time.monotonic() - started
        child.terminate(force=True)
    assert timings["paced"] >= 0.8 * RIFT_LINE_DELAY * lines
    assert timings["fast"] < RIFT_LINE_DELAY


# ---------------------------------------------------------------------- the line mode's fixes, at a terminal
def test_letters_for_phases_one_line_targets_and_one_target_order_at_a_terminal():
    child = spawn("--level", "6", "--seed", "1", "--fast", env=terminal_env(NO_COLOR="1"))
    child.expect(r"  5\) play Flame Bolt")
    child.expect(r"  a\) go to the attack phase\r\n  e\) end the turn\r\n")
    child.expect(PROMPT)
    child.sendline("5")
    child.expect(
        r"  1\) the rift's devourer in its left attack zone\r\n"
        r"  2\) the rift's omen moth in its defense zone\r\n"
        r"  3\) the rift's blue titan in its right attack zone\r\n"
    )
    child.expect(PROMPT)
    child.sendline("undo")
    child.expect(PROMPT)
    child.sendline("5 2")
    child.expect(r"The rift's omen moth takes 3 damage from Flame Bolt \(3 in all\)\.")
    child.expect(PROMPT)
    child.sendline("a")
    child.expect(r"Attack phase\.")
    child.expect(r"1\) attack with your ruler")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(
        r"  1\) the rift's devourer in its left attack zone\r\n"
        r"  2\) the rift's omen moth in its defense zone\r\n"
        r"  3\) the rift's blue titan in its right attack zone\r\n"
    )
    child.expect(PROMPT)
    child.sendline("0")
    child.expect(PROMPT)
    child.sendline("e")
    child.expect(r"Your ruler can still attack\.\r\n")
    child.expect(CONFIRM)
    child.sendline("n")
    child.expect("The turn goes on.")
    child.terminate(force=True)


def test_ctrl_d_asks_like_quit_and_can_save_first(tmp_path):
    code = "import sys; from gateruler.cli import main; sys.argv[0] = 'gateruler'; main()"
    child = pexpect.spawn(
        sys.executable,
        ["-c", code, "play", "--plain", "--seed", "1", "--fast"],
        encoding="utf-8",
        dimensions=(24, 80),
        timeout=EXPECT_TIMEOUT,
        env=terminal_env(NO_COLOR="1"),
        cwd=str(tmp_path),
    )
    child.expect(PROMPT)
    child.sendline("1 1")
    child.expect("You summoned")
    child.expect(PROMPT)
    child.sendeof()
    child.expect(r"Quit without saving\? \[y/N, s saves to gateruler-autosave\.json and quits\]> ")
    child.sendline("s")
    child.expect("Left the game.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert json.loads((tmp_path / "gateruler-autosave.json").read_text())["format"] == "gateruler-save"


def test_help_card_log_and_the_board_wrap_to_a_narrow_terminal():
    child = spawn("--level", "2", "--seed", "3", "--fast", env=terminal_env(NO_COLOR="1"))
    child.setwinsize(24, 60)
    child.expect(PROMPT)
    shown = []
    for command in ("help", "card end", "log 20", "board"):
        child.sendline(command)
        child.expect(PROMPT)
        shown += child.before.splitlines()[1:]  # the echoed command first
    child.terminate(force=True)
    too_long = [line for line in shown if len(line.rstrip("\r")) > 60]
    assert too_long == []
    assert any("Level 2's rule" in line for line in shown), "card end names the rule that changed the rift's End"


# ---------------------------------------------------------------------- wide names, briefings
def _starts(line: str) -> list[int]:
    """The display columns at which the cells of a board line start (cells are apart by two spaces or more)."""
    from rich.cells import cell_len

    return [cell_len(line[: m.start()]) for m in re.finditer(r"(?:(?<=^)|(?<=\s{2}))\S", line)]


def test_the_line_modes_columns_line_up_by_display_width_with_japanese_names(tmp_path):
    from japanese import NAMES, japanese_deck
    from rich.cells import cell_len

    result = play("--deck", str(japanese_deck(tmp_path)), "--seed", "2", "--fast", input="1 1\nquit\ny\n")
    assert result.exit_code == 0, result.output
    boards = result.output.split("THE RIFT")
    board = boards[2].split("what will you do?")[0].splitlines()  # after summoning a Japanese-named unit
    titles = next(line for line in board if "-- left attack" in line)
    columns = [cell_len(titles[: m.start()]) for m in re.finditer(r"-- (?=[a-z])", titles)]
    assert len(columns) == 3
    rows = [line for line in board if any(name in line for name in NAMES)]
    assert len(rows) >= 2, "a Japanese-named unit on the table, and another in the hand"
    for line in rows + [line for line in board if re.search(r" L\d\b", line) and "hand" not in line]:
        assert set(_starts(line)) <= set(columns), f"{line!r} is out of the columns {columns}"


def test_a_level_files_briefing_is_told_before_the_first_turn(tmp_path):
    level = one_hp_level(tmp_path)
    result = play("--level-file", str(level), "--seed", "8", "--fast", input="quit\ny\n")
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())
    briefing = " ".join(loader.load_level(1).briefing.split())  # the level file is level 1's, renamed
    assert briefing in words
    assert words.index(briefing) < words.index("--- Turn 1: the rift's turn ---")


def test_a_shipped_levels_briefing_is_told_too():
    result = play("--level", "5", "--seed", "1", "--fast", input="quit\ny\n")
    assert " ".join(loader.load_level(5).briefing.split()) in " ".join(result.output.split())


def test_the_readmes_replay_example_keeps_a_replay_and_shows_it_again(tmp_path: Path) -> None:
    """README's "Watch a bot play" lines, run as written: the file the second names is the one the first writes."""
    import shlex
    import subprocess

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    lines = [line.split("  #")[0].strip() for line in readme.splitlines() if "my-game.replay.json" in line]
    keep, show = (shlex.split(line) for line in lines[:2])
    assert keep[:2] == ["gateruler", "play"] and show[:2] == ["gateruler", "replay"]
    program = [sys.executable, "-m", "gateruler"]
    subprocess.run(
        [*program, *keep[1:], "--plain"],
        cwd=tmp_path,
        input="quit\n",
        text=True,
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert (tmp_path / show[2]).is_file()
    shown = subprocess.run(
        [*program, *show[1:]], cwd=tmp_path, text=True, capture_output=True, timeout=120, check=False
    )
    assert shown.returncode == 0, shown.stderr
    assert "No more recorded actions: the game stops here." in shown.stdout
