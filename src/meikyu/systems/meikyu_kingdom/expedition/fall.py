"""Falling outside battle (R-MK-33): the GM rules that a land maker falls — down a pit, off a ledge —
and the faller rolls search vs 9; then 3D6 damage whatever the height, halved (rounded down) on a
success. It is damage, so the armor carried reduces it (R-MK-30), and HP ≤ 0 incapacitates (R-MK-31).
"""

from __future__ import annotations

from dataclasses import dataclass

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.check.called import Call
from meikyu.systems.meikyu_kingdom.check.state import CheckState
from meikyu.systems.meikyu_kingdom.expedition.effects import call_check, lab_error, lab_of, lose_hp
from meikyu.systems.meikyu_kingdom.session_state import SessionState

FALL = "fall"
FALL_DIFFICULTY = 9


@dataclass(frozen=True)
class FallOutside(Action):
    """The GM's ruling: ``actor`` falls (R-MK-33); the search check to halve the damage waits for them."""

    actor: str


def fall(state: SessionState, act: FallOutside) -> SessionState:
    """Call the faller's search check (vs 9); the damage follows it (:func:`after_fall`)."""
    _, ex = lab_of(state)
    if state.called is not None or state.battle is not None:
        raise lab_error("busy", stage=ex.stage)
    state.character(act.actor)
    if act.actor in state.conditions:
        raise lab_error("cannot_act", "R-MK-31", actor=act.actor, condition=state.conditions[act.actor])
    return call_check(state, Call(act.actor, "search", FALL_DIFFICULTY, FALL, subject=act.actor))


def after_fall(state: SessionState, call: Call, done: CheckState, dice: Dice, events: list[Event]) -> SessionState:
    """3D6 damage, halved when the search check succeeded, less the armor carried."""
    amount = dice.roll(6) + dice.roll(6) + dice.roll(6)
    if done.success:
        amount //= 2
    return lose_hp(state, call.actor, amount, FALL, events, dice, armor=True)
