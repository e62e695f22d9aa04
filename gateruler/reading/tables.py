"""Reading a data file's mappings by their field tables (gateruler/authoring/fields.py).

The table says, for every key of every mapping, what it holds: its kind,
whether it is required, its bounds, and the model attribute it fills.
:func:`read_object` reads one mapping by it through
:class:`~gateruler.yamlsrc.Fields`, which checks types and bounds, reports
every mistake at its file:line:col and every unknown key with "did you
mean", and then structures the values into the spec's model (an absent
field leaves the model's own default).  Each kind is read so:

* ``int``, ``str``, ``bool``, an ``Enum``: the value, checked (``minimum``,
  ``maximum``, ``nullable``; every number is also within
  :data:`~gateruler.limits.MAX_NUMBER`);
* ``Words``, ``WordChoice``: a word; a wrong one is "unknown keyword
  'piercing' (did you mean pierce?)";  ``Choice``: "must be one of: ...";
* ``NamesMap``: language code -> name;
* ``ListOf``: every item by the item's kind (``Field.item`` names one in
  messages; ``unique``, ``nonblank``), as a tuple;
* a nested ``ObjectSpec``: its mapping, structured into its own model, or
  its fields merged into the parent's when it has the parent's model;
* ``Variants`` (special rules): the word first, then that word's fields;
* a field ``only_when`` another key has a value: required then, absent
  (or null) otherwise.

What a table cannot say is the readers' own, per kind of mapping
(:class:`Rules`, keyed by the spec's name in a :class:`Context`): a field
read by hand (a card's abilities, by :mod:`gateruler.cardtext`; the files a
``card_files`` list names), a rule across fields (checked before the mapping
is finished, so that its errors come before the unknown keys, as a reader
would find them), and how the values become the model when that is more
than ``Model(**values)`` (locations; a discount joining the abilities).
The size and nesting bounds of a file are the YAML reader's
(:mod:`gateruler.yamlsrc`); this module reads only what it has built.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, TypeVar

import attrs

from gateruler.authoring.fields import (
    Field,
    NamesMap,
    ObjectSpec,
    Variants,
    WordChoice,
    Words,
    model_default,
)
from gateruler.cardtext import enum_of_words
from gateruler.engine.registry import Choice, ListOf
from gateruler.models import SourceLocation
from gateruler.yamlsrc import MISSING, Fields, Finding, Report

__all__ = [
    "ABSENT",
    "Context",
    "Reading",
    "Rules",
    "a_or_an",
    "read_object",
    "read_value",
    "read_values",
    "structure",
    "what_of",
]


class _Absent:
    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()
"""What a field reader returns for a value not to store: an optional field absent (or wrong, and reported)."""

FieldReader = Callable[["Reading", Field], Any]
T = TypeVar("T")


class Rules(NamedTuple):
    """What one kind of mapping needs beyond its table."""

    fields: Mapping[str, FieldReader] = MappingProxyType({})  # field name -> the reader of its own
    check: Callable[[Reading], None] | None = None  # the rules across fields, run before the mapping is finished
    build: Callable[[Reading], Any] | None = None  # the model from the values (default: Model(**values))
    # finish the nested mappings after the parent's last field (a ruler's: their unknown keys come last)
    nested_last: bool = False


class Context(NamedTuple):
    """What the readers of one file share: the report, the file's path as shown, the rules by spec name."""

    report: Report
    path: str = ""
    rules: Mapping[str, Rules] = MappingProxyType({})


class Reading:
    """One mapping being read: its spec and Fields, and the values read so far, by model attribute.

    (Rules, Context and Reading are plain records, not attrs classes: every
    command imports this module, and an attrs class costs about a millisecond
    to make.)"""

    __slots__ = ("spec", "f", "context", "values", "later")

    def __init__(self, spec: ObjectSpec, f: Fields, context: Context, values: dict[str, Any] | None = None) -> None:
        self.spec = spec
        self.f = f
        self.context = context
        self.values: dict[str, Any] = {} if values is None else values
        self.later: list[Fields] = []  # nested mappings to finish with this one

    @property
    def report(self) -> Report:
        return self.context.report

    def get(self, attr: str) -> Any:
        """The value read for `attr`: its model's default when not written, MISSING when required and wrong."""
        if attr in self.values:
            return self.values[attr]
        return model_default(self.spec.model, attr)

    def present(self) -> dict[str, Any]:
        """The values read, by attribute, without the ones that could not be read."""
        return {k: v for k, v in self.values.items() if v is not MISSING}


def what_of(spec: ObjectSpec | Variants) -> str:
    """One mapping of `spec` in messages: "a card entry", "an ability"."""
    what = getattr(spec, "what", "")
    if what:
        return what
    return a_or_an(spec.title.lower())


# ---------------------------------------------------------------------- mappings


def structure(
    read: Callable[[Any, Report, str], T | None],
    node: Any,
    path: str,
    check: Callable[[T], list[Finding]] | None = None,
) -> T:
    """Run a ``read_*`` function (then `check` on its result) and raise DataErrors on any error."""
    report = Report()
    value = read(node, report, str(path))
    if value is not None and check is not None:
        report.extend(check(value))
    report.raise_errors()
    assert value is not None
    return value


def read_object(
    spec: ObjectSpec | Variants,
    node: Any,
    context: Context,
    *,
    at: SourceLocation | None = None,
    rules: Rules | None = None,
) -> Any:
    """One mapping of `spec` structured into its model; None when anything in it was wrong (all of it reported)."""
    if isinstance(spec, Variants):
        return _read_variant(spec, node, context, at)
    rules = rules if rules is not None else context.rules.get(spec.name)
    reading = Reading(spec, Fields(node, context.report, what_of(spec), at=at), context)
    return _complete(reading, rules)


def read_values(
    spec: ObjectSpec, node: Any, context: Context, *, at: SourceLocation | None = None, rules: Rules | None = None
) -> Reading:
    """One mapping of `spec` read and finished, not built: its values, whatever else was wrong (a card file's cards)."""
    rules = rules if rules is not None else context.rules.get(spec.name)
    reading = Reading(spec, Fields(node, context.report, what_of(spec), at=at), context)
    _read_fields(reading, spec.fields, rules)
    reading.f.finish()
    return reading


def _complete(
    reading: Reading,
    rules: Rules | None,
    *,
    skip: int = 0,
    label: str = "",
    parent: Reading | None = None,
    merged: bool = False,
) -> Any:
    """Read the spec's fields (but the first `skip`) into `reading`, check its rules, finish it (or leave that to
    `parent`) and build it (unless it is `merged` into `parent`'s values).

    `label` names the mapping in the message of a missing `needs_one_of` key ("rule 'set_stats'")."""
    spec, f = reading.spec, reading.f
    _read_fields(reading, spec.fields, rules, skip)
    if spec.needs_one_of and f.ok and not any(k in reading.values for k in spec.needs_one_of):
        f.error(f.loc, f"{label or what_of(spec)} needs at least one of {', '.join(spec.needs_one_of)}")
    if rules is not None and rules.check is not None:
        rules.check(reading)
    for nested in reading.later:
        nested.finish()
    if parent is not None and _finishes_nested_last(parent):
        parent.later.append(f)
        ok = f.ok
    else:
        ok = f.finish()
    if not ok or merged:
        return None
    if rules is not None and rules.build is not None:
        return rules.build(reading)
    return build(reading)


def _finishes_nested_last(reading: Reading) -> bool:
    rules = reading.context.rules.get(reading.spec.name)
    return rules is not None and rules.nested_last


def _read_variant(spec: Variants, node: Any, context: Context, at: SourceLocation | None) -> Any:
    """A mapping whose word (`spec.key`) says which of `spec.cases` it is; then that word's own fields."""
    f = Fields(node, context.report, what_of(spec), at=at)
    first = next(iter(spec.cases.values()))
    word = read_value(Reading(first, f, context), first.fields[0])
    if word is MISSING:
        f.finish(known=list(f.node or ()))  # without a known word its other keys cannot be checked
        return None
    case = spec.cases[_word(word)]
    reading = Reading(case, f, context, {first.fields[0].attribute: word})
    return _complete(reading, context.rules.get(spec.name), skip=1, label=f"{spec.key} {_word(word)!r}")


def build(reading: Reading) -> Any:
    """The spec's model from the values read: ``Model(**values)`` with the mapping's location when it has one."""
    model = reading.spec.model
    values = reading.present()
    if model is None or model is dict:
        return values
    if "location" in attrs.fields_dict(model):
        values.setdefault("location", reading.f.loc)
    return model(**values)


def _read_fields(reading: Reading, fields: tuple[Field, ...], rules: Rules | None, skip: int = 0) -> None:
    own = rules.fields if rules is not None else _NONE
    values = reading.values
    for field, reader, attribute in _readers(fields)[skip:]:
        value = own.get(field.name, reader)(reading, field)
        if value is not ABSENT:
            values[attribute] = value


_NONE: Mapping[str, FieldReader] = MappingProxyType({})
_READERS: dict[int, tuple[tuple[Field, ...], list[tuple[Field, FieldReader, str]]]] = {}


def _readers(fields: tuple[Field, ...]) -> list[tuple[Field, FieldReader, str]]:
    """(field, its reader by kind, the attribute it fills) for the fields of a spec, worked out once per spec
    (`fields` is a spec's own tuple, which lives as long as the tables)."""
    known = _READERS.get(id(fields))
    if known is None or known[0] is not fields:
        known = _READERS[id(fields)] = (fields, [(f, _reader_of(f), f.attribute) for f in fields])
    return known[1]


def _reader_of(field: Field) -> FieldReader:
    if field.only_when is not None:
        return _read_only_when
    if isinstance(field.kind, ListOf):
        return _read_list
    if isinstance(field.kind, ObjectSpec):
        return _read_nested
    if isinstance(field.kind, NamesMap):
        return _read_names
    return _read_scalar


# ---------------------------------------------------------------------- values


def read_value(reading: Reading, field: Field) -> Any:
    """The value of `field` in the mapping `reading` reads, by the field's kind; ABSENT or MISSING when there is none."""
    return _reader_of(field)(reading, field)


def _read_scalar(reading: Reading, field: Field) -> Any:
    return read_scalar(reading.f, field)


def read_scalar(
    f: Fields, field: Field, *, kind: Any = None, required: bool | None = None, nullable: bool | None = None
) -> Any:
    """A value that is one number, string, truth value or word; `kind`, `required`, `nullable` override the table."""
    checked, checks, words = _plan(field) if kind is None else _scalar(field, kind)
    if nullable is not None and checks.get("nullable", False) != nullable:
        checks = {**checks, "nullable": nullable}
    if field.required if required is None else required:
        value = f.required(field.name, checked, **checks)
    else:
        value = f.optional(field.name, checked, ABSENT, **checks)
    return value.value if words and isinstance(value, enum.Enum) else value


class _Scalar(NamedTuple):
    """How Fields checks one field: the type or Enum, the checks, whether a word is read as its string."""

    checked: Any
    checks: dict[str, Any]
    words: bool


_PLANS: dict[int, tuple[Field, _Scalar]] = {}


def _plan(field: Field) -> _Scalar:
    """:func:`_scalar` of a field of the tables, worked out once (a card file asks it for every card)."""
    known = _PLANS.get(id(field))
    if known is None or known[0] is not field:
        known = _PLANS[id(field)] = (field, _scalar(field, field.kind))
    return known[1]


def _scalar(field: Field, kind: Any) -> _Scalar:
    checked, extra, words = _python_kind(kind)
    return _Scalar(checked, {**_checks(field), **extra}, words)


def _python_kind(kind: Any) -> tuple[Any, dict[str, Any], bool]:
    """What Fields checks a table kind as: (a type or Enum, further checks, whether it reads a word as a string)."""
    if isinstance(kind, WordChoice):
        return enum_of_words(kind.values), {}, True
    if isinstance(kind, Choice):
        return str, {"choices": kind.values}, False
    if isinstance(kind, Words):
        return enum_of_words(kind.values), {}, True
    return kind, {}, False


def _checks(field: Field) -> dict[str, Any]:
    checks: dict[str, Any] = {}
    if field.minimum is not None:
        checks["min"] = field.minimum
    if field.maximum is not None:
        checks["max"] = field.maximum
    if field.nullable:
        checks["nullable"] = True
    return checks


def _word(value: Any) -> Any:
    return value.value if isinstance(value, enum.Enum) else value


def a_or_an(word: str) -> str:
    """The word after its article: a unit, an event, a field, an ability."""
    return f"{'an' if word[:1] in 'aeio' else 'a'} {word}"


def _read_only_when(reading: Reading, field: Field) -> Any:
    """A field for one value of another key (a unit's ATK): required then, absent or null otherwise."""
    assert field.only_when is not None
    key, wanted = field.only_when
    actual, f = reading.values.get(key, MISSING), reading.f
    if actual is not MISSING and _word(actual) == wanted:
        return read_scalar(f, field, required=True, nullable=False)
    if actual is MISSING:  # the other key could not be read: the value is still worth checking
        return read_scalar(f, field, required=False, nullable=True)
    if field.name in f and f.raw(field.name) is not None:
        noun = reading.spec.title.lower()
        f.error(
            f.key_loc(field.name), f"{field.name!r} is only for {wanted}s (this {noun} is {a_or_an(_word(actual))})"
        )
    f.raw(field.name)
    return ABSENT


def _read_names(reading: Reading, field: Field) -> Any:
    """``{language code: name}``: every code a string, every name a string."""
    names = reading.f.nested(field.name, f"'{field.name}'")
    if names is None:
        return ABSENT
    result = {}
    for lang in list(names.node or {}):
        value = names.required(lang, str) if isinstance(lang, str) else MISSING
        if not isinstance(lang, str):
            names.error(names.key_loc(lang), f"a language code must be a string (got {lang!r})")
        elif value is not MISSING:
            result[lang] = value
    return result


def _read_list(reading: Reading, field: Field) -> Any:
    f = reading.f
    items = f.required(field.name, list) if field.required else f.optional(field.name, list, ABSENT)
    if items is MISSING or items is ABSENT:
        return items
    item = field.kind.item
    if isinstance(item, (ObjectSpec, Variants)):
        read = [read_object(item, value, reading.context, at=items.item_loc(i)) for i, value in enumerate(items)]
        return tuple(value for value in read if value is not None)
    kind, extra, as_word = _python_kind(item)
    name = field.item or field.name
    words: list[Any] = []
    seen: set[Any] = set()
    for index, value in enumerate(items):
        loc = items.item_loc(index)
        word = f.convert(value, kind, loc, name, **extra)
        if word is MISSING:
            continue
        if as_word:
            word = word.value
        if field.nonblank and not word.strip():
            f.error(loc, f"{name} must not be empty")
        elif field.unique and word in seen:
            f.error(loc, f"{name} {word!r} listed twice")
        else:
            seen.add(word)
            words.append(word)
    return tuple(words)


def _read_nested(reading: Reading, field: Field) -> Any:
    """A nested mapping: its own model's, or more of the parent's attributes (then nothing is stored for it)."""
    spec = field.kind
    nested = reading.f.nested(field.name, f"'{field.name}'", required=field.required)
    if nested is None:
        return MISSING if field.required else ABSENT
    merged = spec.model is reading.spec.model and spec.model not in (None, dict)
    inner = Reading(spec, nested, reading.context, reading.values if merged else {})
    built = _complete(inner, reading.context.rules.get(spec.name), parent=reading, merged=merged)
    if merged:
        return ABSENT
    return MISSING if built is None else built
