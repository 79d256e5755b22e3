"""Moves (R-MK-26), blocking and breakthrough (R-MK-27), special moves (R-MK-37), pass (R-MK-38) and
surrender (R-MK-42)."""

from __future__ import annotations

from . import events as ev
from .actions import (
    Breakthrough,
    Decline,
    Escape,
    ExtraMove,
    Move,
    Pass,
    Surrender,
)
from .common import (
    BREAKTHROUGH,
    Handler,
    blocked,
    can_break_through,
    can_pay,
    do_move,
    err,
    escape_ready,
    move_target,
    need_pending,
    need_phase,
    unit_actor,
)
from .flow import advance, end_combat, finish_unit
from .model import (
    COURT,
    MONSTERS,
    OK,
    SLEEP,
    Combatant,
    Pending,
    forward,
    other,
)
from .resolve import (
    check,
)
from .work import Work

# --- moves ---------------------------------------------------------------------------------------


def _move(w: Work, a: Move) -> None:
    c = unit_actor(w, a.actor, "R-MK-26", move=a.step)
    if w.get("moved"):
        raise err("R-MK-25", "already_moved", id=a.actor)
    area = move_target(c, a.step)
    _start_move(w, c, a.step, area, extra=False)


def _start_move(w: Work, c: Combatant, step: int, area: int, *, extra: bool) -> None:
    block = blocked(w.cs, c) if step == 1 else None
    if block is not None:
        if not can_pay(w, c.side):
            if any(x.hidden and x.area == c.area and x.condition == OK and x.side != c.side for x in w.cs):
                # a hidden monster's valor is part of the sum: the message must not show it (R-MK-23)
                raise err("R-MK-27", "blocked_hidden", id=c.id, allies=block[0])
            raise err("R-MK-27", "blocked", id=c.id, allies=block[0], valor=block[1])
        w.emit(ev.Blocked(c.id, c.area, block[0], block[1]))
        w.put(
            pending=Pending("breakthrough", c.id, mover=c.id, step=step, extra=extra),
            current=c.id,
            moved=True,
        )
        return
    do_move(w, c.id, area)
    if extra:
        finish_unit(w, c.id)
    else:
        w.put(current=c.id, moved=True)
        _felled(w, c.id)


def _felled(w: Work, mover: str) -> None:
    """A trap where ``mover`` stepped felled it or put it to sleep (R-MK-21, R-MK-31/44): its unit ends."""
    c = w.c(mover)
    if c.condition != OK or SLEEP in c.statuses:
        w.put(current="", moved=False)
        advance(w)


def _breakthrough(w: Work, a: Breakthrough) -> None:
    p = need_pending(w, "breakthrough", "R-MK-27")
    mover = w.c(p.mover)
    payer = w.c(a.payer)
    if (payer.id, BREAKTHROUGH) in w.get("used"):
        raise err("R-MK-08", "interrupt_used", id=a.payer)
    if not can_break_through(payer, mover.side, ()):
        raise err("R-MK-27", "bad_payer", id=a.payer)
    lost = min(payer.minions, w.roll())
    w.put(used=(*w.get("used"), (payer.id, BREAKTHROUGH)))
    w.set(a.payer, minions=payer.minions - lost)
    w.emit(ev.BrokeThrough(a.payer, lost))
    w.put(pending=None)
    do_move(w, mover.id, mover.area + p.step * forward(mover.side))
    if p.extra:
        finish_unit(w, mover.id)
    else:
        _felled(w, mover.id)


def _decline(w: Work, a: Decline) -> None:
    p = need_pending(w, "breakthrough", "R-MK-27")
    w.put(pending=None)
    w.emit(ev.MoveStopped(p.mover))
    if p.extra:
        finish_unit(w, p.mover)


def _extra_move(w: Work, a: ExtraMove) -> None:
    c = unit_actor(w, a.actor, "R-MK-37", move=a.step)
    area = move_target(c, a.step, "R-MK-37")
    _start_move(w, c, a.step, area, extra=True)


# --- special moves, pass, surrender --------------------------------------------------------------


def _escape(w: Work, a: Escape) -> None:
    c = unit_actor(w, a.actor, "R-MK-37")
    if not escape_ready(w.cs, c.side):
        raise err("R-MK-37", "escape_position", side=c.side)
    if c.side == COURT and w.b.options.escape_blocked:
        w.emit(ev.EscapeFailed(c.id, "blocked"))
        finish_unit(w, a.actor)
        return
    # a sleeping enemy's evasion counts as 7 (R-MK-44)
    difficulty = max((x.effective_evasion for x in w.cs if x.side != c.side and x.condition == OK), default=0)
    secret = c.side == COURT and w.b.hidden_enemy
    if check(w, c.id, "escape", c.search, difficulty, secret=secret, hope=a.hope).success:
        w.emit(ev.Escaped(c.side))
        # The enemies leave the field: the battle ends with nobody winning; every record is kept so the
        # labyrinth can send the court back a room (or the GM re-place an escaped monster).
        w.put(escaped=c.side)
        end_combat(w, "", "escape")
        return
    w.emit(ev.EscapeFailed(c.id, "roll"))
    finish_unit(w, a.actor)


def _pass(w: Work, a: Pass) -> None:
    unit_actor(w, a.actor, "R-MK-38")
    w.emit(ev.Passed(a.actor))
    finish_unit(w, a.actor, acted=False)


def _surrender(w: Work, a: Surrender) -> None:
    need_phase(w, "R-MK-42", "strategy", "act", "ambush")
    if a.side not in (COURT, MONSTERS):
        raise err("R-MK-42", "bad_side", side=a.side)
    w.put(surrendered=a.side)
    w.emit(ev.Surrendered(a.side))
    end_combat(w, other(a.side), "surrender")


HANDLERS: dict[type, Handler] = {
    Move: _move,
    Breakthrough: _breakthrough,
    Decline: _decline,
    ExtraMove: _extra_move,
    Escape: _escape,
    Pass: _pass,
    Surrender: _surrender,
}
