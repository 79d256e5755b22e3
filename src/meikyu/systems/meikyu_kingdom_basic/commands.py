"""MeikyuKingdomBasic (迷宮キングダム 基本ルールブック): BCDice's dice face of the Basic Rulebook.

Groups that play the Basic Rulebook set their bots to BCDice's ``MeikyuKingdomBasic``; this is that face:
the ``nMK`` check as BCDice's Basic prints it (every 6 among the dice gains one 《気力》, with no
"(もしくは)" reading), its table commands (:mod:`.tables`), its command pattern and help, and its
rounding (a ``/`` without a letter rounds up). The flags and the native text of a check come from the
same rules engine as Meikyuu Kingdom's (the seeds' edition): only the dice face differs.

>>> print(COMMANDS.parse("3MK+2>=9").render_bcdice(COMMANDS.parse("3MK+2>=9").evaluate(ScriptedDice([6, 3, 1]), COMMANDS, "ja")))
(3R6+2>=9) ＞ 9[1,3,6]+2 ＞ 11 ＞ 成功 ＆ 《気力》1点獲得
"""

from __future__ import annotations

from typing import Any

from meikyu.dice.node import Node, SumOutcome
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice, ScriptedDice  # noqa: F401 -- ScriptedDice: the doctest's
from meikyu.errors import CommandError, LimitError
from meikyu.systems.meikyu_kingdom.commands import MAX_CHECK_DICE, MeikyuKingdomCommands, MKCheck
from meikyu.systems.meikyu_kingdom_basic.reading import PREFIXES, read
from meikyu.systems.meikyu_kingdom_basic.tables import roll


def basic_drive_hint(dice: list[int] | tuple[int, ...]) -> str:
    """BCDice's Basic hint after a judged check: every 6 among the dice gains one 《気力》.

    >>> basic_drive_hint([1, 3, 6]), basic_drive_hint([6, 6, 2]), basic_drive_hint([2, 5])
    (' ＆ 《気力》1点獲得', ' ＆ 《気力》2点獲得', '')
    """
    sixes = list(dice).count(6)
    return f" ＆ 《気力》{sixes}点獲得" if sixes else ""


class BasicCheck(MKCheck):
    """An ``nMK`` check printed as BCDice's Basic prints it."""

    __slots__ = ()

    def drive_hint(self, total: int, dice: list[int], target: int) -> str:
        return basic_drive_hint(dice)


class _Drawn(Node):
    """A Basic command whose result's ``detail`` prints itself (a table's roll, a composite's parts)."""

    __slots__ = ()

    def render_bcdice(self, result: RollResult) -> str:
        text: str = result.detail.bcdice_text()
        return text

    def render_text(self, result: RollResult, lang: str) -> str:
        text: str = result.detail.render(lang)
        return text


class BasicTable(_Drawn):
    """One of Basic's table commands (``KDT``, ``BUS``, ``CIR``, ``EXIT+2`` …)."""

    __slots__ = ("code", "modifier")
    max_dice = 3

    def __init__(self, source: str, code: str, modifier: int) -> None:
        self.source, self.code, self.modifier = source, code, modifier

    def evaluate(self, dice: Dice, system: Any, lang: str | None) -> RollResult:
        from meikyu.dice.source import RecordingDice

        recorder = RecordingDice(dice)
        rolled = roll(self.code, recorder, self.modifier)
        last = rolled.drawn.then or rolled.drawn
        return RollResult(self, "MeikyuKingdomBasic", lang, tuple(recorder.rolls), last.value, detail=rolled)


class BasicMade(_Drawn):
    """One of Basic's composite commands (``NNAME2``, ``DEMT3``, ``CMNT``, ``NAME3`` …): see :mod:`.generators`."""

    __slots__ = ("code", "count", "max_dice")

    def __init__(self, source: str, code: str, count: int) -> None:
        from meikyu.systems.meikyu_kingdom_basic.generators import dice_bound

        self.source, self.code, self.count = source, code, count
        self.max_dice = dice_bound(code, count)

    def evaluate(self, dice: Dice, system: Any, lang: str | None) -> RollResult:
        from meikyu.dice.source import RecordingDice
        from meikyu.systems.meikyu_kingdom_basic.generators import generate

        recorder = RecordingDice(dice)
        made = generate(self.code, self.count, recorder)
        return RollResult(self, "MeikyuKingdomBasic", lang, tuple(recorder.rolls), self.count, detail=made)


class MeikyuKingdomBasicCommands(MeikyuKingdomCommands):
    system_id = "MeikyuKingdomBasic"
    help_key = "mkb.help.text"
    rounding = "U"
    """BCDice's Basic rounds a division without a letter up (its ``round_type`` is ceil)."""

    def pattern_heads(self) -> list[str]:
        from meikyu.dice.node import SystemCommands
        from meikyu.dice.pattern import numeric, words_head

        return [*SystemCommands.pattern_heads(self), numeric("M"), words_head(PREFIXES)]

    def make_check(self, count: int, modifier: int, mod_text: str, target: int | None, unknown: bool,
                   bcdice_source: str = "", hint: int | None = None) -> MKCheck:
        if count > MAX_CHECK_DICE:
            raise LimitError("error.limit.dice", count=count, limit=MAX_CHECK_DICE)
        return BasicCheck(count, modifier, mod_text, target, unknown, bcdice_source, hint)

    def parse(self, body: str) -> Node | None:
        reading = read(body)
        if reading is not None and reading.kind == "table":
            return BasicTable(body, reading.code, reading.arg)
        check = self.parse_check(body)
        if check is not None:
            return check
        if reading is None:
            return None
        if reading.kind == "gen":
            return BasicMade(body, reading.code, reading.arg)
        if reading.kind == "raises":
            # BCDice reads this prefix with a method it lacks and fails (bcdice-api: 500): say what exists
            raise CommandError("mkb.error.no_reading", command=body[:40], code=reading.code)
        from meikyu.systems.meikyu_kingdom.commands import COMMANDS as MK

        return MK.parse(body)  # Meikyuu Kingdom's reading, which BCDice's Basic inherits (KDTX, NAMEA, PNT2)

    def sum_bcdice_suffix(self, result: SumOutcome, op: str, target: int) -> str:
        if op != ">=" or result.all_sides != 6:
            return ""
        return basic_drive_hint(result.dice)


COMMANDS = MeikyuKingdomBasicCommands()
