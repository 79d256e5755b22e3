"""The house rules of src/meikyu that no contract of .importlinter states: no import circle, small modules.

``lint-imports`` (scripts/check.sh) checks the layers; it does not look for circles inside one layer.
Import-linter's graph (grimp) counts every import: at module level, inside functions and under
``TYPE_CHECKING``, so a circle hidden in a function is found here too.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import meikyu
from meikyu.dice.node import SystemCommands
from meikyu.systems import all_systems

SRC = Path(meikyu.__file__).parent
MAX_LINES = 600


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    part.append(top)
                    if top == node:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return found


def test_circles_are_found() -> None:
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_src() -> None:
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("meikyu")
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    assert _circles(edges) == []


def test_no_module_over_600_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*.py") if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"split by concept: {long}"


def test_a_command_set_speaks_its_registry_language() -> None:
    """A roll renders in its system's language (SystemCommands.default_lang, read by the dice without the
    registry); the registry's SystemInfo.default_lang (read by faces before any command set loads) agrees."""
    for info in all_systems():
        commands: SystemCommands = info.commands()
        assert commands.default_lang == info.default_lang, info.id
