"""Reading a player's collection file by the table (``COLLECTION`` in gateruler/authoring/fields.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gateruler.authoring.fields import COLLECTION
from gateruler.cardpool import CardPool
from gateruler.models import CollectionDef, SourceLocation
from gateruler.reading.cards import shipped_pool
from gateruler.reading.entries import read_entries
from gateruler.reading.tables import Context, Rules, read_object
from gateruler.validation import resolve_collection
from gateruler.yamlsrc import Report, load_yaml

__all__ = ["load_collection", "read_collection"]

_RULES = {COLLECTION.name: Rules(fields={"owned": read_entries})}


def read_collection(node: Any, report: Report, path: str = "") -> CollectionDef | None:
    """One collection file (docs/reference.md, Collection file), without checks against the pool."""
    collection: CollectionDef | None = read_object(
        COLLECTION, node, Context(report, path, _RULES), at=SourceLocation(path, 1, 1)
    )
    return collection


def load_collection(path: str | Path, pool: CardPool | None = None) -> CollectionDef:
    """A player's collection file, its entries (ids or names, as in a deck) resolved to ids and checked
    against `pool`; raises DataErrors."""
    pool = pool if pool is not None else shipped_pool()
    report = Report()
    collection = read_collection(load_yaml(path), report, str(path))
    if collection is not None:
        collection, findings = resolve_collection(collection, pool)
        report.extend(findings)
    report.raise_errors()
    assert collection is not None
    return collection
