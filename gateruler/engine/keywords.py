"""Keywords: the markers printed on cards, some of which the rules give a meaning.

A keyword is a name and a doc line.  What a keyword *does* happens where the
rules look for it (a battle checks for intercept, the draw for open card), by
name, through the constants below; a keyword with no behaviour of its own
(CR 16-1a-2, e.g. a marker other cards refer to) is only its entry.  Filters
can test any keyword (`keyword: pierce`).
"""

from __future__ import annotations

import attrs

from gateruler.engine.registry import Registry


@attrs.frozen
class KeywordWord:
    name: str
    doc: str


KEYWORDS: Registry[KeywordWord] = Registry("keyword")


def keyword(name: str, doc: str) -> str:
    """Register a keyword; returns its name, the value card data holds."""
    KEYWORDS.add(name, KeywordWord(name, doc))
    return name


PIERCE = keyword(
    "pierce",
    "Destroying the enemy defense-zone unit by attacking it also deals this card's STK to the enemy ruler as battle damage.",
)
INTERCEPT = keyword(
    "intercept", "When this unit is attacked by a unit, before battle damage, it deals its ATK to the attacking unit."
)
COUNTERATTACK = keyword(
    "counterattack",
    "When this unit is attacked by a unit and is still on the board after the battle damage, it deals its ATK to the attacker.",
)
OPEN_CARD = keyword(
    "open_card",
    "Whenever it enters its owner's hand (drawn, searched, returned) or is driven, it must be revealed and played at "
    "once; it cannot be set.",
)
DORMANT = keyword("dormant", "Our reading (unverified): this unit cannot attack.  Level 5 tells the rift to ignore it.")
CANNOT_BE_ATTACKED = keyword(
    "cannot_be_attacked", "This unit cannot be chosen as an attack target; the rift skips it in its target order."
)
SOUL_GUARD = keyword(
    "soul_guard",
    "【ソウルガード】 Soul guard: if this unit would leave play, put 1 of its soul cards into the graveyard instead; its damage "
    "becomes 0 and its until-end-of-turn changes end.  Needs a soul card; not for a unit paid as a cost or making room for a summon.",
)
SENTINEL = keyword(
    "sentinel",
    "Sentinel Summoning: this unit may also be normally summoned from the hand in the opponent's turn, whenever you hold priority "
    "there (paying its cost, into an empty zone).",
)
