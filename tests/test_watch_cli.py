"""`gateruler watch`, `gateruler replay FILE --watch` and `play --replay FILE`, through the command line."""

from __future__ import annotations

import sys

import pexpect
from click.testing import CliRunner

from gateruler.cli import main
from gateruler.replay import read_replay


def run(*args: str, input: str = ""):
    return CliRunner().invoke(main, list(args), input=input)


def test_watch_off_a_terminal_prints_the_bots_game_to_its_end():
    result = run("watch", "--level", "2", "--seed", "3", "--bot", "greedy")
    assert result.exit_code == 0, result.output
    assert "Watching the greedy bot (seed 3)." in result.output
    assert "level 2's start-of-turn rule" in result.output.lower()
    assert result.output.splitlines()[-1].startswith('Summary: loss vs level 2 "Black Knight Army"')


def test_play_replay_writes_a_replay_that_replay_reruns_and_watch_shows(tmp_path):
    path = tmp_path / "game.replay.json"
    played = run("play", "--seed", "5", "--fast", "--replay", str(path), input="1 1\na\n1 1\ne\ny\nquit\ny\n")
    assert played.exit_code == 0, played.output
    replay = read_replay(path)
    assert replay.bot is None and replay.result.outcome == "unfinished" and replay.actions
    rerun = run("replay", str(path))
    assert rerun.exit_code == 0, rerun.output
    assert "ends the same way: still going on turn" in rerun.output
    watched = run("replay", str(path), "--watch")
    assert watched.exit_code == 0, watched.output
    assert watched.output.splitlines()[-1] == "No more recorded actions: the game stops here."


def test_replay_watch_shows_where_an_error_replay_breaks(tmp_path):
    from gateruler import loader
    from gateruler.batch import GameSpec
    from gateruler.replay import record_game, write_replay

    deck = loader.load_deck(loader.sample_deck_path("knight"))
    level = loader.load_level(1)
    pool = loader.load_card_pool()
    spec = GameSpec(deck, loader.load_rulers()[deck.ruler], level, pool, 200, 1, "")
    data = record_game(spec, 11, "greedy", 11)
    data["actions"] = data["actions"][:2] + [{"type": "Attack", "attacker": 0, "target": 3}]  # not legal then
    data["result"] = {"outcome": "error", "turn": 0, "error": "IllegalAction: made up for the test"}
    path = tmp_path / "error.json"
    write_replay(path, data)
    watched = run("replay", str(path), "--watch")
    assert watched.exit_code == 1
    assert watched.output.splitlines()[-1].startswith("The game cannot go on: IllegalAction: illegal action now")


def test_play_opens_the_board_on_a_terminal():
    code = "import sys; from gateruler.cli import main; sys.argv[0] = 'gateruler'; main()"
    child = pexpect.spawn(
        sys.executable, ["-c", code, "play", "--seed", "8"], encoding="utf-8", dimensions=(24, 80), timeout=60
    )
    # timeout: the bound of each expect names a hang only; a loaded machine takes long to draw the first screen
    child.expect('Level 1 "Vanguard"')  # a new game opens on the level's briefing
    child.send("\r")
    child.expect("Rift next:")  # the preview line of the board
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # the board's screen is gone: the terminal keeps where the game stands and how to go on
    left = child.before.replace("\r", "")
    assert "You left the game on turn 2.\nIt was not saved.\n" in left
    assert "Play the same game again with: gateruler play --seed 8\n" in left
