"""A player's card libraries: which card files a command reads, and how their cards join the shipped ones.

A player who owns real cards brings them as card files (the same format as
the shipped ones).  A command that loads cards reads, in this order, each file
once however often it is named:

1. the **user library**: the card file or folder that ``GATERULER_CARDS``
   names (several, separated by ``os.pathsep``; set but empty: none), else
   the folder ``cards`` in the platform's user data folder
   (``platformdirs.user_data_path("gateruler")``), when it exists;
2. each ``--cards PATH`` option, in order;
3. a deck file's own ``card_files:`` (read with the deck, gateruler/reading/decks.py).

A folder means every ``*.yaml``/``*.yml`` file under it, in sorted order,
hidden files and folders left out; deck, level and ruler files found in a
folder are passed over, so decks may sit beside the cards.  A folder holds at
most :data:`MAX_FOLDER_FILES` of them; one that cannot be listed (no right to
read it) is an error, never an empty library.  A file is one file however it
is reached (a symlink, a folder and a file in it), and the shipped card files
are the shipped cards: naming them is no clash.

A card id defined twice is an error naming both places, unless the later
definition is a player's card that says ``replaces: true`` and the earlier
one is shipped: then the player's card replaces the shipped one everywhere
(the rift's copies too).  That is how a player corrects a provisional card
with the printed numbers; the card is then as provisional as the player's
file says.  ``replaces: true`` with no shipped card of that id is an error,
since a misspelt id would otherwise add a new card without a word.

:func:`load_card_pool` is the shipped cards with a command's card files.

Results record the files read (:class:`~gateruler.cardpool.LibraryFile`) and
embed the definitions of the player's cards a game uses, as written
(:func:`embedded_cards`, :func:`with_embedded`), so that a replay or a save
made with them works on a machine that does not have the files.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gateruler.cardpool import CardPool, LibraryFile, UserCard
from gateruler.errors import DataError, DataErrors, GateRulerError
from gateruler.models import GroupDef, Groups, SourceLocation
from gateruler.reading.cards import join_groups, may_join, place, read_card_file_parts, read_cards, shipped_pool
from gateruler.reading.sources import file_kind
from gateruler.yamlsrc import LocatedList, LocatedMap, Report, parse_yaml, read_text

__all__ = [
    "ENV_VAR",
    "add_card_file",
    "embedded_cards",
    "embedded_groups",
    "library_paths",
    "library_summary",
    "load_card_pool",
    "load_library",
    "place",
    "plain",
    "read_library",
    "user_library_folder",
    "user_library_paths",
    "with_embedded",
    "with_embedded_groups",
]

ENV_VAR = "GATERULER_CARDS"
MAX_FOLDER_FILES = 1000
MAX_EMBEDDED_CARDS = 1000
CARD_SUFFIXES = (".yaml", ".yml")
_NOT_CARDS = {"deck": "a deck file", "level": "a level file", "ruler": "a ruler file"}


def user_library_folder() -> Path:
    """The platform's folder for a player's card files (used when GATERULER_CARDS is not set)."""
    import platformdirs

    return platformdirs.user_data_path("gateruler", appauthor=False) / "cards"


def user_library_paths() -> list[Path]:
    """The user library: what GATERULER_CARDS names, else the platform folder if it exists."""
    value = os.environ.get(ENV_VAR)
    if value is None:
        folder = user_library_folder()
        return [folder] if folder.is_dir() else []
    paths = [Path(part).expanduser() for part in value.split(os.pathsep) if part.strip()]
    for path in paths:
        if not path.exists():
            raise GateRulerError(f"{ENV_VAR}: no such file or folder: {path}")
    return paths


def library_paths(options: Iterable[str] = ()) -> list[Path]:
    """The user library followed by the ``--cards`` options; a path that does not exist is an error."""
    paths = user_library_paths()
    for option in options:
        path = Path(option).expanduser()
        if not path.exists():
            raise GateRulerError(f"--cards: no such file or folder: {option}")
        paths.append(path)
    return paths


def _unreadable(error: OSError) -> None:
    """os.walk's error handler: a folder that cannot be listed is an error, never read as holding no cards."""
    where = error.filename if error.filename is not None else "?"
    raise GateRulerError(f"{where}: cannot read this folder of card files: {error.strerror or error}")


def _folder_files(folder: Path) -> list[Path]:
    files: list[Path] = []
    for root, dirs, names in os.walk(folder, onerror=_unreadable):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        files += [Path(root) / n for n in sorted(names) if n.endswith(CARD_SUFFIXES) and not n.startswith(".")]
        if len(files) > MAX_FOLDER_FILES:
            raise GateRulerError(
                f"{folder}: more than {MAX_FOLDER_FILES} card files in one folder; name fewer with --cards"
            )
    return files


def _absolute(path: Path) -> str:
    return os.path.abspath(path)


def read_library(base: CardPool, paths: Iterable[Path], report: Report, skip: Iterable[Path] = ()) -> CardPool:
    """`base` plus the cards of the card files and folders `paths`; every problem goes to `report`.

    Files `base` already read are not read again (a deck's card file that is
    also in the user library, say), nor the files `skip` names (a card file
    about to be written over), nor are the shipped card files (their cards
    are the shipped ones).  A folder that cannot be listed is an error.
    """
    pool = base
    # by real path: a file named twice (a symlink, a folder and a file in it) is read once, and a shipped
    # card file is the shipped cards themselves, already in every pool, never a clash with itself
    seen = {os.path.realpath(f.path) for f in base.library_files} | _shipped_files()
    seen |= {os.path.realpath(p) for p in skip}
    for path in paths:
        in_folder = path.is_dir()
        for file in _folder_files(path) if in_folder else [path]:
            if os.path.realpath(file) in seen:
                continue
            seen.add(os.path.realpath(file))
            try:
                text = read_text(file)
                node = parse_yaml(text, str(file))
            except (DataError, DataErrors) as error:
                report.add_exception(error)
                continue
            kind = file_kind(node)
            if kind in _NOT_CARDS:
                if not in_folder:
                    report.error(
                        SourceLocation(str(file), 1, 1),
                        f"this is {_NOT_CARDS[kind]}, not a card file (a card library holds card files: a 'cards' list)",
                    )
                continue
            pool = add_card_file(pool, node, str(file), text, report)
    return pool


def _shipped_files() -> set[str]:
    from gateruler.reading.sources import CARDS_DIR

    return {os.path.realpath(p) for p in CARDS_DIR.glob("*.yaml")}


def add_card_file(pool: CardPool, node: Any, shown: str, text: str, report: Report) -> CardPool:
    """`pool` plus one player's card file (already parsed), checking its ids against the pool."""
    import hashlib  # here: every command imports this module, and OpenSSL takes milliseconds to start

    # by id, for the cards that read well (a card whose id is not a string is an error read_card_file reports)
    definitions = {
        item["id"]: item for item in _items(node) if isinstance(item, LocatedMap) and isinstance(item.get("id"), str)
    }
    added: list[UserCard] = []
    known = {c.id: c for c in pool}
    parts = read_card_file_parts(node, report, shown)
    names = join_groups(pool.groups, parts.groups, report)
    shipped = [c.id for c in pool if pool.user_card(c.id) is None]
    for card in parts.cards:
        other = known.get(card.id)
        if not may_join(card, other, lambda o: pool.user_card(o.id) is None, shipped, report):
            continue
        added.append(UserCard(card, plain(definitions.get(card.id)), other))
        known[card.id] = card
    record = LibraryFile(
        _absolute(Path(shown)),
        hashlib.sha256(text.encode("utf-8")).hexdigest(),
        tuple(u.card.id for u in added),
        tuple(u.card.id for u in added if u.replaced is not None),
    )
    added_names = Groups(names.attributes[len(pool.groups.attributes) :], names.factions[len(pool.groups.factions) :])
    return pool.with_user_cards(added, [record]).with_groups(added_names, user=True)


def _items(node: Any) -> list[Any]:
    cards = node.get("cards") if isinstance(node, dict) else None
    return list(cards) if isinstance(cards, list) else []


def load_library(paths: Sequence[Path], base: CardPool | None = None, skip: Iterable[Path] = ()) -> CardPool:
    """The shipped cards (or `base`) plus the card files and folders `paths` (but `skip`); raises DataErrors."""
    report = Report()
    pool = read_library(base if base is not None else shipped_pool(), paths, report, skip)
    report.raise_errors()
    return pool


def load_card_pool(extra_paths: Iterable[Path] = ()) -> CardPool:
    """The shipped cards (gateruler/data/cards/*.yaml, read once) plus a player's card files and folders.

    The player's files join as this module says: an id already known is an
    error unless the card says ``replaces: true`` and the known one is shipped.
    """
    paths = [Path(p) for p in extra_paths]
    return load_library(paths) if paths else shipped_pool()


# ---------------------------------------------------------------------------
# Carrying a player's cards in results


def library_summary(pool: CardPool) -> str | None:
    """One line saying which of the player's card files a result rests on; None when it rests on shipped cards only."""
    files = pool.library_files
    if not files:
        return None
    cards = sum(len(f.cards) for f in files)
    replacing = sum(len(f.replaces) for f in files)
    names = ", ".join(Path(f.path).name for f in files)
    line = f"card data: the shipped cards and {cards} of yours from {names}"
    return line + (f" ({replacing} replacing shipped cards)" if replacing else "")


def plain(node: Any) -> Any:
    """Located YAML as plain JSON data (mappings, lists, strings, numbers, booleans, null)."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    if node is None or isinstance(node, (str, int, float, bool)):
        return node
    return str(node)


def embedded_cards(pool: CardPool, ids: Iterable[str]) -> list[dict[str, Any]]:
    """The definitions, as written, of the player's cards among `ids`: what a replay or save carries."""
    return [u.definition for u in pool.user_cards(ids)]


def embedded_groups(pool: CardPool) -> dict[str, Any] | None:
    """The attribute and faction names a player's card files added, as a card file writes them; None when none."""
    groups = pool.user_groups
    if not groups.attributes and not groups.factions:
        return None
    return {"attributes": [_entry(e) for e in groups.attributes], "factions": [_entry(e) for e in groups.factions]}


def _entry(group: GroupDef) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": group.name}
    if group.names:
        entry["names"] = dict(group.names)
    if group.colour:
        entry["colour"] = group.colour
    return entry


def with_embedded_groups(pool: CardPool, data: Any, shown: str) -> CardPool:
    """`pool` with the attribute and faction names a replay or save carries (user input: errors name `shown`)."""
    import json  # as in with_embedded

    if not data:
        return pool
    if not isinstance(data, dict):
        raise GateRulerError(f"{shown}: 'user_groups' must be a mapping of 'attributes' and 'factions'")
    where = f"{shown} (its embedded names)"
    node = parse_yaml(json.dumps({"cards": [], **data}, ensure_ascii=False, indent=1), where)
    report = Report()
    parts = read_card_file_parts(node, report, where)
    report.raise_errors()
    return pool.with_groups(parts.groups, user=True)


def with_embedded(pool: CardPool, definitions: Any, shown: str) -> CardPool:
    """`pool` with the player's cards a replay or save carries, which win over any card of the same id.

    The file is user input: a malformed list or card is a DataError naming it.
    """
    import json  # here, as hashlib above: only replays and saves need it

    if not definitions:
        return pool
    if not isinstance(definitions, list) or len(definitions) > MAX_EMBEDDED_CARDS:
        raise GateRulerError(f"{shown}: 'user_cards' must be a list of at most {MAX_EMBEDDED_CARDS} card definitions")
    where = f"{shown} (its embedded cards)"
    node = parse_yaml(json.dumps(definitions, ensure_ascii=False, indent=1), where)
    report = Report()
    cards = read_cards(node, report, at=SourceLocation(where, 1, 1)) if isinstance(node, LocatedList) else []
    report.raise_errors()
    embedded = []
    for card, definition in zip(cards, definitions):
        other = pool.get(card.id)
        replaced = other if other is not None and pool.user_card(card.id) is None else None
        embedded.append(UserCard(card, definition, replaced))
    return pool.with_user_cards(embedded)
