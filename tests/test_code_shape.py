"""The shape issue 21 gave the code, held: no import cycle anywhere in the package (type-only imports
included), a small `Game` core (engine/game.py at most 500 lines), and no function over 80 lines.

A function's length runs from its ``def`` line to its last line (its
decorators, such as a command's options, are declarations and do not count).
Each check is shown to fail on a made-up case of what it forbids.
"""

from __future__ import annotations

import ast
from pathlib import Path

from import_graph import cycles, import_graph, imported

import gateruler

PACKAGE = Path(gateruler.__file__).parent
GAME_CORE = PACKAGE / "engine" / "game.py"
MAX_GAME_LINES = 500
MAX_FUNCTION_LINES = 80


def long_functions(source: str, limit: int = MAX_FUNCTION_LINES) -> list[tuple[int, str, int]]:
    """(line, name, length) of every function (methods and nested ones too) longer than `limit` lines."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            if length > limit:
                found.append((node.lineno, node.name, length))
    return found


def test_the_package_has_no_import_cycle_type_only_imports_included() -> None:
    assert cycles(import_graph(PACKAGE, PACKAGE.parent)) == []


def test_the_cycle_check_sees_a_cycle_made_by_a_type_only_import() -> None:
    loader = "from gateruler.library import embedded_cards\n"
    library = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gateruler.loader import CardPool\n"
    graph = {
        "gateruler.loader": {n for _, n in imported(ast.parse(loader), "gateruler.loader")},
        "gateruler.library": {n for _, n in imported(ast.parse(library), "gateruler.library")},
    }
    graph = {module: names & graph.keys() for module, names in graph.items()}
    assert cycles(graph) == [["gateruler.library", "gateruler.loader"]]


def test_the_game_core_is_at_most_500_lines() -> None:
    lines = len(GAME_CORE.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_GAME_LINES, f"engine/game.py has {lines} lines: move a part into a module of its own"


def test_no_function_in_the_package_is_over_80_lines() -> None:
    too_long = [
        f"{path.relative_to(PACKAGE)}:{line} {name} ({length} lines)"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, name, length in long_functions(path.read_text(encoding="utf-8"))
    ]
    assert too_long == []


def test_the_length_check_sees_a_long_method_and_counts_from_its_def_line() -> None:
    body = "".join(f"        x{i} = {i}\n" for i in range(MAX_FUNCTION_LINES - 1))
    source = f"class A:\n    @property\n    def fits(self):\n{body}\n    def over(self):\n{body}        return 0\n"
    assert long_functions(source) == [(4 + MAX_FUNCTION_LINES, "over", MAX_FUNCTION_LINES + 1)]
