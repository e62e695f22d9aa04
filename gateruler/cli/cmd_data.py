"""Data commands: ``gateruler validate``, ``gateruler levels``, ``gateruler cards``."""

from __future__ import annotations

import sys

import click
from rich.table import Table

from gateruler.cli import main, stdout_console
from gateruler.loader import load_card_pool, shipped_levels, validate_file
from gateruler.models import CardDef
from gateruler.validation import level_figures
from gateruler.vocabulary import Keyword
from gateruler.yamlsrc import Severity


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--no-smoke", is_flag=True, help="Do not play the short seeded smoke run on level files.")
def validate(files: tuple[str, ...], no_smoke: bool) -> None:
    """Check data files (cards, rulers, levels, decks) and print every problem.

    Each finding is one line, path:line:column: message.  Exit status 0 when
    there are no errors (warnings are allowed), 2 otherwise.  A level file
    without errors is also played a few dozen seeded games (see
    docs/authoring.md); a rule error in play is an error naming its card.
    """
    errors = warnings = 0
    for path in files:
        findings = validate_file(path)
        if not no_smoke and not any(f.is_error for f in findings):
            from gateruler.authoring.smoke import smoke_check_file

            findings += smoke_check_file(path)
        for finding in findings:
            click.echo(str(finding))
            if finding.severity is Severity.ERROR:
                errors += 1
            else:
                warnings += 1
    click.echo(f"checked {_plural(len(files), 'file')}: {_plural(errors, 'error')}, {_plural(warnings, 'warning')}")
    sys.exit(2 if errors else 0)


def _figure(actual: int, stated: int | None) -> str:
    return str(actual) if stated is None or stated == actual else f"{actual} (stated {stated})"


@main.command()
def levels() -> None:
    """The six rift levels: life, attack, drives and what their decks add up to."""
    pool = load_card_pool()
    table = Table(title="Rift levels (figures under our card data; 'stated' is the seed's own figure)")
    for header in ("Level", "Name", "HP", "ATK", "STK", "Pierce", "Drives", "Deck", "Total level", "CNT"):
        table.add_column(header, justify="left" if header == "Name" else "right")
    for level in shipped_levels():
        figures = level_figures(level, pool)
        stated = level.stated
        zh = level.names.get("zh")
        table.add_row(
            str(level.number),
            f"{level.name} ({zh})" if zh else level.name,
            str(level.hp),
            str(level.atk),
            str(level.stk),
            "yes" if Keyword.PIERCE in level.keywords else "no",
            str(level.drives_per_turn),
            _figure(figures.deck_size, stated and stated.deck_size),
            _figure(figures.total_level, stated and stated.total_level),
            _figure(figures.cnt_cards, stated and stated.cnt_cards),
        )
    stdout_console().print(table)


def _provenance(card: CardDef) -> str:
    text = card.provenance.value
    if card.stats_provenance is not None and card.stats_provenance is not card.provenance:
        text += f"; stats {card.stats_provenance.value}"
    return text


def _stats(card: CardDef) -> str:
    if not card.is_unit:
        return "-"
    return f"{card.atk}/{card.hp}/{card.stk}"


@main.command()
@click.option("--provisional", is_flag=True, help="List only cards with provisional data.")
def cards(provisional: bool) -> None:
    """The card pool: numbers, stats and where they come from."""
    pool = sorted(load_card_pool(), key=lambda c: c.id)
    if provisional:
        pool = [c for c in pool if c.is_provisional]
    title = "Cards with provisional data" if provisional else "Card pool"
    table = Table(title=f"{title} ({len(pool)})")
    for header in ("Id", "Name", "Type", "Level", "ATK/HP/STK", "Keywords", "CNT", "Provenance"):
        table.add_column(header, justify="right" if header == "Level" else "left")
    for card in pool:
        table.add_row(
            card.id,
            card.name,
            card.type.value,
            str(card.level),
            _stats(card),
            ", ".join(sorted(k.value for k in card.keywords)),
            "yes" if card.has_cnt else "",
            _provenance(card),
        )
    stdout_console().print(table)
