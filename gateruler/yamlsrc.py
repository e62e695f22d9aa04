"""Line-aware YAML: ``yaml.safe_load`` that remembers where everything was written.

Everything the project reads from YAML (cards, rulers, rift levels, decks,
scenarios) goes through here, so that every later check can point at the exact
``path:line:column`` of the key or value it complains about.

Reading
-------
:func:`load_yaml` (a file) and :func:`parse_yaml` (a string) give the same
values ``yaml.safe_load`` would, except that mappings are :class:`LocatedMap`
and lists are :class:`LocatedList`.  Both are real ``dict``/``list``
subclasses, so ordinary code can use them unchanged; in addition they know

* ``node.loc``: where the mapping or list starts,
* ``node.key_loc(key)`` / ``node.value_loc(key)`` for a mapping's entries,
* ``node.item_loc(index)`` for a list's items.

Scalars (str, int, bool, None, ...) stay plain Python values; their position is
asked of the container that holds them.  Lines and columns are 1-based.

Only the safe subset of YAML is accepted (the node graph is composed by
``yaml.SafeLoader`` and scalars are built by its constructor), merge keys
(``<<: *anchor``) work as in ``safe_load``.  On top of ``safe_load`` these are
reported instead of silently accepted:

* a key written twice in one mapping (``duplicate key 'hp' (first at line 3)``),
* a tab in the indentation of a line (``tab character in indentation; use spaces``),
* YAML syntax errors, with pyyaml's position made 1-based,
* a file that cannot be read or is not UTF-8 text,
* a file past the bounds of :mod:`gateruler.limits`: too many bytes, lists
  and mappings nested too deep, too many values once aliases are counted as
  the copies they stand for (an "alias bomb"), an alias inside its own
  anchor, an integer written with too many digits.  These are checked while
  the file is composed, before any value is built from it, so a hostile file
  fails in time proportional to its size.

All of them are :class:`gateruler.errors.DataError` (``path:line:col: message``);
where one file has several, :class:`gateruler.errors.DataErrors`.

Structuring
-----------
:class:`Report` collects findings (errors and warnings) while a file is read,
so that one pass reports everything wrong with it; :class:`Fields` reads the
fields of one mapping with type checks, defaults, bounds and enum look-ups, and
its :meth:`Fields.finish` reports every key nobody asked for with a
"did you mean" suggestion.  A typical structuring function::

    def parse_point(node, report):
        f = Fields(node, report, "point")
        x = f.required("x", int)
        y = f.optional("y", int, default=0, min=0)
        if f.finish():          # False when anything in this mapping was wrong
            return Point(x, y)
        return None

and its caller ends with ``report.raise_errors()``.
"""

from __future__ import annotations

import difflib
import enum
import functools
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

from gateruler.errors import DataError, DataErrors
from gateruler.fileio import InputError, read_input
from gateruler.limits import MAX_INTEGER_DIGITS, MAX_NESTING, MAX_NUMBER, MAX_YAML_BYTES, MAX_YAML_VALUES
from gateruler.models import SourceLocation

__all__ = [
    "Fields",
    "Finding",
    "LocatedList",
    "LocatedMap",
    "MISSING",
    "Report",
    "Severity",
    "did_you_mean",
    "describe_type",
    "load_yaml",
    "location_of",
    "parse_yaml",
    "read_text",
    "show_value",
]


# ---------------------------------------------------------------------------
# Located containers


class LocatedMap(dict[Any, Any]):
    """A mapping read from YAML that remembers where it, its keys and its values are."""

    def __init__(self, loc: SourceLocation) -> None:
        super().__init__()
        self.loc = loc
        self._key_locs: dict[Any, SourceLocation] = {}
        self._value_locs: dict[Any, SourceLocation] = {}

    def key_loc(self, key: Any) -> SourceLocation:
        """Where `key` is written (the mapping's own start when it is absent)."""
        return self._key_locs.get(key, self.loc)

    def value_loc(self, key: Any) -> SourceLocation:
        """Where the value of `key` starts (the mapping's own start when it is absent)."""
        return self._value_locs.get(key, self.loc)


class LocatedList(list[Any]):
    """A list read from YAML that remembers where it and each item are."""

    def __init__(self, loc: SourceLocation) -> None:
        super().__init__()
        self.loc = loc
        self._item_locs: list[SourceLocation] = []

    def item_loc(self, index: int) -> SourceLocation:
        """Where item `index` starts (the list's own start when out of range)."""
        if 0 <= index < len(self._item_locs):
            return self._item_locs[index]
        return self.loc


def location_of(value: Any, default: SourceLocation | None = None) -> SourceLocation:
    """The location of a located container, else `default` (or an empty location)."""
    loc = getattr(value, "loc", None)
    if isinstance(loc, SourceLocation):
        return loc
    return default if default is not None else SourceLocation()


# ---------------------------------------------------------------------------
# Reading files

LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""Half of a UTF-16 pair: what an escape such as \\ud800 stands for alone, which no file can hold as text."""

NOT_TEXT = "a string holds half of a UTF-16 pair (an escape such as \\ud800 alone), which is not text"


def read_bytes(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of a regular file of at most `max_bytes`, or a one-line DataError saying why not.

    Never reads more than `max_bytes` + 1 bytes and never waits: a huge
    file is refused at once, and so is a FIFO, a device or a folder, each
    named for what it is (:func:`gateruler.fileio.read_input`)."""
    try:
        return read_input(path, max_bytes)
    except InputError as error:
        raise DataError(str(path), 1, 1, error.reason) from None


def decode_text(data: bytes, shown: str) -> str:
    """UTF-8 text (a byte-order mark is dropped), or a DataError located at the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = len(before) - (before.rfind(b"\n") + 1) + 1
        bad = data[error.start : error.start + 1].hex()
        raise DataError(shown, line, column, f"not UTF-8 text (byte 0x{bad})") from None


def read_text(path: str | Path, max_bytes: int = MAX_YAML_BYTES) -> str:
    """The UTF-8 text of a file of at most `max_bytes`, or a one-line DataError saying why it cannot be read."""
    return decode_text(read_bytes(path, max_bytes), str(path))


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; the path is reported exactly as given."""
    return parse_yaml(read_text(path), str(path))


def parse_yaml(text: str, path: str) -> Any:
    """Parse YAML text with safe_load semantics into located containers.

    Returns None for an empty document.  Raises DataError for a syntax error
    and DataErrors for tabs in indentation or duplicate keys (all of them).
    """
    tab_errors = _tab_errors(text, path)
    if tab_errors:
        raise DataErrors(tab_errors)
    if len(text) > MAX_YAML_BYTES:  # a file is bounded as it is read; text from elsewhere here
        raise DataError(
            path, 1, 1, f"the text is too large: more than {MAX_YAML_BYTES:,} characters (see docs/limits.md)"
        )
    try:
        loader, node = _compose(text)
        if node is None:
            return None
        _check_expansion(node)
        builder = _Builder(loader, path)
        value = builder.build(node)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        problem = error.problem or error.context or "cannot parse"
        if isinstance(error, _Refused):
            raise DataError(path, line, column, problem) from None
        kind = "YAML error" if isinstance(error, yaml.constructor.ConstructorError) else "YAML syntax error"
        raise DataError(path, line, column, f"{kind}: {problem}") from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow
        before = text[: error.position]
        line = before.count("\n") + 1
        column = len(before) - (before.rfind("\n") + 1) + 1
        raise DataError(path, line, column, f"YAML error: character {_char(error.character)} is not allowed") from None
    except yaml.YAMLError as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise DataError(path, 1, 1, f"YAML error: {message}") from None
    if builder.errors:
        raise DataErrors(builder.errors)
    return value


def _char(character: int | str) -> str:
    code = character if isinstance(character, int) else ord(character)
    return f"U+{code:04X}"


def _tab_errors(text: str, path: str) -> list[DataError]:
    """A tab anywhere in a line's leading whitespace (lines with content only).

    This is deliberately simple: it also flags a tab that indents a line
    inside a block scalar, where YAML would treat it as text; our files have
    no reason to contain such lines.
    """
    errors = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.lstrip(" \t")
        if not stripped:
            continue
        indent = line[: len(line) - len(stripped)]
        if "\t" in indent:
            column = indent.index("\t") + 1
            errors.append(DataError(path, number, column, "tab character in indentation; use spaces"))
    return errors


_MAP_TAG = "tag:yaml.org,2002:map"
_SEQ_TAG = "tag:yaml.org,2002:seq"
_INT_TAG = "tag:yaml.org,2002:int"


class _Refused(yaml.MarkedYAMLError):
    """A file refused for what it would cost to read (or a value its tag cannot read): said as it is."""


def _marked(problem: str, node_or_mark: Any) -> _Refused:
    mark = getattr(node_or_mark, "start_mark", node_or_mark)
    return _Refused(problem=problem, problem_mark=mark)


class _BoundedComposer(yaml.composer.Composer):
    """pyyaml's composer, refusing nesting deeper than MAX_NESTING while it composes.

    pyyaml composes recursively: nesting is bounded here, before Python's
    recursion limit could be reached."""

    _depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if not self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
            return super().compose_node(parent, index)
        if self._depth >= MAX_NESTING:
            raise _marked(
                f"lists and mappings nested more than {MAX_NESTING} deep (see docs/limits.md)",
                self.peek_event().start_mark,
            )
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


class _BoundedConstructor(yaml.constructor.SafeConstructor):
    """safe_load's constructor; an integer's digits are bounded before int() sees them."""

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(c.isalnum() for c in str(node.value))
        if digits > MAX_INTEGER_DIGITS:
            raise _marked(f"an integer of {digits} digits is too large (at most {MAX_INTEGER_DIGITS} digits)", node)
        return super().construct_yaml_int(node)


_BoundedConstructor.add_constructor(_INT_TAG, _BoundedConstructor.construct_yaml_int)


class _PureLoader(
    yaml.reader.Reader,
    yaml.scanner.Scanner,
    yaml.parser.Parser,
    _BoundedComposer,
    _BoundedConstructor,
    yaml.resolver.Resolver,
):
    """pyyaml's own parser: its error messages are the ones users see."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        _BoundedComposer.__init__(self)
        _BoundedConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)


_FAST_LOADER: Any = None
if getattr(yaml, "__with_libyaml__", False):

    class _FastLoader(_BoundedComposer, yaml.cyaml.CParser, _BoundedConstructor, yaml.resolver.Resolver):
        """libyaml's parser (about six times faster) under the same composer, constructor and resolver.

        Only used for files it reads without error: on any error the file is
        read again by :class:`_PureLoader`, whose messages are the familiar ones."""

        def __init__(self, stream: str) -> None:
            yaml.cyaml.CParser.__init__(self, stream)
            _BoundedComposer.__init__(self)
            _BoundedConstructor.__init__(self)
            yaml.resolver.Resolver.__init__(self)

    _FAST_LOADER = _FastLoader


def _compose(text: str) -> tuple[Any, yaml.Node | None]:
    """(the loader, the document's node graph); raises yaml errors located by pyyaml's own parser."""
    if _FAST_LOADER is not None:
        loader = _FAST_LOADER(text)
        try:
            return loader, loader.get_single_node()
        except _Refused:
            raise
        except yaml.YAMLError:
            pass  # read again below, for pyyaml's message and position
    loader = _PureLoader(text)
    try:
        return loader, loader.get_single_node()
    finally:
        loader.dispose()


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _check_expansion(root: yaml.Node) -> None:
    """Refuse a node graph whose aliases loop or stand for too many values.

    An alias is one node shared by every place that uses it, so building is
    cheap, but anything that walks the values (printing, checking each card
    entry) walks every copy.  Counted with each node's size remembered, so
    this takes time proportional to the file, iteratively (aliases can make
    a graph far deeper than its nesting)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()  # the ancestors of the node being counted
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            open_nodes.discard(key)
            size = 1 + sum(sizes[id(child)] for child in _children(node))
            if size > MAX_YAML_VALUES:
                kind = "list" if isinstance(node, yaml.SequenceNode) else "mapping"
                raise _marked(
                    f"too many values: this {kind} holds more than {MAX_YAML_VALUES:,}, each use of an alias counted "
                    "as a copy of its anchor (see docs/limits.md)",
                    node,
                )
            sizes[key] = size
        elif key in open_nodes:
            raise _marked("an alias refers to a list or mapping that contains it", node)
        elif key not in sizes:
            open_nodes.add(key)
            stack.append((node, True))
            stack.extend((child, False) for child in _children(node) if id(child) not in sizes)


class _Builder:
    """Turns a composed node graph into located containers, noting duplicate keys."""

    def __init__(self, loader: _BoundedConstructor, path: str) -> None:
        self.loader = loader
        self.path = path
        self.errors: list[DataError] = []
        self._done: dict[int, Any] = {}  # id(node) -> value, for anchors and aliases

    def loc(self, node: yaml.Node) -> SourceLocation:
        mark = node.start_mark
        return SourceLocation(self.path, mark.line + 1, mark.column + 1)

    def build(self, node: yaml.Node) -> Any:
        if id(node) in self._done:
            return self._done[id(node)]
        if isinstance(node, yaml.MappingNode) and node.tag == _MAP_TAG:
            return self._mapping(node)
        if isinstance(node, yaml.SequenceNode) and node.tag == _SEQ_TAG:
            return self._sequence(node)
        return self._construct(node)

    def _construct(self, node: yaml.Node) -> Any:
        """Scalars, and the rarer safe tags (!!set, !!omap, ...), exactly as safe_load builds them.

        A tag safe_load refuses raises ConstructorError; a value its tag cannot
        read (``!!int x``, a date 2020-13-45) is a located error too."""
        try:
            value = self.loader.construct_object(node, deep=True)
        except yaml.YAMLError:
            raise
        except Exception as error:  # noqa: BLE001 - pyyaml's constructors raise what they meet: ValueError, KeyError (!!bool x), ...
            tag = str(node.tag).replace("tag:yaml.org,2002:", "!!")
            raise _marked(f"YAML error: cannot read this value as {tag}: {_first_line(error)}", node) from None
        if isinstance(value, str) and LONE_SURROGATE.search(value):
            raise _marked(NOT_TEXT, node)
        return value

    def _sequence(self, node: yaml.SequenceNode) -> LocatedList:
        result = LocatedList(self.loc(node))
        self._done[id(node)] = result
        for item in node.value:
            result.append(self.build(item))
            result._item_locs.append(self.loc(item))
        return result

    def _mapping(self, node: yaml.MappingNode) -> LocatedMap:
        result = LocatedMap(self.loc(node))
        self._done[id(node)] = result
        own_count = sum(1 for key, _ in node.value if key.tag != "tag:yaml.org,2002:merge")
        self.loader.flatten_mapping(node)  # merged pairs first, then the mapping's own pairs
        merged_count = len(node.value) - own_count
        own_keys: dict[Any, SourceLocation] = {}  # merged keys may be overridden, own ones not
        for index, (key_node, value_node) in enumerate(node.value):
            key = self._construct(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key_node, yaml.ScalarNode) or not _hashable(key):
                raise yaml.MarkedYAMLError(
                    problem="a mapping key must be a plain value, not a list or mapping",
                    problem_mark=key_node.start_mark,
                )
            key_loc = self.loc(key_node)
            if index >= merged_count:
                if key in own_keys:
                    message = f"duplicate key {_show(key)} (first at line {own_keys[key].line})"
                    self.errors.append(DataError(self.path, key_loc.line, key_loc.column, message))
                    continue
                own_keys[key] = key_loc
            result[key] = self.build(value_node)
            result._key_locs[key] = key_loc
            result._value_locs[key] = self.loc(value_node)
        return result


def _first_line(error: BaseException) -> str:
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


# ---------------------------------------------------------------------------
# Findings


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


@attrs.frozen
class Finding:
    """One thing a check has to say about a place in a file."""

    location: SourceLocation
    message: str
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def __str__(self) -> str:
        prefix = "warning: " if self.severity is Severity.WARNING else ""
        return f"{self.location}: {prefix}{self.message}"

    def to_error(self) -> DataError:
        loc = self.location
        return DataError(loc.path, loc.line, loc.column, self.message)

    @classmethod
    def from_error(cls, error: DataError) -> Finding:
        return cls(SourceLocation(error.path, error.line, error.column), error.message)


class Report:
    """Collects the findings of one reading or checking pass.

    Adding, counting and withdrawing a finding take constant time, so a file
    with a great many mistakes is reported in time proportional to them."""

    def __init__(self) -> None:
        self._findings: list[Finding] = []
        self._withdrawn: set[int] = set()  # ids of findings taken back
        self._errors = 0

    def _add(self, finding: Finding) -> Finding:
        self._findings.append(finding)
        self._errors += finding.is_error
        return finding

    def error(self, loc: SourceLocation, message: str) -> Finding:
        return self._add(Finding(loc, message, Severity.ERROR))

    def warning(self, loc: SourceLocation, message: str) -> Finding:
        return self._add(Finding(loc, message, Severity.WARNING))

    def withdraw(self, finding: Finding) -> None:
        """Take back a finding this report holds (a later, better message says the same)."""
        if id(finding) not in self._withdrawn:
            self._withdrawn.add(id(finding))
            self._errors -= finding.is_error

    def extend(self, findings: Iterable[Finding]) -> None:
        for finding in findings:
            self._add(finding)

    def add_exception(self, error: DataError | DataErrors) -> None:
        """Record the errors a DataError or DataErrors carries."""
        errors = error.errors if isinstance(error, DataErrors) else [error]
        self.extend(Finding.from_error(e) for e in errors)

    @property
    def findings(self) -> list[Finding]:
        if not self._withdrawn:
            return list(self._findings)
        return [f for f in self._findings if id(f) not in self._withdrawn]

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.is_error]

    @property
    def error_count(self) -> int:
        return self._errors

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if not f.is_error]

    def raise_errors(self) -> None:
        """Raise DataErrors with every error so far (warnings are not raised)."""
        if self._errors:
            raise DataErrors([f.to_error() for f in self.errors])


# ---------------------------------------------------------------------------
# Structuring helpers


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()
"""Returned by :class:`Fields` for a required field that is absent or wrong."""


_TYPE_NAMES = {
    int: "an integer",
    str: "a string",
    bool: "true or false",
    float: "a number",
    list: "a list",
    dict: "a mapping",
    type(None): "null",
}


def describe_type(kind: Any) -> str:
    """English for what a field must be: 'an integer', 'a string or null', ..."""
    if isinstance(kind, tuple):
        return " or ".join(describe_type(k) for k in kind)
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return "one of: " + ", ".join(str(m.value) for m in kind)
    return _TYPE_NAMES.get(kind, getattr(kind, "__name__", str(kind)))


@functools.cache
def _enum_values(kind: type[enum.Enum]) -> tuple[str, ...]:
    """The values of an Enum as written in a file (iterating an Enum's members is slow, and asked for every field)."""
    return tuple(str(m.value) for m in kind)


def _value_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return _TYPE_NAMES.get(type(value), type(value).__name__)


def _is_instance(value: Any, kind: Any) -> bool:
    """isinstance, except that a bool is not an int and an int is a float."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    for k in kinds:
        if k is int and isinstance(value, bool):
            continue
        if k is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if k is type(None) and value is None:
            return True
        if isinstance(k, type) and isinstance(value, k):
            return True
    return False


def _closest(word: str, choices: Iterable[str]) -> str | None:
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return close[0] if close else None


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean X?)' for the closest choice, or '' when nothing is close."""
    close = _closest(word, choices)
    return f" (did you mean {close}?)" if close else ""


def show_value(value: Any, width: int = 40) -> str:
    """A short preview of a value for a message: never builds more than about `width` characters.

    A value may be an alias bomb's billions of items or a megabyte string;
    its preview costs no more than its first few items."""
    text = _preview(value, width + 1)
    return text if len(text) <= width else text[: width - 3] + "..."


_show = show_value


def _preview(value: Any, budget: int) -> str:
    """str(value) as Python writes it (repr for strings, true/false for booleans, null), cut after about `budget` characters."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return repr(value[:budget])
    if isinstance(value, (list, tuple, dict)):
        open_, close = ("{", "}") if isinstance(value, dict) else ("[", "]") if isinstance(value, list) else ("(", ")")
        items = value.items() if isinstance(value, dict) else value
        parts: list[str] = []
        used = 1
        for item in items:
            if used > budget:
                parts.append("...")
                break
            if isinstance(value, dict):
                key, val = item
                part = f"{_preview(key, budget - used)}: {_preview(val, budget - used)}"
            else:
                part = _preview(item, budget - used)
            parts.append(part)
            used += len(part) + 2
        return open_ + ", ".join(parts) + close
    text = str(value) if isinstance(value, (int, float)) and abs(value) < 10**60 else _digits(value)
    return text[: budget + 3]


def _digits(value: Any) -> str:
    if isinstance(value, int):
        return f"an integer of about {len(hex(value)) * 6 // 5} digits"  # str() of a huge int is slow
    return str(value)


_YAML_BOOLEANS = {True: ("on", "yes", "y", "true"), False: ("off", "no", "n", "false")}


def _quote_hint(value: Any, words: Sequence[str]) -> str:
    """For `off` written bare where a word is wanted: YAML read it as false, so say to quote it."""
    if not isinstance(value, bool):
        return ""
    meant = next((w for w in _YAML_BOOLEANS[value] if w in words), None)
    if meant is None:
        return ""
    return f" (YAML reads {meant} without quotes as {str(value).lower()}: write '{meant}' in quotes)"


class Fields:
    """Reads the fields of one located mapping into checked Python values.

    Every problem goes to the shared :class:`Report` with the location of the
    offending key or value; the reader carries on, so one pass finds every
    mistake in a file.  A field that is missing or wrong reads as
    :data:`MISSING` (falsy), and :attr:`ok` turns False.  :attr:`ok` counts
    every error reported while this reader was in use, so the errors of
    nested readers (see :meth:`nested`) count too.

    ``kind`` may be ``int``, ``str``, ``bool``, ``float``, ``list``, ``dict``,
    an ``enum.Enum`` subclass (the YAML value is looked up by the members'
    values, with a "did you mean" suggestion) or a tuple of those.  ``bool``
    is never accepted where an integer is wanted.

    If `node` is not a mapping at all, that is reported once (as "`what` must
    be a mapping") and every field reads as missing, without further errors.
    """

    def __init__(
        self, node: Any, report: Report, what: str = "this entry", *, at: SourceLocation | None = None
    ) -> None:
        self.report = report
        self.what = what
        self._asked: set[Any] = set()
        self._missing: dict[str, Finding] = {}  # required keys found absent, with their finding
        self._errors_at_start = report.error_count
        if isinstance(node, LocatedMap):
            self.node: LocatedMap | None = node
        else:
            self.node = None
            report.error(location_of(node, at), f"{what} must be a mapping, not {_value_kind(node)}")

    @property
    def ok(self) -> bool:
        """True while nothing was reported since this reader was made (nested readers included)."""
        return self.report.error_count == self._errors_at_start

    @property
    def loc(self) -> SourceLocation:
        """Where the mapping starts."""
        return self.node.loc if self.node is not None else SourceLocation()

    def __contains__(self, key: Any) -> bool:
        return self.node is not None and key in self.node

    def key_loc(self, key: Any) -> SourceLocation:
        return self.node.key_loc(key) if self.node is not None else SourceLocation()

    def value_loc(self, key: Any) -> SourceLocation:
        return self.node.value_loc(key) if self.node is not None else SourceLocation()

    def error(self, loc: SourceLocation, message: str) -> Finding:
        """Report an error that belongs to this mapping (which makes it not ok)."""
        return self.report.error(loc, message)

    def nested(self, key: str, what: str, *, required: bool = False) -> Fields | None:
        """A reader for the mapping under `key` (None when it is absent and not required).

        Errors in the nested mapping also make this one not ok.
        """
        value = self.required(key, dict) if required else self.optional(key, dict, default=MISSING)
        if value is MISSING:
            return None
        return Fields(value, self.report, what)

    def required(self, key: str, kind: Any, **checks: Any) -> Any:
        """A field that must be present; MISSING (and an error) when absent or wrong.

        `checks`: ``nullable=True`` also accepts null; ``min=``/``max=`` bound
        a number (by default +-:data:`~gateruler.limits.MAX_NUMBER`: no
        number in a data file is unbounded); ``choices=`` a collection of
        allowed values.
        """
        self._asked.add(key)
        if self.node is None:
            return MISSING
        if key not in self.node:
            self._missing[key] = self.report.error(self.node.loc, f"missing required field {key!r}")
            return MISSING
        return self._check(key, self.node[key], kind, **checks)

    def optional(self, key: str, kind: Any, default: Any = None, **checks: Any) -> Any:
        """A field that may be absent (then `default`, unchecked); checked like required()."""
        self._asked.add(key)
        if self.node is None or key not in self.node:
            return default
        value = self._check(key, self.node[key], kind, **checks)
        return default if value is MISSING else value

    def raw(self, key: str) -> Any:
        """The value of `key` unchecked (MISSING when absent); marks the key as known."""
        self._asked.add(key)
        if self.node is None or key not in self.node:
            return MISSING
        return self.node[key]

    def items(self, key: str, *, required: bool = False) -> list[tuple[Any, SourceLocation]]:
        """The items of the list under `key`, each with where it is written ([] when absent or not a list)."""
        items = self.required(key, list) if required else self.optional(key, list, default=MISSING)
        if items is MISSING:
            return []
        return [(item, items.item_loc(i)) for i, item in enumerate(items)]

    def enum_list(self, key: str, kind: type[enum.Enum], item: str, default: Iterable[Any] = ()) -> list[Any]:
        """An optional list of enum values, each checked (named `item` in messages); wrong ones are left out."""
        items = self.optional(key, list, default=MISSING)
        if items is MISSING:
            return list(default)
        result = []
        for index, value in enumerate(items):
            converted = self.convert(value, kind, items.item_loc(index), item)
            if converted is not MISSING:
                result.append(converted)
        return result

    def finish(self, known: Iterable[str] = ()) -> bool:
        """Report keys that no reader asked for (nor `known`); True if the mapping was all right."""
        if self.node is not None:
            allowed = self._asked | set(known)
            for key in self.node:
                if key not in allowed:
                    meant = _closest(str(key)[:60], sorted(str(a) for a in allowed))
                    if meant in self._missing:
                        # A misspelt required key is one mistake: say it once, where it is written.
                        self.report.withdraw(self._missing.pop(meant))
                    hint = f" (did you mean {meant}?)" if meant else ""
                    if key is None:  # `~:`, `null:` or nothing before the colon
                        self.error(self.node.key_loc(key), "a key with no name (null): give it one, or remove the line")
                        continue
                    self.error(self.node.key_loc(key), f"unknown key {_show(key)}{hint}")
        return self.ok

    def convert(
        self,
        value: Any,
        kind: Any,
        loc: SourceLocation,
        name: str,
        *,
        nullable: bool = False,
        min: int | None = None,
        max: int | None = None,
        choices: Iterable[Any] | None = None,
    ) -> Any:
        """Check one value found at `loc` (named `name` in messages); MISSING when wrong.

        Used by required()/optional(); public for values that are not
        fields of this mapping, e.g. the items of a list.
        """
        if value is None and nullable:
            return None
        if isinstance(kind, type) and issubclass(kind, enum.Enum):
            values = _enum_values(kind)
            if isinstance(value, str) and value in values:
                return kind(value)
            hint = did_you_mean(value, values) if isinstance(value, str) else _quote_hint(value, values)
            expected = hint or f" (expected one of: {', '.join(values)})"
            self.error(loc, f"unknown {name} {_show(value)}{expected}")
            return MISSING
        label = repr(name)
        if not _is_instance(value, kind):
            got = "null" if value is None else f"{_value_kind(value)} {_show(value)}"
            self.error(loc, f"{label} must be {describe_type(kind)} (got {got})")
            return MISSING
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            low = -MAX_NUMBER if min is None else min
            high = MAX_NUMBER if max is None else max
            if value < low:
                need = "must not be negative" if low == 0 else f"must be at least {low}"
                self.error(loc, f"{label} {need} (got {_show(value)})")
                return MISSING
            if value > high:
                self.error(loc, f"{label} must be at most {high} (got {_show(value)})")
                return MISSING
        if choices is not None and value not in choices:
            listed = sorted(map(str, choices))
            self.error(
                loc,
                f"{label} must be one of: {', '.join(listed)} (got {_show(value)}){did_you_mean(str(value), listed)}",
            )
            return MISSING
        return value

    def _check(self, key: str, value: Any, kind: Any, **checks: Any) -> Any:
        loc = self.node.value_loc(key) if self.node is not None else SourceLocation()
        return self.convert(value, kind, loc, key, **checks)
