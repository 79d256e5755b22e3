"""Checks answered without a player: :class:`AutoPolicy` (simulations, one-shot commands) and
:func:`resolve`, which declares a check and lets a policy answer its prompts (:mod:`.check`).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> state = CheckState(s.kingdom, s.characters)
>>> result, events = resolve(state, DeclareCheck("haneul", "charm", difficulty=9, hope=("drive",)),
...                          ScriptedDice([6, 4, 3]), AutoPolicy())
>>> result.dice, result.converted, result.kept, result.achievement, result.success
((6, 4, 3), 1, (3, 4), 10, True)
>>> result.actor().drive   # 1 drive spent on the hope die, 1 regained from the 6
1
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, Policy
from meikyu.systems.meikyu_kingdom.check import rolls
from meikyu.systems.meikyu_kingdom.check.check import (
    CheckRules,
    CheckState,
    ConvertSixes,
    DeclareCheck,
    FinishCheck,
    MinionHelp,
)


@dataclass
class AutoPolicy:
    """Answers check prompts automatically.

    6s: :func:`auto_conversion` (succeed if any choice succeeds, then avoid a fumble, then most hope,
    then highest achievement; with a hidden difficulty nothing is converted), among the readings offered. Minions:
    help while the check fails by at most ``minion_gap`` (never with a hidden difficulty).
    """

    minion_gap: int = 2

    def choose(self, state: CheckState, legal: Sequence[Action]) -> Action:
        if state.stage == "convert":
            pick = ConvertSixes(self._best_conversion(state))
            return pick if pick in legal else legal[0]
        if state.stage == "keep":  # games created before session 5: the best pair
            return legal[0]
        if state.stage == "minions":
            decl = state.declaration
            if (
                decl is not None
                and decl.difficulty is not None
                and not decl.hidden
                and not state.success
                and decl.difficulty - state.achievement <= self.minion_gap
            ):
                return MinionHelp()
            return FinishCheck()
        return legal[0]

    @staticmethod
    def _best_conversion(state: CheckState) -> int:
        decl = state.declaration
        assert decl is not None
        actor = state.actor() if state.has_actor() else None
        room = 0 if actor is None else actor.capacity - actor.drive
        return auto_conversion(
            state.dice,
            state.bonus,
            None if decl.hidden else decl.difficulty,
            curse=actor is not None and actor.has("curse"),
            national=state.national,
            room=room,
        )


def auto_conversion(
    dice: Sequence[int], bonus: int, target: int | None, *, curse: bool, national: bool, room: int
) -> int:
    """How many 6s the automatic policy turns into hope (R-MK-14): :func:`.rolls.automatic` among the
    readings (``room`` = capacity left; voice has no cap in national checks) — the reading a new
    game's check takes when it does not ask (:func:`.rolls.readings` offers it). With no (or a hidden)
    target nothing is converted: the policy does not weigh a difficulty the roller cannot see.

    >>> auto_conversion((6, 5, 4), 2, 9, curse=False, national=False, room=1)
    1
    >>> auto_conversion((6, 6, 5), 2, 9, curse=False, national=False, room=2)  # keep the critical
    0
    """
    cap = len(dice) + rolls.CRITICAL_DRIVE if national else room
    if target is None or cap <= 0 or 6 not in dice:
        return 0
    return rolls.automatic(rolls.outcomes(dice, bonus, target, curse=curse), cap).converted


def resolve(
    state: CheckState, declaration: DeclareCheck, dice: Dice, policy: Policy[CheckState] | None = None
) -> tuple[CheckState, tuple[Event, ...]]:
    """Declare a check and let ``policy`` answer every prompt; returns the finished state and events."""
    rules = CheckRules()
    chooser: Policy[CheckState] = policy if policy is not None else AutoPolicy()
    state, events = rules.step(state, declaration, dice)
    collected = list(events)
    while state.stage not in ("done", "idle"):
        legal = rules.legal_actions(state)
        state, more = rules.step(state, chooser.choose(state, legal), dice)
        collected.extend(more)
    return state, tuple(collected)


__all__ = ["AutoPolicy", "auto_conversion", "resolve"]
