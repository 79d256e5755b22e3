"""Camp and meals in the labyrinth phase: each able land maker's one camp action (rest cures poison,
R-MK-44), the quarter ending with the camp's cycle (R-MK-07), and the meal at each turn's end (a boxed
lunch or 1 meat, or hunger: HP reduced, R-MK-32, obesity cured, R-MK-44).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.combat.model import BAD_STATUSES, DEAD
from meikyu.systems.meikyu_kingdom.events import StatusCured
from meikyu.systems.meikyu_kingdom.expedition.effects import lab_error, lab_of, lose_hp, with_expedition
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


@dataclass(frozen=True)
class UseItem(Action):
    """In the labyrinth — moving on, or in camp as ``actor``'s support action — ``actor`` uses the
    recovery or revival item in their slot ``slot`` on ``target`` of the court (R-MK-31, R-MK-34): a
    recovery item (``heal`` N) restores ND6 HP and stands an incapacitated target up again; a revival
    item (the item catalog's ``revive``: 부활약, 성배) gives a target dead in this game ``hp`` HP back.
    The item is used up."""

    actor: str
    slot: int
    target: str
    hp: int = 1


@dataclass(frozen=True)
class HandOver(Action):
    """In the labyrinth outside battle, ``owner``'s item in ``slot`` goes to ``to``'s slots, by whichever
    of them can act (ruling: seed 001 names the exchange only among battle's support actions; between
    battles a careful GM lets the court pass a Salve from the fallen to the one who can use it). It
    takes no action of the quarter."""

    owner: str
    slot: int
    to: str


def hand_over(state: SessionState, act: HandOver) -> SessionState:
    """Apply :class:`HandOver`: the item leaves its slot and takes ``to``'s first empty one (or a new one)."""
    owner, to = state.character(act.owner), state.character(act.to)
    able = state.able()
    if owner.id == to.id or state.conditions.get(to.id) == DEAD or not {owner.id, to.id} & set(able):
        raise lab_error("hand_over", "R-MK-36", owner=owner.id, to=to.id)
    item = owner.items[act.slot] if 0 <= act.slot < len(owner.items) else None
    if item is None:
        raise lab_error("no_item", "R-MK-36", actor=act.owner, slot=act.slot)
    state = state.put(replace(owner, items=tuple(None if i == act.slot else it for i, it in enumerate(owner.items))))
    slots = list(state.character(to.id).items)
    free = next((i for i, it in enumerate(slots) if it is None), None)
    if free is None:
        slots.append(item)
    else:
        slots[free] = item
    return state.put(replace(state.character(to.id), items=tuple(slots)))


def handovers(state: SessionState) -> list[Action]:
    """The hand-overs worth offering: a recovery or revival item from one who cannot act to each who can."""
    out: list[Action] = []
    able = state.able()
    for owner in state.court:
        if owner.id in able:
            continue
        for slot, item in enumerate(owner.items):
            if item is not None and (item.heal > 0 or _reviving(item.name, item.names)):
                out += [HandOver(owner.id, slot, to) for to in able]
    return out


def _reviving(name: str, names: dict[str, str]) -> bool:
    from meikyu.systems.meikyu_kingdom.combat.items import revival_items

    return bool({name, *names.values()} & {n for r in revival_items().values() for n in (r.id, *r.names)})


def item_use(state: SessionState, act: UseItem, dice: Dice, events: list[Event]) -> SessionState:
    """Apply :class:`UseItem` (the caller runs the camp's cycle around it)."""
    from meikyu.systems.meikyu_kingdom.combat.items import revival_items
    from meikyu.systems.meikyu_kingdom.expedition.effects import heal

    user = state.character(act.actor)
    target = state.character(act.target)
    item = user.items[act.slot] if 0 <= act.slot < len(user.items) else None
    if item is None:
        raise lab_error("no_item", "R-MK-36", actor=act.actor, slot=act.slot)
    labels = {item.name, *item.names.values()}
    reviving = next((r for r in revival_items().values() if labels & {r.id, *r.names}), None)
    dead = state.conditions.get(act.target) == DEAD
    if reviving is not None:
        if not dead:
            raise lab_error("not_dead", "R-MK-34", id=act.target)
        if act.hp < 1:
            raise lab_error("revive_hp", "R-MK-34", hp=act.hp)
        hp = min(act.hp, target.max_hp)
        events.append(HpChanged(target.id, target.hp, hp, "revive"))
        state = replace(state.put(replace(target, hp=hp)),
                        conditions={k: v for k, v in state.conditions.items() if k != target.id})
        events.append(ConditionChanged(target.id, "ok"))
    elif item.heal > 0:
        if dead:
            raise lab_error("dead_no_heal", "R-MK-34", id=act.target)
        state = heal(state, target.id, sum(dice.roll(6) for _ in range(item.heal)), events)
    elif cures(item) and not dead and target.statuses & cures(item):
        # an item written as data that cures a bad status (the Antidote, R-MK-44), used up
        for status in sorted(target.statuses & cures(item)):
            events.append(StatusCured(target.id, status))
        state = state.put(replace(target, statuses=target.statuses - cures(item)))
    else:
        raise lab_error("not_recovery", "R-MK-31", item=item.label("en"))
    user = state.character(act.actor)
    return state.put(replace(user, items=tuple(None if i == act.slot else it for i, it in enumerate(user.items))))


def usable_items(state: SessionState, actors: Sequence[str]) -> list[Action]:
    """Recovery items on the hurt, revival items on the dead, for each of ``actors`` (R-MK-31, R-MK-34)."""
    from meikyu.systems.meikyu_kingdom.combat.items import revival_items

    revive = {n for r in revival_items().values() for n in (r.id, *r.names)}
    out: list[Action] = []
    for ident in actors:
        for slot, item in enumerate(state.character(ident).items):
            if item is None:
                continue
            reviving = bool({item.name, *item.names.values()} & revive)
            for t in state.court:
                dead = state.conditions.get(t.id) == DEAD
                if (reviving and dead) or (not reviving and item.heal > 0 and not dead and t.hp < t.max_hp) \
                        or (not reviving and not dead and t.statuses & cures(item)):
                    out.append(UseItem(ident, slot, t.id))
    return out


@dataclass(frozen=True)
class EndQuarter(Action):
    """The court lets the quarter end, though someone's fatal-wound deadline falls due with it (R-MK-31)."""


def cures(item: Any) -> frozenset[str]:
    """The bad statuses an item written as data cures when used (its ``cure_status`` effects; one naming
    no status cures them all, R-MK-44)."""
    acts = getattr(item, "acts", None)
    if acts is None:
        return frozenset()
    out: set[str] = set()
    for effect in acts.of_type("cure_status"):
        status = effect.get("status")
        out |= {str(status)} if status else set(BAD_STATUSES)
    return frozenset(out)


TRADE = "trade"
TRADE_EASIER = 2
"""A trade with a monster that surrendered is 2 easier (R-MK-42)."""


@dataclass(frozen=True)
class Trade(Action):
    """In camp ``actor`` tries to trade with ``partner``, a monster of the last battle that surrendered
    and survived (R-MK-42): a ``stat`` check against the trade's ``difficulty`` (the GM's, from the
    book) less 2; what is traded the GM settles. It is the actor's support action of the quarter."""

    actor: str
    partner: str
    stat: str = "charm"
    difficulty: int = 9


def camp_moved(
    state: SessionState, cycle: CycleState, events: list[Event], dice: Dice
) -> tuple[SessionState, tuple[Event, ...]]:
    """The camp cycle moved on; once everyone has acted or passed, the quarter ends (R-MK-07)."""
    _, ex = lab_of(state)
    assert ex.camp is not None
    if cycle.number != ex.camp.number:
        return end_quarter(state, events, dice), tuple(events)
    return with_expedition(state, camp=cycle), tuple(events)


def meal(state: SessionState, action: Eat | GoHungry, events: list[Event], dice: Dice) -> SessionState:
    _, ex = lab_of(state)
    char = state.character(action.actor)
    if isinstance(action, GoHungry):
        events.append(MealTaken(action.actor, "none"))
        if char.has("obesity"):
            state = state.put(replace(char, statuses=char.statuses - {"obesity"}))
            events.append(StatusCured(char.id, "obesity"))
        return lose_hp(state, action.actor, HUNGER_HP, "hunger", events, dice)  # reduced, not damage (R-MK-32)
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
