"""The battle's clock: ending a unit, handing over to the second side, round end, end of combat.

R-MK-25 (first side, then second side; a unit is move + action), R-MK-39 (round end),
R-MK-42 (end of combat), R-MK-44 (poison at round end, obesity per action, sleep).
"""

from __future__ import annotations

from . import events as ev
from .model import (
    COURT,
    DEAD,
    INCAPACITATED,
    MONSTERS,
    OBESITY,
    OK,
    POISON,
    SLEEP,
    other,
)
from .resolve import harm, make_dead
from .work import Work


def finish_unit(w: Work, actor: str, *, acted: bool = True) -> None:
    """The actor's action is done: acted (unless a critical let it act again), obesity bites (R-MK-44),
    and cooperation still waiting for it lapses — it did something else (R-MK-12)."""
    c = w.c(actor)
    if c.coop:
        c = w.set(actor, coop=())
        w.emit(ev.CooperationLapsed(actor))
    if acted and OBESITY in c.statuses and c.condition == OK:
        harm(w, actor, 1)
        c = w.c(actor)
    if c.again and c.condition == OK:
        w.set(actor, again=False, acted=False)
        w.emit(ev.ActsAgain(actor))
    elif not c.acted:
        w.set(actor, acted=True)
    w.put(current="", moved=False)
    advance(w)


def side_alive(w: Work, side: str) -> bool:
    return any(c.side == side and c.condition == OK for c in w.cs)


def check_end(w: Work) -> bool:
    """Over when one side has nobody standing (R-MK-42)."""
    if w.get("phase") in ("over", "treasure", "setup"):
        return bool(w.get("phase") != "setup")
    court = monsters = False
    for c in w.cs:
        if c.condition == OK:
            if c.side == COURT:
                court = True
            else:
                monsters = True
    if court and monsters:
        return False
    end_combat(w, COURT if court else (MONSTERS if monsters else ""), "wiped_out")
    return True


def end_combat(w: Work, winner: str, outcome: str) -> None:
    """Close the battle: combat deadlines fall due, sleep ends; the court's victory opens treasure."""
    for c in list(w.cs):
        if c.deadline == "combat" and c.condition != DEAD:
            if c.hp >= 1:
                w.set(c.id, deadline="")
            else:
                make_dead(w, c.id)
        if SLEEP in c.statuses:
            w.set(c.id, statuses=w.c(c.id).statuses - {SLEEP})
            w.emit(ev.StatusCured(c.id, SLEEP))
    w.put(winner=winner, outcome=outcome, pending=None, current="", moved=False)
    w.emit(ev.BattleOver(winner, outcome))
    if winner == COURT and defeated_monsters(w):
        w.put(phase="treasure")
    else:
        w.put(phase="over")


def defeated_monsters(w: Work) -> list[str]:
    """Monsters beaten (or surrendered) whose treasure is not rolled yet (R-MK-43)."""
    surrendered = w.get("surrendered") == MONSTERS
    looted = set(w.get("looted"))
    return [
        c.id
        for c in w.cs
        if c.side == MONSTERS
        and c.kind == "monster"
        and (surrendered or c.condition != OK)
        and c.id not in looted
    ]


def can_act(w: Work, side: str) -> bool:
    # A plain loop: measurably faster than any() with a generator on this hot path.
    for c in w.cs:  # noqa: SIM110
        if c.side == side and not c.acted and c.condition == OK:
            return True
    return False


def advance(w: Work) -> None:
    """After anything that may change who can act: end, hand over to the second side, or end the round."""
    if check_end(w):
        return
    phase = w.get("phase")
    if w.get("pending") is not None or phase not in ("act", "ambush"):
        return
    current = w.get("current")
    if current:
        if w.c(current).condition == OK:
            return
        w.put(current="", moved=False)
    active = w.get("active")
    if can_act(w, active):
        return
    if phase == "ambush":
        start_round(w)
        return
    if active == w.get("first"):
        second = other(active)
        w.put(active=second)
        w.emit(ev.SideActs(second))
        if can_act(w, second):
            return
    end_round(w)


def end_round(w: Work) -> None:
    """Round end (R-MK-39): poison bites (R-MK-44), everyone not asleep is ready, next strategy check."""
    rnd = w.get("round")
    w.emit(ev.RoundEnded(rnd))
    for c in list(w.cs):
        if POISON in c.statuses and c.condition in (OK, INCAPACITATED):
            harm(w, c.id, 1)
    if w.get("traps"):
        from .traps import round_end

        round_end(w)  # traps that act at round end (R-MK-21)
    if check_end(w):
        return
    if rnd >= w.b.options.max_rounds:
        end_combat(w, "", "draw")
        return
    start_round(w)


def start_round(w: Work) -> None:
    """A new round: the cycle's interrupts and cooperation end (R-MK-08, R-MK-12), the awake are ready."""
    for c in w.cs:
        if c.coop:
            w.set(c.id, coop=())
            w.emit(ev.CooperationLapsed(c.id))
        if c.acted and c.condition == OK and SLEEP not in c.statuses:
            w.set(c.id, acted=False)
    rnd = w.get("round") + 1
    w.put(phase="strategy", round=rnd, first="", active="", current="", moved=False, strategy_bonus=0)
    if w.get("used"):
        w.put(used=())
    w.emit(ev.RoundStarted(rnd))
