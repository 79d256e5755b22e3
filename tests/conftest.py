"""Shared test helpers: where the BCDice oracle lives (outside the repository); hypothesis's settings."""

from __future__ import annotations

import json
import signal
import threading
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


def pytest_configure(config: pytest.Config) -> None:
    """A SIGTERM (``scripts/check.sh`` stopped, a CI job cancelled) becomes an interrupt: pytest then tears
    its fixtures down, so the servers they started are stopped (pytest's default is to die on the spot).
    A second SIGTERM ends the run at once; ``tests/children.py`` takes the servers down even then."""
    if threading.current_thread() is not threading.main_thread():
        return

    def interrupt(signum: int, frame: object) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        raise KeyboardInterrupt("SIGTERM")

    signal.signal(signal.SIGTERM, interrupt)
