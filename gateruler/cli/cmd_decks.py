"""``gateruler deck show FILE``: a player deck, what it is made of, and what is wrong with it."""

from __future__ import annotations

import sys

import click

from gateruler.cardpool import CardPool
from gateruler.cli import main
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.decks import DeckSummary, summarise
from gateruler.errors import DataError, DataErrors, capped
from gateruler.models import DeckDef
from gateruler.yamlsrc import Report, load_yaml


@main.group()
def deck() -> None:
    """Look at a player deck file."""


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
