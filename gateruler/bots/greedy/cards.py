"""What greedy reads of one card, and the target words its values are written in.

A card's numbers and flags are read from its definition once (`CardFacts`)
and shared by every game that has the card (the tables are in odds.py, the
speed layer); `target_shape` says which target word a target acts like, so
a filtered target (`{all: {side: own, attribute: Beast}}`) is valued like the
word it resembles (`all_own_units`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gateruler.engine.actions import PLAYER
from gateruler.engine.keywords import CANNOT_BE_ATTACKED, COUNTERATTACK, DORMANT, INTERCEPT, PIERCE, SOUL_GUARD
from gateruler.engine.targets import UNIT, Chosen, Every
from gateruler.engine.timings import TIMINGS
from gateruler.engine.triggers import CNT, ON_ATTACK, ON_ENTER, ON_PLAY
from gateruler.engine.windows import ANSWER_WINDOWS, DAMAGE_WORDS
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.effects import Effect
    from gateruler.engine.game import Game
    from gateruler.models import CardDef

# the target words that reach the rift's units
ENEMY_UNIT_TARGETS = frozenset({"enemy_unit", "any_unit", "all_enemy_units", "all_units"})
_SHAPES = {
    (Chosen, "enemy"): "enemy_unit",
    (Chosen, "own"): "own_unit",
    (Chosen, "any"): "any_unit",
    (Every, "enemy"): "all_enemy_units",
    (Every, "own"): "all_own_units",
    (Every, "any"): "all_units",
}
# choices across zones act, for the heuristic, like the unit choice they include
_ACROSS_ZONES = {"own_ruler_or_unit": "own_unit", "enemy_ruler_or_unit": "enemy_unit", "card_in_play": "any_unit"}
REMOVAL_WORDS = frozenset({"destroy", "damage", "split_damage", "move", "remove"})  # effects that take a unit off
REMOVES_ANY = 1_000  # the reach of a removal that takes a rift attacker off whatever its HP (destroy, move, remove)


# A unit of the player's board as the rift's attacks meet it (`odds.rift_attacks`):
# (HP left, ATK, intercept, counterattack, can be attacked).  A plain tuple, not a NamedTuple:
# boards are made in the plan's inner loops, and a NamedTuple costs ten times as much to make.
BoardUnit = tuple[int, int, bool, bool, bool]


def target_shape(target: object) -> str:
    """The target word a target acts like, for the heuristic: its own word, or the word a filter
    mapping on the board resembles ("all_own_units" for `{all: {side: own, attribute: Beast}}`)."""
    if target is None:
        return ""
    word: str = getattr(target, "word", "")
    if word:
        return _ACROSS_ZONES.get(word, word)
    if (type(target) is Chosen or type(target) is Every) and UNIT in target.categories:
        return _SHAPES[(type(target), target.filter.side)]
    return ""


def reaches(target: object, game: Game, side: int, iid: int, slot: int) -> bool:
    """Whether a unit target's filter takes in the unit in `slot` of `side` (for the player's card)."""
    f = getattr(target, "filter", None)
    return f is None or f.matches(game, PLAYER, side, iid, slot)


class CardFacts:
    """The numbers and flags of one card the heuristic reads, without enum look-ups."""

    __slots__ = (
        "id",
        "is_unit",
        "is_event",
        "is_field",
        "level",
        "atk",
        "hp",
        "stk",
        "intercept",
        "counter",
        "attackable",
        "dormant",
        "pierce",
        "has_cnt",
        "cnt_harm",
        "on_play",
        "on_enter",
        "on_attack",
        "entry",
        "soul_guard",
        "guard_souls",
        "wipes",
        "prevents",
        "removes",
    )
    id: str
    is_unit: bool
    is_event: bool
    is_field: bool
    level: int
    atk: int
    hp: int
    stk: int
    intercept: bool
    counter: bool
    attackable: bool
    dormant: bool
    pierce: bool
    has_cnt: bool
    cnt_harm: float
    on_play: tuple[Effect, ...]
    on_enter: tuple[Effect, ...]
    on_attack: tuple[Effect, ...]  # a unit's own "when it attacks" effects (unit_worth, with `unit_on_attack`)
    entry: BoardUnit
    soul_guard: bool  # it has Soul guard of its own (docs/rulings.md G1)
    guard_souls: int  # with Soul guard, the soul cards its own on_enter puts under it from the deck (0: none)
    wipes: bool
    prevents: bool  # an event meant for the rift's turn that prevents damage (Absolute Bearia)
    removes: int  # an event meant for the rift's turn that removes a rift attacker with up to this much HP (0: none)

    def __init__(self, card: CardDef) -> None:
        kw = card.keywords
        self.id = card.id
        self.is_unit = card.type is CardType.UNIT
        self.is_event = card.type is CardType.EVENT
        self.is_field = card.type is CardType.FIELD
        self.level = card.level
        self.atk = card.atk or 0
        self.hp = card.hp or 0
        self.stk = card.stk or 0
        self.intercept = INTERCEPT in kw
        self.counter = COUNTERATTACK in kw
        self.attackable = CANNOT_BE_ATTACKED not in kw
        self.dormant = DORMANT in kw
        self.pierce = PIERCE in kw
        self.has_cnt = card.has_cnt
        self.cnt_harm = cnt_harm(card)
        self.on_play = tuple(e for a in card.abilities_for(ON_PLAY) for e in a.effects)
        self.on_enter = tuple(e for a in card.abilities_for(ON_ENTER) for e in a.effects)
        self.on_attack = tuple(e for a in card.abilities_for(ON_ATTACK) for e in a.effects)
        # as a fresh unit on a board (`odds.rift_attacks`)
        self.entry = (self.hp, self.atk, self.intercept, self.counter, self.attackable)
        self.soul_guard = SOUL_GUARD in kw
        self.guard_souls = (
            sum(
                int(getattr(e, "count", 0))
                for e in self.on_enter
                if e.kind == "add_soul" and getattr(e, "source_zone", "") == "deck" and target_shape(e.target) == "self"
            )
            if self.soul_guard
            else 0
        )
        # entering, it destroys every unit of the other side (levels 4 and 5's dragons)
        self.wipes = self.is_unit and any(
            e.kind == "destroy" and target_shape(e.target) == "all_enemy_units" for e in self.on_enter
        )
        self.prevents, self.removes = _as_answer(card, self.on_play) if self.is_event else (False, 0)


def _as_answer(card: CardDef, effects: tuple[Effect, ...]) -> tuple[bool, int]:
    """What an event can do as an answer in the rift's turn (decisions.window_answer plays it): whether
    it prevents damage, and the most HP of a rift attacker it takes off the board (0: it cannot).  An
    event whose timing opens in no window outside the player's own main and attack phases answers nothing."""
    timing = TIMINGS.get(card.timing) if card.timing else None
    if timing is None or not any(name in timing.windows for name in ANSWER_WINDOWS):
        return False, 0
    prevents = any(e.kind == "prevent_damage" for e in effects)
    removes = 0
    for e in effects:
        if target_shape(e.target) not in ENEMY_UNIT_TARGETS and e.kind != "split_damage":
            continue
        if e.kind in DAMAGE_WORDS:
            removes = max(removes, int(getattr(e, "amount", 0)))
        elif e.kind in REMOVAL_WORDS and getattr(e, "max_level", None) is None:
            removes = REMOVES_ANY
    return prevents, removes


def cnt_harm(card: CardDef) -> float:
    """How much this card's CNT hurts the enemy when it is checked (the rift's backlash)."""
    harm = 0.0
    for ability in card.abilities_for(CNT):
        effects = list(ability.effects)
        if any(e.kind == "reuse_on_enter" for e in effects):
            effects += [e for a in card.abilities_for(ON_ENTER) for e in a.effects]
        for e in effects:
            shape = target_shape(e.target)
            if e.kind == "damage" and shape == "enemy_ruler":
                harm += e.amount
            elif e.kind in ("damage", "destroy") and shape in ENEMY_UNIT_TARGETS:
                harm += 1.0
    return harm
