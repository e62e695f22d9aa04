"""Reading rift level files by the table (``LEVEL`` in gateruler/authoring/fields.py); the shipped levels once.

By hand here: a level's own card files (``card_files``, read with the level,
their ids new to the shipped cards), its card list (:mod:`~gateruler.reading.entries`),
a special rule's ``keyword`` (any string: validation checks it against the
card), and where the fields the checks point at were written.  A level is
then checked against the card pool (:func:`gateruler.validation.check_level`).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from gateruler.authoring.fields import LEVEL, SPECIAL_RULE, Field
from gateruler.cardpool import CardPool
from gateruler.errors import GateRulerError
from gateruler.models import FIGURES, CardDef, LevelDef, SourceLocation, SpecialRule
from gateruler.reading.cards import read_card_files_parts, shipped_cards, shipped_groups, shipped_pool
from gateruler.reading.entries import read_entries
from gateruler.reading.sources import INVADER_DECKS_DIR, SHIPPED_LEVELS, card_file_paths, load_yaml_as
from gateruler.reading.tables import Context, Reading, Rules, build, read_object, read_scalar, read_value, structure
from gateruler.validation import check_level
from gateruler.yamlsrc import Fields, LocatedMap, Report

__all__ = ["load_level", "parse_level", "read_level", "read_variants", "shipped_levels"]


def _own_cards(r: Reading, field: Field) -> tuple[CardDef, ...]:
    """The cards of a level's ``card_files``, each path relative to the level file.

    An authored level brings its new cards along, so that validating,
    playing and checking it needs nothing but the level file.  The cards
    join the shipped ones for this level only; an id already shipped (or in
    another of its files) is an error, unless the card says ``replaces: true``
    of a shipped card, which it then corrects for this level (as a player's
    library does everywhere).
    """
    known = {c.id: c for c in shipped_cards()}
    paths = card_file_paths(r.f, field.name, field.item, r.context.path)
    parts = read_card_files_parts(paths, known, shipped_groups(), r.report, replaceable=list(known))
    r.values["own_groups"] = parts.groups  # the attribute and faction names the files add
    return tuple(parts.cards)


def _any_string(r: Reading, field: Field) -> Any:
    """A special rule's keyword: any string here; validation checks it against the card the rule names."""
    return read_scalar(r.f, field, kind=str)


def _special_rule(r: Reading) -> SpecialRule:
    values = r.present()
    kind = values.pop(SPECIAL_RULE.key)
    where = r.f.value_loc("card") if "card" in r.f else r.f.loc
    return SpecialRule(kind, values, where)


def _level(r: Reading) -> LevelDef:
    f = r.f
    locations: dict[str, SourceLocation] = {}
    stated = f.node.get("stated") if f.node is not None else None
    if isinstance(stated, LocatedMap):
        locations.update({f"stated.{k}": stated.value_loc(k) for k in FIGURES})
    locations["cards"] = f.key_loc("cards")
    locations["acknowledged_discrepancies"] = f.value_loc("acknowledged_discrepancies")
    r.values["field_locations"] = locations
    level: LevelDef = build(r)
    return level


_RULES = {
    LEVEL.name: Rules(fields={"cards": read_entries, "card_files": _own_cards}, build=_level),
    SPECIAL_RULE.name: Rules(fields={"keyword": _any_string}, build=_special_rule),
}


def read_level(node: Any, report: Report, path: str = "") -> LevelDef | None:
    """One level file (docs/reference.md, Level file); None when it has errors."""
    level: LevelDef | None = read_object(LEVEL, node, Context(report, path, _RULES), at=SourceLocation(path, 1, 1))
    return level


def read_variants(f: Fields) -> dict[str, str]:
    """The ``variants:`` mapping of the mapping `f` reads, as a level writes it (a scenario has one too)."""
    variants = read_value(Reading(LEVEL, f, Context(f.report)), LEVEL.field("variants"))
    return variants if isinstance(variants, dict) else {}


def parse_level(node: Any, path: str) -> LevelDef:
    """Structure a located level mapping (no pool checks); raises DataErrors."""
    level: LevelDef = structure(read_level, node, path)
    return level


def _level_path(ref: int | str | Path) -> Path:
    if isinstance(ref, bool):
        raise GateRulerError(f"not a level: {ref!r}")
    if isinstance(ref, int):
        if ref not in SHIPPED_LEVELS:
            raise GateRulerError(f"there is no shipped level {ref}: the levels are 1 to 6")
        return INVADER_DECKS_DIR / f"level-{ref}.yaml"
    return Path(ref)


def load_level(ref: int | str | Path, pool: CardPool | None = None) -> LevelDef:
    """A rift level: an int 1..6 is a shipped level, a str or Path a level file.

    Checked against `pool` (default: the shipped cards); errors raise
    DataErrors, warnings (such as acknowledged discrepancies) do not.
    A string of digits that is not an existing file also means a shipped
    level, so that command-line arguments such as "3" work.
    """
    if isinstance(ref, str) and ref.isdigit() and not Path(ref).exists():
        ref = int(ref)
    if pool is None and isinstance(ref, int) and not isinstance(ref, bool):
        return _shipped_level(ref)
    path = _level_path(ref)
    # a shipped level is named by its file, so that a finding in it says where it is
    return _load_level(
        path, pool if pool is not None else shipped_pool(), str(path) if isinstance(ref, int) else str(ref)
    )


@functools.cache
def _shipped_level(number: int) -> LevelDef:
    return _load_level(_level_path(number), shipped_pool(), str(_level_path(number)))


def _load_level(path: Path, pool: CardPool, shown: str) -> LevelDef:
    level: LevelDef = structure(read_level, load_yaml_as(path, shown), shown, lambda level: check_level(level, pool))
    return level


def shipped_levels() -> list[LevelDef]:
    """The six shipped rift levels, in order."""
    return [load_level(n) for n in SHIPPED_LEVELS]
