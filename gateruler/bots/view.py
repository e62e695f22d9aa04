"""The game as the player sees it, and sampled guesses at what they cannot see.

A bot must play the player's side with the player's knowledge only.  Rather
than trusting every bot to look away from the decks, the runner hands a bot a
`PlayerView`: a copy of the game from which the hidden information has been
erased.  In solo mode the only hidden information is the order of the two
decks (every other card is in a public zone or in the player's own hand, and
both decks' contents follow from the deck lists and the public zones) plus the
engine's random generator and seed, which could be used to reconstruct the
shuffles.  The view keeps each deck's unknown part in a canonical order
(sorted instance ids), so two games that differ only in hidden information give
identical views; a bot that wants to look ahead calls `determinise` to sample
one possible order with its own generator.

Cards the player saw go back onto a deck (a MOVE effect to "deck" puts a unit
on top) stay where they are: their positions are known.
"""

from __future__ import annotations

import random

import attrs

from gateruler.bots.cache import IdentityMemo
from gateruler.engine.actions import INVADER, PLAYER, Action
from gateruler.engine.game import Game, Setup

HIDDEN_SEED = -1  # what a view says its game's seed is

_hidden_setups: IdentityMemo[Setup, tuple[Setup, bool]] = IdentityMemo()


def _hidden_setup(setup: Setup) -> tuple[Setup, bool]:
    """The setup without its seed, and whether any card can put a card back on a deck
    (memoised: every decision of a game asks)."""
    return _hidden_setups.get(setup, _hide)


def _hide(setup: Setup) -> tuple[Setup, bool]:
    hidden = setup if setup.seed == HIDDEN_SEED else attrs.evolve(setup, seed=HIDDEN_SEED)
    returns = any(
        effect.kind == "move" and getattr(effect, "to", "") == "deck"
        for card in setup.defs
        for ability in card.abilities
        for effect in ability.effects
    )
    return hidden, returns


def _known_on_top(game: Game, side: int) -> int:
    """How many cards on top of `side`'s deck the player watched being put there.

    Only a MOVE to "deck" puts a card back, always on top, and only public
    cards are moved, so the known cards form the top of the deck."""
    returned = {e[3] for e in game.log if e[1] == "move" and e[4] == "deck"}
    count = 0
    for iid in reversed(game.sides[side].deck):
        if iid not in returned:
            break
        count += 1
    return count


class PlayerView:
    """A game with its hidden information erased, for a bot to decide on.

    `game` is safe to read in every way (the decks are in canonical order;
    it has no log and no random generator: to play ahead, `determinise`);
    `unknown[side]` is how many cards at the bottom of that side's deck have an
    order the player cannot know; `legal` is `game.legal_actions()`, worked
    out once for the bot.
    """

    __slots__ = ("game", "unknown", "legal")

    def __init__(self, game: Game, unknown: tuple[int, int], legal: list[Action] | None = None) -> None:
        self.game = game
        self.unknown = unknown
        self.legal = game.legal_actions() if legal is None else legal

    def unseen(self, side: int) -> list[int]:
        """The cards of `side` whose place the player does not know (canonical order)."""
        return self.game.sides[side].deck[: self.unknown[side]]

    def determinise(self, rng: random.Random) -> Game:
        """One possible true game: the unknown deck orders sampled with `rng`.

        The result can be played forward (it has its own generator); it shares
        nothing mutable with the view."""
        game = self.game.clone(keep_log=False, keep_rng=False)
        for side in (PLAYER, INVADER):
            n = self.unknown[side]
            if n > 1:
                deck = game.sides[side].deck
                hidden = deck[:n]
                rng.shuffle(hidden)
                deck[:n] = hidden
        game.rng = random.Random(rng.getrandbits(64))
        return game


def player_view(game: Game, legal: list[Action] | None = None) -> PlayerView:
    """What the player knows of `game` now, as a game a bot may read freely.

    `legal`, when given, must be `game.legal_actions()` (public, and costly to
    work out twice)."""
    view = game.clone(keep_log=False, keep_rng=False)  # no log, no generator (its state would give the shuffles away)
    view.setup, returns = _hidden_setup(game.setup)
    ours = view.sides[PLAYER].deck
    rift = view.sides[INVADER].deck
    if not returns:  # the common case: nothing ever goes back on a deck, so no place in it is known
        ours.sort()
        rift.sort()
        return PlayerView(view, (len(ours), len(rift)), legal)
    unknown = []
    for side in (PLAYER, INVADER):
        deck = view.sides[side].deck
        n = len(deck) - _known_on_top(game, side)
        deck[:n] = sorted(deck[:n])
        unknown.append(n)
    return PlayerView(view, (unknown[0], unknown[1]), legal)
