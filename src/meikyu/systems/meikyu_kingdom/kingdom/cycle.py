"""Cycles and action types (R-MK-07, R-MK-08); the conflict order of data (R-MK-09) is
:mod:`~meikyu.systems.meikyu_kingdom.effects.order`.

A cycle gives every character one main action (support or planned); it ends when all have acted
or passed, and then everyone is ready again. Auxiliary actions work while acted, once per cycle per
name; interrupts answer a declared action, work while acted, can themselves be interrupted, once per
cycle per name, and resolve last-declared first.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import Game
>>> g = Game(CycleRules(), CycleState(("a", "b")), ScriptedDice([]))
>>> _ = g.play(Act("a", "support", "search"))
>>> _ = g.play(Act("b", "interrupt", "warn"))
>>> [e.name for e in g.play(Resolve()) + g.play(Resolve())]
['warn', 'search']
>>> sorted(g.state.acted)
['a']
>>> _ = g.play(Pass("b")); g.state.number, g.state.acted
(2, frozenset())
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.meikyu_kingdom.events import CycleEnded, MKEvent

ACTIONS = TypeRegistry()

ACTION_TYPES = ("support", "planned", "auxiliary", "interrupt")
CYCLE_KINDS = ("cycle", "round", "quarter")


@ACTIONS.register
@dataclass(frozen=True)
class Act(Action):
    """``actor`` takes action ``name`` of ``type`` (R-MK-08).

    ``supports`` names the declared action an auxiliary goes with (when the auxiliary names one);
    ``condition`` is whether an interrupt's own condition holds (the GM judges it).
    """

    actor: str
    type: str
    name: str
    supports: str = ""
    condition: bool = True


@ACTIONS.register
@dataclass(frozen=True)
class Cooperate(Action):
    """Cooperation (R-MK-12), a support action: ``helper`` helps ``target`` with ``action``.

    Like every support action it needs ``helper`` ready and makes them acted once resolved.
    ``accepted`` is the GM's judgement that the help fits the target and the action; refused help
    still uses up the helper's action but gives no bonus. Whether favor outweighs enmity needs the
    sheets: :func:`meikyu.systems.meikyu_kingdom.kingdom.cooperation.cooperate` checks it before this
    action, and the check refuses an ineligible helper again when the bonus is used.
    """

    helper: str
    target: str
    action: str
    accepted: bool = True


@ACTIONS.register
@dataclass(frozen=True)
class Resolve(Action):
    """Resolve the most recently declared action still open (last in, first out)."""


@ACTIONS.register
@dataclass(frozen=True)
class Pass(Action):
    """A ready character gives up this cycle's main action (becomes acted)."""

    actor: str


@dataclass(frozen=True)
class Declared:
    actor: str
    type: str
    name: str
    target: str = ""
    """For a cooperation: whom it helps, with which ``action``, and whether the GM accepted it."""
    action: str = ""
    accepted: bool = False


COOPERATION = "cooperation"


@dataclass(frozen=True)
class ActionDeclared(MKEvent):
    actor: str
    type: str
    name: str


@dataclass(frozen=True)
class ActionResolved(MKEvent):
    actor: str
    type: str
    name: str


@dataclass(frozen=True)
class CycleState:
    characters: tuple[str, ...]
    acted: frozenset[str] = frozenset()
    kind: str = "cycle"
    """``cycle``, ``round`` (combat) or ``quarter`` (labyrinth); R-MK-07."""
    number: int = 1
    hectic: bool = False
    """Another hectic situation the GM names: planned actions are barred (R-MK-08). A ``round`` is
    combat and bars them without this flag."""
    used: frozenset[tuple[str, str, str]] = frozenset()
    """(actor, type, name) of auxiliary and interrupt actions used this cycle."""
    stack: tuple[Declared, ...] = ()
    """Declared, unresolved actions; the last is resolved first."""
    unable: frozenset[str] = frozenset()
    """Characters who cannot act at all (incapacitated, dead): they count as acted."""
    cooperation: tuple[tuple[str, str, str], ...] = ()
    """Accepted cooperation waiting for its target's next check: (helper, target, action) (R-MK-12)."""

    def helpers_for(self, target: str, action: str) -> tuple[str, ...]:
        """Helpers whose accepted cooperation applies to ``target``'s next ``action`` check."""
        return tuple(h for h, t, a in self.cooperation if t == target and a == action)

    def ready(self, actor: str) -> bool:
        return actor not in self.acted and actor not in self.unable

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CycleState:
        state: CycleState = from_data(cls, data)
        return state


class CycleRules:
    id = "mk.cycle"
    actions = ACTIONS

    def legal_actions(self, state: CycleState) -> list[Action]:
        if state.stack:
            return [Resolve()]
        return [Pass(c) for c in state.characters if state.ready(c)]

    def step(self, state: CycleState, action: Action, dice: Dice) -> tuple[CycleState, tuple[Event, ...]]:
        if isinstance(action, Resolve):
            return _resolve(state)
        if isinstance(action, Pass):
            _known(state, action.actor)
            if state.stack:
                raise RuleError("R-MK-08", "mk.error.cycle.open_actions")
            if not state.ready(action.actor):
                raise RuleError("R-MK-07", "mk.error.cycle.not_ready", actor=action.actor)
            return _maybe_end(replace(state, acted=state.acted | {action.actor}), [])
        if isinstance(action, Act):
            return _act(state, action)
        if isinstance(action, Cooperate):
            return _cooperate(state, action)
        if isinstance(action, UseCooperation):
            return _use_cooperation(state, action)
        raise RuleError("R-MK-08", "mk.error.check.unknown_action", action=type(action).__name__)

    def state_to_data(self, state: CycleState) -> Any:
        return state.to_data()

    def state_from_data(self, data: Any) -> CycleState:
        return CycleState.from_data(data)


def _known(state: CycleState, actor: str) -> None:
    if actor not in state.characters:
        raise RuleError("R-MK-07", "mk.error.unknown_character", id=actor, known=", ".join(state.characters))


def _act(state: CycleState, act: Act) -> tuple[CycleState, tuple[Event, ...]]:
    _known(state, act.actor)
    if act.type not in ACTION_TYPES:
        raise RuleError("R-MK-08", "mk.error.cycle.bad_type", type=act.type, types=", ".join(ACTION_TYPES))
    if act.actor in state.unable:
        raise RuleError("R-MK-08", "mk.error.cycle.unable", actor=act.actor)
    declared = Declared(act.actor, act.type, act.name)
    if act.type in ("support", "planned"):
        if state.stack:
            raise RuleError("R-MK-08", "mk.error.cycle.open_actions")
        if not state.ready(act.actor):
            raise RuleError("R-MK-07", "mk.error.cycle.not_ready", actor=act.actor)
        if act.type == "planned" and (state.hectic or state.kind == "round"):
            raise RuleError("R-MK-08", "mk.error.cycle.planned_hectic", name=act.name)
        # doing something else lets cooperation waiting for another action of this actor lapse (R-MK-12)
        kept = tuple(c for c in state.cooperation if c[1] != act.actor or c[2] == act.name)
        return replace(state, stack=(declared,), cooperation=kept), (ActionDeclared(act.actor, act.type, act.name),)
    key = (act.actor, act.type, act.name)
    if key in state.used:
        raise RuleError("R-MK-08", "mk.error.cycle.once_per_cycle", actor=act.actor, name=act.name, type=act.type)
    if act.type == "auxiliary":
        if act.supports and not any(d.name == act.supports for d in state.stack):
            raise RuleError("R-MK-08", "mk.error.cycle.aux_needs_action", name=act.name, supports=act.supports)
        # An auxiliary goes with its action and takes effect at once; it never makes anyone acted.
        used = replace(state, used=state.used | {key})
        return used, (ActionDeclared(act.actor, act.type, act.name), ActionResolved(act.actor, act.type, act.name))
    # interrupt
    if not state.stack:
        raise RuleError("R-MK-08", "mk.error.cycle.nothing_to_interrupt", name=act.name)
    if not act.condition:
        raise RuleError("R-MK-08", "mk.error.cycle.condition", name=act.name)
    new = replace(state, used=state.used | {key}, stack=(*state.stack, declared))
    return new, (ActionDeclared(act.actor, act.type, act.name),)


def _cooperate(state: CycleState, act: Cooperate) -> tuple[CycleState, tuple[Event, ...]]:
    """Declare cooperation: a support action (needs ready; acted once resolved) (R-MK-12, R-MK-08)."""
    _known(state, act.helper)
    _known(state, act.target)
    if act.helper == act.target:
        raise RuleError("R-MK-12", "mk.error.check.cooperate_self", id=act.helper)
    if act.helper in state.unable:
        raise RuleError("R-MK-08", "mk.error.cycle.unable", actor=act.helper)
    if state.stack:
        raise RuleError("R-MK-08", "mk.error.cycle.open_actions")
    if not state.ready(act.helper):
        raise RuleError("R-MK-07", "mk.error.cycle.not_ready", actor=act.helper)
    declared = Declared(act.helper, "support", COOPERATION, act.target, act.action, act.accepted)
    return replace(state, stack=(declared,)), (ActionDeclared(act.helper, "support", COOPERATION),)


@ACTIONS.register
@dataclass(frozen=True)
class UseCooperation(Action):
    """``target`` makes its check of ``action``: the cooperation waiting for it is used up (R-MK-12)."""

    target: str
    action: str


@dataclass(frozen=True)
class CooperationRecorded(MKEvent):
    helper: str
    target: str
    action: str
    result: str
    """``approved`` or ``refused`` (the GM's judgement)."""


def _use_cooperation(state: CycleState, act: UseCooperation) -> tuple[CycleState, tuple[Event, ...]]:
    left = tuple(c for c in state.cooperation if not (c[1] == act.target and c[2] == act.action))
    return replace(state, cooperation=left), ()


def _resolve(state: CycleState) -> tuple[CycleState, tuple[Event, ...]]:
    if not state.stack:
        raise RuleError("R-MK-08", "mk.error.cycle.nothing_open")
    top = state.stack[-1]
    new = replace(state, stack=state.stack[:-1])
    events: list[Event] = [ActionResolved(top.actor, top.type, top.name)]
    if top.type in ("support", "planned"):
        new = replace(new, acted=new.acted | {top.actor})
    if top.name == COOPERATION and top.target:
        events.append(CooperationRecorded(top.actor, top.target, top.action, "approved" if top.accepted else "refused"))
        if top.accepted:
            # The same helper's cooperation on the same target does not stack: the newest replaces it.
            kept = tuple(c for c in new.cooperation if not (c[0] == top.actor and c[1] == top.target))
            new = replace(new, cooperation=(*kept, (top.actor, top.target, top.action)))
    return _maybe_end(new, events)


def _maybe_end(state: CycleState, events: list[Event]) -> tuple[CycleState, tuple[Event, ...]]:
    """The cycle ends once everyone has acted or passed (R-MK-07); then all are ready again."""
    if state.stack or any(state.ready(c) for c in state.characters):
        return state, tuple(events)
    events.append(CycleEnded(state.number, state.kind))
    # cooperation lasts for the cycle it was given in (R-MK-12)
    return (
        replace(state, acted=frozenset(), used=frozenset(), cooperation=(), number=state.number + 1),
        tuple(events),
    )
