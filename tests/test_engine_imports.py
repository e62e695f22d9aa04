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

import gateruler

ENGINE = Path(gateruler.__file__).parent / "engine"
ALLOWED = ("gateruler.engine", "gateruler.models", "gateruler.vocabulary", "gateruler.cardpool", "gateruler.errors")


def _imported(tree: ast.AST, module: str) -> list[tuple[int, str]]:
    """Every absolute module name a module imports, relative imports resolved against `module`."""
    names = []
    package = module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            names.append((node.lineno, base))
            names += [(node.lineno, f"{base}.{alias.name}") for alias in node.names if base.startswith("gateruler")]
    return names


def _engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.parametrize("path", _engine_modules(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_the_engine_imports_only_itself_models_vocabulary_card_pool_and_errors(path: Path) -> None:
    module = _module_name(path)
    if path.name == "__init__.py":
        module += ".__init__"
    bad = [
        f"{path.name}:{line}: {name}"
        for line, name in _imported(ast.parse(path.read_text(encoding="utf-8")), module)
        if (name == "gateruler" or name.startswith("gateruler."))
        and not any(name == a or name.startswith(a + ".") for a in ALLOWED)
    ]
    assert bad == []


def _engine_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports (every import, TYPE_CHECKING ones too)."""
    modules = {_module_name(path): path for path in _engine_modules()}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        own = module + ".__init__" if path.name == "__init__.py" else module
        names = {name for _, name in _imported(ast.parse(path.read_text(encoding="utf-8")), own)}
        graph[module] = {name for name in names if name in modules and name != module}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_engine_module_imports_game_py_back() -> None:
    importers = sorted(m for m, names in _engine_graph().items() if "gateruler.engine.game" in names)
    assert importers == ["gateruler.engine"]  # only the package's __init__, which exports Game


def test_the_engine_has_no_import_cycle_type_only_imports_included() -> None:
    assert _cycles(_engine_graph()) == []


def test_the_cycle_check_sees_a_cycle_through_the_package_init() -> None:
    tree = ast.parse("from gateruler.engine import activation\n")
    names = {name for _, name in _imported(tree, "gateruler.engine.windows")}
    graph = {
        "gateruler.engine": {"gateruler.engine.game"},
        "gateruler.engine.game": {"gateruler.engine.windows"},
        "gateruler.engine.windows": names & {"gateruler.engine", "gateruler.engine.activation"},
        "gateruler.engine.activation": set(),
    }
    assert _cycles(graph) == [["gateruler.engine", "gateruler.engine.game", "gateruler.engine.windows"]]


def test_the_import_check_sees_a_forbidden_import() -> None:
    tree = ast.parse(
        "from gateruler.invader import InvaderController\nimport gateruler.bots\nfrom gateruler import loader\n"
    )
    names = [name for _, name in _imported(tree, "gateruler.engine.game")]
    assert {"gateruler.invader", "gateruler.bots", "gateruler.loader"} <= set(names)


def test_the_import_check_resolves_relative_imports() -> None:
    tree = ast.parse("from ..invader import InvaderController\nfrom .state import Unit\n")
    names = [name for _, name in _imported(tree, "gateruler.engine.game")]
    assert "gateruler.invader" in names and "gateruler.engine.state" in names
