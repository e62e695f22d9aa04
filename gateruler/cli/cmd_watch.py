"""`gateruler watch`: a bot's game on the board; and `replay FILE --watch`, any replay on the board.

Step by step (space) or at a pace (--pace SECONDS between decisions).  When
stdin or stdout is not a terminal, or with --plain, the game's story is
printed instead, decision by decision.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from gateruler.bots import BOT_NAMES, make_bot
from gateruler.cardpool import CardPool
from gateruler.cli import main
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.cmd_play import _OneLineUsage
from gateruler.cli.cmd_variants import given_variants, variant_option
from gateruler.cli.options import BUDGET, BUDGET_HELP, PACE, SEED
from gateruler.play_session import PRINTED_FACE, Line, PlaySession
from gateruler.render import result_lines, wrap
from gateruler.saves import GameOrigin
from gateruler.streams import is_terminal
from gateruler.watching import Decider, bot_decider, replay_decider


@main.command(cls=_OneLineUsage)
@click.option("--level", type=click.IntRange(1, 6), help="A shipped rift level, 1 to 6 (default 1).")
@click.option("--level-file", type=click.Path(dir_okay=False, exists=True), help="A rift level from a file instead.")
@click.option(
    "--deck",
    type=click.Path(dir_okay=False, exists=True),
    help="The deck the bot plays (default: the Knight sample deck).",
)
@click.option("--seed", type=SEED, default=0, show_default=True, help="The game's seed (the bot's too).")
@click.option("--bot", default="greedy", show_default=True, type=click.Choice(BOT_NAMES), help="Who plays your side.")
@click.option("--budget", type=BUDGET, help=f"{BUDGET_HELP}.")
@click.option(
    "--pace",
    type=PACE,
    help="Seconds between decisions, playing on from the start (p pauses); without it, space steps and p plays on.",
)
@click.option("--plain", is_flag=True, help="Print the game's story instead of showing the board.")
@cards_option
@variant_option
def watch(
    level: int | None,
    level_file: str | None,
    deck: str | None,
    seed: int,
    bot: str,
    budget: int | None,
    pace: float | None,
    plain: bool,
    card_paths: tuple[str, ...],
    variant_texts: tuple[str, ...],
) -> None:
    """Watch a bot play a rift level on the board, step by step or at a pace."""
    from gateruler.cli.cmd_play import _new_game

    game, origin, seed = _new_game(level, level_file, deck, seed, card_pool(card_paths), given_variants(variant_texts))
    decider = bot_decider(make_bot(bot, seed, budget))
    sys.exit(show(PlaySession(game, origin), decider, f"the {bot} bot (seed {seed})", pace, plain))


def watch_replay(
    path: str,
    pace: float | None,
    plain: bool = False,
    pool: CardPool | None = None,
    variants: dict[str, str] | None = None,
) -> int:
    """Show a replay's game: its recorded actions, then (an error replay) its bot until the error."""
    from gateruler.replay import read_replay, spec_from_replay

    replay = read_replay(path)
    spec = spec_from_replay(path, replay, pool, variants)
    bot = None if replay.bot is None else make_bot(replay.bot.name, replay.bot.seed, replay.bot.budget)
    recorded = list(replay.actions)
    level_ref = spec.level_ref
    origin = GameOrigin(
        level_number=level_ref if isinstance(level_ref, int) else None,
        level_file=level_ref if isinstance(level_ref, str) else None,
        deck_file=spec.deck_path or None,
    )
    game = spec.start(replay.seed)
    title = f"the replay {Path(path).name}"
    return show(PlaySession(game, origin), replay_decider(recorded, bot), title, pace, plain)


def show(session: PlaySession, decider: Decider, title: str, pace: float | None, plain: bool) -> int:
    note = f"Watching {title}."
    if not plain and is_terminal(sys.stdin) and is_terminal(sys.stdout):
        from gateruler.board import Watcher, watch_on_board

        code = watch_on_board(session, Watcher(decider, title), pace, note)
        game = session.game
        lines = result_lines(game) if game.over else [f"Stopped watching on turn {game.turn}."]
        for text in lines:  # the board's screen is gone: what the terminal keeps
            click.echo(text)
        return code
    return _print_story(session, decider, note, pace if is_terminal(sys.stdout) else None)


def _print_story(session: PlaySession, decider: Decider, note: str, pace: float | None) -> int:
    """The watched game as lines: the briefing, then each decision's story, then the result or what stopped it."""

    def out(lines: list[Line]) -> None:
        for line in lines:
            if line.kind not in ("board", "menu"):
                click.echo(line.text)

    out(
        [Line("info", t) for text in session.briefing_texts(note, PRINTED_FACE) for t in wrap(text, session.width)]
        + session.story(0)
    )
    while not session.game.over:
        try:
            action = decider(session.game)
            if action is None:
                click.echo("No more recorded actions: the game stops here.")
                return 0
            out(session.watch(action))
        except Exception as error:  # noqa: BLE001 - an engine or bot error is what a replay may be watched for
            click.echo(f"The game cannot go on: {type(error).__name__}: {error}")
            return 1
        if pace:
            time.sleep(pace)
    for text in result_lines(session.game, headline=False):  # the story has just said who won
        click.echo(text)
    return 0
