"""The fast path's scratch records (:mod:`.fast`): one mutable record per combatant with the static values
the fast path reads, when a battle's next decision may take the fast path at all, and the dice that
replay an abandoned fast decision through ``step``.
"""

from __future__ import annotations

from meikyu.dice.source import Dice

from .model import (
    CURSE,
    DISTRACTION,
    FOOLISH,
    Battle,
    Combatant,
    evolve,
)


class Fallback(Exception):
    """The decision in progress needs the full rules: replay it through ``step``."""


class PrefixDice:
    """Hands out the values already drawn by an abandoned fast decision, then rolls on as usual."""

    __slots__ = ("_prefix", "_dice")

    def __init__(self, prefix: list[int], dice: Dice) -> None:
        self._prefix = prefix
        self._dice = dice

    def roll(self, sides: int) -> int:
        if self._prefix:
            return self._prefix.pop(0)
        return self._dice.roll(sides)


class Record:
    """The mutable part of one combatant, plus the static values the fast path reads."""

    __slots__ = (
        "orig", "id", "side", "kind", "important", "hp", "area", "acted", "condition", "drive",
        "minions", "deadline", "valor", "wit", "evasion", "armor", "capacity", "weapons", "enmity",
        "level", "species", "hope_ok", "curse", "no_drive", "foolish", "distracted",
        "search", "hidden", "lights", "ranged", "covers",
    )  # fmt: skip

    def __init__(self, c: Combatant) -> None:
        self.orig = c
        self.id = c.id
        self.side = c.side
        self.kind = c.kind
        self.important = c.important
        self.hp = c.hp
        self.area = c.area
        self.acted = c.acted
        self.condition = c.condition
        self.drive = c.drive
        self.minions = c.minions
        self.deadline = c.deadline
        self.valor = c.valor
        self.wit = c.wit
        self.search = c.search
        self.evasion = c.evasion
        self.armor = c.reduction  # natural plus the armor carried (R-MK-30)
        self.hidden = c.hidden
        # an interrupt answering an attack here (Shield Wall's cover, a cancel; R-MK-08) is offered by step
        self.covers = any(u.answers_attack for u in c.uses) if c.uses else False
        # Star Fragments carried: their light moves with this piece (R-MK-29)
        self.lights = tuple(w.light for w in c.weapons if w.light >= 0 and not w.broken)
        self.capacity = c.capacity
        self.weapons = tuple((i, w.power, w.range, w.ranged) for i, w in enumerate(c.weapons) if not w.broken)
        self.ranged = any(w[3] for w in self.weapons)
        self.enmity = dict(reversed(c.enmity))  # the first entry counts, as in enmity_to
        self.level = c.level
        self.species = c.species
        # R-MK-16: who is offered hope for damage after a hit (before the hope count is looked at)
        self.hope_ok = (c.kind == "pc" or c.important) and c.valor > 0
        # R-MK-44 statuses this path reads; nothing here can cure or add one
        self.curse = CURSE in c.statuses
        self.distracted = DISTRACTION in c.statuses
        self.no_drive = self.distracted or c.capacity <= 0
        self.foolish = FOOLISH in c.statuses

    def freeze(self) -> Combatant:
        o = self.orig
        if (
            o.hp == self.hp
            and o.area == self.area
            and o.acted == self.acted
            and o.condition == self.condition
            and o.drive == self.drive
            and o.minions == self.minions
            and o.deadline == self.deadline
        ):
            return o
        # the frozen record becomes the reference: freezing again without changes costs nothing, and
        # a state handed back by ``step`` that kept this record needs no reloading
        self.orig = evolve(
            o,
            hp=self.hp,
            area=self.area,
            acted=self.acted,
            condition=self.condition,
            drive=self.drive,
            minions=self.minions,
            deadline=self.deadline,
        )
        return self.orig


_HANDLED = frozenset((CURSE, DISTRACTION, FOOLISH))
"""Bad statuses the fast path reads correctly (poison, obesity and sleep change HP or readiness)."""


def eligible(b: Battle) -> bool:
    """True when the fast path can take the next decision of ``b``."""
    if b.pending is not None or (b.phase != "act" and b.phase != "strategy"):
        return False
    if b.traps and any(t.effects and not t.disarmed for t in b.traps):
        return False  # a trap that acts (combat.traps) springs in step
    for c in b.combatants:  # noqa: SIM110 - a plain loop is faster here
        if c.coop or c.again or (c.statuses and not c.statuses <= _HANDLED):
            return False
        if c.used and any(d.monster for d in c.data):
            return False  # a PC's monster skill paid for this round (R-MK-17): step counts it
        if c.uses and any(u.answers_own_check for u in c.uses):
            return False  # data a failed check offers (R-MK-08): step asks its owner
    return True
