"""Reading the JSON files we wrote and get back (saves, replays, check results) as typed, checked values.

A JSON file comes back from the user's disk, so it is input like any other:
it may be cut short, edited, from a newer gateruler, or made to hurt.  Here
it is read in two steps, each failure a one-line error naming the file and,
wherever the text allows, the line and column (``file:line:col: message``):

1. :func:`load_json` reads the text within the bounds of
   :mod:`gateruler.limits` (file size, nesting, integer digits; no NaN or
   Infinity), so that nothing past them is ever built;
2. :func:`structure` turns the parsed data into attrs classes with
   :data:`converter`, a cattrs converter whose every hook is strict: an
   integer is an int and never a bool, a float or a numeric string; a string
   is a str; a list is a list; a mapping has exactly the fields of its class.
   Numbers with a range are typed with the :func:`bounded` types below
   (:data:`Seed`, :data:`Budget`, ...), so a class says its bounds in its
   annotations.

cattrs does the walking and the collecting of errors with their paths; this
module only says what is allowed and turns the first error into a located
line.  Readers of new JSON files should do the same: declare attrs classes
with these types and call ``structure(load_json(path, "what"), TheClass)``.
"""

from __future__ import annotations

import json
import re
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, NewType, TypeVar

import attrs
import cattrs
from cattrs.cols import is_mapping, is_sequence, list_structure_factory, mapping_structure_factory
from cattrs.errors import ClassValidationError, ForbiddenExtraKeysError, IterableValidationError
from cattrs.gen import make_dict_structure_fn

from gateruler.engine.actions import Action
from gateruler.errors import DataError, GateRulerError
from gateruler.limits import (
    MAX_BUDGET,
    MAX_CEILING_BUDGET,
    MAX_DECK_CARDS,
    MAX_INTEGER_DIGITS,
    MAX_JSON_BYTES,
    MAX_NESTING,
    MAX_NUMBER,
    MAX_SEED,
    MAX_TURNS,
    MAX_WORKERS,
)
from gateruler.yamlsrc import LONE_SURROGATE, NOT_TEXT, decode_text, read_bytes

T = TypeVar("T")


class FileError(GateRulerError):
    """A file that cannot be used, where no line can be named: ``file: message``."""

    def __init__(self, path: str | Path, message: str) -> None:
        self.path = str(path)
        self.message = message
        super().__init__(f"{path}: {message}")


@attrs.frozen
class JsonDoc:
    """Parsed JSON with the text it came from, so that later errors can name a line."""

    path: str
    text: str
    data: Any


# ------------------------------------------------------------------ reading the text


class _TooLarge(ValueError):
    def __init__(self, digits: str) -> None:
        super().__init__(digits)
        self.digits = digits


def _bounded_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise _TooLarge(digits)
    return int(digits)


def _no_constant(name: str) -> Any:
    raise ValueError(name)


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members; a name given twice is refused (json.loads would keep the last silently)."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return found


def load_json(path: str | Path, what: str, max_bytes: int = MAX_JSON_BYTES) -> JsonDoc:
    """The parsed JSON of a file of at most `max_bytes`; `what` names the file kind in messages ("save file")."""
    shown = str(path)
    try:
        raw = read_bytes(path, max_bytes)
    except DataError as error:
        message = f"no such {what}" if error.message == "no such file" else error.message
        raise FileError(shown, message) from None
    text = decode_text(raw, shown)
    if not text.strip():
        raise FileError(shown, f"the {what} is empty")
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_constant=_no_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as error:
        body = text.rstrip()
        if body.lstrip()[:1] in "{[" and body[-1:] not in "}]":
            line, column = position(text, len(body))
            raise DataError(shown, line, column, f"the {what} is cut short") from None
        raise DataError(shown, error.lineno, error.colno, f"not valid JSON: {error.msg}") from None
    except _TooLarge as error:
        line, column = position(text, max(text.find(error.digits), 0))
        raise DataError(
            shown,
            line,
            column,
            f"an integer of {len(error.digits)} digits is too large (at most {MAX_INTEGER_DIGITS} digits)",
        ) from None
    except _Duplicate as error:
        at = _duplicate_at(text, error.key)
        line, column = position(text, at)
        raise DataError(shown, line, column, f"the name {_preview(error.key)} is given twice in one object") from None
    except ValueError as error:  # NaN, Infinity
        line, column = position(text, max(text.find(str(error)), 0))
        raise DataError(shown, line, column, f"not valid JSON: {error} is not a JSON number") from None
    except RecursionError:
        data = None  # nested far too deep: located below
    too_deep, not_text = (True, None) if data is None else _walk(data)
    deep_at = _too_deep_at(text) if too_deep else None
    if deep_at is not None:
        line, column = position(text, deep_at)
        raise DataError(
            shown, line, column, f"lists and objects nested more than {MAX_NESTING} deep (see docs/limits.md)"
        )
    if not_text is not None:
        line, column = position(text, _surrogate_at(text))
        raise DataError(
            shown,
            line,
            column,
            NOT_TEXT,
        )
    return JsonDoc(shown, text, data)


def _walk(data: Any) -> tuple[bool, str | None]:
    """(nested past MAX_NESTING, the first string that is not text: a lone UTF-16 surrogate), in one walk."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if LONE_SURROGATE.search(value):
                return False, value
        elif isinstance(value, (list, dict)):
            if depth > MAX_NESTING:
                return True, None
            if isinstance(value, dict):
                stack.extend((key, depth) for key in value)
                stack.extend((item, depth + 1) for item in value.values())
            else:
                stack.extend((item, depth + 1) for item in value)
    return False, None


def _surrogate_at(text: str) -> int:
    """Where the first escape of a lone surrogate is (0 when it cannot be found)."""
    previous_high = -2
    for match in re.finditer(r"\\u([dD][89a-fA-F][0-9a-fA-F]{2})", text):
        high = match.group(1)[1].lower() in "89ab"
        if high:
            after = text[match.end() : match.end() + 6]
            if not re.fullmatch(r"\\u[dD][c-fC-F][0-9a-fA-F]{2}", after):
                return match.start()
            previous_high = match.end()
        elif match.start() != previous_high:
            return match.start()
    return 0


def _duplicate_at(text: str, key: str) -> int:
    """Where an object first names `key` a second time (0 when it cannot be found)."""
    stack: list[tuple[str, set[str], bool]] = []  # (kind, names seen, expecting a name)
    for match in _TOKEN.finditer(text):
        token = match.group()
        if stack and stack[-1][0] == "{" and stack[-1][2] and token.startswith('"'):
            try:
                name = json.loads(token)
            except ValueError:
                return 0
            if name == key and name in stack[-1][1]:
                return match.start()
            stack[-1][1].add(name)
            stack[-1] = (stack[-1][0], stack[-1][1], False)
        elif token == ",":
            if stack and stack[-1][0] == "{":
                stack[-1] = ("{", stack[-1][1], True)
        elif token in "[{":
            stack.append((token, set(), token == "{"))
        elif token in "]}" and stack:
            stack.pop()
    return 0


_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]|[^\s\[\]{}:,"]+')


def _too_deep_at(text: str) -> int | None:
    depth = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_NESTING:
                return match.start()
        elif token in "]}":
            depth -= 1
    return None


def position(text: str, at: int) -> tuple[int, int]:
    """1-based line and column of character `at` of `text`."""
    return text.count("\n", 0, at) + 1, at - (text.rfind("\n", 0, at) + 1) + 1


def locate(text: str, path: tuple[str | int, ...]) -> tuple[int, int] | None:
    """Line and column where the value at `path` (keys and list indices) starts in JSON `text`.

    None when it cannot be found (the text is not the JSON the path was made from)."""
    stack: list[list[Any]] = []  # [container kind, current key or index, expecting a key]
    want = list(path)
    for match in _TOKEN.finditer(text):
        token = match.group()
        if stack and stack[-1][0] == "{" and stack[-1][2]:
            if token.startswith('"'):
                try:
                    stack[-1][1] = json.loads(token)
                except ValueError:
                    return None
                stack[-1][2] = False
                if [frame[1] for frame in stack] == want:
                    return position(text, match.start())
                continue
        if token == ":":
            continue
        if token == ",":
            if stack:
                if stack[-1][0] == "[":
                    stack[-1][1] += 1
                else:
                    stack[-1][2] = True
            continue
        if token in "]}":
            if stack:
                stack.pop()
            continue
        if [frame[1] for frame in stack] == want:  # a value starts here
            return position(text, match.start())
        if token == "{":
            stack.append(["{", None, True])
        elif token == "[":
            stack.append(["[", 0, False])
    return None


# ------------------------------------------------------------------ the strict converter

converter = cattrs.Converter(detailed_validation=True, forbid_extra_keys=True)
"""Structures checked JSON data into attrs classes; every hook refuses what its type does not say."""

_KIND_WORDS = {
    bool: "true or false",
    int: "an integer",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def kind_of(value: Any) -> str:
    """How a JSON value is named in a message: 'a string', 'null', ..."""
    if value is None:
        return "null"
    for kind in (bool, int, float, str, list, dict):
        if isinstance(value, kind):
            return _KIND_WORDS[kind]
    return type(value).__name__


def _expect(value: Any, kind: type, words: str | None = None) -> Any:
    if isinstance(value, kind) and not (kind is not bool and isinstance(value, bool)):
        return value
    if kind is float and isinstance(value, int) and not isinstance(value, bool):
        return float(value)
    raise TypeError(f"must be {words or _KIND_WORDS[kind]}, not {kind_of(value)}")


for _kind in (bool, int, float, str):
    converter.register_structure_hook(_kind, lambda value, _type, kind=_kind: _expect(value, kind))


def _strict(factory: Callable[[Any, cattrs.Converter], Any], json_kind: type) -> Callable[..., Any]:
    """A hook factory whose hooks check the JSON kind (a list, an object) before cattrs reads the items: given
    a string where an object belongs, cattrs' own hook raised an AttributeError."""

    def make(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
        inner = factory(type_, conv)

        def hook(value: Any, kind: Any) -> Any:
            return inner(_expect(value, json_kind), kind)

        return hook

    return make


converter.register_structure_hook_factory(is_sequence, _strict(list_structure_factory, list))
converter.register_structure_hook_factory(is_mapping, _strict(mapping_structure_factory, dict))


def _is_fixed_tuple(kind: Any) -> bool:
    args = typing.get_args(kind)
    return typing.get_origin(kind) is tuple and bool(args) and args[-1] is not Ellipsis


def _fixed_tuple(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    """A JSON list of exactly as many items as the tuple has types."""
    kinds = typing.get_args(type_)

    def hook(value: Any, _kind: Any) -> tuple:
        _expect(value, list, f"a list of {len(kinds)} items")
        if len(value) != len(kinds):
            raise ValueError(f"must be a list of {len(kinds)} items, not {len(value)}")
        errors = []
        items = []
        for index, (item, kind) in enumerate(zip(value, kinds)):
            try:
                items.append(conv.structure(item, kind))
            except Exception as error:  # noqa: BLE001 - collected with their index, as cattrs does
                error.__notes__ = [
                    *getattr(error, "__notes__", []),
                    cattrs.errors.IterableValidationNote(f"item {index}", index, kind),
                ]
                errors.append(error)
        if errors:
            raise IterableValidationError("While structuring a tuple", errors, type_)
        return tuple(items)

    return hook


converter.register_structure_hook_factory(_is_fixed_tuple, _fixed_tuple)


def _is_literal(kind: Any) -> bool:
    return typing.get_origin(kind) is Literal


def _literal(type_: Any, _conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    allowed = typing.get_args(type_)
    words = " or ".join(json.dumps(a) for a in allowed)

    def hook(value: Any, _kind: Any) -> Any:
        if any(value == a and type(value) is type(a) for a in allowed):
            return value
        raise ValueError(f"must be {words}, not {_preview(value)}")

    return hook


converter.register_structure_hook_factory(_is_literal, _literal)


def _mapping_class(type_: Any, conv: cattrs.Converter) -> Callable[[Any, Any], Any]:
    inner = make_dict_structure_fn(type_, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True)

    def hook(value: Any, kind: Any) -> Any:
        return inner(_expect(value, dict), kind)

    return hook


converter.register_structure_hook_factory(attrs.has, _mapping_class)

_BOUNDS: dict[Any, tuple[int, int, str]] = {}


def bound(kind: Any, low: int, high: int, *, documented: bool = False) -> None:
    """Make `kind` (a NewType of int) a type whose values must lie in low..high; the converter checks it.

    `documented`: the bound is one of docs/limits.md, and messages say so."""
    _BOUNDS[kind] = (low, high, " (see docs/limits.md)" if documented else "")


def bounded(name: str, low: int, high: int, *, documented: bool = False) -> Any:
    """A new bounded int type (see `bound`), made at run time: to the type checker it is `Any`, so a
    module that wants the checker to see an int declares its NewType itself and calls `bound`."""
    kind = NewType(name, int)  # type: ignore[misc]  # named by the caller, so not a literal: the checker cannot follow it
    bound(kind, low, high, documented=documented)
    return kind


def _bounded_hook(type_: Any, _conv: cattrs.Converter) -> Callable[[Any, Any], int]:
    low, high, hint = _BOUNDS[type_]

    def hook(value: Any, _kind: Any) -> int:
        number = _expect(value, int)
        if not low <= number <= high:
            raise ValueError(f"must be {low:,} to {high:,}, not {_preview(number)}{hint}")
        return number

    return hook


converter.register_structure_hook_factory(lambda kind: kind in _BOUNDS, _bounded_hook)

Seed = bounded("Seed", 0, MAX_SEED, documented=True)
Budget = bounded("Budget", 1, MAX_BUDGET, documented=True)
CeilingBudget = bounded("CeilingBudget", 1, MAX_CEILING_BUDGET, documented=True)
MaxTurns = bounded("MaxTurns", 1, MAX_TURNS, documented=True)
Turn = bounded("Turn", 0, 2 * MAX_TURNS + 2, documented=True)  # both sides' turns are counted
CardCount = bounded("CardCount", 1, MAX_DECK_CARDS, documented=True)
GameCount = bounded("GameCount", 0, 2**62)
Workers = bounded("Workers", 1, MAX_WORKERS, documented=True)
Quantity = bounded("Quantity", -(2**31), 2**31)  # a number in a game state: damage, energy, modifiers
LevelNumber = bounded("LevelNumber", 1, MAX_NUMBER)
Side = bounded("Side", 0, 1)
Slot = bounded("Slot", 0, 3)  # a board zone (0-2) or the ruler (3)


def _is_action(kind: Any) -> bool:
    return kind is Action


_ACTION_CLASSES = {cls.__name__: cls for cls in typing.get_args(Action)}


def _action(value: Any, _kind: Any) -> Any:
    """A player action, ``{"type": "Summon", "card": 3, "slot": 0}``: its type names one of the engine's action classes."""
    fields = dict(_expect(value, dict))
    kind = fields.pop("type", None)
    if not isinstance(kind, str) or kind not in _ACTION_CLASSES:
        raise ValueError(f"unknown action type {_preview(kind)} (the types are: {', '.join(_ACTION_CLASSES)})")
    return converter.structure(fields, _ACTION_CLASSES[kind])


converter.register_structure_hook_func(_is_action, _action)


# ------------------------------------------------------------------ errors, located


def _preview(value: Any) -> str:
    text = json.dumps(value)[:43] if isinstance(value, (str, int, float, bool, type(None))) else kind_of(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _first_error(error: BaseException, path: tuple[str | int, ...] = ()) -> tuple[tuple[str | int, ...], str]:
    """The path and message of the first leaf of a cattrs error tree."""
    if isinstance(error, ForbiddenExtraKeysError):
        extra = sorted(error.extra_fields)[0]
        known = ", ".join(f.name for f in attrs.fields(error.cl)) if attrs.has(error.cl) else ""
        return (*path, extra), "unknown field" + (f" (the fields are: {known})" if known else "")
    if isinstance(error, (ClassValidationError, IterableValidationError)):
        for sub in error.exceptions:
            step: tuple[str | int, ...] = ()
            for note in getattr(sub, "__notes__", []):
                if isinstance(note, cattrs.errors.AttributeValidationNote):
                    step = (note.name,)
                elif isinstance(note, cattrs.errors.IterableValidationNote):
                    step = (note.index,)
            if isinstance(sub, KeyError):
                return path, f"missing field {_preview(sub.args[0])}"
            return _first_error(sub, path + step)
    message = str(error).splitlines()[0] if str(error) else type(error).__name__
    return path, message if len(message) <= 120 else message[:117] + "..."


def dotted(path: tuple[str | int, ...]) -> str:
    """A path as people read it: game.sides[0].hand[3]."""
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text


def error_at(doc: JsonDoc, path: tuple[str | int, ...], message: str) -> GateRulerError:
    """A one-line error about the value at `path`: located when the text shows where it is."""
    where = dotted(path)
    text = f"{where}: {message}" if where else message
    found = locate(doc.text, path) if path else None
    if found is None:
        return FileError(doc.path, text)
    return DataError(doc.path, found[0], found[1], text)


def structure(doc: JsonDoc, kind: type[T], at: tuple[str | int, ...] = (), conv: cattrs.Converter = converter) -> T:
    """The value of `doc` (or of its part at `at`) as `kind`; the first problem is a located one-line error."""
    data = doc.data
    for depth, step in enumerate(at):
        if isinstance(data, dict) and step in data:
            data = data[step]
        elif isinstance(data, list) and isinstance(step, int) and -len(data) <= step < len(data):
            data = data[step]
        else:
            raise error_at(
                doc, at[:depth], f"missing field {_preview(step)}" if isinstance(step, str) else f"no item {step}"
            )
    try:
        return conv.structure(data, kind)
    except (ClassValidationError, IterableValidationError, ForbiddenExtraKeysError, TypeError, ValueError) as error:
        path, message = _first_error(error, at)
        raise error_at(doc, path, message) from None
