"""Data kept for the cycle under way outside battle (R-MK-07, R-MK-08, R-MK-17): the auxiliaries a land maker
used on called checks (once per cycle by name) and the monster skills they paid 1 hope for (a constant one
lasts until the cycle ends). The cycle is the kingdom phase's cycle of actions or the labyrinth's quarter (a
camp is a quarter too); battle keeps its own (its round). The session keeps both in
:attr:`~.session_state.SessionState.cycle_data`, each mark with the cycle it belongs to, so a new cycle
starts clean without anything being reset.

>>> from meikyu.systems.meikyu_kingdom.session import new_session
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> state = new_session(sample())
>>> cycle_key(state)      # the preparation step is no cycle: nothing is kept there
''
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.called import ConsentVoice, CycleUse
from meikyu.systems.meikyu_kingdom.check.hope import HopeReduced, reduce_hope, use_monster_skill
from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
from meikyu.systems.meikyu_kingdom.session_state import SessionState
from meikyu.systems.meikyu_kingdom.sheets.character import Skill

SPENT = "spent"
"""A mark for an auxiliary or interrupt used on a called check (R-MK-08)."""
PAID = "paid"
"""A mark for a monster skill paid for (R-MK-17)."""


@dataclass(frozen=True)
class PayMonsterSkill(Action):
    """Outside battle, ``actor`` declares a monster skill they hold and pays 1 hope (R-MK-17) from ``source``,
    their ``drive`` or the court's ``voice`` (R-MK-13: with another land maker able, their consent is asked
    first): a constant one then adds to their checks until the cycle ends. Not an action of its own: the
    land maker is not made acted (the battle's ``UseMonsterSkill`` is its twin in a round)."""

    actor: str
    skill: str
    source: str = "drive"


def cycle_key(state: SessionState) -> str:
    """The cycle under way outside battle: ``kingdom:N`` (the kingdom phase's cycle of actions), ``quarter:N``
    (the labyrinth's quarter, camp included); ``""`` where the game is in no cycle (preparation, the round
    table, the end phase)."""
    if state.phase == "kingdom" and state.step == "actions" and state.actions is not None:
        return f"kingdom:{state.actions.number}"
    if state.phase == "labyrinth" and state.expedition is not None and not state.labyrinth_end:
        return f"quarter:{state.expedition.quarters}"
    return ""


def marks(state: SessionState, actor: str, kind: str) -> tuple[str, ...]:
    """The names ``actor`` has marked ``kind`` in the cycle under way."""
    key = cycle_key(state)
    if not key:
        return ()
    return tuple(n for a, k, n, c in state.cycle_data if a == actor and k == kind and c == key)


def cycle_use(state: SessionState, actor: str) -> CycleUse:
    """What a called check of ``actor`` takes from the game and the cycle (session 9's switches): minion
    help only while it matters; the data already used this cycle — on a check or declared as the cycle's
    own auxiliary or interrupt (R-MK-08) —; the monster skills paid for (R-MK-17)."""
    spent: tuple[str, ...] = ()
    if state.data_followups:
        spent = marks(state, actor, SPENT)
        cycle = _cycle(state)
        if cycle is not None:
            spent += tuple(n for a, t, n in sorted(cycle.used) if a == actor and t in ("auxiliary", "interrupt"))
    return CycleUse(useful_help=state.useful_help, spent=tuple(dict.fromkeys(spent)), paid=marks(state, actor, PAID))


def mark(state: SessionState, actor: str, kind: str, names: tuple[str, ...]) -> SessionState:
    """``names`` marked ``kind`` for ``actor`` in the cycle under way; marks of cycles past are dropped."""
    key = cycle_key(state)
    new = tuple(n for n in dict.fromkeys(names) if n not in marks(state, actor, kind))
    if not key or not new:
        return state
    kept = tuple(m for m in state.cycle_data if m[3] == key)
    state = replace(state, cycle_data=(*kept, *((actor, kind, n, key) for n in new)))
    cycle = _cycle(state)
    if kind != SPENT or cycle is None:
        return state
    # the cycle's own count too, so declaring the same data as the cycle's action is refused (R-MK-08)
    char = state.character(actor)
    timing = {d.name: d.acts.timing for d in (*char.skills, *char.items) if d is not None and d.acts is not None}
    used = cycle.used | {(actor, timing.get(n, "auxiliary"), n) for n in new}
    if state.phase == "kingdom":
        return replace(state, actions=replace(cycle, used=used))
    assert state.expedition is not None
    return replace(state, expedition=replace(state.expedition, camp=replace(cycle, used=used)))


def unpaid(state: SessionState, actor: str) -> tuple[Skill, ...]:
    """``actor``'s constant monster skills that act as data and are not paid for this cycle (R-MK-17)."""
    if not cycle_key(state) or actor in state.conditions:
        return ()
    paid = marks(state, actor, PAID)
    return tuple(s for s in state.character(actor).skills
                 if s.monster and s.type == "constant" and s.acts is not None and s.name not in paid)


def offers(state: SessionState) -> list[Action]:
    """The monster skills the court may pay for now: each land maker's unpaid ones, from their drive or the
    court's voice while it pays (R-MK-13)."""
    if state.battle is not None or state.called is not None or state.effects is not None or state.consent_for:
        return []
    sources = [(c, src) for c in state.court for src, have in (("drive", c.drive), ("voice", state.kingdom.voice))
               if have >= 1]
    return [PayMonsterSkill(c.id, s.name, src) for c, src in sources for s in unpaid(state, c.id)]


def pay(state: SessionState, act: PayMonsterSkill) -> tuple[SessionState, tuple[Event, ...]]:
    """R-MK-17: 1 hope as the skill is declared; the payment is kept to the cycle's end. From the voice
    with another land maker able to act, their consent is asked first (R-MK-13): nothing is paid yet."""
    if state.battle is not None or state.called is not None or state.effects is not None or not cycle_key(state):
        raise RuleError("R-MK-17", "mk.error.session.not_now", action="PayMonsterSkill", phase=state.phase,
                        step=state.step or "-")
    skill = next((s for s in unpaid(state, act.actor) if s.name == act.skill), None)
    if skill is None:
        known = ", ".join(s.name for s in unpaid(state, act.actor)) or "-"
        raise RuleError("R-MK-17", "mk.error.session.no_monster_skill", id=act.actor, data=act.skill, known=known)
    # the source and the hope there are checked now, so a consent is never asked for what cannot be paid
    reduce_hope(state.kingdom, state.character(act.actor), act.source, 1, rule="R-MK-17")
    if act.source == "voice" and any(c != act.actor for c in state.able()):
        return replace(state, consent_for=(act.actor, skill.name)), ()
    return _paid(state, act.actor, skill, act.source)


def consent(state: SessionState, action: Action) -> tuple[SessionState, tuple[Event, ...]]:
    """The other players answer ``voice_consent`` for a monster skill's hope (R-MK-13): agreed, the voice
    pays it (a disaster may fall due, R-MK-20); refused, nothing is spent and the declaration is undone."""
    if not isinstance(action, ConsentVoice):
        raise RuleError("R-MK-13", "mk.error.called.not_now", stage="consent")
    actor, name = state.consent_for
    state = replace(state, consent_for=())
    skill = next(s for s in unpaid(state, actor) if s.name == name)
    return _paid(state, actor, skill, "voice") if action.agree else (state, ())


def _paid(state: SessionState, actor: str, skill: Skill, source: str) -> tuple[SessionState, tuple[Event, ...]]:
    kingdom, paid, events, disaster = use_monster_skill(state.kingdom, state.character(actor), skill, source)
    court = tuple(paid if c.id == actor else c for c in state.court)
    said = tuple(e for e in events if not isinstance(e, HopeReduced))  # the skill's own line names the payment
    state = replace(state, kingdom=kingdom, court=court, disasters=state.disasters + int(disaster))
    return mark(state, actor, PAID, (skill.name,)), said


def _cycle(state: SessionState) -> CycleState | None:
    if state.phase == "kingdom" and state.step == "actions":
        return state.actions
    if state.expedition is not None:
        return state.expedition.camp
    return None
