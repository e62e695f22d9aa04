"""A level in words: its special rules, its briefing, and why a rift card differs from the printed one.

Generated from the level's data rather than written by hand, so what the
player is told can never drift from what the rift actually plays: a briefing
that promised "level 0 and 1 units" while the deck held level 2 moths is the
kind of mistake this module exists to rule out.
"""

from __future__ import annotations

from collections import Counter

from gateruler.cardpool import CardPool
from gateruler.engine.keywords import PIERCE
from gateruler.invader import EndKnight, EndTurns, InvaderController, RiftRules
from gateruler.models import CardDef, LevelDef, SpecialRule
from gateruler.special_rules import IgnoredCnt, invader_definitions
from gateruler.vocabulary import CardType, SpecialRuleKind

DEFAULT_RIFT = RiftRules()


def _card_name(card_id: object, pool: CardPool) -> str:
    return pool[str(card_id)].name if str(card_id) in pool else str(card_id)


def rule_words(rule: SpecialRule, pool: CardPool, rift: RiftRules = DEFAULT_RIFT) -> str:
    """One special rule as a sentence a player can act on, as the rift reads it (`rift`: its variants)."""
    name = _card_name(rule.param("card"), pool)
    kind = rule.kind
    keeps_cnt = rift.ignored_cnt is IgnoredCnt.CNT_WITHOUT_EFFECT
    if kind is SpecialRuleKind.IGNORE_EFFECTS:
        if keeps_cnt and _printed_cnt(rule, pool):
            return f"The rift's {name} has no effect at all; it is still a CNT card: a damage check that reveals it does not count."
        return f"The rift's {name} has no effect at all (no abilities, no CNT)."
    if kind is SpecialRuleKind.IGNORE_CNT:
        if keeps_cnt:
            return f"The rift's {name} keeps its CNT icon but its CNT does nothing: a damage check that reveals it goes to the graveyard and does not count."
        return f"The rift's {name} has no CNT: a damage check puts it into the damage zone like any card."
    if kind is SpecialRuleKind.IGNORE_KEYWORD:
        return f"The rift's {name} loses {str(rule.param('keyword')).replace('_', ' ')}."
    if kind is SpecialRuleKind.SET_STATS:
        stats = ", ".join(f"{k.upper()} {rule.params[k]}" for k in ("atk", "hp", "stk") if k in rule.params)
        return f"The rift's {name} has {stats}."
    if kind is SpecialRuleKind.DESTROY_ALL_ON_ENTER:
        return f"When the rift's {name} enters its board, all of your units are destroyed."
    if kind is SpecialRuleKind.SACRIFICE_AT_START:
        own = rule.param("own_name_contains")
        turns = (
            "every turn (yours too, before you draw)"
            if rift.end_rule_turns is EndTurns.EVERY_TURN
            else "every rift turn"
        )
        if rift.end_rule_knight is EndKnight.ANY:
            knight = f'one "{own}" unit on the field (yours first: left attack, right attack, defense; then its own)'
        else:
            knight = f'one of its own "{own}" units'
        return (
            f"While {name} is on the rift's board, {turns} begins with the rift destroying {knight} "
            "and then one of your units (left attack zone first, then right attack, then defense); "
            f'your unit is destroyed even when there is no "{own}" unit to destroy.'
        )
    return f"{kind.value} ({name})."  # pragma: no cover - every kind is worded above


def _printed_cnt(rule: SpecialRule, pool: CardPool) -> bool:
    card = str(rule.param("card"))
    return card in pool and pool[card].has_cnt


def level_rule_lines(level: LevelDef, pool: CardPool, rift: RiftRules = DEFAULT_RIFT) -> list[str]:
    """The level's special rules in words.

    A rule naming a card the level's deck does not hold is left out: it can never apply."""
    used = {e.card for e in level.cards}
    return [rule_words(r, pool, rift) for r in level.special_rules if r.param("card") in used]


def briefing(level: LevelDef, pool: CardPool, rift: RiftRules = DEFAULT_RIFT) -> str:
    """What the rift brings, read from its deck: card levels, unit sizes, CNT, keywords, drives."""
    pool = pool.for_level(level)
    defs = invader_definitions(level, pool, ignored_cnt=rift.ignored_cnt)
    counts: Counter[str] = Counter()
    for entry in level.cards:
        counts[entry.card] += entry.count
    cards = [(defs[cid], n) for cid, n in counts.items() if cid in defs]
    size = sum(n for _, n in cards)
    units = [(c, n) for c, n in cards if c.type is CardType.UNIT]
    by_level: Counter[int] = Counter()
    for card, n in units:
        by_level[card.level] += n
    unit_count = sum(by_level.values())
    others = size - unit_count
    head = f"Its deck is {size} cards: {unit_count} units" + (f" and {others} other cards" if others else "")
    parts = [head]
    if by_level:
        parts[0] += " (" + ", ".join(f"{n} of level {lv}" for lv, n in sorted(by_level.items())) + ")"
        strongest = max(units, key=lambda cn: (cn[0].atk or 0, cn[0].level))[0]
        parts.append(f"the strongest is {strongest.name}, ATK {strongest.atk} HP {strongest.hp} STK {strongest.stk}")
    cnt = sum(n for c, n in cards if c.has_cnt)
    text = "; ".join(parts) + ". "
    dealt = InvaderController(rift).deck_size(level)
    if dealt is not None:
        text += f"It plays {dealt} of them, dealt at random each game; the other {size - dealt} are set aside unseen. "
    if cnt:
        text += (
            f"{cnt} of its cards have CNT: a damage check that reveals one does not count, and its CNT takes effect. "
        )
    else:
        text += "None of its cards has CNT: every damage check you deal it counts. "
    if PIERCE in level.keywords:
        text += "The rift itself pierces: when its attack destroys your defense unit, its STK carries through to you. "
    text += f"It drives {level.drives_per_turn} cards a turn and attacks your left attack unit, else your defense unit, else you."
    return text


def card_changes(level: LevelDef, printed: CardDef, pool: CardPool, rift: RiftRules = DEFAULT_RIFT) -> list[str]:
    """The rules of `level` about a card: why the rift's copy differs from the printed one, and what else it does.

    A rule is listed even when the copy comes out the same (ignoring an
    effect our data does not know), so the player learns the rule exists."""
    return [
        f"Level {level.number}'s rule: {rule_words(r, pool, rift)}"
        for r in level.special_rules
        if r.param("card") == printed.id
    ]


def rift_version(level: LevelDef, pool: CardPool, card_id: str, rift: RiftRules = DEFAULT_RIFT) -> CardDef | None:
    """The rift's copy of a card in `level` (after its rules), or None when the level does not use it."""
    return invader_definitions(level, pool, ignored_cnt=rift.ignored_cnt).get(card_id)
