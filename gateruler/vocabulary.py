"""The fixed words of the data files: card types, provenance, durations, level special rules.

The words inside card abilities (keywords, triggers, targets, effects,
costs, conditions, filter properties) are not here: each family has its own
registry in the engine (gateruler/engine/registry.py explains them), which
the loader, the schema and the reference read.  What stays here is closed
and shared by the data models: the card types, where a number comes from,
how long a change lasts, and the rift levels' special rules (applied to
definitions by gateruler/special_rules.py, outside the engine).
"""

from __future__ import annotations

import enum

import attrs


class CardType(enum.Enum):
    UNIT = "unit"
    EVENT = "event"
    FIELD = "field"


# The card types under names of their own, for the engine's hot paths: a read of `CardType.UNIT` goes
# through EnumType.__getattr__ (Python 3.11), several times the cost of a plain attribute.
UNIT_TYPE, EVENT_TYPE, FIELD_TYPE = CardType


class Provenance(enum.Enum):
    """Where a card's numbers come from (see docs/card-data.md)."""

    SEED = "seed"
    DEDUCED = "deduced"
    PUBLISHED = "published"
    PROVISIONAL = "provisional"


class Duration(enum.Enum):
    END_OF_TURN = "end_of_turn"
    PERMANENT = "permanent"


class SpecialRuleKind(enum.Enum):
    IGNORE_EFFECTS = "ignore_effects"
    IGNORE_CNT = "ignore_cnt"
    IGNORE_KEYWORD = "ignore_keyword"
    SET_STATS = "set_stats"
    DESTROY_ALL_ON_ENTER = "destroy_all_player_units_on_enter"
    SACRIFICE_AT_START = "start_of_turn_sacrifice"


@attrs.frozen
class SpecialRuleSpec:
    doc: str
    params: dict[str, type]
    optional: dict[str, type] = attrs.field(factory=dict)


SPECIAL_RULES: dict[SpecialRuleKind, SpecialRuleSpec] = {
    SpecialRuleKind.IGNORE_EFFECTS: SpecialRuleSpec(
        "The rift's copies of `card` have no abilities at all (and so no CNT: a damage check puts them into the damage zone).",
        {"card": str},
    ),
    SpecialRuleKind.IGNORE_CNT: SpecialRuleSpec(
        "The rift's copies of `card` have no CNT ability: a damage check puts them into the damage zone like any other card (level 2 counts End as 0 CNT cards).",
        {"card": str},
    ),
    SpecialRuleKind.IGNORE_KEYWORD: SpecialRuleSpec(
        "The rift's copies of `card` lose `keyword`, and the abilities that are its effect (an ability's `keyword:`).",
        {"card": str, "keyword": str},
    ),
    SpecialRuleKind.SET_STATS: SpecialRuleSpec(
        "The rift's copies of `card` have the given printed numbers (any of `atk`, `hp`, `stk`).",
        {"card": str},
        {"atk": int, "hp": int, "stk": int},
    ),
    SpecialRuleKind.DESTROY_ALL_ON_ENTER: SpecialRuleSpec(
        "When the rift's `card` enters its board, destroy all of the player's units.  A card not in the deck is harmless.",
        {"card": str},
    ),
    SpecialRuleKind.SACRIFICE_AT_START: SpecialRuleSpec(
        "While the rift's `card` is on its board, at the start of each rift turn (before the drives) the rift destroys one of its own units whose name contains `own_name_contains`, then one player unit in the order left attack -> right attack -> defense.",
        {"card": str, "own_name_contains": str},
    ),
}
