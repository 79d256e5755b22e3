"""The dice command language: text → parse tree (once, cached) → result.

Commands are what people type in chat: ``2D6+1>=8``, ``3MK+2>=9``, ``4B6>=4``, ``2R6[5]``, ``C(10*3)``,
``D66``, ``S2D6`` (secret), ``x3 2D6`` (repeat), ``choice[a,b,c]``. Input is NFKC-normalized first, so
full-width text typed on Japanese and Korean keyboards works, and anything after the first space is
a comment. A game system adds its own commands (Meikyuu Kingdom's ``nMK`` check and tables) through
:class:`~meikyu.dice.node.SystemCommands`; they are tried first, then the common families in
BCDice's order: sums, barabara ``nBx``, tally ``nTYx``, calculation ``C(…)``, ``choice``, ``D66``,
repeats, reroll ``nRx``, upper ``nUx``, and ``BCDiceVersion``. Each family lives in its own module,
imported the first time a command reaches it (``meikyu roll 2D6`` loads the sums alone).

Where BCDice answers a message instead of a roll (``2R6`` without a threshold, ``rep0 1D6``), the
command is refused with a clear error that carries BCDice's text as ``error.bcdice`` for the
bcdice-api face.

>>> from meikyu.dice.source import ScriptedDice
>>> node = parse("2d6+1>=8 攻撃").node
>>> node.source
'2D6+1>=8'
>>> r = node.evaluate(ScriptedDice([3, 4]), GENERIC, "en")
>>> r.total, r.success, node.render_bcdice(r)
(8, True, '(2D6+1>=8) ＞ 7[3,4]+1 ＞ 8 ＞ 成功')
"""

from __future__ import annotations

import importlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from meikyu.dice.lexer import DEFAULT_ROUNDING
from meikyu.dice.limits import check_command, check_dice, check_text
from meikyu.dice.node import GENERIC, Node, SystemCommands
from meikyu.dice.version import VersionNode, parse_version
from meikyu.errors import CommandError, LimitError
from meikyu.memo import new_entry

COMMANDS = GENERIC
"""The plain roller's command set (the module a system record points at)."""


@dataclass(frozen=True, slots=True)
class Parsed:
    node: Node
    secret: bool


def normalize(text: str) -> str:
    """NFKC (full-width → ASCII) and trimmed. ``２ＭＫ＋３＞＝９`` becomes ``2MK+3>=9``."""
    return unicodedata.normalize("NFKC", text).strip()


_WordParser = Callable[[str], Node]
_FAMILIES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^[+\-(]*(?:\d|D[\d(])", re.IGNORECASE), "sums.parse_sum"),
    (re.compile(r"^[(\d][^B]*B", re.IGNORECASE), "barabara.parse_barabara"),
    (re.compile(r"^[(\d][^T]*T[YZ]", re.IGNORECASE), "tally.parse_tally"),
    (re.compile(r"^C[+\-(]*\d", re.IGNORECASE), "calc.parse_calc"),
)
"""Word families before choice (``module.function`` in meikyu.dice), each with the head that makes an
error in it worth reporting."""
_LATE: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^D66", re.IGNORECASE), "d66.parse_d66"),
    (re.compile(r"^[(\d][^R]*R", re.IGNORECASE), "reroll.parse_reroll"),
    (re.compile(r"^[(\d][^U]*U", re.IGNORECASE), "upper.parse_upper"),
)
_CHOICE_HEAD = re.compile(r"^\s*choice", re.IGNORECASE)
_LOADED: dict[str, Any] = {}


def _family(name: str) -> Any:
    """``meikyu.dice.<module>.<function>``, imported on first use.

    >>> _family("sums.parse_sum").__name__
    'parse_sum'
    """
    found = _LOADED.get(name)
    if found is None:
        module, function = name.split(".")
        found = _LOADED[name] = getattr(importlib.import_module(f"meikyu.dice.{module}"), function)
    return found


def _try(parser: Callable[[str], Node], text: str, relevant: bool, errors: list[CommandError]) -> Node | None:
    try:
        return parser(text)
    except CommandError as err:
        if isinstance(err, LimitError) or err.bcdice is not None:
            raise  # the family took the command; this is its answer
        if relevant:
            errors.append(err)
        return None


def _parse_one(text: str, system: SystemCommands) -> tuple[Node, bool]:
    """One command without the S prefix (``text`` normalized); the flag is a secret inner command."""
    word = text.split(None, 1)[0] if text else ""
    if not word:
        raise CommandError("error.command.empty")
    check_command(word)
    version = parse_version(word)
    if version is not None:
        return version, False
    special = system.parse(word.upper())
    if special is not None:
        return special, False
    errors: list[CommandError] = []
    for head, family in _FAMILIES:
        node = _try(_family(family), word, bool(head.search(word)), errors)
        if node is not None:
            return node, False
    if _CHOICE_HEAD.match(text):
        node = _try(_family("choice.parse_choice"), text, True, errors)
        if node is not None:
            return node, False
    if _family("repeat.is_repeat")(text):
        repeat = _family("repeat.parse_repeat")(text, lambda trailer: _parse_secret(normalize(trailer), system))
        return repeat, repeat.secret
    for head, family in _LATE:
        node = _try(_family(family), word, bool(head.search(word)), errors)
        if node is not None:
            return node, False
    if errors:
        raise errors[0]  # a specific complaint about a real attempt beats "unknown command"
    raise CommandError("error.command.unknown", command=word[:40])


def _parse_secret(clean: str, system: SystemCommands) -> tuple[Node, bool]:
    """A command with an optional ``S`` prefix."""
    if not clean:
        raise CommandError("error.command.empty")
    try:
        return _parse_one(clean, system)
    except LimitError:
        raise
    except CommandError as first:
        if first.bcdice is None and clean[:1] in "sS" and len(clean) > 1:
            node: Node | None = None
            try:
                node, _ = _parse_one(clean[1:], system)
            except CommandError as second:
                second.secret = True  # a refusal of a secret command is as secret as its roll
                if second.bcdice is not None and second.key == "error.command.reroll_condition" \
                        and not _family("repeat.is_repeat")(clean[1:]):
                    second.bcdice = clean[0] + second.bcdice  # BCDice echoes the reroll as typed, S included
                if second.bcdice is not None or first.key == "error.command.unknown":
                    raise second from None
            if node is not None and not isinstance(node, VersionNode):  # BCDice reads BCDiceVersion alone
                return node, True
        raise


@lru_cache(maxsize=4096)
def _parse_cached(text: str, system: SystemCommands) -> Parsed:
    rounding = DEFAULT_ROUNDING.set(system.rounding)
    try:
        node, secret = _parse_secret(normalize(text), system)
    finally:
        DEFAULT_ROUNDING.reset(rounding)
    check_dice(node.max_dice)
    new_entry()  # the cache takes it: keep the collector's young passes small (meikyu.memo)
    return Parsed(node, secret)


def parse(text: str, system: SystemCommands = GENERIC) -> Parsed:
    """Parse a command once; the same text in the same system is answered from a cache.

    Only successful parses are cached; a rejected command is cheap to reject again.
    """
    check_text(text)
    return _parse_cached(text, system)
