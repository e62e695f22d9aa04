"""Card commands: ``gateruler cards`` (the pool, filtered), ``gateruler card NAME`` and ``gateruler deck show``.

The pool is the shipped cards plus the player's own (``--cards``, the card
library).  Ids are what a player types, so no layout ever cuts one: a wide
terminal gets a table whose other columns wrap, a narrow one a card per line.
"""

from __future__ import annotations

import os
import shutil
import sys
import textwrap
from pathlib import Path

import click
from rich.table import Table

from gateruler.cardpool import CardPool
from gateruler.cli import main, stdout_console
from gateruler.cli.card_library import card_pool, cards_option
from gateruler.errors import GateRulerError
from gateruler.library import place
from gateruler.models import CardDef
from gateruler.streams import is_terminal
from gateruler.validation import player_use_reason, unknown_deck_card
from gateruler.vocabulary import CardType

TABLE_WIDTH = 100  # below this many columns `cards` prints a card per line instead of a table


def output_width() -> int:
    """The terminal's columns; off a terminal COLUMNS if set, else room enough for a whole table."""
    if is_terminal(sys.stdout):
        return shutil.get_terminal_size((80, 24)).columns
    try:
        return max(20, int(os.environ["COLUMNS"]))
    except (KeyError, ValueError):
        return 200


def provenance_words(card: CardDef, pool: CardPool) -> str:
    text = card.provenance.value
    if card.stats_provenance is not None and card.stats_provenance is not card.provenance:
        text += f"; stats {card.stats_provenance.value}"
    user = pool.user_card(card.id)
    if user is not None:
        text += "; yours, replacing the shipped card" if user.replaced is not None else "; yours"
    return text


def stats_words(card: CardDef) -> str:
    return f"{card.atk}/{card.hp}/{card.stk}" if card.is_unit else "-"


def _matches(card: CardDef, text: str) -> bool:
    wanted = text.casefold()
    words = [card.id, card.name, *card.names.values(), *card.attributes, card.faction or ""]
    words += list(card.keywords) + [a.text for a in card.abilities]
    return any(wanted in w.casefold() for w in words)


def _select(
    pool: CardPool, player: bool, rift: bool, provisional: bool, card_type: str | None, search: str | None
) -> list[CardDef]:
    cards = sorted(pool, key=lambda c: c.id)
    if player:
        cards = [c for c in cards if player_use_reason(c) is None]
    if rift:
        cards = [c for c in cards if not c.player_may_use]
    if provisional:
        cards = [c for c in cards if c.is_provisional]
    if card_type is not None:
        cards = [c for c in cards if c.type is CardType(card_type)]
    if search:
        cards = [c for c in cards if _matches(c, search)]
    return cards


def card_line(card: CardDef, pool: CardPool, width: int) -> list[str]:
    """One card as one line (wrapped, the id never split): id, name, type, level, numbers, provenance."""
    facts = [f"{card.type.value}, level {card.level}"]
    if card.is_unit:
        facts.append(stats_words(card))
    if card.keywords:
        facts.append(", ".join(sorted(card.keywords)))
    if card.has_cnt:
        facts.append("CNT")
    text = f"{card.id}  {card.name} · {' · '.join(facts)} · {provenance_words(card, pool)}"
    return textwrap.wrap(text, width, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)


@main.group(invoke_without_command=True)
@click.option("--player", is_flag=True, help="Only cards a player deck may use.")
@click.option("--rift", is_flag=True, help="Only the rift's cards (rift and solo-mode cards).")
@click.option("--provisional", is_flag=True, help="Only cards with provisional data.")
@click.option("--type", "card_type", type=click.Choice([t.value for t in CardType]), help="Only cards of this type.")
@click.option(
    "--search",
    metavar="TEXT",
    help="Only cards with TEXT in their id, a name, an attribute, a keyword or an ability's text.",
)
@cards_option
@click.pass_context
def cards(
    ctx: click.Context,
    player: bool,
    rift: bool,
    provisional: bool,
    card_type: str | None,
    search: str | None,
    card_paths: tuple[str, ...],
) -> None:
    """The card pool: numbers, stats and where they come from (your own cards included)."""
    if ctx.invoked_subcommand is not None:
        return
    if player and rift:
        raise GateRulerError("gateruler cards: give --player or --rift, not both")
    pool = card_pool(card_paths)
    chosen = _select(pool, player, rift, provisional, card_type, search)
    title = "Cards with provisional data" if provisional else "Card pool"
    width = output_width()
    if width < TABLE_WIDTH:
        click.echo(f"{title} ({len(chosen)})")
        for card in chosen:
            click.echo("\n".join(card_line(card, pool, width)))
        return
    table = Table(title=f"{title} ({len(chosen)})")
    table.add_column("Id", no_wrap=True, min_width=max((len(c.id) for c in chosen), default=2))
    for header in ("Name", "Type", "Level", "ATK/HP/STK", "Keywords", "CNT", "Provenance"):
        table.add_column(header, justify="right" if header == "Level" else "left", overflow="fold")
    for card in chosen:
        table.add_row(
            card.id,
            card.name,
            card.type.value,
            str(card.level),
            stats_words(card),
            ", ".join(sorted(card.keywords)),
            "yes" if card.has_cnt else "",
            provenance_words(card, pool),
        )
    console = stdout_console()
    console.width = width
    console.print(table)


@cards.command("import")
@click.argument("csv_file", metavar="FILE.csv", type=click.Path(dir_okay=False))
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False), help="The card file to write.")
@click.option("--force", is_flag=True, help="Overwrite the output file if it exists.")
@cards_option
def cards_import(csv_file: str, output: str, force: bool, card_paths: tuple[str, ...]) -> None:
    """Turn a spreadsheet of your cards (CSV: id, name, type, level, atk, hp, stk, keywords, cnt, attributes, ...)
    into a card file; every bad cell is an error at its row and column.  Add the abilities by hand afterwards.
    Ids are checked against the shipped cards and your card libraries (the output file left out).

    Other columns are passed over with one warning naming them; a Shift-JIS
    file (a Japanese spreadsheet's plain CSV) is read with a warning."""
    from gateruler.authoring.card_import import import_cards

    if not output:
        raise GateRulerError("--output: the empty path names no file")
    count = import_cards(
        csv_file,
        Path(output),
        force=force,
        pool=card_pool(card_paths, skip=(Path(output),)),
        warn=lambda line: click.echo(line, err=True),
    )
    click.echo(
        f"wrote {output}: {count} card{'' if count == 1 else 's'} from {csv_file}; add their abilities, then check it with: gateruler validate {output}"
    )


# ---------------------------------------------------------------------------
# One card


def find_card(pool: CardPool, text: str) -> CardDef:
    """The one card `text` names (as a deck entry would, else by part of an id or name); a one-line error otherwise."""
    found = pool.find(text)
    if not found:
        wanted = text.strip().casefold()
        found = [
            c
            for c in sorted(pool, key=lambda c: c.id)
            if any(wanted in n.casefold() for n in (c.id, c.name, *c.names.values()))
        ]
    if len(found) == 1:
        return found[0]
    if found:
        listed = ", ".join(f"{c.id} ({c.name})" for c in found[:12]) + (", ..." if len(found) > 12 else "")
        raise GateRulerError(f"{text!r} fits {len(found)} cards: {listed}; give more of the name, or the id")
    raise GateRulerError(unknown_deck_card(text, pool).replace("unknown card", "no card", 1))


def group_words(pool: CardPool, kind: str, printed: str) -> str:
    """An attribute or faction as printed, with its other names (and a faction's colour): "Military (ミリタリー)"."""
    entries = pool.groups.group_of(kind, printed)
    others: list[str] = []
    for entry in entries:
        for name in entry.all_names():
            if name.casefold() != printed.casefold() and name not in others:
                others.append(name)
    colours = [e.colour for e in entries if e.colour][:1]
    more = others + colours
    return f"{printed} ({', '.join(more)})" if more else printed


def card_page(card: CardDef, pool: CardPool, width: int) -> list[str]:
    """A card in full, outside a game: what render shows in play, then what a deck builder asks."""
    from gateruler.render import card_lines, wrap

    lines = card_lines(card, width=width)
    if card.attributes:
        named = [group_words(pool, "attributes", a) for a in card.attributes]
        lines += wrap("attributes: " + ", ".join(named), width, "  ", "    ")
    if card.faction:
        lines += wrap("faction: " + group_words(pool, "factions", card.faction), width, "  ", "    ")
    user = pool.user_card(card.id)
    where = f"  defined in {place(card.location)}"
    if user is not None:
        where += " (your card file)"
        if user.replaced is not None:
            where += f", replacing the shipped card ({provenance_words(user.replaced, CardPool())})"
    lines.append(where)
    reason = player_use_reason(card)
    lines += wrap(f"player decks: {'may use it' if reason is None else 'may not: ' + reason}", width, "  ", "    ")
    return lines


@main.command()
@click.argument("name_or_id", metavar="NAME-OR-ID")
@cards_option
def card(name_or_id: str, card_paths: tuple[str, ...]) -> None:
    """Print one card in full: numbers, keywords, abilities in words, where its data comes from."""
    pool = card_pool(card_paths)
    width = min(output_width(), 100)
    click.echo("\n".join(card_page(find_card(pool, name_or_id), pool, width)))
