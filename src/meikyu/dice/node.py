"""What every parsed command is (:class:`Node`) and how a game system hooks into the language.

A node knows how to evaluate itself against a :class:`~meikyu.dice.source.Dice` and how to render
its result as BCDice prints it or as native text. :class:`SystemCommands` is a game system's set of
hooks; the base class is BCDice's plain roller, ``DiceBot``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from meikyu.dice.result import Odds, RollResult
from meikyu.errors import CommandError

if TYPE_CHECKING:
    from meikyu.dice.source import Dice


class Node:
    """A parsed command. Subclasses evaluate themselves and render their results."""

    __slots__ = ("source",)

    source: str
    max_dice: int = 0
    """Dice the command draws at most, when that is known before rolling (rerolls count while rolling)."""

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
    """Show added dice ascending in BCDice text (BCDice's ``sort_add_dice``)."""
    sorted_barabara = False
    """Show barabara / reroll / upper / tally dice ascending (BCDice's ``sort_barabara_dice``)."""
    d66_sorted = False
    """D66 reads the lower die as tens (True) or the first die as tens (False, BCDice's default)."""
    help_key = "help.dice"
    default_lang = "ja"
    """The language results render in when none is asked and ``$MEIKYU_LANG`` is unset (the registry's
    ``SystemInfo.default_lang`` of the same system; a test keeps the two equal)."""
    rounding = ""
    """How ``/`` without a letter rounds: ``""`` down, ``"U"`` up (BCDice's ``round_type``)."""
    _pattern: str | None = None

    def pattern_heads(self) -> list[str]:
        """Portable regex fragments, one per kind of command this system accepts (see :mod:`.pattern`)."""
        from meikyu.dice.pattern import COMMON

        return list(COMMON)

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


def verdict_tail(result: RollResult, lang: str, judged: bool, unknown_target: bool) -> str:
    """The end of a native result line: the verdict (or "the GM judges") and any drive gained."""
    from meikyu.i18n import translate

    tail = ""
    if judged:
        tail = " ▶ " + verdict(result, lang)
    elif unknown_target:
        tail = " ▶ " + translate("roll.gm_judges", lang)
    if result.drive:
        tail += " · " + translate("roll.drive", lang, drive=result.drive)
    return tail


def verdict(result: RollResult, lang: str) -> str:
    """Critical, fumble, success or failure in ``lang``."""
    from meikyu.i18n import translate

    if result.critical:
        return translate("word.critical", lang)
    if result.fumble:
        return translate("word.fumble", lang)
    return translate("word.success" if result.success else "word.failure", lang)


class Notice(Node):
    """A refused command answered the way BCDice answers it: with its message and no dice.

    Only the bcdice-api face uses it (``meikyu.roll(..., bcdice_messages=True)``); everywhere else the
    error itself is raised.
    """

    __slots__ = ("error",)

    def __init__(self, error: CommandError) -> None:
        self.error = error
        self.source = str(error.params.get("command", ""))

    def evaluate(self, dice: Dice, system: SystemCommands, lang: str | None) -> RollResult:
        success, failure, critical, fumble = self.error.verdict
        return RollResult(self, system.system_id, lang, (), success=success, failure=failure, critical=critical,
                          fumble=fumble, default_lang=system.default_lang)

    def render_bcdice(self, result: RollResult) -> str:
        return self.error.bcdice or ""

    def render_text(self, result: RollResult, lang: str) -> str:
        return self.error.message(lang)
