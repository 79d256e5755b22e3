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

import re
from typing import Any

from meikyu.dice.node import Node, SumOutcome
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice, ScriptedDice  # noqa: F401 -- ScriptedDice: the doctest's
from meikyu.errors import CommandError, LimitError
from meikyu.systems.meikyu_kingdom.commands import MAX_CHECK_DICE, MeikyuKingdomCommands, MKCheck
from meikyu.systems.meikyu_kingdom_basic.tables import is_written, roll, table_code, unwritten

PREFIXES = (
    "IG", "TT", "NT", "RMS", "CFT", "FWT", "CAT", "KDT", "KCT", "TBT", "CBT", "SBT", "VBT", "FBT", "EBT", "WBT",
    "LBT", "THT", "CHT", "SHT", "VHT", "BDT", "TBO", "CBO", "SBO", "VBO", "ET", "FET", "HET", "SDT", "IEQ", "FRT",
    "T1T", "T2T", "T3T", "T4T", "T5T", "MPT", "KNT", "WORD", "NAME", "NNAME", "NM", "RT", "CIR", "RUIR", "RWIR",
    "WIT", "LIT", "RIT", "SIT", "NRWT", "NRUT", "ARWT", "ARUT", "KET", "TET", "NST", "RET", "FAT", "HRT", "BLT",
    "BUS", "SHS", "ASS", "SUS", "SCS", "LAS", "NES", "COS", "ENS", "TOS", "ABUS", "ASHS", "AASS", "ASUS", "ASCS",
    "ALAS", "ANES", "ACOS", "AENS", "ATOS", "SE", "ARN", "WEN", "NEN", "CEN", "SEN", "OEN", "DFT", "PNT", "MLT",
    "FDBT", "GIFT", "NWST", "EKCT", "KDHT", "KDTT", "CHVT", "RITT", "LIMT", "UNCT", "POET", "KSET", "DODT", "INT1",
    "INT2", "GUCT", "DEMT", "WLDT", "INHT", "NIGT", "RACT", "RNCT", "HBLT", "POWT", "NSET", "ECBT", "CUAT", "CUMT",
    "CUNT", "WEAT", "PAET", "MEDT", "REAT", "HIST", "PRET", "LAPT", "ORIT", "ATRT", "FAMT", "FCNT", "ASNT", "TRMT",
    "BEHT", "DEST", "NAMT", "TTLT", "CMNT", "FPNT", "CSRT", "KSGT", "DRET", "DSET", "DNNT", "DNAT", "HRET", "HSET",
    "HNNT", "HNAT", "MRET", "MSET", "MNNT", "MNAT", "EXIT", "TRET", "TSET", "TNNT", "TNAT", "CABT", "AJTA", "AJTB",
    "FOBT", "KAET", "KART", "TEET", "TERT", "HKRT", "EQDT", "GART", "FUET", "RBLT", "TKET", "GPHT", "TKNT1", "TKNT2",
    "TKNT3", "GES", "ORT",
)
"""The command words BCDice registers for MeikyuKingdomBasic (besides ``nMK`` and ``nR6``), in its order."""
_PREFIX = re.compile("^(?:" + "|".join(PREFIXES) + ")")
_SAME_AS_MK = re.compile(r"NAMEA|NAMEB|NAMEFA|MPT|PNT\d*|MLT\d*")
"""Commands BCDice's Basic answers exactly as its MeikyuKingdom does (same dice, same lines): Meikyuu
Kingdom's own tables serve them."""


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


class BasicTable(Node):
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

    def render_bcdice(self, result: RollResult) -> str:
        text: str = result.detail.bcdice_text()
        return text

    def render_text(self, result: RollResult, lang: str) -> str:
        text: str = result.detail.render(lang)
        return text


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
        found = table_code(body)
        if found is not None:
            code, modifier = found
            if not is_written(code):
                raise unwritten(code)
            return BasicTable(body, code, modifier)
        check = self.parse_check(body)
        if check is not None:
            return check
        if _SAME_AS_MK.fullmatch(body):
            from meikyu.systems.meikyu_kingdom.commands import COMMANDS as MK

            return MK.parse(body)
        if _PREFIX.match(body):
            # BCDice answers these with composite generators or, for a code with something after it (KDTX),
            # with the older Meikyuu Kingdom tables; meikyu says so instead of guessing
            raise CommandError("mkb.error.unsupported", command=body[:40])
        return None

    def sum_bcdice_suffix(self, result: SumOutcome, op: str, target: int) -> str:
        if op != ">=" or result.all_sides != 6:
            return ""
        return basic_drive_hint(result.dice)


COMMANDS = MeikyuKingdomBasicCommands()
