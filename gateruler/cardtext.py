"""Reading what a card does: its abilities and every word inside them, by the engine's registries.

The card reader (gateruler/reading/cards.py) reads a card's printed fields by
their table and hands each item of ``abilities:`` to :func:`read_ability`.  Everything below it (effects,
targets, filters, conditions, costs) is read here generically, from the
words' parameter specs (gateruler/engine/registry.py): a word added to a
registry is read, checked and reported on without a line here.  Every key is
checked, every mistake is reported at its file:line:col with "did you mean",
and one pass finds them all.

Where a card's words meet, the rules that need more than one word are
checked here too: a trigger fits the card type, a continuous ability only
uses words that can be continuous and does not choose, an ``if:`` that asks
about ``as: name`` names an earlier effect of the same ability.
"""

from __future__ import annotations

import enum
import functools
from typing import Any

import attrs

from gateruler.engine.abilities import Ability
from gateruler.engine.conditions import CONDITIONS
from gateruler.engine.costs import COSTS
from gateruler.engine.discount import discount_ability
from gateruler.engine.effects import COMMON_PARAMS, EFFECTS
from gateruler.engine.filters import BOARD, FILTER_WORDS, STAT_PROPERTIES, CardFilter, all_of
from gateruler.engine.keywords import KEYWORDS
from gateruler.engine.registry import Choice, Comparison, Family, ListOf, OneOrMany, Param
from gateruler.engine.targets import CATEGORY_WORDS, RULER_CHOICES, TARGET_WORDS, Chosen, Every, words_for
from gateruler.engine.timings import TIMINGS
from gateruler.engine.triggers import ACTIVATED, ATTACK_COST, CNT, CONTINUOUS, REPLACEMENT, TRIGGERS, WATCH_TRIGGERS
from gateruler.models import SourceLocation
from gateruler.vocabulary import CardType
from gateruler.yamlsrc import MISSING, Fields, LocatedList, LocatedMap, Report

__all__ = ["enum_of_words", "read_ability", "read_condition", "read_discount", "read_filter", "words_enum"]


@functools.cache
def enum_of_words(words: tuple[str, ...]) -> type[enum.Enum]:
    """An Enum whose members are `words`, so that Fields reports a misspelt word as it does any enum value
    (one Enum for one tuple of words, whoever asks)."""
    return enum.Enum("Words", [(w, w) for w in words])  # type: ignore[return-value]


def words_enum_of(choice: Choice) -> type[enum.Enum]:
    """An Enum of a `Choice`'s values (see :func:`enum_of_words`)."""
    return enum_of_words(choice.values)


def words_enum(registry: Any) -> type[enum.Enum]:
    """An Enum of a registry's words (see :func:`enum_of_words`)."""
    return enum_of_words(registry.names())


@attrs.define
class Context:
    """Where a reader is: the card's type, whether the ability is continuous, the `as:` names bound so far."""

    card_type: Any = None
    continuous: bool = False
    trigger: str = ""
    bound: list[str] = attrs.field(factory=list)
    in_effect: bool = False  # reading an effect's own `if:` (bound names are visible)
    grants: bool = False  # a continuous ability that grants keywords: its filters cannot test keywords


def _a(word: str) -> str:
    return f"{'an' if word[:1] in 'aeio' else 'a'} {word}"  # a unit, an event, a field


def _quoted(words: list[str]) -> str:
    return " or ".join(f"'{w}'" for w in words)


# ---------------------------------------------------------------------- abilities


def read_ability(node: Any, loc: SourceLocation, card_type: Any, has_cnt: bool, report: Report) -> Ability | None:
    f = Fields(node, report, "an ability", at=loc)
    trigger = f.required("trigger", words_enum(TRIGGERS))
    trigger = trigger.value if trigger else trigger
    text = f.optional("text", str, "")
    if trigger and isinstance(card_type, CardType) and card_type not in TRIGGERS[trigger].card_types:
        allowed = ", ".join(sorted(t.value for t in TRIGGERS[trigger].card_types))
        f.error(
            f.value_loc("trigger"), f"trigger {trigger!r} does not apply to {_a(card_type.value)} (only to: {allowed})"
        )
    if trigger == CNT and not has_cnt:
        f.error(f.value_loc("trigger"), "a card with a CNT ability must say 'cnt: true'")
    timing = _read_timing(f, trigger, card_type)
    once = f.optional("once_per_turn", bool, False)
    keyword = f.optional("keyword", words_enum(KEYWORDS))
    ctx = Context(
        card_type,
        continuous=trigger == CONTINUOUS,
        trigger=trigger or "",
        grants=trigger == CONTINUOUS and _mentions_effect(f, "grant"),
    )
    requires = _read_optional(f, "requires", lambda value, where: read_condition(value, where, report, ctx))
    card = _read_watched(f, trigger, report, ctx)
    optional = f.optional("optional", bool, False)
    if trigger == ACTIVATED and optional:
        f.error(
            f.key_loc("optional"), "an activated ability is used by choice already: 'optional' does not apply to it"
        )
    if trigger == CONTINUOUS and once:
        f.error(f.key_loc("once_per_turn"), "a continuous ability is never used, so it cannot be once per turn")
    costs = [_read_cost(item, item_loc, report, ctx) for item, item_loc in f.items("costs")]
    if ctx.continuous:  # always on: nothing to pay, nobody to ask
        if costs:
            f.error(f.key_loc("costs"), "a continuous ability cannot have costs")
        if optional:
            f.error(f.key_loc("optional"), "a continuous ability cannot be optional")
    attack_cost = trigger == ATTACK_COST
    items = f.items("effects", required=not attack_cost)
    if attack_cost:
        _check_attack_cost(f, items, costs, requires, optional, once)
    elif "effects" in f and not items and isinstance(f.raw("effects"), list):
        f.error(f.value_loc("effects"), "an ability needs at least one effect")
    effects = [_read_effect(item, item_loc, report, ctx) for item, item_loc in items]
    if ctx.continuous:
        continuous_words = [w.name for w in EFFECTS if w.continuous]
        for effect, (_, item_loc) in zip(effects, items):
            if effect is not None and not EFFECTS[effect.kind].continuous:
                f.error(item_loc, f"a continuous ability can only {_quoted(continuous_words)} (not {effect.kind!r})")
    _check_replacement(f, trigger == REPLACEMENT, effects, items, costs, optional)
    if not f.finish():
        return None
    return Ability(
        trigger,
        tuple(effects),
        text,
        tuple(costs),
        requires,
        optional,
        timing or "",
        once,
        keyword=keyword.value if keyword else "",
        card=card,
    )


def _check_attack_cost(
    f: Fields, items: list[Any], costs: list[Any], requires: Any, optional: bool, once: bool
) -> None:
    """An `attack_cost` ability is what attacking costs: costs only, always paid, nothing else (Game.can_attack)."""
    if items:
        f.error(
            f.key_loc("effects"),
            "an attack cost has no effects: it only says what attacking costs (write them as 'costs')",
        )
    if not costs and "costs" not in f:
        f.error(f.loc, "an attack cost needs 'costs': what the unit pays to attack")
    elif not costs and isinstance(f.raw("costs"), list):
        f.error(f.value_loc("costs"), "an attack cost needs at least one cost")
    for key, used in (("requires", requires is not None), ("optional", optional), ("once_per_turn", once)):
        if used:
            f.error(
                f.key_loc(key),
                f"'{key}' does not apply to an attack cost: the unit attacks only if it pays, whenever it attacks",
            )


def _read_watched(f: Fields, trigger: Any, report: Report, ctx: Context) -> Any:
    """A trigger on other cards' events: its `card:` filter (side and properties: which cards count); absent, any card.
    Only those triggers take one."""
    if "card" not in f:  # not asked: a misspelt key is not taken for it
        return None
    raw = f.raw("card")
    loc = f.value_loc("card")
    if trigger and trigger not in WATCH_TRIGGERS:
        f.error(
            f.key_loc("card"),
            f"'card' is only for the triggers on other cards' events ({', '.join(sorted(WATCH_TRIGGERS))}): "
            "it says which cards count",
        )
        return None
    if isinstance(raw, LocatedMap) and "zone" in raw:
        f.error(raw.key_loc("zone"), "a trigger's 'card' takes no 'zone': it is the card the event happened to")
        return None
    return read_filter(raw, loc, report, ctx)


def _read_timing(f: Fields, trigger: Any, card_type: Any) -> str | None:
    """An activated ability's `timing` (required for it, and only for it); an event's only activated ability is overdrive."""
    if trigger != ACTIVATED:
        if "timing" in f and f.raw("timing") is not None:
            f.error(f.key_loc("timing"), "'timing' is only for activated abilities ('trigger: activated')")
        return None
    word = f.required("timing", words_enum(TIMINGS))
    if not word:
        return None
    if card_type is CardType.EVENT and not TIMINGS[word.value].zone:
        f.error(
            f.value_loc("timing"),
            "an event is never in play: its activated ability can only be 'overdrive' (used from the drive zone)",
        )
    return str(word.value)


def _mentions_effect(f: Fields, word: str) -> bool:
    """Whether the ability's raw `effects:` list uses the effect `word` (read before the effects themselves)."""
    raw = f.node.get("effects") if f.node is not None else None
    return isinstance(raw, list) and any(isinstance(e, dict) and e.get("effect") == word for e in raw)


def read_discount(node: Any, loc: SourceLocation, report: Report) -> Ability | None:
    """A card's `discount:` (【コスト軽減】): `energy` paid instead of the level, other `costs`, and the condition
    under which it may be used (`requires`); read into its discount ability (gateruler/engine/discount.py)."""
    f = Fields(node, report, "a discount", at=loc)
    energy = f.required("energy", int, min=0)
    text = f.optional("text", str, "")
    ctx = Context()
    requires = _read_optional(f, "requires", lambda value, where: read_condition(value, where, report, ctx))
    costs = [_read_cost(item, item_loc, report, ctx) for item, item_loc in f.items("costs")]
    if not f.finish() or energy is MISSING or any(c is None for c in costs):
        return None
    return discount_ability(energy, costs, text, requires)


def _check_replacement(
    f: Fields,
    standing: bool,
    effects: list[Any],
    items: list[tuple[Any, SourceLocation]],
    costs: list[Any],
    optional: bool,
) -> None:
    """A `replacement` ability leads with one replacement word and does the rest instead, at once (replace.py)."""
    words = [w.name for w in EFFECTS if w.replaces]
    if not standing:
        for effect, (_, item_loc) in zip(effects, items):
            if effect is not None and EFFECTS[effect.kind].standing:
                f.error(
                    item_loc,
                    f"{effect.kind!r} is a standing replacement: write it first in an ability with trigger: replacement",
                )
        return
    if costs:
        f.error(
            f.key_loc("costs"),
            "a replacement ability cannot have costs: write what happens instead as its other effects",
        )
    if optional:
        f.error(
            f.key_loc("optional"),
            "a replacement ability cannot be optional: it applies whenever it can (docs/rulings.md D6)",
        )
    for position, (effect, (_, item_loc)) in enumerate(zip(effects, items)):
        if effect is None:
            continue
        replaces = bool(EFFECTS[effect.kind].replaces)
        if position == 0 and not replaces:
            f.error(
                item_loc,
                f"a replacement ability's first effect must be a replacement word ({_quoted(words)}), not {effect.kind!r}",
            )
        elif position > 0 and replaces:
            f.error(
                item_loc, f"a replacement ability has one replacement word, first; {effect.kind!r} cannot follow it"
            )
        elif position > 0 and (isinstance(effect.target, Chosen) or effect.optional):
            f.error(
                item_loc, "what a replacement does instead happens at once: it cannot choose its target or be optional"
            )
        elif position == 0 and isinstance(effect.target, Chosen):
            f.error(
                item_loc,
                "a replacement cannot choose what it protects (use a word such as self or all_own_units, or {all: FILTER})",
            )
        elif position == 0 and effect.optional:
            f.error(item_loc, "a replacement cannot be optional: it applies whenever it can (docs/rulings.md D6)")


def _read_optional(f: Fields, key: str, read: Any) -> Any:
    value = f.raw(key)
    if value is MISSING:
        return None
    return read(value, f.value_loc(key))


# ---------------------------------------------------------------------- effects and costs


def _read_effect(node: Any, loc: SourceLocation, report: Report, ctx: Context) -> Any:
    f = Fields(node, report, "an effect", at=loc)
    kind = f.required("effect", words_enum(EFFECTS))
    if kind is MISSING:
        f.finish(known=list(f.node or ()))  # without a known word its parameters cannot be checked
        return None
    word = EFFECTS[kind.value]
    values: dict[str, Any] = {}
    if word.targets:
        values["target"] = _read_target(f, word.name, word.targets, ctx)
    elif "target" in f:
        f.raw("target")
        f.error(f.key_loc("target"), f"effect {word.name!r} takes no target")
    values.update(_read_params(f, word.params, report, ctx))
    if word.triggers and ctx.trigger and ctx.trigger not in word.triggers:
        f.error(
            f.value_loc("effect"),
            f"effect {word.name!r} only works in an ability with trigger: {' or '.join(sorted(word.triggers))}",
        )
    if word.reads_bound:
        key = next(p.name for p in word.params if p.attr == word.reads_bound)
        named = values.get(word.reads_bound)
        if isinstance(named, str):
            _check_bound(f, key, named, ctx)
    effect_ctx = attrs.evolve(ctx, in_effect=True)
    values.update(_read_params(f, COMMON_PARAMS, report, effect_ctx))
    per = values.get("per")
    if isinstance(per, str) and per:  # only the words with numbers to multiply take it (Effect.scaled)
        _check_bound(f, "per", per, ctx)
    _bind(f, values.get("bind"), ctx)
    return _build(f, word, values)


def _bind(f: Fields, name: Any, ctx: Context) -> None:
    """An effect's or a cost's `as: name`: later effects of the ability may ask about it."""
    if not isinstance(name, str) or not name:
        return
    if name in ctx.bound:
        f.error(f.value_loc("as"), f"the name {name!r} is already bound by an earlier effect or cost of this ability")
    ctx.bound.append(name)


def _read_cost(node: Any, loc: SourceLocation, report: Report, ctx: Context) -> Any:
    f = Fields(node, report, "a cost", at=loc)
    kind = f.required("cost", words_enum(COSTS))
    if kind is MISSING:
        f.finish(known=list(f.node or ()))
        return None
    word = COSTS[kind.value]
    values = _read_params(f, word.params, report, ctx)
    _bind(f, values.get("bind"), ctx)
    return _build(f, word, values)


def _build(f: Fields, word: Any, values: dict[str, Any]) -> Any:
    """The word's object from its read values, after its cross-parameter check; None when anything was wrong."""
    if not f.ok or any(v is MISSING for v in values.values()):
        f.finish()
        return None
    built = word.spec(**values)
    check = getattr(word, "check", None)
    problem = check(built) if check is not None else None
    if problem:
        f.error(f.loc, problem)
    return built if f.finish() else None


def _read_params(f: Fields, params: tuple[Param, ...], report: Report, ctx: Context) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for p in params:
        if p.name not in f:
            if p.required:
                values[p.attr] = f.required(p.name, object)
            else:
                f.raw(p.name)
                values[p.attr] = p.default
            continue
        values[p.attr] = read_value(p.kind, f.raw(p.name), f.value_loc(p.name), p.name, f, ctx, minimum=p.minimum)
    return values


# ---------------------------------------------------------------------- values of every kind


def read_value(
    kind: Any, value: Any, loc: SourceLocation, name: str, f: Fields, ctx: Context, *, minimum: int | None = None
) -> Any:
    """One parameter value of `kind` (registry.py's kinds), checked; MISSING (and an error) when wrong."""
    report = f.report
    if kind in (int, str, bool) or (isinstance(kind, type) and issubclass(kind, enum.Enum)):
        return f.convert(value, kind, loc, name, min=minimum)
    if isinstance(kind, Choice):
        return f.convert(value, str, loc, name, choices=kind.values)
    if isinstance(kind, ListOf):
        if not isinstance(value, LocatedList):
            return f.convert(value, list, loc, name)
        if kind.min_items and len(value) < kind.min_items:
            f.error(loc, f"{name!r} needs at least {kind.min_items} item{'s' if kind.min_items != 1 else ''}")
            return MISSING
        items = [read_value(kind.item, item, value.item_loc(i), name, f, ctx) for i, item in enumerate(value)]
        return MISSING if any(i is MISSING for i in items) else tuple(items)
    if isinstance(kind, OneOrMany):
        if isinstance(value, LocatedList):
            return read_value(ListOf(kind.item, 1), value, loc, name, f, ctx)
        one = read_value(kind.item, value, loc, name, f, ctx)
        return MISSING if one is MISSING else (one,)
    if isinstance(kind, Comparison):
        return _read_comparison(value, loc, name, f)
    if isinstance(kind, Family):
        if kind.name == "keyword":
            word = f.convert(value, words_enum(KEYWORDS), loc, "keyword")
            return word.value if word else MISSING
        if kind.name == "filter":
            return _or_missing(read_filter(value, loc, report, ctx), report, f)
        if kind.name == "properties":
            return _or_missing(read_filter(value, loc, report, ctx, top=False), report, f)
        if kind.name == "condition":
            return _or_missing(read_condition(value, loc, report, ctx), report, f)
    raise TypeError(f"no reader for parameter kind {kind!r}")  # pragma: no cover - a registry programming error


def _or_missing(value: Any, report: Report, f: Fields) -> Any:
    return value if value is not None and f.ok else MISSING


def _read_comparison(value: Any, loc: SourceLocation, name: str, f: Fields) -> Any:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if not isinstance(value, LocatedMap):
        f.error(loc, f"{name!r} must be an integer or a mapping with 'min' and/or 'max' (got {value!r})")
        return MISSING
    bounds = Fields(value, f.report, repr(name), at=loc)
    low = bounds.optional("min", int, None)
    high = bounds.optional("max", int, None)
    if not bounds.finish():  # a misspelt bound is reported as such, once
        return MISSING
    if "min" not in bounds and "max" not in bounds:
        bounds.error(loc, f"{name!r} needs 'min' or 'max'")
        return MISSING
    if low is not None and high is not None and low > high:
        bounds.error(loc, f"{name!r}: 'min' ({low}) is above 'max' ({high})")
        return MISSING
    return {"min": low, "max": high}


# ---------------------------------------------------------------------- targets


def _read_target(f: Fields, effect: str, categories: frozenset[str], ctx: Context) -> Any:
    raw = f.raw("target")
    if raw is MISSING:
        return f.required("target", object)
    loc = f.value_loc("target")
    if isinstance(raw, LocatedMap):
        target = _read_target_mapping(raw, loc, f, ctx)
        if target is MISSING:
            return MISSING
        if not target.categories <= categories:
            accepted = ", ".join(CATEGORY_WORDS[c] for c in sorted(categories))
            refused = " or ".join(CATEGORY_WORDS[c] for c in sorted(target.categories - categories))
            f.error(loc, f"effect {effect!r} does not accept a target of {refused} (it accepts: {accepted})")
            return MISSING
    else:
        word = f.convert(raw, words_enum(TARGET_WORDS), loc, "target")
        if word is MISSING:
            return MISSING
        target = TARGET_WORDS[word.value].target
        if not target.categories <= categories:
            f.error(
                loc,
                f"effect {effect!r} does not accept target {word.value!r} (it accepts: {', '.join(words_for(categories))})",
            )
            return MISSING
    if ctx.continuous and isinstance(target, Chosen):
        f.error(
            loc, "a continuous ability cannot choose its target (use a word such as all_own_units, or {all: FILTER})"
        )
        return MISSING
    return target


def _read_target_mapping(node: LocatedMap, loc: SourceLocation, parent: Fields, ctx: Context) -> Any:
    t = Fields(node, parent.report, "a target", at=loc)
    if "all" in t:
        if "choose" in t or "filter" in t or "up_to" in t:
            t.error(loc, "a target is either {choose: N, filter: FILTER} or {all: FILTER}, not both")
            t.raw("choose"), t.raw("filter"), t.raw("up_to")
        found = read_filter(t.raw("all"), t.value_loc("all"), parent.report, ctx)
        return Every(found) if t.finish() and found is not None else MISSING
    if "choose" in t and "up_to" in t:
        t.error(loc, "a target chooses either exactly ('choose: N') or at most ('up_to: N') that many, not both")
        t.raw("choose"), t.raw("up_to"), t.raw("filter")
        t.finish()
        return MISSING
    fewer = "up_to" in t
    if "choose" not in t and not fewer:
        t.error(loc, "a target mapping needs 'choose' (how many) or 'up_to' (at most how many) and 'filter', or 'all'")
        t.finish(known=("choose", "up_to", "filter", "ruler", "all"))
        return MISSING
    count = t.required("up_to" if fewer else "choose", int, min=1)
    rulers = t.optional("ruler", words_enum_of(RULER_CHOICES), None)
    node_filter = t.raw("filter")
    found = (
        read_filter(node_filter, t.value_loc("filter"), parent.report, ctx)
        if node_filter is not MISSING
        else CardFilter()
    )
    if not t.finish() or found is None or count is MISSING:
        return MISSING
    return Chosen(found, count, fewer=fewer, rulers=rulers.value if rulers else "")


# ---------------------------------------------------------------------- filters


def read_filter(node: Any, loc: SourceLocation, report: Report, ctx: Context | None = None, *, top: bool = True) -> Any:
    """A filter mapping: a `CardFilter` (`top`), or only its properties' predicate (inside and/or/not, and costs).

    None when it has errors.  A predicate-only filter with no properties is
    None too, which means "any card" to the callers that allow it (costs)."""
    ctx = ctx or Context()
    f = Fields(node, report, "a filter", at=loc)
    side, zones, tests = "any", (BOARD,), []
    for key in list(f.node or ()):
        word = FILTER_WORDS.get(key) if isinstance(key, str) else None
        if word is None:
            continue
        if word.where and not top:
            f.raw(key)
            f.error(f.key_loc(key), f"{key!r} can only be given at the top of a filter (it says where to look)")
            continue
        if ctx.continuous and key in STAT_PROPERTIES:
            f.raw(key)
            f.error(
                f.key_loc(key),
                f"a continuous ability's filter cannot test {key!r}: the stat it changes would depend on itself",
            )
            continue
        if ctx.grants and key == "keyword":
            f.raw(key)
            f.error(
                f.key_loc(key),
                "a continuous ability that grants keywords cannot test 'keyword' in its filters: what it grants would depend on itself",
            )
            continue
        if key in ("and", "or", "not"):
            value = _read_sub_filters(key, f, ctx)
        else:
            value = read_value(word.kind, f.raw(key), f.value_loc(key), key, f, ctx)
        if value is MISSING:
            continue
        if key == "side":
            side = value
        elif key == "zone":
            zones = tuple(dict.fromkeys(value))
        else:
            tests.append(word.build(value))
    if not f.finish(known=FILTER_WORDS.names() if top else [w.name for w in FILTER_WORDS if not w.where]):
        return None
    if not top:
        return all_of(tests)
    return CardFilter(side, zones, all_of(tests))


def _read_sub_filters(key: str, f: Fields, ctx: Context) -> Any:
    raw, loc = f.raw(key), f.value_loc(key)
    if key == "not":
        found = read_filter(raw, loc, f.report, ctx, top=False)
        if found is None and f.ok:
            f.error(loc, "'not' needs at least one property")
        return found if found is not None else MISSING
    if not isinstance(raw, LocatedList) or not raw:
        f.error(loc, f"{key!r} must be a list of property mappings")
        return MISSING
    parts = [read_filter(item, raw.item_loc(i), f.report, ctx, top=False) for i, item in enumerate(raw)]
    if any(p is None for p in parts):
        if f.ok:
            f.error(loc, f"every item of {key!r} needs at least one property")
        return MISSING
    return tuple(parts)


# ---------------------------------------------------------------------- conditions


def read_condition(node: Any, loc: SourceLocation, report: Report, ctx: Context | None = None) -> Any:
    """A condition mapping: one condition word as its key, and that word's other parameters."""
    ctx = ctx or Context()
    f = Fields(node, report, "a condition", at=loc)
    if f.node is None:
        return None
    found = [key for key in f.node if isinstance(key, str) and key in CONDITIONS]
    if len(found) != 1:
        every_key = {p.name for w in CONDITIONS for p in w.params}
        if not found:
            if f.finish(known=every_key):  # a misspelt word is reported as such
                f.error(loc, f"a condition needs one of: {', '.join(CONDITIONS.names())}")
        else:
            f.error(loc, f"a condition has one word, not {_quoted(found)} (combine conditions with all: or any:)")
            f.finish(known=every_key)
        return None
    word = CONDITIONS[found[0]]
    values = _read_params(f, word.params, report, ctx)
    if word.reads_bound and values.get("name") and values["name"] is not MISSING:
        if not ctx.in_effect:
            f.error(
                f.key_loc(word.name),
                f"{word.name!r} asks about an earlier effect's 'as:' result, so it can only be an effect's 'if:'",
            )
        else:
            _check_bound(f, word.name, values["name"], ctx)
    return _build(f, word, values)


def _check_bound(f: Fields, key: str, name: str, ctx: Context) -> None:
    """`name` (the value of `key`) must be the `as:` name of an earlier effect or cost of the same ability."""
    if name not in ctx.bound:
        known = ", ".join(ctx.bound) or "none"
        f.error(
            f.value_loc(key), f"no earlier effect or cost of this ability is bound 'as: {name}' (bound so far: {known})"
        )
