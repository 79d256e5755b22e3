"""Whether chosen obstacles can be shared among a roll's powers (R-LB-09), without exponential search.

A power removes only obstacles of its own attribute, so the question splits by attribute: each
attribute's obstacles must fit into that attribute's powers. One power: their targets must sum to at
most its value. Two powers (the card's power and a follow-up of the same attribute): a two-bin
partition, decided by a subset-sum bitset in O(obstacles × value). More powers of one attribute
never arise from the rules (a roll gives the card's power and at most one follow-up); they are still
answered exactly, by a search over bin loads that is memoised.

>>> fits([("P", 3), ("C", 2)], [("P", 3), ("C", 3)])
True
>>> fits([("P", 3), ("P", 1)], [("P", 3)])
False
>>> fits([("M", 1)] * 25, [("M", 12), ("M", 12)])
False
>>> fits([("M", 2), ("M", 3), ("M", 4)], [("M", 5), ("M", 4)])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache


def fits(targets: Sequence[tuple[str, int]], pools: Sequence[tuple[str, int]]) -> bool:
    """Whether obstacles (attribute, target) can be shared among powers (attribute, value) so that each
    power's obstacles match its attribute and sum to at most its value."""
    needs: dict[str, list[int]] = {}
    for attribute, target in targets:
        needs.setdefault(attribute, []).append(target)
    capacities: dict[str, list[int]] = {}
    for attribute, value in pools:
        capacities.setdefault(attribute, []).append(value)
    return all(_fits_one(sorted(need, reverse=True), capacities.get(attr, [])) for attr, need in needs.items())


def _fits_one(need: list[int], caps: list[int]) -> bool:
    """One attribute: ``need`` (descending) into bins ``caps``."""
    total = sum(need)
    if not caps or total > sum(max(c, 0) for c in caps) or need[0] > max(caps):
        return False
    if len(caps) == 1:
        return total <= caps[0]
    if len(caps) == 2:
        first, second = caps
        if first < 0 or second < 0:
            return _fits_one(need, [max(first, second)])
        reachable = 1  # bit s set: some obstacles sum to exactly s in the first bin
        window = (1 << (first + 1)) - 1
        for target in need:
            reachable = (reachable | (reachable << target)) & window
        low = max(total - second, 0)  # the first bin must take at least this much
        return reachable >> low != 0
    return _search(tuple(need), tuple(sorted(caps)))


@cache
def _search(need: tuple[int, ...], caps: tuple[int, ...]) -> bool:
    if not need:
        return True
    head, rest = need[0], need[1:]
    tried: set[int] = set()
    for i, room in enumerate(caps):
        if room >= head and room not in tried:  # bins with equal room are interchangeable
            tried.add(room)
            left = tuple(sorted(caps[:i] + (room - head,) + caps[i + 1 :]))
            if _search(rest, left):
                return True
    return False
