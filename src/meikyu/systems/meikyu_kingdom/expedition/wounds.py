"""The fatal-wound table outside battle (R-MK-31: "a PC's HP at 0 or below → 2D6 on the fatal-wound
table", a rule of damage that the seed does not limit to battle).

A land maker whose HP a trap, an event, poison, a fall or hunger takes to 0 or below rolls the table at
once, as in battle (:func:`~meikyu.systems.meikyu_kingdom.combat.resolve.fatal_wound`). Three entries
call a check (3: search vs [damage + 5], failure kills; 10/11: search or valor vs [9 − HP], success
leaves 1 HP): such a check is the wounded's own called check, with their hope, 6s and minion help
(:mod:`~meikyu.systems.meikyu_kingdom.check.called`). Until it is rolled the wounded counts as
incapacitated (their HP is at 0 or below). Whatever was under way — the rest of a trap, a room, a
quarter's end — waits for the checks (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.wounds`,
``resume``), then goes on. The same holds in the kingdom phase, where a table's HP loss (the travel
table) can take a land maker to 0.

Rulings where the seeds are silent (RULINGS.md): entry 4 ("by the end of this combat") outside battle
is the end of this quarter; entry 8 breaks a random breakable item the wounded carries.
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.systems.meikyu_kingdom.check.called import Call, CalledCheck
from meikyu.systems.meikyu_kingdom.combat.model import BAD_STATUSES, DEAD, INCAPACITATED
from meikyu.systems.meikyu_kingdom.expedition.events import (
    ConditionChanged,
    FatalWoundRolled,
    HpChanged,
    ItemBroke,
    MinionsLost,
    StatusGained,
)
from meikyu.systems.meikyu_kingdom.session_state import SessionState

FATAL = "fatal"
"""A called check of FWT 3: failure kills."""
FATAL_RISE = "fatal_rise"
"""A called check of FWT 10 or 11: success leaves 1 HP."""
PURPOSES = (FATAL, FATAL_RISE)


def _condition(state: SessionState, actor: str, condition: str, events: list[Event]) -> SessionState:
    if state.conditions.get(actor) == condition:
        return state
    events.append(ConditionChanged(actor, condition))
    if condition == "ok":
        return replace(state, conditions={k: v for k, v in state.conditions.items() if k != actor})
    return replace(state, conditions={**state.conditions, actor: condition})


def queue(state: SessionState, call: Call) -> SessionState:
    """``call`` waits its turn after the checks already queued (a fatal wound's, a trap's fall)."""
    return replace(state, wounds=(*state.wounds, call))


def fatal_wound(state: SessionState, actor: str, amount: int, dice: Dice, events: list[Event]) -> SessionState:
    """``actor``'s HP fell to 0 or below from ``amount`` (damage or an HP reduction): roll the table.

    >>> from meikyu.dice import ScriptedDice
    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> s = sample()
    >>> state = SessionState(s.kingdom, s.characters, seed_review=True)
    >>> state = state.put(replace(state.character("mir"), hp=-2))
    >>> events = []
    >>> after = fatal_wound(state, "mir", 5, ScriptedDice([6, 4]), events)
    >>> after.conditions["mir"], after.wounds[0].stat, after.wounds[0].difficulty
    ('incapacitated', 'search', 11)
    """
    value = dice.roll(6) + dice.roll(6)
    events.append(FatalWoundRolled(actor, value))
    char = state.character(actor)
    if value == 2:
        return _condition(state, actor, DEAD, events)
    state = _condition(state, actor, INCAPACITATED, events)
    if value == 3:
        return queue(state, Call(actor, "search", amount + 5, FATAL, subject=actor))
    if value in (10, 11):
        return queue(state, Call(actor, "search" if value == 10 else "valor", 9 - char.hp, FATAL_RISE, subject=actor))
    if value in (4, 5, 6):  # outside battle "the end of this combat" is the end of this quarter (ruling)
        deadline = "quarter" if value != 6 else f"quarters:{dice.roll(6)}"
        return replace(state, deadlines={**state.deadlines, actor: deadline})
    cancel = False
    if value == 8:
        slots = [i for i, item in enumerate(char.items) if item is not None and item.breakable]
        if slots:
            slot = slots[dice.roll(len(slots)) - 1] if len(slots) > 1 else slots[0]
            item = char.items[slot]
            assert item is not None
            events.append(ItemBroke(actor, item.names or {"en": item.name}))
            char = replace(char, items=tuple(None if i == slot else it for i, it in enumerate(char.items)))
            cancel = True
    elif value == 9 and char.minions > 0:
        lost = min(char.minions, dice.roll(6) + dice.roll(6))
        events.append(MinionsLost(actor, lost))
        char = replace(char, minions=char.minions - lost)
        cancel = True
    elif value == 12:
        cancel = True
        status = BAD_STATUSES[dice.roll(6) - 1]
        if status not in char.statuses:
            char = replace(char, statuses=char.statuses | {status})
            events.append(StatusGained(actor, status))
    if cancel:
        events.append(HpChanged(actor, char.hp, char.hp + amount, "wound_cancelled"))
        char = replace(char, hp=char.hp + amount)
    state = state.put(char)
    return _condition(state, actor, "ok", events) if char.hp >= 1 else state


def waiting(state: SessionState) -> bool:
    """A fatal-wound check is queued: what was under way waits for it."""
    return bool(state.wounds)


def hold(state: SessionState, resume: str) -> SessionState:
    """Park what was under way (``resume`` names it for :func:`~.expedition.after_check`) behind the
    queued fatal-wound checks."""
    return replace(state, resume=resume)


def next_check(state: SessionState) -> SessionState:
    """Call the next queued fatal-wound check when nothing else waits for an answer."""
    if not state.wounds or state.called is not None or state.battle is not None or state.effects is not None:
        return state
    # It happens to the wounded, it is not their action: no cooperation waits on it (R-MK-12).
    return replace(state, wounds=state.wounds[1:], called=CalledCheck(state.wounds[0]))


def after_wound_check(state: SessionState, call: Call, success: bool, events: list[Event]) -> SessionState:
    """Apply a fatal-wound check's result (FWT 3: failure kills; 10/11: success leaves 1 HP)."""
    if call.purpose == FATAL and not success:
        state = replace(state, deadlines={k: v for k, v in state.deadlines.items() if k != call.actor})
        return _condition(state, call.actor, DEAD, events)
    if call.purpose == FATAL_RISE and success:
        char = state.character(call.actor)
        events.append(HpChanged(call.actor, char.hp, 1, "wound_check"))
        return _condition(state.put(replace(char, hp=1)), call.actor, "ok", events)
    return state
