"""Level special rules, each implemented once and named in level files.

Most rules change what the rift's copies of a card are (no abilities, no CNT
effect, a lost keyword, other numbers, an extra on-entering effect): those are
applied to the definitions once, when a game is set up, so the engine needs no
special cases.  The one rule that acts during play (End's start-of-turn
sacrifice) is run by the rift's controller (gateruler/invader.py) as its `RiftStartRules` step.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

import attrs

from gateruler.cardpool import CardPool
from gateruler.engine.abilities import Ability
from gateruler.engine.effects.damage import Destroy
from gateruler.engine.targets import word_target
from gateruler.engine.triggers import CNT, ON_ENTER
from gateruler.models import CardDef, LevelDef, SpecialRule
from gateruler.vocabulary import SpecialRuleKind


class IgnoredCnt(enum.Enum):
    """What a card whose CNT (or every effect) a level ignores is in a damage check (a variant, docs/rulings.md R4)."""

    PLAIN_CARD = "plain_card"  # no CNT at all: a damage check puts it into the damage zone (the default)
    CNT_WITHOUT_EFFECT = "cnt_without_effect"  # still a CNT card: it goes to the graveyard, its CNT does nothing


def _ignore_effects(card: CardDef, rule: SpecialRule, ignored: IgnoredCnt) -> CardDef:
    # No effect at all includes no CNT effect: by default the card counts as a plain card (see _ignore_cnt).
    return attrs.evolve(card, abilities=(), has_cnt=card.has_cnt and ignored is IgnoredCnt.CNT_WITHOUT_EFFECT)


def _ignore_cnt(card: CardDef, rule: SpecialRule, ignored: IgnoredCnt) -> CardDef:
    # Level 2 states 0 CNT cards although End has CNT: by default an ignored CNT
    # makes the card a plain card, so a damage check puts it into the damage zone.
    keeps = card.has_cnt and ignored is IgnoredCnt.CNT_WITHOUT_EFFECT
    return attrs.evolve(card, has_cnt=keeps, abilities=tuple(a for a in card.abilities if a.trigger != CNT))


def _ignore_keyword(card: CardDef, rule: SpecialRule, _ignored: IgnoredCnt) -> CardDef:
    # The keyword goes, and so do the abilities that are its effect (`keyword:` on an ability: Cthulhu's dormant).
    keyword = str(rule.param("keyword"))
    return attrs.evolve(
        card, keywords=card.keywords - {keyword}, abilities=tuple(a for a in card.abilities if a.keyword != keyword)
    )


def _set_stats(card: CardDef, rule: SpecialRule, _ignored: IgnoredCnt) -> CardDef:
    return attrs.evolve(
        card, atk=_stat(rule, "atk", card.atk), hp=_stat(rule, "hp", card.hp), stk=_stat(rule, "stk", card.stk)
    )


def _stat(rule: SpecialRule, name: str, printed: int | None) -> int | None:
    """The number a `set_stats` rule gives (an int: the level reader checks it), or the printed one."""
    value = rule.params.get(name, printed)
    if value is not None and not isinstance(value, int):
        raise TypeError(f"set_stats: {name} must be a number, not {value!r}")
    return value


DESTROY_ALL_PLAYER_UNITS = Ability(
    ON_ENTER,
    (Destroy(target=word_target("all_enemy_units")),),
    "Level rule: when it enters the rift's board, destroy all of the player's units.",
    rule=SpecialRuleKind.DESTROY_ALL_ON_ENTER.value,
)


def _destroy_all_on_enter(card: CardDef, rule: SpecialRule, _ignored: IgnoredCnt) -> CardDef:
    return attrs.evolve(card, abilities=card.abilities + (DESTROY_ALL_PLAYER_UNITS,))


DEFINITION_RULES: dict[SpecialRuleKind, Callable[[CardDef, SpecialRule, IgnoredCnt], CardDef]] = {
    SpecialRuleKind.IGNORE_EFFECTS: _ignore_effects,
    SpecialRuleKind.IGNORE_CNT: _ignore_cnt,
    SpecialRuleKind.IGNORE_KEYWORD: _ignore_keyword,
    SpecialRuleKind.SET_STATS: _set_stats,
    SpecialRuleKind.DESTROY_ALL_ON_ENTER: _destroy_all_on_enter,
}

PLAY_RULES = frozenset({SpecialRuleKind.SACRIFICE_AT_START})


def invader_definitions(
    level: LevelDef, pool: CardPool, extra_ids: tuple[str, ...] = (), ignored_cnt: IgnoredCnt = IgnoredCnt.PLAIN_CARD
) -> dict[str, CardDef]:
    """The rift's version of every card it can use, after the level's rules.

    A rule naming a card the level does not use is harmless (level 5 carries
    level 4's dragon rule over).  Rules apply in file order.  `ignored_cnt`
    is the reading of a CNT the level ignores (the `ignored_cnt` variant).
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
            defs[card_id] = transform(defs[card_id], rule, ignored_cnt)
    return defs
