"""Repeats (``x3 CMD``, ``rep3 CMD``, ``repeat3 CMD``): the same command 1 to 100 times.

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> from meikyu.dice.command import parse
>>> node = parse("x2 1D6").node
>>> print(node.render_bcdice(node.evaluate(ScriptedDice([2, 5]), GENERIC, "en")))
#1
(1D6) ＞ 2
<BLANKLINE>
#2
(1D6) ＞ 5
"""

from __future__ import annotations

import re
from collections.abc import Callable

from meikyu.dice.limits import MAX_REPEAT, check_repeat
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError, LimitError

_REPEAT = re.compile(r"(?:repeat|rep|x)(\d+)\s+(\S.*)$", re.IGNORECASE | re.DOTALL)
_NESTED = re.compile(r"(?:repeat|rep|x)\d+")  # BCDice's own test is case-sensitive


class RepeatRoll(Node):
    __slots__ = ("count", "inner", "max_dice", "secret")

    def __init__(self, count: int, inner: Node, secret: bool) -> None:
        self.source = f"x{count} {inner.source}"
        self.count = count
        self.inner = inner
        self.max_dice = count * inner.max_dice
        self.secret = secret

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        parts = tuple(self.inner.evaluate(dice, system, lang) for _ in range(self.count))
        rands = tuple(r for part in parts for r in part.rands)
        # The verdicts stay on the parts: BCDice leaves the whole answer's flags false, and one flag could not
        # say "the second of three succeeded" anyway.
        return RollResult(self, system.system_id, lang, rands, drive=sum(p.drive for p in parts), parts=parts,
                          default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return "\n\n".join(f"#{i}\n{p.render('bcdice')}" for i, p in enumerate(result.parts, 1))

    def render_text(self, result: RollResult, lang: str) -> str:
        return "\n".join(f"#{i} {p.render('text', lang)}" for i, p in enumerate(result.parts, 1))


def is_repeat(text: str) -> bool:
    return _REPEAT.match(text) is not None


def parse_repeat(text: str, parse_inner: Callable[[str], tuple[Node, bool]]) -> RepeatRoll:
    """``parse_inner`` parses the repeated command (with its own secret prefix and comment)."""
    m = _REPEAT.match(text)
    if m is None:
        raise CommandError("error.command.unknown", command=text[:40])
    count, trailer = int(m.group(1)), m.group(2)
    if _NESTED.match(trailer):
        raise CommandError("error.command.nested_repeat", bcdice="Repeatコマンドの重複はできません")
    check_repeat(count, bcdice=f"繰り返し回数は1以上、{MAX_REPEAT}以下としてください")
    try:
        inner, secret = parse_inner(trailer)
    except CommandError as err:
        if err.bcdice is not None:
            err.bcdice = "\n\n".join(f"#{i}\n{err.bcdice}" for i in range(1, count + 1))
            err.verdict = (False, False, False, False)  # a repeat's answer carries no verdict
            raise
        if isinstance(err, LimitError):
            raise  # past a hard limit: say which, not "could not run"
        raise CommandError(
            "error.command.repeat_inner", command=trailer[:40],
            bcdice=f"繰り返し対象のコマンドが実行できませんでした ({trailer})",
        ) from err
    if isinstance(inner, RepeatRoll):
        raise CommandError("error.command.nested_repeat", bcdice="Repeatコマンドの重複はできません")
    return RepeatRoll(count, inner, secret)
