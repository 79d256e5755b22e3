"""Builders shared by the Meikyuu Kingdom core tests."""

from __future__ import annotations

import meikyu.systems.meikyu_kingdom  # noqa: F401  (registers the mk. catalog)
from meikyu.systems.meikyu_kingdom.sheets.character import Character


def pc(ident: str = "a", **changes: object) -> Character:
    """A plain land maker: wit 2, charm 1, search 3, valor 2, HP 8, capacity 3."""
    base: dict[str, object] = dict(
        id=ident, name=ident, wit=2, charm=1, search=3, valor=2, hp=8, max_hp=8, capacity=3, drive=0, evasion=8
    )
    base.update(changes)
    return Character(**base)  # type: ignore[arg-type]
