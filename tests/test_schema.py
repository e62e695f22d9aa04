"""The JSON Schemas and the reference page say what the readers do, and stay current.

The readers read every data file by the field table (gateruler/authoring/fields.py),
which the schemas and the reference are generated from; what is still read by
hand (a file's own fields, the card words' reader) is held to the table: it
reads every field the table names, with the same requiredness, and no other
key.  The committed schema/ files and docs/reference.md must be exactly what
the generator writes, and every shipped data file must validate against its
schema.
"""

from __future__ import annotations

import copy
import glob
import json
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from gateruler import loader
from gateruler.authoring.fields import (
    BAN_LIST,
    CARD,
    CARD_FILE,
    CONDITION,
    COST,
    EFFECT,
    FILES,
    FILTER,
    RULER,
    SPECIAL_RULE,
    Field,
    FileSpec,
    Keyed,
    ListOf,
    Named,
    ObjectSpec,
    Variants,
    file_spec,
)
from gateruler.authoring.reference import reference_markdown
from gateruler.authoring.schema import json_schemas, modeline, render, schema_file_name
from gateruler.cli import main
from gateruler.engine.conditions import CONDITIONS
from gateruler.engine.costs import COSTS
from gateruler.engine.effects import EFFECTS
from gateruler.engine.filters import FILTER_WORDS
from gateruler.engine.keywords import KEYWORDS
from gateruler.engine.targets import TARGET_WORDS, words_for
from gateruler.engine.timings import TIMINGS, WINDOWS
from gateruler.engine.triggers import TRIGGERS
from gateruler.models import CostModel, RulerDef, TurnStartKind
from gateruler.vocabulary import CardType, Duration, Provenance, SpecialRuleKind
from gateruler.yamlsrc import Fields, Report, parse_yaml

ROOT = Path(__file__).resolve().parent.parent
SCHEMA_DIR = ROOT / "schema"
REFERENCE = ROOT / "docs" / "reference.md"
EXAMPLES = ROOT / "docs" / "examples"


def shipped_files() -> list[tuple[str, Path]]:
    return [(f.kind, Path(p)) for f in FILES for pattern in f.shipped for p in sorted(glob.glob(str(ROOT / pattern)))]


def validator(kind: str) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(json_schemas()[schema_file_name(kind)])


def schema_errors(kind: str, document: Any) -> list[str]:
    return sorted(e.message for e in validator(kind).iter_errors(document))


# ---------------------------------------------------------------------------
# The schemas


@pytest.mark.parametrize("name", sorted(json_schemas()))
def test_each_schema_is_a_valid_draft_07_schema(name: str) -> None:
    jsonschema.Draft7Validator.check_schema(json_schemas()[name])


@pytest.mark.parametrize("name", sorted(json_schemas()))
def test_the_committed_schema_files_are_what_the_generator_writes(name: str) -> None:
    committed = SCHEMA_DIR / name
    assert committed.is_file(), f"{committed} is missing: run `gateruler schema`"
    assert committed.read_text(encoding="utf-8") == render(json_schemas()[name]), (
        f"{committed} is stale: run `gateruler schema`"
    )


def test_the_shipped_files_of_every_kind_are_found() -> None:
    kinds = {kind for kind, _ in shipped_files()}
    assert kinds == {"level", "card", "ruler", "deck"}


@pytest.mark.parametrize(("kind", "path"), shipped_files(), ids=lambda v: getattr(v, "name", v))
def test_every_shipped_file_validates_against_its_schema(kind: str, path: Path) -> None:
    assert schema_errors(kind, yaml.safe_load(path.read_text(encoding="utf-8"))) == []


@pytest.mark.parametrize(("kind", "path"), shipped_files(), ids=lambda v: getattr(v, "name", v))
def test_every_shipped_file_names_its_schema_on_its_first_line(kind: str, path: Path) -> None:
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    assert first_line == modeline(kind, path)
    assert (path.parent / first_line.split("$schema=", 1)[1]).resolve() == SCHEMA_DIR / schema_file_name(kind)


UNIT = {"id": "X-1", "name": "x", "type": "unit", "level": 1, "atk": 1, "hp": 1, "stk": 1, "provenance": "provisional"}


def with_effect(effect: dict[str, Any], trigger: str = "on_enter", **card: Any) -> dict[str, Any]:
    return {"cards": [{**UNIT, **card, "abilities": [{"trigger": trigger, "effects": [effect]}]}]}


@pytest.mark.parametrize(
    ("mistake", "document"),
    [
        ("a misspelt card key", {"cards": [{**UNIT, "atack": 2}]}),
        ("a unit without its stats", {"cards": [{k: v for k, v in UNIT.items() if k != "hp"}]}),
        ("stats on an event", {"cards": [{**UNIT, "type": "event"}]}),
        ("an unknown keyword", {"cards": [{**UNIT, "keywords": ["piercing"]}]}),
        ("a target the effect does not accept", with_effect({"effect": "draw", "target": "enemy_unit", "amount": 1})),
        ("an effect without its parameter", with_effect({"effect": "damage", "target": "enemy_unit"})),
        ("a parameter of another effect", with_effect({"effect": "destroy", "target": "enemy_unit", "amount": 1})),
        ("a zero amount", with_effect({"effect": "damage", "target": "enemy_unit", "amount": 0})),
        (
            "a trigger the card type cannot have",
            with_effect({"effect": "damage", "target": "enemy_unit", "amount": 1}, trigger="on_play"),
        ),
        (
            "a continuous effect that is not modify",
            with_effect({"effect": "damage", "target": "enemy_unit", "amount": 1}, trigger="continuous"),
        ),
        ("a modify that changes nothing", with_effect({"effect": "modify", "target": "self"})),
        ("a target on reuse_on_enter", with_effect({"effect": "reuse_on_enter", "target": "self"})),
    ],
)
def test_the_card_schema_underlines_the_usual_mistakes(mistake: str, document: dict[str, Any]) -> None:
    assert schema_errors("card", document) != [], mistake


def test_the_level_schema_underlines_a_special_rule_without_its_parameter() -> None:
    level = yaml.safe_load((ROOT / "invader_decks" / "level-2.yaml").read_text(encoding="utf-8"))
    level["special_rules"] = [{"rule": "start_of_turn_sacrifice", "card": "2021GB02-002"}]
    assert schema_errors("level", level) != []


def test_the_level_schema_accepts_card_files() -> None:
    assert schema_errors("level", yaml.safe_load((EXAMPLES / "ember-rift.yaml").read_text(encoding="utf-8"))) == []


# ---------------------------------------------------------------------------
# The field table and the readers
#
# The readers read every mapping by its table (gateruler/reading/tables.py), so
# a field's kind, requiredness and bounds cannot disagree with it.  What is
# still read by hand is held to the table here: the fields a file's own reader
# reads itself (a card's abilities and discount, the files `card_files` names,
# card lists), and the card words' reader (gateruler/cardtext.py), which reads
# abilities by hand and the words inside them from the engine's registries, as
# the table does.


def maximal(kind: Any, example: Any = None) -> Any:
    """A document with every field of `kind` filled in (one item in each list of objects)."""
    if isinstance(kind, ObjectSpec):
        return {f.name: maximal(f.kind, f.example) for f in _fitting(kind)}
    if isinstance(kind, (Variants, Keyed)):
        return maximal(next(iter(kind.cases.values())))
    if isinstance(kind, ListOf) and isinstance(kind.item, (ObjectSpec, Variants, Keyed)):
        return [maximal(kind.item)]
    return copy.deepcopy(example)


def _fitting(spec: ObjectSpec) -> list[Field]:
    """The fields of `spec` its maximal document holds: not those allowed only for another value of a key (an event's timing on the unit)."""
    examples = {f.name: f.example for f in spec.fields}
    return [f for f in spec.fields if f.allowed_when is None or _allows(f.allowed_when, examples)]


def _allows(when: tuple[str, Any], examples: dict[str, Any]) -> bool:
    key, value = when
    return examples.get(key) in value if isinstance(value, tuple) else examples.get(key) == value


def field_paths(spec: ObjectSpec, prefix: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Field]]:
    """Every field of `spec` and of the objects inside it, with its path in `maximal(spec)`."""
    paths = []
    for f in _fitting(spec):
        path = (*prefix, f.name)
        paths.append((path, f))
        kind = f.kind
        if isinstance(kind, ListOf):
            kind, path = kind.item, (*path, 0)
        if isinstance(kind, (Variants, Keyed)):
            kind = next(iter(kind.cases.values()))
        if isinstance(kind, ObjectSpec):
            paths += field_paths(kind, path)
    return paths


READERS = {
    "level": loader.read_level,
    "card": loader.read_card_file,
    "ruler": loader.read_ruler,
    "deck": loader.read_deck,
    "collection": loader.read_collection,
}


def test_every_kind_of_file_has_a_reader() -> None:
    assert set(READERS) == {f.kind for f in FILES}


@pytest.fixture
def read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Read a document as the readers do; returns (error messages, the key sets each mapping's reader asked for)."""
    for name in ("my-level.cards.yaml", "my.cards.yaml"):  # the card files the tables' examples name
        (tmp_path / name).write_text("cards: []\n", encoding="utf-8")
    loader.load_card_pool()  # read (and cache) the shipped cards before recording what is asked
    asked: list[frozenset[str]] = []
    finish = Fields.finish

    def recording_finish(self: Fields, known: Any = ()) -> bool:
        if self.node is not None:
            asked.append(frozenset(self._asked) | frozenset(known))
        return finish(self, known)

    monkeypatch.setattr(Fields, "finish", recording_finish)

    def read(kind: str, document: Any) -> tuple[list[str], list[frozenset[str]]]:
        asked.clear()
        path = str(tmp_path / f"doc.{kind}.yaml")
        report = Report()
        READERS[kind](parse_yaml(yaml.safe_dump(document, allow_unicode=True), path), report, path)
        return [f.message for f in report.errors], list(asked)

    return read


def objects_in(spec: ObjectSpec) -> set[frozenset[str]]:
    """The key sets of `spec` and every object inside its maximal document."""
    found = {frozenset(f.name for f in _fitting(spec))}
    for _, f in field_paths(spec):
        kind = f.kind.item if isinstance(f.kind, ListOf) else f.kind
        if isinstance(kind, (Variants, Keyed)):
            kind = next(iter(kind.cases.values()))
        if isinstance(kind, ObjectSpec):
            found.add(frozenset(g.name for g in _fitting(kind)))
        elif isinstance(kind, Named) and kind.name == "filter":
            found.add(frozenset(g.name for g in FILTER.fields))  # a filter's reader knows every filter key
        elif isinstance(kind, Named) and isinstance(f.example, dict):
            found.add(frozenset(f.example))  # a recursive spec (a condition): `maximal` writes its example
    return found


@pytest.mark.parametrize("file", FILES, ids=lambda f: f.kind)
def test_the_readers_read_exactly_the_fields_the_table_names(file: FileSpec, read) -> None:
    errors, asked = read(file.kind, maximal(file.spec))
    expected = objects_in(file.spec)
    if file.kind == "level":
        expected.add(frozenset(f.name for f in file_spec("card").spec.fields))  # its (empty) card file is read too
    assert errors == []
    assert set(asked) == expected


def _specs(spec: Any, seen: dict[str, ObjectSpec]) -> dict[str, ObjectSpec]:
    """`spec` and every object spec inside it, by name."""
    if isinstance(spec, ObjectSpec) and spec.name not in seen:
        seen[spec.name] = spec
        for f in spec.fields:
            _specs(f.kind.item if isinstance(f.kind, ListOf) else f.kind, seen)
    elif isinstance(spec, (Variants, Keyed)):
        for case in spec.cases.values():
            _specs(case, seen)
    return seen


STRUCTURED = [s for s in _specs(BAN_LIST, _specs(CARD_FILE, {})).values() if s.model not in (None, dict)]
STRUCTURED += [
    s for f in FILES for s in _specs(f.spec, {}).values() if s.model not in (None, dict) and s not in STRUCTURED
]


@pytest.mark.parametrize("spec", STRUCTURED, ids=lambda s: s.name)
def test_every_field_of_a_structured_mapping_fills_an_attribute_of_its_model(spec: ObjectSpec) -> None:
    merged = {f.name for f in spec.fields if isinstance(f.kind, ObjectSpec) and f.kind.model is spec.model}
    joined = {"discount"} if spec is CARD else set()  # joins the card's abilities
    attributes = set(attrs.fields_dict(spec.model))
    assert {f.attribute for f in spec.fields if f.name not in merged | joined} - attributes == set()


def test_a_default_the_table_takes_from_the_model_is_the_models() -> None:
    assert RULER.field("summon_cap").default == attrs.fields_dict(RulerDef)["summon_cap"].default == 2
    assert file_spec("level").spec.field("keywords").default == []  # frozenset() as JSON


def _unit_with(effect: dict[str, Any], **ability: Any) -> dict[str, Any]:
    card = maximal(CARD)
    card["abilities"] = [{"trigger": "on_enter", "effects": [effect], **ability}]
    return {"cards": [card]}


def _unit_with_cost(cost: dict[str, Any]) -> dict[str, Any]:
    return _unit_with({"effect": "draw", "target": "controller", "amount": 1}, costs=[cost])


def _unit_with_condition(condition: dict[str, Any]) -> dict[str, Any]:
    """The condition as the `if:` of an effect that follows one bound `as: hits` (so every word may appear)."""
    card = maximal(CARD)
    bound = {"effect": "damage", "target": "enemy_unit", "amount": 1, "as": "hits"}
    card["abilities"] = [
        {
            "trigger": "on_enter",
            "effects": [bound, {"effect": "draw", "target": "controller", "amount": 1, "if": condition}],
        }
    ]
    return {"cards": [card]}


def _unit_with_effect(kind: str, effect: dict[str, Any]) -> dict[str, Any]:
    """The effect in an ability where it may stand: a standing replacement leads a `replacement` ability, a word
    limited to some triggers has one of them, and a word naming an earlier effect's result follows one so bound."""
    word = EFFECTS[kind]
    effects = [effect]
    if word.reads_bound:
        name = effect[next(p.name for p in word.params if p.attr == word.reads_bound)]
        effects.insert(0, {"effect": "damage", "target": "enemy_unit", "amount": 1, "as": name})
    if "per" in effect:  # what it multiplies by: an earlier effect's result
        effects.insert(0, {"effect": "damage", "target": "enemy_unit", "amount": 1, "as": effect["per"]})
    card = maximal(CARD)
    trigger = "replacement" if word.standing else min(word.triggers) if word.triggers else "on_enter"
    card["abilities"] = [{"trigger": trigger, "effects": effects}]
    return {"cards": [card]}


@pytest.mark.parametrize("kind", EFFECTS.names())
def test_the_card_words_reader_reads_exactly_the_parameters_the_table_names_for_each_effect(kind: str, read) -> None:
    case = EFFECT.cases[kind]
    errors, asked = read("card", _unit_with_effect(kind, maximal(case)))
    # a standing replacement reads `optional` like every effect, and says it cannot be
    assert errors == (
        []
        if not EFFECTS[kind].standing
        else ["a replacement cannot be optional: it applies whenever it can (docs/rulings.md D6)"]
    )
    assert frozenset(f.name for f in case.fields) in asked


@pytest.mark.parametrize("kind", COSTS.names())
def test_the_card_words_reader_reads_exactly_the_parameters_the_table_names_for_each_cost(kind: str, read) -> None:
    case = COST.cases[kind]
    errors, asked = read("card", _unit_with_cost(maximal(case)))
    assert errors == []
    assert frozenset(f.name for f in case.fields) in asked


@pytest.mark.parametrize("kind", CONDITIONS.names())
def test_the_card_words_reader_reads_exactly_the_parameters_the_table_names_for_each_condition(kind: str, read) -> None:
    case = CONDITION.cases[kind]
    errors, asked = read("card", _unit_with_condition(maximal(case)))
    assert errors == []
    assert frozenset(f.name for f in case.fields) in asked


def test_the_card_words_reader_reads_exactly_the_keys_the_table_names_for_a_filter(read) -> None:
    errors, asked = read(
        "card",
        _unit_with({"effect": "draw", "target": "controller", "amount": 1}, requires={"exists": maximal(FILTER)}),
    )
    assert errors == []
    assert frozenset(f.name for f in FILTER.fields) in asked


def _without(document: Any, path: tuple[Any, ...]) -> Any:
    document = copy.deepcopy(document)
    holder = document
    for step in path[:-1]:
        holder = holder[step]
    del holder[path[-1]]
    return document


@pytest.mark.parametrize(
    ("path", "field"),
    [(p, f) for p, f in field_paths(CARD_FILE) if len(p) > 3 and p[2] in ("abilities", "discount") and len(p) <= 5],
    ids=lambda v: ".".join(map(str, v)) if isinstance(v, tuple) else getattr(v, "name", str(v)),
)
def test_an_ability_or_discount_field_the_table_calls_required_is_required_by_the_card_words_reader(
    path: tuple[Any, ...], field: Field, read
) -> None:
    errors, _ = read("card", _without(maximal(CARD_FILE), path))
    required = field.required or field.only_when is not None  # the maximal ability is activated
    assert (f"missing required field {field.name!r}" in errors) == required, errors


@pytest.mark.parametrize("kind", EFFECTS.names())
def test_an_effect_parameter_the_table_calls_required_is_required_by_the_card_words_reader(kind: str, read) -> None:
    case = EFFECT.cases[kind]
    for field in case.fields[1:]:
        effect = {k: v for k, v in maximal(case).items() if k != field.name}
        errors, _ = read("card", _unit_with(effect))
        assert (f"missing required field {field.name!r}" in errors) == field.required, (field.name, errors)


@pytest.mark.parametrize("kind", COSTS.names())
def test_a_cost_parameter_the_table_calls_required_is_required_by_the_card_words_reader(kind: str, read) -> None:
    case = COST.cases[kind]
    for field in case.fields[1:]:
        cost = {k: v for k, v in maximal(case).items() if k != field.name}
        errors, _ = read("card", _unit_with_cost(cost))
        assert (f"missing required field {field.name!r}" in errors) == field.required, (field.name, errors)


@pytest.mark.parametrize("kind", CONDITIONS.names())
def test_a_condition_parameter_the_table_calls_required_is_required_by_the_card_words_reader(kind: str, read) -> None:
    case = CONDITION.cases[kind]
    for field in case.fields[1:]:  # the first is the word itself
        condition = {k: v for k, v in maximal(case).items() if k != field.name}
        errors, _ = read("card", _unit_with_condition(condition))
        assert (f"missing required field {field.name!r}" in errors) == field.required, (field.name, errors)


# ---------------------------------------------------------------------------
# The reference page

REGISTRIES = [KEYWORDS, TRIGGERS, TIMINGS, WINDOWS, TARGET_WORDS, EFFECTS, COSTS, CONDITIONS, FILTER_WORDS]
ENUMS = [SpecialRuleKind, CardType, Provenance, Duration, TurnStartKind, CostModel]


@pytest.mark.parametrize("registry", REGISTRIES, ids=lambda r: r.family)
def test_the_reference_documents_every_registered_word(registry: Any) -> None:
    text = reference_markdown()
    missing = [name for name in registry.names() if f"`{name}`" not in text]
    assert missing == []


@pytest.mark.parametrize("enum_", ENUMS, ids=lambda r: r.__name__)
def test_the_reference_documents_every_value_of_the_fixed_enums(enum_: Any) -> None:
    text = reference_markdown()
    missing = [m.value for m in enum_ if f"`{m.value}`" not in text]
    assert missing == []


def test_the_reference_documents_every_field_of_every_file() -> None:
    text = reference_markdown()
    for file in FILES:
        for _, f in field_paths(file.spec):
            if f.name not in (EFFECT.key, SPECIAL_RULE.key, COST.key):  # the words themselves have sections
                assert f"| `{f.name}` |" in text, f.name


def test_the_reference_links_only_to_its_own_headings() -> None:
    text = reference_markdown()
    headings = {line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")}
    anchors = {"".join(c for c in h.lower().replace(" ", "-") if c.isalnum() or c in "-_") for h in headings}
    links = {part.split(")", 1)[0] for part in text.split("](#")[1:]}
    assert links - anchors == set()


def _section(text: str, heading: str) -> str:
    start = text.index(heading + "\n")
    end = text.find("\n#", start + len(heading))
    return text[start:end]


@pytest.mark.parametrize("word", [w for w in EFFECTS if w.targets], ids=lambda w: w.name)
def test_the_reference_says_which_targets_each_effect_accepts(word: Any) -> None:
    section = _section(reference_markdown(), f"### `{word.name}`")
    (row,) = [line for line in section.splitlines() if line.startswith("| `target` |")]
    assert [w for w in words_for(word.targets) if f"`{w}`" not in row] == []
    takes_mappings = bool(word.targets - {"ruler", "player", "side"})
    assert ("`choose`/`up_to`/`all` mapping" in row) is takes_mappings
    unaccepted = [w.name for w in TARGET_WORDS if not w.target.categories <= word.targets]
    assert [w for w in unaccepted if f"`{w}`" in row] == []


def test_the_card_schema_takes_only_target_words_for_an_effect_no_mapping_can_target() -> None:
    assert schema_errors("card", with_effect({"effect": "draw", "target": {"all": {}}, "amount": 1})) != []
    assert schema_errors("card", with_effect({"effect": "draw", "target": "controller", "amount": 1})) == []


def test_docs_reference_md_is_what_the_generator_writes() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference_markdown(), (
        "docs/reference.md is stale: run `gateruler schema --markdown > docs/reference.md`"
    )


# ---------------------------------------------------------------------------
# The command


def test_schema_writes_one_file_per_kind(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["schema", "--output", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == sorted(schema_file_name(f.kind) for f in FILES)
    for name in written:
        assert json.loads((tmp_path / "out" / name).read_text(encoding="utf-8")) == json_schemas()[name]


def test_schema_markdown_prints_the_reference() -> None:
    result = CliRunner().invoke(main, ["schema", "--markdown"])
    assert result.exit_code == 0
    assert result.output == reference_markdown()


def test_schema_into_a_place_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    result = CliRunner().invoke(main, ["schema", "--output", str(blocker / "out")])
    assert result.exit_code == 2
    assert result.output.startswith(f"error: {blocker / 'out'}")
    assert len(result.output.splitlines()) == 1
