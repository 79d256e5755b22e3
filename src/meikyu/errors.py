"""The error hierarchy.

Every error carries a message *key* and its parameters instead of a finished sentence, so the same
error can be shown in Korean, Japanese or English. ``str(error)`` gives the English text;
``error.message(lang)`` gives any other.

>>> err = CommandError("error.command.unknown", command="3XY")
>>> str(err)
'unknown command: 3XY. Try a dice roll such as 2D6+1>=8 or 3MK+2>=9, or type help.'
>>> err.message("ko")
'알 수 없는 명령: 3XY. 2D6+1>=8, 3MK+2>=9 같은 주사위 명령을 쓰거나 help를 입력하세요.'
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from meikyu.i18n import translate


@runtime_checkable
class Named(Protocol):
    """A thing an error names (a facility, a card) that has a name in each language: an error's parameter
    of this kind is said by ``label(lang)`` in the language the error is said in."""

    def label(self, lang: str) -> str: ...


class MeikyuError(Exception):
    """Base of every error meikyu raises on purpose."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str | None = None, /) -> str:
        """The error as a sentence in ``lang`` (``ko``, ``ja`` or ``en``; default English)."""
        lang = lang or "en"
        # an error given as the reason of another (a sheet rule a GM ruling broke) is said in the same language,
        # and so is a named thing
        params = {k: v.message(lang) if isinstance(v, MeikyuError) else v.label(lang) if isinstance(v, Named) else v
                  for k, v in self.params.items()}
        return translate(self.key, lang, **params)

    def __str__(self) -> str:
        return self.message("en")


class InputError(MeikyuError, ValueError):
    """The caller's input is at fault (a bad command, a bad sheet, an illegal action)."""


class CommandError(InputError):
    """A dice command could not be parsed or evaluated.

    ``bcdice`` is the text BCDice answers for the same command where it answers a message instead
    of refusing (``2R6`` → ``2R6 ＞ 条件が間違っています。…``); the bcdice-api face sends that text.
    """

    def __init__(self, key: str, *, bcdice: str | None = None, **params: Any) -> None:
        super().__init__(key, **params)
        self.bcdice = bcdice
        self.secret = False
        """Set when the refused command was a secret one (``S2R6``): its answer must stay secret too."""
        self.verdict = (False, False, False, False)
        """The success, failure, critical and fumble flags BCDice sets on its message (``2D0>=3`` fails)."""


class LimitError(CommandError):
    """A command asks for more than the hard limits allow (dice, sides, repeats, length, nesting)."""


class DiceError(InputError):
    """Dice supplied from outside do not fit what the rules asked for."""


class DiceExhausted(DiceError):
    """Scripted dice ran out before the resolution finished."""


class UnknownSystem(InputError):
    """No game system goes by that name."""


class RuleError(InputError):
    """An action the rules do not allow now; ``rule`` names the rule id (e.g. ``R-MK-27``)."""

    def __init__(self, rule: str, key: str, **params: Any) -> None:
        super().__init__(key, rule=rule, **params)
        self.rule = rule


class DataError(InputError):
    """A data file (table, sheet, book, cards) is malformed; names the file, entry and field."""
