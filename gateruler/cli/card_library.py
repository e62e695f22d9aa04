"""The ``--cards PATH`` option every command that loads cards takes, and the pool it gives."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import click

if TYPE_CHECKING:
    from gateruler.cardpool import CardPool

F = TypeVar("F", bound=Callable[..., object])

CARDS_HELP = (
    "A card file, or a folder of them, with your own cards (repeatable). "
    "Your card library (the folder GATERULER_CARDS names, else your user data folder) is read too; see docs/decks.md."
)


def cards_option(command: F) -> F:
    """Add ``--cards PATH`` (repeatable), passed to the command as ``card_paths``."""
    return click.option(
        "--cards", "card_paths", multiple=True, metavar="PATH", help=CARDS_HELP, callback=_no_empty_path
    )(command)


def _no_empty_path(ctx: click.Context, param: click.Parameter, paths: tuple[str, ...]) -> tuple[str, ...]:
    """`--cards ''` names nothing: refused, rather than read as the folder it is run in; nor does a path
    too long for the system to look at."""
    from gateruler.errors import GateRulerError

    if any(not path for path in paths):
        raise GateRulerError("--cards: the empty path names no card file or folder")
    _check_paths("--cards", paths)
    return paths


def _check_paths(where: str, paths: Iterable[str]) -> None:
    from gateruler.errors import GateRulerError
    from gateruler.fileio import path_problem

    for path in paths:
        problem = path_problem(path)
        if problem is not None:
            raise GateRulerError(f"{where}: {path}: {problem}")


def card_pool(card_paths: Iterable[str] = (), skip: Iterable[Path] = ()) -> CardPool:
    """The shipped cards, the user library and the ``--cards`` files (but the files `skip` names); an error in any
    is a located DataError."""
    from gateruler.library import ENV_VAR, library_paths, load_library
    from gateruler.loader import load_card_pool

    _check_paths(ENV_VAR, os.environ.get(ENV_VAR, "").split(os.pathsep))
    paths = library_paths(card_paths)
    return load_library(paths, skip=skip) if paths else load_card_pool()
