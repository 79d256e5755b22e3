"""A game of Meikyuu Kingdom walked phase by phase (R-MK-01, R-MK-01b, R-MK-02).

preparation → kingdom (prologue → round table → actions → departure) → labyrinth → end (income →
kingdom change → level up) → over. The round table runs inside the kingdom phase (:mod:`.kingdom.round_table`);
the kingdom change roll (KCT when the scenario goal was met, KMT when not) and kingdom disasters run through
:mod:`.kingdom.effects`. The GM may override anything (R-MK-01b): :class:`GmSet` sets a value, :class:`GmSkip`
forces the next step; both are ordinary actions kept in the history, so undo and replay still work.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.engine import Game
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> g = Game(SessionRules(), SessionState(s.kingdom, s.characters), ScriptedDice([3, 4]))
>>> for _ in range(2): _ = g.play(Advance())
>>> g.state.phase, g.state.step
('kingdom', 'round_table')
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import TEXT_LIMIT, Action, Event
from meikyu.errors import DataError, RuleError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.meikyu_kingdom import cycle_data as cd
from meikyu.systems.meikyu_kingdom import gm_rulings
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.combat import actions as battle_actions
from meikyu.systems.meikyu_kingdom.combat.model import DEAD, INCAPACITATED
from meikyu.systems.meikyu_kingdom.events import CitizensChanged, KingdomChanged, MinionsChanged, PhaseEntered
from meikyu.systems.meikyu_kingdom.expedition import battle as seam
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.expedition import quarters, wounds
from meikyu.systems.meikyu_kingdom.expedition.events import ConditionChanged
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom import facility_use as fu
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.kingdom.cooperation import check_eligible
from meikyu.systems.meikyu_kingdom.session_state import LABYRINTH_ENDS, STEPS, SessionState, settable_fields

__all__ = ["LABYRINTH_ENDS", "STEPS", "SessionRules", "SessionState", "new_session"]

ACTIONS = TypeRegistry()



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


@ACTIONS.register
@dataclass(frozen=True)
class CallCheck(Action):
    """The GM calls for a check (R-MK-10): ``actor`` rolls ``stat`` vs ``difficulty``; the roller then
    chooses hope, dice and minion help through prompts."""

    actor: str
    stat: str
    difficulty: int
    modifier: int = 0
    hidden: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class RollTravel(Action):
    """Departure: roll the travel table (TT) on the way to the labyrinth."""

    roller: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class NextSession(Action):
    """The game is over: the next one starts from where this one ended."""


for _cls in (
    rt.AssignMinions, rt.EndOrganization, rt.RequestItem, rt.RequestFacility, rt.RequestPassage,
    rt.RequestDestroy, rt.Approve, rt.Refuse, rt.EndBudget, fx.Choose, *ex.ACTION_TYPES,
    cc.DeclareHope, cc.ConsentVoice, *ck.ACTIONS_TUPLE, fu.UseFacility, *gm_rulings.ACTION_TYPES, cd.PayMonsterSkill,
):
    ACTIONS.register(_cls)
ACTIONS.include(cy.ACTIONS, "cycle")
ACTIONS.include(battle_actions.ACTIONS, "battle")

CALLED_ACTIONS = (cc.DeclareHope, cc.ConsentVoice, *ck.ACTIONS_TUPLE)
CYCLE_ACTIONS = (cy.Act, cy.Cooperate, cy.UseCooperation, cy.Resolve, cy.Pass)
BATTLE_ACTIONS = tuple(battle_actions.ACTIONS._types.values())


class SessionRules:
    """One game from preparation to the end phase, and on to the next (R-MK-01, R-MK-02)."""

    id = "mk.session"
    actions = ACTIONS

    def legal_actions(self, state: SessionState) -> list[Action]:
        if state.consent_for:  # the court's voice for a monster skill (R-MK-13)
            return [cc.ConsentVoice(True), cc.ConsentVoice(False)]
        return [*self._legal(state), *cd.offers(state)]  # monster skills paid for outside battle (R-MK-17)

    def _legal(self, state: SessionState) -> list[Action]:
        if state.effects is not None:
            return fx.EffectRules().legal_actions(state.effects)
        if state.called is not None:
            return cc.legal(state.called, state.kingdom, state.court)
        if state.battle is not None:
            from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions

            return list(legal_actions(state.battle))
        if state.disasters:
            return [RollDisaster()]
        if state.round_table is not None and state.round_table.stage != "done":
            return rt.RoundTableRules().legal_actions(state.round_table)
        if state.phase == "labyrinth":
            if state.expedition is not None and not state.labyrinth_end:
                return ex.legal(state)
            return [EndLabyrinth(r) for r in LABYRINTH_ENDS] if not state.labyrinth_end else [Advance()]
        if state.actions is not None and state.step == "actions":
            listed: list[Action] = cy.CycleRules().legal_actions(state.actions)
            if state.data_acts:  # the kingdom's facilities' actions (R-MK-08, kingdom.facility_use)
                listed += fu.offered(state.kingdom, state.actions, state.facilities_used)
            return listed if state.actions.stack else [Advance(), *listed]
        if state.step == "income" and not state.income_settled:
            return [SettleIncome(0)]
        if state.step == "kingdom_change" and not state.change_rolled:
            return [RollKingdomChange()]
        if state.phase == "over":
            return [NextSession()]
        if state.step == "departure":
            return [Advance(), RollTravel()]  # the travel table is the GM's call (a journey between lands)
        return [Advance()]

    def step(self, state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
        state, events = self._step(state, action, dice)
        # a fatal-wound check outside battle waits until nothing else does (R-MK-31, expedition.wounds)
        return wounds.next_check(state), events

    def _step(self, state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
        if isinstance(action, GmSet):
            ruled, said = _gm_set(state, action)  # games before session 8 replay with the round table's copy as it was
            return (gm_rulings.synced(ruled) if state.seed_review else ruled), said
        if isinstance(action, gm_rulings.ACTION_TYPES):
            return gm_rulings.step(state, action, dice)
        if isinstance(action, GmSkip):
            skipped = replace(state, effects=None, round_table=None, called=None, battle=None, actions=None, consent_for=())
            return _enter(skipped, state.index + 1, forced=True)
        if state.consent_for:
            return cd.consent(state, action)
        if state.effects is not None or isinstance(action, fx.Choose):
            if state.effects is None:
                raise RuleError("R-MK-01", "mk.error.effects.nothing_pending")
            return _run_effects(state, state.effects, action, dice)
        if state.called is not None or isinstance(action, CALLED_ACTIONS):
            return _answer_check(state, action, dice)
        if state.battle is not None or (isinstance(action, BATTLE_ACTIONS) and not isinstance(action, CYCLE_ACTIONS)):
            return _battle_step(state, action, dice)
        if isinstance(action, RollDisaster):
            if not state.disasters:
                raise RuleError("R-MK-20", "mk.error.session.no_disaster")
            return _run_effects(state, _effect_state(state), fx.RollTable("KDT"), dice)
        if state.round_table is not None and isinstance(action, rt.ACTIONS_TUPLE):
            new_rt, events = rt.RoundTableRules().step(state.round_table, action, dice)
            return replace(state, round_table=new_rt, kingdom=new_rt.kingdom, court=new_rt.court), events
        if isinstance(action, CallCheck):
            return _call_check(state, action)
        if isinstance(action, cd.PayMonsterSkill):
            return cd.pay(state, action)
        if isinstance(action, CYCLE_ACTIONS):
            return _cycle_step(state, action, dice)
        if isinstance(action, fu.UseFacility) and state.data_acts and state.actions is not None \
                and state.step == "actions":
            t = fu.take(state.kingdom, state.actions, state.facilities_used, action, _effect_state(state), dice)
            return replace(state, actions=t.cycle, facilities_used=t.used, kingdom=t.effects.kingdom,
                           court=t.effects.court, disasters=t.effects.disasters,
                           effects=t.effects if t.effects.waiting else None), t.events
        if isinstance(action, ex.ACTION_TYPES):
            self._need(state, "labyrinth", "")
            if state.labyrinth_end:
                raise RuleError("R-MK-01", "mk.error.session.done_already", step="labyrinth")
            return ex.step(state, action, dice)
        if isinstance(action, SetGoal):
            return replace(state, goal_met=action.met), ()
        if isinstance(action, RollTravel):
            self._need(state, "kingdom", "departure")
            return _run_effects(state, _effect_state(state), fx.RollTable("TT", action.roller), dice)
        if isinstance(action, LabyrinthTurn):
            self._need(state, "labyrinth", "")
            return replace(state, labyrinth_turns=state.labyrinth_turns + 1), ()
        if isinstance(action, EndLabyrinth):
            self._need(state, "labyrinth", "")
            if action.reason not in LABYRINTH_ENDS:
                raise RuleError("R-MK-01", "mk.error.session.bad_end", reason=action.reason,
                                reasons=", ".join(LABYRINTH_ENDS))
            if state.expedition is not None and not state.labyrinth_end:
                left: list[Event] = []
                return quarters.leave(state, action.reason, left), tuple(left)
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
        if isinstance(action, NextSession):
            if state.phase != "over":
                raise RuleError("R-MK-01", "mk.error.play.not_over", phase=state.phase)
            return next_session(state)
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


def _call_check(state: SessionState, act: CallCheck) -> tuple[SessionState, tuple[Event, ...]]:
    """R-MK-10: the GM names the stat and difficulty; the check waits for its roller's choices."""
    if state.battle is not None or state.round_table is not None and state.round_table.stage != "done":
        raise RuleError("R-MK-10", "mk.error.session.not_now", action="CallCheck", phase=state.phase,
                        step=state.step or "-")
    # What the GM reads off the check is the GM's (a table's text may count the shortfall or the best
    # success: CHT 10, FRT 12), so every point is weighed when the 6s are (RULINGS).
    call = cc.Call(act.actor, act.stat, act.difficulty, "gm", act.modifier, act.hidden, stakes="achievement")
    # Refuse what the check would refuse (unknown roller or stat …) before anything waits on it.
    ck.validate(ck.CheckState(state.kingdom, state.court), ck.DeclareCheck(act.actor, act.stat, act.difficulty))
    if act.actor in state.conditions:
        raise RuleError("R-MK-31", "mk.error.labyrinth.cannot_act", actor=act.actor, condition=state.conditions[act.actor])
    return ex.call_check(state, call), ()


def _answer_check(state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    if state.called is None:
        raise RuleError("R-MK-10", "mk.error.called.nothing", action=type(action).__name__)
    base = state.called
    # While the check runs its copy of the kingdom and court is the live one (hope paid, minions spent).
    kingdom, court = (base.check.kingdom, base.check.court) if base.check is not None else (state.kingdom, state.court)
    called, events = cc.answer(base, action, kingdom, court, dice, state.sixes_prompt, state.sixes_stakes,
                               critical_drive=state.seed_review, facilities=state.data_acts,
                               cycle=cd.cycle_use(state, base.call.actor))
    done = called.check
    if done is None:
        return replace(state, called=called), events
    if not called.done:
        return replace(state, called=called, kingdom=done.kingdom, court=done.court), events
    state = replace(state, called=None, kingdom=done.kingdom, court=done.court,
                    disasters=state.disasters + done.disasters)
    if state.data_followups:  # the data it used counts once per cycle by name (R-MK-08)
        state = cd.mark(state, called.call.actor, cd.SPENT, done.data_used)
    more: list[Event] = list(events)
    state = ex.after_check(state, called.call, done, dice, more)
    return state, tuple(more)


def _battle_step(state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """A battle action: the battle moves on; its voice changes go through the one voice path (R-MK-20)."""
    from meikyu.systems.meikyu_kingdom.combat.rules import step as battle_step

    if state.battle is None:
        raise RuleError("R-MK-21", "mk.error.play.no_battle", action=type(action).__name__)
    battle, events = battle_step(state.battle, action, dice)
    kingdom, due = seam.sync(state.kingdom, state.battle, battle)
    state = replace(state, battle=battle, kingdom=kingdom, disasters=state.disasters + due,
                    broken=(*state.broken, *seam.broken_items(events)))
    out: list[Event] = list(events)
    if battle.phase == "over":
        state = ex.battle_over(state, out, dice)
    return state, tuple(out)


def _cycle_step(state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """Planned, support, auxiliary and interrupt actions of the kingdom phase or of a camp (R-MK-07, R-MK-08)."""
    if isinstance(action, cy.Cooperate) and state.seed_review:
        # not for a target toward whom the helper's enmity exceeds their favor (R-MK-12)
        check_eligible(state.court, action.helper, action.target)
    exp = state.expedition
    if state.phase == "labyrinth" and exp is not None and exp.stage == "camp" and exp.camp is not None:
        if isinstance(action, (cy.Act, cy.Pass, cy.Cooperate)):
            ident = action.helper if isinstance(action, cy.Cooperate) else action.actor
            if ident in state.conditions and (state.seed_review or not isinstance(action, cy.Cooperate)):
                raise RuleError("R-MK-31", "mk.error.labyrinth.cannot_act", actor=ident, condition=state.conditions[ident])
        cycle, events = cy.CycleRules().step(exp.camp, action, dice)
        return ex.camp_moved(state, cycle, list(events), dice)
    if state.actions is None or state.step != "actions":
        raise RuleError("R-MK-07", "mk.error.play.no_cycle", action=type(action).__name__)
    cycle, events = cy.CycleRules().step(state.actions, action, dice)
    return replace(state, actions=cycle), events


def _effect_state(state: SessionState) -> fx.EffectState:
    return fx.EffectState(
        state.kingdom, state.court, goal_met=state.goal_met, labyrinth_turns=state.labyrinth_turns,
        disasters=state.disasters, sixes_prompt=state.sixes_prompt, sixes_stakes=state.sixes_stakes,
        seed_review=state.seed_review, data_acts=state.data_acts, useful_help=state.useful_help,
    )


def _run_effects(
    state: SessionState, effects: fx.EffectState, action: Action, dice: Dice
) -> tuple[SessionState, tuple[Event, ...]]:
    new, events = fx.EffectRules().step(effects, action, dice)
    before = {c.id: c.hp for c in state.court}
    state = replace(state, kingdom=new.kingdom, court=new.court, disasters=new.disasters,
                    effects=new if new.waiting else None)
    if not state.seed_review:
        return state, events
    more = list(events)  # a table's HP loss (the travel table's) at 0 or below: the fatal-wound table (R-MK-31)
    for char in state.court:
        lost = before.get(char.id, char.hp) - char.hp
        if lost > 0 and char.hp <= 0 < before[char.id] and char.id not in state.conditions:
            state = wounds.fatal_wound(state, char.id, lost, dice, more)
    return state, tuple(more)


def _enter(state: SessionState, index: int, forced: bool = False) -> tuple[SessionState, tuple[Event, ...]]:
    index = min(index, len(STEPS) - 1)
    phase, step = STEPS[index]
    state = replace(state, index=index)
    events: list[Event] = [PhaseEntered(phase, step)]
    state = replace(state, round_table=None, actions=None)
    if (phase, step) == ("kingdom", "round_table"):
        state = replace(state, round_table=rt.RoundTableState(state.kingdom, state.court,
                                                                       seed_review=state.seed_review))
    elif (phase, step) == ("kingdom", "actions"):
        state = replace(state, actions=cy.CycleState(state.able()))
    elif phase == "labyrinth" and state.labyrinth is not None:
        state = ex.begin(state)
    elif (phase, step) == ("end", "income"):
        state = _homecoming(state, events)
    if (phase, step) == ("end", "level_up") and state.goal_met:
        gaining = gains_level(state)
        court = tuple(replace(c, level=c.level + 1) if c.id in gaining else c for c in state.court)
        for old, new in zip(state.court, court, strict=True):
            if old.level != new.level:
                events.append(KingdomChanged(f"level/{old.id}", str(old.level), str(new.level), "level_up"))
        state = replace(state, court=court)
    return state, tuple(events)


def gains_level(state: SessionState) -> tuple[str, ...]:
    """Who gains a level at the end phase's level-up (R-MK-01): with the scenario goal met, every land maker
    still alive; nobody otherwise. (The table shows it on their sheets from that step on.)

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> s = new_session(sample())
    >>> gains_level(s), gains_level(replace(s, goal_met=True))
    ((), ('haneul', 'doyun', 'seoa', 'mir'))
    """
    if not state.goal_met:
        return ()
    return tuple(c.id for c in state.court if c.pc and state.conditions.get(c.id) != DEAD)


def _homecoming(state: SessionState, events: list[Event]) -> SessionState:
    """Before the end phase's report the minions go home (ruling): each land maker's surviving minions
    become citizens again, and of those lost in the labyrinth — not those sent home by desertion or
    transport (R-MK-45) — up to [military level] come back too."""
    exp = state.expedition
    k = state.kingdom
    citizens = k.citizens
    court = []
    for char in state.court:
        back = char.minions
        if exp is not None:
            lost = exp.departed.get(char.id, 0) - char.minions - exp.sent_home.get(char.id, 0)
            back += min(max(0, lost), k.military)
        if char.minions:
            events.append(MinionsChanged(char.id, char.minions, 0, "homecoming"))
        citizens += back
        court.append(replace(char, minions=0))
    if citizens != k.citizens:
        events.append(CitizensChanged(k.citizens, citizens, "homecoming"))
    return replace(state, court=tuple(court), kingdom=replace(k, citizens=citizens))


def next_session(state: SessionState) -> tuple[SessionState, tuple[Event, ...]]:
    """The next game starts from this one's end (R-MK-01). The dead are gone for good (R-MK-34); the
    others come home rested (HP to full, no bad status, ruling); the number of land makers follows the
    court (R-MK-20)."""
    dead = tuple(c.id for c in state.court if state.conditions.get(c.id) == DEAD)
    court = tuple(replace(c, hp=c.max_hp, statuses=frozenset()) for c in state.court if c.id not in dead)
    pcs = sum(1 for c in court if c.pc)
    kingdom = replace(state.kingdom, land_makers=max(1, pcs))
    fresh = SessionState(kingdom, court, labyrinth=state.labyrinth, number=state.number + 1,
                         fallen=(*state.fallen, *dead), sixes_prompt=state.sixes_prompt,
                         sixes_stakes=state.sixes_stakes, seed_review=state.seed_review,
                         ghost_rule=state.ghost_rule, data_acts=state.data_acts)
    return fresh, (PhaseEntered("preparation", ""),)


def new_session(sheet: Any, labyrinth: Any = None) -> SessionState:
    """A first game for a sheet file's kingdom and court, on ``labyrinth`` (or on paper when ``None``).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    >>> s = new_session(sample(), sample_labyrinth())
    >>> s.phase, s.kingdom.land_makers, s.labyrinth.entrance
    ('preparation', 4, 'gate')
    """
    pcs = sum(1 for c in sheet.characters if c.pc)
    kingdom = replace(sheet.kingdom, land_makers=max(1, pcs))
    return SessionState(kingdom, tuple(sheet.characters), labyrinth=labyrinth, sixes_prompt=True,
                        sixes_stakes=True, seed_review=True, data_acts=True, useful_help=True, data_followups=True)


def _advance(state: SessionState) -> tuple[SessionState, tuple[Event, ...]]:
    if state.phase == "over":
        raise RuleError("R-MK-01", "mk.error.session.over")
    if state.disasters:
        raise RuleError("R-MK-20", "mk.error.session.disaster_due", count=state.disasters)
    if state.round_table is not None and state.round_table.stage != "done":
        raise RuleError("R-MK-03", "mk.error.session.round_table_open")
    if state.actions is not None and state.actions.stack:
        raise RuleError("R-MK-08", "mk.error.cycle.open_actions")
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


def _modest(value: Any, depth: int = 0) -> bool:
    """A value a table could hold: numbers within a million, texts of at most ``TEXT_LIMIT`` characters, at most 100
    entries in a list or mapping, nested at most 3 deep (a ruling's value is stored and shown to every seat)."""
    if isinstance(value, bool) or value is None:
        return True
    if isinstance(value, int):
        return abs(value) <= 1_000_000
    if isinstance(value, str):
        return len(value) <= TEXT_LIMIT
    if isinstance(value, (list, tuple, dict)) and depth < 3 and len(value) <= 100:
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        return all((k is None or _modest(k, depth + 1)) and _modest(v, depth + 1) for k, v in items)
    return False


def _shown(value: Any) -> str:
    """A field's current value as a GM would type it (JSON: 6, true, "text"), for a refusal's example."""
    return json.dumps(to_data(value), ensure_ascii=False)[:80]


def _gm_set(state: SessionState, act: GmSet) -> tuple[SessionState, tuple[Event, ...]]:
    """R-MK-01b: set a kingdom, character or session field to a value of the right type.

    Voice still goes through the voice gate, so a ruling that lowers it can make a kingdom
    disaster due (R-MK-20); the GM waives one with another ruling on ``session.disasters``.
    """
    if not _modest(act.value):
        raise RuleError("R-MK-01b", "mk.error.session.too_big", field=act.field, value=repr(act.value)[:40])
    if act.target == "session":
        if act.field not in settable_fields("session"):
            raise RuleError("R-MK-01b", "mk.error.session.bad_field", field=act.field,
                            fields=", ".join(settable_fields("session")))
        value: Any = act.value
        wants_bool = act.field in ("goal_met", "transport_rule", "ghost_rule")
        ok = isinstance(value, bool) if wants_bool else (type(value) is int and value >= 0)
        if not ok:
            raise RuleError("R-MK-01b", "mk.error.session.bad_value", field=act.field, value=repr(act.value),
                            now=_shown(getattr(state, act.field)))
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
    settable = settable_fields(act.target)
    if act.field not in settable:
        raise RuleError("R-MK-01b", "mk.error.session.bad_field", field=act.field, fields=", ".join(settable))
    from typing import get_type_hints

    hint = get_type_hints(type(obj))[act.field]
    try:
        value = from_data(hint, act.value)
    # A value of the wrong shape (a number for a mapping, say) fails inside from_data with these too.
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        raise RuleError("R-MK-01b", "mk.error.session.bad_value", field=act.field, value=repr(act.value),
                        now=_shown(getattr(obj, act.field))) from exc
    old = getattr(obj, act.field)
    new_obj = replace(obj, **{act.field: value})
    try:  # what a sheet may not hold, a ruling may not make (an unknown status, a negative budget)
        type(new_obj).from_data(new_obj.to_data(), file="GM", entry=act.target)
    except DataError as exc:
        raise RuleError("R-MK-01b", "mk.error.session.bad_value_because", field=act.field, value=repr(act.value),
                        reason=exc) from exc
    event = KingdomChanged(f"{act.target}.{act.field}", str(old), str(value), "gm_ruling")
    if act.target == "kingdom" and act.field == "voice":
        kingdom, voice_events, disaster = change_voice(state.kingdom, value - old, "gm_ruling")
        return replace(state, kingdom=kingdom, disasters=state.disasters + int(disaster)), voice_events
    if act.target == "kingdom":
        return replace(state, kingdom=new_obj), (event,)
    state = replace(state, court=tuple(new_obj if c.id == act.target else c for c in state.court))
    if act.field == "hp" and value >= 1 and state.conditions.get(act.target) == INCAPACITATED \
            and state.seed_review:
        # HP back above 0 stands the incapacitated up again (R-MK-31), as healing does; the dead stay dead
        # (R-MK-34: only a revival item)
        rest = {k: v for k, v in state.conditions.items() if k != act.target}
        return replace(state, conditions=rest), (event, ConditionChanged(act.target, "ok"))
    return state, (event,)
