"""Caches bounded by the bytes they hold, not by how many entries they have.

A cache keyed by what clients send grows with the variety of what they send: 4,096 remembered
commands of 200 results each, or 1,024 answers of 40 KB each, are hundreds of megabytes. Both kinds
here count (estimated) bytes and start over when a limit is passed: a flood of distinct requests
costs what it would without the cache, never more memory.

- :class:`ByteCache` is a dict that forgets everything when its entries' bytes pass ``limit``.
- :class:`MemoBudget` is one byte budget shared by many small per-object memos (each parsed
  command keeps its own, for speed): passing the limit empties every memo that charged it.

A cache at its limit also confuses CPython's collector: the collector runs a young pass after about
700 more allocations than frees, and every entry a cache drops counts as frees. A full cache taking
a new command per request (a flood of commands never seen before) gets a young pass only every
thousand requests or so, the young generations gather tens of thousands of entries meanwhile, and
walking them is a 10–40 ms pause. So the caches here call :func:`new_entry` for each entry they
take, which runs a young pass every 256 entries and a middle one every 1,024: each walks at most a
few thousand objects. Entries should hold no reference cycles (a memoised result without its parsed
command, say), so that whatever a cache drops is freed at once, not by the collector's full pass.

>>> cache = ByteCache(100)
>>> cache.put("a", "x" * 40, 40); cache.put("b", "y" * 40, 40); len(cache)
2
>>> cache.put("c", "z" * 40, 40); len(cache), cache.get("a"), cache.get("c") == "z" * 40
(1, None, True)
>>> cache.put("huge", "w" * 500, 500); cache.get("huge") is None   # larger than the whole limit
True
"""

from __future__ import annotations

import gc
import weakref
from typing import Any, Generic, Protocol, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByteCache(Generic[K, V]):
    """A dict of at most ``limit`` (estimated) bytes; full, it starts over."""

    __slots__ = ("limit", "used", "_data")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._data: dict[K, V] = {}

    def get(self, key: K) -> V | None:
        return self._data.get(key)

    def put(self, key: K, value: V, nbytes: int) -> None:
        """Remember ``value`` (about ``nbytes`` with its key); a value larger than the limit is not kept."""
        if nbytes > self.limit:
            return
        if self.used + nbytes > self.limit:
            self.clear()
        self._data[key] = value
        self.used += nbytes
        new_entry()

    def clear(self) -> None:
        self._data.clear()
        self.used = 0

    def __len__(self) -> int:
        return len(self._data)


class Forgetful(Protocol):
    def forget(self) -> None: ...


class MemoBudget:
    """A byte budget shared by the memos of many objects.

    >>> class Node:
    ...     def __init__(self): self.memo = {}
    ...     def forget(self): self.memo.clear()
    >>> budget, a, b = MemoBudget(100), Node(), Node()
    >>> budget.charge(a, 60); a.memo[1] = "x"
    >>> budget.charge(b, 60); b.memo[1] = "y"     # 120 > 100: every memo starts over first
    >>> a.memo, b.memo, budget.used
    ({}, {1: 'y'}, 60)
    """

    __slots__ = ("limit", "used", "_owners")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0
        self._owners: weakref.WeakSet[Any] = weakref.WeakSet()

    def charge(self, owner: Forgetful, nbytes: int) -> None:
        """``owner`` is about to remember about ``nbytes`` more; if that would pass the limit, every memo
        that charged this budget (``owner``'s too) is emptied first."""
        if self.used + nbytes > self.limit:
            for memo in list(self._owners):
                memo.forget()
            owner.forget()
            self._owners.clear()
            self.used = 0
        self._owners.add(owner)
        self.used += nbytes
        new_entry()


_taken = [0]


def new_entry() -> None:
    """A cache took an entry: every 256th runs the collector's young pass, every 1,024th its middle
    one (see the module's docstring), so that neither generation grows past a few thousand objects.

    >>> import gc
    >>> before = gc.get_stats()[0]["collections"]
    >>> for _ in range(256): new_entry()
    >>> gc.get_stats()[0]["collections"] > before
    True
    """
    _taken[0] = n = _taken[0] + 1
    if not n & 255:
        gc.collect(0 if n & 1023 else 1)
