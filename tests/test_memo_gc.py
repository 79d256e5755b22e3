"""Caches and the garbage collector (issue 15 §5): cache entries hold no reference cycles, and a flood of
commands never seen before keeps the collector's young generations small (``benchmarks/gc_pauses.py``
measures the pauses themselves)."""

from __future__ import annotations

import gc

import meikyu
from meikyu.dice.command import _parse_cached


def test_mk_check_memos_make_no_cycles() -> None:
    """A remembered MK result does not point back at its command: dropped from the cache, both are freed
    at once (before, node → memo → result → node waited for the collector's full pass)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for i in range(300):
            meikyu.roll(f"{2 + i % 2}MK+{i % 5}>={2 + i % 9} #{i}", system="MeikyuKingdom")
        _parse_cached.cache_clear()
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    assert "MKCheck" not in left and "RollResult" not in left, left[:10]


def test_young_generations_stay_small_under_novel_commands() -> None:
    """With the parse cache full, each new command's entry replaces an old one, and CPython counts the
    frees against its young-pass trigger; the caches' own young passes keep both young generations
    at a few thousand objects (before: 20,000–40,000, a 10–40 ms pass)."""
    for i in range(5000):  # fill the parse cache (4,096) first
        meikyu.roll(f"{2 + i % 7}D{6 + i % 5}+{i}>=9", system="DiceBot")
    largest = 0
    for i in range(5000, 25000):
        meikyu.roll(f"{2 + i % 7}D{6 + i % 5}+{i}>=9" if i % 2 else f"3MK+{i % 9}>=7 n{i}",
                    system="DiceBot" if i % 2 else "MeikyuKingdom")
        if i % 250 == 0:
            largest = max(largest, len(gc.get_objects(0)) + len(gc.get_objects(1)))
    assert largest < 12_000, largest
