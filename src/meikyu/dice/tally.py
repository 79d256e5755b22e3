"""Tally dice (BCDice's ``nTYx`` / ``nTZx``): roll n dice and count how often each face came up.

``TY`` lists the faces that came up; ``TZ`` lists every face, zeros included. At most 20 sides.

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_tally("5TZ6")
>>> node.render_bcdice(node.evaluate(ScriptedDice([6, 1, 2, 5, 2]), GENERIC, "en"))
'(5TZ6) ＞ 6,1,2,5,2 ＞ [1]×1, [2]×2, [3]×0, [4]×0, [5]×1, [6]×1'
"""

from __future__ import annotations

from meikyu.dice.barabara import roll_pool
from meikyu.dice.lexer import TokenParser, arith_value
from meikyu.dice.limits import MAX_TALLY_SIDES, check_term
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError


class TallyRoll(Node):
    __slots__ = ("times", "sides", "zeros", "max_dice")

    def __init__(self, times: int, sides: int, zeros: bool) -> None:
        self.times, self.sides, self.zeros = times, sides, zeros
        self.max_dice = times
        self.source = f"{times}T{'Z' if zeros else 'Y'}{sides}"

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        rands: list[tuple[int, int]] = []
        values = roll_pool(dice, self.times, self.sides, rands)
        shown = tuple(sorted(values) if system.sorted_barabara else values)
        counts = tuple(values.count(face) for face in range(1, self.sides + 1))
        return RollResult(self, system.system_id, lang, tuple(rands), None, shown, detail=counts, default_lang=system.default_lang)

    def _tally(self, result: RollResult) -> str:
        counts: tuple[int, ...] = result.detail
        return ", ".join(f"[{face}]×{n}" for face, n in enumerate(counts, 1) if n or self.zeros)

    def render_bcdice(self, result: RollResult) -> str:
        return f"({self.source}) ＞ {','.join(map(str, result.kept))} ＞ {self._tally(result)}"

    def render_text(self, result: RollResult, lang: str) -> str:
        return f"{self.source} → {','.join(map(str, result.kept))} ▶ {self._tally(result)}"


def parse_tally(word: str) -> TallyRoll:
    p = TokenParser(word)
    times = arith_value(p.arith_term())
    if not p.sym("T"):
        raise p.fail()
    kind = p.sym("Y", "Z")
    if kind is None:
        raise p.fail()
    sides = arith_value(p.arith_term())
    p.done()
    if times <= 0 or sides <= 0:
        raise CommandError("error.command.tally_range", limit=MAX_TALLY_SIDES)
    if sides > MAX_TALLY_SIDES:
        text = f"({times}T{kind}{sides}) ＞ 面数は1以上、{MAX_TALLY_SIDES}以下としてください"
        raise CommandError("error.command.tally_range", limit=MAX_TALLY_SIDES, bcdice=text)
    check_term(times, sides)
    return TallyRoll(times, sides, kind == "Z")
