"""Who decides when a person watches a game: a bot, or the actions of a replay.

Kept apart from the board (which only shows the game) and from the CLI (which
only reads options), so that `watch` and `replay --watch` make exactly the
decisions `check` and `replay` make: a decision with one legal action is
taken without asking the bot, as `play_out` does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gateruler.bots import player_view
from gateruler.bots.base import Bot
from gateruler.engine import Action, Game

Decider = Callable[[Game], "Action | None"]


def bot_decider(bot: Bot) -> Decider:
    """The bot's next action, as play_out would ask for it."""

    def decide(game: Game) -> Action | None:
        if game.over:
            return None
        actions = game.legal_actions()
        if not actions:
            raise RuntimeError(f"the game is not over but the player has no legal action (turn {game.turn})")
        return actions[0] if len(actions) == 1 else bot.choose(player_view(game, actions))

    return decide


def replay_decider(recorded: Sequence[Action], bot: Bot | None) -> Decider:
    """The recorded actions in order; after them the replay's bot, if it names one (an error replay's crash
    happens there), else nothing more."""
    taken = 0
    ask_bot = bot_decider(bot) if bot is not None else None

    def decide(game: Game) -> Action | None:
        nonlocal taken
        if taken < len(recorded):
            taken += 1
            return recorded[taken - 1]
        return ask_bot(game) if ask_bot is not None else None

    return decide
