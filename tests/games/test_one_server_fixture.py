"""The games' tests start their fast server through one fixture (``conftest.server``): a module that wants another
environment passes it by indirect parametrization, so no module keeps its own copy of the fixture or of ``FAST``."""

from __future__ import annotations

import ast
from pathlib import Path

HERE = Path(__file__).parent


def test_no_test_module_defines_its_own_server_fixture_or_fast_environment() -> None:
    copies = []
    for path in sorted(HERE.glob("test_*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef) and node.name == "server":
                copies.append(f"{path.name}: def server")
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "FAST" for t in node.targets):
                copies.append(f"{path.name}: FAST =")
    assert copies == []
