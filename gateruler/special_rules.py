"""Level special rules, each implemented once and named in level files.

Most rules change what the rift's copies of a card are (no abilities, no CNT
effect, a lost keyword, other numbers, an extra on-entering effect): those are
applied to the definitions once, when a game is set up, so the engine needs no
special cases.  The one rule that acts during play (End's start-of-turn
sacrifice) is run by the invader controller through `start_of_turn_rules`.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.abilities import Ability
from gateruler.engine.effects.damage import Destroy
from gateruler.engine.targets import word_target
from gateruler.engine.triggers import CNT, ON_ENTER
from gateruler.models import CardDef, LevelDef, SpecialRule
from gateruler.vocabulary import SpecialRuleKind


def _ignore_effects(card: CardDef, rule: SpecialRule) -> CardDef:
    # No effect at all includes no CNT effect: the card counts as a plain card (see _ignore_cnt).
    return attrs.evolve(card, abilities=(), has_cnt=False)


def _ignore_cnt(card: CardDef, rule: SpecialRule) -> CardDef:
    # Level 2 states 0 CNT cards although End has CNT: an ignored CNT makes the
    # card a plain card, so a damage check puts it into the damage zone.
    return attrs.evolve(card, has_cnt=False, abilities=tuple(a for a in card.abilities if a.trigger != CNT))


def _ignore_keyword(card: CardDef, rule: SpecialRule) -> CardDef:
    return attrs.evolve(card, keywords=card.keywords - {str(rule.param("keyword"))})


def _set_stats(card: CardDef, rule: SpecialRule) -> CardDef:
    changes = {k: rule.params[k] for k in ("atk", "hp", "stk") if k in rule.params}
    return attrs.evolve(card, **changes)


DESTROY_ALL_PLAYER_UNITS = Ability(
    ON_ENTER,
    (Destroy(target=word_target("all_enemy_units")),),
    "Level rule: when it enters the rift's board, destroy all of the player's units.",
    rule=SpecialRuleKind.DESTROY_ALL_ON_ENTER.value,
)


def _destroy_all_on_enter(card: CardDef, rule: SpecialRule) -> CardDef:
    return attrs.evolve(card, abilities=card.abilities + (DESTROY_ALL_PLAYER_UNITS,))


DEFINITION_RULES: dict[SpecialRuleKind, Callable[[CardDef, SpecialRule], CardDef]] = {
    SpecialRuleKind.IGNORE_EFFECTS: _ignore_effects,
    SpecialRuleKind.IGNORE_CNT: _ignore_cnt,
    SpecialRuleKind.IGNORE_KEYWORD: _ignore_keyword,
    SpecialRuleKind.SET_STATS: _set_stats,
    SpecialRuleKind.DESTROY_ALL_ON_ENTER: _destroy_all_on_enter,
}

PLAY_RULES = frozenset({SpecialRuleKind.SACRIFICE_AT_START})


def invader_definitions(level: LevelDef, pool: CardPool, extra_ids: tuple[str, ...] = ()) -> dict[str, CardDef]:
    """The rift's version of every card it can use, after the level's rules.

    A rule naming a card the level does not use is harmless (level 5 carries
    level 4's dragon rule over).  Rules apply in file order.
    """
    ids = {e.card for e in level.cards} | set(extra_ids)
    pool = pool.for_level(level)
    defs = {cid: pool[cid] for cid in ids if cid in pool}
    for rule in level.special_rules:
        transform = DEFINITION_RULES.get(rule.kind)
        if transform is None:
            continue
        card_id = rule.param("card")
        if card_id in defs:
            defs[card_id] = transform(defs[card_id], rule)
    return defs
