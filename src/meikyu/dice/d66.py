"""``D66``: two d6 read as tens and units; ``D66A``/``D66S`` lower die first, ``D66D`` higher first, ``D66N`` as rolled.

Plain ``D66`` follows the system (Meikyuu Kingdom reads the lower die first, BCDice's plain roller
the first die).

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_d66("d66d")
>>> node.render_bcdice(node.evaluate(ScriptedDice([1, 6]), GENERIC, "en"))
'(D66D) ＞ 61'
"""

from __future__ import annotations

import re

from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError

_D66 = re.compile(r"^D66([ANSD]?)$", re.IGNORECASE)


class D66Roll(Node):
    __slots__ = ("suffix",)
    max_dice = 2

    def __init__(self, suffix: str) -> None:
        self.suffix = suffix
        self.source = "D66" + suffix

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        a = dice.roll(6)
        b = dice.roll(6)
        order = {"A": "asc", "S": "asc", "D": "desc", "N": "none"}.get(self.suffix)
        if order is None:
            order = "asc" if system.d66_sorted else "none"
        tens, units = a, b
        if order == "asc":
            tens, units = min(a, b), max(a, b)
        elif order == "desc":
            tens, units = max(a, b), min(a, b)
        return RollResult(self, system.system_id, lang, ((6, a), (6, b)), tens * 10 + units, (a, b), default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return f"({self.source}) ＞ {result.total}"

    def render_text(self, result: RollResult, lang: str) -> str:
        a, b = result.kept
        return f"{self.source} → {result.total} [{a},{b}]"


def parse_d66(word: str) -> D66Roll:
    m = _D66.match(word)
    if m is None:
        raise CommandError("error.command.unknown", command=word[:40])
    return D66Roll(m.group(1).upper())
