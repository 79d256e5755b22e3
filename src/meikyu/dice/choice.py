"""``choice``: pick items at random, in every form BCDice reads.

``choice[a,b,c]``, ``choice(a,b,c)``, ``choice a b c``; ``choice2[…]`` picks two different items;
a single range item expands (``choice[A-F]``, ``choice[3-10]``). Items keep their case and inner
spaces; after a closing bracket anything may follow (a comment).

>>> from meikyu.dice.node import GENERIC
>>> from meikyu.dice.source import ScriptedDice
>>> node = parse_choice("choice2(a,b,c) two of them")
>>> node.render_bcdice(node.evaluate(ScriptedDice([3, 1]), GENERIC, "en"))
'(choice2(a,b,c)) ＞ c, a'
"""

from __future__ import annotations

import re

from meikyu.dice.limits import check_choices
from meikyu.dice.node import Node, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError

_HEAD = re.compile(r"\s*choice(\d*)([\[(]|\s+)", re.IGNORECASE)
_NUMBERS = re.compile(r"^(\d+)-(\d+)$")
_LETTERS = re.compile(r"^([a-z])-([a-z])$|^([A-Z])-([A-Z])$")
_FORMS = {"[": ("[", "]", ",", ", "), "(": ("(", ")", ",", ", "), " ": (" ", "", None, " ")}
"""Opening → (shown opening, closing, item separator, separator of the picks)."""


def _expand(item: str) -> list[str]:
    """``A-F`` / ``3-10`` → the items of the range (nothing when it is no range, or reversed)."""
    m = _NUMBERS.match(item)
    if m:
        low, high = int(m.group(1)), int(m.group(2))
        check_choices(max(high - low + 1, 0), bcdice="項目数は100以下としてください")
        return [str(n) for n in range(low, high + 1)]
    m = _LETTERS.match(item)
    if m:
        first, last = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        return [chr(c) for c in range(ord(first), ord(last) + 1)]
    return []


def _items(rest: str, form: str) -> list[str] | None:
    """The raw items after the opening, as BCDice scans them (None when the closing is missing)."""
    if form == " ":
        line = rest.split("\n", 1)[0]
        return [item for item in re.split(r"\s+", line)]
    _, closing, sep, _ = _FORMS[form]
    *items, last = rest.split(sep)  # BCDice takes every comma first, then looks for the closing
    end = last.find(closing)
    if end < 0:
        return None
    return [*items, last[:end]]


class ChoiceRoll(Node):
    __slots__ = ("items", "takes", "form", "max_dice")

    def __init__(self, items: tuple[str, ...], takes: int, form: str) -> None:
        self.items, self.takes, self.form = items, takes, form
        self.max_dice = takes
        opening, closing, _, _ = _FORMS[form]
        count = "" if takes == 1 else str(takes)
        joined = " ".join(items) if form == " " else ",".join(items)
        self.source = f"choice{count}{opening}{joined}{closing}"

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        left = list(self.items)
        rands = []
        picked = []
        for _ in range(self.takes):
            value = dice.roll(len(left))
            rands.append((len(left), value))
            picked.append(left.pop(value - 1))
        return RollResult(self, system.system_id, lang, tuple(rands), rands[0][1], detail=tuple(picked), default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return f"({self.source}) ＞ {_FORMS[self.form][3].join(result.detail)}"

    def render_text(self, result: RollResult, lang: str) -> str:
        return f"{self.source} → {_FORMS[self.form][3].join(result.detail)}"


def parse_choice(text: str) -> ChoiceRoll:
    """``text`` is the whole input (a space form runs to the end of the line)."""
    m = _HEAD.match(text)
    if m is None:
        raise CommandError("error.command.unknown", command=text.split(None, 1)[0][:40] if text.split() else "")
    takes = int(m.group(1)) if m.group(1) else 1
    form = m.group(2) if m.group(2) in ("[", "(") else " "
    raw = _items(text[m.end():], form)
    if raw is None:
        raise CommandError("error.command.choice_unclosed", closing=_FORMS[form][1])
    items = [item.strip() for item in raw if item.strip()]
    if len(items) == 1:
        items = _expand(items[0])
    if not items:
        raise CommandError("error.command.empty_choice")
    check_choices(len(items), bcdice="項目数は100以下としてください")
    if not 1 <= takes <= len(items):
        raise CommandError("error.command.choice_takes", takes=takes, count=len(items))
    return ChoiceRoll(tuple(items), takes, form)
