"""Meikyuu Kingdom's dice commands: the ``nMK`` check and the tables.

``nMK[±m…][>=t]`` (also ``nMK6`` and ``nR6``) rolls n dice and reads them with the seed's rules
(R-MK-10, 11, 14): the automatic policy of :func:`rolls.best_outcome` decides which 6s become drive,
the best two of the rest count, and critical/fumble look at those two only. The BCDice renderer
reproduces BCDice's text exactly (it reads the dice its own way: the top two, with a drive hint);
the flags and the native text follow the seed.

>>> from meikyu.dice.source import ScriptedDice
>>> node = COMMANDS.parse("4MK+1>=8")
>>> r = node.evaluate(ScriptedDice([1, 6, 6, 6]), COMMANDS, "en")
>>> r.kept, r.critical, r.drive, r.achievement
((6, 6), True, 3, 13)
>>> print(r.text)
4MK+1>=8 → [1,6,6,6] · 1× 6 to drive · used [6,6]+1 → achievement 13 ▶ critical · drive +3
>>> print(r.render("bcdice"))
(4R6+1>=8) ＞ 12[1,6,6,6]+1 ＞ 13 ＞ 絶対成功 ＆ 《気力》3点獲得
"""

from __future__ import annotations

import re
import sys
from functools import cache
from typing import TYPE_CHECKING, Any

from meikyu.dice.lexer import fold_parentheses
from meikyu.dice.node import Node, SumJudgement, SumOutcome, SystemCommands, verdict_tail
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice
from meikyu.errors import CommandError, LimitError
from meikyu.memo import MemoBudget
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome
from meikyu.systems.meikyu_kingdom.tables.catalog import TABLE_CODES

if TYPE_CHECKING:
    from meikyu.dice.result import Odds

MAX_CHECK_DICE = 200
"""Dice one nMK check may roll (2 + hope); BCDice rolls up to 200 and fails past them."""


PATTERN_WORDS = (
    "LRT", "ORT", "CRT", "ART", "FRT", "TBT", "CBT", "SBT", "VBT", "FBT", "ABT", "WBT", "LBT", "THT", "CHT", "SHT",
    "VHT", "KDT", "KCT", "KMT", "CAT", "FWT", "CFT", "TT", "NT", "ET", "MPT", "T1T", "T2T", "T3T", "T4T", "T5T",
    "NAME", "DFT", "IDT", "WIT", "LIT", "RIT", "SIT", "RWIT", "RUIT", "IFT", "PNT", "MLT", "KNT", "WORD",
)
"""The command words BCDice registers for Meikyuu Kingdom (``nRET`` and ``nMK`` start with a number)."""

_CHECK = re.compile(r"^(\d+)(?:MK6|MK|R6)((?:[+-]\d+)*)(?:(>=|=>)(\d+|\?))?$")
_MOD = re.compile(r"[+-]\d+")
_BCDICE_CHECK = re.compile(r"^(\d+)R6([+\-\d]*)(?:([>=]+)(\d+))?")
"""BCDice's reading of a check: a prefix, so ``2MK+1>=9X`` is ``2R6+1>=9`` (after ``nMK6``/``nMK`` → ``nR6``)."""
_ARITH = re.compile(r"[+-]*\d+(?:[+-]+\d+)*")
_TERM = re.compile(r"([+-]*)(\d+)")

_TABLE_HEADS: tuple[str, ...] = (
    "NAMEA", "NAMEB", "NAMEEX", "NAMEFA", r"NAME(\d*)", r"PNT(\d*)", r"MLT(\d*)", "DFT",
    "LRT", "ORT", "CRT", "ART", "FRT", "TBT", "CBT", "SBT", "VBT", "FBT", "THT", "CHT", "SHT", "VHT", "MPT",
    "T1T", "T2T", "T3T", "T4T", "T5T", "RWIT", "RUIT", "WIT", "LIT", "RIT", "SIT", "IFT", "IDT",
    "1RET", "2RET", "3RET", "4RET", "5RET", "6RET", "KDT", "KCT", "KMT", "CAT", "FWT", "CFT", "TT", "NT", "ET",
    r"KNT(\d+)", r"WORD(\d+)", "ABT", "WBT", "LBT",
)
"""BCDice's table commands in the order it tries them, each matched as a prefix (``KDTX`` rolls KDT,
``ETC`` the emotion table, ``NAME3X`` three names); a counted code keeps its count."""


@cache
def _table_prefixes() -> tuple[tuple[re.Pattern[str], str], ...]:
    """:data:`_TABLE_HEADS` compiled, the first time a command starts with a letter (not for ``2D6``)."""
    return tuple((re.compile(f"^{head}"), head.split("(")[0]) for head in _TABLE_HEADS)


_DIGIT_HEADED = tuple(c for c in TABLE_CODES if not c[:1].isalpha())  # 1RET … 6RET: prefix readings too


def bcdice_table(body: str) -> str | None:
    """The table code BCDice rolls for the command word ``body`` (upper case), or None.

    >>> bcdice_table("KDTX"), bcdice_table("NAME3X"), bcdice_table("NAMEX"), bcdice_table("T1T9"), bcdice_table("KNT")
    ('KDT', 'NAME3', 'NAME', 'T1T', None)
    """
    for head, code in _table_prefixes():
        m = head.match(body)
        if m is not None:
            count = m.group(1) if m.groups() else ""
            return code + (str(int(count)) if count else "")
    return None


def _arith(text: str) -> int:
    """BCDice's value of a check's modifier text (``+1-2``, ``+-1``); 0 when it is not a sum of numbers."""
    if not _ARITH.fullmatch(text):
        return 0
    total = 0
    for n, (signs, digits) in enumerate(_TERM.findall(text)):
        binary, unary = (signs[:1], signs[1:]) if n else ("+", signs)
        value = int(digits) * (-1) ** unary.count("-")
        total += -value if binary == "-" else value
    return total


MEMO_BUDGET = MemoBudget(16 << 20)
"""Bytes all checks' result memos may hold together (16 MiB); past it every memo starts over, so
memory stays flat however many distinct commands arrive (each memo alone holds at most 216 × 3)."""
MEMO_ENTRY_BYTES = 1200
"""Measured cost of one remembered result (tracemalloc, a 3MK check in ko/ja/en)."""


class MKCheck(Node):
    """One ``nMK`` check."""

    __slots__ = ("count", "modifier", "target", "unknown_target", "bcdice_source", "hint_target", "max_dice", "_memo",
                 "_text_memo", "__weakref__")

    MEMO_MAX_DICE = 3
    """Up to this many dice, results are remembered per dice tuple (at most 216 of them per command)."""

    def __init__(
        self, count: int, modifier: int, mod_text: str, target: int | None, unknown: bool,
        bcdice_source: str = "", hint_target: int | None = None,
    ) -> None:
        # A check's result is a pure function of its dice, and parsed commands are cached, so small
        # checks keep their results: the everyday 2MK+3>=9 becomes a dictionary look-up after warm-up.
        self._memo: dict[tuple[tuple[int, ...], str | None], tuple[Any, ...]] = {}  # a result less its node
        self._text_memo: dict[tuple[int, ...], str] = {}
        self.count = count
        self.modifier = modifier
        self.target = target
        self.unknown_target = unknown
        self.max_dice = count
        judged = "" if target is None and not unknown else ">=" + ("?" if unknown else str(target))
        self.source = f"{count}MK{mod_text}{judged}"
        # BCDice reads no target from ">=?" (its check wants digits), so its text leaves it out
        self.bcdice_source = bcdice_source or f"{count}R6{mod_text}{judged if target is not None else ''}"
        self.hint_target = hint_target
        """BCDice's drive hint for a comparison other than >= (BCDice judges nothing then, but hints)."""

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        roll = dice.roll
        if self.count == 2:  # the everyday check, without the generator machinery
            a = roll(6)
            b = roll(6)
            values: tuple[int, ...] = (a, b)
            rands: tuple[tuple[int, int], ...] = ((6, a), (6, b))
        else:
            values = tuple([roll(6) for _ in range(self.count)])
            rands = tuple([(6, v) for v in values])
        memo = self.count <= self.MEMO_MAX_DICE
        if memo and (known := self._memo.get((values, lang))) is not None:
            return RollResult._make((self, *known))
        out = best_outcome(values, self.modifier, self.target)
        # positional arguments: a keyword call costs twice as much on this hot path
        result = RollResult(
            self, "MeikyuKingdom", lang, rands, sum(out.kept) + self.modifier, out.kept,
            out.success is True, out.success is False, out.critical, out.fumble, False,
            out.drive, out.achievement, (out.converted, values), (), default_lang=MeikyuKingdomCommands.default_lang,
        )
        if memo:
            # Everything but the node: plain numbers, strings and tuples, so the memo makes no cycle
            # (node → memo → result → node) and whatever the caches drop is freed at once, without
            # waiting for the collector's full pass (benchmarks/gc_pauses.py).
            MEMO_BUDGET.charge(self, MEMO_ENTRY_BYTES)
            self._memo[(values, lang)] = result[1:]
        return result

    def forget(self) -> None:
        """Drop the remembered results (the shared :data:`MEMO_BUDGET` is full)."""
        self._memo.clear()
        self._text_memo.clear()

    def render_bcdice(self, result: RollResult) -> str:
        rolled = result.detail[1]
        known = self._text_memo.get(rolled)
        if known is None:
            known = self._bcdice_text(rolled)
            if self.count <= self.MEMO_MAX_DICE:
                MEMO_BUDGET.charge(self, 64 + sys.getsizeof(known))
                self._text_memo[rolled] = known
        return known

    def _bcdice_text(self, rolled: tuple[int, ...]) -> str:
        # BCDice reads the top two of all dice, with no conversion; its text is reproduced exactly.
        values = sorted(rolled)
        dice_now = sum(values[-2:])
        modifier = self.modifier
        total = dice_now + modifier
        if modifier or self.count >= 2:
            mod = f"+{modifier}" if modifier > 0 else (str(modifier) if modifier else "")
            text = f"({self.bcdice_source}) ＞ {dice_now}[{','.join(map(str, values))}]{mod} ＞ {total}"
        else:  # BCDice drops a middle part that would hold only digits and brackets
            text = f"({self.bcdice_source}) ＞ {total}"
        if self.target is not None:
            text += _bcdice_judgement(total, dice_now, self.target)
            text += self.drive_hint(total, values, self.target)
        elif self.hint_target is not None:
            text += self.drive_hint(total, values, self.hint_target)
        return text

    def drive_hint(self, total: int, dice: list[int], target: int) -> str:
        """BCDice's drive hint after a judged check (an edition may read it otherwise)."""
        return _bcdice_drive_hint(total, dice, target)

    def render_text(self, result: RollResult, lang: str) -> str:
        from meikyu.i18n import translate

        parts = [f"{self.source} → [{','.join(map(str, result.dice))}]"]
        if result.detail[0]:
            parts.append(translate("mk.roll.converted", lang, count=result.detail[0]))
        mod = f"{self.modifier:+d}" if self.modifier else ""
        kept = f"[{','.join(map(str, result.kept))}]{mod}"
        parts.append(translate("mk.roll.used", lang, kept=kept, achievement=result.achievement))
        judged = self.target is not None or result.critical or result.fumble
        return " · ".join(parts) + verdict_tail(result, lang, judged, self.unknown_target)

    def odds(self, system: SystemCommands) -> Odds:
        from meikyu.systems.meikyu_kingdom.check.odds import check_odds

        if self.target is None:
            raise CommandError("error.odds.no_target", command=self.source)
        return check_odds(self.count, self.modifier, self.target, command=self.source)


def _bcdice_judgement(total: int, dice_total: int, target: int) -> str:
    if dice_total <= 2:
        return " ＞ 絶対失敗"
    if dice_total >= 12:
        return " ＞ 絶対成功"
    return " ＞ 成功" if total >= target else " ＞ 失敗"


def _bcdice_drive_hint(total: int, dice: list[int] | tuple[int, ...], target: int) -> str:
    """BCDice's drive hint: with one 6, what the roll would be had the 6 been turned into drive."""
    sixes = dice.count(6)
    if sixes == 0:
        return ""
    if sixes >= 2:
        return f" ＆ 《気力》{sixes}点獲得"
    others = sorted(v for v in dice if v != 6)
    second = others[-2] if len(others) >= 2 else 0
    alt = total - 6 + second
    verdict = "成功" if alt >= target else "失敗"
    return f" (もしくは) {alt} ＞ {verdict} ＆ 《気力》1点獲得"


class MKTable(Node):
    """One of the shipped tables (``KDT``, ``CAT`` …); ``total`` is the roll value."""

    __slots__ = ("code",)
    max_dice = 2

    def __init__(self, code: str) -> None:
        self.code = code
        self.source = code

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        from meikyu.dice.source import RecordingDice
        from meikyu.systems.meikyu_kingdom.tables.catalog import get_table

        recorder = RecordingDice(dice)
        rolled = get_table(self.code).roll(recorder)
        return RollResult(self, "MeikyuKingdom", lang, tuple(recorder.rolls), rolled.value, detail=rolled, default_lang=MeikyuKingdomCommands.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        text: str = result.detail.bcdice_text()
        return text

    def render_text(self, result: RollResult, lang: str) -> str:
        rolled: Any = result.detail
        return f"{rolled.table.name[lang]}({rolled.value}) → {rolled.text(lang)}"


class MKGenerated(Node):
    """A composite table (``NAME3``, ``PNT``, ``DFT``, ``WORD2`` …): see :mod:`~meikyu.systems.meikyu_kingdom.tables.generators`."""

    __slots__ = ("code", "max_dice")

    def __init__(self, code: str) -> None:
        from meikyu.systems.meikyu_kingdom.tables.generators import dice_bound

        self.code = code
        self.source = code
        self.max_dice = dice_bound(code)

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        from meikyu.dice.source import RecordingDice
        from meikyu.systems.meikyu_kingdom.tables.generators import generate

        recorder = RecordingDice(dice)
        made = generate(self.code, recorder)
        return RollResult(self, "MeikyuKingdom", lang, tuple(recorder.rolls), made.value, detail=made, default_lang=MeikyuKingdomCommands.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        text: str = result.detail.bcdice_text()
        return text

    def render_text(self, result: RollResult, lang: str) -> str:
        text: str = result.detail.render(lang)
        return text


def _check(count: int, modifier: int, mod_text: str, target: int | None, unknown: bool, bcdice_source: str = "",
           hint: int | None = None) -> MKCheck:
    if count > MAX_CHECK_DICE:
        raise LimitError("error.limit.dice", count=count, limit=MAX_CHECK_DICE)
    return MKCheck(count, modifier, mod_text, target, unknown, bcdice_source, hint)


class MeikyuKingdomCommands(SystemCommands):
    system_id = "MeikyuKingdom"
    sorted_dice = True
    d66_sorted = True
    help_key = "mk.help.text"
    default_lang = "ko"
    def pattern_heads(self) -> list[str]:
        from meikyu.dice.pattern import numeric, words_head

        return [*super().pattern_heads(), numeric("M"), words_head(PATTERN_WORDS)]

    def make_check(self, count: int, modifier: int, mod_text: str, target: int | None, unknown: bool,
                   bcdice_source: str = "", hint: int | None = None) -> MKCheck:
        """One ``nMK`` check of this system (an edition's own class reads its drive hint otherwise)."""
        return _check(count, modifier, mod_text, target, unknown, bcdice_source, hint)

    def parse_check(self, body: str) -> MKCheck | None:
        """An ``nMK`` check, read as BCDice reads it, or None."""
        if "(" in body:
            body = fold_parentheses(body)  # as BCDice does first: 2MK+(1+1)>=9 is 2MK+2>=9
        b = _BCDICE_CHECK.match(re.sub(r"(\d+)MK6?", r"\1R6", body))
        m = _CHECK.match(body)
        if m is not None and b is not None:
            count = int(m.group(1))
            mod_text = m.group(2)
            modifier = sum(int(x) for x in _MOD.findall(mod_text))
            raw_target = m.group(4)
            unknown = raw_target == "?"
            target = None if raw_target is None or unknown else int(raw_target)
            return self.make_check(count, modifier, mod_text, target, unknown, b.group(0))  # echoed as typed: 01R6, =>
        if b is not None:  # BCDice's prefix reading: what follows the check is ignored
            count, mod_text, op, raw = int(b.group(1)), b.group(2), b.group(3) or "", b.group(4)
            judged = ">=" in op or "=>" in op
            target = int(raw) if raw is not None and judged else None
            hint = int(raw) if raw is not None and not judged else None
            return self.make_check(count, _arith(mod_text), mod_text, target, False, b.group(0), hint)
        return None

    def parse(self, body: str) -> Node | None:
        check = self.parse_check(body)
        if check is not None:
            return check
        if body in TABLE_CODES:
            return MKTable(body)
        if not body[:1].isalpha() and not body.startswith(_DIGIT_HEADED):
            return None  # composite tables' names start with a letter (2D6 needs none of them); nRET a digit
        from meikyu.systems.meikyu_kingdom.tables.generators import recognizes

        if recognizes(body):
            return MKGenerated(body)
        code = bcdice_table(body)
        numbered = re.fullmatch(r"(KNT|WORD)\d+", code or "")
        if numbered and not recognizes(numbered.group(0)):
            # BCDice prints an empty line for a numbered table it does not have (KNT4, WORD5): say which exist
            known = ", ".join(f"{numbered.group(1)}{n}" for n in range(1, 4 if numbered.group(1) == "KNT" else 5))
            raise CommandError("mk.error.codes.no_numbered_table", command=body, codes=known)
        if code is None or code == body:
            return None
        return self.parse(code)

    def judge_sum(self, result: SumOutcome, op: str, target: int) -> SumJudgement | None:
        # A plain d6 sum judged with >= reads like a check: the dice alone decide critical and fumble.
        if op != ">=" or result.all_sides != 6:
            return None
        if result.dice_total <= 2:
            return SumJudgement(False, fumble=True)
        if result.dice_total >= 12:
            return SumJudgement(True, critical=True, drive=2)
        return SumJudgement(result.total >= target)

    def sum_bcdice_suffix(self, result: SumOutcome, op: str, target: int) -> str:
        if op != ">=" or result.all_sides != 6:
            return ""
        return _bcdice_drive_hint(result.total, result.dice, target)


COMMANDS = MeikyuKingdomCommands()
