"""Tokens and plain arithmetic shared by the dice command families.

BCDice reads every common command (sums, ``nBx``, ``nRx``, ``nUx``, ``nTYx``, ``C(…)``) from the same
kind of tokens: numbers, comparison operators (any run of ``<>!=``) and single upper-cased
characters. :class:`TokenParser` walks them; :meth:`TokenParser.arith` reads dice-free arithmetic
(counts, sides, targets, thresholds, ``C(…)``) into :class:`Arith` nodes.

>>> p = TokenParser("(1+5/2C)*2")
>>> node = p.arith()
>>> node.value(), node.output()
(8, '(1+5/2C)*2')
>>> TokenParser("2d6=>7").tokens
[('num', 2), ('sym', 'D'), ('num', 6), ('cmp', '>='), ('num', 7)]
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from math import floor

from meikyu.dice.limits import check_depth, check_number
from meikyu.errors import CommandError

Token = tuple[str, object]
"""``('num', int)``, ``('cmp', op or None)`` or ``('sym', one upper-case character)``."""

_TOKEN = re.compile(r"(\d+)|([<>!=]+)|(.)", re.DOTALL)


def comparison(text: str) -> str | None:
    """A run of ``<>!=`` as BCDice reads it, in its printed form; None when it is no operator.

    >>> [comparison(t) for t in (">=", "=>", "==", "!=", "=<", "<", "!")]
    ['>=', '>=', '=', '<>', '<=', '<', None]
    """
    if "<=" in text or "=<" in text:
        return "<="
    if ">=" in text or "=>" in text:
        return ">="
    if "<>" in text or "!=" in text or "=!" in text:
        return "<>"
    if "<" in text:
        return "<"
    if ">" in text:
        return ">"
    if "=" in text:
        return "="
    return None


def compare(op: str, left: int, right: int) -> bool:
    """Apply a printed comparison operator."""
    if op == ">=":
        return left >= right
    if op == "<=":
        return left <= right
    if op == ">":
        return left > right
    if op == "<":
        return left < right
    if op == "=":
        return left == right
    return left != right


def divide(left: int, right: int, rounding: str) -> int:
    """Integer division as BCDice does it: down by default (``F``), ``U``/``C`` up, ``R`` half away from zero.

    >>> divide(7, 2, ""), divide(7, 2, "U"), divide(7, 2, "R"), divide(-7, 2, "R"), divide(-4, 3, "R")
    (3, 4, 4, -4, -1)
    """
    if right == 0:
        raise ZeroDivisionError
    if rounding in ("U", "C"):
        return -((-left) // right)
    if rounding == "R":
        from fractions import Fraction  # only for a rounded division: not loaded with every command

        q = Fraction(left, right)
        return floor(q + Fraction(1, 2)) if q >= 0 else -floor(-q + Fraction(1, 2))
    return left // right


DEFAULT_ROUNDING: ContextVar[str] = ContextVar("meikyu_default_rounding", default="")
"""How a ``/`` without a letter rounds in the system whose command is being parsed: ``""`` down, ``"U"`` up
(BCDice's ``round_type``; its MeikyuKingdomBasic rounds up). Set by :func:`meikyu.dice.command.parse`."""


class Arith:
    """Dice-free arithmetic. ``value`` raises ZeroDivisionError on a division by zero."""

    __slots__ = ()

    def value(self) -> int:
        raise NotImplementedError

    def output(self) -> str:
        raise NotImplementedError


class ANum(Arith):
    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        self.n = n

    def value(self) -> int:
        return self.n

    def output(self) -> str:
        return str(self.n)


class ANeg(Arith):
    __slots__ = ("body",)

    def __init__(self, body: Arith) -> None:
        self.body = body

    def value(self) -> int:
        return -self.body.value()

    def output(self) -> str:
        return "-" + self.body.output()


class AParen(Arith):
    __slots__ = ("body",)

    def __init__(self, body: Arith) -> None:
        self.body = body

    def value(self) -> int:
        return self.body.value()

    def output(self) -> str:
        return f"({self.body.output()})"


class ABin(Arith):
    """``+ - *`` and ``/`` with its rounding letter (printed ``C`` for both ``U`` and ``C``)."""

    __slots__ = ("op", "left", "right", "rounding", "applied")

    def __init__(self, op: str, left: Arith, right: Arith, rounding: str = "") -> None:
        self.op, self.left, self.right, self.rounding = op, left, right, rounding
        self.applied = rounding or DEFAULT_ROUNDING.get()  # the letter typed, else the system's way

    def value(self) -> int:
        a, b = self.left.value(), self.right.value()
        if self.op == "+":
            return a + b
        if self.op == "-":
            return a - b
        if self.op == "*":
            return a * b
        return divide(a, b, self.applied)

    def output(self) -> str:
        shown = "C" if self.rounding == "U" else self.rounding
        return f"{self.left.output()}{self.op}{self.right.output()}{shown}"


class TokenParser:
    """A cursor over the tokens of one command word (upper-cased character by character)."""

    def __init__(self, word: str) -> None:
        self.tokens: list[Token] = []
        for m in _TOKEN.finditer(word):
            number, cmp, char = m.groups()
            if number is not None:
                self.tokens.append(("num", int(number)))
            elif cmp is not None:
                self.tokens.append(("cmp", comparison(cmp)))
            else:
                self.tokens.append(("sym", char.upper()))
        self.i = 0
        self.depth = 0

    def peek(self, ahead: int = 0) -> Token | None:
        j = self.i + ahead
        return self.tokens[j] if j < len(self.tokens) else None

    def at_end(self) -> bool:
        return self.i >= len(self.tokens)

    def sym(self, *chars: str) -> str | None:
        """Take the next token when it is one of ``chars``."""
        tok = self.peek()
        if tok is not None and tok[0] == "sym" and tok[1] in chars:
            self.i += 1
            return str(tok[1])
        return None

    def word(self, letters: str) -> bool:
        """Take a run of single-letter tokens spelling ``letters`` (``MAX``), or nothing."""
        for k, ch in enumerate(letters):
            if self.peek(k) != ("sym", ch):
                return False
        self.i += len(letters)
        return True

    def cmp(self) -> str | None:
        """Take a comparison operator; a run of ``<>!=`` that is none is an error."""
        tok = self.peek()
        if tok is None or tok[0] != "cmp":
            return None
        self.i += 1
        if tok[1] is None:
            raise CommandError("error.command.bad_comparison")
        return str(tok[1])

    def number(self) -> int | None:
        tok = self.peek()
        if tok is None or tok[0] != "num":
            return None
        self.i += 1
        value: int = tok[1]  # type: ignore[assignment]
        check_number(value)
        return value

    def fail(self) -> CommandError:
        """The error for the token at the cursor."""
        tok = self.peek()
        if tok is None:
            return CommandError("error.command.incomplete")
        return CommandError("error.command.unexpected", token=tok[1])

    def done(self) -> None:
        """Every token was read."""
        if not self.at_end():
            raise self.fail()

    # Dice-free arithmetic (BCDice's Arithmetic grammar): add → mul → unary → term.

    def arith(self) -> Arith:
        node = self.arith_mul()
        while (op := self.sym("+", "-")) is not None:
            node = ABin(op, node, self.arith_mul())
        return node

    def arith_mul(self) -> Arith:
        node = self.arith_unary()
        while (op := self.sym("*", "/")) is not None:
            right = self.arith_unary()
            rounding = (self.sym("U", "C", "R", "F") or "") if op == "/" else ""
            node = ABin(op, node, right, rounding)
        return node

    def arith_unary(self) -> Arith:
        if self.sym("+"):
            return self.arith_unary()
        if self.sym("-"):
            return ANeg(self.arith_unary())
        return self.arith_term()

    def arith_term(self) -> Arith:
        """``(add)`` or a number."""
        if self.sym("("):
            self.depth += 1
            check_depth(self.depth)
            inner = self.arith()
            if not self.sym(")"):
                raise CommandError("error.command.unbalanced")
            self.depth -= 1
            return AParen(inner)
        n = self.number()
        if n is None:
            raise self.fail()
        return ANum(n)

    def starts_term(self) -> bool:
        tok = self.peek()
        return tok is not None and (tok[0] == "num" or tok == ("sym", "("))


def arith_value(node: Arith) -> int:
    """The value of arithmetic inside a dice command; a division by zero is a clear error."""
    try:
        return node.value()
    except ZeroDivisionError:
        raise CommandError("error.command.zero_division") from None


_FOLDABLE = re.compile(r"\([\d/+*\-CURF]+\)")


def fold_parentheses(text: str) -> str:
    """BCDice's first step before a system reads its own commands: each ``(…)`` of plain arithmetic becomes
    its value, innermost first (``2MK+(1+1)>=9`` → ``2MK+2>=9``, ``(1+2)R6`` → ``3R6``); one it cannot
    compute is left as it is.

    >>> fold_parentheses("2MK+(1+(2*3))>=9"), fold_parentheses("(7/2U)MK"), fold_parentheses("2MK+(1+)")
    ('2MK+7>=9', '4MK', '2MK+(1+)')
    """
    while True:
        folded = _FOLDABLE.sub(_fold_one, text)
        if folded == text:
            return text
        text = folded


def _fold_one(m: re.Match[str]) -> str:
    try:
        p = TokenParser(m.group(0))
        value = p.arith().value()
        p.done()
    except (CommandError, ZeroDivisionError):
        return m.group(0)
    return str(value)
