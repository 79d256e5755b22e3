"""Exact odds of a declared check, before rolling, under the automatic policy (issue item 9).

The declaration is validated exactly as :class:`.check.CheckRules` would (stat, hope sources,
cooperation), then every multiset of the 2 + k dice is read with the policy's 6→hope choice and the
best two dice. Minion help (R-MK-19) is not counted: it depends on the roll of its own 1D6 and on
how many minions a player is willing to spend.

>>> from meikyu.systems.meikyu_kingdom.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.check import CheckState, DeclareCheck
>>> s = sample()
>>> o = declared_odds(CheckState(s.kingdom, s.characters), DeclareCheck("haneul", "charm", 9))
>>> o.success, o.critical, o.fumble
(Fraction(13, 18), Fraction(1, 36), Fraction(1, 36))
"""

from __future__ import annotations

from fractions import Fraction

from meikyu.dice.odds import Odds, multisets
from meikyu.dice.source import ScriptedDice
from meikyu.systems.meikyu_kingdom import rolls
from meikyu.systems.meikyu_kingdom.check import CheckRules, CheckState, DeclareCheck, auto_conversion


def declared_odds(state: CheckState, declaration: DeclareCheck) -> Odds:
    """Success / critical / fumble chances and expected hope gained (drive, or voice when national)."""
    count = 2 + len(declaration.hope)
    # Declaring with placeholder dice runs every validation and yields the total modifier.
    declared, _ = CheckRules().step(state, declaration, ScriptedDice([1] * count))
    actor = declared.actor() if declared.has_actor() else None
    curse = actor is not None and actor.has("curse")
    no_drive = actor is not None and actor.has("distraction") and not declared.national
    room = 0 if actor is None else actor.capacity - actor.drive
    target = declaration.difficulty
    policy_target = None if declaration.hidden else target
    success = critical = fumble = hope = 0
    for combo, ways in multisets(count, 6):
        convert = 0
        if not no_drive:
            convert = auto_conversion(
                combo, declared.bonus, policy_target, curse=curse, national=declared.national, room=room
            )
        out = rolls.evaluate(combo, declared.bonus, target, convert, curse=curse, no_drive=no_drive)
        if out.success:
            success += ways
        if out.critical:
            critical += ways
        if out.fumble:
            fumble += ways
        gained = out.drive if declared.national else min(room, out.drive)
        hope += ways * gained
    total = 6**count
    name = f"{count}MK{declared.bonus:+d}>={'?' if target is None else target}"
    return Odds(name, Fraction(success, total), Fraction(critical, total), Fraction(fumble, total), Fraction(hope, total))
