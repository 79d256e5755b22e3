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
