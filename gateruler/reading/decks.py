"""Reading player deck files by the table (``DECK`` in gateruler/authoring/fields.py), and checking them.

A deck file is read by its table (its card list by
:mod:`~gateruler.reading.entries`, its ``card_files`` found relative to it);
:func:`read_player_deck` then adds its card files to the pool
(:mod:`gateruler.library`), resolves its entries' names to ids and checks it
against its ruler's deck rules (:mod:`gateruler.validation`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs

from gateruler.authoring.fields import DECK, Field
from gateruler.cardpool import CardPool
from gateruler.errors import DataError, GateRulerError
from gateruler.fileio import is_missing
from gateruler.library import read_library
from gateruler.models import DeckDef, RulerDef, SourceLocation
from gateruler.reading.cards import shipped_pool
from gateruler.reading.entries import read_entries
from gateruler.reading.rulers import load_rulers
from gateruler.reading.sources import DECKS_DIR, card_file_paths
from gateruler.reading.tables import Context, Reading, Rules, build, read_object, structure
from gateruler.validation import check_resolved_deck, resolve_deck
from gateruler.yamlsrc import Report, load_yaml

__all__ = [
    "PlayerDeck",
    "load_deck",
    "load_player_deck",
    "parse_deck",
    "read_deck",
    "read_player_deck",
    "sample_deck_path",
]


def _card_files(r: Reading, field: Field) -> tuple[str, ...]:
    return tuple(str(p) for p in card_file_paths(r.f, field.name, field.item, r.context.path))


def _deck(r: Reading) -> DeckDef:
    r.values["field_locations"] = {"ruler": r.f.value_loc("ruler"), "cards": r.f.key_loc("cards")}
    deck: DeckDef = build(r)
    return deck


_RULES = {DECK.name: Rules(fields={"card_files": _card_files, "cards": read_entries}, build=_deck)}


def read_deck(node: Any, report: Report, path: str = "") -> DeckDef | None:
    """One deck file (docs/reference.md, Deck file), without legality checks.

    Its entries are as written (ids or names); :func:`load_player_deck`
    reads its ``card_files`` and resolves the names.
    """
    deck: DeckDef | None = read_object(DECK, node, Context(report, path, _RULES), at=SourceLocation(path, 1, 1))
    return deck


def parse_deck(node: Any, path: str) -> DeckDef:
    """Structure a located deck mapping (no legality checks); raises DataErrors."""
    deck: DeckDef = structure(read_deck, node, path)
    return deck


@attrs.frozen
class PlayerDeck:
    """A checked player deck (entries resolved to ids) and the pool its games use (its own card files included)."""

    deck: DeckDef
    pool: CardPool


def read_player_deck(
    node: Any, report: Report, path: str, pool: CardPool, rulers: dict[str, RulerDef]
) -> PlayerDeck | None:
    """A deck file read, its card files added to `pool`, its names resolved and its legality checked.

    Every problem goes to `report`; None when the file itself could not be read.
    """
    deck = read_deck(node, report, path)
    if deck is None:
        return None
    pool = read_library(pool, [Path(p) for p in deck.card_files], report)
    resolved, findings = resolve_deck(deck, pool)
    report.extend(findings)
    report.extend(check_resolved_deck(resolved, pool, rulers))
    return PlayerDeck(resolved, pool)


def load_player_deck(
    path: str | Path, pool: CardPool | None = None, rulers: dict[str, RulerDef] | None = None
) -> PlayerDeck:
    """A player deck file and the pool its games use (`pool`, default the shipped cards, plus its own card files).

    The deck is checked against its ruler's deck rules, the ban list and
    the cards a player may use; raises DataErrors listing every problem.
    """
    pool = pool if pool is not None else shipped_pool()
    rulers = rulers if rulers is not None else load_rulers()
    _refuse_missing_sample_name(path)
    report = Report()
    player_deck = read_player_deck(load_yaml(path), report, str(path), pool, rulers)
    report.raise_errors()
    assert player_deck is not None
    return player_deck


def load_deck(path: str | Path, pool: CardPool | None = None, rulers: dict[str, RulerDef] | None = None) -> DeckDef:
    """A checked player deck file, entries resolved to card ids (see :func:`load_player_deck`)."""
    return load_player_deck(path, pool, rulers).deck


def _refuse_missing_sample_name(path: str | Path) -> None:
    """A newcomer types `check knight` (or `knight-sample.yaml` outside the checkout) for a shipped sample deck:
    where no such file is, say where the sample is instead of only that nothing is there.  A file by that
    name, where one is, is read as it is: a name is never taken for a sample over the user's own file."""
    shown = str(path)
    if not shown or not is_missing(shown):
        return
    name = Path(shown).name.lower().removesuffix(".yaml").removesuffix(".yml").removesuffix("-sample")
    sample = _sample_file(name)
    if name and sample.is_file():
        raise DataError(shown, 1, 1, f"no such file (the shipped {name.capitalize()} sample deck is {sample})")


def _sample_file(ruler_id: str) -> Path:
    """Where the shipped sample deck of a ruler is, if it has one."""
    return DECKS_DIR / f"{ruler_id}-sample.yaml"


def sample_deck_path(ruler_id: str = "knight") -> Path:
    """The shipped sample deck for a ruler (gateruler/data/decks/<ruler>-sample.yaml)."""
    path = _sample_file(ruler_id)
    if not path.is_file():
        known = sorted(p.name.removesuffix("-sample.yaml") for p in DECKS_DIR.glob("*-sample.yaml"))
        raise GateRulerError(f"no sample deck for ruler {ruler_id!r} (there are: {', '.join(known)})")
    return path
