"""Meikyuu Kingdom battles (R-MK-21 … R-MK-44): six areas, rounds, attacks, the combat tables.

The machine is :func:`~.rules.step` / :func:`~.rules.legal_actions` over a frozen
:class:`~.model.Battle`; :class:`~.rules.BattleRules` plugs it into :class:`meikyu.engine.Game`.
Modules are imported on use, so importing this package costs nothing.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Battle", "BattleRules", "Combatant", "Weapon", "gm_actions", "legal_actions", "step", "view"]


def __getattr__(name: str) -> Any:
    if name in ("Battle", "Combatant", "Weapon"):
        from . import model

        return getattr(model, name)
    if name in ("BattleRules", "gm_actions", "legal_actions", "step"):
        from . import rules

        return getattr(rules, name)
    if name == "view":
        from .view import view

        return view
    raise AttributeError(name)
