"""Small integer formulas used inside data files.

Table effects say how much of something changes with a formula such as ``-2D6``,
``hostile_nations*2+unfriendly_nations+9`` or ``max(0, 1D6-successes)``. This module parses such a
formula once and evaluates it against a :class:`~meikyu.dice.source.Dice` and a mapping of variable
values supplied by the rules that apply the effect.

Grammar (whitespace is ignored)::

    expr   := term (("+" | "-") term)*
    term   := unary (("*" | "/") unary)*        "/" divides and rounds down
    unary  := "-" unary | dice
    dice   := atom ("D" atom)?                   "2D6", "friendly_nationsD6", "(a+1)D6"
    atom   := INTEGER | NAME | NAME "(" expr ("," expr)* ")" | "(" expr ")"

``NAME`` is lower case (``[a-z_][a-z0-9_]*``) so that the dice operator ``D`` (upper case only) can
never be mistaken for part of a name. The functions are ``max`` and ``min``. Dice are drawn left
to right, one :meth:`Dice.roll` per die, exactly in the order they are written.

>>> from meikyu.dice.source import ScriptedDice
>>> f = parse_formula("hostile_nations*2 + unfriendly_nations + 9")
>>> sorted(f.variables)
['hostile_nations', 'unfriendly_nations']
>>> f.evaluate(ScriptedDice([]), {"hostile_nations": 1, "unfriendly_nations": 2})
13
>>> parse_formula("-2D6").evaluate(ScriptedDice([3, 4]), {})
-7
>>> parse_formula("max(0, 1D6 - successes)").evaluate(ScriptedDice([2]), {"successes": 3})
0
>>> parse_formula("citizens_home/10 + order").evaluate(ScriptedDice([]), {"citizens_home": 25, "order": 2})
4
>>> try:
...     parse_formula("2D")
... except FormulaSyntaxError as err:
...     print(err.reason)
expected a number, a name or '(' at position 3
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from meikyu.dice.source import Dice
from meikyu.errors import InputError

MAX_LENGTH = 200
"""Longest formula text accepted."""
MAX_DICE = 100
"""Most dice one ``nDm`` term may roll."""
MAX_SIDES = 1000
"""Most sides one die may have."""
FUNCTIONS = ("max", "min")

_TOKEN = re.compile(r"\s*(?:(?P<num>[0-9]+)|(?P<name>[a-z_][a-z0-9_]*)|(?P<op>[-+*/(),D]))")

# A parsed formula is a small tree of tuples (hashable, cheap):
#   ("num", n) | ("var", name) | ("neg", node) | ("bin", op, left, right)
#   | ("dice", count, sides) | ("call", fname, (args...))
Node = tuple[object, ...]
Value = int | str


class FormulaSyntaxError(ValueError):
    """A formula could not be parsed; ``reason`` says where. Data loaders turn it into a DataError."""

    def __init__(self, formula: str, reason: str) -> None:
        self.formula = formula
        self.reason = reason
        super().__init__(f"{reason} of {formula!r}")


@dataclass(frozen=True, slots=True)
class Formula:
    """A parsed formula: its source text and tree."""

    source: str
    node: Node

    @property
    def variables(self) -> frozenset[str]:
        """Every variable name the formula reads."""
        return _variables(self.node)

    @property
    def has_dice(self) -> bool:
        """Whether evaluating draws dice.

        >>> parse_formula("1D6+order").has_dice, parse_formula("order+1").has_dice
        (True, False)
        """
        return _has_dice(self.node)

    def evaluate(self, dice: Dice, env: Mapping[str, int]) -> int:
        """The formula's value; dice are drawn from ``dice``, variables read from ``env``.

        Raises :class:`~meikyu.errors.InputError` when a variable is missing, a division by zero
        happens or a dice term exceeds :data:`MAX_DICE` / :data:`MAX_SIDES`.
        """
        return _eval(self.node, dice, env, self.source)

    def __str__(self) -> str:
        return self.source


@lru_cache(maxsize=1024)
def parse_formula(text: str) -> Formula:
    """Parse ``text`` (cached). Raises :class:`FormulaSyntaxError` when it is not a formula."""
    if not isinstance(text, str):
        raise FormulaSyntaxError(str(text), "a formula must be text")
    if len(text) > MAX_LENGTH:
        raise FormulaSyntaxError(text[:40] + "…", f"longer than {MAX_LENGTH} characters")
    return Formula(text, _Parser(text).parse())


def evaluate(value: Value, dice: Dice, env: Mapping[str, int] | None = None) -> int:
    """Evaluate a data value that is either a plain integer or a formula text.

    >>> from meikyu.dice.source import ScriptedDice
    >>> evaluate(-1, ScriptedDice([])), evaluate("1D6+1", ScriptedDice([4]))
    (-1, 5)
    """
    if isinstance(value, bool):
        raise TypeError("a boolean is not a formula")
    if isinstance(value, int):
        return value
    return parse_formula(value).evaluate(dice, env or {})


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        pos = 0
        stripped = text.rstrip()
        while pos < len(stripped):
            m = _TOKEN.match(stripped, pos)
            if m is None or m.end() == pos:
                where = pos + len(stripped[pos:]) - len(stripped[pos:].lstrip())
                raise FormulaSyntaxError(text, f"unexpected {stripped[where]!r} at position {where + 1}")
            kind = m.lastgroup or "op"
            self.tokens.append((kind, m.group(kind), m.start(kind)))
            pos = m.end()
        self.i = 0

    def _peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def _fail(self, what: str) -> FormulaSyntaxError:
        tok = self._peek()
        if tok is None:
            return FormulaSyntaxError(self.text, f"{what} at position {len(self.text.rstrip()) + 1}")
        return FormulaSyntaxError(self.text, f"{what} at position {tok[2] + 1}")

    def _take(self, op: str) -> bool:
        tok = self._peek()
        if tok is not None and tok[0] == "op" and tok[1] == op:
            self.i += 1
            return True
        return False

    def parse(self) -> Node:
        if not self.tokens:
            raise FormulaSyntaxError(self.text, "empty formula at position 1")
        node = self._expr(0)
        if self._peek() is not None:
            raise self._fail("unexpected text")
        return node

    def _expr(self, depth: int) -> Node:
        if depth > 50:
            raise self._fail("nested too deeply")
        node = self._term(depth)
        while True:
            if self._take("+"):
                node = ("bin", "+", node, self._term(depth))
            elif self._take("-"):
                node = ("bin", "-", node, self._term(depth))
            else:
                return node

    def _term(self, depth: int) -> Node:
        node = self._unary(depth)
        while True:
            if self._take("*"):
                node = ("bin", "*", node, self._unary(depth))
            elif self._take("/"):
                node = ("bin", "/", node, self._unary(depth))
            else:
                return node

    def _unary(self, depth: int) -> Node:
        if self._take("-"):
            if depth > 50:
                raise self._fail("nested too deeply")
            return ("neg", self._unary(depth + 1))
        left = self._atom(depth)
        if self._take("D"):
            return ("dice", left, self._atom(depth))
        return left

    def _atom(self, depth: int) -> Node:
        tok = self._peek()
        if tok is None:
            raise self._fail("expected a number, a name or '('")
        kind, text, _ = tok
        if kind == "num":
            self.i += 1
            if len(text) > 9:
                raise FormulaSyntaxError(self.text, f"number {text[:12]} is too large")
            return ("num", int(text))
        if kind == "name":
            self.i += 1
            if self._take("("):
                if text not in FUNCTIONS:
                    raise FormulaSyntaxError(self.text, f"unknown function {text!r}")
                args = [self._expr(depth + 1)]
                while self._take(","):
                    args.append(self._expr(depth + 1))
                if not self._take(")"):
                    raise self._fail("expected ')'")
                return ("call", text, tuple(args))
            return ("var", text)
        if self._take("("):
            node = self._expr(depth + 1)
            if not self._take(")"):
                raise self._fail("expected ')'")
            return node
        raise self._fail("expected a number, a name or '('")


def _variables(node: Node) -> frozenset[str]:
    kind = node[0]
    if kind == "var":
        return frozenset({str(node[1])})
    out: frozenset[str] = frozenset()
    for child in node[1:]:
        if isinstance(child, tuple):
            if child and isinstance(child[0], tuple):  # the argument list of a call
                for arg in child:
                    out |= _variables(arg)
            else:
                out |= _variables(child)
    return out


def _has_dice(node: Node) -> bool:
    if node[0] == "dice":
        return True
    for child in node[1:]:
        if isinstance(child, tuple):
            if child and isinstance(child[0], tuple):
                if any(_has_dice(arg) for arg in child):
                    return True
            elif _has_dice(child):
                return True
    return False


def _eval(node: Node, dice: Dice, env: Mapping[str, int], source: str) -> int:
    kind = node[0]
    if kind == "num":
        value = node[1]
        assert isinstance(value, int)
        return value
    if kind == "var":
        name = str(node[1])
        if name not in env:
            raise InputError("error.formula.unbound", formula=source, variable=name)
        return int(env[name])
    if kind == "neg":
        return -_eval(node[1], dice, env, source)  # type: ignore[arg-type]
    if kind == "bin":
        left = _eval(node[2], dice, env, source)  # type: ignore[arg-type]
        right = _eval(node[3], dice, env, source)  # type: ignore[arg-type]
        op = node[1]
        if op == "+":
            return left + right
        if op == "-":
            return left - right
        if op == "*":
            return left * right
        if right == 0:
            raise InputError("error.formula.zero_division", formula=source)
        return left // right
    if kind == "dice":
        count = _eval(node[1], dice, env, source)  # type: ignore[arg-type]
        sides = _eval(node[2], dice, env, source)  # type: ignore[arg-type]
        if count < 0 or count > MAX_DICE or sides < 1 or sides > MAX_SIDES:
            raise InputError(
                "error.formula.limit", formula=source, count=count, sides=sides,
                max_count=MAX_DICE, max_sides=MAX_SIDES,
            )
        return sum(dice.roll(sides) for _ in range(count))
    # ("call", name, args)
    values = [_eval(arg, dice, env, source) for arg in node[2]]  # type: ignore[attr-defined]
    return max(values) if node[1] == "max" else min(values)
