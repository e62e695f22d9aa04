"""Moving cards between zones: draw, mill, move, destroying set cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.events import Cause
from gateruler.engine.frames import cause_of, log_no_effect
from gateruler.engine.registry import Choice, param
from gateruler.engine.targets import CARD, FIELD_CARD, PLAYER, SET_CARD, UNIT

if TYPE_CHECKING:
    from gateruler.engine.frames import Frame
    from gateruler.engine.gamestate import GameState

MOVE_DESTINATIONS = Choice(
    "move destinations",
    ("deck", "graveyard", "hand"),
    {"hand": "The owner's hand.", "deck": "The top of the owner's deck.", "graveyard": "The owner's graveyard."},
)


@effect("draw", "The target player draws `amount` cards (a ruler with no hand drives them instead).", targets={PLAYER})
@attrs.frozen(kw_only=True)
class Draw(Effect):
    scaled = ("amount",)
    amount: int = param(int, "How many (damage points, cards).", 2, minimum=1)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, _, _ in victims:
            for _ in range(self.amount):
                game.draw(side, cause, frame.source)

    def words(self, who: str) -> str:
        return f"draw {self.amount}" if who == "you" else f"{who} draws {self.amount}"


@effect("mill", "Put the top `amount` cards of the target player's deck into their graveyard.", targets={PLAYER})
@attrs.frozen(kw_only=True)
class Mill(Effect):
    scaled = ("amount",)
    amount: int = param(int, "How many (damage points, cards).", 2, minimum=1)

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, _, _ in victims:
            s = game.sides[side]
            for _ in range(self.amount):
                if not s.deck:
                    break  # milling an empty deck stops without a loss (docs/rulings.md)
                iid = s.deck.pop()
                s.graveyard.append(iid)
                game.log_event(side, "mill", iid, frame.source, cause)

    def words(self, who: str) -> str:
        deck = "your" if who == "you" else "the opponent's"
        return f"put the top {self.amount} cards of {deck} deck into the graveyard"


@effect(
    "move", "Move units on the board to their owner's `to` zone (hand, deck = top of deck, graveyard).", targets={UNIT}
)
@attrs.frozen(kw_only=True)
class Move(Effect):
    to: str = param(MOVE_DESTINATIONS, "Where the units go.", "hand")

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, slot, iid in victims:
            if not unit_still_there(game, side, slot, iid):
                continue
            if self.to == "hand" and not game.has_hand(side):
                # no such zone: the card does not move [CR 15-3a-1]
                log_no_effect(game, frame, Cause.NO_ZONE, side)
                continue
            if game.stays(side, slot, self.to):
                continue
            s = game.sides[side]
            s.board[slot] = None
            if self.to == "hand":
                game.to_hand(side, iid)
            elif self.to == "deck":
                s.deck.append(iid)
            else:
                s.graveyard.append(iid)
            game.log_event(side, "move", iid, self.to, frame.source, cause)
            game.release_soul(side, iid)

    def words(self, who: str) -> str:
        return f"return {who} to its owner's {self.to}"


@effect(
    "remove",
    "Remove the target cards from the game (a zone of their own): units on the board (their soul goes to the graveyard), "
    "set cards, field cards, or cards in other zones (taken from a deck, the deck is shuffled after).",
    targets={UNIT, SET_CARD, FIELD_CARD, CARD},
)
@attrs.frozen(kw_only=True)
class Remove(Effect):
    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        searched: set[int] = set()
        cause = cause_of(game, frame)
        for side, where, iid in victims:
            s = game.sides[side]
            if type(where) is int:
                if not unit_still_there(game, side, where, iid) or game.stays(side, where, "removed"):
                    continue
                s.board[where] = None
                s.removed.append(iid)
                game.log_event(side, "remove", iid, "board", frame.source, cause)
                game.release_soul(side, iid)
            elif game.take_card(side, where, iid):
                s.removed.append(iid)
                game.log_event(side, "remove", iid, where, frame.source, cause)
                if where == "deck":
                    searched.add(side)
        for side in sorted(searched):
            game.shuffle(side)

    def words(self, who: str) -> str:
        return f"remove {who} from the game"


@effect(
    "destroy_set_cards",
    "Destroy the set cards the target finds: every card in a side's set zones (`enemy_set_zones`, `own_set_zones`, "
    "an `all` mapping), or the ones the controller chooses (`{choose: 1, filter: {side: enemy, zone: set_zone}}`).",
    targets={SET_CARD},
)
@attrs.frozen(kw_only=True)
class DestroySetCards(Effect):
    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        cause = cause_of(game, frame)
        for side, _, iid in victims:
            game.destroy_set_card(side, iid, cause, frame.source)

    def words(self, who: str) -> str:
        return f"destroy every card in {who}"
