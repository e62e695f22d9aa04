"""A deck of cards with Japanese names, for what the board, the line mode and the report show of wide characters.

A Japanese or Chinese character takes two columns of a terminal, and a font
without such glyphs cannot draw it: the places that measure text (the line
mode's columns, the board, the report's plots) are tested with these.
"""

from __future__ import annotations

from pathlib import Path

NAMES = ("残り火の仔竜", "門の守護者ゴーレム", "閃光の斥候")

CARDS = f"""\
cards:
  - {{id: JA-001, name: {NAMES[0]}, type: unit, level: 1, atk: 3, hp: 5, stk: 1, provenance: published, source: a test card}}
  - {{id: JA-002, name: {NAMES[1]}, type: unit, level: 2, atk: 3, hp: 7, stk: 1, keywords: [intercept], provenance: published, source: a test card}}
  - {{id: JA-003, name: {NAMES[2]}, type: unit, level: 1, atk: 2, hp: 3, stk: 1, provenance: published, source: a test card}}
"""

DECK = """\
name: 日本語のデッキ
ruler: knight
card_files: [ja.cards.yaml]
cards:
  - {card: JA-001, count: 4}
  - {card: JA-002, count: 4}
  - {card: JA-003, count: 4}
  - {card: PROV-001, count: 4}
  - {card: PROV-002, count: 4}
  - {card: PROV-003, count: 4}
  - {card: PROV-004, count: 4}
  - {card: PROV-006, count: 4}
  - {card: PROV-007, count: 4}
  - {card: PROV-008, count: 4}
  - {card: PROV-009, count: 4}
  - {card: PROV-012, count: 4}
  - {card: PROV-005, count: 2}
"""


def japanese_deck(folder: Path) -> Path:
    """Write the cards and the deck (which names its card file) into `folder`; the deck's path."""
    (folder / "ja.cards.yaml").write_text(CARDS, encoding="utf-8")
    deck = folder / "ja-deck.yaml"
    deck.write_text(DECK, encoding="utf-8")
    return deck
