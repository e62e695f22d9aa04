"""Registries: the one list of words of each family, with what each word needs and does.

Card behaviour is data, and every word that data may use (a keyword, a
trigger, an effect, a cost, a condition, a filter property, a target word)
is one entry in its family's `Registry`.  An entry holds the word's name, its
parameters, the code that gives it its meaning and a doc line.  Three readers
share each registry:

* the loader (gateruler/cardtext.py) reads a word's YAML by its parameters,
  so a misspelt key is an error at its file:line:col with "did you mean";
* the generators (gateruler/authoring/) write the JSON Schemas and
  docs/reference.md from the same parameters and doc lines;
* the engine calls the entry's code.

A word's parameters are the fields of an attrs class (its *spec*), each made
with :func:`param`, which records the doc line, an example and the value's
kind for the loader and the schema.  The kinds are plain Python types (int,
str, bool) or the small classes below; :data:`FILTER`, :data:`TARGET`,
:data:`CONDITION` and :data:`COST` refer to whole families, :data:`KEYWORD` to
any registered keyword.

Adding a word is adding an entry (docs/engine.md has the recipe).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Generic, TypeVar

import attrs

W = TypeVar("W")


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The default of a parameter that data must give."""


@attrs.frozen
class Choice:
    """A string from a fixed set (zones, durations, move destinations, sides)."""

    name: str  # the heading the reference lists the values under
    values: tuple[str, ...]
    docs: dict[str, str] = attrs.field(factory=dict, hash=False, eq=False)


@attrs.frozen
class ListOf:
    """A list of values of one kind."""

    item: Any
    min_items: int | None = None


@attrs.frozen
class OneOrMany:
    """One value of a kind, or a list of them (a filter's `zone: hand` or `zone: [hand, graveyard]`)."""

    item: Any


@attrs.frozen
class Comparison:
    """An integer, or bounds ``{min: a, max: b}`` (either or both; inclusive)."""


@attrs.frozen
class Family:
    """A value written in another family's own words: a filter, a target, a condition, a cost."""

    name: str


COMPARISON = Comparison()
KEYWORD = Family("keyword")
FILTER = Family("filter")
PROPERTIES = Family("properties")  # a filter without `side` and `zone`: the word says where to look
TARGET = Family("target")
CONDITION = Family("condition")
COST = Family("cost")


@attrs.frozen
class Param:
    """One parameter of a word, as the loader, the schema and the reference see it."""

    name: str  # the key written in YAML
    attr: str  # the spec's attribute that holds it
    kind: Any
    doc: str
    example: Any
    required: bool
    default: Any = None
    minimum: int | None = None


def param(
    kind: Any, doc: str, example: Any, *, default: Any = REQUIRED, minimum: int | None = None, key: str | None = None
) -> Any:
    """A parameter field of a word's spec class.

    `kind` is what the loader reads (int, str, bool, Choice, ListOf, ...);
    `key` is the YAML key when it differs from the attribute name (`if`, `as`).
    Parameters without a default are required."""
    metadata = {"param": (kind, doc, example, minimum, key)}
    if default is REQUIRED:
        return attrs.field(metadata=metadata, kw_only=True)
    return attrs.field(default=default, metadata=metadata, kw_only=True)


def params_of(spec: type) -> tuple[Param, ...]:
    """The parameters of a spec class, in declaration order (fields without `param` metadata are not data)."""
    out = []
    for field in attrs.fields(spec):
        meta = field.metadata.get("param")
        if meta is None:
            continue
        kind, doc, example, minimum, key = meta
        required = field.default is attrs.NOTHING
        out.append(
            Param(
                key or field.name,
                field.name,
                kind,
                doc,
                example,
                required,
                None if required else field.default,
                minimum,
            )
        )
    return tuple(out)


class Registry(Generic[W]):
    """Name -> entry, in the order the entries were added (the order of the reference)."""

    def __init__(self, family: str) -> None:
        self.family = family
        self._words: dict[str, W] = {}
        # the same dict, read-only by contract: a hot read indexes it without `__getitem__`'s Python call
        self.entries: Mapping[str, W] = self._words

    def add(self, name: str, entry: W) -> W:
        if name in self._words:
            raise ValueError(f"{self.family} word {name!r} is registered twice")
        self._words[name] = entry
        return entry

    def __getitem__(self, name: str) -> W:
        return self._words[name]

    def get(self, name: str) -> W | None:
        return self._words.get(name)

    def __contains__(self, name: object) -> bool:
        return name in self._words

    def __iter__(self) -> Iterator[W]:
        return iter(self._words.values())

    def __len__(self) -> int:
        return len(self._words)

    def names(self) -> tuple[str, ...]:
        return tuple(self._words)
