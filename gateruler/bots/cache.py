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
    __slots__ = ("_items", "_bound", "_last")

    def __init__(self, bound: int = 64) -> None:
        self._items: dict[int, tuple[K, V]] = {}
        self._bound = bound
        self._last: tuple[K, V] | None = None  # the last entry asked for: a game asks for the same one again and again

    def get(self, key: K, make: Callable[[K], V]) -> V:
        last = self._last
        if last is not None and last[0] is key:
            return last[1]
        hit = self._items.get(id(key))
        if hit is None or hit[0] is not key:
            if len(self._items) >= self._bound:
                self._items.clear()
            hit = self._items[id(key)] = (key, make(key))
        self._last = hit
        return hit[1]
