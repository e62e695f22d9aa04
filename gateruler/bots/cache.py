"""Memos keyed by an object's identity, for facts worked out once per game or card.

Definitions (setups, card tuples, cards) are frozen and shared by every copy
of a game, so "the same object" is the right key and is cheaper to look up
than hashing the object's fields.  The memo keeps the object itself to be sure
an id has not been reused, and forgets everything when it grows past a bound,
so a long batch never piles up memos of finished games.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class IdentityMemo(Generic[K, V]):
    __slots__ = ("_items", "_bound")

    def __init__(self, bound: int = 64) -> None:
        self._items: dict[int, tuple[K, V]] = {}
        self._bound = bound

    def get(self, key: K, make: Callable[[K], V]) -> V:
        hit = self._items.get(id(key))
        if hit is not None and hit[0] is key:
            return hit[1]
        if len(self._items) >= self._bound:
            self._items.clear()
        value = make(key)
        self._items[id(key)] = (key, value)
        return value
