"""The engine stands alone: it imports nothing above it (not the rift, bots, CLI or loader).

The rift's choices and card definitions reach the engine through the
`Opponent` given at set-up (gateruler/engine/gamestate.py), so the import
graph has no cycle.  This test reads every module under gateruler/engine/ and
fails on any import of the package outside what the engine may use: itself,
the definition models, the vocabulary, the card pool and the errors.

Inside the engine, the modules are written against the `GameState` Protocol
(gamestate.py): none imports game.py back, not even for a type hint, and the
engine's import graph has no cycle, type-only imports included.  An import
of ``from gateruler.engine import x`` runs the package's __init__ (which
imports game.py), so it counts as importing the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from import_graph import cycles, import_graph, imported, module_name

import gateruler

ENGINE = Path(gateruler.__file__).parent / "engine"
ALLOWED = ("gateruler.engine", "gateruler.models", "gateruler.vocabulary", "gateruler.cardpool", "gateruler.errors")


def _engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def _module_name(path: Path) -> str:
    return module_name(path, ENGINE.parent.parent)


@pytest.mark.parametrize("path", _engine_modules(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_the_engine_imports_only_itself_models_vocabulary_card_pool_and_errors(path: Path) -> None:
    module = _module_name(path)
    if path.name == "__init__.py":
        module += ".__init__"
    bad = [
        f"{path.name}:{line}: {name}"
        for line, name in imported(ast.parse(path.read_text(encoding="utf-8")), module)
        if (name == "gateruler" or name.startswith("gateruler."))
        and not any(name == a or name.startswith(a + ".") for a in ALLOWED)
    ]
    assert bad == []


def _engine_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports (every import, TYPE_CHECKING ones too)."""
    return import_graph(ENGINE, ENGINE.parent.parent)


def test_no_engine_module_imports_game_py_back() -> None:
    importers = sorted(m for m, names in _engine_graph().items() if "gateruler.engine.game" in names)
    assert importers == ["gateruler.engine"]  # only the package's __init__, which exports Game


def test_the_engine_has_no_import_cycle_type_only_imports_included() -> None:
    assert cycles(_engine_graph()) == []


def test_the_cycle_check_sees_a_cycle_through_the_package_init() -> None:
    tree = ast.parse("from gateruler.engine import activation\n")
    names = {name for _, name in imported(tree, "gateruler.engine.windows")}
    graph = {
        "gateruler.engine": {"gateruler.engine.game"},
        "gateruler.engine.game": {"gateruler.engine.windows"},
        "gateruler.engine.windows": names & {"gateruler.engine", "gateruler.engine.activation"},
        "gateruler.engine.activation": set(),
    }
    assert cycles(graph) == [["gateruler.engine", "gateruler.engine.game", "gateruler.engine.windows"]]


def test_the_import_check_sees_a_forbidden_import() -> None:
    tree = ast.parse(
        "from gateruler.invader import InvaderController\nimport gateruler.bots\nfrom gateruler import loader\n"
    )
    names = [name for _, name in imported(tree, "gateruler.engine.game")]
    assert {"gateruler.invader", "gateruler.bots", "gateruler.loader"} <= set(names)


def test_the_import_check_resolves_relative_imports() -> None:
    tree = ast.parse("from ..invader import InvaderController\nfrom .state import Unit\n")
    names = [name for _, name in imported(tree, "gateruler.engine.game")]
    assert "gateruler.invader" in names and "gateruler.engine.state" in names
