"""The import graph of a package, read from its source: for the checks that it has no cycle.

Every import counts, those under ``if TYPE_CHECKING:`` too (a type-only
import is still a dependency a reader must follow, and a cycle through one
breaks as soon as it is needed at run time). ``from gateruler.engine import
x`` runs the package's __init__, so it counts as importing the package as
well as the module ``x``, when ``x`` is one.
"""

from __future__ import annotations

import ast
from pathlib import Path


def imported(tree: ast.AST, module: str) -> list[tuple[int, str]]:
    """Every absolute module name a module imports, relative imports resolved against `module`
    (a package's own name ends in ``.__init__``), with the line of each."""
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


def module_name(path: Path, root: Path) -> str:
    """The dotted name of the module at `path`, `root` being the folder that holds the top package."""
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph(folder: Path, root: Path) -> dict[str, set[str]]:
    """Module under `folder` -> the modules under `folder` it imports (every import, TYPE_CHECKING ones too)."""
    paths = sorted(folder.rglob("*.py"))
    modules = {module_name(path, root): path for path in paths}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        own = module + ".__init__" if path.name == "__init__.py" else module
        names = {name for _, name in imported(ast.parse(path.read_text(encoding="utf-8")), own)}
        graph[module] = {name for name in names if name in modules and name != module}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
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
