"""meikyu: a rules engine for six-sided-dice tabletop RPGs.

The front door is :func:`roll` and :func:`odds`; both import their machinery on first use so that
``import meikyu`` stays cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from meikyu.dice.odds import Odds
    from meikyu.dice.result import RollResult

__all__ = ["odds", "roll", "__version__"]


def roll(
    command: str,
    system: str = "MeikyuKingdom",
    dice: Any = None,
    seed: int | None = None,
    lang: str | None = None,
) -> RollResult:
    """Roll a BCDice-style command in a game system and return the structured result.

    ``dice`` is a list of values to use instead of random ones (dice rolled at a real table).

    >>> r = roll("3MK+2>=9", dice=[6, 3, 1])
    >>> r.kept, r.achievement, r.success, r.drive
    ((3, 6), 11, True, 0)
    >>> print(r.render("bcdice"))
    (3R6+2>=9) ＞ 9[1,3,6]+2 ＞ 11 ＞ 成功 (もしくは) 6 ＞ 失敗 ＆ 《気力》1点獲得
    """
    from meikyu.dice.api import roll as _roll

    return _roll(command, system=system, dice=dice, seed=seed, lang=lang)


def odds(command: str, system: str = "MeikyuKingdom") -> Odds:
    """Exact probabilities of a check command, as fractions.

    >>> o = odds("2MK>=7")
    >>> o.success, o.critical, o.fumble
    (Fraction(7, 12), Fraction(1, 36), Fraction(1, 36))
    """
    from meikyu.dice.api import odds as _odds

    return _odds(command, system=system)
