"""A game of Meikyuu Kingdom walked phase by phase (R-MK-01, R-MK-01b, R-MK-02).

preparation → kingdom (prologue → round table → actions → departure) → labyrinth → end (income →
kingdom change → level up) → over. The round table runs inside the kingdom phase through
:mod:`.round_table`; the kingdom change roll (KCT when the scenario goal was met, KMT when not) and
kingdom disasters run through :mod:`.kingdom_effects`. The GM may override anything (R-MK-01b):
:class:`GmSet` sets a value, :class:`GmSkip` forces the next step; both are ordinary actions kept in
the history, so undo and replay still work.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import Game
>>> from meikyu.systems.meikyu_kingdom.sheet import sample
>>> s = sample()
>>> g = Game(SessionRules(), SessionState(s.kingdom, s.characters), ScriptedDice([3, 4]))
>>> for _ in range(2): _ = g.play(Advance())
>>> g.state.phase, g.state.step
('kingdom', 'round_table')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, Prompt
from meikyu.errors import RuleError
from meikyu.serial import TypeRegistry, from_data
from meikyu.systems.meikyu_kingdom import kingdom_effects as fx
from meikyu.systems.meikyu_kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.character import Character
from meikyu.systems.meikyu_kingdom.events import KingdomChanged, PhaseEntered
from meikyu.systems.meikyu_kingdom.kingdom import Kingdom
from meikyu.systems.meikyu_kingdom.voice import change_voice

ACTIONS = TypeRegistry()

STEPS: tuple[tuple[str, str], ...] = (
    ("preparation", ""),
    ("kingdom", "prologue"),
    ("kingdom", "round_table"),
    ("kingdom", "actions"),
    ("kingdom", "departure"),
    ("labyrinth", ""),
    ("end", "income"),
    ("end", "kingdom_change"),
    ("end", "level_up"),
    ("over", ""),
)
LABYRINTH_ENDS = ("returned", "explored", "wiped_out")


@ACTIONS.register
@dataclass(frozen=True)
class Advance(Action):
    """Go on to the next step when the current one is finished."""


@ACTIONS.register
@dataclass(frozen=True)
class EndLabyrinth(Action):
    """The labyrinth phase ends: the court ``returned``, ``explored`` every room, or was ``wiped_out``."""

    reason: str


@ACTIONS.register
@dataclass(frozen=True)
class LabyrinthTurn(Action):
    """One more turn spent in the labyrinth (KCT 11 and KMT 11 read the count)."""


@ACTIONS.register
@dataclass(frozen=True)
class SetGoal(Action):
    """The GM records whether the scenario goal was met."""

    met: bool


@ACTIONS.register
@dataclass(frozen=True)
class SettleIncome(Action):
    """End phase: the adventure's income (MG) goes to the budget; upkeep is paid from it."""

    income: int
    pay_upkeep: bool = True


@ACTIONS.register
@dataclass(frozen=True)
class RollKingdomChange(Action):
    """End phase: roll KCT (goal met) or KMT (goal failed) and apply it."""


@ACTIONS.register
@dataclass(frozen=True)
class RollDisaster(Action):
    """Roll a due kingdom disaster (R-MK-20) on KDT and apply it."""


@ACTIONS.register
@dataclass(frozen=True)
class GmSet(Action):
    """R-MK-01b quick ruling: set ``field`` of ``target`` (``kingdom`` or a character id) to ``value``."""

    target: str
    field: str
    value: Any


@ACTIONS.register
@dataclass(frozen=True)
class GmSkip(Action):
    """R-MK-01b quick ruling: force the next step whatever is still open."""


for _cls in (
    rt.AssignMinions, rt.EndOrganization, rt.RequestItem, rt.RequestFacility, rt.RequestPassage,
    rt.RequestDestroy, rt.Approve, rt.Refuse, rt.EndBudget, fx.Choose,
):
    ACTIONS.register(_cls)


@dataclass(frozen=True)
class SessionState:
    kingdom: Kingdom
    court: tuple[Character, ...] = ()
    index: int = 0
    """Position in :data:`STEPS`."""
    goal_met: bool = False
    labyrinth_turns: int = 0
    labyrinth_end: str = ""
    income_settled: bool = False
    change_rolled: bool = False
    round_table: rt.RoundTableState | None = None
    effects: fx.EffectState | None = None
    """A table run waiting for a choice."""
    disasters: int = 0
    """Kingdom disaster rolls due (R-MK-20)."""

    @property
    def phase(self) -> str:
        return STEPS[self.index][0]

    @property
    def step(self) -> str:
        return STEPS[self.index][1]

    @property
    def prompt(self) -> Prompt | None:
        if self.effects is not None:
            return self.effects.prompt
        if self.round_table is not None:
            return self.round_table.prompt
        return None


    def to_data(self) -> dict[str, Any]:
        return {
            "kingdom": self.kingdom.to_data(),
            "court": [c.to_data() for c in self.court],
            "index": self.index,
            "goal_met": self.goal_met,
            "labyrinth_turns": self.labyrinth_turns,
            "labyrinth_end": self.labyrinth_end,
            "income_settled": self.income_settled,
            "change_rolled": self.change_rolled,
            "round_table": None if self.round_table is None else self.round_table.to_data(),
            "effects": None if self.effects is None else self.effects.to_data(),
            "disasters": self.disasters,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SessionState:
        table = data.get("round_table")
        effects = data.get("effects")
        return cls(
            Kingdom.from_data(data["kingdom"]),
            tuple(Character.from_data(c) for c in data.get("court", [])),
            index=int(data.get("index", 0)),
            goal_met=bool(data.get("goal_met", False)),
            labyrinth_turns=int(data.get("labyrinth_turns", 0)),
            labyrinth_end=str(data.get("labyrinth_end", "")),
            income_settled=bool(data.get("income_settled", False)),
            change_rolled=bool(data.get("change_rolled", False)),
            round_table=None if table is None else rt.RoundTableState.from_data(table),
            effects=None if effects is None else fx.EffectState.from_data(effects),
            disasters=int(data.get("disasters", 0)),
        )


class SessionRules:
    id = "mk.session"
    actions = ACTIONS

    def legal_actions(self, state: SessionState) -> list[Action]:
        if state.effects is not None:
            return fx.EffectRules().legal_actions(state.effects)
        if state.disasters:
            return [RollDisaster()]
        if state.round_table is not None and state.round_table.stage != "done":
            return rt.RoundTableRules().legal_actions(state.round_table)
        if state.phase == "labyrinth":
            return [EndLabyrinth(r) for r in LABYRINTH_ENDS] if not state.labyrinth_end else [Advance()]
        if state.step == "income" and not state.income_settled:
            return [SettleIncome(0)]
        if state.step == "kingdom_change" and not state.change_rolled:
            return [RollKingdomChange()]
        return [Advance()] if state.phase != "over" else []

    def step(self, state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
        if isinstance(action, GmSet):
            return _gm_set(state, action)
        if isinstance(action, GmSkip):
            return _enter(replace(state, effects=None, round_table=None), state.index + 1, forced=True)
        if state.effects is not None or isinstance(action, fx.Choose):
            if state.effects is None:
                raise RuleError("R-MK-01", "mk.error.effects.nothing_pending")
            return _run_effects(state, state.effects, action, dice)
        if isinstance(action, RollDisaster):
            if not state.disasters:
                raise RuleError("R-MK-20", "mk.error.session.no_disaster")
            return _run_effects(state, _effect_state(state), fx.RollTable("KDT"), dice)
        if state.round_table is not None and isinstance(action, rt.ACTIONS_TUPLE):
            new_rt, events = rt.RoundTableRules().step(state.round_table, action, dice)
            return replace(state, round_table=new_rt, kingdom=new_rt.kingdom, court=new_rt.court), events
        if isinstance(action, SetGoal):
            return replace(state, goal_met=action.met), ()
        if isinstance(action, LabyrinthTurn):
            self._need(state, "labyrinth", "")
            return replace(state, labyrinth_turns=state.labyrinth_turns + 1), ()
        if isinstance(action, EndLabyrinth):
            self._need(state, "labyrinth", "")
            if action.reason not in LABYRINTH_ENDS:
                raise RuleError("R-MK-01", "mk.error.session.bad_end", reason=action.reason,
                                reasons=", ".join(LABYRINTH_ENDS))
            return replace(state, labyrinth_end=action.reason), ()
        if isinstance(action, SettleIncome):
            self._need(state, "end", "income")
            if state.income_settled:
                raise RuleError("R-MK-01", "mk.error.session.done_already", step="income")
            return _settle(state, action)
        if isinstance(action, RollKingdomChange):
            self._need(state, "end", "kingdom_change")
            if state.change_rolled:
                raise RuleError("R-MK-01", "mk.error.session.done_already", step="kingdom_change")
            table = "KCT" if state.goal_met else "KMT"
            return _run_effects(replace(state, change_rolled=True), _effect_state(state), fx.RollTable(table), dice)
        if isinstance(action, Advance):
            return _advance(state)
        raise RuleError("R-MK-01", "mk.error.session.not_now", action=type(action).__name__,
                        phase=state.phase, step=state.step or "-")

    @staticmethod
    def _need(state: SessionState, phase: str, step: str) -> None:
        if state.phase != phase or (step and state.step != step):
            raise RuleError("R-MK-01", "mk.error.session.wrong_step", phase=state.phase, step=state.step or "-",
                            need=f"{phase}/{step}" if step else phase)

    def state_to_data(self, state: SessionState) -> Any:
        return state.to_data()

    def state_from_data(self, data: Any) -> SessionState:
        return SessionState.from_data(data)


def _effect_state(state: SessionState) -> fx.EffectState:
    return fx.EffectState(
        state.kingdom, state.court, goal_met=state.goal_met, labyrinth_turns=state.labyrinth_turns,
        disasters=state.disasters,
    )


def _run_effects(
    state: SessionState, effects: fx.EffectState, action: Action, dice: Dice
) -> tuple[SessionState, tuple[Event, ...]]:
    new, events = fx.EffectRules().step(effects, action, dice)
    state = replace(state, kingdom=new.kingdom, court=new.court, disasters=new.disasters,
                    effects=new if new.pending is not None else None)
    return state, events


def _enter(state: SessionState, index: int, forced: bool = False) -> tuple[SessionState, tuple[Event, ...]]:
    index = min(index, len(STEPS) - 1)
    phase, step = STEPS[index]
    state = replace(state, index=index)
    events: list[Event] = [PhaseEntered(phase, step)]
    if (phase, step) == ("kingdom", "round_table"):
        state = replace(state, round_table=rt.RoundTableState(state.kingdom, state.court))
    else:
        state = replace(state, round_table=None)
    if (phase, step) == ("end", "level_up") and state.goal_met:
        # The scenario goal was met: every land maker gains a level (R-MK-01).
        court = tuple(replace(c, level=c.level + 1) if c.pc else c for c in state.court)
        for old, new in zip(state.court, court, strict=True):
            if old.level != new.level:
                events.append(KingdomChanged(f"level/{old.id}", str(old.level), str(new.level), "level_up"))
        state = replace(state, court=court)
    return state, tuple(events)


def _advance(state: SessionState) -> tuple[SessionState, tuple[Event, ...]]:
    if state.phase == "over":
        raise RuleError("R-MK-01", "mk.error.session.over")
    if state.disasters:
        raise RuleError("R-MK-20", "mk.error.session.disaster_due", count=state.disasters)
    if state.round_table is not None and state.round_table.stage != "done":
        raise RuleError("R-MK-03", "mk.error.session.round_table_open")
    if state.phase == "labyrinth" and not state.labyrinth_end:
        raise RuleError("R-MK-01", "mk.error.session.labyrinth_open", reasons=", ".join(LABYRINTH_ENDS))
    if state.step == "income" and not state.income_settled:
        raise RuleError("R-MK-01", "mk.error.session.step_open", step="income")
    if state.step == "kingdom_change" and not state.change_rolled:
        raise RuleError("R-MK-01", "mk.error.session.step_open", step="kingdom_change")
    return _enter(state, state.index + 1)


def _settle(state: SessionState, act: SettleIncome) -> tuple[SessionState, tuple[Event, ...]]:
    k = state.kingdom
    budget = k.budget + act.income - (k.upkeep if act.pay_upkeep else 0)
    new = replace(k, budget=max(0, budget))
    event = KingdomChanged("budget", str(k.budget), str(new.budget), "income")
    return replace(state, kingdom=new, income_settled=True), (event,)


SESSION_FIELDS = ("disasters", "goal_met", "labyrinth_turns")
"""Session counters a GM ruling may set (``GmSet("session", "disasters", 0)`` waives due disasters)."""


def _gm_set(state: SessionState, act: GmSet) -> tuple[SessionState, tuple[Event, ...]]:
    """R-MK-01b: set a kingdom, character or session field to a value of the right type.

    Voice still goes through the voice gate, so a ruling that lowers it can make a kingdom
    disaster due (R-MK-20); the GM waives one with another ruling on ``session.disasters``.
    """
    if act.target == "session":
        if act.field not in SESSION_FIELDS:
            raise RuleError("R-MK-01b", "mk.error.session.bad_field", field=act.field, fields=", ".join(SESSION_FIELDS))
        value: Any = act.value
        wants_bool = act.field == "goal_met"
        ok = isinstance(value, bool) if wants_bool else (type(value) is int and value >= 0)
        if not ok:
            raise RuleError("R-MK-01b", "mk.error.session.bad_value", field=act.field, value=repr(act.value))
        event_s = KingdomChanged(f"session.{act.field}", str(getattr(state, act.field)), str(act.value), "gm_ruling")
        changes: dict[str, Any] = {act.field: act.value}
        return replace(state, **changes), (event_s,)
    if act.target == "kingdom":
        obj: Any = state.kingdom
    else:
        obj = next((c for c in state.court if c.id == act.target), None)
        if obj is None:
            raise RuleError("R-MK-01b", "mk.error.unknown_character", id=act.target,
                            known=", ".join(["kingdom", *(c.id for c in state.court)]))
    names = {f.name: f for f in fields(obj)}
    if act.field not in names or act.field in ("id", "maps", "items", "skills"):
        raise RuleError("R-MK-01b", "mk.error.session.bad_field", field=act.field,
                        fields=", ".join(n for n in names if n not in ("id", "maps", "items", "skills")))
    from typing import get_type_hints

    hint = get_type_hints(type(obj))[act.field]
    try:
        value = from_data(hint, act.value)
    # A value of the wrong shape (a number for a mapping, say) fails inside from_data with these too.
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise RuleError("R-MK-01b", "mk.error.session.bad_value", field=act.field, value=repr(act.value)) from exc
    old = getattr(obj, act.field)
    new_obj = replace(obj, **{act.field: value})
    event = KingdomChanged(f"{act.target}.{act.field}", str(old), str(value), "gm_ruling")
    if act.target == "kingdom" and act.field == "voice":
        kingdom, voice_events, disaster = change_voice(state.kingdom, value - old, "gm_ruling")
        return replace(state, kingdom=kingdom, disasters=state.disasters + int(disaster)), voice_events
    if act.target == "kingdom":
        return replace(state, kingdom=new_obj), (event,)
    return replace(state, court=tuple(new_obj if c.id == act.target else c for c in state.court)), (event,)
