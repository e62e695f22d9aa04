"""The ``--ruler ID`` option of the commands that make a deck, its help naming the rulers they accept."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

F = TypeVar("F", bound=Callable[..., object])


def ruler_help() -> str:
    """The help names the shipped rulers, the same list the commands check ``--ruler`` against, so a ruler
    added to gateruler/data/rulers/ is offered without an edit here."""
    from gateruler.loader import load_rulers

    ids = sorted(load_rulers())
    listed = ids[0] if len(ids) == 1 else f"{', '.join(ids[:-1])} or {ids[-1]}"
    return f"The deck's ruler: {listed}."


class RulerOption(click.Option):
    """Its help is written when help is shown: a command run without --help reads no ruler file for it."""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        self.help = ruler_help()
        return super().get_help_record(ctx)


def ruler_option(name: str) -> Callable[[F], F]:
    """Add a required ``--ruler ID``, passed to the command as `name`."""
    return click.option("--ruler", name, cls=RulerOption, required=True, help="The deck's ruler.")
