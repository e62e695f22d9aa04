"""JSON Schemas of the data files, so that editors complete and underline as you type.

Draft-07 is used because it is the draft YAML language servers support best.
A schema can only say part of what the loader checks (it cannot see that a
card exists, or that a level's list adds up): it is an editing aid, and
``gateruler validate`` stays the judge.  What it does say, it says exactly:
tests/test_schema.py validates every shipped file against it.
"""

from __future__ import annotations

import enum
import json
import os
from pathlib import Path
from typing import Any

from gateruler.authoring.fields import (
    ABILITY,
    CARD,
    FILES,
    NO_DEFAULT,
    TRIGGER_CARD_TYPES,
    Field,
    FileSpec,
    Keyed,
    Named,
    NamesMap,
    ObjectSpec,
    TargetKind,
    Variants,
    WordChoice,
    Words,
    resolve_named,
)
from gateruler.engine.effects import EFFECTS
from gateruler.engine.registry import Choice, Comparison, ListOf, OneOrMany
from gateruler.engine.targets import RULER_CHOICES
from gateruler.engine.triggers import ATTACK_COST, CONTINUOUS
from gateruler.fileio import check_output, write_output
from gateruler.vocabulary import CardType

DRAFT = "http://json-schema.org/draft-07/schema#"
SCHEMA_DIR = Path(__file__).resolve().parent.parent.parent / "schema"
"""Where the repository keeps the generated schemas (the shipped files point here)."""


def schema_file_name(kind: str) -> str:
    return f"{kind}.schema.json"


def _enum_values(kind: type[enum.Enum]) -> list[str]:
    return [str(m.value) for m in kind]


class _Builder:
    """Turns field specs into schema fragments, collecting nested objects as definitions."""

    def __init__(self) -> None:
        self.definitions: dict[str, Any] = {}

    def ref(self, name: str) -> dict[str, str]:
        return {"$ref": f"#/definitions/{name}"}

    def kind(self, kind: Any) -> dict[str, Any]:
        if kind is int:
            return {"type": "integer"}
        if kind is str:
            return {"type": "string"}
        if kind is bool:
            return {"type": "boolean"}
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            return {"enum": _enum_values(kind)}
        if isinstance(kind, (Choice, WordChoice, Words)):
            return {"enum": list(kind.values)}
        if isinstance(kind, ListOf):
            schema: dict[str, Any] = {"type": "array", "items": self.kind(kind.item)}
            if kind.min_items:
                schema["minItems"] = kind.min_items
            return schema
        if isinstance(kind, OneOrMany):
            item = self.kind(kind.item)
            return {"anyOf": [item, {"type": "array", "items": item, "minItems": 1}]}
        if isinstance(kind, Comparison):
            bound = {"type": "integer"}
            bounds = {
                "type": "object",
                "properties": {"min": bound, "max": bound},
                "minProperties": 1,
                "additionalProperties": False,
            }
            return {"anyOf": [{"type": "integer"}, bounds]}
        if isinstance(kind, TargetKind):
            return self.target(kind)
        if isinstance(kind, NamesMap):
            return {"type": "object", "additionalProperties": {"type": "string"}}
        if isinstance(kind, Named):
            return self.kind(resolve_named(kind))
        if isinstance(kind, (ObjectSpec, Variants, Keyed)):
            if kind.name not in self.definitions:
                self.definitions[kind.name] = {}  # reserved first: a spec met again while building is only referred to
                if isinstance(kind, ObjectSpec):
                    self.definitions[kind.name] = self.object(kind)
                elif isinstance(kind, Variants):
                    self.definitions[kind.name] = self.variants(kind)
                else:
                    self.definitions[kind.name] = self.keyed(kind)
            return self.ref(kind.name)
        raise TypeError(f"no JSON Schema for {kind!r}")

    def target(self, kind: TargetKind) -> dict[str, Any]:
        """A target word, `{choose: N, filter: FILTER}`, `{up_to: N, filter: FILTER}` or `{all: FILTER}` (only a word
        when no mapping names what it takes)."""
        if not kind.mappings:
            return {"enum": list(kind.words)}
        filter_ref = self.kind(Named("filter"))
        chosen = [
            {
                "type": "object",
                "properties": {
                    how: {"type": "integer", "minimum": 1},
                    "filter": filter_ref,
                    "ruler": {
                        "enum": list(RULER_CHOICES.values),
                        "description": "That ruler is one of the choices too.",
                    },
                },
                "required": [how],
                "additionalProperties": False,
            }
            for how in ("choose", "up_to")
        ]
        every = {
            "type": "object",
            "properties": {"all": filter_ref},
            "required": ["all"],
            "additionalProperties": False,
        }
        return {"anyOf": [{"enum": list(kind.words)}, *chosen, every]}

    def keyed(self, spec: Keyed) -> dict[str, Any]:
        """One branch per word: the word's key and its own other keys, nothing else."""
        branches = []
        for case in spec.cases.values():
            branches.append(
                {
                    "description": case.doc,
                    "properties": self.properties(case),
                    "required": [f.name for f in case.fields if f.required],
                    "additionalProperties": False,
                }
            )
        return {"title": spec.title, "description": spec.doc, "type": "object", "anyOf": branches}

    def field(self, field: Field) -> dict[str, Any]:
        schema = dict(self.kind(field.kind))
        if field.minimum is not None:
            schema["minimum"] = field.minimum
        if field.maximum is not None:
            schema["maximum"] = field.maximum
        if field.nonblank:
            schema["items"] = {**schema["items"], "pattern": "\\S"}
        if field.unique:
            schema["uniqueItems"] = True
        if field.nullable:
            if "type" in schema:
                schema["type"] = [schema["type"], "null"]
            else:
                schema = {"anyOf": [schema, {"type": "null"}]}
        if field.min_items is not None:
            schema["minItems"] = field.min_items
        if field.default is not NO_DEFAULT:
            schema["default"] = field.default
        return {"description": field.doc, **schema}

    def properties(self, spec: ObjectSpec) -> dict[str, Any]:
        return {f.name: self.field(f) for f in spec.fields}

    def object(self, spec: ObjectSpec) -> dict[str, Any]:
        schema: dict[str, Any] = {
            "title": spec.title,
            "description": spec.doc,
            "type": "object",
            "properties": self.properties(spec),
            "required": [f.name for f in spec.fields if f.required and f.except_when is None],
            "additionalProperties": False,
        }
        conditions = _conditions(spec) + _extra_conditions(spec)
        if conditions:
            schema["allOf"] = conditions
        return schema

    def variants(self, spec: Variants) -> dict[str, Any]:
        """One `if key == word then exactly that word's keys` branch per word."""
        branches = []
        for word, case in spec.cases.items():
            properties = self.properties(case)
            properties[spec.key] = {"const": word}
            then: dict[str, Any] = {
                "description": case.doc,
                "properties": properties,
                "required": [f.name for f in case.fields if f.required],
                "additionalProperties": False,
            }
            then["allOf"] = _extra_conditions(case)
            if not then["allOf"]:
                del then["allOf"]
            branches.append({"if": {"properties": {spec.key: {"const": word}}, "required": [spec.key]}, "then": then})
        return {
            "title": spec.title,
            "description": spec.doc,
            "type": "object",
            "properties": {spec.key: {"description": f"The {spec.key} word.", "enum": list(spec.words)}},
            "required": [spec.key],
            "allOf": branches,
        }


def _conditions(spec: ObjectSpec) -> list[dict[str, Any]]:
    """Fields that are required (or allowed) for one value of a key and absent (or null) otherwise (units' ATK/HP/STK,
    an event's timing)."""
    by_condition: dict[tuple[str, str], list[str]] = {}
    for field in spec.fields:
        if field.only_when is not None:
            by_condition.setdefault(field.only_when, []).append(field.name)
    allowed: dict[tuple[str, Any], list[str]] = {}
    for field in spec.fields:
        if field.allowed_when is not None:
            allowed.setdefault(field.allowed_when, []).append(field.name)
    excepted: dict[tuple[str, str], list[str]] = {}
    for field in spec.fields:
        if field.except_when is not None:
            excepted.setdefault(field.except_when, []).append(field.name)
    return (
        [
            {
                "if": {"properties": {key: {"const": value}}, "required": [key]},
                "then": {"required": names},
                "else": {"properties": {name: {"type": "null"} for name in names}},
            }
            for (key, value), names in by_condition.items()
        ]
        + [
            {
                "if": {"properties": {key: {"const": value}}, "required": [key]},
                "then": {"not": {"anyOf": [{"required": [name]} for name in names]}},
                "else": {"required": names},
            }
            for (key, value), names in excepted.items()
        ]
        + [
            {
                "if": {"properties": {key: _one_of(value)}, "required": [key]},
                "else": {"properties": {name: {"type": "null"} for name in names}},
            }
            for (key, value), names in allowed.items()
        ]
    )


def _one_of(value: str | tuple[str, ...]) -> dict[str, Any]:
    """A value, or any of several values."""
    return {"enum": list(value)} if isinstance(value, tuple) else {"const": value}


def _extra_conditions(spec: ObjectSpec) -> list[dict[str, Any]]:
    """The loader's cross-field rules that a schema can express, per object."""
    if spec is CARD:
        return _trigger_fits_card_type()
    if spec is ABILITY:
        continuous = [w.name for w in EFFECTS if w.continuous]
        allowed = {"const": continuous[0]} if len(continuous) == 1 else {"enum": continuous}
        return [
            {
                "if": {"properties": {"trigger": {"const": CONTINUOUS}}, "required": ["trigger"]},
                "then": {"properties": {"effects": {"items": {"properties": {"effect": allowed}}}}},
            },
            {
                "if": {"properties": {"trigger": {"const": ATTACK_COST}}, "required": ["trigger"]},
                "then": {"required": ["costs"], "properties": {"costs": {"minItems": 1}}},
            },
        ]
    if spec.name == "effect-modify":
        return [
            {
                "anyOf": [
                    {"required": [stat], "properties": {stat: {"not": {"const": 0}}}} for stat in ("atk", "hp", "stk")
                ]
            }
        ]
    if spec.needs_one_of:
        return [{"anyOf": [{"required": [key]} for key in spec.needs_one_of]}]
    return []


def _trigger_fits_card_type() -> list[dict[str, Any]]:
    branches = []
    for card_type in CardType:
        allowed = [t for t, types in TRIGGER_CARD_TYPES.items() if card_type in types]
        branches.append(
            {
                "if": {"properties": {"type": {"const": card_type.value}}, "required": ["type"]},
                "then": {"properties": {"abilities": {"items": {"properties": {"trigger": {"enum": allowed}}}}}},
            }
        )
    return branches


def json_schema(file: FileSpec) -> dict[str, Any]:
    """The whole JSON Schema of one file kind."""
    builder = _Builder()
    root = builder.object(file.spec)
    schema = {
        "$schema": DRAFT,
        "$id": f"https://gateruler.invalid/schema/{schema_file_name(file.kind)}",
        **root,
        "title": f"Gateruler {file.spec.title.lower()}",
    }
    if builder.definitions:
        schema["definitions"] = dict(sorted(builder.definitions.items()))
    return schema


def json_schemas() -> dict[str, dict[str, Any]]:
    """File name -> schema, for every file kind."""
    return {schema_file_name(f.kind): json_schema(f) for f in FILES}


def render(schema: dict[str, Any]) -> str:
    """The text a schema file holds (stable, so that the committed files can be compared)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_file(path: Path, text: str) -> None:
    """Write `text` in one step, making the folder; a place that cannot be written is one line, not a traceback."""
    target = check_output(path, make_folders=True)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise target.fail(error.strerror or str(error)) from None
    write_output(target, text)


def write_schemas(directory: Path) -> list[Path]:
    """Write every schema into `directory` (made if needed); the paths written."""
    written = []
    for name, schema in json_schemas().items():
        path = directory / name
        write_file(path, render(schema))
        written.append(path)
    return written


def modeline(kind: str, file: Path, schema_dir: Path = SCHEMA_DIR) -> str:
    """The first-line comment that tells a YAML language server which schema `file` follows."""
    relative = os.path.relpath(schema_dir / schema_file_name(kind), Path(os.path.realpath(file)).parent)
    return f"# yaml-language-server: $schema={Path(relative).as_posix()}"
