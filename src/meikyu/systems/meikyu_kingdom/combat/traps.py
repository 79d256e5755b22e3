"""Combat traps that act when they spring (R-MK-21, R-MK-36; issue 28 §3).

The seeds place combat traps at a battle's setup, let a search find them and a check disarm them, and
leave what a trap does to the book's trap text. A trap written with ``effects`` acts by itself:

- ``enter``: when a character of the side it works against moves into its area (a move of its own, a
  second move or a breakthrough; a trap set ``on`` a monster sits in that monster's area);
- ``round_end``: at each round's end, on everyone of that side standing in its area.

Springing reveals a hidden trap; a disarmed trap does nothing; a trap keeps acting until disarmed.
Effects: ``damage`` (a formula; armor and hide reduce it, R-MK-30), ``hp_loss`` (an HP reduction,
R-MK-32), ``minions`` (lost, while one is left, R-MK-19), ``desertion`` (minions sent home, R-MK-45),
``status`` (a bad status, R-MK-44). A trap
without effects is the GM's to apply, as before. CFT 10's "a random combat trap appears here" rolls
1D6 on the project's own six (``data/combat_traps.toml``) in battles created since session 7.

>>> [t.id for t in sample_traps()][:2], sample_traps()[0].effects
(['spike_floor', 'needle_tiles'], (('damage', '1D6'),))
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from meikyu.formula import evaluate

from . import events as ev
from .model import INCAPACITATED, OK, Trap, evolve
from .resolve import give_status, harm, reduce_hp, send_home
from .work import Work

KINDS = ("damage", "hp_loss", "minions", "desertion", "status")
TRIGGERS = ("enter", "round_end")


@cache
def sample_traps() -> tuple[Trap, ...]:
    """The project's own six combat traps, in CFT 10's 1D6 order."""
    text = resources.files(__package__).joinpath("data/combat_traps.toml").read_text(encoding="utf-8")
    out = []
    for raw in tomllib.loads(text)["trap"]:
        names = raw["names"]
        out.append(Trap(raw["id"], raw["id"], hidden=False, method="check", trigger=raw["trigger"],
                        effects=tuple((e["kind"], str(e["value"])) for e in raw["effects"]),
                        names=(names["ko"], names["ja"], names["en"])))
    return tuple(out)


def _area(w: Work, trap: Trap) -> int:
    return w.c(trap.on).area if trap.on and w.has(trap.on) else trap.area


def _acting(w: Work) -> list[Trap]:
    return [t for t in w.get("traps") if t.effects and not t.disarmed]


def entered(w: Work, mover: str) -> None:
    """``mover`` moved into an area: the ``enter`` traps there working against its side spring."""
    c = w.c(mover)
    for trap in _acting(w):
        if trap.trigger == "enter" and trap.side == c.side and _area(w, trap) == c.area:
            spring(w, trap, [mover])


def round_end(w: Work) -> None:
    """The round ends: each ``round_end`` trap acts on its side's characters in its area."""
    for trap in _acting(w):
        if trap.trigger == "round_end":
            here = [c.id for c in w.cs if c.side == trap.side and c.condition == OK and c.area == _area(w, trap)]
            if here:
                spring(w, trap, here)


def spring(w: Work, trap: Trap, victims: list[str]) -> None:
    """``trap`` springs on ``victims``: it is revealed, then each effect falls on each of them."""
    if trap.hidden:
        w.put(traps=tuple(evolve(t, hidden=False) if t.id == trap.id else t for t in w.get("traps")))
    for cid in victims:
        w.emit(ev.TrapSprung(trap.id, cid))
        for kind, value in trap.effects:
            c = w.c(cid)
            if c.condition != OK and (kind != "damage" or c.condition != INCAPACITATED):
                continue  # the dead take nothing; the incapacitated only damage, which kills (R-MK-31)
            if kind == "status":
                give_status(w, cid, value)
                continue
            amount = evaluate(value, w.dice, {})
            if kind == "damage":
                harm(w, cid, amount)
            elif kind == "hp_loss":
                reduce_hp(w, cid, amount)
            elif kind == "desertion":
                send_home(w, cid, amount)
            elif c.minions > 0:
                lost = min(c.minions, amount)
                w.set(cid, minions=c.minions - lost)
                w.emit(ev.MinionsChanged(cid, -lost, c.minions - lost))


def appear(w: Work, side: str, area: int) -> Trap:
    """CFT 10 in a battle created since session 7: 1D6 on the sample six, in ``area``, against ``side``."""
    kind = sample_traps()[w.roll() - 1]
    return evolve(kind, id=f"trap{len(w.get('traps')) + 1}", area=area, side=side)
