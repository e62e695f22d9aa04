"""What every bot is, and the loop that lets one play a whole game.

A bot is anything with a `name` and a `choose(view) -> Action`.  It is handed
a `PlayerView`, never the game itself, so no bot can see the deck orders; it
keeps its own random generator so that a bot seed plus a game seed replays
exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gateruler.bots.view import PlayerView, player_view
from gateruler.engine.actions import Action
from gateruler.engine.game import Game
from gateruler.errors import IllegalAction

DEFAULT_ACTION_CAP = 5000  # decisions in one game before the runner calls it broken


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action:
        """One of `view.game.legal_actions()`."""
        ...  # pragma: no cover


class ActionCapExceeded(RuntimeError):
    """A game took more decisions than any real game can (a bot or engine loop)."""


def play_out(
    game: Game,
    bot: Bot,
    *,
    action_cap: int = DEFAULT_ACTION_CAP,
    on_action: Callable[[Action], None] | None = None,
) -> Game:
    """Let `bot` take every decision until the game ends; returns the game.

    A decision with one legal action is taken without asking the bot: nothing
    can depend on it, and games have many of them (a pending single target,
    an empty attack phase).  The bot's choice is checked against the legal
    actions already worked out, so the game need not work them out again."""
    taken = 0
    while game.winner is None:
        actions = game.legal_actions()
        if not actions:
            raise RuntimeError(f"the game is not over but the player has no legal action (turn {game.turn})")
        action = actions[0] if len(actions) == 1 else bot.choose(player_view(game, actions))
        if on_action is not None:
            on_action(action)
        if action not in actions:
            raise IllegalAction(f"illegal action now: {action!r}")  # as Game.apply says it
        game.apply_trusted(action)
        taken += 1
        if taken >= action_cap:
            raise ActionCapExceeded(f"more than {action_cap} player decisions by turn {game.turn}")
    return game
