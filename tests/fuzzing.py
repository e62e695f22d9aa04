"""Our own fuzzer: hypothesis strategies that mutate every kind of file a user hands us, and a harness.

Each strategy starts from a real file (a shipped level, card file, deck,
ruler, scenario; a save, a replay and a check result made by the program)
and changes it as a hostile user would:

* in its structure: a key dropped, added or misspelt, a list item dropped or
  copied many times, a value moved elsewhere;
* in its types and sizes: a value swapped for null, a boolean, a negative or
  huge number, a float, a long string, an empty or deeply nested list or
  mapping, or a value from elsewhere in the file;
* in its text: an alias bomb, an alias inside its own anchor, YAML tags
  (``!!binary``, ``!!set``, ``!!python/object``...), a huge integer, deep
  brackets, NaN, a truncation, stray bytes, a tab, another encoding.

:func:`run_command` runs one command in-process (click's CliRunner) under a
time budget (SIGALRM) and a memory budget (RLIMIT_AS), and :func:`verdict`
says what is wrong with how it ended: a traceback, a hang, running out of
memory, or an exit code other than the command's documented ones.  Exit 70
is a failure here: it means the program found a bug in itself.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import resource
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import yaml
from click.testing import CliRunner
from hypothesis import strategies as st

from gateruler.cli import main

# ------------------------------------------------------------------ the harness


class Hang(BaseException):
    """The time budget ran out (a BaseException, so that no `except Exception` of ours takes it for a bug)."""


@contextlib.contextmanager
def time_budget(seconds: float) -> Iterator[None]:
    def expire(signum: int, frame: object) -> None:
        raise Hang(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _address_space() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


@contextlib.contextmanager
def memory_budget(extra_bytes: int) -> Iterator[None]:
    """At most `extra_bytes` more address space than the process has now (a MemoryError past it)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = _address_space() + extra_bytes
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


@attrs.frozen
class Outcome:
    args: tuple[str, ...]
    exit_code: int | None
    output: str
    exception: BaseException | None
    crash_report: str = ""


def run_command(
    args: list[str],
    crash_dir: Path,
    *,
    stdin: str = "",
    seconds: float = 30,
    memory: int = 2 << 30,
    env: dict[str, str] | None = None,
) -> Outcome:
    """One command, in-process, within the budgets."""
    try:
        with memory_budget(memory), time_budget(seconds):
            result = CliRunner().invoke(main, args, input=stdin, env=env)
    except Hang as hang:
        return Outcome(tuple(args), None, "", hang)
    reports = sorted(crash_dir.glob("*.txt")) if crash_dir.is_dir() else []
    report = reports[-1].read_text() if reports else ""
    for old in reports:
        old.unlink()
    exception = None if isinstance(result.exception, SystemExit) else result.exception
    return Outcome(tuple(args), result.exit_code, result.output, exception, report)


def verdict(outcome: Outcome, allowed: tuple[int, ...]) -> str | None:
    """What is wrong with how a command ended (None: nothing)."""
    if isinstance(outcome.exception, Hang):
        return f"hang: {outcome.exception}"
    if outcome.exception is not None:
        return f"an exception escaped: {outcome.exception!r}"
    if outcome.exit_code == 70:
        return f"a bug (exit 70):\n{outcome.crash_report or outcome.output}"
    if "Traceback (most recent call last)" in outcome.output:
        return f"a traceback:\n{outcome.output[-3000:]}"
    if outcome.exit_code not in allowed:
        return f"exit code {outcome.exit_code}, not one of {allowed}:\n{outcome.output[-2000:]}"
    if outcome.exit_code == 2 and not outcome.output.strip():
        return "exit 2 without a word"
    return None


# ------------------------------------------------------------------ values a hostile user writes

NASTY_SCALARS: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1,
    2,
    7,
    9999,
    10000,
    10**9,
    10**12,
    2**63,
    -(2**63) - 1,
    10**29,
    1.5,
    -0.0,
    1e308,
    "",
    " ",
    "x",
    "unit",
    "knight",
    "PROV-001",
    "2020GB01-127",
    "player",
    "damage",
    "on_play",
    "\u202e\u0000",
    "é" * 3,
    "y" * 5000,
]


def nasty_value(draw: Callable[[Any], Any], depth: int = 0) -> Any:
    kind = draw(st.integers(0, 9))
    if kind <= 5 or depth > 2:
        return draw(st.sampled_from(NASTY_SCALARS))
    if kind == 6:
        return [nasty_value(draw, depth + 1) for _ in range(draw(st.integers(0, 3)))]
    if kind == 7:
        return {draw(st.sampled_from(["card", "count", "id", "type", "x", "level"])): nasty_value(draw, depth + 1)}
    if kind == 8:
        nested: Any = 1
        for _ in range(draw(st.sampled_from([5, 31, 40]))):
            nested = [nested]
        return nested
    return draw(st.sampled_from([[], {}, [[]] * 3]))


# ------------------------------------------------------------------ mutating the tree


def _slots(tree: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every (container path, key or index) in the tree, the root's own slot first."""
    yield path
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from _slots(value, (*path, key))
    elif isinstance(tree, list):
        for index, value in enumerate(tree):
            yield from _slots(value, (*path, index))


def _get(tree: Any, path: tuple) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def mutate_tree(draw: Callable[[Any], Any], tree: Any) -> Any:
    """One structural change at a drawn place of a (copied) tree."""
    slots = [p for p in _slots(tree) if p]
    if not slots:
        return nasty_value(draw)
    numbers = [p for p in slots if type(_get(tree, p)) is int]
    if numbers and draw(st.booleans()):  # a number that still reads, at an edge: the file may well pass
        path = draw(st.sampled_from(numbers))
        _get(tree, path[:-1])[path[-1]] = draw(st.sampled_from([0, 1, 2, 3, 7, 50, 999, 1000, 9999, -1, -9999]))
        return tree
    path = draw(st.sampled_from(slots))
    parent, key = _get(tree, path[:-1]), path[-1]
    op = draw(st.sampled_from(["replace", "replace", "replace", "delete", "add_key", "copy_from", "repeat", "rename"]))
    if op == "replace":
        parent[key] = nasty_value(draw)
    elif op == "delete":
        del parent[key]
    elif op == "add_key" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["extra", "hp ", "Cards", "count", "seed", "version"]))] = nasty_value(draw)
    elif op == "copy_from":
        parent[key] = json.loads(json.dumps(_get(tree, draw(st.sampled_from(slots)))))
    elif op == "repeat" and isinstance(parent, list):
        parent.extend([parent[key]] * draw(st.sampled_from([1, 50, 2000])))
    elif op == "rename" and isinstance(parent, dict) and isinstance(key, str):
        parent[key[:-1] + key[-1:].upper() + "x"] = parent.pop(key)
    return tree


# ------------------------------------------------------------------ mutating the text

ALIAS_BOMB = "".join(
    [f"b0: &b0 [{', '.join(['x'] * 10)}]\n"]
    + [f"b{i}: &b{i} [{', '.join([f'*b{i - 1}'] * 10)}]\n" for i in range(1, 9)]
)
YAML_TAGS = [
    "!!binary",
    "!!set",
    "!!omap",
    "!!timestamp",
    "!!float",
    "!!int",
    "!!str",
    "!!bool",
    "!!null",
    "!!python/object:os.system",
    "!foo",
]


def mutate_yaml_text(draw: Callable[[Any], Any], text: str) -> str:
    lines = text.splitlines(keepends=True) or [""]
    at = draw(st.integers(0, len(lines) - 1))
    op = draw(
        st.sampled_from(["bomb", "self_alias", "alias", "tag", "bigint", "deep", "truncate", "bytes", "tab", "merge"])
    )
    if op == "bomb":
        return ALIAS_BOMB + text.replace(": ", ": *b8 #", 1) if draw(st.booleans()) else ALIAS_BOMB + text
    if op == "self_alias":
        return text + "\nloop: &loop [1, *loop]\n"
    if op == "alias":
        line = lines[at]
        if ": " in line:
            head, _, _ = line.partition(": ")
            lines[at] = f"{head}: *a1\n"
            return "anchor_holder: &a1 [1, {x: 2}, three]\n" + "".join(lines)
        return text
    if op == "tag":
        line = lines[at]
        if ": " in line:
            head, _, value = line.partition(": ")
            lines[at] = f"{head}: {draw(st.sampled_from(YAML_TAGS))} {value}"
        return "".join(lines)
    if op == "bigint":
        return text.replace(": 1", ": " + "1" * draw(st.sampled_from([31, 4400, 5000])), 1)
    if op == "deep":
        depth = draw(st.sampled_from([33, 500, 5000]))
        return text.replace(": ", ": " + "[" * depth + "]" * depth + " #", 1)
    if op == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    if op == "tab":
        lines[at] = "\t" + lines[at]
        return "".join(lines)
    if op == "merge":
        return "base: &base {hp: 1, extra: 2}\n" + text.replace("\n", "\n<<: *base\n", 1)
    return text  # "bytes" is applied to the encoded file


def mutate_json_text(draw: Callable[[Any], Any], text: str) -> str:
    op = draw(st.sampled_from(["truncate", "bigint", "deep", "nan", "bytes", "none"]))
    if op == "truncate":
        return text[: draw(st.integers(0, len(text)))]
    if op == "bigint":
        return text.replace(":1", ":" + "9" * draw(st.sampled_from([31, 5000])), 1).replace(": 1", ": " + "9" * 5000, 1)
    if op == "deep":
        depth = draw(st.sampled_from([33, 100000]))
        return (
            text.replace(":", ":" + "[" * depth + "]" * depth + ",", 1)
            if draw(st.booleans())
            else "[" * depth + "]" * depth
        )
    if op == "nan":
        return text.replace(":0", ":NaN", 1).replace(": 0", ": Infinity", 1)
    return text


def encode(draw: Callable[[Any], Any], text: str) -> bytes:
    op = draw(st.sampled_from(["utf-8"] * 6 + ["utf-16", "latin-1", "bom", "bytes"]))
    if op in ("utf-16", "latin-1"):
        return text.encode(op, errors="replace")
    data = text.encode("utf-8", errors="surrogatepass")
    if op == "bom":
        return b"\xef\xbb\xbf" + data
    if op == "bytes":
        at = draw(st.integers(0, len(data)))
        return (
            data[:at] + draw(st.sampled_from([b"\x00", b"\xff\xfe", b"\xc3", b"\x1b[31m", b"\r", b"\x85"])) + data[at:]
        )
    return data


# ------------------------------------------------------------------ whole files


def _dump_yaml(tree: Any) -> str:
    return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=10**6)


def _dump_json(tree: Any) -> str:
    return json.dumps(tree, indent=1, allow_nan=True, default=str)


def hostile_csv(draw: Callable[[Any], Any], original: str) -> bytes:
    """A spreadsheet made from `original` by one to three changes of rows, columns or cells, then an odd encoding."""
    rows = list(csv.reader(io.StringIO(original)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(
            st.sampled_from(
                ["cell", "cell", "drop_row", "repeat_row", "drop_column", "copy_column", "rename", "ragged", "long"]
            )
        )
        row = draw(st.integers(0, len(rows) - 1)) if rows else 0
        if not rows:
            rows = [[str(nasty_value(draw))]]
        elif op == "cell" and rows[row]:
            rows[row][draw(st.integers(0, len(rows[row]) - 1))] = str(nasty_value(draw))
        elif op == "drop_row":
            del rows[row]
        elif op == "repeat_row":
            rows.extend([rows[row]] * draw(st.sampled_from([1, 50, 6000])))
        elif op in ("drop_column", "copy_column", "rename") and rows[0]:
            column = draw(st.integers(0, len(rows[0]) - 1))
            for cells in rows:
                if column < len(cells):
                    if op == "drop_column":
                        del cells[column]
                    elif op == "copy_column":
                        cells.append(cells[column])
            if op == "rename":
                rows[0][column] = draw(st.sampled_from(["", "ID", "levle", "keywords ", "x" * 600, "id"]))
        elif op == "ragged":
            rows[row] = rows[row][: draw(st.integers(0, len(rows[row])))] + [str(nasty_value(draw))] * draw(
                st.integers(0, 3)
            )
        elif op == "long":
            rows[row] = [cell + "z" * draw(st.sampled_from([499, 5000])) for cell in rows[row]]
    out = io.StringIO()
    csv.writer(
        out,
        delimiter=draw(st.sampled_from([",", ",", ";", "\t", "|"])),
        lineterminator=draw(st.sampled_from(["\n", "\r\n"])),
    ).writerows(rows)
    text = out.getvalue()
    if draw(st.integers(0, 3)) == 0:
        text = text[: draw(st.integers(0, len(text)))]
    return encode(draw, text)


def hostile_file(draw: Callable[[Any], Any], original: str, *, is_json: bool) -> bytes:
    """A file made from `original` by one to three tree changes, then maybe a text change and an odd encoding."""
    tree = json.loads(original) if is_json else yaml.safe_load(original)
    tree = json.loads(json.dumps(tree, default=str))  # a copy, with dates and the like as strings
    for _ in range(draw(st.integers(0, 3))):
        tree = mutate_tree(draw, tree)
    text = (_dump_json if is_json else _dump_yaml)(tree)
    if draw(st.integers(0, 3)) == 0:
        text = (mutate_json_text if is_json else mutate_yaml_text)(draw, text)
    return encode(draw, text)
