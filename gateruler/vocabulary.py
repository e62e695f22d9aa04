"""The closed vocabulary that card abilities and level special rules are written in.

Card behaviour lives in data; this module is the single list of words that data
may use.  The loader checks every ability against it (so a misspelt trigger is a
load error with file:line), the engine gives each word its meaning, and
``gateruler schema --markdown`` documents it from here, so the three can never
disagree about what exists.
"""

from __future__ import annotations

import enum

import attrs


class CardType(enum.Enum):
    UNIT = "unit"
    EVENT = "event"
    FIELD = "field"


class Provenance(enum.Enum):
    """Where a card's numbers come from (see docs/card-data.md)."""

    SEED = "seed"
    DEDUCED = "deduced"
    PUBLISHED = "published"
    PROVISIONAL = "provisional"


class Keyword(enum.Enum):
    PIERCE = "pierce"
    INTERCEPT = "intercept"
    COUNTERATTACK = "counterattack"
    OPEN_CARD = "open_card"
    DORMANT = "dormant"
    CANNOT_BE_ATTACKED = "cannot_be_attacked"


KEYWORD_DOC = {
    Keyword.PIERCE: "Destroying the enemy defense-zone unit by attacking it also deals this card's STK to the enemy ruler as battle damage.",
    Keyword.INTERCEPT: "When this unit is attacked by a unit, before battle damage, it deals its ATK to the attacking unit.",
    Keyword.COUNTERATTACK: "When this unit is attacked by a unit and is still on the board after the battle damage, it deals its ATK to the attacker.",
    Keyword.OPEN_CARD: "When drawn or driven it must be revealed and played at once; it cannot be set.",
    Keyword.DORMANT: "Our reading (unverified): this unit cannot attack.  Level 5 tells the rift to ignore it.",
    Keyword.CANNOT_BE_ATTACKED: "This unit cannot be chosen as an attack target; the rift skips it in its target order.",
}


class Trigger(enum.Enum):
    ON_PLAY = "on_play"  # an event's effect when it is played
    ON_ENTER = "on_enter"  # a unit or field entering the board
    ON_ATTACK = "on_attack"  # the unit is declared as an attacker
    ON_DESTROYED = "on_destroyed"  # the unit is destroyed
    CNT = "cnt"  # the card is revealed by a damage check of its owner
    START_OF_TURN = "start_of_turn"  # start phase of its controller's turn, while on the board
    CONTINUOUS = "continuous"  # a stat change that holds while the card is on the board


TRIGGER_DOC = {
    Trigger.ON_PLAY: "An event's effect, resolved when the event is played (from hand, drive zone or set zone).",
    Trigger.ON_ENTER: "A unit or field entering its controller's board.",
    Trigger.ON_ATTACK: "This unit (or ruler) is declared as an attacker, before the target is hit.",
    Trigger.ON_DESTROYED: "This unit is destroyed (damage >= HP, or a destroy effect).",
    Trigger.CNT: "The card is revealed by its owner's damage check: it goes to the graveyard and its CNT ability resolves (docs/rulings.md).",
    Trigger.START_OF_TURN: "The start phase of its controller's turn, while the card is on the board or in the field zone.",
    Trigger.CONTINUOUS: "Always on while the card is on the board or in the field zone; only stat effects may be continuous.",
}


class Target(enum.Enum):
    SELF = "self"  # the card that has the ability
    ENEMY_UNIT = "enemy_unit"  # one enemy unit, chosen
    OWN_UNIT = "own_unit"  # one of the controller's units, chosen
    ANY_UNIT = "any_unit"  # one unit on either side, chosen
    ALL_ENEMY_UNITS = "all_enemy_units"
    ALL_OWN_UNITS = "all_own_units"
    ALL_UNITS = "all_units"
    ENEMY_RULER = "enemy_ruler"
    OWN_RULER = "own_ruler"
    ENEMY_SET_ZONES = "enemy_set_zones"
    OWN_SET_ZONES = "own_set_zones"
    CONTROLLER = "controller"  # the controlling player (draw, mill)
    OPPONENT = "opponent"


TARGET_DOC = {
    Target.SELF: "The card that has the ability.",
    Target.ENEMY_UNIT: "One enemy unit: the player chooses; the rift takes left attack -> defense -> right attack.",
    Target.OWN_UNIT: "One of the controller's own units, chosen the same way.",
    Target.ANY_UNIT: "One unit on either side, chosen.",
    Target.ALL_ENEMY_UNITS: "Every unit on the enemy board.",
    Target.ALL_OWN_UNITS: "Every unit on the controller's board.",
    Target.ALL_UNITS: "Every unit on both boards.",
    Target.ENEMY_RULER: "The enemy ruler (for the rift's cards: the player).",
    Target.OWN_RULER: "The controller's own ruler.",
    Target.ENEMY_SET_ZONES: "Every card in the enemy's set zones.",
    Target.OWN_SET_ZONES: "Every card in the controller's set zones.",
    Target.CONTROLLER: "The controlling player (for draw and mill).",
    Target.OPPONENT: "The other player (for draw and mill).",
}

UNIT_TARGETS = frozenset(
    {
        Target.SELF,
        Target.ENEMY_UNIT,
        Target.OWN_UNIT,
        Target.ANY_UNIT,
        Target.ALL_ENEMY_UNITS,
        Target.ALL_OWN_UNITS,
        Target.ALL_UNITS,
    }
)
CHOSEN_TARGETS = frozenset({Target.ENEMY_UNIT, Target.OWN_UNIT, Target.ANY_UNIT})
RULER_TARGETS = frozenset({Target.ENEMY_RULER, Target.OWN_RULER})
PLAYER_TARGETS = frozenset({Target.CONTROLLER, Target.OPPONENT})
SET_ZONE_TARGETS = frozenset({Target.ENEMY_SET_ZONES, Target.OWN_SET_ZONES})


class Duration(enum.Enum):
    END_OF_TURN = "end_of_turn"
    PERMANENT = "permanent"


class Zone(enum.Enum):
    DECK = "deck"
    HAND = "hand"
    GRAVEYARD = "graveyard"
    DAMAGE_ZONE = "damage_zone"


@attrs.frozen
class EffectSpec:
    """What an effect word needs: its parameters and which targets it accepts."""

    doc: str
    params: dict[str, type]  # required parameters besides `target`
    optional: dict[str, type] = attrs.field(factory=dict)
    targets: frozenset[Target] = frozenset()


class EffectKind(enum.Enum):
    DAMAGE = "damage"
    DESTROY = "destroy"
    DESTROY_SET_CARDS = "destroy_set_cards"
    MODIFY = "modify"
    DRAW = "draw"
    MILL = "mill"
    MOVE = "move"
    REUSE_ON_ENTER = "reuse_on_enter"


EFFECTS: dict[EffectKind, EffectSpec] = {
    EffectKind.DAMAGE: EffectSpec(
        "Deal `amount` damage to units (accumulates against HP) or to a ruler (a damage check per point).",
        {"amount": int},
        targets=UNIT_TARGETS | RULER_TARGETS,
    ),
    EffectKind.DESTROY: EffectSpec(
        "Destroy units.  Optional `max_level`: only units of that level or lower.",
        {},
        {"max_level": int},
        targets=UNIT_TARGETS,
    ),
    EffectKind.DESTROY_SET_CARDS: EffectSpec(
        "Destroy every card in the target's set zones.",
        {},
        targets=SET_ZONE_TARGETS,
    ),
    EffectKind.MODIFY: EffectSpec(
        "Change ATK/HP/STK by the given amounts (any of `atk`, `hp`, `stk`) for `duration`.",
        {},
        {"atk": int, "hp": int, "stk": int, "duration": str},
        targets=UNIT_TARGETS | RULER_TARGETS,
    ),
    EffectKind.DRAW: EffectSpec(
        "The target player draws `amount` cards (a ruler with no hand drives them instead).",
        {"amount": int},
        targets=PLAYER_TARGETS,
    ),
    EffectKind.MILL: EffectSpec(
        "Put the top `amount` cards of the target player's deck into their graveyard.",
        {"amount": int},
        targets=PLAYER_TARGETS,
    ),
    EffectKind.MOVE: EffectSpec(
        "Move units on the board to their owner's `to` zone (hand, deck = top of deck, graveyard).",
        {"to": str},
        targets=UNIT_TARGETS,
    ),
    EffectKind.REUSE_ON_ENTER: EffectSpec(
        "Use this card's own on_enter abilities (Nyarlathotep's CNT).",
        {},
        targets=frozenset(),
    ),
}

MOVE_DESTINATIONS = frozenset({"hand", "deck", "graveyard"})


@attrs.frozen
class Effect:
    kind: EffectKind
    target: Target | None = None
    amount: int = 0
    atk: int = 0
    hp: int = 0
    stk: int = 0
    duration: Duration = Duration.END_OF_TURN
    max_level: int | None = None
    to: str = ""


@attrs.frozen
class Ability:
    trigger: Trigger
    effects: tuple[Effect, ...]
    text: str = ""  # our own short wording, for display


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
        "The rift's copies of `card` have no abilities at all (and so no CNT: a damage check puts them into the damage zone).", {"card": str}
    ),
    SpecialRuleKind.IGNORE_CNT: SpecialRuleSpec(
        "The rift's copies of `card` have no CNT ability: a damage check puts them into the damage zone like any other card (level 2 counts End as 0 CNT cards).",
        {"card": str},
    ),
    SpecialRuleKind.IGNORE_KEYWORD: SpecialRuleSpec(
        "The rift's copies of `card` lose `keyword`.", {"card": str, "keyword": str}
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


def enum_values(kind: type[enum.Enum]) -> list[str]:
    return [member.value for member in kind]
