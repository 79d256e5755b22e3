"""Calculation (BCDice's ``C(…)``): arithmetic without dice, ``C(10*3)``, ``c1/2R``.

>>> node = parse_calc("C(1+(128/2)/2)")
>>> node.bcdice_text
'c(1+(128/2)/2) ＞ 33'
"""

from __future__ import annotations

from meikyu.dice.lexer import AParen, TokenParser
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError


class CalcRoll(Node):
    __slots__ = ("value", "bcdice_text")

    def __init__(self, shown: str, value: int) -> None:
        self.source = f"C{shown}"
        self.value = value
        self.bcdice_text = f"c{shown} ＞ {value}"

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        return RollResult(self, system.system_id, lang, (), self.value, default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return self.bcdice_text

    def render_text(self, result: RollResult, lang: str) -> str:
        return f"{self.source} → {self.value}"


def parse_calc(word: str) -> CalcRoll:
    p = TokenParser(word)
    if not p.sym("C"):
        raise CommandError("error.command.unknown", command=word[:40])
    expr = p.arith()
    p.done()
    shown = expr.output() if isinstance(expr, AParen) else f"({expr.output()})"
    try:
        value = expr.value()
    except ZeroDivisionError:
        raise CommandError("error.command.zero_division", bcdice=f"c{shown} ＞ ゼロ除算が発生したため計算できませんでした") from None
    return CalcRoll(shown, value)
