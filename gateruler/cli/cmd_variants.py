"""``gateruler variants``: the rule variants, and the ``--variant NAME=VALUE`` option the game commands take.

A variant is an open ruling with a documented default (gateruler/variants.py,
docs/variants.md).  ``check``, ``play``, ``watch``, ``scenario`` and
``replay`` take ``--variant NAME=VALUE`` (repeatable; a later one wins) to
play under another reading; an unknown name or value is one line with "did
you mean" and exit code 2.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from gateruler.cli import main

F = TypeVar("F", bound=Callable[..., object])

VARIANT_HELP = "Play under another reading of an open ruling, e.g. unit_damage=clears (repeatable; `gateruler variants` lists them)."


def variant_option(command: F) -> F:
    """Add ``--variant NAME=VALUE`` (repeatable), passed to the command as ``variant_texts``."""
    return click.option("--variant", "variant_texts", multiple=True, metavar="NAME=VALUE", help=VARIANT_HELP)(command)


def given_variants(texts: tuple[str, ...]) -> dict[str, str]:
    """The checked ``--variant`` values (a one-line error for a wrong one)."""
    from gateruler.variants import parse_assignments

    return parse_assignments(texts)


@main.command()
def variants() -> None:
    """List the rule variants: each open ruling's name, its default, its alternatives and its ruling."""
    from gateruler.variants import VARIANTS

    for v in VARIANTS:
        click.echo(f"{v.name} (docs/rulings.md {v.ruling}): {v.doc}")
        for value, meaning in v.values:
            mark = "default" if value == v.default else "       "
            click.echo(f"  {mark}  {value}: {meaning}")
    click.echo(
        "Use one with --variant NAME=VALUE (check, tune, play, watch, scenario, replay) or `variants:` in a level or scenario file; docs/variants.md."
    )
