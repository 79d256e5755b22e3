"""A facility's action in the kingdom phase (R-MK-06, R-MK-07, R-MK-08): a land maker who has not acted
this cycle takes the support or planned action the facility catalog writes for a facility the kingdom
has built (``data/facilities.toml``, ``data/tables/DATA_EFFECTS.md``). It is that land maker's action of
the cycle; its effects are the tables' and run through the kingdom's effect machine
(:mod:`.effects`), ``level`` in their formulas being the facility level. ``per`` limits it to once per
cycle or per game, counted for the facility (whoever takes it).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
>>> from meikyu.systems.meikyu_kingdom.kingdom.effect_state import EffectState
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> cycle = CycleState(tuple(c.id for c in s.characters))
>>> [a.facility for a in offered(s.kingdom, cycle, ()) if a.actor == "mir"]
['밭', '광장']
>>> taken = take(s.kingdom, cycle, (), UseFacility("mir", "밭"), EffectState(s.kingdom, s.characters),
...              ScriptedDice([]))
>>> taken.effects.kingdom.materials["meat"], sorted(taken.cycle.acted), taken.used
(4, ['mir'], (('밭', -1),))
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import InputError, RuleError
from meikyu.systems.meikyu_kingdom.events import MKEvent
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import EffectState, Frame
from meikyu.systems.meikyu_kingdom.kingdom.effect_steps import run_queue
from meikyu.systems.meikyu_kingdom.sheets.facilities import Facility, built, facility

GAME = -1
"""The cycle number a once-per-game use is kept under."""


@dataclass(frozen=True)
class UseFacility(Action):
    """``actor`` takes the action of the kingdom's facility ``facility`` (its catalog name) as their
    action of this kingdom-phase cycle (R-MK-07, R-MK-08)."""

    actor: str
    facility: str


@dataclass(frozen=True)
class FacilityUsed(MKEvent):
    """``actor`` took the action of ``facility`` (facility level ``level``)."""

    actor: str
    facility: str
    level: int
    labels: tuple[tuple[str, str], ...] = ()

    def _params(self, lang: str) -> dict[str, object]:
        params = super()._params(lang)
        params["facility"] = dict(self.labels).get(lang, self.facility)
        return params


@dataclass(frozen=True)
class Taken:
    """What a facility's action leaves: the cycle (its taker acted), the uses counted, the effect
    machine (waiting when one of its effects asks someone), and what was said."""

    cycle: cy.CycleState
    used: tuple[tuple[str, int], ...]
    effects: EffectState
    events: tuple[Event, ...]


def _actions(kingdom: Any) -> list[tuple[Facility, int]]:
    """The kingdom's facilities with an action of the kingdom phase, with their levels."""
    return [
        (f, level)
        for f, level in built(kingdom)
        if f.acts is not None and f.acts.timing in ("support", "planned") and f.acts.works_in("kingdom")
    ]


def _spent(fac: Facility, used: tuple[tuple[str, int], ...], number: int) -> bool:
    assert fac.acts is not None
    per = fac.acts.cost.per
    if per == "game":
        return (fac.name, GAME) in used
    return per in ("cycle", "round") and (fac.name, number) in used


def offered(kingdom: Any, cycle: cy.CycleState, used: tuple[tuple[str, int], ...]) -> list[UseFacility]:
    """Every facility action a ready land maker may take now (none while an action is being resolved)."""
    if cycle.stack:
        return []
    ready = [a for a in cycle.characters if cycle.ready(a)]
    return [
        UseFacility(actor, fac.name)
        for actor in ready
        for fac, _level in _actions(kingdom)
        if not _spent(fac, used, cycle.number)
    ]


def take(
    kingdom: Any,
    cycle: cy.CycleState,
    used: tuple[tuple[str, int], ...],
    action: UseFacility,
    effects: EffectState,
    dice: Dice,
) -> Taken:
    """Take ``action``: refused, with nothing changed, unless the kingdom has the facility and it has an
    action of the kingdom phase not spent, and its taker may act in this cycle (:mod:`.cycle`)."""
    try:
        fac: Facility | None = facility(action.facility)
    except InputError:  # not in the catalog: refused below with what the kingdom has
        fac = None
    level = next((lv for f, lv in _actions(kingdom) if fac is not None and f.name == fac.name), 0)
    if fac is None or not level:
        known = ", ".join(f.name for f, _ in _actions(kingdom)) or "-"
        raise RuleError("R-MK-08", "mk.error.facility.none", facility=action.facility, known=known)
    if _spent(fac, used, cycle.number):
        raise RuleError("R-MK-08", "mk.error.facility.spent", facility=fac.name)
    assert fac.acts is not None
    rules = cy.CycleRules()
    declared, said = rules.step(cycle, cy.Act(action.actor, fac.acts.timing, fac.name), dice)
    done, resolved = rules.step(declared, cy.Resolve(), dice)
    events: list[Event] = [*said, *resolved, FacilityUsed(action.actor, fac.name, level, tuple(sorted(fac.names.items())))]
    mark = (fac.name, GAME if fac.acts.cost.per == "game" else cycle.number)
    frames = tuple(Frame(e, action.actor) for e in fac.acts.effects)
    machine = replace(effects, roller=action.actor, queue=frames + effects.queue, facility_level=level)
    machine = run_queue(machine, dice, events)
    return Taken(done, (*used, mark), machine, tuple(events))
