"""Upper dice (BCDice's ``nUx``): a die that shows the threshold or more is rolled again and added to itself.

``4U6[6]`` (or ``4U6@6``) rolls four d6, each 6 rolling on; without a target the answer is the
highest and the sum of all; with one (``4U6[6]+11>=21``) the count of dice whose value plus the
modifier passes.

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_upper("2U6[6]+1")
>>> node.render_bcdice(node.evaluate(ScriptedDice([6, 2, 3]), GENERIC, "en"))
'(2U6[6]+1) ＞ 8[6,2],3+1 ＞ 9/12(最大/合計)'
"""

from __future__ import annotations

from meikyu.dice.barabara import notations, successes_text
from meikyu.dice.lexer import TokenParser, arith_value, compare
from meikyu.dice.limits import check_dice
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError


def modifier_text(n: int) -> str:
    """``+3``, ``-2`` or nothing for 0 (BCDice's modifier format)."""
    return "" if n == 0 else f"{n:+d}"


class UpperRoll(Node):
    __slots__ = ("dice", "threshold", "modifier", "op", "target")

    def __init__(self, source: str, dice: list[tuple[int, int]], threshold: int, modifier: int, op: str | None, goal: int | None) -> None:
        self.source = source
        self.dice, self.threshold, self.modifier, self.op, self.target = dice, threshold, modifier, op, goal

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        rands: list[tuple[int, int]] = []
        chains: list[list[int]] = []
        for times, sides in self.dice:
            group = []
            for _ in range(max(times, 0)):
                chain = []
                while True:
                    check_dice(len(rands) + 1)
                    value = dice.roll(sides)
                    rands.append((sides, value))
                    chain.append(value)
                    if value < self.threshold:
                        break
                group.append(chain)
            if system.sorted_barabara:
                group.sort(key=sum)
            chains.extend(group)
        sums = [sum(c) + self.modifier for c in chains]
        total = None
        if self.op is not None and self.target is not None:
            op, goal = self.op, self.target
            total = sum(1 for s in sums if compare(op, s, goal))
        return RollResult(self, system.system_id, lang, tuple(rands), total, tuple(sums), detail=chains, default_lang=system.default_lang)

    def _middle(self, result: RollResult) -> str:
        shown = [str(c[0]) if len(c) == 1 else f"{sum(c)}[{','.join(map(str, c))}]" for c in result.detail]
        return ",".join(shown) + modifier_text(self.modifier)

    def _answer(self, result: RollResult) -> tuple[int | str, int]:
        """The highest die and the sum; with no dice at all (``0U20[4]``) BCDice prints no highest."""
        sums = [sum(c) for c in result.detail]
        return (max(sums) + self.modifier if sums else ""), sum(sums) + self.modifier

    def render_bcdice(self, result: RollResult) -> str:
        head = f"({self.source}) ＞ {self._middle(result)} ＞ "
        if self.op is not None:
            return head + f"成功数{result.total}"
        best, total = self._answer(result)
        return head + f"{best}/{total}(最大/合計)"

    def render_text(self, result: RollResult, lang: str) -> str:
        from meikyu.i18n import translate

        head = f"{self.source} → {self._middle(result)} ▶ "
        if self.op is not None:
            return head + successes_text(lang, result.total or 0)
        best, total = self._answer(result)
        return head + translate("roll.max_total", lang, max=best, total=total)


def parse_upper(word: str) -> UpperRoll:
    p = TokenParser(word)
    dice = notations(p, "U")
    threshold: int | None = None
    if p.sym("["):
        threshold = arith_value(p.arith())
        if not p.sym("]"):
            raise p.fail()
    modifier = 0
    while (sign := p.sym("+", "-")) is not None:
        value = arith_value(p.arith_mul())
        modifier += value if sign == "+" else -value
    op = p.cmp()
    goal = arith_value(p.arith()) if op is not None else None
    if threshold is None and p.sym("@"):
        threshold = arith_value(p.arith())
    p.done()
    threshold = threshold or 0
    notation = "+".join(f"{t}U{s}" for t, s in dice)
    source = f"{notation}[{threshold}]{modifier_text(modifier)}" + (f"{op}{goal}" if op else "")
    if threshold <= 1:
        raise CommandError("error.command.upper_condition", bcdice=f"({source}) ＞ 無限ロールの条件がまちがっています")
    return UpperRoll(source, dice, threshold, modifier, op, goal)
