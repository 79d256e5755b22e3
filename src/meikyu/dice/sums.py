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

from meikyu.dice.lexer import DEFAULT_ROUNDING, TokenParser, compare, divide
from meikyu.dice.limits import BCDICE_MAX_RANDS, MAX_SIDES, MAX_TERM_DICE, check_depth, check_term
from meikyu.dice.node import Node, SumOutcome, SystemCommands, verdict_tail
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError, LimitError

IMPLICIT_SIDES = 6
"""Sides of ``nD`` without a number (BCDice's ``sides_implicit_d``)."""


class Rolling:
    """What one evaluation collects: every die drawn, and each dice term's values for the text."""

    __slots__ = ("dice", "system", "rands", "terms", "values")

    def __init__(self, dice: Dice | None, system: SystemCommands) -> None:
        self.dice = dice
        self.system = system
        self.rands: list[tuple[int, int]] = []
        self.terms: list[tuple[int, ...]] = []
        self.values = 0
        """Values the dice terms produced (a D66 die is one value from two dice)."""


class Expr:
    """Arithmetic with dice inside a sum command."""

    __slots__ = ()
    dice_count = 0
    has_dice = False

    def eval(self, r: Rolling) -> int:
        raise NotImplementedError

    def expr(self) -> str:
        """The command as BCDice echoes it (counts and sides computed)."""
        raise NotImplementedError

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        """The middle of the result text, with each dice term's values."""
        raise NotImplementedError

    def void_terms(self) -> list[bool]:
        """For each dice term: does it break a limit (so BCDice would roll nothing for it)?"""
        return []


class Num(Expr):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def eval(self, r: Rolling) -> int:
        return self.value

    def expr(self) -> str:
        return str(self.value)

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        return str(self.value)


FILTERS = ("KH", "KL", "DH", "DL")


def apply_filter(kind: str, values: list[int], n: int) -> list[int]:
    """The dice that count after keeping/dropping ``n`` of the highest or lowest.

    >>> apply_filter("KH", [2, 3, 5, 8, 8], 3), apply_filter("DL", [2, 3, 5], 1), apply_filter("KH", [1, 2], 0)
    ([8, 8, 5], [3, 5], [])
    """
    ordered = sorted(values)
    n = max(n, 0)
    if kind == "KH":
        return ordered[::-1][:n]
    if kind == "KL":
        return ordered[:n]
    if kind == "DH":
        return ordered[::-1][n:]
    return ordered[n:]


class DiceTerm(Expr):
    """``nDx``, ``nD66`` (each die read as D66) or ``nDxKHm`` and the other filters."""

    __slots__ = ("count", "sides", "filter", "keep", "dice_count")
    has_dice = True

    def __init__(self, count: int, sides: int, filter: str | None = None, keep: int = 0) -> None:
        self.count = count
        self.sides = sides
        self.filter = filter
        self.keep = keep
        per_die = 2 if sides == 66 else 1
        self.dice_count = max(count, 0) * per_die

    @property
    def void(self) -> bool:
        # BCDice rolls any number of D66 in a sum (201D66 too); other terms past 200 dice roll nothing
        return (self.count > MAX_TERM_DICE and self.sides != 66) or not 1 <= self.sides <= MAX_SIDES

    def void_terms(self) -> list[bool]:
        return [self.void]

    def eval(self, r: Rolling) -> int:
        values = self._roll(r)
        r.values += len(values)
        if r.system.sorted_dice or self.filter is not None:
            values = sorted(values)
        r.terms.append(tuple(values))
        if self.filter is not None:
            return sum(apply_filter(self.filter, values, self.keep))
        return sum(values)

    def _roll(self, r: Rolling) -> list[int]:
        if self.count <= 0 or (self.count > MAX_TERM_DICE and self.sides != 66):
            return []
        if not 1 <= self.sides <= MAX_SIDES:
            return [0] * self.count  # BCDice's placeholder; only reached when rendering its text for an error
        assert r.dice is not None
        sides = self.sides
        values = []
        if sides == 66:
            for _ in range(self.count):
                a, b = r.dice.roll(6), r.dice.roll(6)
                r.rands += ((6, a), (6, b))
                if r.system.d66_sorted and a > b:
                    a, b = b, a
                values.append(a * 10 + b)
            return values
        for _ in range(self.count):
            v = r.dice.roll(sides)
            r.rands.append((sides, v))
            values.append(v)
        return values

    def expr(self) -> str:
        tail = f"{self.filter}{self.keep}" if self.filter else ""
        return f"{self.count}D{self.sides}{tail}"

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        values = terms[pos[0]]
        pos[0] += 1
        total = sum(apply_filter(self.filter, list(values), self.keep)) if self.filter else sum(values)
        return f"{total}[{','.join(map(str, values))}]"


class Neg(Expr):
    __slots__ = ("inner", "dice_count", "has_dice")

    def __init__(self, inner: Expr) -> None:
        self.inner = inner
        self.dice_count = inner.dice_count
        self.has_dice = inner.has_dice

    def eval(self, r: Rolling) -> int:
        return -self.inner.eval(r)

    def expr(self) -> str:
        return "-" + self.inner.expr()

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        return "-" + self.inner.output(terms, pos, sort)

    def void_terms(self) -> list[bool]:
        return self.inner.void_terms()


class Paren(Expr):
    __slots__ = ("inner", "dice_count", "has_dice")

    def __init__(self, inner: Expr) -> None:
        self.inner = inner
        self.dice_count = inner.dice_count
        self.has_dice = inner.has_dice

    def eval(self, r: Rolling) -> int:
        return self.inner.eval(r)

    def expr(self) -> str:
        return "(" + self.inner.expr() + ")"

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        return "(" + self.inner.output(terms, pos, sort) + ")"

    def void_terms(self) -> list[bool]:
        return self.inner.void_terms()


def apply_op(op: str, a: int, b: int, rounding: str = "") -> int:
    """One arithmetic step of a sum; BCDice's sums make a division by zero 1.

    >>> apply_op("/", 7, 2, "U"), apply_op("/", 5, 0)
    (4, 1)
    """
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        return 1
    return divide(a, b, rounding)


class BinOp(Expr):
    __slots__ = ("op", "left", "right", "rounding", "applied", "dice_count", "has_dice")

    def __init__(self, op: str, left: Expr, right: Expr, rounding: str = "") -> None:
        self.op = op
        self.left = left
        self.right = right
        self.rounding = rounding
        self.applied = rounding or DEFAULT_ROUNDING.get()  # the letter typed, else the system's way
        self.dice_count = left.dice_count + right.dice_count
        self.has_dice = left.has_dice or right.has_dice

    def eval(self, r: Rolling) -> int:
        a = self.left.eval(r)
        b = self.right.eval(r)
        return apply_op(self.op, a, b, self.applied)

    def expr(self) -> str:
        return f"{self.left.expr()}{self.op}{self.right.expr()}{self.rounding}"

    def output(self, terms: list[tuple[int, ...]], pos: list[int], sort: bool) -> str:
        left = self.left.output(terms, pos, sort)
        return f"{left}{self.op}{self.right.output(terms, pos, sort)}{self.rounding}"

    def void_terms(self) -> list[bool]:
        return self.left.void_terms() + self.right.void_terms()


def constant(expr: Expr) -> int:
    """The value of dice-free arithmetic inside a sum (a count, sides, a target)."""
    return expr.eval(Rolling(None, SystemCommands()))


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
            fumble, drive=drive, detail=(tuple(r.terms), r.values, system),
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


def dice_terms(expr: Expr) -> list[DiceTerm]:
    """Every dice term of a sum, left to right."""
    if isinstance(expr, DiceTerm):
        return [expr]
    if isinstance(expr, (Neg, Paren)):
        return dice_terms(expr.inner)
    if isinstance(expr, BinOp):
        return dice_terms(expr.left) + dice_terms(expr.right)
    return []


class _NoDice:
    """A dice source for commands that draw none (asking it for a die is a bug)."""

    def roll(self, sides: int) -> int:
        raise AssertionError("no dice expected")


_NO_DICE = _NoDice()
