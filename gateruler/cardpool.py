"""The set of card definitions a game may use, looked up by card number."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator

from gateruler.models import CardDef, LevelDef


class CardPool:
    """An id -> CardDef mapping that can suggest the id someone meant."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self._cards: dict[str, CardDef] = {}
        for card in cards:
            self._cards[card.id] = card

    def add(self, card: CardDef) -> None:
        self._cards[card.id] = card

    def with_cards(self, cards: Iterable[CardDef]) -> "CardPool":
        """A new pool: this one plus `cards` (which win on a clash of ids)."""
        pool = CardPool(self._cards.values())
        for card in cards:
            pool.add(card)
        return pool

    def for_level(self, level: LevelDef) -> "CardPool":
        """The pool a game of `level` sees: this one plus the cards of the level's own card files."""
        return self.with_cards(level.own_cards) if level.own_cards else self

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def get(self, card_id: str) -> CardDef | None:
        return self._cards.get(card_id)

    def __contains__(self, card_id: object) -> bool:
        return card_id in self._cards

    def __iter__(self) -> Iterator[CardDef]:
        return iter(self._cards.values())

    def __len__(self) -> int:
        return len(self._cards)

    def suggest(self, card_id: str) -> str | None:
        """The closest known id, for 'did you mean' messages."""
        close = difflib.get_close_matches(card_id, list(self._cards), n=1, cutoff=0.6)
        return close[0] if close else None
