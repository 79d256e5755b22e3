"""Camp and meals in the labyrinth phase: each able land maker's one camp action (rest cures poison,
R-MK-44), the quarter ending with the camp's cycle (R-MK-07), and the meal at each turn's end (a boxed
lunch or 1 meat, or hunger: HP reduced, R-MK-32, obesity cured, R-MK-44).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.combat.model import INCAPACITATED
from meikyu.systems.meikyu_kingdom.events import StatusCured
from meikyu.systems.meikyu_kingdom.expedition.effects import lab_error, lab_of, with_expedition
from meikyu.systems.meikyu_kingdom.expedition.events import ConditionChanged, HpChanged, MealTaken
from meikyu.systems.meikyu_kingdom.expedition.quarters import end_quarter
from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
from meikyu.systems.meikyu_kingdom.session_state import SessionState

HUNGER_HP = 1
"""Ruling: a land maker who goes a turn without a meal loses this much HP (reduced, not damage, R-MK-32)."""


BOXED_LUNCH = "boxed_lunch"


LUNCH_NAMES = (BOXED_LUNCH, "도시락", "お弁当", "弁当", "Boxed Lunch", "boxed lunch")
"""An item by one of these names in a land maker's own slots is a boxed lunch too."""


FOODS = (BOXED_LUNCH, "meat")


REST = "rest"


@dataclass(frozen=True)
class Camp(Action):
    """The court camps here for this quarter: each able land maker has one action."""


@dataclass(frozen=True)
class Rest(Action):
    """In camp, ``actor`` rests (a planned action): poison is cured (R-MK-44)."""

    actor: str


@dataclass(frozen=True)
class Eat(Action):
    """At a turn's end ``actor`` eats ``food``: a boxed lunch of the haul or 1 meat material."""

    actor: str
    food: str


@dataclass(frozen=True)
class GoHungry(Action):
    """At a turn's end ``actor`` skips the meal: HP is reduced (hunger), and obesity is cured (R-MK-44)."""

    actor: str


def camp_moved(state: SessionState, cycle: CycleState, events: list[Event]) -> tuple[SessionState, tuple[Event, ...]]:
    """The camp cycle moved on; once everyone has acted or passed, the quarter ends (R-MK-07)."""
    _, ex = lab_of(state)
    assert ex.camp is not None
    if cycle.number != ex.camp.number:
        return end_quarter(state, events), tuple(events)
    return with_expedition(state, camp=cycle), tuple(events)


def meal(state: SessionState, action: Eat | GoHungry, events: list[Event]) -> SessionState:
    _, ex = lab_of(state)
    char = state.character(action.actor)
    if isinstance(action, GoHungry):
        events.append(MealTaken(action.actor, "none"))
        if char.has("obesity"):
            state = state.put(replace(char, statuses=char.statuses - {"obesity"}))
            events.append(StatusCured(char.id, "obesity"))
        old = state.character(action.actor)
        new = replace(old, hp=old.hp - HUNGER_HP)  # reduced, not damage (R-MK-32)
        events.append(HpChanged(action.actor, old.hp, new.hp, "hunger"))
        state = state.put(new)
        if new.hp <= 0 and action.actor not in state.conditions:
            state = replace(state, conditions={**state.conditions, action.actor: INCAPACITATED})
            events.append(ConditionChanged(action.actor, INCAPACITATED))
        return state
    if action.food == BOXED_LUNCH:
        slot = own_lunch(char)
        if slot is not None:  # the eater's own lunch first, then the court's haul
            items_left = list(char.items)
            items_left[slot] = None
            state = state.put(replace(char, items=tuple(items_left)))
        elif BOXED_LUNCH in ex.haul_items:
            items = list(ex.haul_items)
            items.remove(BOXED_LUNCH)
            state = with_expedition(state, haul_items=tuple(items))
        else:
            raise lab_error("no_food", food=action.food)
    elif action.food == "meat":
        if ex.haul_materials.get("meat", 0) < 1:
            raise lab_error("no_food", food=action.food)
        state = with_expedition(state, haul_materials={**ex.haul_materials, "meat": ex.haul_materials["meat"] - 1})
    else:
        raise lab_error("bad_food", food=action.food, foods=", ".join(FOODS))
    events.append(MealTaken(action.actor, action.food))
    return state


def own_lunch(char: Any) -> int | None:
    for index, item in enumerate(char.items):
        if item is not None and (item.name in LUNCH_NAMES or any(n in LUNCH_NAMES for n in item.names.values())):
            return index
    return None
