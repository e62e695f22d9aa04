"""The game's random generator, shared by the search's copies of a game until one of them uses it.

A game holds its one seeded generator (a search or a genesis summon
shuffles a deck with it), so the solver's copies must each have its state.
Copying a Mersenne Twister costs three quarters of a `Game.clone()`, and
almost no position ever draws from it: decks are shuffled once, at set-up.
So the solver clones without the generator and gives each copy a
`SharedRandom`: the generator's state as an immutable snapshot, turned into
a working generator of its own only when the engine first draws from it.

Each state has a *token*, an integer: copies made from one another without
a draw in between share it, and every draw gives a fresh one.  Equal tokens
therefore mean equal generator states, which is what the transposition
table needs (`rng_token`); two equal states reached apart have two tokens,
which only costs a missed transposition.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

_tokens = itertools.count()


class SharedRandom(random.Random):
    """A generator whose state is a snapshot until the engine draws from it (then a generator of its own).

    Only `getstate` and `fork` leave the state as it is; every other method
    of `random.Random` (the engine calls `getrandbits` and `shuffle`)
    makes it live and changes the token."""

    _snapshot: tuple[Any, ...]
    _live: random.Random | None
    token: int

    @classmethod
    def of(cls, state: tuple[Any, ...], token: int | None = None) -> SharedRandom:
        """A generator in `state` (`random.Random.getstate()`), with `token` (default: a fresh one)."""
        rng = random.Random.__new__(cls)  # no seeding: the state is the snapshot's
        rng._snapshot = state
        rng._live = None
        rng.token = next(_tokens) if token is None else token
        return rng

    def fork(self) -> SharedRandom:
        """A copy in the same state, with the same token; neither changes the other."""
        if self._live is None:
            return SharedRandom.of(self._snapshot, self.token)
        return SharedRandom.of(self._live.getstate(), self.token)

    def _use(self) -> random.Random:
        if self._live is None:
            self._live = random.Random.__new__(random.Random)
            self._live.setstate(self._snapshot)
        self.token = next(_tokens)
        return self._live

    # what Random's own methods build on: each draw goes to the live generator
    def getrandbits(self, k: int) -> int:
        return self._use().getrandbits(k)

    def random(self) -> float:
        return self._use().random()

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        self._use().shuffle(x)

    def seed(self, a: Any = None, version: int = 2) -> None:
        # random.Random.__init__ and pickling call it before the snapshot exists
        if getattr(self, "_snapshot", None) is None:
            super().seed(a, version)
            return
        self._use().seed(a, version)

    def getstate(self) -> tuple[Any, ...]:
        return self._snapshot if self._live is None else self._live.getstate()

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._snapshot = state
        self._live = None
        self.token = next(_tokens)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SharedRandom.of, (self.getstate(),))


def shared(rng: random.Random | None) -> random.Random | None:
    """What a copy of a game with `rng` gets: a fork of a shared generator, a snapshot of any other."""
    if rng is None:
        return None
    if isinstance(rng, SharedRandom):
        return rng.fork()
    return SharedRandom.of(rng.getstate())


def rng_token(rng: random.Random | None) -> int | tuple[Any, ...]:
    """The generator's state as a key: its token (-1: none)."""
    if rng is None:
        return -1
    if isinstance(rng, SharedRandom):
        return rng.token
    return rng.getstate()  # a generator the solver did not make: its whole state (dear, and rare)
