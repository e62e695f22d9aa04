"""Bots that play the player's side: `random`, `greedy`, `tuned`, `search`, `lookahead`, `learned`,
`focus` and `focus-unwon`.

All share one small interface (`Bot.choose(view) -> Action`), see only a
`PlayerView`, and are made by name with `make_bot`, so the batch runner, the
replays and the CLI never need to know which one they hold.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

from gateruler.bots.base import DEFAULT_ACTION_CAP, ActionCapExceeded, Bot, play_out
from gateruler.bots.greedy import HAND_SET, GreedyBot, greedy_action
from gateruler.bots.random_bot import RandomBot
from gateruler.bots.view import PlayerView, player_view
from gateruler.bots.weights import TUNED_FILE, Weights, WeightsFile, read_weights
from gateruler.errors import GateRulerError

if TYPE_CHECKING:
    from gateruler.bots.learned.model import Model


def _search(seed: int, budget: int | None) -> Bot:
    from gateruler.bots.search import SearchBot

    return SearchBot(seed, budget=budget)


@functools.cache
def tuned_weights() -> WeightsFile:
    """The `tuned` bot's weights (gateruler/data/bots/tuned.yaml), read once per process."""
    return read_weights(TUNED_FILE)


def _tuned(seed: int, budget: int | None) -> Bot:
    return GreedyBot(seed, tuned_weights().weights, name="tuned")


def _focus(seed: int, budget: int | None) -> Bot:
    from gateruler.bots.focus import FocusBot

    return FocusBot(seed, budget)


def _focus_unwon(seed: int, budget: int | None) -> Bot:
    from gateruler.bots.focus import FocusBot

    bot = FocusBot(seed, budget, skip_lost=False)
    bot.name = "focus-unwon"
    return bot


def _lookahead(seed: int, budget: int | None) -> Bot:
    from gateruler.bots.lookahead import LookaheadBot

    return LookaheadBot(seed, budget, tuned_weights().weights)


@functools.cache
def learned_model() -> Model:
    """The `learned` bot's model (gateruler/data/bots/learned.yaml), read once per process."""
    from gateruler.bots.learned import LEARNED_FILE, read_model

    return read_model(LEARNED_FILE)


_BASE_FILES: dict[str, Callable[[], WeightsFile | None]] = {
    "greedy": lambda: None,  # the hand-set weights are code
    "tuned": tuned_weights,
}  # a learned model's `base` (learned/model.py BASES) -> the weights file its greedy policy plays by


def _base_weights(base: str) -> Weights:
    found = _BASE_FILES[base]()
    return HAND_SET if found is None else found.weights


LEARNED_BASES: dict[str, Callable[[], Weights]] = {
    base: functools.partial(_base_weights, base) for base in _BASE_FILES
}  # a learned model's `base` -> the weights its greedy policy plays by (the file's, or the hand-set ones)
_WEIGHTS_FILES: dict[str, Callable[[], WeightsFile | None]] = {
    "tuned": tuned_weights,
    "lookahead": tuned_weights,
    "learned": lambda: _BASE_FILES[learned_model().base](),
}  # the bots whose play may rest on a weights file -> that file


def weights_file(name: str) -> WeightsFile | None:
    """The weights file bot `name` plays by (check's JSON gives its weights), or None for a bot whose
    weights are all code: the tuned bots always, the learned bot when its model's base is tuned."""
    found = _WEIGHTS_FILES.get(name)
    return found() if found is not None else None


def learned_label() -> str:
    """How results name the learned bot's data: its model file and version, and the weights file it
    overrules when its base has one (then its play rests on both)."""
    base = weights_file("learned")
    return learned_model().label + (f" over {base.label}" if base is not None else "")


def _learned(seed: int, budget: int | None) -> Bot:
    from gateruler.bots.learned import LearnedBot

    model = learned_model()
    return LearnedBot(seed, model, LEARNED_BASES[model.base]())


_FACTORIES: dict[str, Callable[[int, int | None], Bot]] = {
    "random": lambda seed, budget: RandomBot(seed),
    "greedy": lambda seed, budget: GreedyBot(seed),
    "tuned": _tuned,
    "search": _search,
    "lookahead": _lookahead,
    "learned": _learned,
    "focus": _focus,
    "focus-unwon": _focus_unwon,
}
BOT_NAMES: tuple[str, ...] = tuple(_FACTORIES)
DEFAULT_BOT = "greedy"  # what `check` plays with unless told otherwise
ROLLOUT_POLICY: dict[str, str] = {
    "search": "greedy",
    "lookahead": "tuned",
    "focus": "greedy",
    "focus-unwon": "greedy",
}  # a bot that searches (takes a budget: rollouts per decision) -> the bot whose policy plays its rollouts
SEARCHING = frozenset(ROLLOUT_POLICY)


def bot_label(name: str, budget: int | None = None) -> str:
    """How a result names the bot behind it: its name, and what else it rests on
    (the search's budget, the tuned bot's weights file and version)."""
    if name == "tuned":
        return f"tuned ({tuned_weights().label})"
    if name == "learned":
        return f"learned ({learned_label()})"
    if name == "lookahead":
        return f"lookahead ({tuned_weights().label}{f', budget {budget}' if budget is not None else ''})"
    if name in SEARCHING and budget is not None:
        return f"{name} (budget {budget})"
    return name


def make_bot(name: str, seed: int, budget: int | None = None) -> Bot:
    """A fresh bot; `budget` is the search bot's rollouts per decision (others ignore it)."""
    factory = _FACTORIES.get(name)
    if factory is None:
        raise GateRulerError(f"unknown bot {name!r}; choose one of {', '.join(BOT_NAMES)}")
    return factory(seed, budget)


__all__ = [
    "ActionCapExceeded",
    "BOT_NAMES",
    "Bot",
    "DEFAULT_BOT",
    "DEFAULT_ACTION_CAP",
    "LEARNED_BASES",
    "ROLLOUT_POLICY",
    "SEARCHING",
    "GreedyBot",
    "PlayerView",
    "RandomBot",
    "bot_label",
    "greedy_action",
    "learned_label",
    "learned_model",
    "make_bot",
    "play_out",
    "player_view",
    "tuned_weights",
    "weights_file",
]
