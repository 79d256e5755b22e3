"""Effects on the court in the labyrinth phase: HP lost outside battle (R-MK-31), traps' and events'
outcomes, healing, and the haul; with the small helpers every labyrinth module uses to reach the
expedition.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.errors import RuleError
from meikyu.formula import evaluate
from meikyu.systems.meikyu_kingdom.check.called import Call, CalledCheck
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.combat.model import DEAD, INCAPACITATED
from meikyu.systems.meikyu_kingdom.expedition import wounds
from meikyu.systems.meikyu_kingdom.expedition.events import (
    ConditionChanged,
    HaulGained,
    HpChanged,
    StatusGained,
)
from meikyu.systems.meikyu_kingdom.labyrinth.map import Labyrinth, Outcome
from meikyu.systems.meikyu_kingdom.session_state import Expedition, SessionState


def lab_error(key: str, rule: str = "R-MK-01", **params: Any) -> RuleError:
    return RuleError(rule, f"mk.error.labyrinth.{key}", **params)


def lab_of(state: SessionState) -> tuple[Labyrinth, Expedition]:
    if state.labyrinth is None or state.expedition is None:
        raise lab_error("no_map")
    return state.labyrinth, state.expedition


def with_expedition(state: SessionState, **changes: Any) -> SessionState:
    assert state.expedition is not None
    return replace(state, expedition=replace(state.expedition, **changes))


def call_check(state: SessionState, call: Call) -> SessionState:
    """``call`` waits for its roller, with the cooperation waiting for the roller's next check
    (R-MK-12): the accepted cooperation of the cycle under way — the kingdom phase's actions or a
    camp — on the roller is taken out of the cycle and adds each helper's favor to this check.
    Games created before session 7 (``seed_review`` off) never used it."""
    cycle = state.actions if state.step == "actions" else None
    exp = state.expedition
    if state.phase == "labyrinth" and exp is not None and exp.camp is not None:
        cycle = exp.camp
    if not state.seed_review or cycle is None or not call.actor:
        return replace(state, called=CalledCheck(call))
    helpers = tuple(dict.fromkeys(h for h, t, _ in cycle.cooperation if t == call.actor))
    if not helpers:
        return replace(state, called=CalledCheck(call))
    left = replace(cycle, cooperation=tuple(c for c in cycle.cooperation if c[1] != call.actor))
    state = replace(state, called=CalledCheck(replace(call, helpers=helpers)))
    return replace(state, actions=left) if cycle is state.actions else with_expedition(state, camp=left)


def lose_hp(
    state: SessionState, actor: str, amount: int, reason: str, events: list[Event], dice: Dice, *, armor: bool = False
) -> SessionState:
    """HP loss outside battle. ``armor``: it is damage (a trap's, poison's, a fall's), which the armor
    carried reduces — unlike an HP reduction (hunger, R-MK-32) — in games created since session 7 (R-MK-30).

    At HP ≤ 0 a land maker rolls the fatal-wound table (R-MK-31, :func:`.wounds.fatal_wound`), and
    damage to one already incapacitated kills; an HP reduction does not ("데미지를 받으면"). Games
    created before session 7 (``seed_review`` off) rolled no table: HP ≤ 0 incapacitated, and any loss
    while incapacitated killed."""
    char = state.character(actor)
    review = state.seed_review
    if armor and review:
        amount -= char.armor_reduction()
    if amount <= 0 or state.conditions.get(actor) == DEAD:
        return state
    new = replace(char, hp=char.hp - amount)
    events.append(HpChanged(actor, char.hp, new.hp, reason))
    state = state.put(new)
    cond = dict(state.conditions)
    if actor in cond:
        if review and not armor:
            return state
        cond[actor] = DEAD
    elif new.hp <= 0:
        if review:
            return wounds.fatal_wound(state, actor, amount, dice, events)
        cond[actor] = INCAPACITATED
    if cond != state.conditions:
        events.append(ConditionChanged(actor, cond[actor]))
        state = replace(state, conditions=cond)
    return state


def targets_of(state: SessionState, who: str, me: str, dice: Dice) -> list[str]:
    able = list(state.able())
    if who == "each":
        return able
    if who == "random":
        return [able[dice.roll(len(able)) - 1]] if len(able) > 1 else able
    return [me] if me else []


def apply(state: SessionState, outcomes: tuple[Outcome, ...], me: str, dice: Dice, events: list[Event]) -> SessionState:
    """Apply a trap's or event's effects; ``me`` is the character they concern when ``who`` is ``self``."""
    for out in outcomes:
        if out.kind == "voice":
            amount = evaluate(out.amount, dice, {})
            kingdom, said, due = change_voice(state.kingdom, amount, "event")
            events.extend(said)
            state = replace(state, kingdom=kingdom, disasters=state.disasters + int(due))
            continue
        if out.kind in ("material", "item"):
            state = haul(state, out.name, max(1, evaluate(out.amount, dice, {})) if out.kind == "material" else 1,
                          item=out.kind == "item", events=events)
            continue
        for ident in targets_of(state, out.who, me, dice):
            char = state.character(ident)
            amount = evaluate(out.amount, dice, {"hp": char.hp})
            if out.kind == "damage":
                state = lose_hp(state, ident, abs(amount), "trap", events, dice, armor=True)
            elif out.kind == "fall":  # the faller's search vs 9 waits its turn like a wound's check (R-MK-33)
                state = wounds.queue(state, Call(ident, "search", 9, "fall", subject=ident))
            elif out.kind == "hp_loss":
                state = lose_hp(state, ident, abs(amount), "trap", events, dice)
            elif out.kind == "heal":
                state = heal(state, ident, abs(amount), events)
            elif out.kind == "status":
                if out.name not in char.statuses:
                    state = state.put(replace(char, statuses=char.statuses | {out.name}))
                    events.append(StatusGained(ident, out.name))
            elif out.kind == "drive":
                if not char.has("distraction"):  # distraction bars gaining drive (R-MK-44)
                    state = state.put(char.with_drive(char.drive + amount))
            elif out.kind == "minions" and char.minions > 0:  # a minion cost works while one is left (R-MK-19)
                state = state.put(replace(char, minions=max(0, char.minions - abs(amount))))
            elif out.kind == "desertion":  # minions sent home by a trap or an event: citizens again (R-MK-45)
                from meikyu.systems.meikyu_kingdom.expedition.minions import desert

                kingdom, court, said = desert(state.kingdom, state.court, ident, abs(amount), "desertion")
                events.extend(said)
                sent = min(abs(amount), char.minions)
                state = replace(state, kingdom=kingdom, court=court)
                if state.expedition is not None and sent:
                    home = state.expedition.sent_home
                    state = with_expedition(state, sent_home={**home, ident: home.get(ident, 0) + sent})
    return state


def heal(state: SessionState, actor: str, amount: int, events: list[Event]) -> SessionState:
    char = state.character(actor)
    if state.conditions.get(actor) == DEAD:
        return state  # the dead do not heal by normal means (R-MK-34)
    new = replace(char, hp=min(char.max_hp, char.hp + amount))
    events.append(HpChanged(actor, char.hp, new.hp, "heal"))
    state = state.put(new)
    if new.hp >= 1 and actor in state.conditions:
        cond = {k: v for k, v in state.conditions.items() if k != actor}
        events.append(ConditionChanged(actor, "ok"))
        state = replace(state, conditions=cond)
    return state


def haul(state: SessionState, name: str, count: int, *, item: bool, events: list[Event]) -> SessionState:
    _, ex = lab_of(state)
    events.append(HaulGained(name, count))
    if item:
        return with_expedition(state, haul_items=(*ex.haul_items, *([name] * count)))
    mats = dict(ex.haul_materials)
    mats[name] = mats.get(name, 0) + count
    return with_expedition(state, haul_materials=mats)
