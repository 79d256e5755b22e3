"""The arithmetic inside a sum command (``(2+3)D6/2U``, ``5D10KH3``): the tree a sum parses to.

It sits below both :mod:`.sums` (which parses and rolls it) and :mod:`.odds` (which walks it with
distributions instead of dice), so neither needs the other to know the tree.
"""

from __future__ import annotations

from meikyu.dice.lexer import DEFAULT_ROUNDING, divide
from meikyu.dice.limits import MAX_SIDES, MAX_TERM_DICE
from meikyu.dice.node import SystemCommands
from meikyu.dice.source import Dice


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


def dice_terms(expr: Expr) -> list[DiceTerm]:
    """Every dice term of a sum, left to right."""
    if isinstance(expr, DiceTerm):
        return [expr]
    if isinstance(expr, (Neg, Paren)):
        return dice_terms(expr.inner)
    if isinstance(expr, BinOp):
        return dice_terms(expr.left) + dice_terms(expr.right)
    return []
