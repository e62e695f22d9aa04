"""What a player deck is made of: its curve, its card types, what rests on provisional or on the player's own cards.

`gateruler deck show` prints this beside what is wrong with the deck; the
figures count copies, and an entry that names no known card counts only in
the deck's size.
"""

from __future__ import annotations

from collections import Counter

import attrs

from gateruler.cardpool import CardPool
from gateruler.models import DeckDef
from gateruler.vocabulary import CardType


@attrs.frozen
class DeckSummary:
    size: int  # copies, as listed
    curve: tuple[tuple[int, int], ...]  # (level, copies), by level
    types: tuple[tuple[CardType, int], ...]  # (type, copies), in CardType order, only those present
    provisional: tuple[str, ...]  # ids of cards with provisional data
    provisional_copies: int
    yours: tuple[str, ...]  # ids of cards from the player's own card files
    unknown_copies: int  # copies of entries that name no known card


def summarise(deck: DeckDef, pool: CardPool) -> DeckSummary:
    """The figures of a deck whose entries are resolved to ids (see validation.resolve_deck)."""
    curve: Counter[int] = Counter()
    types: Counter[CardType] = Counter()
    provisional: dict[str, int] = {}
    yours: list[str] = []
    unknown = 0
    for entry in deck.cards:
        card = pool.get(entry.card)
        if card is None:
            unknown += entry.count
            continue
        curve[card.level] += entry.count
        types[card.type] += entry.count
        if card.is_provisional:
            provisional[card.id] = provisional.get(card.id, 0) + entry.count
        if pool.user_card(card.id) is not None and card.id not in yours:
            yours.append(card.id)
    return DeckSummary(
        size=deck.size,
        curve=tuple(sorted(curve.items())),
        types=tuple((t, types[t]) for t in CardType if types[t]),
        provisional=tuple(provisional),
        provisional_copies=sum(provisional.values()),
        yours=tuple(yours),
        unknown_copies=unknown,
    )
