"""Applying kingdom-side table results (KDT, KCT, KMT, TT, treasures) to the kingdom and court.

The tables' entries carry structured effects (vocabulary in :mod:`~meikyu.systems.meikyu_kingdom.tables.effects`). This machine
rolls a table, then applies its effects in order: mechanical ones directly (citizens, voice through
the voice gate, budget, upkeep, powers, relations, national checks with their consequences,
facilities, territories, talents, minions with desertion R-MK-45, drive, HP, materials, items), and
stops at a prompt whenever somebody must choose (``gm`` picks a land, the players pick a talent or
a national power, how much meat to spend …). A check a table calls for (national checks, R-MK-18, and
each character's checks) waits for its roller like any called check (:mod:`~meikyu.systems.meikyu_kingdom.check.called`): hope from
drive or voice (voice with the court's consent, R-MK-13), the 6s, the dice kept, minion help (R-MK-19). Effects about lands outside the kingdom sheet (swaps,
annexations by other nations, unknown lands) become a ``gm_ruling`` prompt: the engine does not
model the world map, so the GM carries them out on paper and confirms.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import Game
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> g = Game(EffectRules(), EffectState(s.kingdom, s.characters), ScriptedDice([2, 2, 3, 4]))
>>> events = g.play(RollTable("KDT"))      # 2+2 = 4: plague, citizens -2D6 (3+4)
>>> g.state.kingdom.citizens
33
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.events import TableRolled
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import (
    ACTIONS,
    KINGDOM_TABLES,
    Choose,
    EffectState,
    Frame,
    RollTable,
)
from meikyu.systems.meikyu_kingdom.kingdom.effect_steps import (
    answer_check,
    apply_choice,
    live_sheets,
    run_queue,
)

__all__ = ["ACTIONS", "CALLED_ANSWERS", "Choose", "EffectRules", "EffectState", "RollTable"]


NAME_LIMIT = 100
"""The longest name a table's typed prompt takes (a great power, a talent): it is shown on every sheet."""


class EffectRules:
    """:class:`meikyu.engine.Rules` applying kingdom-side table effects."""

    id = "mk.effects"
    actions = ACTIONS

    def legal_actions(self, state: EffectState) -> list[Action]:
        if state.called is not None:
            kingdom, court = live_sheets(state)
            return cc.legal(state.called, kingdom, court)
        if state.pending is None:
            return []
        return [Choose(o) for o in state.pending.options]  # none for a name to type (Prompt.typed)

    def step(self, state: EffectState, action: Action, dice: Dice) -> tuple[EffectState, tuple[Event, ...]]:
        events: list[Event] = []
        if state.called is not None or isinstance(action, CALLED_ANSWERS):
            state = answer_check(state, action, dice, events)
        elif isinstance(action, RollTable):
            if state.pending is not None:
                raise RuleError("R-MK-20", "mk.error.effects.pending", kind=state.pending.kind)
            code = action.code.strip().upper()
            if code not in KINGDOM_TABLES:
                raise RuleError("R-MK-20", "mk.error.effects.not_kingdom_table", code=action.code,
                                codes=", ".join(KINGDOM_TABLES))
            from meikyu.systems.meikyu_kingdom.tables.catalog import get_table

            result = get_table(code).roll(dice)
            events.append(TableRolled(code, result.value, f"{code}:{result.value}"))
            state = replace(
                state,
                roller=action.roller,
                queue=tuple(Frame(e, action.roller) for e in result.effects) + state.queue,
                disasters=state.disasters - 1 if code == "KDT" and state.disasters > 0 else state.disasters,
            )
        elif isinstance(action, Choose):
            if state.pending is None:
                raise RuleError("R-MK-20", "mk.error.effects.nothing_pending")
            pending = state.pending
            if pending.options and action.option not in pending.options:
                raise RuleError("R-MK-20", "mk.error.effects.bad_option", option=action.option,
                                options=", ".join(pending.options))
            if not pending.options and not action.option.strip():
                raise RuleError("R-MK-20", "mk.error.effects.empty_answer")
            if not pending.options and len(action.option.strip()) > NAME_LIMIT:
                raise RuleError("R-MK-20", "mk.error.effects.long_answer", limit=NAME_LIMIT)
            state = replace(state, pending=None)
            state = apply_choice(state, pending, action.option, dice, events)
        else:
            raise RuleError("R-MK-20", "mk.error.check.unknown_action", action=type(action).__name__)
        return run_queue(state, dice, events), tuple(events)

    def state_to_data(self, state: EffectState) -> Any:
        return state.to_data()

    def state_from_data(self, data: Any) -> EffectState:
        return EffectState.from_data(data)


CALLED_ANSWERS: tuple[type[Action], ...] = (cc.DeclareHope, cc.ConsentVoice, *ck.ACTIONS_TUPLE)
"""Answers to a called check's prompts (R-MK-13, R-MK-14, R-MK-15, R-MK-19)."""
