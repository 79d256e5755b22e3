"""Barabara dice (BCDice's ``nBx``): dice shown one by one, with an optional count of successes.

``2B6``, ``2B6+4B10``, ``(1*2)B(2+4)``, ``3B6>=4`` (each die compared; the count of those that pass).

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_barabara("3b6>=4")
>>> node.render_bcdice(node.evaluate(ScriptedDice([5, 2, 4]), GENERIC, "en"))
'(3B6>=4) ＞ 5,2,4 ＞ 成功数2'
"""

from __future__ import annotations

from meikyu.dice.lexer import TokenParser, arith_value, compare
from meikyu.dice.limits import check_term
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError


def notations(p: TokenParser, letter: str) -> list[tuple[int, int]]:
    """``aXb(+cXd)*`` where X is ``letter`` (B, R or U) and each number may be ``(arithmetic)``."""
    out = [notation(p, letter)]
    while p.peek() == ("sym", "+") and _notation_follows(p, letter):
        p.sym("+")
        out.append(notation(p, letter))
    return out


def _notation_follows(p: TokenParser, letter: str) -> bool:
    mark = p.i
    p.i += 1
    try:
        p.arith_term()
        return p.peek() == ("sym", letter)
    except CommandError:
        return False
    finally:
        p.i = mark


def notation(p: TokenParser, letter: str) -> tuple[int, int]:
    times = arith_value(p.arith_term())
    if not p.sym(letter):
        raise p.fail()
    sides = arith_value(p.arith_term())
    check_term(times, sides)
    return times, sides


def roll_pool(dice: Dice, times: int, sides: int, rands: list[tuple[int, int]]) -> list[int]:
    """``times`` dice of ``sides`` (none for a count of 0 or less, as BCDice)."""
    values = [dice.roll(sides) for _ in range(max(times, 0))]
    rands.extend((sides, v) for v in values)
    return values


def target(p: TokenParser) -> tuple[str | None, int | None]:
    """An optional ``<op><arithmetic>`` after the dice."""
    op = p.cmp()
    if op is None:
        return None, None
    return op, arith_value(p.arith())


def successes_text(lang: str, count: int) -> str:
    from meikyu.i18n import translate

    return translate("roll.successes", lang, count=count)


class BarabaraRoll(Node):
    __slots__ = ("dice", "op", "target", "max_dice")

    def __init__(self, dice: list[tuple[int, int]], op: str | None, target: int | None) -> None:
        self.dice = dice
        self.op = op
        self.target = target
        self.max_dice = sum(max(t, 0) for t, _ in dice)
        self.source = "+".join(f"{t}B{s}" for t, s in dice) + (f"{op}{target}" if op else "")

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        rands: list[tuple[int, int]] = []
        groups = [roll_pool(dice, t, s, rands) for t, s in self.dice]
        if system.sorted_barabara:
            groups = [sorted(g) for g in groups]
        values = tuple(v for g in groups for v in g)
        count = None
        if self.op is not None and self.target is not None:
            op, goal = self.op, self.target
            count = sum(1 for v in values if compare(op, v, goal))
        return RollResult(self, system.system_id, lang, tuple(rands), count, values, default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        text = f"({self.source}) ＞ {','.join(map(str, result.kept))}"
        return text if self.op is None else f"{text} ＞ 成功数{result.total}"

    def render_text(self, result: RollResult, lang: str) -> str:
        text = f"{self.source} → {','.join(map(str, result.kept))}"
        return text if self.op is None else f"{text} ▶ {successes_text(lang, result.total or 0)}"


def parse_barabara(word: str) -> BarabaraRoll:
    p = TokenParser(word)
    dice = notations(p, "B")
    op, goal = target(p)
    p.done()
    return BarabaraRoll(dice, op, goal)
