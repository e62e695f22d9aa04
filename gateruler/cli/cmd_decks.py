"""``gateruler deck show FILE``: a player deck, what it is made of, and what is wrong with it;
``gateruler deck import LIST``: a deck file from a list as players paste it."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from gateruler.cardpool import CardPool
from gateruler.cli import main
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.cli.ruler_option import ruler_option
from gateruler.decks import DeckSummary, summarise
from gateruler.errors import DataError, DataErrors, GateRulerError, capped
from gateruler.models import DeckDef
from gateruler.yamlsrc import Report, load_yaml


@main.group()
def deck() -> None:
    """Look at a player deck file, or make one from a deck list."""


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def entry_lines(deck: DeckDef, pool: CardPool) -> list[str]:
    width = max((len(e.card) for e in deck.cards), default=2)
    lines = []
    for entry in deck.cards:
        card = pool.get(entry.card)
        if card is None:
            lines.append(f"  {entry.count:>2}  {entry.card:<{width}}  (names no known card)")
            continue
        facts = f"{card.type.value}, level {card.level}" + (
            f", {card.atk}/{card.hp}/{card.stk}" if card.is_unit else ""
        )
        marks = (" · provisional" if card.is_provisional else "") + (" · yours" if pool.user_card(card.id) else "")
        lines.append(f"  {entry.count:>2}  {card.id:<{width}}  {card.name} ({facts}){marks}")
    return lines


def summary_lines(summary: DeckSummary, pool: CardPool) -> list[str]:
    lines = ["Curve (copies by level):"]
    lines += [f"  level {level:>2}: {count:>2} {'#' * count}" for level, count in summary.curve]
    lines.append("Types: " + (", ".join(_plural(n, t.value) for t, n in summary.types) or "none"))
    if summary.provisional:
        lines.append(
            f"Provisional: {_plural(len(summary.provisional), 'card')} ({summary.provisional_copies} copies) rest on numbers "
            f"that are ours, not the printed card's: {', '.join(summary.provisional)}"
        )
    else:
        lines.append("Provisional: none; every card's numbers are known")
    if summary.yours:
        lines.append(f"Your cards: {', '.join(summary.yours)}")
    return lines


@deck.command("show")
@click.argument("file", type=click.Path(dir_okay=False))
@cards_option
def deck_show(file: str, card_paths: tuple[str, ...]) -> None:
    """Print the deck in FILE (counts, curve, types, provisional cards) and every problem with it (exit 2 if any)."""
    from gateruler.loader import load_rulers, read_player_deck

    pool = card_pool(card_paths)
    report = Report()
    player = None
    try:
        player = read_player_deck(load_yaml(file), report, file, pool, load_rulers())
    except (DataError, DataErrors) as error:
        report.add_exception(error)
    if player is not None:
        summary = summarise(player.deck, player.pool)
        entries = len(player.deck.cards)
        click.echo(
            f"{player.deck.name} ({player.deck.ruler}): {_plural(summary.size, 'card')}, {entries} entr{'y' if entries == 1 else 'ies'}"
        )
        click.echo("\n".join(entry_lines(player.deck, player.pool) + summary_lines(summary, player.pool)))
    problems = [str(f) for f in report.findings]
    if problems:
        click.echo(f"Problems ({len(problems)}):", err=True)
        click.echo("\n".join(capped(problems, "problems")), err=True)
        sys.exit(2)
    click.echo("No problems: the deck is legal.")


@deck.command("import")
@click.argument("list_file", metavar="LIST.txt", type=click.Path(dir_okay=False))
@ruler_option("ruler")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False), help="The deck file to write.")
@click.option("--name", default=None, help="The deck's name [default: the list file's name].")
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@cards_option
def deck_import(
    list_file: str, ruler: str, output: str, name: str | None, force: bool, card_paths: tuple[str, ...]
) -> None:
    """Turn a deck list as players paste it ("4 Honoikazuchi", one card a line) into a deck file.

    A card is named by id or by any of its names; `#` starts a comment.  A
    line that names no card (or several) is an error at its line and column,
    and nothing is written.  A deck that is not legal under its ruler is
    written all the same, its problems listed (docs/decks.md)."""
    from gateruler.fileio import Input, check_output, write_output
    from gateruler.loader import load_rulers
    from gateruler.reading.deck_list import read_deck_list
    from gateruler.tune import deck_yaml

    rulers = load_rulers()
    if ruler not in rulers:
        raise GateRulerError(f"--ruler: unknown ruler {ruler!r} (the rulers: {', '.join(sorted(rulers))})")
    target = check_output(output, option="--output", inputs=[Input("the deck list", list_file)], make_folders=True)
    if Path(output).exists() and not force:
        raise GateRulerError(f"{output} already exists; not overwriting it: give --force, or another --output")
    pool = card_pool(card_paths)
    read = read_deck_list(list_file, ruler, name if name is not None else Path(list_file).stem, pool, rulers)
    if read.unread:
        raise DataErrors(
            [f.to_error() for f in sorted(read.unread, key=lambda f: (f.location.line, f.location.column))]
        )
    files = [os.path.relpath(Path(p).resolve(), Path(output).resolve().parent) for p in card_paths]
    comments = [f"Imported from {Path(list_file).name} by `gateruler deck import`."]
    text = deck_yaml(read.deck, pool, f"Imported from {Path(list_file).name}.", comments, files)
    Path(output).parent.mkdir(parents=True, exist_ok=True)
    write_output(target, text)
    size, entries = read.deck.size, len(read.deck.cards)
    click.echo(
        f"wrote {output}: {read.deck.name} ({ruler}), {_plural(size, 'card')} in {entries} entr{'y' if entries == 1 else 'ies'}"
    )
    if read.problems:
        click.echo(
            f"The deck is not legal yet ({_plural(len(read.problems), 'problem')}; `gateruler deck show {output}` says them again):",
            err=True,
        )
        click.echo("\n".join(capped([str(f) for f in read.problems], "problems")), err=True)
    else:
        click.echo(f"No problems: the deck is legal. Try it: gateruler check {output}")
