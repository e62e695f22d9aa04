"""Authoring commands: ``gateruler schema`` and ``gateruler new level|card|deck``.

They exist so that someone who has never read the code can write a level:
``new`` gives a file that already validates, ``schema`` gives editors the
JSON Schemas that complete and underline as you type, and
``schema --markdown`` the reference of every field and word
(docs/reference.md).
"""

from __future__ import annotations

from pathlib import Path

import click

from gateruler.cli import main
from gateruler.cli.ruler_option import ruler_option
from gateruler.errors import GateRulerError
from gateruler.vocabulary import CardType


@main.command()
@click.option(
    "--output",
    "-o",
    type=click.Path(file_okay=False),
    default="schema",
    show_default=True,
    help="Directory to write the JSON Schema files into.",
)
@click.option(
    "--markdown", is_flag=True, help="Print the reference of every field and word (docs/reference.md) instead."
)
def schema(output: str, markdown: bool) -> None:
    """Write JSON Schemas for level, card, ruler and deck files, for editors.

    Point your editor's YAML language server at them with a first line such as
    `# yaml-language-server: $schema=../schema/level.schema.json`.
    """
    if markdown:
        from gateruler.authoring.reference import reference_markdown

        click.echo(reference_markdown(), nl=False)
        return
    from gateruler.authoring.schema import write_schemas

    if not output:
        raise GateRulerError("--output: the empty path names no folder")

    for path in write_schemas(Path(output)):
        click.echo(f"wrote {path}")


def _output(output: str | None, default: str) -> Path:
    """--output as given (never the empty path), else the default name."""
    if output == "":
        raise GateRulerError("--output: the empty path names no file")
    from gateruler.fileio import check_output

    path = Path(output if output is not None else default)
    check_output(path, option="--output", make_folders=True)  # before the template is made for it
    return path


@main.group()
def new() -> None:
    """Start a new level, card or deck file that validates as it is."""


@new.command("level")
@click.argument("name")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="File to write (default: NAME as a file name, .yaml)."
)
def new_level(name: str, output: str | None) -> None:
    """Write a commented level file named NAME, ready to edit."""
    from gateruler.authoring.templates import level_template, slug, write_new

    path = _output(output, f"{slug(name)}.yaml")
    write_new(path, level_template(name, path))
    click.echo(f"wrote {path}; check it with: gateruler validate {path}")


@new.command("card")
@click.argument("card_id", metavar="ID")
@click.option(
    "--type",
    "card_type",
    type=click.Choice([t.value for t in CardType]),
    default=CardType.UNIT.value,
    show_default=True,
    help="The card type.",
)
@click.option("--name", default="new card", show_default=True, help="The card's name.")
@click.option("--player", is_flag=True, help="A card of yours for your decks, rather than a new rift card for a level.")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="File to write (default: ID as a file name, .cards.yaml)."
)
def new_card(card_id: str, card_type: str, name: str, player: bool, output: str | None) -> None:
    """Write a commented card file with one new card ID, ready to edit."""
    from gateruler.authoring.templates import card_template, slug, write_new

    path = _output(output, f"{slug(card_id)}.cards.yaml")
    write_new(path, card_template(card_id, CardType(card_type), path, name, player=player))
    click.echo(f"wrote {path}; check it with: gateruler validate {path}")


@new.command("deck")
@click.argument("name")
@ruler_option("ruler_id")
@click.option(
    "--output", "-o", type=click.Path(dir_okay=False), help="File to write (default: NAME as a file name, .yaml)."
)
def new_deck(name: str, ruler_id: str, output: str | None) -> None:
    """Write a commented deck file named NAME for a ruler, legal as written, ready to make your own."""
    from gateruler.authoring.templates import deck_template, slug, write_new

    path = _output(output, f"{slug(name)}.yaml")
    write_new(path, deck_template(name, ruler_id, path))
    click.echo(f"wrote {path}; look at it with: gateruler deck show {path}")
