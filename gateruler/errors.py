"""Errors that reach the user as one line: ``file:line:column: what is wrong``."""

from __future__ import annotations


class GateRulerError(Exception):
    """Base of every error the CLI turns into a one-line message and exit code 2."""


class DataError(GateRulerError):
    """Bad input data, located in a file."""

    def __init__(self, path: str, line: int, column: int, message: str) -> None:
        self.path = str(path)
        self.line = line
        self.column = column
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class DataErrors(GateRulerError):
    """Several data errors found in one pass, reported together."""

    def __init__(self, errors: list[DataError]) -> None:
        self.errors = list(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


def capped(lines: list[str], noun: str = "errors", where: str = "") -> list[str]:
    """The first MAX_SHOWN_ERRORS of `lines`, and one line counting the others: a file with a hundred
    thousand mistakes is a screenful to read, not a hundred thousand lines."""
    from gateruler.limits import MAX_SHOWN_ERRORS

    if len(lines) <= MAX_SHOWN_ERRORS:
        return lines
    more = len(lines) - MAX_SHOWN_ERRORS
    head = f"{where}: " if where else ""
    return [*lines[:MAX_SHOWN_ERRORS], f"{head}{more:,} more {noun} not shown ({len(lines):,} in all)"]


class IllegalAction(GateRulerError):
    """An action that is not legal now; the game is unchanged."""
