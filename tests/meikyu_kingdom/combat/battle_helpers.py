"""Small builders for battle tests (fixed dice everywhere)."""

from __future__ import annotations

from typing import Any

from meikyu.dice import ScriptedDice
from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.model import (
    COURT,
    MONSTERS,
    Battle,
    Combatant,
    Options,
    Weapon,
    evolve,
)
from meikyu.systems.meikyu_kingdom.combat.rules import step

SWORD = Weapon("sword", power=3, level=1)
BOW = Weapon("bow", power=2, range=2, ranged=True, level=1)
CLAW = Weapon("claw", power=2)


def pc(cid: str, area: int = 2, hp: int = 10, **kw: Any) -> Combatant:
    base: dict[str, Any] = dict(
        kind="pc", important=True, valor=3, wit=2, search=2, evasion=8, weapons=(SWORD,), level=1
    )
    base.update(kw)
    return Combatant(cid, cid.title(), COURT, area, hp, base.pop("max_hp", hp), **base)


def mon(cid: str, area: int = 3, hp: int = 6, **kw: Any) -> Combatant:
    base: dict[str, Any] = dict(
        kind="monster", valor=1, evasion=8, weapons=(CLAW,), level=1, species=cid.rstrip("0123456789")
    )
    base.update(kw)
    return Combatant(cid, cid.title(), MONSTERS, area, hp, base.pop("max_hp", hp), **base)


LIT_ROOM = Options(lit=(0, 1, 2, 3, 4, 5), sixes_prompt=True, sixes_stakes=True)  # a new battle (R-MK-14)
"""A room lit everywhere, so tests about other rules need no Star Fragment (R-MK-29)."""


def battle(*cs: Combatant, **kw: Any) -> Battle:
    kw.setdefault("options", LIT_ROOM)
    return Battle(tuple(cs), **kw)


def acting(b: Battle, side: str = COURT, rnd: int = 1) -> Battle:
    """The battle in the move-and-action phase with ``side`` acting first."""
    return evolve(b, phase="act", round=rnd, first=side, active=side)


def play(b: Battle, action: Action, *dice: int) -> tuple[Battle, tuple[Event, ...]]:
    """Step with exactly these dice; fails if any die is left unused."""
    scripted = ScriptedDice(list(dice))
    new, events = step(b, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} scripted dice unused"
    return new, events


def kinds(events: tuple[Event, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def first(events: tuple[Event, ...], cls: type) -> Any:
    for e in events:
        if isinstance(e, cls):
            return e
    raise AssertionError(f"no {cls.__name__} in {kinds(events)}")


__all__ = [
    "ev",
    "pc",
    "mon",
    "battle",
    "acting",
    "play",
    "kinds",
    "first",
    "SWORD",
    "BOW",
    "CLAW",
    "COURT",
    "MONSTERS",
]
