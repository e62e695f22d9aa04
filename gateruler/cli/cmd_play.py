"""`gateruler play`: play a rift level at the terminal, or resume a saved game.

The conversation itself lives in gateruler.play_session; this module only
turns options into a game and hands the session to a face: the full-screen
board (gateruler.board) when stdin and stdout are a terminal, else (or with
--plain) the line mode, which it connects to the terminal (colour, width,
the pace of the rift's turn).  At the end it writes the structured log.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import sys
import time
from pathlib import Path

import click

from gateruler.cardpool import CardPool
from gateruler.cli import main
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.cmd_variants import given_variants, variant_option
from gateruler.cli.options import SEED
from gateruler.engine import Game
from gateruler.errors import GateRulerError
from gateruler.fileio import Input, Output, check_distinct, check_output, write_output
from gateruler.interrupts import EXIT_TERMINATED, Terminated, deferred_interrupts
from gateruler.play_session import Line, PlaySession, run
from gateruler.render import MAX_WIDTH, MIN_WIDTH, wrap
from gateruler.saves import GameOrigin, load_game
from gateruler.story import told_events
from gateruler.streams import is_terminal, read_line

RIFT_LINE_DELAY = 0.4  # seconds per line of the rift's turn at a terminal
LINE_COLOURS = {"rift": "red", "error": "yellow", "result": "green", "menu": "cyan"}


class _OneLineUsage(click.Command):
    """Bad options are user input too: one line and exit 2, like every other input error."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as error:
            raise GateRulerError(f"gateruler {ctx.info_name}: {error.format_message()}") from None


@main.command(cls=_OneLineUsage)
@click.option("--level", type=click.IntRange(1, 6), help="A shipped rift level, 1 to 6 (default 1).")
@click.option("--level-file", type=click.Path(dir_okay=False, exists=True), help="A rift level from a file instead.")
@click.option(
    "--deck", type=click.Path(dir_okay=False, exists=True), help="Your deck file (default: the Knight sample deck)."
)
@click.option(
    "--seed",
    type=SEED,
    help="Fixes the shuffles, so a game can be replayed (default: random, printed).",
)
@click.option(
    "--fast", is_flag=True, help="Tell the rift's turn at once instead of line by line (board and line mode)."
)
@click.option("--load", "load_file", type=click.Path(dir_okay=False), help="Resume a game saved with the save command.")
@click.option(
    "--log", "log_file", type=click.Path(dir_okay=False), help="Write the game's events to this file as JSON Lines."
)
@click.option(
    "--replay",
    "replay_file",
    type=click.Path(dir_okay=False),
    help="Keep a replay of the game in this file (gateruler replay re-runs it).",
)
@click.option("--plain", is_flag=True, help="Play line by line instead of on the full-screen board.")
@click.option(
    "--auto-pass",
    is_flag=True,
    help="Never stop to ask whether to respond in the rift's turn (the auto command or key w turns it off).",
)
@cards_option
@variant_option
def play(
    level: int | None,
    level_file: str | None,
    deck: str | None,
    seed: int | None,
    fast: bool,
    load_file: str | None,
    log_file: str | None,
    replay_file: str | None,
    plain: bool,
    auto_pass: bool,
    card_paths: tuple[str, ...],
    variant_texts: tuple[str, ...],
) -> None:
    """Play a rift level against the scripted rift; you make every decision of your side.

    On a terminal the game opens on a full-screen board (keys: a attack
    phase, e end turn, u undo, s save, w auto-pass, ? help, numbers for
    choices, PgUp/PgDn the story, space/Enter on through the rift's turn);
    --plain, or input or output that is not a terminal, plays line by line:
    choose by number or letter; help, board, log [N], card NAME, undo,
    save FILE, replay FILE, quit.
    """
    inputs = [
        Input(label, path)
        for label, path in (("the deck", deck), ("the level file", level_file), ("the saved game", load_file))
        if path is not None
    ] + [Input("a card file", path) for path in card_paths]
    log_out = None if log_file is None else check_output(log_file, option="--log", what="the log", inputs=inputs)
    replay_out = None
    if replay_file is not None:
        replay_out = check_output(replay_file, option="--replay", what="the replay", inputs=inputs)
    check_distinct({"--log": log_out, "--replay": replay_out})
    if load_file is not None:
        options = (
            ("--level", level),
            ("--level-file", level_file),
            ("--deck", deck),
            ("--seed", seed),
            ("--variant", variant_texts or None),
        )
        given = [name for name, value in options if value is not None]
        if given:
            raise GateRulerError(
                f"gateruler play: --load resumes a saved game, so {', '.join(given)} cannot be given with it"
            )
        game, origin = load_game(load_file, card_pool(card_paths))
        note, story = f"Resumed {load_file} at turn {game.turn}; type log to see what happened before.", False
        board_note = f"Resumed {load_file} at turn {game.turn}: the story so far is above."
    else:
        game, origin, seed = _new_game(
            level, level_file, deck, seed, card_pool(card_paths), given_variants(variant_texts)
        )
        note, story = f"Seed {seed}: replay this game with --seed {seed}.", True
        board_note = note
    session = PlaySession(game, origin, deck_path=origin.deck_file, auto_pass=auto_pass, loaded_from=load_file)
    session.inputs = inputs
    if replay_file is not None:
        for line in session.write_replay(replay_file):
            if line.kind == "error":
                raise GateRulerError(line.text)
    try:
        if not plain and is_terminal(sys.stdin) and is_terminal(sys.stdout):
            from gateruler.board import RIFT_LINE_DELAY, play_on_board

            code = play_on_board(
                session, board_note, rift_pace=0.0 if fast else RIFT_LINE_DELAY, briefing=load_file is None
            )
            width = _width(True)
            for text in session.leaving_lines():  # the board's screen is gone: what the terminal keeps
                click.echo("\n".join(wrap(text, width, hang="    ")))
        else:
            code = _play_lines(session, note, story, fast)
    except Terminated:
        _keep_the_game(session, log_out)
        sys.exit(EXIT_TERMINATED)
    if log_out is not None:
        _write_log(log_out, session.game)
    sys.exit(code)


def _keep_the_game(session: PlaySession, log_out: Output | None) -> None:
    """SIGTERM: the game is saved (when it has changes since the last save) and its log written, then the
    program ends with exit code 143.  Further interrupts wait until both are written."""
    with deferred_interrupts():
        lines: list[str] = []
        if session.unsaved and not session.game.over:
            lines += [line.text for line in session.save(session.quit_save_path)]
        if log_out is not None:
            try:
                _write_log(log_out, session.game)
            except GateRulerError as error:
                lines.append(f"error: {error}")
        for text in ["terminated", *lines]:
            with contextlib.suppress(OSError, ValueError):
                click.echo(text, err=True)


def _play_lines(session: PlaySession, note: str, story: bool, fast: bool) -> int:
    """The line mode: one prompt a decision, output as lines (coloured at a terminal)."""
    interactive = is_terminal(sys.stdout)
    session.width = _width(interactive)
    colour = interactive and not os.environ.get("NO_COLOR")

    def write(line: Line) -> None:
        style = LINE_COLOURS.get(line.kind) if colour else None
        click.echo(click.style(line.text, fg=style) if style else line.text, color=colour)

    def read(prompt: str) -> str:
        text = _read(prompt)
        session.width = _width(interactive)  # the terminal may have been resized meanwhile
        return text

    pause = None if fast or not interactive else (lambda: time.sleep(RIFT_LINE_DELAY))
    return run(
        session,
        read=read,
        write=write,
        pause=pause,
        opening=session.opening(note, story=story),
        eof_asks=is_terminal(sys.stdin),
    )


def _new_game(
    level: int | None,
    level_file: str | None,
    deck: str | None,
    seed: int | None,
    pool: CardPool,
    variants: dict[str, str] | None = None,
) -> tuple[Game, GameOrigin, int]:
    from gateruler import loader
    from gateruler.games import new_game
    from gateruler.variants import readings_for

    if level is not None and level_file is not None:
        raise GateRulerError("gateruler play: give --level or --level-file, not both")
    deck_path = Path(deck) if deck is not None else loader.sample_deck_path("knight")
    player = loader.load_player_deck(deck_path, pool)
    if level_file is not None:
        level_def = loader.load_level(Path(level_file), player.pool)
        origin = GameOrigin(level_file=str(Path(level_file).resolve()), deck_file=str(deck_path.resolve()))
    else:
        level_def = loader.load_level(level or 1)
        origin = GameOrigin(level_number=level or 1, deck_file=str(deck_path.resolve()))
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    return (
        new_game(player.deck, level_def, seed, pool=player.pool, readings=readings_for(level_def, variants or {})),
        origin,
        seed,
    )


def _read(prompt: str) -> str:
    """One typed line (at most MAX_TYPED_CHARS of it kept: the session refuses a longer one)."""
    click.echo(prompt, nl=False)
    try:
        line = read_line(sys.stdin)
    except EOFError:
        click.echo("")
        raise
    if not is_terminal(sys.stdin):
        shown = line.rstrip("\n")
        click.echo(shown if len(shown) <= 200 else shown[:197] + "...")  # a transcript of piped input
    return line


def _width(interactive: bool) -> int:
    """The terminal's width, within what the board can use; 80 for a pipe or a file."""
    if not interactive:
        return 80
    return max(MIN_WIDTH, min(shutil.get_terminal_size((80, 24)).columns, MAX_WIDTH))


def _write_log(target: Output, game: Game) -> None:
    """The log is written once, at the end, in one step: a failed write leaves any previous log as it was."""
    write_output(target, "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in told_events(game)))
