"""Where the shipped data files are, how a file is opened, and how a file says what kind it is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import gateruler
from gateruler.errors import DataError
from gateruler.yamlsrc import MISSING, Fields, parse_yaml, read_text

PACKAGE_DIR = Path(gateruler.__file__).parent
DATA_DIR = PACKAGE_DIR / "data"
CARDS_DIR = DATA_DIR / "cards"
RULERS_DIR = DATA_DIR / "rulers"
DECKS_DIR = DATA_DIR / "decks"
# the levels' home is invader_decks/ in the repository; an installed package carries a copy (setup.py)
_PACKAGED_LEVELS = PACKAGE_DIR / "invader_decks"
INVADER_DECKS_DIR = _PACKAGED_LEVELS if _PACKAGED_LEVELS.is_dir() else PACKAGE_DIR.parent / "invader_decks"
SHIPPED_LEVELS = range(1, 7)


def load_yaml_as(path: Path, shown: str) -> Any:
    """load_yaml, reporting the file under the name `shown`."""
    try:
        text = read_text(path)
    except DataError as error:
        raise DataError(shown, error.line, error.column, error.message) from None
    return parse_yaml(text, shown)


def file_kind(node: Any) -> str | None:
    """'level', 'deck', 'collection', 'ruler' or 'cards' from a file's top-level keys; None if none fits.

    The keys are the ones docs/reference.md's table of files gives (``FileSpec.how_told``)."""
    if not isinstance(node, dict):
        return None
    if "level" in node and "hp" in node:
        return "level"
    if "ruler" in node and "cards" in node:
        return "deck"
    if "owned" in node:
        return "collection"
    if "life" in node:
        return "ruler"
    if "cards" in node:
        return "cards"
    return None


def card_file_paths(f: Fields, key: str, item: str, path: str) -> list[Path]:
    """The files the list `key` names, each relative to the file at `path`; a missing one is an error.

    Each file once: a list naming one file a thousand times is an error, not a thousand readings."""
    paths: list[Path] = []
    read: set[Path] = set()
    for value, loc in f.items(key):
        name = f.convert(value, str, loc, item)
        if name is MISSING:
            continue
        card_path = Path(path).parent / name
        if not card_path.is_file():
            f.error(loc, f"{item} {name[:200]!r} not found (looked for {str(card_path)[:200]})")
            continue
        if card_path.resolve() in read:
            f.error(loc, f"{item} {name[:200]!r} listed twice")
            continue
        read.add(card_path.resolve())
        paths.append(card_path)
    return paths
