"""Starting files for ``gateruler new level``, ``gateruler new card`` and ``gateruler new deck``.

A new author copies what they are given, so each template is a complete file
that validates as written, with a comment on every line saying what to change.
Card names in the comments are looked up in the card pool rather than typed
here, so they cannot drift from the data.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from gateruler.authoring.schema import SCHEMA_DIR, modeline, write_file
from gateruler.errors import GateRulerError
from gateruler.fileio import check_output, is_missing
from gateruler.loader import load_card_pool
from gateruler.vocabulary import CardType

# Shipped rift cards a new level starts from: a plain, playable mix (one with CNT).
STARTER_CARDS = (
    ("2020GB01-127", 10),
    ("2020GB01-126", 10),
    ("2020GB01-125", 10),
    ("2020GB01-020", 10),
    ("2020GB01-123", 10),
)


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def _header(kind: str, path: Path, lines: list[str]) -> list[str]:
    head = [modeline(kind, path)] if SCHEMA_DIR.is_dir() else []
    return head + [f"# {line}" if line else "#" for line in lines]


def slug(text: str) -> str:
    """A file-name-friendly form of a level name or card id."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "new"


def level_template(name: str, path: Path) -> str:
    """A level file named `name`, meant to be written at `path`."""
    pool = load_card_pool()
    entries = []
    total_level = cnt_cards = 0
    for card_id, count in STARTER_CARDS:
        card = pool[card_id]
        cnt = ", CNT" if card.has_cnt else ""
        entries.append(f"  - {{card: {card_id}, count: {count}}}   # {card.name}, level {card.level}{cnt}")
        total_level += card.level * count
        cnt_cards += count if card.has_cnt else 0
    deck_size = sum(count for _, count in STARTER_CARDS)
    lines = _header(
        "level",
        path,
        [
            "A new rift level.  docs/authoring.md walks through writing one;",
            "docs/reference.md explains every field and word.",
            f"Check it with: gateruler validate {path.name}",
        ],
    )
    lines += [
        "level: 7                       # 1-6 are the shipped levels; number yours 7 or more",
        f"name: {_quoted(name)}",
        "hp: 15                         # the rift's LIFE",
        "atk: 4                         # the rift ruler's ATK",
        "stk: 3                         # the rift ruler's STK (damage to you per hit)",
        "keywords: []                   # e.g. [pierce]",
        "drives_per_turn: 2             # cards the rift drives each turn",
        "# card_files: [my.cards.yaml]  # your own new cards, relative to this file (gateruler new card)",
        "cards:                         # the rift's 50 cards, by card number (gateruler cards lists them)",
        *entries,
        f"# stated: {{deck_size: {deck_size}, total_level: {total_level}, cnt_cards: {cnt_cards}}}   # optional: what the list must add up to",
        "special_rules: []              # e.g. [{rule: set_stats, card: 2020GB01-127, atk: 6}]",
        "briefing: >-",
        "  What the player reads before the game: what makes this rift different.",
    ]
    return "\n".join(lines) + "\n"


_ABILITY = {
    CardType.UNIT: [
        "      - trigger: on_enter           # when it enters the board; see docs/reference.md#triggers",
        "        text: When it enters, deal 1 damage to an enemy unit.",
        "        effects:",
        "          - {effect: damage, target: enemy_unit, amount: 1}",
    ],
    CardType.EVENT: [
        "      - trigger: on_play            # when it is played (the rift plays a driven event at once)",
        "        text: Deal 1 damage to the enemy ruler.",
        "        effects:",
        "          - {effect: damage, target: enemy_ruler, amount: 1}",
    ],
    CardType.FIELD: [
        "      - trigger: start_of_turn      # each start of its controller's turn",
        "        text: At the start of your turn, your units get +1 ATK until end of turn.",
        "        effects:",
        "          - {effect: modify, target: all_own_units, atk: 1}",
    ],
}


def card_template(
    card_id: str, card_type: CardType, path: Path, name: str = "new card", *, player: bool = False
) -> str:
    """A card file with one card of `card_type`, meant to be written at `path`: a rift card, or with
    `player` a player's card (one of their real cards, for their decks)."""
    known = load_card_pool().get(card_id)
    if known is not None:
        raise GateRulerError(
            f"card id {card_id!r} is already a shipped card ({known.name}); choose a new id, "
            "or correct the shipped card in your card file with 'replaces: true' (docs/decks.md)"
        )
    use = (
        [
            "Your cards.  Use them in a deck: name this file in the deck's `card_files:`,",
            "pass it with --cards, or keep it in your card folder (docs/decks.md).",
        ]
        if player
        else ["New cards.  Name this file in a level's `card_files:` to use them there."]
    )
    lines = _header(
        "card",
        path,
        [*use, "docs/reference.md explains every field and word.", f"Check it with: gateruler validate {path.name}"],
    )
    lines += [
        "cards:",
        f"  - id: {_quoted(card_id)}",
        f"    name: {_quoted(name)}",
        f"    type: {card_type.value}                   # unit | event | field",
        "    level: 1",
    ]
    if card_type is CardType.UNIT:
        lines += [
            "    atk: 3                        # atk/hp/stk: units only",
            "    hp: 3",
            "    stk: 1",
        ]
    lines += [
        "    keywords: []                  # e.g. [pierce]; see docs/reference.md#keywords",
        "    cnt: false                    # true: it has a CNT icon (needed for a `trigger: cnt` ability)",
    ]
    if player:
        lines += [
            "    attributes: []                # as printed, e.g. [Dragon]",
            "    provenance: published         # numbers copied from the printed card; provisional if you guessed any",
            "    source: My own copy of the card.",
            "    abilities:                    # the card's text in the vocabulary of docs/reference.md#effects",
        ]
    else:
        lines += [
            "    provenance: provisional       # invented numbers are provisional",
            "    solo_only: true               # a rift card: player decks may not use it",
            "    source: Invented for a new level.",
            "    abilities:",
        ]
    lines += _ABILITY[card_type]
    return "\n".join(lines) + "\n"


def deck_template(name: str, ruler_id: str, path: Path) -> str:
    """A deck file named `name` for the ruler `ruler_id`: its shipped sample list, legal as written, to make one's own."""
    from gateruler.loader import load_deck, load_rulers, sample_deck_path

    rulers = load_rulers()
    ruler = rulers.get(ruler_id)
    if ruler is None:
        raise GateRulerError(f"--ruler: unknown ruler {ruler_id!r} (there are: {', '.join(sorted(rulers))})")
    pool = load_card_pool()
    sample = load_deck(sample_deck_path(ruler_id), pool, rulers)
    rules = ruler.deck_rules
    limits = [f"exactly {rules.size} cards", f"at most {rules.copies_per_name} copies per name"]
    limits += [f"total level at most {rules.level_cap}"] if rules.level_cap is not None else []
    limits += [f"at most {rules.cnt_cap} CNT cards"] if rules.cnt_cap is not None else []
    lines = _header(
        "deck",
        path,
        [
            f"A {ruler.name} deck.  docs/decks.md walks through building one of your own cards.",
            f"It starts as the shipped {ruler.name} sample list, which is legal: change it card by card.",
            "Name a card by its id or by its name; your own cards come from `card_files:`,",
            "--cards or your card folder.  `gateruler cards --player` lists the cards a deck may use.",
            f"Look at it with: gateruler deck show {path.name}",
        ],
    )
    lines += [
        f"name: {_quoted(name)}",
        f"ruler: {ruler.id}                   # {' | '.join(sorted(rulers))}",
        "# card_files: [my.cards.yaml]     # your own card files, relative to this file",
        f"cards:                          # {', '.join(limits)}",
    ]
    for entry in sample.cards:
        card = pool[entry.card]
        lines.append(
            f"  - {{card: {entry.card}, count: {entry.count}}}   # {card.name}, {card.type.value}, level {card.level}"
        )
    return "\n".join(lines) + "\n"


def write_new(path: Path, text: str) -> None:
    """Write a new file; never overwrite what an author may have spent an hour on."""
    check_output(path, make_folders=True)  # first: a name too long, a folder, a FIFO are said as such
    if not is_missing(path):
        raise GateRulerError(f"{path} already exists; not overwriting it (give another --output)")
    write_file(path, text)
