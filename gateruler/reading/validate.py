"""Every finding about one data file of any kind (``gateruler validate``), never raising for bad data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gateruler.cardpool import CardPool
from gateruler.errors import DataError, DataErrors
from gateruler.library import add_card_file
from gateruler.models import SourceLocation
from gateruler.reading.cards import check_unique_ids, read_card_file, shipped_cards, shipped_pool
from gateruler.reading.collection import read_collection
from gateruler.reading.decks import read_player_deck
from gateruler.reading.levels import read_level
from gateruler.reading.rulers import load_rulers, read_ruler
from gateruler.reading.sources import INVADER_DECKS_DIR, SHIPPED_LEVELS, file_kind, load_yaml_as
from gateruler.validation import check_collection, check_level
from gateruler.yamlsrc import Finding, Report, location_of

__all__ = ["validate_file"]


def _same_file(a: str, b: Path) -> bool:
    try:
        return Path(a).resolve() == b.resolve()
    except OSError:
        return False


def _is_shipped_level(path: Path) -> bool:
    return any(_same_file(str(INVADER_DECKS_DIR / f"level-{n}.yaml"), path) for n in SHIPPED_LEVELS)


def _check_card_file(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    """A card file's own findings, and its ids against the other cards: a shipped file against the other
    shipped files, any other as a player's card file joining `pool` (without its own cards, if `pool` read it)."""
    if any(_same_file(c.location.path, path) for c in shipped_cards()):
        cards = read_card_file(node, report, shown)
        check_unique_ids(cards, {c.id: c for c in shipped_cards() if not _same_file(c.location.path, path)}, report)
        return
    others = [u for u in pool.user_cards() if _same_file(u.card.location.path, path)]
    if others:
        pool = pool.copy()
        for user_card in others:
            pool.remove(user_card.card.id)
            if user_card.replaced is not None:
                pool.add(user_card.replaced)
    add_card_file(pool, node, shown, "", report)


def _check_level(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    level = read_level(node, report, shown)
    if level is not None:  # a shipped level's figures are the seed's, held to the shipped cards
        report.extend(check_level(level, shipped_pool() if _is_shipped_level(path) else pool))


def _check_collection(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    collection = read_collection(node, report, shown)
    if collection is not None:
        report.extend(check_collection(collection, pool))


def _check_ruler(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    read_ruler(node, report, shown)


def _check_deck(node: Any, report: Report, shown: str, path: Path, pool: CardPool) -> None:
    read_player_deck(node, report, shown, pool, load_rulers())


_CHECKS = {
    "cards": _check_card_file,
    "ruler": _check_ruler,
    "level": _check_level,
    "collection": _check_collection,
    "deck": _check_deck,
}


def validate_file(path: str | Path, pool: CardPool | None = None) -> list[Finding]:
    """Every finding about one data file of any kind; never raises for bad data.

    Findings name the file as `path` is written (pass the user's string to
    keep it as typed).  Levels and collections are checked against `pool`
    (default: the shipped cards), decks against it and the rulers (with
    their own card files), card files for ids that clash with the other cards.
    """
    shown = str(path)
    pool = pool if pool is not None else shipped_pool()
    report = Report()
    try:
        node = load_yaml_as(Path(path), shown)
        kind = file_kind(node)
        if kind is None:
            report.error(
                location_of(node, SourceLocation(shown, 1, 1)),
                "cannot tell what kind of file this is: expected a card file ('cards'), a ruler ('life'), "
                "a level ('level' and 'hp'), a deck ('ruler' and 'cards') or a collection ('owned')",
            )
        else:
            _CHECKS[kind](node, report, shown, Path(path), pool)
    except (DataError, DataErrors) as error:
        report.add_exception(error)
    return report.findings
