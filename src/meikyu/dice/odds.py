"""Exact probabilities, as fractions.

Sums are computed by walking the parse tree with distributions instead of dice (each dice term is
independent and appears once, so the result is exact). Checks that look at individual dice count
classes of rolls instead (Meikyuu Kingdom's keep-two: ``systems/meikyu_kingdom/check/odds.py``).

>>> from meikyu.dice.command import parse, GENERIC
>>> o = sum_odds(parse("2D6>=7").node, GENERIC)
>>> o.success
Fraction(7, 12)
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Protocol

from meikyu.dice.expr import BinOp, DiceTerm, Expr, Neg, Num, Paren, apply_op, dice_terms
from meikyu.dice.lexer import compare
from meikyu.dice.node import SumOutcome, SystemCommands
from meikyu.dice.result import Odds
from meikyu.errors import CommandError, LimitError


class JudgedSum(Protocol):
    """What the odds of a sum read of its command (a :class:`~meikyu.dice.sums.SumRoll`)."""

    source: str
    expr: Expr
    op: str | None
    target: int | None

Dist = dict[tuple[int, int], int]
"""(dice total, value) → number of ordered dice outcomes."""

MAX_WORK = 300_000
"""Big-integer steps one exact computation may take (about a tenth of a second); more is refused before any work."""


def dice_sum(count: int, sides: int) -> dict[int, int]:
    """Ways to roll each total with ``count`` dice of ``sides`` faces.

    The coefficients of (1 + x + … + x^(sides−1))^count by J. C. P. Miller's recurrence for powers of
    a polynomial, with its two window sums kept running: a few big-integer steps per total, half of
    them mirrored, instead of count × totals × sides additions.

    >>> dice_sum(2, 6)[7], sum(dice_sum(1000, 6).values()) == 6 ** 1000
    (6, True)
    """
    d = sides - 1
    top = count * d
    c = [0] * (top + 1)
    c[0] = 1
    window = moment = 0  # Σ c[m-i] and Σ i·c[m-i] over i = 1 … d
    for m in range(1, top // 2 + 1):
        prev = c[m - 1]
        leaving = c[m - 1 - d] if m > d else 0
        moment += window + prev - (d + 1) * leaving
        window += prev - leaving
        c[m] = ((count + 1) * moment - m * window) // m
    for m in range(top // 2 + 1, top + 1):
        c[m] = c[top - m]  # the distribution is symmetric
    return {count + i: ways for i, ways in enumerate(c)}


def _at_most(count: int, sides: int, total: int) -> int:
    """Ordered rolls of ``count`` dice of ``sides`` faces totalling at most ``total``.

    Inclusion–exclusion over the dice that exceed their faces: Σⱼ (−1)ʲ·C(count, j)·C(spare − sides·j + count,
    count), each binomial stepped from the last by a ratio of small products (four big-integer steps a term).

    >>> _at_most(2, 6, 7), _at_most(3, 6, 2), _at_most(3, 6, 18), _at_most(3, 6, 10)
    (21, 0, 216, 108)
    """
    spare = total - count  # faces counted from 0
    if spare < 0:
        return 0
    if spare >= count * (sides - 1):
        return int(sides**count)
    pick = 1  # C(count, j)
    top = spare + count
    lattice = comb(top, count)  # C(spare − sides·j + count, count)
    ways = 0
    last = min(count, spare // sides)
    for j in range(last + 1):
        ways += -pick * lattice if j % 2 else pick * lattice
        if j == last:
            break
        pick = pick * (count - j) // (j + 1)
        x = top - sides * j
        if sides > 64:  # few terms, long ratios: compute the next binomial outright
            lattice = comb(x - sides, count)
            continue
        above = below = 1
        for t in range(sides):  # C(x − sides, count) = C(x, count) · Π (x − t − count) / Π (x − t)
            above *= x - t - count
            below *= x - t
        lattice = lattice * above // below
    return ways


def _additive(expr: Expr) -> tuple[list[tuple[int, Expr]], int]:
    """``expr`` as a chain of + and −: its (sign, leaf) pairs (leaves are dice or × ÷) and the sum of its numbers."""

    leaves: list[tuple[int, Expr]] = []
    constant = 0

    def walk(e: Expr, sign: int) -> None:
        nonlocal constant
        if isinstance(e, Paren):
            walk(e.inner, sign)
        elif isinstance(e, Neg):
            walk(e.inner, -sign)
        elif isinstance(e, BinOp) and e.op in "+-":
            walk(e.left, sign)
            walk(e.right, sign if e.op == "+" else -sign)
        elif isinstance(e, Num):
            constant += sign * e.value
        else:
            leaves.append((sign, e))

    walk(expr, 1)
    return leaves, constant


def _groups(leaves: list[tuple[int, Expr]]) -> tuple[dict[tuple[int, int], int], list[tuple[int, Expr]]]:
    """Dice leaves merged by (sign, sides) into one count each (their totals add), and the other leaves."""

    dice: dict[tuple[int, int], int] = {}
    others: list[tuple[int, Expr]] = []
    for sign, leaf in leaves:
        if isinstance(leaf, DiceTerm):
            dice[(sign, leaf.sides)] = dice.get((sign, leaf.sides), 0) + leaf.count
        else:
            others.append((sign, leaf))
    return dice, others


def _estimate(expr: Expr) -> tuple[int, int]:
    """(an upper bound on the distribution's size, the big-integer steps to compute it), from the tree alone."""

    if isinstance(expr, Num):
        return 1, 0
    if isinstance(expr, DiceTerm):
        size = expr.count * (expr.sides - 1) + 1
        return size, 4 * size
    if isinstance(expr, BinOp) and expr.op in "*/":
        (s1, c1), (s2, c2) = _estimate(expr.left), _estimate(expr.right)
        return s1 * s2, c1 + c2 + s1 * s2
    leaves, _ = _additive(expr)
    dice, others = _groups(leaves)
    parts = [(count * (sides - 1) + 1, 4 * (count * (sides - 1) + 1)) for (_, sides), count in dice.items()]
    parts += [_estimate(leaf) for _, leaf in others]
    positive_dice = not others and all(sign > 0 for sign, _ in dice)
    size, cost = 1, 0
    for part_size, part_cost in sorted(parts):
        cost += part_cost + size * part_size
        # totals of positive dice keep value = dice total + constant: sizes add instead of multiplying
        size = size + part_size - 1 if positive_dice else size * part_size
    return size, cost


def _convolve(left: Dist, right: Dist, op: str, rounding: str) -> Dist:

    out: Dist = {}
    for (d1, v1), w1 in left.items():
        for (d2, v2), w2 in right.items():
            key = (d1 + d2, apply_op(op, v1, v2, rounding))
            out[key] = out.get(key, 0) + w1 * w2
    return out


def _distribution(expr: Expr) -> tuple[Dist, int]:
    """The joint distribution of (dice total, value) of ``expr`` and its denominator."""

    if isinstance(expr, Num):
        return {(0, expr.value): 1}, 1
    if isinstance(expr, DiceTerm):
        return {(s, s): w for s, w in dice_sum(expr.count, expr.sides).items()}, expr.sides**expr.count
    if isinstance(expr, BinOp) and expr.op in "*/":
        left, dl = _distribution(expr.left)
        right, dr = _distribution(expr.right)
        return _convolve(left, right, expr.op, expr.applied), dl * dr
    leaves, constant = _additive(expr)
    dice, others = _groups(leaves)
    parts: list[tuple[Dist, int]] = []
    for (sign, sides), count in dice.items():
        parts.append(({(s, sign * s): w for s, w in dice_sum(count, sides).items()}, sides**count))
    for sign, leaf in others:
        dist, denom = _distribution(leaf)
        parts.append(({(d, sign * v): w for (d, v), w in dist.items()} if sign < 0 else dist, denom))
    out: Dist = {(0, constant): 1}
    denominator = 1
    for dist, denom in sorted(parts, key=lambda part: len(part[0])):
        out = _convolve(out, dist, "+", "")
        denominator *= denom
    return out, denominator


def _sides(expr: Expr) -> set[int]:

    if isinstance(expr, DiceTerm):
        return {expr.sides}
    if isinstance(expr, (Neg, Paren)):
        return _sides(expr.inner)
    if isinstance(expr, BinOp):
        return _sides(expr.left) | _sides(expr.right)
    return set()


def _plain_cumulative(node: JudgedSum, system: SystemCommands) -> Fraction | None:
    """P(success) in closed form for one dice term (± numbers) against a number, judged plainly; else None."""

    if type(system).judge_sum is not SystemCommands.judge_sum or node.target is None:
        return None
    leaves, constant = _additive(node.expr)
    dice, others = _groups(leaves)
    if others or len(dice) != 1:
        return None
    ((sign, sides), count), = dice.items()
    if sign < 0:
        return None
    target, op = node.target - constant, node.op

    every = sides**count
    below = _at_most(count, sides, target - 1)  # totals under the target
    upto = _at_most(count, sides, target)
    ways = {"<=": upto, "<": below, ">=": every - below, ">": every - upto, "=": upto - below, "<>": every - upto + below}[op or ""]
    return Fraction(ways, every)


def sum_odds(node: JudgedSum, system: SystemCommands) -> Odds:
    """Exact odds of a judged sum command, with the system's own judgement (criticals and all).

    The work is estimated from the parse tree first, and a command that would take too long is
    refused before anything is computed.

    >>> from meikyu.dice.command import parse, GENERIC
    >>> sum_odds(parse("200D6>=700").node, GENERIC).success > sum_odds(parse("100D6+100D6>=702").node, GENERIC).success
    True
    """

    if node.op is None or node.target is None:
        raise CommandError("error.odds.no_target", command=node.source)
    if any(term.filter is not None or term.sides == 66 for term in dice_terms(node.expr)):
        raise CommandError("error.odds.unsupported", command=node.source)
    plain = _plain_cumulative(node, system)
    if plain is not None:
        return Odds(node.source, plain, Fraction(0), Fraction(0), Fraction(0))
    size, cost = _estimate(node.expr)
    if cost > MAX_WORK:
        raise LimitError("error.odds.too_complex")
    dist, denom = _distribution(node.expr)
    target = node.target
    sides = _sides(node.expr)
    all_sides = sides.pop() if len(sides) == 1 else None
    success = critical = fumble = drive = 0
    for (dice_total, value), w in dist.items():
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
