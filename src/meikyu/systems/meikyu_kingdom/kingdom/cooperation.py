"""Cooperation (R-MK-12) tying the cycle machine to the action check.

Cooperation is a support action: the helper must be ready and becomes acted (R-MK-08). The helper
may not pick a target toward whom their enmity exceeds their favor. Once the GM accepts the help,
the target's next check of that action gets +[helper's favor toward the target]; the same helper's
help on the same target does not stack. :func:`cooperate` checks eligibility against the sheets and
runs the cycle machine; :func:`with_help` hands the waiting helpers to a check declaration and uses
the cooperation up.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
>>> from meikyu.systems.meikyu_kingdom.check.auto import resolve
>>> from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> cycle = CycleState(tuple(c.id for c in s.characters))
>>> cycle, _ = cooperate(cycle, s.characters, "doyun", "haneul", "negotiate")
>>> sorted(cycle.acted), cycle.helpers_for("haneul", "negotiate")
(['doyun'], ('doyun',))
>>> cycle, decl = with_help(cycle, DeclareCheck("haneul", "charm", 9), "negotiate")
>>> decl.helpers, cycle.cooperation
(('doyun',), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from meikyu.dice.source import ScriptedDice
from meikyu.engine import Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.check import DeclareCheck
from meikyu.systems.meikyu_kingdom.kingdom.cycle import (
    Cooperate,
    CycleRules,
    CycleState,
    Resolve,
    UseCooperation,
)
from meikyu.systems.meikyu_kingdom.sheets.character import Character


def check_eligible(court: Sequence[Character], helper: str, target: str) -> None:
    """Refuse a helper whose enmity toward ``target`` exceeds their favor (R-MK-12)."""
    found = {c.id: c for c in court}
    if helper not in found or target not in found:
        missing = helper if helper not in found else target
        raise RuleError("R-MK-12", "mk.error.unknown_character", id=missing, known=", ".join(found))
    char = found[helper]
    if char.enmity_toward(target) > char.favor_toward(target):
        raise RuleError(
            "R-MK-12",
            "mk.error.check.cooperation_enmity",
            helper=helper,
            target=target,
            enmity=char.enmity_toward(target),
            favor=char.favor_toward(target),
        )


def cooperate(
    cycle: CycleState,
    court: Sequence[Character],
    helper: str,
    target: str,
    action: str,
    *,
    accepted: bool = True,
) -> tuple[CycleState, tuple[Event, ...]]:
    """Declare and resolve ``helper``'s cooperation on ``target``'s ``action``: helper acted (R-MK-12).

    Nothing changes when it is refused by the rules (not ready, ineligible, an action still open).
    """
    check_eligible(court, helper, target)
    rules = CycleRules()
    dice = ScriptedDice([])
    declared, first = rules.step(cycle, Cooperate(helper, target, action, accepted), dice)
    resolved, second = rules.step(declared, Resolve(), dice)
    return resolved, (*first, *second)


def with_help(cycle: CycleState, declaration: DeclareCheck, action: str) -> tuple[CycleState, DeclareCheck]:
    """Add the helpers waiting for ``declaration.actor``'s ``action`` and use their cooperation up."""
    helpers = cycle.helpers_for(declaration.actor, action)
    used, _ = CycleRules().step(cycle, UseCooperation(declaration.actor, action), ScriptedDice([]))
    merged = tuple(dict.fromkeys((*declaration.helpers, *helpers)))
    return used, replace(declaration, helpers=merged)
