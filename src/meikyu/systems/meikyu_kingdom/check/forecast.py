"""Exact odds of a declared check, before rolling, under the automatic policy (issue item 9).

The declaration is validated exactly as :class:`.check.CheckRules` would (stat, hope sources,
cooperation), then every multiset of the 2 + k dice is read with the policy's 6→hope choice and the
best two dice. With ``minion_help=True`` the policy's minion help (R-MK-19) is counted too: a check
that fails by at most ``policy.minion_gap`` gets +1 per help, each help costing 1D6 minions, and help
goes on while a minion is left (once only when the option ``minion_help_repeatable`` is off). The
chance that d helps are possible is the chance that the first d − 1 minion dice sum to less than
the minions the roller has, exact as a fraction.

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
>>> s = sample()
>>> o = declared_odds(CheckState(s.kingdom, s.characters), DeclareCheck("haneul", "charm", 9))
>>> o.success, o.critical, o.fumble
(Fraction(13, 18), Fraction(1, 36), Fraction(1, 36))
>>> from dataclasses import replace
>>> court = tuple(replace(c, minions=3) if c.id == "haneul" else c for c in s.characters)
>>> declared_odds(CheckState(s.kingdom, court), DeclareCheck("haneul", "charm", 9), minion_help=True).success
Fraction(31, 36)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from meikyu.dice.result import Odds
from meikyu.dice.source import ScriptedDice
from meikyu.systems.meikyu_kingdom.check import rolls
from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy, auto_conversion
from meikyu.systems.meikyu_kingdom.check.check import CheckRules, CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.check.odds import classes


@cache
def _sum_at_most(dice: int, limit: int) -> Fraction:
    """P(the sum of ``dice`` d6 is ≤ ``limit``), exact (dice = 0 sums to 0)."""
    ways = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, count in ways.items():
            for face in range(1, 7):
                nxt[total + face] = nxt.get(total + face, 0) + count
        ways = nxt
    return Fraction(sum(c for t, c in ways.items() if t <= limit), 6**dice)


def helps_possible(needed: int, minions: int, repeatable: bool = True) -> Fraction:
    """Chance that ``needed`` minion helps can all be taken with ``minions`` to start (R-MK-19).

    Each help needs at least one minion left and costs 1D6 of them (fewer if fewer remain).

    >>> helps_possible(1, 1), helps_possible(2, 1), helps_possible(2, 3), helps_possible(2, 9, repeatable=False)
    (Fraction(1, 1), Fraction(0, 1), Fraction(1, 3), Fraction(0, 1))
    """
    if needed <= 0:
        return Fraction(1)
    if minions <= 0 or (needed > 1 and not repeatable):
        return Fraction(0)
    return _sum_at_most(needed - 1, minions - 1)


def declared_odds(
    state: CheckState, declaration: DeclareCheck, *, minion_help: bool = False, policy: AutoPolicy | None = None
) -> Odds:
    """Success / critical / fumble chances and expected hope gained (drive, or voice when national).

    ``minion_help`` counts the automatic policy's minion help (R-MK-19); ``policy`` sets its gap.
    """
    gap = (policy or AutoPolicy()).minion_gap
    count = 2 + len(declaration.hope)
    # Declaring with placeholder dice runs every validation and yields the total modifier.
    declared, _ = CheckRules().step(state, declaration, ScriptedDice([1] * count))
    actor = declared.actor() if declared.has_actor() else None
    curse = actor is not None and actor.has("curse")
    no_drive = actor is not None and actor.has("distraction") and not declared.national
    room = 0 if actor is None else actor.capacity - actor.drive
    target = declaration.difficulty
    policy_target = None if declaration.hidden else target
    minions = 0 if actor is None else actor.minions
    helping = minion_help and minions > 0 and target is not None and not declaration.hidden
    repeatable = state.options.minion_help_repeatable
    success = critical = fumble = hope = 0
    helped = Fraction(0)
    for values, sixes, ways in classes(count):  # only the 6s and the best two others matter
        combo = values + (6,) * sixes
        convert = 0
        if not no_drive:
            convert = auto_conversion(
                combo, declared.bonus, policy_target, curse=curse, national=declared.national, room=room
            )
        out = rolls.evaluate(combo, declared.bonus, target, convert, curse=curse, no_drive=no_drive)
        if out.success:
            success += ways
        elif helping and not out.fumble and target is not None and target - out.achievement <= gap:
            helped += ways * helps_possible(target - out.achievement, minions, repeatable)
        if out.critical:
            critical += ways
        if out.fumble:
            fumble += ways
        gained = out.drive if declared.national else min(room, out.drive)
        hope += ways * gained
    total = 6**count
    name = f"{count}MK{declared.bonus:+d}>={'?' if target is None else target}"
    if helping:
        name += f" (+minions {minions})"
    return Odds(name, (success + helped) / total, Fraction(critical, total), Fraction(fumble, total), Fraction(hope, total))
