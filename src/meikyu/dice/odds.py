"""Exact probabilities, as fractions.

Sums are computed by walking the parse tree with distributions instead of dice (each dice term is
independent and appears once, so the result is exact). Checks that look at individual dice (Meikyuu
Kingdom's keep-two) enumerate multisets of dice with their multinomial weights.

>>> from meikyu.dice.command import parse, GENERIC
>>> o = sum_odds(parse("2D6>=7").node, GENERIC)
>>> o.success
Fraction(7, 12)
>>> sum(w for _, w in multisets(3, 6)) == 6 ** 3
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial
from typing import TYPE_CHECKING, Any

from meikyu.errors import CommandError, LimitError

if TYPE_CHECKING:
    from meikyu.dice.node import SystemCommands
    from meikyu.dice.sums import Expr, SumRoll

MAX_OUTCOMES = 2_000_000
"""Joint outcomes one exact computation may visit; beyond it, an error instead of a long wait."""


@dataclass(frozen=True)
class Odds:
    """Exact chances of one command."""

    command: str
    success: Fraction
    critical: Fraction
    fumble: Fraction
    expected_drive: Fraction

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": True, "command": self.command}
        for name in ("success", "critical", "fumble"):
            value: Fraction = getattr(self, name)
            out[name] = f"{value.numerator}/{value.denominator}"
            out[f"{name}_pct"] = round(float(value) * 100, 4)
        drive = self.expected_drive
        out["expected_drive"] = f"{drive.numerator}/{drive.denominator}"  # a mean, not a probability
        out["expected_drive_value"] = round(float(drive), 4)
        return out

    def render_text(self, lang: str) -> str:
        from meikyu.i18n import translate

        def pct(value: Fraction) -> str:
            return f"{float(value) * 100:.2f}% ({value.numerator}/{value.denominator})"

        return translate(
            "odds.text",
            lang,
            command=self.command,
            success=pct(self.success),
            critical=pct(self.critical),
            fumble=pct(self.fumble),
            drive=f"{float(self.expected_drive):.3f}",
        )


def multisets(n: int, sides: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every sorted outcome of ``n`` dice with the number of ordered rolls that give it."""
    top = factorial(n)
    for combo in combinations_with_replacement(range(1, sides + 1), n):
        ways = top
        run = 1
        for i in range(1, n + 1):
            if i < n and combo[i] == combo[i - 1]:
                run += 1
            else:
                ways //= factorial(run)
                run = 1
        yield combo, ways


Dist = dict[tuple[int, int], int]
"""(dice total, value) → number of ordered dice outcomes."""


def _dice_sum(count: int, sides: int) -> dict[int, int]:
    dist = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        dist = nxt
    return dist


def _distribution(expr: Expr, budget: list[int]) -> tuple[Dist, int]:
    """The joint distribution of (dice total, value) of ``expr`` and its denominator."""
    from meikyu.dice.sums import BinOp, DiceTerm, Neg, Num, Paren, apply_op

    if isinstance(expr, Num):
        return {(0, expr.value): 1}, 1
    if isinstance(expr, DiceTerm):
        if expr.filter is not None or expr.sides == 66:
            raise CommandError("error.odds.unsupported", command=expr.expr())
        budget[0] -= expr.count * expr.sides * expr.sides
        if budget[0] < 0 or expr.count * expr.sides > 20_000:
            raise LimitError("error.odds.too_complex")
        return {(s, s): w for s, w in _dice_sum(expr.count, expr.sides).items()}, expr.sides**expr.count
    if isinstance(expr, Paren):
        return _distribution(expr.inner, budget)
    if isinstance(expr, Neg):
        dist, denom = _distribution(expr.inner, budget)
        return {(d, -v): w for (d, v), w in dist.items()}, denom
    if isinstance(expr, BinOp):
        left, dl = _distribution(expr.left, budget)
        right, dr = _distribution(expr.right, budget)
        budget[0] -= len(left) * len(right)
        if budget[0] < 0:
            raise LimitError("error.odds.too_complex")
        out: Dist = {}
        for (d1, v1), w1 in left.items():
            for (d2, v2), w2 in right.items():
                key = (d1 + d2, apply_op(expr.op, v1, v2, expr.rounding))
                out[key] = out.get(key, 0) + w1 * w2
        return out, dl * dr
    raise CommandError("error.odds.unsupported", command=type(expr).__name__)


def _sides(expr: Expr) -> set[int]:
    from meikyu.dice.sums import BinOp, DiceTerm, Neg, Paren

    if isinstance(expr, DiceTerm):
        return {expr.sides}
    if isinstance(expr, (Neg, Paren)):
        return _sides(expr.inner)
    if isinstance(expr, BinOp):
        return _sides(expr.left) | _sides(expr.right)
    return set()


def sum_odds(node: SumRoll, system: SystemCommands) -> Odds:
    """Exact odds of a judged sum command, with the system's own judgement (criticals and all)."""
    from meikyu.dice.lexer import compare
    from meikyu.dice.node import SumOutcome

    if node.op is None or node.target is None:
        raise CommandError("error.odds.no_target", command=node.source)
    budget = [MAX_OUTCOMES]
    dist, denom = _distribution(node.expr, budget)
    target = node.target
    sides = _sides(node.expr)
    all_sides = sides.pop() if len(sides) == 1 else None
    success = critical = fumble = drive = 0
    for (dice_total, value), ways in dist.items():
        w = ways
        judged = system.judge_sum(SumOutcome(value, dice_total, all_sides), node.op, target)
        if judged is None:
            success += w if compare(node.op, value, target) else 0
            continue
        success += w if judged.success else 0
        critical += w if judged.critical else 0
        fumble += w if judged.fumble else 0
        drive += w * judged.drive
    total = denom
    return Odds(node.source, Fraction(success, total), Fraction(critical, total), Fraction(fumble, total), Fraction(drive, total))
