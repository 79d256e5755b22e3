"""The GM's interventions in battle (R-MK-01b): reveals, falls, HP lost or restored, statuses, revival,
quarters passing, and ghosts (R-MK-35)."""

from __future__ import annotations

from . import events as ev
from .actions import (
    BecomeGhost,
    EndQuarter,
    Fall,
    GhostAct,
    Inflict,
    ReduceHp,
    RestoreHp,
    Reveal,
    Revive,
)
from .common import Handler, err
from .flow import advance
from .items import revival_items
from .model import (
    BAD_STATUSES,
    DEAD,
    OK,
    SLEEP,
    Combatant,
)
from .resolve import (
    check,
    give_status,
    harm,
    make_dead,
    offered_hope,
    reduce_hp,
    restore_hp,
)
from .work import Work

# --- GM interventions ----------------------------------------------------------------------------


def _gm(w: Work, rule: str) -> None:
    if w.get("pending") is not None:
        raise err(rule, "pending", kind=w.get("pending").kind)


def _reveal(w: Work, a: Reveal) -> None:
    _gm(w, "R-MK-23")
    if not w.c(a.monster).hidden:
        raise err("R-MK-23", "not_hidden", id=a.monster)
    w.set(a.monster, hidden=False)
    w.emit(ev.Revealed(a.monster))


def _living(w: Work, cid: str, rule: str) -> Combatant:
    c = w.c(cid)
    if c.condition == DEAD:
        raise err(rule, "is_dead", id=cid)
    return c


def _fall(w: Work, a: Fall) -> None:
    """Falling (R-MK-33): 3D6 damage whatever the height; search vs 9 halves it (rounded down)."""
    _gm(w, "R-MK-33")
    c = _living(w, a.target, "R-MK-33")
    amount = w.roll_n(3)
    if check(w, c.id, "fall", c.search, 9, hope=offered_hope(w, c.id, "fall", 9)).success:
        amount //= 2
    harm(w, c.id, amount)
    advance(w)


def _reduce_hp(w: Work, a: ReduceHp) -> None:
    _gm(w, "R-MK-32")
    _living(w, a.target, "R-MK-32")
    if a.amount < 0:
        raise err("R-MK-32", "negative", amount=a.amount)
    reduce_hp(w, a.target, a.amount)
    advance(w)


def _restore_hp(w: Work, a: RestoreHp) -> None:
    _gm(w, "R-MK-31")
    _living(w, a.target, "R-MK-34")
    if a.amount < 1:
        raise err("R-MK-31", "restore_amount", amount=a.amount)
    restore_hp(w, a.target, a.amount)
    advance(w)


def _inflict(w: Work, a: Inflict) -> None:
    _gm(w, "R-MK-44")
    c = _living(w, a.target, "R-MK-44")
    if a.status not in BAD_STATUSES:
        raise err("R-MK-44", "bad_status", status=a.status, statuses=", ".join(BAD_STATUSES))
    if a.status in c.statuses:
        raise err("R-MK-44", "has_status", id=a.target, status=a.status)
    if a.resist:
        if a.status != SLEEP or not c.slept_once:
            raise err("R-MK-44", "cannot_resist", id=a.target)
        lost = w.roll()
        w.emit(ev.SleepResisted(c.id, lost))
        reduce_hp(w, c.id, lost)
    else:
        give_status(w, c.id, a.status)
        if a.status == SLEEP and SLEEP in w.c(c.id).statuses and w.get("current") == c.id:
            w.put(current="", moved=False)
    advance(w)


def _revive(w: Work, a: Revive) -> None:
    """Revival items work on the dead within the game (R-MK-34); a ghost refuses the potion (R-MK-35)."""
    _gm(w, "R-MK-34")
    c = w.c(a.target)
    if c.condition != DEAD:
        raise err("R-MK-34", "not_dead", id=a.target)
    items = revival_items()
    item = items.get(a.item)
    if item is None:
        raise err("R-MK-34", "revival_item", item=a.item, items=", ".join(sorted(items)))
    if c.ghost and not item.revives_ghost:
        raise err("R-MK-35", "ghost_no_potion", id=a.target, item=a.item)
    if a.hp < 1:
        raise err("R-MK-34", "revive_hp", hp=a.hp)
    hp = min(a.hp, c.max_hp)
    w.set(c.id, condition=OK, hp=hp, acted=True, ghost=False, ghost_turn=False)
    w.emit(ev.Revived(c.id, hp))


def _end_quarter(w: Work, a: EndQuarter) -> None:
    """FWT 5 (HP ≥ 1 by the end of this quarter) and FWT 6 (within 1D6 quarters) fall due (R-MK-31).

    At each quarter's end a character with such a deadline and HP ≥ 1 has met it; otherwise the
    count goes down, and at 0 it dies. Combat deadlines (FWT 4) fall due at the end of combat instead.
    Poison's damage per quarter (R-MK-44) belongs to the labyrinth phase, not to this battle record."""
    _gm(w, "R-MK-31")
    w.emit(ev.QuarterEnded())
    for c in list(w.cs):
        d = c.deadline
        if not d.startswith("quarter") or c.condition == DEAD:
            continue
        if c.hp >= 1:
            w.set(c.id, deadline="")
            w.emit(ev.DeadlineMet(c.id))
            continue
        left = int(d.partition(":")[2] or 1) - 1
        if left <= 0:
            make_dead(w, c.id)
        else:
            w.set(c.id, deadline=f"quarters:{left}")
            w.emit(ev.DeadlineCountdown(c.id, left))
    advance(w)


def _become_ghost(w: Work, a: BecomeGhost) -> None:
    _gm(w, "R-MK-35")
    if not w.b.options.ghost:
        raise err("R-MK-35", "ghost_off")
    c = w.c(a.target)
    if c.condition != DEAD or c.ghost:
        raise err("R-MK-35", "not_dead", id=a.target)
    w.set(c.id, ghost=True)
    w.emit(ev.GhostRises(c.id))


def _ghost_act(w: Work, a: GhostAct) -> None:
    """A ghost pays 1D6 favor (toward it first, then its own) for one action (R-MK-35).

    The action bought may be cooperation or another support action (search, reputation, a support
    skill or item as ``OtherSupport``), taken outside the unit order. Its constant skills working
    for that cycle are the GM's to apply (skills are names here, not effects). The cost is paid even
    if less favor is left.
    """
    _gm(w, "R-MK-35")
    g = w.c(a.ghost)
    v = w.c(a.via)
    if not g.ghost or g.ghost_turn:
        raise err("R-MK-35", "not_ghost", id=a.ghost)
    pool = v.favor_to(g.id) + g.favor_to(v.id)
    if pool <= 0:
        raise err("R-MK-35", "no_favor", id=a.ghost, via=a.via)
    cost = w.roll()
    first = min(cost, v.favor_to(g.id))
    second = min(cost - first, g.favor_to(v.id))
    w.set(v.id, favor=_with(v.favor, g.id, v.favor_to(g.id) - first))
    w.set(g.id, favor=_with(g.favor, v.id, g.favor_to(v.id) - second), ghost_turn=True)
    w.emit(ev.GhostActs(g.id, v.id, cost))


def _with(pairs: tuple[tuple[str, int], ...], who: str, value: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, value if k == who else v) for k, v in pairs)


HANDLERS: dict[type, Handler] = {
    Reveal: _reveal,
    Fall: _fall,
    ReduceHp: _reduce_hp,
    Inflict: _inflict,
    RestoreHp: _restore_hp,
    Revive: _revive,
    BecomeGhost: _become_ghost,
    EndQuarter: _end_quarter,
    GhostAct: _ghost_act,
}
