"""docs/rulings.md names, for every ruling, the tests that check it: those tests exist.

A ruling whose test was renamed or removed would silently stop being
checked; this keeps the page and the tests together.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULINGS = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
ALIASES = {
    "rules": "test_engine_rules.py",
    "effects": "test_engine_effects.py",
    "api": "test_engine_api.py",
    "filters": "test_engine_filters.py",
    "conditions": "test_engine_conditions.py",
    "costs": "test_engine_costs.py",
    "decisions": "test_engine_decisions.py",
    "cardtext": "test_cardtext.py",
    "split": "test_engine_damage_split.py",
    "replacement": "test_engine_replacement.py",
    "cards": "test_real_cards.py",
    "activated": "test_engine_activated.py",
    "keywords": "test_engine_keywords.py",
    "discount": "test_engine_discount.py",
    "genesis": "test_engine_genesis.py",
    "soul": "test_engine_soul.py",
    "summon": "test_engine_summon.py",
    "search": "test_engine_search.py",
    "remove": "test_engine_remove.py",
    "bots": "test_bots.py",
    "shipped": "test_shipped_data.py",
    "variants": "test_variants.py",
    "guard": "test_engine_guard.py",
    "windows": "test_engine_windows.py",
    "watch": "test_engine_watch.py",
    "gate": "test_engine_gate.py",
    "readings": "test_engine_readings.py",
}


def named_tests() -> list[tuple[str, str]]:
    """(alias, test name) for every test a table row names after a file alias."""
    found = []
    for row in RULINGS.splitlines():
        if not row.startswith("| ") or row.count("|") < 5:
            continue
        last = row.rstrip(" |").rsplit(" | ", 1)[-1]
        for alias, names in re.findall(r"\b(" + "|".join(ALIASES) + r") ((?:`[^`]+`(?:, )?)+)", last):
            found += [(alias, name) for name in re.findall(r"`([^`]+)`", names)]
    return found


def test_every_test_a_ruling_names_exists() -> None:
    names = named_tests()
    assert len(names) > 60
    missing = [
        f"{alias} {name}"
        for alias, name in names
        if f"def {name}(" not in (ROOT / "tests" / ALIASES[alias]).read_text(encoding="utf-8")
    ]
    assert missing == []


def test_every_scenario_a_ruling_names_exists() -> None:
    scenarios = re.findall(r"scenario `([^`]+)`", RULINGS)
    assert scenarios
    assert [s for s in scenarios if not (ROOT / "tests" / "scenarios" / f"{s}.yaml").is_file()] == []


def test_every_ruling_is_a_variant_or_says_why_it_is_not_one() -> None:
    rows, _, last = RULINGS.partition("## Which rulings are variants, and why the others are not")
    rulings = re.findall(r"^\| ([A-Z]?\d+) \| \*\*", rows, re.M)
    variants = re.findall(r"^\| `\w+` \| ([A-Z]?\d+) \|", last, re.M)
    explained = [
        number
        for row in re.findall(r"^\| ([^|`]+) \| ", last, re.M)
        if row not in ("ruling", "variant")
        for number in re.findall(r"\b[A-Z]?\d+\b", row)
    ]
    assert len(rulings) > 100
    assert [r for r in rulings if r not in variants and r not in explained] == []
