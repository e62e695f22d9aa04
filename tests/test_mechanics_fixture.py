"""The mechanics fixture (tests/data/mechanics.cards.yaml) is valid data that uses every newer word.

Random play, the bots and the benchmark rely on it to exercise every filter
property, condition and cost: a word added to a registry must be added to the
fixture too (docs/engine.md, the recipe), and this test says which is missing.
"""

from __future__ import annotations

from typing import Any

import jsonschema
import yaml
from click.testing import CliRunner
from factories import MECHANICS_FILE

from gateruler.authoring.schema import json_schemas, schema_file_name
from gateruler.cli import main
from gateruler.engine.conditions import CONDITIONS
from gateruler.engine.costs import COSTS
from gateruler.engine.filters import FILTER_WORDS

DOCUMENT = yaml.safe_load(MECHANICS_FILE.read_text(encoding="utf-8"))


def _words(node: Any, found: dict[str, set[str]], in_filter: bool = False) -> None:
    """Collect cost words, condition words and filter keys used anywhere in `node`."""
    if isinstance(node, list):
        for item in node:
            _words(item, found, in_filter)
        return
    if not isinstance(node, dict):
        return
    if in_filter:
        found["filter"] |= set(node)
        for key in ("and", "or", "not"):
            if key in node:
                _words(node[key], found, in_filter=True)
        return
    if "cost" in node:
        found["cost"].add(node["cost"])
    for key, value in node.items():
        if key in ("requires", "if"):
            _conditions(value, found)
        elif key == "target" and isinstance(value, dict):
            _words(value.get("all", value.get("filter")), found, in_filter=True)
        else:
            _words(value, found, in_filter=key == "filter")


def _conditions(node: Any, found: dict[str, set[str]]) -> None:
    for item in node if isinstance(node, list) else [node]:
        for key, value in item.items():
            if key in CONDITIONS:
                found["condition"].add(key)
                if key in ("count", "exists", "self"):
                    _words(value, found, in_filter=True)
                elif key in ("all", "any", "not"):
                    _conditions(value, found)


def test_the_mechanics_fixture_validates_and_follows_the_card_schema() -> None:
    result = CliRunner().invoke(main, ["validate", str(MECHANICS_FILE)])
    assert (result.exit_code, result.output) == (0, "checked 1 file: 0 errors, 0 warnings\n")
    validator = jsonschema.Draft7Validator(json_schemas()[schema_file_name("card")])
    assert [e.message for e in validator.iter_errors(DOCUMENT)] == []


def test_the_mechanics_fixture_uses_every_cost_condition_and_filter_word() -> None:
    found: dict[str, set[str]] = {"cost": set(), "condition": set(), "filter": set()}
    _words(DOCUMENT, found)
    assert set(COSTS.names()) - found["cost"] == set()
    assert set(CONDITIONS.names()) - found["condition"] == set()
    assert set(FILTER_WORDS.names()) - found["filter"] == set()
