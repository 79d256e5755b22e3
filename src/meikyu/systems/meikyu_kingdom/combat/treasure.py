"""Treasure tables T1–T5 (R-MK-43) as results of (table level, 1D6).

Kinds: ``nothing``, ``materials`` (count of the monster's materials), ``boxed_lunch``,
``recovery_item``, ``weapon_item``, ``rare_general``, ``common_item`` (a chosen category),
``rare_weapon``, ``any_rare``; ``item_level`` 0 when the table names none.

>>> treasure_result(1, 4), treasure_result(3, 3), treasure_result(5, 6)
(('materials', 2, 0), ('materials', 10, 0), ('any_rare', 1, 0))
"""

from __future__ import annotations

_M = "materials"
_TABLES: dict[int, tuple[tuple[str, int, int], ...]] = {
    1: (("nothing", 0, 0), ("nothing", 0, 0), (_M, 1, 0), (_M, 2, 0), (_M, 3, 0), ("boxed_lunch", 1, 0)),
    2: (
        (_M, 3, 0),
        (_M, 4, 0),
        (_M, 5, 0),
        ("recovery_item", 1, 0),
        ("weapon_item", 1, 1),
        ("rare_general", 1, 0),
    ),
    3: (
        (_M, 5, 0),
        (_M, 7, 0),
        (_M, 10, 0),
        ("common_item", 1, 1),
        ("rare_general", 1, 1),
        ("rare_weapon", 1, 0),
    ),
    4: (
        (_M, 5, 0),
        (_M, 10, 0),
        ("common_item", 1, 2),
        ("common_item", 1, 3),
        ("rare_general", 1, 2),
        ("rare_weapon", 1, 1),
    ),
    5: (
        (_M, 10, 0),
        (_M, 15, 0),
        ("common_item", 1, 4),
        ("rare_general", 1, 3),
        ("rare_weapon", 1, 2),
        ("any_rare", 1, 0),
    ),
}


def treasure_result(level: int, roll: int) -> tuple[str, int, int]:
    """(kind, count, item level) on treasure table ``level`` (1–5) for a 1D6 ``roll``."""
    return _TABLES[min(5, max(1, level))][roll - 1]
