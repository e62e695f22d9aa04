"""The board in a real terminal: tmux, sized 80x24 and 120x40, running `gateruler play` and `watch` as a player does.

The pilot tests (tests/test_board.py) drive the board inside Textual; these
start the real command in a real terminal (tmux's own server on a socket of
this test run), type at it with send-keys and read the screen with
capture-pane, so they see what a player sees: sizes, the alternate screen
going away when the board closes, what the terminal keeps afterwards.

Skipped, saying why, where tmux is not installed; under CI (.ci/run installs
it) a missing tmux is a failure, so these tests cannot quietly stop running.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from positions import crowded, decision_figures_missing

from gateruler import loader
from gateruler.engine import RULER
from gateruler.games import new_game
from gateruler.play_session import PlaySession
from gateruler.saves import GameOrigin, save_game

TMUX = shutil.which("tmux")
if TMUX is None and os.environ.get("CI"):
    raise RuntimeError("the real-terminal tests must run in CI: install tmux (apt-get install tmux), as .ci/run does")
pytestmark = pytest.mark.skipif(TMUX is None, reason="no tmux here: apt-get install tmux")

GATERULER = "import sys; from gateruler.cli import main; sys.argv[0] = 'gateruler'; main()"
SIZES = [(80, 24), (120, 40)]


class Terminal:
    """One command in a tmux window of a given size; after it ends, the shell says EXIT=<code> and waits."""

    def __init__(self, socket: str, args: list[str], size: tuple[int, int], cwd: Path) -> None:
        self.socket = socket
        self.name = f"t{time.monotonic_ns()}"
        command = shlex.join([sys.executable, "-c", GATERULER, *args]) + "; echo EXIT=$?; sleep 60"
        width, height = size
        self._tmux("new-session", "-d", "-s", self.name, "-x", str(width), "-y", str(height), "-c", str(cwd), command)

    def _tmux(self, *args: str) -> str:
        done = subprocess.run([TMUX, "-L", self.socket, "-f", os.devnull, *args], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def screen(self) -> str:
        return self._tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, text: str, seconds: float = 30) -> str:
        end = time.monotonic() + seconds
        while True:
            screen = self.screen()
            if text in screen:
                time.sleep(0.3)  # let the rest of that frame arrive
                return self.screen()
            if time.monotonic() > end:
                raise AssertionError(f"{text!r} never appeared on the screen:\n{screen}")
            time.sleep(0.2)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self._tmux("send-keys", "-t", self.name, key)
            time.sleep(0.15)

    def close(self) -> None:
        self._tmux("kill-session", "-t", self.name)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator:
    socket = f"gateruler-tests-{os.getpid()}"
    opened: list[Terminal] = []

    def open_terminal(*args: str, size: tuple[int, int] = (80, 24)) -> Terminal:
        opened.append(Terminal(socket, list(args), size, tmp_path))
        return opened[-1]

    yield open_terminal
    for term in opened:
        term.close()
    subprocess.run([TMUX, "-L", socket, "kill-server"], capture_output=True)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_in_a_real_terminal_every_figure_is_on_the_board_and_leaving_says_how_to_go_on(terminal, tmp_path, size):
    game = crowded(6, 1)
    save = tmp_path / "crowded.json"
    save_game(save, game, GameOrigin(level_number=6))
    term = terminal("play", "--load", str(save), size=size)
    screen = term.wait_for("hand (")
    assert decision_figures_missing(screen, game) == [], screen

    term.keys("?")
    help_screen = term.wait_for("The board: keys")
    assert "card NAME" not in help_screen and "log [N]" not in help_screen
    term.keys("Escape")

    term.keys("1", "1")  # a decision since the save
    term.keys("q")
    term.wait_for("quit without saving")
    term.keys("y")
    left = " ".join(term.wait_for("EXIT=0").split())
    assert "You left the game on turn 4." in left
    assert (
        f"Its last save, {save}, is from before your last decisions; resume from there with: gateruler play --load {save}"
        in left
    )
    assert "Play the same game again with: gateruler play --level 6 --seed 1" in left


def test_in_a_real_terminal_the_rifts_turn_is_told_a_line_at_a_time(terminal):
    term = terminal("play", "--seed", "8")
    term.wait_for('Level 1 "Vanguard"')
    term.keys("Enter", "e", "y")  # past the briefing; end the turn
    told = term.wait_for("Enter the rest")  # the footer, while the rift's turn is told
    assert "The rift's turn: " in told and "more lines to tell" in told
    assert "a attack" not in told.splitlines()[-1], "no decision while the rift's turn is told"
    term.keys("Enter")  # the rest of it at once
    after = term.wait_for("Your main phase")
    assert "--- Turn 4: your turn ---" in after and "a attack" in after.splitlines()[-1]


def test_in_a_real_terminal_a_level_file_opens_on_its_briefing_and_the_result_stays_after(terminal, tmp_path):
    text = (Path(loader.INVADER_DECKS_DIR) / "level-1.yaml").read_text()
    level_file = tmp_path / "glass.yaml"
    level_file.write_text(text.replace("\nhp: 15\n", "\nhp: 1\n").replace("name: Vanguard", "name: Glass rift"))
    keys = _keys_to_hit_the_rift_itself(level_file, seed=8)
    term = terminal("play", "--level-file", str(level_file), "--seed", "8")
    briefing = term.wait_for('Level 1 "Glass rift"')
    assert "A small rift squeezed between buildings" in briefing
    term.keys("Enter")
    term.wait_for("Rift next:")
    term.keys(*keys)
    term.wait_for("The game is over: q leaves")
    term.keys("q")
    left = " ".join(term.wait_for("EXIT=0").split())
    assert left.count("You win!") == 1
    assert "You win! It ended on turn 2 (1 of them yours): the rift's damage zone reached its LIFE of 1." in left
    assert 'Summary: win vs level 1 "Glass rift" with Knight sample, seed 8' in left
    assert f"Play the same game again with: gateruler play --level-file {level_file} --seed 8" in left


def _keys_to_hit_the_rift_itself(level_file: Path, seed: int) -> list[str]:
    """The keys that go to the attack phase and attack the rift itself with your ruler, worked out on the same game."""
    deck = loader.load_deck(loader.sample_deck_path("knight"))
    session = PlaySession(new_game(deck, loader.load_level(level_file), seed), GameOrigin())
    session.handle("a")
    number = next(i for i, c in enumerate(session.choices, 1) if c.label.startswith("attack"))
    choice = session.choices[number - 1]
    options = choice.options or ((choice.label, choice.action),)
    target = next(i for i, (_, a) in enumerate(options, 1) if a.target == RULER)
    return ["a", str(number)] + ([str(target)] if choice.options else [])


def test_in_a_real_terminal_watch_shows_its_own_keys(terminal):
    term = terminal("watch", "--seed", "3")
    footer = term.wait_for("p play/pause").splitlines()[-1]
    assert "space step" in footer and "? help" in footer
    for key in ("a attack", "e end turn", "u undo", "s save"):
        assert key not in footer
    term.keys("space", "space", "q")
    assert "Stopped watching on turn" in term.wait_for("EXIT=0")


def test_in_a_real_terminal_ctrl_c_on_the_board_exits_130_as_the_line_mode_does(terminal):
    """Ctrl-C leaves the board (asking first about unsaved changes; a second one leaves) with the interrupt's
    exit code, 130; q leaves with 0."""
    term = terminal("play", "--seed", "8")
    term.wait_for('Level 1 "Vanguard"')
    term.keys("Enter")
    term.wait_for("Rift next:")
    term.keys("1", "1")  # a decision, not saved
    term.keys("C-c")
    term.wait_for("quit without saving")
    term.keys("C-c")
    assert "You left the game on turn" in " ".join(term.wait_for("EXIT=130").split())

    watching = terminal("watch", "--seed", "3")
    watching.wait_for("p play/pause")
    watching.keys("C-c")
    assert "Stopped watching on turn" in watching.wait_for("EXIT=130")
