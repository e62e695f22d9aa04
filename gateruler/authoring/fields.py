"""The fields of the data files (level, card, ruler, deck, collection, the ban list), as data.

This module is the one description of what a data file may hold.  The
readers (:mod:`gateruler.reading`) read every mapping by its table: each key
by its kind, required or not, with its bounds, defaults and the model
attribute it fills, so a field added here is read, checked and reported on
without a line of reading code; only the rules that span several fields are
written by hand (:mod:`gateruler.reading.tables` says which).  The JSON
Schemas (:mod:`gateruler.authoring.schema`) and the reference page
(:mod:`gateruler.authoring.reference`, docs/reference.md) are generated from
the same table.  The words inside abilities (effects, targets, costs,
conditions, filters, triggers, keywords) come straight from the engine's
registries (gateruler/engine/registry.py), which the card words' reader
(:mod:`gateruler.cardtext`) reads too, and the special rules from
:mod:`gateruler.vocabulary`, so nothing is listed twice.  A default written
``MODEL`` is the model attribute's own (gateruler/models.py), so that a
default is written once.
"""

from __future__ import annotations

import enum
from typing import Any, NamedTuple

import attrs

from gateruler.engine.conditions import CONDITIONS
from gateruler.engine.costs import COSTS
from gateruler.engine.effects import COMMON_PARAMS, EFFECTS
from gateruler.engine.effects.base import EffectWord
from gateruler.engine.filters import FILTER_WORDS
from gateruler.engine.keywords import KEYWORDS
from gateruler.engine.registry import Choice, Family, ListOf, OneOrMany, Param
from gateruler.engine.targets import CARD as OTHER_ZONES
from gateruler.engine.targets import CATEGORY_WORDS, FIELD_CARD, SET_CARD, TARGET_WORDS, words_for
from gateruler.engine.targets import UNIT as BOARD_UNITS
from gateruler.engine.timings import TIMINGS
from gateruler.engine.triggers import ACTIVATED, ATTACK_COST, TRIGGERS, WATCH_TRIGGERS
from gateruler.limits import MAX_DECK_CARDS
from gateruler.models import (
    FIGURES,
    CardDef,
    CollectionDef,
    CostModel,
    DeckDef,
    DeckEntry,
    DeckRules,
    GroupDef,
    LevelDef,
    RulerDef,
    StatedFigures,
    TurnStartKind,
)
from gateruler.variants import VARIANTS
from gateruler.vocabulary import SPECIAL_RULES, CardType, Duration, Provenance, SpecialRuleKind

# Words for the members the vocabulary names without explaining.
CARD_TYPE_DOC = {
    CardType.UNIT: "Goes onto the board into an attack or defense zone; has ATK, HP and STK.",
    CardType.EVENT: "Played for its effect (an `on_play` ability), then goes to the graveyard; the rift uses a driven event at once.",
    CardType.FIELD: "Goes into the field zone and stays; the rift has no field zone, so a driven field goes to its graveyard.",
}
PROVENANCE_DOC = {
    Provenance.SEED: "Stated in the seed document.",
    Provenance.DEDUCED: "Follows from the seed's figures by arithmetic.",
    Provenance.PUBLISHED: "Read from a public source (name it in `source`).",
    Provenance.PROVISIONAL: "Chosen by us so that the simulator can run; the right value for new, invented cards.",
}
DURATION_DOC = {
    Duration.END_OF_TURN: "Until the end of the current turn (the default).",
    Duration.PERMANENT: "For as long as the unit (or ruler) stays.",
}
FIGURE_DOC = {
    "deck_size": "The number of cards in the level's list.",
    "total_level": "The sum of the levels of the list's cards.",
    "cnt_cards": "The number of the list's cards with CNT (not counting cards whose CNT the level switches off).",
}
UNUSED_RULES = "unused_rules"
DISCREPANCY_DOC = {
    **FIGURE_DOC,
    UNUSED_RULES: "A special rule names a card that is not in the list, so it never applies: kept as the source writes it.",
}
TURN_START_DOC = {
    TurnStartKind.DRAW: "The ruler draws its cards into the hand at the start of its turn.",
    TurnStartKind.DRIVE: "The ruler drives its cards (reveal, then use from the drive zone).",
}
COST_MODEL_DOC = {
    CostModel.ENERGY: "A card costs its level, paid by resting energy.",
    CostModel.FREE: "Driven cards are played for free.",
}


class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()


class _ModelDefault:
    def __repr__(self) -> str:
        return "MODEL"


MODEL: Any = _ModelDefault()
"""As a field's default: the default of the model attribute it fills (see :func:`model_default`)."""


def model_default(model: type, attr: str) -> Any:
    """The default of attribute `attr` of the attrs class `model` (a factory's value); what an absent field reads as."""
    default: Any = attrs.fields_dict(model)[attr].default
    if default is attrs.NOTHING:
        raise TypeError(f"{model.__name__}.{attr} has no default, so its field cannot say MODEL")
    factory = getattr(default, "factory", None)  # an attrs.Factory (typed as a function, so not isinstance-checked)
    return factory() if callable(factory) else default


# The table's own records are NamedTuples (and NamesMap a plain class), not attrs classes: every command
# imports the tables, and making an attrs class costs about a millisecond, making a NamedTuple a fifth of that.


class WordChoice(NamedTuple):
    """A string from a fixed set of words, as a Choice (schemas and the reference treat it as one), except that
    a value that is none of them is an unknown word, with "did you mean" (a rule variant's value), where a plain
    Choice says what it must be one of."""

    name: str  # the heading the reference lists the values under
    values: tuple[str, ...]
    docs: dict[str, str]


class NamesMap:
    """``{language code: name}``: free keys, string values."""

    __slots__ = ()


class Named(NamedTuple):
    """A spec referred to by name, for specs that contain themselves (filters in `not:`, conditions in `all:`)."""

    name: str


class TargetKind(NamedTuple):
    """A target: one of `words`, or (`mappings`) a ``{choose: N, filter: ...}`` / ``{up_to: N, ...}`` / ``{all: ...}``
    mapping."""

    words: tuple[str, ...]
    mappings: bool = True  # False: only words (a ruler, a player: no filter finds one)


class Field(NamedTuple):
    """One key of a mapping: what it holds and what it means to the simulator."""

    name: str
    kind: Any  # int | str | bool | an Enum | Choice | ListOf | OneOrMany | Comparison | NamesMap | ObjectSpec | Variants | Keyed | Named | TargetKind
    doc: str
    example: Any
    required: bool = False
    default: Any = NO_DEFAULT
    minimum: int | None = None
    nullable: bool = False
    min_items: int | None = None  # for lists
    # (key, value): required when the mapping's `key` is `value`, absent or null otherwise
    only_when: tuple[str, str] | None = None
    # (key, value or values): optional when the mapping's `key` is (one of) that, absent or null otherwise (an event's
    # timing; the `card:` of a trigger on other cards' events)
    allowed_when: tuple[str, str | tuple[str, ...]] | None = None
    # (key, value): required (when `required`) unless the mapping's `key` is `value`, then absent (an attack cost's effects)
    except_when: tuple[str, str] | None = None
    maximum: int | None = None  # beyond the bound every number has (limits.MAX_NUMBER)
    attr: str = ""  # the model attribute the value fills, when it is not `name`
    item: str = ""  # for lists of words: what one item is called in messages ("keyword")
    unique: bool = False  # for lists: each item at most once
    nonblank: bool = False  # for lists of strings: no item empty or only spaces

    @property
    def attribute(self) -> str:
        """The model attribute the value fills."""
        return self.attr or self.name


class _ObjectSpec(NamedTuple):
    name: str
    title: str
    doc: str
    fields: tuple[Field, ...]
    model: Any = None
    what: str = ""
    needs_one_of: tuple[str, ...] = ()


class ObjectSpec(_ObjectSpec):
    """A mapping with known keys; `name` is its identifier in schemas and anchors.

    `model` is what the readers structure the mapping into: an attrs class
    (each field fills the attribute :attr:`Field.attribute`; an absent field
    leaves the attribute's default), ``dict`` (the keys written, with their
    values), or None (its reader builds it by hand from the values read).  A
    nested mapping with its parent's model holds more of the parent's
    attributes (a ruler's ``zones``).  `what` names one
    such mapping in messages ("a card entry"; by default "a" and the title).
    `needs_one_of`: at least one of these keys must be written.
    """

    __slots__ = ()

    def __new__(
        cls,
        name: str,
        title: str,
        doc: str,
        fields: tuple[Field, ...],
        model: Any = None,
        what: str = "",
        needs_one_of: tuple[str, ...] = (),
    ) -> ObjectSpec:
        resolved = tuple(  # a default written MODEL is written once, in the model
            f._replace(default=_json_default(model_default(model, f.attribute))) if f.default is MODEL else f
            for f in fields
        )
        return super().__new__(cls, name, title, doc, resolved, model, what, needs_one_of)

    def field(self, name: str) -> Field:
        return next(f for f in self.fields if f.name == name)


class Variants(NamedTuple):
    """A mapping whose other keys depend on one discriminating key (effects, costs, special rules)."""

    name: str
    title: str
    doc: str
    key: str  # the discriminating key, e.g. "effect"
    cases: dict[str, ObjectSpec]  # word -> its keys, in the registry's order

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.cases)


class Keyed(NamedTuple):
    """A mapping with exactly one word of a family as a key, and that word's other keys (conditions)."""

    name: str
    title: str
    doc: str
    cases: dict[str, ObjectSpec]  # word -> its keys (the word's own key first)

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.cases)


class FileSpec(NamedTuple):
    """One kind of data file and where the shipped ones live."""

    kind: str  # "level", "card", "ruler", "deck", "collection"
    spec: ObjectSpec
    shipped: tuple[str, ...]  # glob patterns relative to the repository root
    how_told: str  # how `gateruler validate` recognises the kind


def _names_field() -> Field:
    return Field("names", NamesMap(), "The name in other languages: language code -> name.", {"zh": "名字"})


def _keywords_field(what: str) -> Field:
    return Field("keywords", ListOf(KEYWORD_WORDS), f"Keywords {what} has.", ["pierce"], default=MODEL, item="keyword")


# ---------------------------------------------------------------------------
# The words inside abilities, from the engine's registries


class Words(NamedTuple):
    """One word of a registry (a trigger, a keyword, an effect...): the schema lists them, the reference links to their section."""

    section: str  # the reference's heading anchor
    values: tuple[str, ...]


KEYWORD_WORDS = Words("keywords", KEYWORDS.names())
TRIGGER_WORDS = Words("triggers", TRIGGERS.names())
TIMING_WORDS = Words("timings", TIMINGS.names())


def _kind(kind: Any) -> Any:
    """The field kind for a registry parameter kind."""
    if isinstance(kind, ListOf):
        return ListOf(_kind(kind.item), kind.min_items)
    if isinstance(kind, OneOrMany):
        return OneOrMany(_kind(kind.item))
    if isinstance(kind, Family):
        return KEYWORD_WORDS if kind.name == "keyword" else Named(kind.name)
    return kind


def _json_default(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, frozenset):
        return sorted(value)
    return value


def param_field(p: Param) -> Field:
    """A registry parameter as a field of the table."""
    min_items = p.kind.min_items if isinstance(p.kind, ListOf) else None
    default = NO_DEFAULT if p.required or p.default is None else _json_default(p.default)
    return Field(
        p.name,
        _kind(p.kind),
        p.doc,
        p.example,
        required=p.required,
        default=default,
        minimum=p.minimum,
        min_items=min_items,
    )


# the filter of a `choose`/`up_to`/`all` mapping that names each kind of target a mapping can name (targets.filter_category)
_MAPPING_ZONES = {
    BOARD_UNITS: "over the board (a filter's default zone)",
    SET_CARD: "with `zone: set_zone`",
    FIELD_CARD: "with `zone: field_zone`",
    OTHER_ZONES: "with another zone (`zone: graveyard`, `hand`, `deck`, `damage_zone`...)",
}


def target_doc(categories: frozenset[str]) -> str:
    """What an effect accepting `categories` may take as its `target`, kind by kind: the words, and the mappings."""
    kinds = []
    for category, what in CATEGORY_WORDS.items():
        if category not in categories:
            continue
        words = [f"`{w.name}`" for w in TARGET_WORDS if w.target.categories == {category}]
        if category in _MAPPING_ZONES:
            words.append(f"a `choose`/`up_to`/`all` mapping {_MAPPING_ZONES[category]}")
        if words:
            kinds.append(f"{what}, as {_either(words)}")
    across = [f"`{w.name}`" for w in TARGET_WORDS if len(w.target.categories) > 1 and w.target.categories <= categories]
    if across:
        kinds.append(f"one choice across these, as {_either(across)}")
    return "What the effect acts on (see Targets): " + "; ".join(kinds) + "."


def _either(words: list[str]) -> str:
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _effect_case(word: EffectWord) -> ObjectSpec:
    fields = [Field("effect", Words("effects", EFFECTS.names()), "The effect word.", word.name, required=True)]
    if word.targets:
        accepted = tuple(words_for(word.targets))
        kind = TargetKind(accepted, bool(word.targets & _MAPPING_ZONES.keys()))
        fields.append(Field("target", kind, target_doc(word.targets), accepted[0], required=True))
    fields += [param_field(p) for p in (*word.params, *COMMON_PARAMS)]
    return ObjectSpec(f"effect-{word.name}", f"effect {word.name}", word.doc, tuple(fields))


EFFECT = Variants(
    "effect",
    "Effect",
    "One thing an ability does.  `effect` names the word; the other keys are that word's target and parameters, "
    "and `if`, `as` and `optional`, which every effect takes.",
    "effect",
    {w.name: _effect_case(w) for w in EFFECTS},
)

COST = Variants(
    "cost",
    "Cost",
    "One part of what an ability's controller pays before its effects.  `cost` names the word; the other keys are its parameters.",
    "cost",
    {
        w.name: ObjectSpec(
            f"cost-{w.name}",
            f"cost {w.name}",
            w.doc,
            (
                Field("cost", Words("costs", COSTS.names()), "The cost word.", w.name, required=True),
                *(param_field(p) for p in w.params),
            ),
        )
        for w in COSTS
    },
)

CONDITION = Keyed(
    "condition",
    "Condition",
    "What must hold: one condition word as the key, with that word's other keys.",
    {
        w.name: ObjectSpec(f"condition-{w.name}", f"condition {w.name}", w.doc, tuple(param_field(p) for p in w.params))
        for w in CONDITIONS
    },
)


def _property_fields(top: bool) -> tuple[Field, ...]:
    return tuple(Field(w.name, _kind(w.kind), w.doc, w.example) for w in FILTER_WORDS if top or not w.where)


FILTER = ObjectSpec(
    "filter",
    "Filter",
    "Which cards: where to look (`side`, `zone`; the board by default) and properties they all have.  Every key is optional; "
    "`{}` is every unit on both boards.",
    _property_fields(True),
)
FILTER_PROPERTIES = ObjectSpec(
    "filter-properties",
    "Filter properties",
    "A filter without `side` and `zone`: inside `and`/`or`/`not`, and in costs (the cost says where to look).",
    _property_fields(False),
)
NAMED: dict[str, Any] = {"filter": FILTER, "properties": FILTER_PROPERTIES, "condition": CONDITION}
"""The specs `Named` kinds refer to."""


def resolve_named(kind: Any) -> Any:
    return NAMED[kind.name] if isinstance(kind, Named) else kind


def _rule_case(kind: SpecialRuleKind) -> ObjectSpec:
    spec = SPECIAL_RULES[kind]
    fields = [Field("rule", SpecialRuleKind, "The special rule word.", kind.value, required=True)]
    fields += _parameters(
        spec, _RULE_PARAM_DOC, _RULE_PARAM_EXAMPLE, _RULE_PARAM_KIND, lambda _, kind_of: 0 if kind_of is int else None
    )
    return ObjectSpec(
        f"rule-{kind.value}",
        f"rule {kind.value}",
        spec.doc,
        tuple(fields),
        needs_one_of=_RULE_NEEDS_ONE_OF.get(kind, ()),
    )


_RULE_PARAM_DOC = {
    "card": "The card number the rule is about.",
    "keyword": "The keyword the rift's copies lose.",
    "own_name_contains": "Part of the names of the rift's own units it sacrifices.",
    "atk": "The printed ATK the rift's copies have.",
    "hp": "The printed HP the rift's copies have.",
    "stk": "The printed STK the rift's copies have.",
}
_RULE_PARAM_EXAMPLE = {
    "card": "2020GB01-127",
    "keyword": "pierce",
    "own_name_contains": "Dark Knight",
    "atk": 3,
    "hp": 3,
    "stk": 1,
}
_RULE_PARAM_KIND: dict[str, Any] = {"keyword": KEYWORD_WORDS}  # validation checks it against the keywords
_RULE_NEEDS_ONE_OF = {SpecialRuleKind.SET_STATS: ("atk", "hp", "stk")}


def _parameters(
    spec: Any, docs: dict[str, str], examples: dict[str, Any], kinds: dict[str, Any], minimum: Any
) -> list[Field]:
    """The parameter fields of a rule spec: required ones first, as the vocabulary lists them."""
    fields = []
    for group, required in ((spec.params, True), (spec.optional, False)):
        for name, kind_of in group.items():
            fields.append(
                Field(
                    name,
                    kinds.get(name, kind_of),
                    docs[name],
                    examples[name],
                    required=required,
                    minimum=minimum(name, kind_of),
                )
            )
    return fields


SPECIAL_RULE = Variants(
    "special-rule",
    "Special rule",
    "A level's change to how the rift's copies of a card behave.  `rule` names the word; the other keys are its parameters.",
    "rule",
    {k.value: _rule_case(k) for k in SpecialRuleKind},
)

TRIGGER_CARD_TYPES: dict[str, frozenset[CardType]] = {t.name: t.card_types for t in TRIGGERS}
"""Which card types may have an ability with each trigger (the loader's rule)."""


# ---------------------------------------------------------------------------
# Cards

DISCOUNT = ObjectSpec(
    "discount",
    "Discount",
    "【コスト軽減】 (Discount): an energy ruler may play the card from the hand by paying these instead of its level; "
    "a second play of the card, offered while they can be paid.",
    (
        Field("energy", int, "The energy paid instead of the level.", 2, required=True, minimum=0),
        Field(
            "costs",
            ListOf(COST),
            "What else is paid, in order (you choose which cards).",
            [{"cost": "remove_from_graveyard", "count": 4}],
            default=[],
        ),
        Field(
            "requires",
            Named("condition"),
            'When the discount may be used ("costs 2 less if you control a Beast"): any condition an ability takes; '
            "without one, whenever its costs can be paid.",
            {"turn": "own"},
        ),
        Field(
            "text",
            str,
            "Our own short wording, shown to the player.",
            "Remove 4 Dragons in your graveyard from the game to play this for 2.",
            default="",
        ),
    ),
)

ABILITY = ObjectSpec(
    "ability",
    "Ability",
    "What a card does when its trigger happens, or, for an activated ability, when its controller uses it: its effects, "
    "in order, each fully resolved before the next.",
    (
        Field(
            "trigger",
            TRIGGER_WORDS,
            "When the ability happens (`activated`: when its controller uses it); see Triggers for the card types each fits.",
            ACTIVATED,
            required=True,
        ),
        Field(
            "timing",
            TIMING_WORDS,
            "An activated ability's timing: when its controller may use it (see Timings).  Required for `trigger: activated`, absent otherwise.",
            "normal",
            only_when=("trigger", ACTIVATED),
        ),
        Field(
            "once_per_turn",
            bool,
            "【ターン1】: the ability is used (or triggers) at most once a turn.",
            True,
            default=False,
        ),
        Field(
            "keyword",
            KEYWORD_WORDS,
            "The printed keyword whose effect this ability is (Cthulhu's 【休眠】 is its attack cost): a level rule that ignores the keyword "
            "(`ignore_keyword`) ignores the ability too.",
            "dormant",
        ),
        Field(
            "text", str, "Our own short wording, shown to the player.", "Deal 1 damage to an enemy unit.", default=""
        ),
        Field(
            "requires",
            Named("condition"),
            "Whether the ability may be used at all: if not, it does not trigger, an event cannot be played, a continuous ability is off.",
            {"turn": "own"},
        ),
        Field(
            "card",
            Named("filter"),
            "For the triggers on other cards' events (`event_played`, `unit_attacks`, `card_destroyed`): which cards count, "
            "a filter of `side` (relative to this card's controller) and properties, no `zone` (absent: any card).",
            {"side": "enemy"},
            allowed_when=("trigger", tuple(sorted(WATCH_TRIGGERS))),
        ),
        Field(
            "optional",
            bool,
            '"You may": its controller decides, when it triggers, whether to use it (and pay its costs).',
            False,
            default=False,
        ),
        Field(
            "costs",
            ListOf(COST),
            "Paid in order before the effects; one that cannot be paid makes the ability do nothing.",
            [{"cost": "energy", "amount": 1}],
            default=[],
        ),
        Field(
            "effects",
            ListOf(EFFECT),
            "At least one effect; an attack cost (`trigger: attack_cost`) has none: its `costs` (at least one) are what attacking costs.",
            [{"effect": "damage", "target": "enemy_unit", "amount": 1}],
            required=True,
            min_items=1,
            except_when=("trigger", ATTACK_COST),
        ),
    ),
)

CARD = ObjectSpec(
    "card",
    "Card",
    "One card definition.  The card number (`id`) is its identity everywhere.",
    (
        Field(
            "id",
            str,
            "The card number; ids of our own look like SOLO-..., PROV-... or a prefix of your own.",
            "MY-001",
            required=True,
        ),
        Field("name", str, "The English (working) name.", "cinder imp", required=True),
        _names_field(),
        Field("type", CardType, "The card type.", "unit", required=True),
        Field("level", int, "The printed level (may be negative).", 1, required=True),
        Field("atk", int, "Printed ATK.", 3, minimum=0, nullable=True, only_when=("type", "unit")),
        Field("hp", int, "Printed HP.", 3, minimum=0, nullable=True, only_when=("type", "unit")),
        Field(
            "stk",
            int,
            "Printed STK (damage dealt to a ruler).",
            1,
            minimum=0,
            nullable=True,
            only_when=("type", "unit"),
        ),
        _keywords_field("the card"),
        Field(
            "markers",
            ListOf(str),
            "Marker keywords (CR 16-1a-2): printed words with no rule of their own that other cards refer to (`{marker: 警戒}` in a filter), "
            "such as 警戒; any word but a keyword of Keywords, which goes under `keywords`.",
            ["警戒"],
            default=MODEL,
            item="marker",
            unique=True,
            nonblank=True,
        ),
        Field(
            "attributes",
            ListOf(str),
            'Printed attributes ("tribes") other cards refer to, as printed: Beast, Dragon, Military...',
            ["Dragon"],
            default=MODEL,
            item="attribute",
            unique=True,
            nonblank=True,
        ),
        Field("faction", str, "The printed faction (army), e.g. 東妖軍 (Yomajin Front).", "東妖軍"),
        Field(
            "cnt", bool, "The card has a CNT icon; required for a `cnt` ability.", False, default=MODEL, attr="has_cnt"
        ),
        Field(
            "timing",
            TIMING_WORDS,
            "An event's timing (see Timings): when it may be played.  Without one it has the normal timing: from the hand or a "
            "set zone in your main phase only (CR 9-3e-4; docs/rulings.md 13, A7).",
            "quick",
            allowed_when=("type", "event"),
        ),
        Field("abilities", ListOf(ABILITY), "What the card does.", [], default=MODEL),
        Field(
            "discount",
            DISCOUNT,
            "【コスト軽減】: an alternative cost for playing it from the hand (energy rulers).",
            {"energy": 0, "costs": [{"cost": "remove_from_graveyard", "count": 2}]},
        ),
        Field(
            "provenance",
            Provenance,
            "Where the card's identity, level and CNT come from.",
            "provisional",
            required=True,
        ),
        Field(
            "stats",
            Provenance,
            "Where ATK/HP/STK come from, when that differs from `provenance`.",
            "provisional",
            attr="stats_provenance",
        ),
        Field("source", str, "Free text: where the numbers come from.", "Invented for my level.", default=MODEL),
        Field("legendary", bool, "A legendary card (deck rules limit its copies).", False, default=MODEL),
        Field(
            "solo_only",
            bool,
            "A solo-mode rift card (the seed's solo versions) that player decks may not use.",
            True,
            default=MODEL,
        ),
        Field(
            "rift_only",
            bool,
            "A real card of which this data holds only the rift's version (effects unknown or left out), so player decks "
            "may not use it; a player's card file that `replaces` it with the printed card may.",
            False,
            default=MODEL,
        ),
        Field(
            "replaces",
            bool,
            "In a player's card file: this card corrects the shipped card of the same id (the printed numbers, say) "
            "and is used instead of it everywhere, the rift's copies included (docs/decks.md).",
            False,
            default=MODEL,
        ),
    ),
    model=CardDef,
)


def _group_spec(name: str, title: str, what: str, example: str, more: tuple[Field, ...] = ()) -> ObjectSpec:
    return ObjectSpec(
        name,
        title,
        f"One {what} and its names: cards print one of them, filters may name any (docs/authoring.md). "
        f"An entry sharing a name with a known {what} (whatever the case) adds its other names to it.",
        (
            Field("name", str, f"The {what}'s working name (English where known).", example, required=True),
            Field("names", NamesMap(), "Its name in other languages: language code -> name.", {"ja": "ミリタリー"}),
            *more,
            Field("source", str, "Free text: where the names come from.", "My own cards.", default=MODEL),
        ),
        model=GroupDef,
        what=f"a {what} entry",
    )


ATTRIBUTE_ENTRY = _group_spec("attribute-entry", "Attribute entry", "attribute", "Military")
FACTION_ENTRY = _group_spec(
    "faction-entry",
    "Faction entry",
    "faction",
    "Yomajin Front",
    (Field("colour", str, "The faction's colour.", "red", default=MODEL),),
)

CARD_FILE = ObjectSpec(
    "card-file",
    "Card file",
    "A list of card definitions, and the names of the attributes and factions they print.",
    (
        Field("cards", ListOf(CARD), "The cards; ids are unique across all card files.", [], required=True),
        Field(
            "attributes",
            ListOf(ATTRIBUTE_ENTRY),
            "Attributes and their names in other languages (the shipped ones: gateruler/data/cards/groups.yaml).",
            [{"name": "Military", "names": {"ja": "ミリタリー"}}],
        ),
        Field(
            "factions",
            ListOf(FACTION_ENTRY),
            "Factions and their names in other languages.",
            [{"name": "Yomajin Front", "names": {"ja": "東妖軍"}, "colour": "red"}],
        ),
    ),
)

# ---------------------------------------------------------------------------
# Levels


def _count_field(example: int) -> Field:
    return Field("count", int, "How many copies.", example, required=True, minimum=1, maximum=MAX_DECK_CARDS)


CARD_ENTRY = ObjectSpec(
    "card-entry",
    "Card entry",
    "A card of a deck list and how many copies of it; each card is listed once.",
    (Field("card", str, "The card number.", "2020GB01-127", required=True), _count_field(10)),
    model=DeckEntry,
)

STATED = ObjectSpec(
    "stated",
    "Stated figures",
    "What the level's list is meant to add up to; `gateruler validate` checks the list against them.",
    (
        Field("deck_size", int, FIGURE_DOC["deck_size"], 50, required=True, minimum=0),
        Field("total_level", int, FIGURE_DOC["total_level"], 50, required=True),
        Field("cnt_cards", int, FIGURE_DOC["cnt_cards"], 0, required=True, minimum=0),
    ),
    model=StatedFigures,
)

RULE_VARIANTS = ObjectSpec(
    "variants",
    "Variants",
    "Rule variants: readings of open rulings (docs/variants.md), each key a variant and its value one of the variant's values. "
    "A variant left out keeps its default; `--variant NAME=VALUE` on the command line wins over the file.",
    tuple(
        Field(
            v.name,
            WordChoice(v.name, v.names, dict(v.values)),
            f"{v.doc} Default `{v.default}` (docs/rulings.md {v.ruling}).",
            v.alternatives[0],
            default=v.default,
        )
        for v in VARIANTS
    ),
    model=dict,
)

LEVEL = ObjectSpec(
    "level-file",
    "Level file",
    "A rift level: the rift's numbers, its deck list and its special rules.",
    (
        Field(
            "level",
            int,
            "The level number (1-6 are shipped; use 7 or more for your own).",
            7,
            required=True,
            minimum=1,
            attr="number",
        ),
        Field("name", str, "The level's name.", "Ember Rift", required=True),
        _names_field(),
        Field("hp", int, "The rift's LIFE.", 15, required=True, minimum=1),
        Field("atk", int, "The rift ruler's ATK.", 4, required=True, minimum=0),
        Field("stk", int, "The rift ruler's STK.", 3, required=True, minimum=0),
        _keywords_field("the rift ruler"),
        Field(
            "drives_per_turn",
            int,
            "How many cards the rift drives at the start of its turn.",
            2,
            default=MODEL,
            minimum=1,
        ),
        Field(
            "stated",
            STATED,
            "The figures the list should add up to.",
            {"deck_size": 50, "total_level": 50, "cnt_cards": 0},
        ),
        Field(
            "cards",
            ListOf(CARD_ENTRY),
            "The rift's deck list (shuffled at the start of a game).",
            [{"card": "2020GB01-127", "count": 50}],
            required=True,
        ),
        Field(
            "card_files",
            ListOf(str),
            "Card files with the level's own new cards, relative to the level file; they are known to this level only.",
            ["my-level.cards.yaml"],
            default=MODEL,
            attr="own_cards",
            item="card file",
        ),
        Field("special_rules", ListOf(SPECIAL_RULE), "The level's special rules, applied in order.", [], default=MODEL),
        Field(
            "acknowledged_discrepancies",
            ListOf(Choice("discrepancies", (*FIGURES, UNUSED_RULES), DISCREPANCY_DOC)),
            "What is known not to add up, as the source writes it: stated figures that do not match the list, "
            "rules that never apply (then a warning saying so, not an error; `notes` should say why).",
            [],
            default=MODEL,
            item="acknowledged discrepancy",
        ),
        Field("briefing", str, "What the player is told before playing.", "A hot one.", default=MODEL),
        Field("notes", str, "Notes for authors, e.g. how a discrepancy is handled.", "", default=MODEL),
        Field(
            "variants",
            RULE_VARIANTS,
            "Rule variants the level is played under (docs/variants.md); absent: the defaults.",
            {"unit_damage": "clears"},
        ),
    ),
    model=LevelDef,
)

# ---------------------------------------------------------------------------
# Rulers

ZONES = ObjectSpec(
    "zones",
    "Zones",
    "How many zones the ruler has.",
    (
        Field("attack", int, "Attack zones.", 2, default=MODEL, minimum=0, attr="attack_zones"),
        Field("defense", int, "Defense zones.", 1, default=MODEL, minimum=0, attr="defense_zones"),
        Field(
            "set", int, "Set zones (solo mode allows the player only 2).", 3, default=MODEL, minimum=0, attr="set_zones"
        ),
    ),
    model=RulerDef,
)
SETUP = ObjectSpec(
    "setup",
    "Set-up",
    "What the ruler starts the game with.",
    (
        Field("energy", int, "Energy at set-up.", 3, default=MODEL, minimum=0),
        Field("hand", int, "Cards in the opening hand.", 4, default=MODEL, minimum=0, attr="opening_hand"),
    ),
    model=RulerDef,
)
TURN_START = ObjectSpec(
    "turn-start",
    "Turn start",
    "What the ruler does at the start of its turn.",
    (
        Field("action", TurnStartKind, "Draw or drive.", "draw", required=True, attr="turn_start"),
        Field("count", int, "How many cards.", 2, required=True, minimum=0, attr="turn_start_count"),
        Field(
            "first_turn_count",
            int,
            "How many on the game's first turn as first player (null: same as count).",
            1,
            default=MODEL,
            minimum=0,
            nullable=True,
        ),
        Field(
            "energy_readied",
            int,
            "Energy readied each turn (null: all of it).",
            None,
            default=MODEL,
            minimum=0,
            nullable=True,
        ),
    ),
    model=RulerDef,
)
DECK_RULES = ObjectSpec(
    "deck-rules",
    "Deck rules",
    "The ruler's deck construction rules (null caps are not enforced).",
    (
        Field("size", int, "Exact deck size.", 50, default=MODEL, minimum=1),
        Field("copies_per_name", int, "Copies allowed per card name.", 4, default=MODEL, minimum=1),
        Field("level_cap", int, "Highest total level (null: none).", None, default=MODEL, nullable=True),
        Field("cnt_cap", int, "Most CNT cards (null: none).", None, default=MODEL, minimum=0, nullable=True),
        Field("legendary_copies", int, "Copies allowed per legendary name.", 1, default=MODEL, minimum=0),
        Field("legendary_names", int, "Different legendary names allowed.", 2, default=MODEL, minimum=0),
    ),
    model=DeckRules,
)
RULER = ObjectSpec(
    "ruler-file",
    "Ruler file",
    "A player ruler: its numbers, zones, turn start and deck rules.",
    (
        Field("id", str, "The ruler id decks name.", "knight", required=True),
        Field("name", str, "The ruler's name.", "Knight", required=True),
        Field("number", str, "The printed ruler number.", "K-11", default=MODEL),
        Field("life", int, "LIFE.", 11, required=True, minimum=1),
        Field("atk", int, "ATK.", 3, required=True, minimum=0),
        Field("stk", int, "STK.", 3, required=True, minimum=0),
        Field("zones", ZONES, "Zone counts.", {"attack": 2, "defense": 1, "set": 3}),
        Field("setup", SETUP, "Energy and hand at set-up.", {"energy": 3, "hand": 4}),
        Field("turn_start", TURN_START, "The start of its turn.", {"action": "draw", "count": 2}, required=True),
        Field("cost_model", CostModel, "How it pays for cards.", "energy", required=True),
        Field("summon_cap", int, "Normal summons a turn (null: no cap).", 2, default=MODEL, minimum=0, nullable=True),
        Field("has_hand", bool, "Whether it keeps a hand.", True, default=MODEL),
        Field("deck_rules", DECK_RULES, "Deck construction rules.", {"size": 50}),
        Field("provenance", Provenance, "Where the ruler's numbers come from.", "published", required=True),
        Field("source", str, "Free text: where the numbers come from.", "", default=MODEL),
    ),
    model=RulerDef,
)

# ---------------------------------------------------------------------------
# Player decks and collections

DECK_ENTRY = ObjectSpec(
    "deck-entry",
    "Deck entry",
    "A card of a player's deck and how many copies of it; each card is listed once.",
    (
        Field(
            "card",
            str,
            "The card's id or any of its names (in any language, or the part of a name before its first comma), "
            "ignoring case; a name that fits several cards is an error listing them.",
            "Honoikazuchi",
            required=True,
        ),
        _count_field(4),
    ),
    model=DeckEntry,
    what="a card entry",
)

DECK = ObjectSpec(
    "deck-file",
    "Deck file",
    "A player deck: a ruler and 50 cards, legal under the ruler's deck rules and the solo-mode ban list.",
    (
        Field("name", str, "The deck's name.", "My deck", required=True),
        Field("ruler", str, "The ruler id (a ruler file's `id`).", "knight", required=True),
        Field("sample", bool, "A shipped sample, not a tuned list.", False, default=MODEL),
        Field("description", str, "Free text.", "", default=MODEL),
        Field(
            "card_files",
            ListOf(str),
            "Card files with your own cards, relative to the deck file; they join the shipped cards (and your card "
            "library) for this deck's games.",
            ["my.cards.yaml"],
            default=MODEL,
            item="card file",
        ),
        Field("cards", ListOf(DECK_ENTRY), "The deck list.", [{"card": "PROV-001", "count": 4}], required=True),
    ),
    model=DeckDef,
)

OWNED_ENTRY = ObjectSpec(
    "owned-entry",
    "Owned entry",
    "A card you own and how many copies of it; each card is listed once.",
    (
        Field(
            "card",
            str,
            "The card's id or any of its names, as in a deck entry (ignoring case; a name that fits several "
            "cards is an error listing them).",
            "Flame Bolt",
            required=True,
        ),
        _count_field(4),
    ),
    model=DeckEntry,
    what="a card entry",
)

COLLECTION = ObjectSpec(
    "collection-file",
    "Collection file",
    "The cards a player owns, for `gateruler tune` (docs/scale.md): what it may put in a deck.",
    (
        Field("name", str, "The collection's name.", "My binder", default=MODEL),
        Field(
            "owned",
            ListOf(OWNED_ENTRY),
            "Every copy owned, your decks' own cards included.",
            [{"card": "PROV-001", "count": 4}],
            required=True,
            attr="cards",
        ),
    ),
    model=CollectionDef,
)

# ---------------------------------------------------------------------------
# The solo mode's ban list (shipped data, not a file players write)

BANNED_CARD = ObjectSpec(
    "banned-card",
    "Banned card",
    "A card solo mode bans from player decks, by number and by every name it has.",
    (
        Field("id", str, "The card number.", "2020GB01-001", required=True),
        Field("name", str, "Its English name.", "some card", required=True),
        _names_field(),
    ),
)

BAN_LIST = ObjectSpec(
    "ban-list",
    "Ban list",
    "gateruler/data/banned.yaml: the cards solo mode bans.",
    (Field("banned", ListOf(BANNED_CARD), "The banned cards.", [], required=True),),
    what="the ban list",
)

FILES: tuple[FileSpec, ...] = (
    FileSpec("level", LEVEL, ("invader_decks/*.yaml",), "has `level` and `hp`"),
    FileSpec("card", CARD_FILE, ("gateruler/data/cards/*.yaml",), "has `cards` (and perhaps `attributes`, `factions`)"),
    FileSpec("ruler", RULER, ("gateruler/data/rulers/*.yaml",), "has `life`"),
    FileSpec("deck", DECK, ("gateruler/data/decks/*.yaml",), "has `ruler` and `cards`"),
    FileSpec("collection", COLLECTION, (), "has `owned`"),
)

ENUM_DOCS: dict[type[enum.Enum], dict[Any, str]] = {
    CardType: CARD_TYPE_DOC,
    Provenance: PROVENANCE_DOC,
    Duration: DURATION_DOC,
    TurnStartKind: TURN_START_DOC,
    CostModel: COST_MODEL_DOC,
}


def file_spec(kind: str) -> FileSpec:
    """The FileSpec of 'level', 'card', 'ruler', 'deck' or 'collection'."""
    for spec in FILES:
        if spec.kind == kind:
            return spec
    raise KeyError(kind)
