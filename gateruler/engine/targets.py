"""Targets: what an effect acts on, and how it is picked.

A target is written as a shorthand word (``enemy_unit``, ``all_own_units``,
``enemy_ruler``, ``controller``...) or as a mapping with a filter:

* ``{choose: 1, filter: {side: enemy, type: unit, level: {max: 1}}}``: the
  controller chooses that many of the matching cards (a decision, see
  frames.py), one at a time;
* ``{up_to: 2, filter: ...}``: the same, but at most that many: the
  controller may stop at any pick (`Done`), none at all included;
* ``ruler: own`` (or ``enemy``, ``any``) beside either: that ruler is one
  of the choices too ("your ruler or a unit"); a filter may look in several
  zones at once (``zone: [board, field_zone, set_zone]``: "a card in play");
* ``{all: {side: own, attribute: Beast}}``: every matching card.

Both compile to the same few frozen classes; every shorthand word of
:data:`TARGET_WORDS` is one of them with a fixed filter, so ``enemy_unit``
means exactly ``{choose: 1, filter: {side: enemy}}``.

Each target has *categories* (board units, set-zone cards, field cards,
cards in another zone, a ruler, a player: one, or several for a choice
across zones); an effect word says which categories it accepts
(effects/base.py) and the loader checks that it accepts every one of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from gateruler.engine.actions import RULER as RULER_ZONE
from gateruler.engine.filters import BOARD, FIELD_ZONE, SET_ZONE, CardFilter, TypeIs, compile_filter
from gateruler.engine.registry import Choice, Registry
from gateruler.vocabulary import CardType

if TYPE_CHECKING:
    from gateruler.engine.gamestate import GameState

UNIT = "unit"  # units on the board (and the card itself, for `self`)
SET_CARD = "set_card"  # cards in set zones
FIELD_CARD = "field_card"  # cards in field zones
CARD = "card"  # cards in any other zone
RULER = "ruler"
PLAYER = "player"
SIDE = "side"  # a ruler and every unit on its board (what "you or your unit" protects)
CATEGORY_WORDS = {
    UNIT: "units on the board",
    SET_CARD: "cards in set zones",
    FIELD_CARD: "cards in field zones",
    CARD: "cards in other zones",
    RULER: "a ruler",
    PLAYER: "a player",
    SIDE: "a ruler and its units",
}


_ZONE_CATEGORIES = {BOARD: UNIT, "set_zone": SET_CARD, "field_zone": FIELD_CARD}


def filter_category(f: CardFilter) -> str:
    """The category of a filter that looks in one kind of zone; "card" for other zones or several kinds."""
    categories = filter_categories(f)
    return next(iter(categories)) if len(categories) == 1 else CARD


def filter_categories(f: CardFilter) -> frozenset[str]:
    """The categories of the zones a filter looks in (several for "a card in play")."""
    return frozenset(_ZONE_CATEGORIES.get(zone, CARD) for zone in f.zones)


@attrs.frozen(slots=True)
class SelfTarget:
    """The card that has the ability (on its controller's board)."""

    word: str = "self"
    category = UNIT
    categories = frozenset({UNIT})

    def words(self) -> str:
        return "this card"


@attrs.frozen(slots=True)
class Chosen:
    """`count` of the cards `filter` finds, chosen by the controller one at a time; `fewer`: up to
    `count` (the controller may choose fewer, none included)."""

    filter: CardFilter
    count: int = 1
    word: str = ""
    fewer: bool = False
    rulers: str = ""  # "own", "enemy" or "any": those rulers may be chosen too ("your ruler or a unit")

    @property
    def category(self) -> str:
        categories = self.categories
        return next(iter(categories)) if len(categories) == 1 else "+".join(sorted(categories))

    @property
    def categories(self) -> frozenset[str]:
        return filter_categories(self.filter) | ({RULER} if self.rulers else frozenset())

    def places(self, game: GameState, side: int) -> list[tuple[int, Any, int]]:
        """What may be chosen, as (side, where, iid): the cards in the order `CardFilter.places` gives, then
        the rulers it names (where: RULER, iid -1), the controller's first."""
        places = self.filter.places(game, side)
        if self.rulers:
            places += [(ruler, RULER_ZONE, -1) for ruler in _RULER_SIDES[self.rulers](side)]
        return places

    def words(self) -> str:
        thing = self.filter.describe()
        if self.rulers:
            thing = f"{_RULER_WORDS[self.rulers]} or {thing}"
        if self.fewer:
            return f"up to {self.count} of {thing}"
        return thing if self.count == 1 or self.word else f"{self.count} {thing}"


RULER_CHOICES = Choice(
    "rulers a target may choose",
    ("own", "enemy", "any"),
    {
        "own": "The controller's ruler is one of the choices.",
        "enemy": "The enemy ruler is one of the choices.",
        "any": "Both rulers are, the controller's first.",
    },
)
_RULER_SIDES = {"own": lambda side: (side,), "enemy": lambda side: (1 - side,), "any": lambda side: (side, 1 - side)}
_RULER_WORDS = {"own": "your ruler", "enemy": "the enemy ruler", "any": "a ruler"}


@attrs.frozen(slots=True)
class Every:
    """Every card `filter` finds."""

    filter: CardFilter
    word: str = ""

    @property
    def category(self) -> str:
        return filter_category(self.filter)

    @property
    def categories(self) -> frozenset[str]:
        return filter_categories(self.filter)

    def words(self) -> str:
        return self.filter.describe() if self.word else f"every one of {self.filter.describe()}"


@attrs.frozen(slots=True)
class RulerTarget:
    side: str  # own | enemy
    word: str = ""
    category = RULER
    categories = frozenset({RULER})

    def words(self) -> str:
        return "your own ruler" if self.side == "own" else "the enemy ruler"


@attrs.frozen(slots=True)
class PlayerTarget:
    side: str  # own (the controller) | enemy (the opponent)
    word: str = ""
    category = PLAYER
    categories = frozenset({PLAYER})

    def words(self) -> str:
        return "you" if self.side == "own" else "the opponent"


@attrs.frozen(slots=True)
class SideTarget:
    """A ruler together with every unit on its board: "you or your unit" (a replacement covers whichever is hit)."""

    side: str  # own | enemy
    word: str = ""
    category = SIDE
    categories = frozenset({SIDE})

    def words(self) -> str:
        return "you or your units" if self.side == "own" else "the enemy ruler or its units"


Target = SelfTarget | Chosen | Every | RulerTarget | PlayerTarget | SideTarget
"""Every compiled target (an effect's `target`)."""


@attrs.frozen
class TargetWord:
    name: str
    doc: str
    target: Any


TARGET_WORDS: Registry[TargetWord] = Registry("target")


def target_word(name: str, doc: str, target: Any) -> Any:
    TARGET_WORDS.add(name, TargetWord(name, doc, target))
    return target


def _units(side: str, text: str) -> CardFilter:
    return compile_filter(side, text=text)


target_word("self", "The card that has the ability.", SelfTarget())
target_word(
    "enemy_unit",
    "One enemy unit: the player chooses; the rift takes left attack -> defense -> right attack.",
    Chosen(_units("enemy", "an enemy unit"), word="enemy_unit"),
)
target_word(
    "own_unit",
    "One of the controller's own units, chosen the same way.",
    Chosen(_units("own", "one of your units"), word="own_unit"),
)
target_word("any_unit", "One unit on either side, chosen.", Chosen(_units("any", "a unit"), word="any_unit"))
target_word(
    "all_enemy_units",
    "Every unit on the enemy board.",
    Every(_units("enemy", "every enemy unit"), word="all_enemy_units"),
)
target_word(
    "all_own_units",
    "Every unit on the controller's board.",
    Every(_units("own", "every one of your units"), word="all_own_units"),
)
target_word("all_units", "Every unit on both boards.", Every(_units("any", "every unit"), word="all_units"))
target_word(
    "enemy_ruler", "The enemy ruler (for the rift's cards: the player).", RulerTarget("enemy", word="enemy_ruler")
)
target_word("own_ruler", "The controller's own ruler.", RulerTarget("own", word="own_ruler"))
target_word(
    "enemy_set_zones",
    "Every card in the enemy's set zones.",
    Every(compile_filter("enemy", ("set_zone",), text="the enemy's set zones"), word="enemy_set_zones"),
)
target_word(
    "own_set_zones",
    "Every card in the controller's set zones.",
    Every(compile_filter("own", ("set_zone",), text="your set zones"), word="own_set_zones"),
)
target_word(
    "own_side",
    'The controller\'s ruler and every unit on their board, as one: "you or your unit" (for prevent_damage).',
    SideTarget("own", word="own_side"),
)
target_word(
    "own_graveyard_unit",
    "One unit in the controller's graveyard, chosen (what a revive special-summons).",
    Chosen(
        compile_filter("own", ("graveyard",), (TypeIs(CardType.UNIT),), text="a unit in your graveyard"),
        word="own_graveyard_unit",
    ),
)
target_word(
    "card_in_play",
    "One card in play on either side, chosen: a unit, a card in a field zone or a card in a set zone.",
    Chosen(compile_filter("any", (BOARD, FIELD_ZONE, SET_ZONE), text="a card in play"), word="card_in_play"),
)
target_word(
    "own_ruler_or_unit",
    "The controller's own ruler or one of their units, chosen as one choice.",
    Chosen(_units("own", "one of your units"), word="own_ruler_or_unit", rulers="own"),
)
target_word(
    "enemy_ruler_or_unit",
    "The enemy ruler or one of the enemy's units, chosen as one choice (the rift takes a unit first).",
    Chosen(_units("enemy", "an enemy unit"), word="enemy_ruler_or_unit", rulers="enemy"),
)
target_word("controller", "The controlling player (for draw and mill).", PlayerTarget("own", word="controller"))
target_word("opponent", "The other player (for draw and mill).", PlayerTarget("enemy", word="opponent"))


def word_target(name: str) -> Any:
    """The target a shorthand word stands for."""
    return TARGET_WORDS[name].target


def words_for(categories: frozenset[str]) -> list[str]:
    """The shorthand words an effect accepting `categories` accepts, alphabetically (for messages)."""
    return sorted(w.name for w in TARGET_WORDS if w.target.categories <= categories)
