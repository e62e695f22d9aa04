"""Data commands: ``gateruler validate`` and ``gateruler levels`` (``cards`` is in cmd_cards)."""

from __future__ import annotations

import sys

import click
from rich.table import Table

from gateruler.cli import main, stdout_console
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.engine.keywords import PIERCE
from gateruler.errors import capped
from gateruler.level_words import level_rule_lines
from gateruler.loader import load_card_pool, shipped_levels, validate_file
from gateruler.validation import level_figures
from gateruler.yamlsrc import Severity


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


@main.command()
@click.argument("files", nargs=-1, required=True)
@click.option("--no-smoke", is_flag=True, help="Do not play the short seeded smoke run on level files.")
@cards_option
def validate(files: tuple[str, ...], no_smoke: bool, card_paths: tuple[str, ...]) -> None:
    """Check data files (cards, rulers, levels, decks, collections) and print every problem.

    Each finding is one line, path:line:column: message.  Exit status 0 when
    there are no errors (warnings are allowed), 2 otherwise.  A level file
    without errors is also played a few dozen seeded games (see
    docs/authoring.md); a rule error in play is an error naming its card.
    Decks and levels may use your own cards (--cards, your card library).
    """
    pool = card_pool(card_paths)
    errors = warnings = 0
    for path in files:
        findings = validate_file(path, pool)
        if not no_smoke and not any(f.is_error for f in findings):
            from gateruler.authoring.smoke import smoke_check_file

            findings += smoke_check_file(path, pool=pool)
        for line in capped([str(finding) for finding in findings], "findings", path):
            click.echo(line)
        for finding in findings:
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
    """The six rift levels: life, attack, drives, what their decks add up to, and their special rules in words."""
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
            "yes" if PIERCE in level.keywords else "no",
            str(level.drives_per_turn),
            _figure(figures.deck_size, stated.deck_size if stated else None),
            _figure(figures.total_level, stated.total_level if stated else None),
            _figure(figures.cnt_cards, stated.cnt_cards if stated else None),
        )
    out = stdout_console()
    out.print(table)
    out.print("Special rules:")
    for level in shipped_levels():
        rules = level_rule_lines(level, pool) or ["none."]
        for i, rule in enumerate(rules):
            head = f"{level.number} {level.name}: " if i == 0 else " " * len(f"{level.number} {level.name}: ")
            out.print(f"  {head}{rule}", soft_wrap=not out.is_terminal)
