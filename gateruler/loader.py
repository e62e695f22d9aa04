"""Loading the project's data files into definitions, with every error located: the names others code against.

What each file may hold is described once, in the field tables of
:mod:`gateruler.authoring.fields`; docs/reference.md (``gateruler schema
--markdown``) is that description in words, and the JSON Schemas in schema/
are it for editors.  The readers in :mod:`gateruler.reading` read every file
by those tables, one module per kind of file, and :mod:`gateruler.library`
says which card files a command reads and how a player's cards join the
shipped ones.  This module gathers their public names:

* :func:`load_card_pool`, :func:`parse_cards`: cards (:mod:`gateruler.reading.cards`,
  a player's card files :mod:`gateruler.library`);
* :func:`load_rulers`: rulers (:mod:`gateruler.reading.rulers`);
* :func:`load_level`, :func:`shipped_levels`, :data:`INVADER_DECKS_DIR`: rift levels
  (:mod:`gateruler.reading.levels`);
* :func:`load_deck`, :func:`load_player_deck`, :func:`sample_deck_path`: player decks, names resolved,
  their own card files read (:mod:`gateruler.reading.decks`);
* :func:`load_collection`: a player's collection, for ``gateruler tune`` (:mod:`gateruler.reading.collection`);
* :func:`check_level`, :func:`check_deck`, :func:`check_collection` (from :mod:`gateruler.validation`),
  :class:`Finding`, :func:`validate_file` (:mod:`gateruler.reading.validate`): checks.

The ``read_*`` functions structure one located YAML node into definitions
and put every problem into a :class:`~gateruler.yamlsrc.Report` (so one pass
finds all of them); the ``parse_*``/``load_*`` functions wrap them and raise
:class:`~gateruler.errors.DataErrors`.  Warnings are never raised; only
:func:`validate_file` (and the check functions) return them.
:func:`file_kind` tells the kinds of file apart by their top-level keys, as
docs/reference.md's table of files says.
"""

from __future__ import annotations

from gateruler.library import load_card_pool
from gateruler.reading.cards import parse_cards, read_card, read_card_file, read_cards
from gateruler.reading.collection import load_collection, read_collection
from gateruler.reading.decks import (
    PlayerDeck,
    load_deck,
    load_player_deck,
    parse_deck,
    read_deck,
    read_player_deck,
    sample_deck_path,
)
from gateruler.reading.levels import load_level, parse_level, read_level, read_variants, shipped_levels
from gateruler.reading.rulers import load_rulers, read_ruler
from gateruler.reading.sources import (
    CARDS_DIR,
    DATA_DIR,
    DECKS_DIR,
    INVADER_DECKS_DIR,
    RULERS_DIR,
    SHIPPED_LEVELS,
    file_kind,
    load_yaml_as,
)
from gateruler.reading.validate import validate_file
from gateruler.validation import check_collection, check_deck, check_level
from gateruler.yamlsrc import Finding, Severity

__all__ = [
    "CARDS_DIR",
    "DATA_DIR",
    "DECKS_DIR",
    "Finding",
    "INVADER_DECKS_DIR",
    "PlayerDeck",
    "RULERS_DIR",
    "SHIPPED_LEVELS",
    "Severity",
    "check_collection",
    "check_deck",
    "check_level",
    "file_kind",
    "load_card_pool",
    "load_collection",
    "load_deck",
    "load_level",
    "load_player_deck",
    "load_rulers",
    "load_yaml_as",
    "parse_cards",
    "parse_deck",
    "parse_level",
    "read_card",
    "read_card_file",
    "read_cards",
    "read_collection",
    "read_deck",
    "read_level",
    "read_player_deck",
    "read_ruler",
    "read_variants",
    "sample_deck_path",
    "shipped_levels",
    "validate_file",
]
