"""Time in the labyrinth phase: a quarter passing (poison, R-MK-44; fatal-wound deadlines, R-MK-31; every
fourth quarter a turn ends and the court eats) and the phase ending (R-MK-01: home, explored, wiped out).
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.systems.meikyu_kingdom.combat.model import DEAD
from meikyu.systems.meikyu_kingdom.events import StatusCured
from meikyu.systems.meikyu_kingdom.expedition import wounds
from meikyu.systems.meikyu_kingdom.expedition.effects import lab_of, lose_hp, with_expedition
from meikyu.systems.meikyu_kingdom.expedition.events import (
    ConditionChanged,
    LabyrinthLeft,
    QuarterEnded,
    TurnEnded,
)
from meikyu.systems.meikyu_kingdom.session_state import SessionState

QUARTERS_PER_TURN = 4
"""Ruling: a turn of the labyrinth phase is four quarters (meals are taken at each turn's end)."""


def end_quarter(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """A quarter passes: poison bites (R-MK-44), deadlines fall due (R-MK-31), a turn may end (meals).
    A land maker poison takes to HP ≤ 0 rolls the fatal-wound table; the rest waits for its checks."""
    _, ex = lab_of(state)
    quarters = ex.quarters + 1
    events.append(QuarterEnded(quarters))
    state = with_expedition(state, quarters=quarters, camp=None, stage="choose")
    for char in state.court:
        if char.has("poison") and state.conditions.get(char.id) != DEAD:
            state = lose_hp(state, char.id, 1, "poison", events, dice, armor=True)
    if wounds.waiting(state):
        return wounds.hold(state, "quarter")
    return quarter_due(state, events)


def quarter_due(state: SessionState, events: list[Event]) -> SessionState:
    """The rest of a quarter's end, after poison: deadlines fall due, the court may be wiped out, a turn
    may end."""
    _, ex = lab_of(state)
    deadlines = dict(state.deadlines)
    for ident, line in state.deadlines.items():
        if not line.startswith("quarter"):
            continue
        if state.character(ident).hp >= 1:
            del deadlines[ident]
            continue
        left = int(line.partition(":")[2] or 1) - 1
        if left <= 0:
            del deadlines[ident]
            state = replace(state, conditions={**state.conditions, ident: DEAD})
            events.append(ConditionChanged(ident, DEAD))
        else:
            deadlines[ident] = f"quarters:{left}"
    state = replace(state, deadlines=deadlines)
    if not state.able():
        return leave(state, "wiped_out", events)
    if ex.quarters % QUARTERS_PER_TURN == 0:
        state = replace(state, labyrinth_turns=state.labyrinth_turns + 1)
        events.append(TurnEnded(state.labyrinth_turns))
        return with_expedition(state, stage="meal", todo=state.able())
    return state


def leave(state: SessionState, reason: str, events: list[Event]) -> SessionState:
    """The labyrinth phase ends (R-MK-01). Going home cures every bad status (R-MK-44) and stores the haul;
    a wiped-out court loses its haul (ruling)."""
    _, ex = lab_of(state)
    events.append(LabyrinthLeft(reason))
    state = replace(state, labyrinth_end=reason)
    state = with_expedition(state, stage="done", camp=None, todo=())
    if reason == "wiped_out":
        return state
    court = []
    for char in state.court:
        for status in sorted(char.statuses):
            events.append(StatusCured(char.id, status))
        court.append(replace(char, statuses=frozenset()))
    k = state.kingdom
    mats = dict(k.materials)
    for name, count in ex.haul_materials.items():
        mats[name] = mats.get(name, 0) + count
    kingdom = replace(k, materials=mats, stored_items=(*k.stored_items, *ex.haul_items))
    # Reaching home meets every open fatal-wound deadline: the kingdom's care restores HP (ruling).
    return replace(state, court=tuple(court), kingdom=kingdom, deadlines={})
