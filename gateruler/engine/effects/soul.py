"""Soul: cards put under a card on the board (or in a field zone) as its soul.

A card's soul is public; it is spent by the `soul` cost (costs.py), counted
by the filter word `soul` and the condition `self`, and goes to the
graveyard when its card leaves (Game.release_soul).  `Game.put_soul` is the
primitive these effects call.
"""

from __future__ import annotations

from itertools import islice
from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.effects.base import Effect, Victim, effect, unit_still_there
from gateruler.engine.effects.choosing import pick_cards
from gateruler.engine.filters import kept_off_board
from gateruler.engine.registry import PROPERTIES, Choice, param
from gateruler.engine.targets import FIELD_CARD, UNIT

if TYPE_CHECKING:
    from gateruler.engine.frames import Decision, Frame
    from gateruler.engine.gamestate import GameState

SOUL_SOURCES = Choice(
    "soul sources",
    ("deck", "hand", "graveyard", "this_card"),
    {
        "deck": "The top `count` cards of the deck.",
        "hand": "`count` cards of the hand matching `filter`, chosen.",
        "graveyard": "`count` cards of the graveyard matching `filter`, chosen.",
        "this_card": "The card that has the ability itself, from wherever it is (a played event: the graveyard).",
    },
)


def _one_source(effect: AddSoul) -> str | None:
    if effect.filter is not None and effect.source_zone not in ("hand", "graveyard"):
        return f"effect 'add_soul' takes a 'filter' only with 'from: hand' or 'from: graveyard' (not {effect.source_zone!r})"
    if effect.source_zone == "this_card" and effect.count != 1:
        return "effect 'add_soul' with 'from: this_card' puts one card, the card itself: leave out 'count'"
    return None


@effect(
    "add_soul",
    "Put cards under the target (units on the board, or a card in a field zone) as its soul, from the zones of the "
    "side it is on: the top of the deck, chosen cards of the hand or graveyard, or this card itself.",
    targets={UNIT, FIELD_CARD},
    check=_one_source,
)
@attrs.frozen(kw_only=True)
class AddSoul(Effect):
    chooses = True
    source_zone: str = param(SOUL_SOURCES, "Where the soul cards come from.", "hand", key="from")
    count: int = param(int, "How many cards for each target (as many as there are, at most).", 1, default=1, minimum=1)
    filter: Any = param(
        PROPERTIES, "Which hand or graveyard cards may go (default: any).", {"type": "unit"}, default=None
    )

    def _hosts(self, game: GameState, victims: list[Victim]) -> list[tuple[int, int]]:
        """(side, card) of the targets still where they were."""
        out = []
        for side, where, iid in victims:
            if unit_still_there(game, side, where, iid) or (where == "field_zone" and iid in game.sides[side].field):
                out.append((side, iid))
        return out

    def _plan(
        self, game: GameState, frame: Frame, victims: list[Victim]
    ) -> tuple[list[tuple[int, int, list[int]]], Decision | None]:
        """(side, host, cards) for each host, and the next pick still to ask for."""
        plan: list[tuple[int, int, list[int]]] = []
        at = 0
        taken: list[int] = []
        for side, host in self._hosts(game, victims):
            s = game.sides[side]
            if self.source_zone == "deck":
                top = list(islice((iid for iid in reversed(s.deck) if iid not in taken), self.count))
                cards, decision = top, None
            elif self.source_zone == "this_card":
                here = (
                    game.zone_of(frame.side, frame.source) if side == frame.side and frame.source not in taken else None
                )
                cards, decision = ([frame.source] if here is not None and frame.source != host else []), None
            else:
                test = self.filter
                zone = s.hand if self.source_zone == "hand" else s.graveyard
                candidates = [iid for iid in kept_off_board(game, side, test, zone) if iid not in taken]
                cards, at, decision = pick_cards(game, frame, candidates, self.count, at)
            if decision is not None:
                return plan, decision
            taken += cards
            plan.append((side, host, cards))
        return plan, None

    def choose(self, game: GameState, frame: Frame, victims: list[Victim]) -> Decision | None:
        return self._plan(game, frame, victims)[1]

    def resolve(self, game: GameState, frame: Frame, victims: list[Victim]) -> None:
        plan, _ = self._plan(game, frame, victims)
        for side, host, cards in plan:
            for iid in cards:
                zone = game.zone_of(side, iid)
                if zone is not None and game.take_card(side, zone, iid):
                    game.put_soul(side, host, iid, "this_card" if self.source_zone == "this_card" else zone)

    def words(self, who: str) -> str:
        what = {
            "deck": f"the top {self.count} card{'s' if self.count != 1 else ''} of the deck",
            "hand": f"{self.count} card{'s' if self.count != 1 else ''} from the hand",
            "graveyard": f"{self.count} card{'s' if self.count != 1 else ''} from the graveyard",
            "this_card": "this card",
        }[self.source_zone]
        return f"put {what} under {who} as its soul"
