"""Reroll dice (BCDice's ``nRx``): dice that meet the reroll condition are rolled again, and added.

``2R6>=5`` rerolls each die of 5 or more and counts successes (each die ≥ 5); ``2R6[5]`` or
``2R6>=3@5`` give the reroll threshold apart from the target; ``2R6[<=2]>=4`` a reroll condition of
its own. A condition that could reroll forever (``2R6<=7``) is refused, as BCDice does.

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_reroll("2R6>=3")
>>> node.render_bcdice(node.evaluate(ScriptedDice([6, 1, 3, 1]), GENERIC, "en"))
'(2R6[3]>=3) ＞ 6,1 + 3 + 1 ＞ 成功数2'
"""

from __future__ import annotations

from meikyu.dice.barabara import notations, roll_pool, successes_text, target
from meikyu.dice.lexer import TokenParser, arith_value, compare
from meikyu.dice.limits import check_dice
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError

BAD_CONDITION = "条件が間違っています。2R6>=5 あるいは 2R6[5] のように振り足し目標値を指定してください。"


def condition_valid(op: str, threshold: int, sides: int) -> bool:
    """Can a reroll with this condition end on a die of ``sides``?"""
    if op == "<=":
        return threshold < sides
    if op == "<":
        return threshold <= sides
    if op == ">=":
        return threshold > 1
    if op == ">":
        return threshold >= 1
    if op == "<>":
        return 1 <= threshold <= sides
    return True


class RerollRoll(Node):
    __slots__ = ("dice", "op", "target", "reroll_op", "threshold")

    def __init__(self, dice: list[tuple[int, int]], op: str | None, goal: int | None, reroll_op: str, threshold: int) -> None:
        self.dice, self.op, self.target = dice, op, goal
        self.reroll_op, self.threshold = reroll_op, threshold
        shown_op = "" if reroll_op == op else reroll_op
        self.source = (
            "+".join(f"{t}R{s}" for t, s in dice) + f"[{shown_op}{threshold}]" + (f"{op}{goal}" if op else "")
        )

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        rands: list[tuple[int, int]] = []
        queue = list(self.dice)
        groups: list[list[int]] = []
        while queue:
            times, sides = queue.pop(0)
            check_dice(len(rands) + max(times, 0))
            values = roll_pool(dice, times, sides, rands)
            groups.append(sorted(values) if system.sorted_barabara else values)
            again = sum(1 for v in values if compare(self.reroll_op, v, self.threshold))
            if again:
                queue.append((again, sides))
        drawn = tuple(v for g in groups for v in g)
        count = 0
        if self.op is not None and self.target is not None:
            op, goal = self.op, self.target
            count = sum(1 for v in drawn if compare(op, v, goal))
        return RollResult(self, system.system_id, lang, tuple(rands), count, drawn, detail=groups, default_lang=system.default_lang)

    def _groups(self, result: RollResult) -> str:
        return " + ".join(",".join(map(str, g)) for g in result.detail)

    def render_bcdice(self, result: RollResult) -> str:
        return f"({self.source}) ＞ {self._groups(result)} ＞ 成功数{result.total}"

    def render_text(self, result: RollResult, lang: str) -> str:
        return f"{self.source} → {self._groups(result)} ▶ {successes_text(lang, result.total or 0)}"


def parse_reroll(word: str) -> RerollRoll:
    p = TokenParser(word)
    dice = notations(p, "R")
    reroll_op: str | None = None
    threshold: int | None = None
    if p.sym("["):
        reroll_op = p.cmp()
        threshold = arith_value(p.arith())
        if not p.sym("]"):
            raise p.fail()
    op, goal = target(p)
    if threshold is None and p.sym("@"):
        reroll_op = p.cmp()
        threshold = arith_value(p.arith())
    p.done()
    reroll_op = reroll_op or op or ">="
    if threshold is None:
        threshold = goal
    if threshold is None or not all(condition_valid(reroll_op, threshold, s) for _, s in dice):
        raise CommandError("error.command.reroll_condition", bcdice=f"{word} ＞ {BAD_CONDITION}")
    return RerollRoll(dice, op, goal, reroll_op, threshold)
