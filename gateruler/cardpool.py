"""The set of card definitions a game may use, looked up by card number or by name.

A pool is the shipped cards plus, when a player brings their own, the cards
of their card files (:mod:`gateruler.library`).  It remembers which cards
came from those files, as written, so that results (check output, replays,
saves) can say which card data they rest on and carry the player's cards
along: a replay made with a player's cards re-runs on another machine.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import attrs

from gateruler.models import NO_GROUPS, CardDef, Groups, LevelDef


@attrs.frozen
class LibraryFile:
    """A player's card file a pool read, for the record in results."""

    path: str  # absolute
    sha256: str  # of the file's bytes, as read
    cards: tuple[str, ...]  # the ids it defines, in file order
    replaces: tuple[str, ...] = ()  # those of them that replace a shipped card

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.path, "sha256": self.sha256, "cards": list(self.cards), "replaces": list(self.replaces)}


@attrs.frozen
class UserCard:
    """A card from a player's card file: its definition as written (plain data) and what it replaced."""

    card: CardDef
    definition: dict[str, Any] = attrs.field(eq=False, hash=False)
    replaced: CardDef | None = None  # the shipped card it corrects (`replaces: true`)


def normalise(text: str) -> str:
    """A name as deck entries match it: case and runs of spaces do not count."""
    return " ".join(text.split()).casefold()


def short_name(name: str) -> str:
    """The part of a name before its first comma: 'Honoikazuchi' of 'Honoikazuchi, prototype ...'."""
    return name.split(",", 1)[0].strip()


def names_of(card: CardDef) -> tuple[str, ...]:
    """Every name of a card: the working name, then the other languages'."""
    return (card.name, *(n for n in card.names.values() if n))


class CardPool:
    """An id -> CardDef mapping that finds cards by any of their names and suggests the one meant."""

    def __init__(
        self,
        cards: Iterable[CardDef] = (),
        *,
        user: Mapping[str, UserCard] | None = None,
        files: Iterable[LibraryFile] = (),
        groups: Groups = NO_GROUPS,
    ) -> None:
        self._cards: dict[str, CardDef] = {}
        for card in cards:
            self._cards[card.id] = card
        self._user: dict[str, UserCard] = dict(user or {})
        self._files: tuple[LibraryFile, ...] = tuple(files)
        self._index: dict[str, list[str]] | None = None
        self.groups = groups  # the attributes' and factions' names (models.Groups): shipped, then the card files'
        self.user_groups = NO_GROUPS  # those of them a player's card files added, as a replay or save carries them

    def add(self, card: CardDef) -> None:
        self._cards[card.id] = card
        self._user.pop(card.id, None)
        self._index = None

    def remove(self, card_id: str) -> None:
        self._cards.pop(card_id, None)
        self._user.pop(card_id, None)
        self._index = None

    def with_cards(self, cards: Iterable[CardDef]) -> CardPool:
        """A new pool: this one plus `cards` (which win on a clash of ids)."""
        pool = self.copy()
        for card in cards:
            pool.add(card)
        return pool

    def with_user_cards(self, cards: Iterable[UserCard], files: Iterable[LibraryFile] = ()) -> CardPool:
        """A new pool: this one plus a player's cards (which win on a clash of ids) and the files they came from."""
        pool = self.copy()
        for user_card in cards:
            pool.add(user_card.card)
            pool._user[user_card.card.id] = user_card
        pool._files += tuple(f for f in files if f.path not in {g.path for g in pool._files})
        return pool

    def copy(self) -> CardPool:
        pool = CardPool(self._cards.values(), user=self._user, files=self._files, groups=self.groups)
        pool.user_groups = self.user_groups
        return pool

    def with_groups(self, groups: Groups, *, user: bool = False) -> CardPool:
        """A new pool: this one plus the attribute and faction entries of `groups` (`user`: a player's)."""
        if not groups.attributes and not groups.factions:
            return self
        pool = self.copy()
        pool.groups = self.groups.with_entries(groups.attributes, groups.factions)
        if user:
            pool.user_groups = self.user_groups.with_entries(groups.attributes, groups.factions)
        return pool

    def for_level(self, level: LevelDef) -> CardPool:
        """The pool a game of `level` sees: this one plus the cards (and names) of the level's own card files."""
        pool = self.with_cards(level.own_cards) if level.own_cards else self
        return pool.with_groups(level.own_groups)

    # -- the player's cards

    @property
    def library_files(self) -> tuple[LibraryFile, ...]:
        """The player's card files this pool read, in the order read."""
        return self._files

    def user_card(self, card_id: str) -> UserCard | None:
        """How a card came from a player's card file, or None for a shipped (or level) card."""
        return self._user.get(card_id)

    def user_cards(self, ids: Iterable[str] | None = None) -> list[UserCard]:
        """The player's cards among `ids` (all of them when None), by id."""
        wanted = self._user.keys() if ids is None else set(ids) & self._user.keys()
        return [self._user[i] for i in sorted(wanted)]

    # -- look-ups

    def __getitem__(self, card_id: str) -> CardDef:
        return self._cards[card_id]

    def definitions(self, card_ids: Iterable[str]) -> tuple[CardDef, ...]:
        """The definitions of `card_ids`, in order (a KeyError for an unknown one): a new game's deck, without a
        Python call per card."""
        return tuple(map(self._cards.__getitem__, card_ids))

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

    def _keys(self) -> dict[str, list[str]]:
        """normalised id, name or short name -> the ids of the cards it names (built once)."""
        if self._index is None:
            index: dict[str, list[str]] = {}
            for card in self._cards.values():
                keys = {normalise(card.id)}
                for name in names_of(card):
                    keys |= {normalise(name), normalise(short_name(name))}
                for key in keys - {""}:
                    index.setdefault(key, []).append(card.id)
            self._index = index
        return self._index

    def find(self, text: str) -> list[CardDef]:
        """The cards `text` names: an exact id; else an id, name or short name, ignoring case.

        More than one card means the name is ambiguous; none, that it is unknown.
        """
        if text in self._cards:
            return [self._cards[text]]
        key = normalise(text)
        by_id = [c for c in self._cards.values() if normalise(c.id) == key]
        if by_id:
            return by_id
        return sorted((self._cards[i] for i in self._keys().get(key, ())), key=lambda c: c.id)

    def close_to(self, text: str) -> tuple[str, list[CardDef]]:
        """The id, name or short name (normalised) closest to `text`, and the cards it names; ("", []) if none is close."""
        keys = self._keys()
        close = difflib.get_close_matches(normalise(text), list(keys), n=1, cutoff=0.6)
        if not close:
            return "", []
        return close[0], sorted((self._cards[i] for i in keys[close[0]]), key=lambda c: c.id)
