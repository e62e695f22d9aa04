"""The game as the player sees it, and sampled guesses at what they cannot see.

A bot must play the player's side with the player's knowledge only.  Rather
than trusting every bot to look away from the decks, the runner hands a bot a
`PlayerView`: the game with the hidden information erased (its public state
shared, never copied: a view cannot be stepped, see `ViewGame`).  In solo
mode the only hidden information is the order of the two decks (every other
card is in a public zone or in the player's own hand, and both decks'
contents follow from the deck lists and the public zones) plus the engine's
random generator and seed, which could be used to reconstruct the shuffles.
The view keeps each deck's unknown part in a canonical order
(sorted instance ids), so two games that differ only in hidden information give
identical views; a bot that wants to look ahead calls `determinise` to sample
one possible order with its own generator.

Cards whose places in a deck the player knows stay where they are: cards
they saw go back on top (a MOVE effect to "deck"), cards looked at on top,
and cards they watched go to the bottom in order (the rest of a look); a
search shuffles the deck, after which nothing of its order is known.
"""

from __future__ import annotations

import random

from gateruler.bots.cache import IdentityMemo
from gateruler.engine import events
from gateruler.engine.actions import INVADER, PLAYER, Action
from gateruler.engine.game import Game, Setup
from gateruler.engine.state import SideState
from gateruler.engine.zones import shuffle_list
from gateruler.errors import IllegalAction

HIDDEN_SEED = -1  # what a view says its game's seed is

_returning_setups: IdentityMemo[Setup, bool] = IdentityMemo()


def _returns(setup: Setup) -> bool:
    """Whether any card of the game can show the player a place in a deck (memoised: every decision of a
    game asks, and a batch's games share one setup).  The setup itself is shown as it is: it holds
    nothing hidden (the seed is the game's, and a view's is `HIDDEN_SEED`)."""
    return _returning_setups.get(setup, _shows_places)


def _shows_deck_order(effect: object) -> bool:
    """Whether the effect (or cost) can show the player where cards are in a deck: a move onto its top, a look,
    cards paid onto its bottom."""
    kind = getattr(effect, "kind", "")
    to = getattr(effect, "to", "")
    return (kind == "move" and to == "deck") or kind == "look" or to == "deck_bottom"


def _shows_places(setup: Setup) -> bool:
    return any(
        _shows_deck_order(part)
        for card in setup.defs
        for ability in card.abilities
        for part in (*ability.effects, *ability.costs)
    )


def _known_ends(game: Game, side: int) -> tuple[int, int]:
    """How many cards at the bottom and at the top of `side`'s deck the player knows the places of.

    Since the deck was last shuffled (a search), the player saw cards put on
    its top (a MOVE to "deck"), cards looked at on its top (a look, while it
    resolves), and cards put on its bottom in an order they watched (the
    rest of a look).  Nothing else puts a card anywhere in a deck but on top
    or at the bottom, and taking from the middle shuffles it, so the known
    cards are a run at each end: the unknown cards are the ones between."""
    on_top: set[int] = set()
    at_bottom: set[int] = set()
    for entry in reversed(game.log):
        if entry.side != side:
            continue
        if isinstance(entry, events.Shuffle):
            break
        if isinstance(entry, (events.Bottom, events.ToBottom)):
            at_bottom.add(entry.card)
        elif isinstance(entry, events.Look) or (isinstance(entry, events.Move) and entry.to == "deck"):
            on_top.add(entry.card)
    deck = game.sides[side].deck
    bottom = 0
    while bottom < len(deck) and deck[bottom] in at_bottom:
        bottom += 1
    top = 0
    while top < len(deck) - bottom and deck[-1 - top] in on_top:
        top += 1
    return bottom, top


class PlayerView:
    """A game with its hidden information erased, for a bot to decide on.

    `game` is safe to read in every way (the decks are in canonical order;
    it has no log and no random generator: to play ahead, `determinise`);
    `unknown[side]` is how many cards of that side's deck have an order the
    player cannot know: the cards just above the `bottom[side]` cards at its
    bottom whose places the player watched (the rest of a look), below any
    known on its top; `legal` is `game.legal_actions()`, worked out once for
    the bot.
    """

    __slots__ = ("game", "unknown", "bottom", "legal")

    def __init__(
        self, game: Game, unknown: tuple[int, int], legal: list[Action] | None = None, bottom: tuple[int, int] = (0, 0)
    ) -> None:
        self.game = game
        self.unknown = unknown
        self.bottom = bottom
        self.legal = game.legal_actions() if legal is None else legal

    def unseen(self, side: int) -> list[int]:
        """The cards of `side` whose place the player does not know (canonical order)."""
        low = self.bottom[side]
        return self.game.sides[side].deck[low : low + self.unknown[side]]

    def determinise(self, rng: random.Random) -> Game:
        """One possible true game: the unknown deck orders sampled with `rng`.

        The result can be played forward (it has its own generator); it shares
        nothing mutable with the view."""
        game = self.game.clone(keep_log=False, keep_rng=False)
        for side in (PLAYER, INVADER):
            n = self.unknown[side]
            if n > 1:
                low = self.bottom[side]
                deck = game.sides[side].deck
                hidden = deck[low : low + n]
                shuffle_list(rng, hidden)  # rng.shuffle(hidden), move for move, at half its cost
                deck[low : low + n] = hidden
        game.rng = random.Random(rng.getrandbits(64))
        return game


class ViewGame(Game):
    """The game a view shows: it reads like a game but cannot be stepped.

    It shares the game's public state (zones, units, tasks) and has its own
    decks, setup, log and no generator, so it costs a few microseconds to
    make instead of a copy of the game.  What it shares is the real game's
    state, so nothing may change it: `apply` refuses (a bot that plays ahead
    calls `PlayerView.determinise`, which copies everything into a real
    `Game`), and it is valid for the decision it was made for only."""

    __slots__ = ()

    def apply(self, action: Action) -> None:
        raise IllegalAction("a player view cannot be played on: determinise it first")

    apply_trusted = apply

    def apply_all(self, actions: object) -> None:
        raise IllegalAction("a player view cannot be played on: determinise it first")


def _side_view(side: SideState, deck: list[int]) -> SideState:
    """`side` with `deck` for its deck and every other zone shared (every slot of
    `SideState` is named: tests/test_bots.py checks none is left out)."""
    view = SideState.__new__(SideState)
    view.deck = deck
    view.hand = side.hand
    view.drive = side.drive
    view.graveyard = side.graveyard
    view.damage_zone = side.damage_zone
    view.set_zones = side.set_zones
    view.field = side.field
    view.removed = side.removed
    view.soul = side.soul
    view.board = side.board
    view.energy = side.energy
    view.energy_ready = side.energy_ready
    view.ruler_rested = side.ruler_rested
    view.summons = side.summons
    view.ruler_tmp_atk = side.ruler_tmp_atk
    view.ruler_tmp_stk = side.ruler_tmp_stk
    view.ruler_atk_mod = side.ruler_atk_mod
    view.ruler_stk_mod = side.ruler_stk_mod
    view.lost = side.lost
    view.shields = side.shields
    view.ruler_gained = side.ruler_gained
    view.face_down = side.face_down
    return view


def _shared_view(game: Game, decks: tuple[list[int], list[int]]) -> ViewGame:
    """A `ViewGame` of `game` with `decks`: no log, no generator and no seed (either would give
    the shuffles away), every other part shared."""
    view = ViewGame.__new__(ViewGame)
    view.setup = game.setup
    view.seed = HIDDEN_SEED
    view.sides = [_side_view(game.sides[PLAYER], decks[PLAYER]), _side_view(game.sides[INVADER], decks[INVADER])]
    view.turn = game.turn
    view.active = game.active
    view.first_player = game.first_player
    view.phase = game.phase
    view.attacks = game.attacks
    view.rng = None
    view.log = []
    view.tasks = game.tasks
    view.pending = game.pending
    view.winner = game.winner
    view.end_reason = game.end_reason
    view.history = game.history
    view.halt_after_turn = game.halt_after_turn
    view.used = game.used
    view.hp_dirty = game.hp_dirty
    return view


_sorted_decks: list[tuple[list[int], list[int]]] = [([], []), ([], [])]  # by side: the last deck seen and it sorted


def _sorted_deck(game: Game, side: int) -> list[int]:
    """`side`'s deck in instance-id order; the same list as last time when the deck is
    unchanged (a deck changes only at a draw or a drive: most decisions see it as it was).
    Views share it, so nothing may change it."""
    deck = game.sides[side].deck
    last, ordered = _sorted_decks[side]
    if deck != last:
        ordered = sorted(deck)
        _sorted_decks[side] = (deck[:], ordered)
    return ordered


def player_view(game: Game, legal: list[Action] | None = None) -> PlayerView:
    """What the player knows of `game` now, as a game a bot may read freely (not step).

    `legal`, when given, must be `game.legal_actions()` (public, and costly to
    work out twice)."""
    if not _returns(game.setup):  # the common case: nothing ever goes back on a deck, so no place in it is known
        ours = _sorted_deck(game, PLAYER)
        rift = _sorted_deck(game, INVADER)
        return PlayerView(_shared_view(game, (ours, rift)), (len(ours), len(rift)), legal)
    view = _shared_view(game, (game.sides[PLAYER].deck[:], game.sides[INVADER].deck[:]))
    unknown = []
    bottoms = []
    for side in (PLAYER, INVADER):
        deck = view.sides[side].deck
        low, top = _known_ends(game, side)
        high = len(deck) - top
        deck[low:high] = sorted(deck[low:high])
        unknown.append(high - low)
        bottoms.append(low)
    return PlayerView(view, (unknown[0], unknown[1]), legal, (bottoms[0], bottoms[1]))
