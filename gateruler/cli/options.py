"""The numeric options of every command, each with one bound (docs/limits.md) that every command shares.

An option's type says its range, so ``--seed`` means the same and is
refused the same way in ``check``, ``tune``, ``play`` and ``watch``:

* not a number: click's own one line (``Invalid value for '--games': 'many'
  is not a valid integer.``);
* out of its range: ``--games: must be at least 1``, ``--budget: must be at
  most 10,000 (see docs/limits.md)``.  An integer is judged by its digits
  before it is converted, so a 5,000-digit ``--seed`` costs nothing.

:data:`BOUNDS` lists them by option name; tests/test_options.py checks that
every command's option of a name uses its type.
"""

from __future__ import annotations

import math
import re
from typing import Any, TypeVar

import click

from gateruler.errors import GateRulerError
from gateruler.limits import (
    MAX_BUDGET,
    MAX_CANDIDATES,
    MAX_CEILING_BUDGET,
    MAX_GAMES,
    MAX_INTEGER_DIGITS,
    MAX_PACE,
    MAX_ROUNDS,
    MAX_SEED,
    MAX_TURNS,
    MAX_WORKERS,
)

_INTEGER = re.compile(r"[+-]?[0-9]+")
T = TypeVar("T", int, float)


class BoundedInt(click.ParamType):
    """A whole number from `low` to `high`."""

    name = "integer"

    def __init__(self, low: int, high: int, *, documented: bool = True) -> None:
        self.low = low
        self.high = high
        self.hint = " (see docs/limits.md)" if documented else ""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip().replace("_", "")
            if not _INTEGER.fullmatch(text):
                self.fail(f"{_cut(str(value))!r} is not a valid integer.", param, ctx)
            digits = text.lstrip("+-").lstrip("0")
            if len(digits) > MAX_INTEGER_DIGITS:
                number = self.low - 1 if text.startswith("-") else self.high + 1
            else:
                number = int(text)
        return _within(param, number, self.low, self.high, self.hint)

    def __repr__(self) -> str:
        return f"BoundedInt({self.low}, {self.high})"


class BoundedFloat(click.ParamType):
    """A number from `low` to `high` (never NaN or infinite)."""

    name = "number"

    def __init__(self, low: float, high: float) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        try:
            number = float(value) if len(str(value)) <= 40 else math.nan
        except ValueError:
            self.fail(f"{_cut(str(value))!r} is not a valid number.", param, ctx)
        if math.isnan(number):
            raise GateRulerError(f"{_name(param)}: must be a number from {self.low:g} to {self.high:g}")
        return _within(param, number, self.low, self.high, " (see docs/limits.md)")

    def __repr__(self) -> str:
        return f"BoundedFloat({self.low}, {self.high})"


def _within(param: click.Parameter | None, number: T, low: T, high: T, hint: str) -> T:
    """`number`, or the one-line error of an option past its bound (numbers written as people read them)."""
    if number < low:
        raise GateRulerError(f"{_name(param)}: must be at least {_words(low)}")
    if number > high:
        raise GateRulerError(f"{_name(param)}: must be at most {_words(high)}{hint}")
    return number


def _words(number: float) -> str:
    return f"{number:,}" if isinstance(number, int) else f"{number:g}"


def _name(param: click.Parameter | None) -> str:
    if param is None:
        return "the value"
    return max(param.opts, key=len) if param.opts else str(param.name)


def _cut(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


SEED = BoundedInt(0, MAX_SEED)
BUDGET = BoundedInt(1, MAX_BUDGET)
BUDGET_HELP = "The search bots' rollouts per decision (focus: per decision searched)"  # check, tune, watch
CEILING_BUDGET = BoundedInt(1, MAX_CEILING_BUDGET)
MAX_TURNS_TYPE = BoundedInt(1, MAX_TURNS)
WORKERS = BoundedInt(1, MAX_WORKERS)
GAMES = BoundedInt(1, MAX_GAMES)
CANDIDATES = BoundedInt(1, MAX_CANDIDATES)
ROUNDS = BoundedInt(1, MAX_ROUNDS)
PACE = BoundedFloat(0.05, MAX_PACE)

BOUNDS: dict[str, click.ParamType] = {
    "--seed": SEED,
    "--budget": BUDGET,
    "--ceiling-budget": CEILING_BUDGET,
    "--max-turns": MAX_TURNS_TYPE,
    "--workers": WORKERS,
    "--games": GAMES,
    "--final-games": GAMES,
    "--candidates": CANDIDATES,
    "--rounds": ROUNDS,
    "--pace": PACE,
}
"""Every bounded option, by name: the same type wherever the option is."""
