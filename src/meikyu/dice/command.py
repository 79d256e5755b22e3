"""The dice command language: text → parse tree (once, cached) → result.

Commands are what people type in chat: ``2D6+1>=8``, ``3MK+2>=9``, ``D66``, ``S2D6`` (secret),
``x3 2D6`` (repeat), ``choice[a,b,c]``. Input is NFKC-normalized first, so full-width text typed on
Japanese and Korean keyboards works, and anything after the first space is a comment. A game system
adds its own commands (Meikyuu Kingdom's ``nMK`` check and tables) through :class:`SystemCommands`.

Hard limits keep hostile input cheap: a command that breaks one is refused before a single die is
drawn.

>>> from meikyu.dice.source import ScriptedDice
>>> node = parse("2d6+1>=8 攻撃").node
>>> node.source
'2D6+1>=8'
>>> r = node.evaluate(ScriptedDice([3, 4]), GENERIC, "en")
>>> r.total, r.success, node.render_bcdice(r)
(8, True, '(2D6+1>=8) ＞ 7[3,4]+1 ＞ 8 ＞ 成功')
"""

from __future__ import annotations

import operator
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError, LimitError

if TYPE_CHECKING:
    from meikyu.dice.odds import Odds

# Hard limits. Generous for play, small enough that the worst command answers in milliseconds.
MAX_TEXT = 1000
"""Characters in the whole input, comment included."""
MAX_COMMAND = 200
"""Characters in the command part."""
MAX_DICE = 1000
"""Dice one command may draw (repeats included)."""
MAX_SIDES = 10_000
MAX_REPEAT = 100
MAX_DEPTH = 20
"""Nested parentheses."""
MAX_NUMBER = 10**9
MAX_CHOICES = 100


class Node:
    """A parsed command. Subclasses evaluate themselves and render their results."""

    __slots__ = ("source",)

    source: str
    max_dice: int = 0

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        raise NotImplementedError

    def render_bcdice(self, result: RollResult) -> str:
        raise NotImplementedError

    def render_text(self, result: RollResult, lang: str) -> str:
        raise NotImplementedError

    def odds(self, system: SystemCommands) -> Odds:
        raise CommandError("error.odds.unsupported", command=self.source)


class SystemCommands:
    """A game system's hooks into the command language. The base class is the plain dice roller."""

    system_id = "DiceBot"
    sorted_dice = False
    """Show dice ascending in BCDice text (BCDice's sort setting for the system)."""
    d66_sorted = False
    """D66 reads the lower die as tens (True) or the first die as tens (False, BCDice's default)."""
    help_key = "help.dice"
    _pattern: str | None = None

    def pattern_heads(self) -> list[str]:
        """Portable regex fragments, one per kind of command this system accepts (see :mod:`.pattern`)."""
        from meikyu.dice.pattern import CHOICE, SUM

        return [SUM, CHOICE]

    @property
    def command_pattern(self) -> str:
        """The regex a bot uses to pick the chat lines meant for this system (built once)."""
        if self._pattern is None:
            from meikyu.dice.pattern import build

            self._pattern = build(self.pattern_heads())
        return self._pattern

    def parse(self, body: str) -> Node | None:
        """Parse a system-specific command (``body`` is upper-case, no prefix or comment)."""
        return None

    def judge_sum(self, result: SumOutcome, op: str, target: int) -> SumJudgement | None:
        """Override the judgement of a plain dice sum (Meikyuu Kingdom's 2D6 critical/fumble)."""
        return None

    def sum_bcdice_suffix(self, result: SumOutcome, op: str, target: int) -> str:
        """Extra BCDice text after a judged sum (Meikyuu Kingdom's drive hint)."""
        return ""

    def help(self, lang: str) -> str:
        from meikyu.i18n import translate

        return translate(self.help_key, lang)


GENERIC = SystemCommands()
COMMANDS = GENERIC
"""The plain dice language is itself a system: BCDice's ``DiceBot``."""


@dataclass(frozen=True, slots=True)
class SumOutcome:
    """What a judged sum looked like, for system hooks."""

    total: int
    dice_total: int
    """The dice alone, without modifiers."""
    all_sides: int | None
    """The common number of sides when every die has the same, else None."""
    dice: tuple[int, ...] = ()
    """Every die value in draw order (empty when computing odds)."""


@dataclass(frozen=True, slots=True)
class SumJudgement:
    success: bool
    critical: bool = False
    fumble: bool = False
    drive: int = 0


# ---------------------------------------------------------------- expressions

_COMPARE: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    ">": operator.gt,
    "<=": operator.le,
    "<": operator.lt,
    "=": operator.eq,
    "<>": operator.ne,
}
_COMPARE_ALIASES = {"=>": ">=", "=<": "<=", "!=": "<>", "==": "="}

_HAS_DICE = re.compile(r"\d*D\d+")
_TOKEN = re.compile(r"\s*(?:(\d*)D(\d+)|(\d+)|(>=|<=|<>|=>|=<|!=|==|[-+*/()<>=?]|[UR]))")


class Expr:
    """Arithmetic inside a sum command. ``eval`` appends each dice term's dice to ``terms``."""

    __slots__ = ()
    dice_count = 0

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        raise NotImplementedError

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        raise NotImplementedError


class Num(Expr):
    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        return self.value

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        return str(self.value)


class DiceTerm(Expr):
    __slots__ = ("count", "sides", "dice_count")

    def __init__(self, count: int, sides: int) -> None:
        self.count = count
        self.sides = sides
        self.dice_count = count

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        sides = self.sides
        values = tuple(dice.roll(sides) for _ in range(self.count))
        rands.extend((sides, v) for v in values)
        terms.append(values)
        return sum(values)

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        if terms is None:
            return f"{self.count}D{self.sides}"
        values = terms[pos[0]]
        pos[0] += 1
        shown = sorted(values) if sort else values
        return f"{sum(values)}[{','.join(map(str, shown))}]"


class Neg(Expr):
    __slots__ = ("inner", "dice_count")

    def __init__(self, inner: Expr) -> None:
        self.inner = inner
        self.dice_count = inner.dice_count

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        return -self.inner.eval(dice, terms, rands)

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        return "-" + self.inner.show(terms, sort, pos)


class Paren(Expr):
    __slots__ = ("inner", "dice_count")

    def __init__(self, inner: Expr) -> None:
        self.inner = inner
        self.dice_count = inner.dice_count

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        return self.inner.eval(dice, terms, rands)

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        return "(" + self.inner.show(terms, sort, pos) + ")"


def divide(left: int, right: int, rounding: str) -> int:
    """Integer division as BCDice does it: down by default, ``U`` up, ``R`` half up.

    >>> divide(7, 2, ""), divide(7, 2, "U"), divide(7, 2, "R"), divide(5, 4, "R")
    (3, 4, 4, 1)
    """
    if right == 0:
        raise CommandError("error.command.zero_division")
    if rounding == "U":
        return -((-left) // right)
    if rounding == "R":
        return (2 * left + right) // (2 * right)
    return left // right


class BinOp(Expr):
    __slots__ = ("op", "left", "right", "rounding", "dice_count")

    def __init__(self, op: str, left: Expr, right: Expr, rounding: str = "") -> None:
        self.op = op
        self.left = left
        self.right = right
        self.rounding = rounding
        self.dice_count = left.dice_count + right.dice_count

    def eval(self, dice: Dice, terms: list[tuple[int, ...]], rands: list[tuple[int, int]]) -> int:
        a = self.left.eval(dice, terms, rands)
        b = self.right.eval(dice, terms, rands)
        return apply_op(self.op, a, b, self.rounding)

    def show(self, terms: list[tuple[int, ...]] | None, sort: bool, pos: list[int]) -> str:
        left = self.left.show(terms, sort, pos)
        right = self.right.show(terms, sort, pos)
        return f"{left}{self.op}{right}{self.rounding}"


def apply_op(op: str, a: int, b: int, rounding: str = "") -> int:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    return divide(a, b, rounding)


class _ExprParser:
    """Recursive descent over the tokens of one sum command."""

    def __init__(self, body: str) -> None:
        self.tokens: list[tuple[str, Any]] = []
        pos = 0
        while pos < len(body):
            m = _TOKEN.match(body, pos)
            if m is None or m.end() == pos:
                if not _HAS_DICE.search(body):
                    raise CommandError("error.command.unknown", command=body[:40])
                raise CommandError("error.command.syntax", command=body, at=body[pos:pos + 10])
            count, sides, number, sym = m.groups()
            if sides is not None:
                self.tokens.append(("dice", (int(count) if count else 1, int(sides))))
            elif number is not None:
                self.tokens.append(("num", int(number)))
            else:
                self.tokens.append(("sym", sym))
            pos = m.end()
        self.i = 0
        self.depth = 0

    def peek(self) -> tuple[str, Any] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take_sym(self, *symbols: str) -> str | None:
        tok = self.peek()
        if tok is not None and tok[0] == "sym" and tok[1] in symbols:
            self.i += 1
            return str(tok[1])
        return None

    def expr(self) -> Expr:
        node = self.term()
        while (op := self.take_sym("+", "-")) is not None:
            node = BinOp(op, node, self.term())
        return node

    def term(self) -> Expr:
        node = self.factor()
        while (op := self.take_sym("*", "/")) is not None:
            right = self.factor()
            rounding = (self.take_sym("U", "R") or "") if op == "/" else ""
            node = BinOp(op, node, right, rounding)
        return node

    def factor(self) -> Expr:
        tok = self.peek()
        if tok is None:
            raise CommandError("error.command.incomplete")
        kind, value = tok
        self.i += 1
        if kind == "num":
            if value > MAX_NUMBER:
                raise LimitError("error.limit.number", limit=MAX_NUMBER)
            return Num(value)
        if kind == "dice":
            count, sides = value
            if not 1 <= sides <= MAX_SIDES:
                raise LimitError("error.limit.sides", sides=sides, limit=MAX_SIDES)
            if count > MAX_DICE:
                raise LimitError("error.limit.dice", count=count, limit=MAX_DICE)
            return DiceTerm(count, sides)
        if value == "-":
            return Neg(self.factor())
        if value == "(":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise LimitError("error.limit.depth", limit=MAX_DEPTH)
            inner = self.expr()
            if self.take_sym(")") is None:
                raise CommandError("error.command.unbalanced")
            self.depth -= 1
            return Paren(inner)
        raise CommandError("error.command.unexpected", token=value)


def parse_expression(body: str) -> Expr:
    """Parse arithmetic with dice (no comparison).

    >>> parse_expression("(2D6+3)/2U").show(None, False, [0])
    '(2D6+3)/2U'
    """
    parser = _ExprParser(body)
    node = parser.expr()
    if parser.peek() is not None:
        raise CommandError("error.command.unexpected", token=parser.peek()[1])  # type: ignore[index]
    return node


class SumRoll(Node):
    """``xDy`` arithmetic with an optional comparison: ``2D6+1>=8``, ``3D6/2U``, ``1D100<=50``."""

    __slots__ = ("expr", "op", "target", "unknown_target", "max_dice")

    def __init__(self, source: str, expr: Expr, op: str | None, target: Expr | None, unknown: bool) -> None:
        self.source = source
        self.expr = expr
        self.op = op
        self.target = target
        self.unknown_target = unknown
        self.max_dice = expr.dice_count + (target.dice_count if target else 0)

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        terms: list[tuple[int, ...]] = []
        rands: list[tuple[int, int]] = []
        total = self.expr.eval(dice, terms, rands)
        n_terms = len(terms)
        values = tuple(v for _, v in rands)
        success = failure = critical = fumble = False
        drive = 0
        target_value: int | None = None
        if self.op is not None and self.target is not None:
            outcome = _sum_outcome(total, rands)
            target_value = self.target.eval(dice, terms, rands)
            judged = system.judge_sum(outcome, self.op, target_value)
            if judged is None:
                success = _COMPARE[self.op](total, target_value)
            else:
                success, critical, fumble, drive = judged.success, judged.critical, judged.fumble, judged.drive
            failure = not success
        return RollResult(
            self, system.system_id, lang, tuple(rands), total, values, success, failure, critical, fumble,
            drive=drive, detail=(tuple(terms), n_terms, target_value, system),
        )

    def _parts(self, result: RollResult) -> tuple[str, str]:
        terms, n_terms, target_value, system = result.detail
        sort = system.sorted_dice
        middle = self.expr.show(list(terms[:n_terms]), sort, [0])
        return middle, "" if target_value is None else str(target_value)

    def render_bcdice(self, result: RollResult) -> str:
        terms, n_terms, target_value, system = result.detail
        middle, _ = self._parts(result)
        text = f"({self.source}) ＞ {result.total}" if _BARE.match(middle) else f"({self.source}) ＞ {middle} ＞ {result.total}"
        if target_value is not None and self.op is not None:
            outcome = _sum_outcome(result.total or 0, result.rands[: len(result.kept)])
            if result.critical:
                text += " ＞ 絶対成功"
            elif result.fumble:
                text += " ＞ 絶対失敗"
            else:
                text += " ＞ 成功" if result.success else " ＞ 失敗"
            text += system.sum_bcdice_suffix(outcome, self.op, target_value)
        return text

    def render_text(self, result: RollResult, lang: str) -> str:

        middle, target = self._parts(result)
        return f"{self.source} → {middle} = {result.total}" + verdict_tail(result, lang, bool(target), self.unknown_target)

    def odds(self, system: SystemCommands) -> Odds:
        from meikyu.dice.odds import sum_odds

        return sum_odds(self, system)


def _sum_outcome(total: int, rands: Any) -> SumOutcome:
    sides = {s for s, _ in rands}
    values = tuple(v for _, v in rands)
    return SumOutcome(total, sum(values), sides.pop() if len(sides) == 1 else None, values)


_BARE = re.compile(r"^[\d\[\]]+$")


def verdict_tail(result: RollResult, lang: str, judged: bool, unknown_target: bool) -> str:
    """The end of a native result line: the verdict (or "the GM judges") and any drive gained."""
    from meikyu.i18n import translate

    tail = ""
    if judged:
        tail = " ▶ " + _verdict(result, lang)
    elif unknown_target:
        tail = " ▶ " + translate("roll.gm_judges", lang)
    if result.drive:
        tail += " · " + translate("roll.drive", lang, drive=result.drive)
    return tail


def _verdict(result: RollResult, lang: str) -> str:
    from meikyu.i18n import translate

    if result.critical:
        return translate("word.critical", lang)
    if result.fumble:
        return translate("word.fumble", lang)
    return translate("word.success" if result.success else "word.failure", lang)


# ---------------------------------------------------------------- other generic commands


class D66Roll(Node):
    """``D66``: two d6 read as tens and units (the lower die as tens where the system sorts)."""

    __slots__ = ("sort",)
    max_dice = 2

    def __init__(self, sort: bool) -> None:
        self.source = "D66"
        self.sort = sort

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        a = dice.roll(6)
        b = dice.roll(6)
        tens, units = (min(a, b), max(a, b)) if self.sort else (a, b)
        return RollResult(self, system.system_id, lang, ((6, a), (6, b)), tens * 10 + units, (a, b))

    def render_bcdice(self, result: RollResult) -> str:
        return f"(D66) ＞ {result.total}"

    def render_text(self, result: RollResult, lang: str) -> str:
        a, b = result.kept
        return f"D66 → {result.total} [{a},{b}]"


class ChoiceRoll(Node):
    """``choice[a,b,c]``: one item at random."""

    __slots__ = ("items",)
    max_dice = 1

    def __init__(self, source: str, items: tuple[str, ...]) -> None:
        self.source = source
        self.items = items

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        value = dice.roll(len(self.items))
        return RollResult(self, system.system_id, lang, ((len(self.items), value),), value, detail=self.items[value - 1])

    def render_bcdice(self, result: RollResult) -> str:
        return f"({self.source}) ＞ {result.detail}"

    def render_text(self, result: RollResult, lang: str) -> str:
        return f"{self.source} → {result.detail}"


class RepeatRoll(Node):
    """``x3 CMD`` / ``rep3 CMD``: the same command several times."""

    __slots__ = ("count", "inner", "max_dice")

    def __init__(self, source: str, count: int, inner: Node) -> None:
        self.source = source
        self.count = count
        self.inner = inner
        self.max_dice = count * inner.max_dice

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        parts = tuple(self.inner.evaluate(dice, system, lang) for _ in range(self.count))
        rands = tuple(r for part in parts for r in part.rands)
        return RollResult(
            self, system.system_id, lang, rands,
            success=any(p.success for p in parts), failure=any(p.failure for p in parts),
            critical=any(p.critical for p in parts), fumble=any(p.fumble for p in parts),
            drive=sum(p.drive for p in parts), parts=parts,
        )

    def render_bcdice(self, result: RollResult) -> str:
        return "\n\n".join(f"#{i}\n{p.render('bcdice')}" for i, p in enumerate(result.parts, 1))

    def render_text(self, result: RollResult, lang: str) -> str:
        return "\n".join(f"#{i} {p.render('text', lang)}" for i, p in enumerate(result.parts, 1))


# ---------------------------------------------------------------- parsing entry points


@dataclass(frozen=True, slots=True)
class Parsed:
    node: Node
    secret: bool


_REPEAT = re.compile(r"^(?:X|REP|REPEAT)(\d+)\s+(.+)$", re.IGNORECASE | re.DOTALL)
_CHOICE = re.compile(r"^CHOICE(?:\[(.*?)\]|\((.*?)\)|\s+(.+))$", re.IGNORECASE | re.DOTALL)
_CMP_SPLIT = re.compile(r"(>=|<=|<>|=>|=<|!=|==|>|<|=)")


def normalize(text: str) -> str:
    """NFKC (full-width → ASCII) and trimmed. ``２ＭＫ＋３＞＝９`` becomes ``2MK+3>=9``."""
    return unicodedata.normalize("NFKC", text).strip()


def _parse_sum(body: str) -> SumRoll:
    left, *comparison = _CMP_SPLIT.split(body, maxsplit=1)
    expr = parse_expression(left)
    if not _HAS_DICE.search(left):  # arithmetic alone ("1+2") is not a dice command
        raise CommandError("error.command.unknown", command=body)
    source = expr.show(None, False, [0])
    if not comparison:
        return SumRoll(source, expr, None, None, False)
    symbol, right = comparison
    op = _COMPARE_ALIASES.get(symbol, symbol)
    if right == "?":  # the GM keeps the target: roll without judging
        return SumRoll(f"{source}{op}?", expr, None, None, True)
    target = parse_expression(right)
    return SumRoll(f"{source}{op}{target.show(None, False, [0])}", expr, op, target, False)


def _parse_one(text: str, system: SystemCommands) -> Node:
    """One command without S prefix; ``text`` is normalized."""
    m = _REPEAT.match(text)
    if m:
        count = int(m.group(1))
        if not 1 <= count <= MAX_REPEAT:
            raise LimitError("error.limit.repeat", count=count, limit=MAX_REPEAT)
        inner = _parse_one(m.group(2).strip(), system)
        if isinstance(inner, RepeatRoll):
            raise CommandError("error.command.nested_repeat")
        node: Node = RepeatRoll(f"x{count} {inner.source}", count, inner)
    elif (m := _CHOICE.match(text)) is not None:
        raw = next(g for g in m.groups() if g is not None)
        sep = "," if "," in raw or m.group(3) is None else None
        items = tuple(item.strip() for item in raw.split(sep) if item.strip())
        if not items:
            raise CommandError("error.command.empty_choice")
        if len(items) > MAX_CHOICES:
            raise LimitError("error.limit.choices", count=len(items), limit=MAX_CHOICES)
        node = ChoiceRoll(f"choice[{','.join(items)}]", items)
    else:
        body = text.split(None, 1)[0].upper() if text else ""
        if not body:
            raise CommandError("error.command.empty")
        if len(body) > MAX_COMMAND:
            raise LimitError("error.limit.length", length=len(body), limit=MAX_COMMAND)
        special = system.parse(body)
        if special is not None:
            node = special
        elif body == "D66":
            node = D66Roll(system.d66_sorted)
        else:
            node = _parse_sum(body)
    if node.max_dice > MAX_DICE:
        raise LimitError("error.limit.dice", count=node.max_dice, limit=MAX_DICE)
    return node


@lru_cache(maxsize=4096)
def _parse_cached(text: str, system: SystemCommands) -> Parsed:
    if len(text) > MAX_TEXT:
        raise LimitError("error.limit.text", length=len(text), limit=MAX_TEXT)
    clean = normalize(text)
    if not clean:
        raise CommandError("error.command.empty")
    try:
        return Parsed(_parse_one(clean, system), False)
    except LimitError:
        raise
    except CommandError as first:
        if clean[:1] in "sS" and len(clean) > 1:
            try:
                return Parsed(_parse_one(clean[1:], system), True)
            except CommandError:
                pass
        if first.key != "error.command.unknown":
            raise  # a specific complaint about a real attempt beats "unknown command"
        raise CommandError("error.command.unknown", command=clean.split(None, 1)[0][:40]) from None


def parse(text: str, system: SystemCommands = GENERIC) -> Parsed:
    """Parse a command once; the same text in the same system is answered from a cache.

    Only successful parses are cached; a rejected command is cheap to reject again.
    """
    if len(text) > MAX_TEXT:
        raise LimitError("error.limit.text", length=len(text), limit=MAX_TEXT)
    return _parse_cached(text, system)
