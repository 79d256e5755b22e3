"""Sums of dice (BCDice's ``AddDice``): ``2D6+1>=8``, ``(2+3)D6``, ``3D6/2U``, ``5D10KH3``, ``3D6MAX``, ``2D66``.

Counts and sides may be arithmetic (``(1*2)D(2+4)``), a missing count is 1 (``D20``), missing sides are
6 (``5D``, ``5DKH3``). ``/`` rounds down; ``U``/``C`` up, ``R`` half away from zero, ``F`` down.
``KH``/``KL`` keep and ``DH``/``DL`` drop the highest/lowest n dice (n defaults to 1; ``MAX``/``MIN``
mean ``KH1``/``KL1``). A comparison judges the total (``>= > <= < = <>``, also ``=> =< == !=``);
``>=?`` rolls without judging.

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_sum("5D10KH3")
>>> node.source
'5D10KH3'
>>> node.render_bcdice(node.evaluate(ScriptedDice([8, 3, 2, 5, 8]), GENERIC, "en"))
'(5D10KH3) ＞ 21[2,3,5,8,8] ＞ 21'
"""

from __future__ import annotations

from typing import Any

from meikyu.dice.expr import FILTERS, BinOp, DiceTerm, Expr, Neg, Num, Paren, Rolling, constant, dice_terms
from meikyu.dice.lexer import TokenParser, compare
from meikyu.dice.limits import BCDICE_MAX_RANDS, MAX_TERM_DICE, check_depth, check_term
from meikyu.dice.node import Node, SumOutcome, SystemCommands, verdict_tail
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError, LimitError

IMPLICIT_SIDES = 6
"""Sides of ``nD`` without a number (BCDice's ``sides_implicit_d``)."""


class _SumParser(TokenParser):
    """BCDice's AddDice grammar over the tokens of one command word."""

    def add(self) -> Expr:
        node = self.mul()
        while (op := self.sym("+", "-")) is not None:
            right = self.mul()
            if isinstance(right, Neg):  # a + -b reads a - b, a - -b reads a + b
                op, right = ("-" if op == "+" else "+"), right.inner
            node = BinOp(op, node, right)
        return node

    def mul(self) -> Expr:
        node = self.unary()
        while (op := self.sym("*", "/")) is not None:
            right = self.unary()
            rounding = ""
            if op == "/":
                letter = self.sym("F", "U", "C", "R")
                rounding = "U" if letter == "C" else (letter or "")
            node = BinOp(op, node, right, rounding)
        return node

    def unary(self) -> Expr:
        if self.sym("+"):
            return self.unary()
        if self.sym("-"):
            body = self.unary()
            return body.inner if isinstance(body, Neg) else Neg(body)
        return self.dice()

    def term(self) -> Expr:
        if self.sym("("):
            self.depth += 1
            check_depth(self.depth)
            inner = self.add()
            if not self.sym(")"):
                raise CommandError("error.command.unbalanced")
            self.depth -= 1
            return Paren(inner)
        n = self.number()
        if n is None:
            raise self.fail()
        return Num(n)

    def plain(self, expr: Expr) -> int:
        if expr.has_dice:
            raise CommandError("error.command.dice_in_count")
        return constant(expr)

    def filter(self) -> tuple[str, int] | None:
        for kind in FILTERS:
            if self.word(kind):
                return kind, (self.plain(self.term()) if self.starts_term() else 1)
        if self.word("MAX"):
            return "KH", 1
        if self.word("MIN"):
            return "KL", 1
        return None

    def dice(self) -> Expr:
        if self.peek() == ("sym", "D") and self.peek(1) not in (("sym", "H"), ("sym", "L")):
            self.i += 1
            sides_expr = self.term()
            if isinstance(sides_expr, Num) and sides_expr.value == 66:
                raise CommandError("error.command.unknown", command="D66")  # D66 is its own command
            return self._dice_term(1, self.plain(sides_expr))
        times = self.term()
        if self.peek() != ("sym", "D") or self.peek(1) in (("sym", "H"), ("sym", "L")):
            return times
        self.i += 1
        count = self.plain(times)
        sides = self.plain(self.term()) if self.starts_term() else IMPLICIT_SIDES
        return self._dice_term(count, sides)

    def _dice_term(self, count: int, sides: int) -> DiceTerm:
        found = self.filter()
        if found is None:
            return DiceTerm(count, sides)
        return DiceTerm(count, sides, found[0], found[1])


class SumRoll(Node):
    """A sum with an optional comparison."""

    __slots__ = ("expr", "op", "target", "unknown_target", "max_dice", "d66")

    def __init__(self, expr: Expr, op: str | None, target: int | None, unknown: bool) -> None:
        self.expr = expr
        self.op = op
        self.target = target
        self.unknown_target = unknown
        self.max_dice = expr.dice_count
        self.d66 = any(t.sides == 66 for t in dice_terms(expr))
        """BCDice judges a sum with D66 in it as a plain sum (its dice are d66, not d6)."""
        cmp = "" if op is None else op + ("?" if unknown else str(target))
        self.source = expr.expr() + cmp

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        r = Rolling(dice, system)
        total = self.expr.eval(r)
        success = failure = critical = fumble = False
        drive = 0
        if self.target is not None and self.op is not None:
            judged = system.judge_sum(_outcome(total, r.rands, self.d66), self.op, self.target)
            if judged is None:
                success = compare(self.op, total, self.target)
            else:
                success, critical, fumble, drive = judged.success, judged.critical, judged.fumble, judged.drive
            failure = not success
        rands = tuple(r.rands)
        return RollResult(
            self, system.system_id, lang, rands, total, tuple(v for _, v in rands), success, failure, critical,
            fumble, drive=drive, detail=(tuple(r.terms), r.values, system), default_lang=system.default_lang,
        )

    def _middle(self, result: RollResult) -> str:
        terms, _, system = result.detail
        return self.expr.output(list(terms), [0], system.sorted_dice)

    def render_bcdice(self, result: RollResult) -> str:
        _, values, system = result.detail
        parts = [f"({self.source})"]
        bare = values <= 1 and isinstance(self.expr, DiceTerm) and self.expr.filter is None
        if not bare:
            parts.append(self._middle(result))
        parts.append(str(result.total))
        text = " ＞ ".join(parts)
        if self.target is not None and self.op is not None:
            if result.critical:
                text += " ＞ 絶対成功"
            elif result.fumble:
                text += " ＞ 絶対失敗"
            else:
                text += " ＞ 成功" if result.success else " ＞ 失敗"
            text += system.sum_bcdice_suffix(_outcome(result.total or 0, result.rands, self.d66), self.op, self.target)
        return text

    def render_text(self, result: RollResult, lang: str) -> str:
        middle = self._middle(result)
        judged = self.target is not None
        return f"{self.source} → {middle} = {result.total}" + verdict_tail(result, lang, judged, self.unknown_target)

    def odds(self, system: SystemCommands) -> Any:
        from meikyu.dice.odds import sum_odds

        return sum_odds(self, system)


def _outcome(total: int, rands: Any, d66: bool = False) -> SumOutcome:
    sides = {s for s, _ in rands}
    values = tuple(v for _, v in rands)
    return SumOutcome(total, sum(values), sides.pop() if len(sides) == 1 and not d66 else None, values)


def parse_sum(word: str) -> SumRoll:
    """Parse one command word as a sum (``word`` without comment; case does not matter)."""
    p = _SumParser(word)
    expr = p.add()
    if not expr.has_dice:
        raise CommandError("error.command.unknown", command=word[:40])
    op = p.cmp()
    target: int | None = None
    unknown = False
    if op is not None:
        if p.sym("?"):
            unknown = True
        else:
            right = p.add()
            if right.has_dice:
                raise CommandError("error.command.dice_in_target")
            target = constant(right)
    elif p.peek() is not None and p.peek() == ("cmp", None):
        raise CommandError("error.command.bad_comparison")
    p.done()
    node = SumRoll(expr, op, target, unknown)
    voids = expr.void_terms()
    if any(voids):
        bcdice, answer = None, None
        # BCDice draws nothing at all here, so its answer is known without dice; past 10,000 dice in a term
        # it raises instead (bcdice-api: 500), and we refuse.
        if all(voids) and all(t.count <= BCDICE_MAX_RANDS for t in dice_terms(expr)):
            answer = node.evaluate(_NO_DICE, SystemCommands(), None)
            bcdice = node.render_bcdice(answer)
        try:
            for term in dice_terms(expr):
                if term.void:
                    check_term(term.count, term.sides, bcdice)
        except LimitError as err:
            if answer is not None:  # BCDice keeps the verdict of its zero-dice answer
                err.verdict = (answer.success, answer.failure, answer.critical, answer.fumble)
            raise
        raise LimitError("error.limit.dice", count=expr.dice_count, limit=MAX_TERM_DICE)  # pragma: no cover
    return node


class _NoDice:
    """A dice source for commands that draw none (asking it for a die is a bug)."""

    def roll(self, sides: int) -> int:
        raise AssertionError("no dice expected")


_NO_DICE = _NoDice()
