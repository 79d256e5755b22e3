"""Shared timing helper for the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable


def rate(fn: Callable[[int], None], seconds: float, start_batch: int = 500) -> float:
    """Calls per second of ``fn(n)``: grow the batch until one takes ~1/10 of the budget, then best of five."""
    n = start_batch
    while True:
        start = time.perf_counter()
        fn(n)
        elapsed = time.perf_counter() - start
        if elapsed > seconds / 10:
            break
        n *= 2
    best = elapsed
    for _ in range(4):
        start = time.perf_counter()
        fn(n)
        best = min(best, time.perf_counter() - start)
    return n / best
