"""Exact odds of a Meikyuu Kingdom check under the automatic 6→drive policy.

>>> o = check_odds(2, 0, 7)
>>> o.success, o.critical, o.fumble
(Fraction(7, 12), Fraction(1, 36), Fraction(1, 36))
"""

from __future__ import annotations

from fractions import Fraction

from meikyu.dice.odds import Odds, multisets
from meikyu.errors import LimitError
from meikyu.systems.meikyu_kingdom.rolls import best_outcome

MAX_ODDS_DICE = 30
"""Beyond this many dice the multiset enumeration would take seconds; refuse instead."""


def check_odds(
    count: int, modifier: int, target: int, *, command: str = "", curse: bool = False, no_drive: bool = False
) -> Odds:
    """Success, critical and fumble chances and expected drive of ``count`` dice + ``modifier`` vs ``target``."""
    if count > MAX_ODDS_DICE:
        raise LimitError("error.limit.odds_dice", count=count, limit=MAX_ODDS_DICE)
    success = critical = fumble = drive = 0
    for combo, ways in multisets(count, 6):
        out = best_outcome(combo, modifier, target, curse=curse, no_drive=no_drive)
        if out.success:
            success += ways
        if out.critical:
            critical += ways
        if out.fumble:
            fumble += ways
        drive += ways * out.drive
    total = 6**count
    name = command or f"{count}MK{modifier:+d}>={target}".replace("+0", "")
    return Odds(name, Fraction(success, total), Fraction(critical, total), Fraction(fumble, total), Fraction(drive, total))
