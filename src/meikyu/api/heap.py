"""Keep the garbage collector's full passes off the program's own long-lived objects.

CPython collects its oldest generation whenever that has grown by a quarter, and such a pass walks
every tracked object living there — after start-up, the whole program: modules, catalogs, tables,
the app. :func:`settle_heap` collects once and freezes what is alive then into the permanent
generation, which no pass walks, so a full pass walks only what the server gathered since (the
parse cache and result memos). Those are kept small and cycle-free by :mod:`meikyu.memo` instead
(they are not frozen: whatever a frozen cycle holds is never freed), so under a flood of novel
commands no full pass comes at all and the young passes stay at a few milliseconds at most
(``benchmarks/gc_pauses.py``).

>>> import gc
>>> settle_heap()
>>> gc.get_freeze_count() > 0
True
>>> gc.unfreeze()
"""

from __future__ import annotations

import gc


def settle_heap() -> None:
    """Collect once and freeze what survived: it lives as long as the process."""
    gc.collect()
    gc.freeze()


_FREEZING: list[object] = []
RECLAIM_SECONDS = 600.0
"""How often a games server walks its whole heap once (see :func:`freeze_survivors`)."""


def freeze_survivors(reclaim_every: float | None = RECLAIM_SECONDS) -> None:
    """From now on, freeze whatever survives a middle-generation pass, so the oldest generation stays
    empty and the collector's frequent full passes never walk the games a server holds.

    A games server keeps every loaded game's states, menus and encoded answers for as long as the game
    stays loaded: tens of thousands of objects per hundred games, long-lived and acyclic (frozen
    dataclasses, plain dicts and bytes). CPython promotes them to the oldest generation and walks them all
    in every full pass — 100 ms and more on a busy server, a pause every request in flight waits out
    (``benchmarks/games_throughput.py``'s tail). Frozen objects are still freed by reference counting when
    a game leaves the cache. What freezing keeps is cyclic garbage that happened to be alive during a
    middle pass (a request's exception or task in flight): about one object per request, measured. So
    every ``reclaim_every`` seconds a background thread unfreezes, collects everything once and freezes
    again: one full pass per ten minutes instead of one every few thousand actions, and the leak bounded
    by ten minutes of requests. Idempotent.

    >>> import gc
    >>> freeze_survivors(None); freeze_survivors(None)
    >>> sum(cb is _freeze_after for cb in gc.callbacks)
    1
    >>> gc.callbacks.remove(_freeze_after); _FREEZING.clear(); gc.unfreeze()
    """
    if _FREEZING:
        return
    _FREEZING.append(_freeze_after)
    gc.callbacks.append(_freeze_after)
    if reclaim_every is not None:
        import threading

        threading.Thread(target=_reclaim, args=(reclaim_every,), name="meikyu-reclaim", daemon=True).start()


def _freeze_after(phase: str, info: dict[str, int]) -> None:
    if phase == "stop" and info["generation"] >= 1:
        gc.freeze()


def _reclaim(every: float) -> None:
    import time

    while True:
        time.sleep(every)
        gc.unfreeze()
        gc.collect()
        gc.freeze()
