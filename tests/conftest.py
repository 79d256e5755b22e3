"""Shared test helpers: where the BCDice oracle lives (outside the repository); hypothesis's settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Property tests check correctness, not speed: a per-example deadline only fails them on a busy machine
# (CI shares its cores). Speed has its own tests, on CPU time, and its benchmarks.
settings.register_profile("meikyu", deadline=None)
settings.load_profile("meikyu")

ORACLE_DIR = Path(__file__).resolve().parents[2] / "shared" / "oracle" / "bcdice"


def oracle_cases(name: str) -> list[dict[str, Any]]:
    """The cases of one oracle file, or a skip when the oracle folder is absent."""
    path = ORACLE_DIR / name
    if not path.is_file():
        pytest.skip(f"BCDice oracle not present at {path}")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
