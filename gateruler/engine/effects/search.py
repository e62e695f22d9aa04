"""Searching the deck and looking at its top cards.

Both are hidden-information moves: a search shows its controller the whole
deck, so the deck is shuffled after it (with the game's one generator); a
look shows the top cards (logged `look`, so the player view knows them), and
the cards put back go to the bottom in the order the controller chooses
(logged `bottom`: their places are known from then on).  What is taken is
revealed (`found`).  The picks, the zones of units put onto the field and
the order are decisions (effects/choosing.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect
from gateruler.engine.effects.choosing import ORDER, pick_cards, plan_zones
from gateruler.engine.filters import kept_off_board
from gateruler.engine.frames import cause_of
from gateruler.engine.registry import PROPERTIES, Choice, param
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.frames import Decision, Frame
    from gateruler.engine.gamestate import GameState

DESTINATIONS = Choice(
    "search destinations",
    ("hand", "field", "graveyard", "drive"),
    {
        "hand": "The hand (a side without one, like the rift, takes nothing).",
        "field": "Onto the field: a unit is special-summoned into a free zone you choose, a field card goes into the field zone "
        "(the rift has none); other cards cannot go.",
        "graveyard": "The graveyard.",
        "drive": "Driven: into the drive zone, played as a driven card of your ruler is (not a special summon): yours in your "
        "main phase from the drive zone, the rift's at once by its rules.",
    },
)
FILTER_DOC = "Which cards may be taken (default: any)."
UP_TO_DOC = (
    'The controller may take fewer, none included, choosing after seeing the cards ("you may put it into your hand"; '
    "a search that fails to find on purpose).  The rift always takes as many as it can."
)
TO_DOC = "Where the cards taken go."


def _can_go(game: GameState, side: int, iid: int, to: str) -> bool:
    if to == "hand":
        return game.has_hand(side)
    if to == "field":
        kind = game.setup.defs[iid].type
        return kind is CardType.UNIT or (kind is CardType.FIELD and game.has_field_zone(side))
    return True


def _takeable(game: GameState, side: int, cards: list[int], test: Any, to: str) -> list[int]:
    kept = kept_off_board(game, side, test, cards)
    if to == "hand":
        return kept if game.has_hand(side) else []
    if to == "field":
        return [iid for iid in kept if _can_go(game, side, iid, to)]
    return kept


def _deliver(game: GameState, frame: Frame, iid: int, to: str, zone: int | None) -> bool:
    """Put the card `iid`, found in the frame's side's deck, where `to` says (`zone` for a unit onto the field)."""
    side = frame.side
    if to == "field" and game.setup.defs[iid].type is CardType.UNIT:
        if zone is None:
            return False
        game.log_event(side, "found", iid, to)
        return game.special_summon(side, iid, zone, "deck")
    if not game.take_card(side, "deck", iid):
        return False
    game.log_event(side, "found", iid, to)
    s = game.sides[side]
    if to == "hand":
        game.to_hand(side, iid)
    elif to == "graveyard":
        s.graveyard.append(iid)
    elif to == "drive":
        game.drive_card(side, iid, cause_of(game, frame), frame.source)
    else:
        game.play_field(side, iid)
    return True


@attrs.frozen(kw_only=True)
class _Taking(Effect):
    """What a search and a look share: which cards they take and where those go."""

    chooses = True
    filter: Any
    to: str
    up_to: bool

    def _place(
        self, game: GameState, frame: Frame, picked: list[int], at: int
    ) -> tuple[list[tuple[int, int | None]], int, Decision | None]:
        """(card, zone) for the picked cards that go (a zone only for units onto the field)."""
        if self.to != "field":
            return [(iid, None) for iid in picked], at, None
        zones, at, decision = plan_zones(game, frame.side, frame, picked, at)
        by_card = dict(zones)
        units = {iid for iid in picked if game.setup.defs[iid].type is CardType.UNIT}
        return [(iid, by_card.get(iid)) for iid in picked if iid not in units or iid in by_card], at, decision


@effect(
    "search",
    "Search your deck for up to `count` cards matching `filter`, reveal them and put them `to` your hand, the field "
    "or the graveyard; then shuffle the deck (also when nothing is found).",
)
@attrs.frozen(kw_only=True)
class Search(_Taking):
    filter: Any = param(PROPERTIES, FILTER_DOC, {"type": "field"}, default=None)
    count: int = param(
        int,
        "How many cards at most (as many as there are, unless `up_to`: a search fails on purpose only then).",
        1,
        default=1,
        minimum=1,
    )
    to: str = param(DESTINATIONS, TO_DOC, "hand", default="hand")
    up_to: bool = param(bool, UP_TO_DOC, True, default=False)

    def _plan(self, game: GameState, frame: Frame) -> tuple[list[tuple[int, int | None]], Decision | None]:
        side = frame.side
        candidates = _takeable(
            game, side, sorted(game.sides[side].deck), self.filter, self.to
        )  # the deck's order is hidden
        picked, at, decision = pick_cards(game, frame, candidates, self.count, 0, fewer=self.up_to)
        if decision is not None:
            return [], decision
        going, at, decision = self._place(game, frame, picked, at)
        return going, decision

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Decision | None:
        return self._plan(game, frame)[1]

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        going, _ = self._plan(game, frame)
        for iid, zone in going:
            _deliver(game, frame, iid, self.to, zone)
        game.shuffle(frame.side)

    def words(self, who: str) -> str:
        return f"search your deck for {self.count} card{'s' if self.count != 1 else ''} and put {'it' if self.count == 1 else 'them'} into your {self.to}"


@effect(
    "look",
    "Look at the top `count` cards of your deck, take up to `take` of them matching `filter` (revealed) `to` your hand, "
    "the field or the graveyard, and put the rest on the bottom of the deck in the order you choose.",
)
@attrs.frozen(kw_only=True)
class Look(_Taking):
    count: int = param(int, "How many cards to look at.", 3, minimum=1)
    take: int = param(
        int,
        "How many of them to take at most (as many as match; 0: only put them on the bottom).",
        1,
        default=1,
        minimum=0,
    )
    filter: Any = param(PROPERTIES, FILTER_DOC, {"attribute": "Beast"}, default=None)
    to: str = param(DESTINATIONS, TO_DOC, "hand", default="hand")
    up_to: bool = param(bool, UP_TO_DOC, True, default=False)

    def _plan(self, game: GameState, frame: Frame) -> tuple[list[tuple[int, int | None]], list[int], Decision | None]:
        """The cards taken (with their zones), the rest in the order chosen so far, and the next decision."""
        side = frame.side
        deck = game.sides[side].deck
        top = deck[::-1][: self.count]  # top first
        takeable = _takeable(game, side, top, self.filter, self.to)
        picked, at, decision = pick_cards(game, frame, takeable, self.take, 0, fewer=self.up_to)
        if decision is not None:
            return [], [], decision
        going, at, decision = self._place(game, frame, picked, at)
        if decision is not None:
            return [], [], decision
        leaving = {iid for iid, _ in going}
        rest = [iid for iid in top if iid not in leaving]
        order, at, decision = pick_cards(game, frame, rest, len(rest), at, purpose=ORDER, kind=ORDER)
        return going, order, decision

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Decision | None:
        if not frame.answers:  # the first time this look runs: the cards are seen
            for iid in game.sides[frame.side].deck[::-1][: self.count]:
                game.log_event(frame.side, "look", iid)
        return self._plan(game, frame)[2]

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        side = frame.side
        going, order, _ = self._plan(game, frame)
        for iid, zone in going:
            _deliver(game, frame, iid, self.to, zone)
        deck = game.sides[side].deck
        for iid in order:
            deck.remove(iid)
        deck[0:0] = order[::-1]  # the last one chosen is the bottom card
        for iid in order:
            game.log_event(side, "bottom", iid)

    def words(self, who: str) -> str:
        return f"look at the top {self.count} cards of your deck, take {self.take}, put the rest on the bottom"
