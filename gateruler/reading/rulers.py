"""Reading ruler files by the table (``RULER`` in gateruler/authoring/fields.py); the shipped rulers once.

A ruler file's nested mappings (``zones``, ``setup``, ``turn_start``,
``deck_rules``) are finished after its last field, so that their unknown keys
are reported last; ruler ids are unique across the shipped files.
"""

from __future__ import annotations

import functools
from typing import Any

from gateruler.authoring.fields import RULER
from gateruler.errors import DataError, DataErrors
from gateruler.models import RulerDef, SourceLocation
from gateruler.reading.sources import RULERS_DIR
from gateruler.reading.tables import Context, Rules, read_object
from gateruler.yamlsrc import Report, load_yaml

__all__ = ["load_rulers", "read_ruler"]

_RULES = {RULER.name: Rules(nested_last=True)}


def read_ruler(node: Any, report: Report, path: str = "") -> RulerDef | None:
    """One ruler file (docs/reference.md, Ruler file); None when it has errors."""
    ruler: RulerDef | None = read_object(RULER, node, Context(report, path, _RULES), at=SourceLocation(path, 1, 1))
    return ruler


@functools.cache
def _shipped_rulers() -> tuple[RulerDef, ...]:
    report = Report()
    rulers: dict[str, RulerDef] = {}
    for path in sorted(RULERS_DIR.glob("*.yaml")):
        try:
            ruler = read_ruler(load_yaml(path), report, str(path))
        except (DataError, DataErrors) as error:
            report.add_exception(error)
            continue
        if ruler is None:
            continue
        if ruler.id in rulers:
            first = rulers[ruler.id].location
            report.error(ruler.location, f"duplicate ruler id {ruler.id!r} (also in {first.path})")
            continue
        rulers[ruler.id] = ruler
    report.raise_errors()
    return tuple(rulers.values())


def load_rulers() -> dict[str, RulerDef]:
    """The shipped rulers (gateruler/data/rulers/*.yaml), keyed by ruler id."""
    return {r.id: r for r in _shipped_rulers()}
