"""docs/reference.md, generated: every field, keyword, trigger, target, effect and rule.

The page is written from the same tables the loader and the JSON Schemas use,
so a word added to the vocabulary appears here with the next
``gateruler schema --markdown > docs/reference.md`` (a test fails until then).
"""

from __future__ import annotations

import enum
import json
from typing import Any

from gateruler.authoring.fields import (
    CONDITION,
    COST,
    EFFECT,
    ENUM_DOCS,
    FILES,
    FILTER,
    FILTER_PROPERTIES,
    NO_DEFAULT,
    SPECIAL_RULE,
    TRIGGER_CARD_TYPES,
    Field,
    Keyed,
    Named,
    NamesMap,
    ObjectSpec,
    TargetKind,
    Variants,
    WordChoice,
    Words,
    resolve_named,
)
from gateruler.engine.effects import EFFECTS
from gateruler.engine.filters import FILTER_WORDS
from gateruler.engine.keywords import KEYWORDS
from gateruler.engine.registry import Choice, Comparison, ListOf, OneOrMany
from gateruler.engine.targets import CATEGORY_WORDS, TARGET_WORDS
from gateruler.engine.timings import EITHER, OWN, RIFT, TIMINGS, WINDOWS
from gateruler.engine.triggers import CNT, CONTINUOUS, TRIGGERS
from gateruler.models import CostModel, TurnStartKind
from gateruler.vocabulary import CardType, Duration, Provenance, SpecialRuleKind

# The section each enum's values are listed in (anchors are GitHub's heading slugs).
_ENUM_SECTIONS: dict[type[enum.Enum], str] = {
    SpecialRuleKind: "special-rules",
    CardType: "card-types",
    Provenance: "provenance",
    Duration: "durations",
    TurnStartKind: "turn-start-actions",
    CostModel: "cost-models",
}
_ENUM_TITLES = {
    CardType: "Card types",
    Provenance: "Provenance",
    Duration: "Durations",
    TurnStartKind: "Turn start actions",
    CostModel: "Cost models",
}
# Sections of their own: not repeated among the files' nested objects.
_OWN_SECTIONS = {EFFECT.name, SPECIAL_RULE.name, COST.name, CONDITION.name, FILTER.name, FILTER_PROPERTIES.name}


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _code_list(values: list[str]) -> str:
    return ", ".join(f"`{v}`" for v in values)


def _type(field_kind: Any, plural: bool = False) -> str:
    """English for a kind, linking to where its values are listed; `plural` inside "list of"."""
    if field_kind is int:
        return "integers" if plural else "integer"
    if field_kind is str:
        return "strings" if plural else "string"
    if field_kind is bool:
        return "true/false"
    if isinstance(field_kind, type) and issubclass(field_kind, enum.Enum):
        section = _ENUM_SECTIONS[field_kind]
        link = f"[{section.replace('-', ' ')}](#{section})"
        return link if plural else f"one of {link}"
    if isinstance(field_kind, Words):
        link = f"[{field_kind.section.replace('-', ' ')}](#{field_kind.section})"
        return link if plural else f"one of {link}"
    if isinstance(field_kind, (Choice, WordChoice)):
        return ("values from: " if plural else "one of: ") + _code_list(list(field_kind.values))
    if isinstance(field_kind, ListOf):
        return f"list of {_type(field_kind.item, plural=True)}"
    if isinstance(field_kind, OneOrMany):
        return f"{_type(field_kind.item)}, or a list of them"
    if isinstance(field_kind, Comparison):
        return "integer, or `{min: a, max: b}`"
    if isinstance(field_kind, TargetKind):
        if not field_kind.mappings:
            return "a [target](#targets) word"
        return "a [target](#targets): a word or a `choose`/`up_to`/`all` mapping"
    if isinstance(field_kind, NamesMap):
        return "mapping: language code -> string"
    if isinstance(field_kind, Named):
        return _type(resolve_named(field_kind), plural)
    if isinstance(field_kind, (ObjectSpec, Variants, Keyed)):
        section = (
            f"{field_kind.title}s" if isinstance(field_kind, (Variants, Keyed)) else field_kind.title
        )  # see _variant_section
        link = f"[{field_kind.title.lower()}](#{_anchor(section)})"
        return f"{link} mappings" if plural else link
    raise TypeError(f"no description for {field_kind!r}")


def _anchor(title: str) -> str:
    return "".join(c for c in title.lower().replace(" ", "-") if c.isalnum() or c in "-_")


def _field_type(field: Field) -> str:
    text = _type(field.kind)
    if field.minimum is not None:
        text += f", at least {field.minimum}"
    if field.maximum is not None:
        text += f", at most {field.maximum:,}"
    if field.unique:
        text += ", each once"
    if field.nonblank:
        text += ", none blank"
    if field.min_items is not None:
        text += f", at least {field.min_items} item{'s' if field.min_items != 1 else ''}"
    if field.nullable:
        text += ", or null"
    return text


def _requirement(field: Field) -> str:
    if field.except_when is not None:
        key, value = field.except_when
        return f"yes, except when `{key}: {value}` (absent then)"
    if field.only_when is not None:
        key, value = field.only_when
        return f"when `{key}: {value}` (absent otherwise)"
    if field.allowed_when is not None:
        key, allowed = field.allowed_when
        if isinstance(allowed, tuple):
            return f"no; only when `{key}` is {' or '.join(f'`{v}`' for v in allowed)}"
        return f"no; only when `{key}: {allowed}`"
    if field.required:
        return "yes"
    if field.default is NO_DEFAULT:
        return "no"
    return f"no (default `{json.dumps(field.default, ensure_ascii=False)}`)"


def _fields_table(fields: tuple[Field, ...]) -> list[str]:
    lines = ["| field | type | required | meaning |", "|---|---|---|---|"]
    for field in fields:
        lines.append(f"| `{field.name}` | {_cell(_field_type(field))} | {_requirement(field)} | {_cell(field.doc)} |")
    return lines


def _nested(spec: ObjectSpec, seen: set[str]) -> list[ObjectSpec | Variants]:
    """The objects a spec's fields contain, depth first, each once."""
    found: list[ObjectSpec | Variants] = []
    for field in spec.fields:
        kind = field.kind.item if isinstance(field.kind, ListOf) else field.kind
        if isinstance(kind, (ObjectSpec, Variants)) and kind.name not in seen:
            seen.add(kind.name)
            found.append(kind)
            if isinstance(kind, ObjectSpec):
                found += _nested(kind, seen)
    return found


def _object_section(spec: ObjectSpec, level: str) -> list[str]:
    return [f"{level} {spec.title}", "", spec.doc, "", *_fields_table(spec.fields), ""]


def _files() -> list[str]:
    lines = [
        "## Files",
        "",
        "`gateruler validate` tells the kinds of file apart by their top-level keys:",
        "",
        "| kind | recognised by | shipped files | JSON Schema |",
        "|---|---|---|---|",
    ]
    for file in FILES:
        lines.append(
            f"| [{file.spec.title.lower()}](#{_anchor(file.spec.title)}) | {file.how_told} | {_code_list(list(file.shipped)) or 'none'} | `schema/{file.kind}.schema.json` |"
        )
    lines.append("")
    seen = set(_OWN_SECTIONS)
    for file in FILES:
        lines += _object_section(file.spec, "###")
        for nested in _nested(file.spec, seen):
            if isinstance(nested, ObjectSpec):
                lines += _object_section(nested, "####")
    return lines


def _keywords() -> list[str]:
    lines = ["## Keywords", "", "| keyword | meaning |", "|---|---|"]
    lines += [f"| `{k.name}` | {_cell(k.doc)} |" for k in KEYWORDS]
    return lines + [""]


def _triggers() -> list[str]:
    lines = ["## Triggers", "", "| trigger | card types | meaning |", "|---|---|---|"]
    for trigger in TRIGGERS:
        types = [t.value for t in CardType if t in TRIGGER_CARD_TYPES[trigger.name]]
        lines.append(f"| `{trigger.name}` | {_code_list(types)} | {_cell(trigger.doc)} |")
    continuous = ", ".join(f"`{w.name}`" for w in EFFECTS if w.continuous)
    lines += [
        "",
        f"A `{CONTINUOUS}` ability may only use {continuous}, cannot choose its target, cannot have costs or be optional, "
        f"and its filters cannot test `atk`, `hp` or `stk`; a card with a `{CNT}` ability must say `cnt: true`.",
        "",
    ]
    return lines


TURN_WORDS = {OWN: "yours", RIFT: "the rift's", EITHER: "either"}


def _timings() -> list[str]:
    lines = [
        "## Timings",
        "",
        "When an activated ability (`trigger: activated`) may be used, or an event played: a timing is open in some of the",
        "moments a player holds priority (windows): your main and attack phases, and the windows that follow the gate in",
        "the rift's turn and at the damage moments of either turn (docs/rulings.md rows W).  An event is played from the",
        "hand or drive zone in your main phase only, and then only if its timing opens there; from a set zone, whenever",
        "its timing is open (an event without a timing word has the normal timing: your main phase only).  The last two",
        "windows are no priority but choices of the rules that wait the same way: no timing opens there.",
        "",
        "| timing | windows | meaning |",
        "|---|---|---|",
    ]
    for t in TIMINGS:
        windows = [w.name for w in WINDOWS if w.name in t.windows]
        lines.append(f"| `{t.name}` | {_code_list(windows)} | {_cell(t.doc)} |")
    lines += ["", "| window | whose turn | opened today | meaning |", "|---|---|---|---|"]
    for w in WINDOWS:
        lines.append(f"| `{w.name}` | {TURN_WORDS[w.turn]} | {'yes' if w.opened else 'no'} | {_cell(w.doc)} |")
    return lines + [""]


def _targets() -> list[str]:
    lines = [
        "## Targets",
        "",
        "What an effect acts on: a word below, or a mapping with a [filter](#filter):",
        "",
        "- `{choose: N, filter: FILTER}`: the controller chooses N of the matching cards, one at a time "
        "(the rift chooses in the solo-mode order, docs/rulings.md); with fewer, all of them;",
        "- `{up_to: N, filter: FILTER}`: the same, but at most N: the controller may stop at any pick, "
        "none at all included (the rift always takes as many as it can);",
        '- either with `ruler: own` (`enemy`, `any`): that ruler is one of the choices too ("your ruler or a unit"); '
        'a filter may look in several zones (`zone: [board, field_zone, set_zone]`: "a card in play"), and the effect '
        "must accept every kind of card the choice may take;",
        "- `{all: FILTER}`: every matching card.",
        "",
        "Each effect accepts some kinds of target: "
        + "; ".join(f"{word}" for word in CATEGORY_WORDS.values())
        + ".  The words are shorthands for mappings: `enemy_unit` is `{choose: 1, filter: {side: enemy}}`.",
        "",
        "| target | meaning | accepted by |",
        "|---|---|---|",
    ]
    for word in TARGET_WORDS:
        users = [w.name for w in EFFECTS if word.target.categories <= w.targets]
        lines.append(f"| `{word.name}` | {_cell(word.doc)} | {_code_list(users)} |")
    return lines + [""]


def _variant_section(spec: Variants, extra: Any) -> list[str]:
    lines = [f"## {spec.title}s", "", spec.doc, "", f"Written as a mapping, e.g. `{{{_example(spec)}}}`.", ""]
    for word, case in spec.cases.items():
        lines += [f"### `{word}`", "", case.doc, ""]
        lines += extra(word)
        parameters = tuple(f for f in case.fields if f.name != spec.key)
        if parameters:
            lines += _fields_table(parameters)
        else:
            lines.append("No parameters.")
        lines.append("")
    return lines


def _example(spec: Variants) -> str:
    case = next(iter(spec.cases.values()))
    return ", ".join(f"{f.name}: {f.example}" for f in case.fields if f.required)


def _effect_targets(word: str) -> list[str]:
    return [] if EFFECTS[word].targets else ["Takes no `target`.", ""]


def _conditions() -> list[str]:
    lines = [f"## {CONDITION.title}s", "", CONDITION.doc, ""]
    lines += [
        "An ability's `requires:` says whether it may be used at all (checked when it would trigger, when its event would be played, "
        "and for continuous abilities whenever a stat is read); an effect's `if:` is checked when that effect resolves.  "
        "A ruler with no hand (the rift, the Apprentice) has 0 cards in hand (CR 1-5g).",
        "",
    ]
    for word, case in CONDITION.cases.items():
        lines += [f"### `{word}`", "", case.doc, "", *_fields_table(case.fields), ""]
    return lines


def _filters() -> list[str]:
    lines = [f"## {FILTER.title}", "", FILTER.doc, ""]
    lines += [
        "A filter is compiled once, when the card is loaded.  `side` is relative to the card that has the ability.  "
        "Units on the board are tested as they are now (current ATK/HP/STK, act or rest); cards elsewhere by what is printed.  "
        f"Inside `and`, `or` and `not` (and in costs) only the properties are written: see [filter properties](#{_anchor(FILTER_PROPERTIES.title)}).",
        "",
        "| key | value | meaning |",
        "|---|---|---|",
    ]
    for field in FILTER.fields:
        lines.append(f"| `{field.name}` | {_cell(_field_type(field))} | {_cell(field.doc)} |")
    lines += ["", f"### {FILTER_PROPERTIES.title}", "", FILTER_PROPERTIES.doc, ""]
    lines.append(f"The keys of a filter except {', '.join(f'`{w.name}`' for w in FILTER_WORDS if w.where)}.")
    return lines + [""]


def _enum_section(kind: type[enum.Enum]) -> list[str]:
    docs = ENUM_DOCS[kind]
    lines = [f"## {_ENUM_TITLES[kind]}", "", "| value | meaning |", "|---|---|"]
    lines += [f"| `{m.value}` | {_cell(docs[m])} |" for m in kind]
    return lines + [""]


def _choices() -> list[str]:
    lines = ["## Other values", ""]
    seen: set[str] = set()
    for case in (
        *EFFECT.cases.values(),
        *COST.cases.values(),
        *CONDITION.cases.values(),
        FILTER,
        *(f.spec for f in FILES),
    ):
        for field in case.fields:
            kind = field.kind.item if isinstance(field.kind, (ListOf, OneOrMany)) else field.kind
            if isinstance(kind, (Choice, WordChoice)) and kind.docs and kind.name not in seen:
                seen.add(kind.name)
                lines += [f"### {kind.name.capitalize()}", "", "| value | meaning |", "|---|---|"]
                lines += [f"| `{v}` | {_cell(kind.docs[v])} |" for v in kind.values]
                lines.append("")
    return lines


def reference_markdown() -> str:
    """The whole reference page."""
    lines = [
        "# Reference: the data files and their vocabulary",
        "",
        "<!-- Generated by `gateruler schema --markdown` from the engine's registries,",
        "     gateruler/vocabulary.py and gateruler/authoring/fields.py; do not edit by hand. -->",
        "",
        "Everything a level, card, ruler, deck or collection file may contain.  For a",
        "guided walk-through of writing a new level, see [authoring.md](authoring.md).",
        "",
    ]
    lines += _files()
    lines += _keywords()
    lines += _triggers()
    lines += _timings()
    lines += _targets()
    lines += _variant_section(EFFECT, _effect_targets)
    lines += _variant_section(COST, lambda _: [])
    lines += _conditions()
    lines += _filters()
    lines += _variant_section(SPECIAL_RULE, lambda _: [])
    for kind in _ENUM_TITLES:
        lines += _enum_section(kind)
    lines += _choices()
    return "\n".join(lines).rstrip("\n") + "\n"
