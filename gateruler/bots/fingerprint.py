"""A bot's play fingerprint: a short hash of how a few fixed seeded games go when it plays them.

A gap to the search bot (gateruler/data/bots/gaps.yaml) was measured on
particular games; it is this bot's gap only while those games go as they
went.  A version string does not say that (the rules, the card data and the
bot's own play all change without it), so each measured gap is stored with
the fingerprint of the play it was measured on, and a result shows it as
the bot's only while the fingerprint is the same today (standing.py).

The fingerprint plays the three sample decks against levels 1 to 4, a few
games each on check's seeds (seed 0), with the shipped cards and the
default rule readings, and hashes each game's actions and ending.  So it
changes when a rule, a card's data or the bot changes how any of those
games is played, and not when code is only moved or reworded.  It is a
sample of the measured games (which are 40 per deck and level on five
decks), small enough to play at run time: 48 games of greedy take about
0.2 CPU seconds.

A bot that searches (the reference, search at budget 96, takes about 1.5 s
a game) is fingerprinted through its parts: its policy's fingerprint
(greedy is search's default and playout policy, tuned lookahead's) and one
game per sample deck of the bot itself at a small budget, which plays its
own code.  A change to a search that shows only at larger budgets is not
seen by it (docs/check.md).
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Iterator
from pathlib import Path

from gateruler import loader
from gateruler.batch import bot_seed, game_seed
from gateruler.bots import ROLLOUT_POLICY, make_bot, play_out
from gateruler.engine.actions import action_to_dict
from gateruler.engine.game import Game
from gateruler.games import new_game

DECKS = ("knight", "wizard", "apprentice")  # the sample decks
LEVELS = (1, 2, 3, 4)  # the levels the gaps are measured at
GAMES = 4  # per deck and level, for a bot that does not search
PROBE_BUDGET = 4  # a searching bot's own games are played at this budget: search at 96 is too slow here
PROBE_LEVEL = 3  # ... one game per sample deck at this level
DIGITS = 16


def game_text(game: Game, log: bool = True) -> str:
    """A game's actions and ending (and its log, unless `log` is false), as one canonical text."""
    data: dict[str, object] = {
        "winner": game.winner,
        "end_reason": game.end_reason,
        "turn": game.turn,
        "actions": [action_to_dict(a) for a in game.history],
    }
    if log:
        data["log"] = [list(e) for e in game.log]
    return json.dumps(data, sort_keys=True, default=repr)


def _games(levels: tuple[int, ...], games: int, decks: tuple[Path, ...] = ()) -> Iterator[tuple[Game, int]]:
    """The fingerprint's games, each fresh with its bot seed: check's seeds, shipped cards (and a deck's own
    card files), default readings; on the sample decks unless `decks` names deck files."""
    pool = loader.load_card_pool()
    rulers = loader.load_rulers()
    for path in decks or tuple(loader.sample_deck_path(name) for name in DECKS):
        player = loader.load_player_deck(path, pool, rulers)
        for number in levels:
            level = loader.load_level(number)
            level_pool = player.pool.for_level(level)
            for i in range(games):
                game = new_game(
                    player.deck, level, game_seed(0, number, i), pool=level_pool, ruler=rulers[player.deck.ruler]
                )
                yield game, bot_seed(0, number, i)


def _played(name: str, budget: int | None, levels: tuple[int, ...], games: int, decks: tuple[Path, ...] = ()) -> str:
    digest = hashlib.sha256()
    for game, seed in _games(levels, games, decks):
        play_out(game, make_bot(name, seed, budget))
        digest.update(game_text(game, log=False).encode() + b"\n")
    return digest.hexdigest()


@functools.cache
def play_fingerprint(name: str) -> str:
    """The fingerprint of bot `name`'s play, worked out once per process (about 0.2 CPU s; a searching
    bot's about 0.4 s)."""
    policy = ROLLOUT_POLICY.get(name)
    if policy is None:
        return _played(name, None, LEVELS, GAMES)[:DIGITS]
    probe = _played(name, PROBE_BUDGET, (PROBE_LEVEL,), 1)
    return hashlib.sha256(f"{play_fingerprint(policy)} {probe}".encode()).hexdigest()[:DIGITS]


@functools.cache
def play_fingerprint_on(name: str, decks: tuple[Path, ...]) -> str:
    """The fingerprint of bot `name`'s play on other deck files: the held-out benchmark decks, which the
    wheel does not ship, so a check cannot play them and a change that moves only their games (a rule for
    a card only they hold) leaves play_fingerprint as it was.  The repository's tests compare this one
    with the gaps file's.  A searching bot is fingerprinted here by its policy alone."""
    return _played(ROLLOUT_POLICY.get(name, name), None, LEVELS, GAMES, decks)[:DIGITS]
