"""Support actions in battle (R-MK-36): carry, swap, search, disarm, cooperation (R-MK-12),
reputation (R-MK-23), recovery items (R-MK-31) and any other support action."""

from __future__ import annotations

from . import events as ev
from .actions import (
    Carry,
    Cooperate,
    Disarm,
    OtherSupport,
    Reputation,
    SearchSpot,
    Swap,
    UseItem,
)
from .common import Handler, err, need_phase, support_actor, support_done, unit_actor
from .flow import finish_unit
from .model import (
    COURT,
    DEAD,
    MONSTERS,
    OBESITY,
    OK,
    enemy_hq,
    evolve,
    forward,
)
from .resolve import (
    OWN_CHECKS,
    check,
    harm,
    restore_hp,
)
from .work import Work

# --- support actions -----------------------------------------------------------------------------


def _carry(w: Work, a: Carry) -> None:
    c = unit_actor(w, a.actor, "R-MK-36")
    t = w.c(a.target)
    if t.area != c.area or t.condition == OK:
        raise err("R-MK-36", "cannot_carry", id=a.target)
    area = t.area + (a.step if a.step in (1, -1) else 9) * forward(c.side)
    if not 0 <= area <= 5:
        raise err("R-MK-26", "off_field", id=a.target, area=area)
    w.set(a.target, area=area)
    w.emit(ev.Carried(a.actor, a.target, area))
    finish_unit(w, a.actor)


def _swap(w: Work, a: Swap) -> None:
    c = unit_actor(w, a.actor, "R-MK-36")
    o = w.c(a.other)
    if o.id == c.id or o.side != c.side or o.area != c.area or o.condition == DEAD:
        raise err("R-MK-36", "cannot_swap", id=a.other)
    # any number of items changes hands in one action (R-MK-36); received items go to the end
    gives = ((a.give,) if a.give >= 0 else ()) + tuple(a.gives)
    takes = ((a.take,) if a.take >= 0 else ()) + tuple(a.takes)
    if (
        not (gives or takes)
        or len(set(gives)) != len(gives)
        or len(set(takes)) != len(takes)
        or any(not 0 <= g < len(c.weapons) for g in gives)
        or any(not 0 <= t < len(o.weapons) for t in takes)
    ):
        raise err("R-MK-36", "bad_slots", give=list(gives), take=list(takes))
    mine = [wp for i, wp in enumerate(c.weapons) if i not in gives] + [o.weapons[t] for t in takes]
    theirs = [wp for i, wp in enumerate(o.weapons) if i not in takes] + [c.weapons[g] for g in gives]
    w.set(c.id, weapons=tuple(mine))
    w.set(o.id, weapons=tuple(theirs))
    if w.b.options.data_followups:  # an item's data goes with the item (battles since session 9)
        carry_data(w, c.id, o.id, {c.weapons[g].name for g in gives})
        carry_data(w, o.id, c.id, {o.weapons[t].name for t in takes})
    w.emit(ev.Swapped(c.id, o.id))
    finish_unit(w, a.actor)


def carry_data(w: Work, giver: str, taker: str, names: set[str]) -> None:
    """The data of the items named ``names`` that ``giver`` no longer carries moves to ``taker`` (R-MK-36:
    an item's support data is the item's, like an armor's reduction), with its marks of use this round or
    game; data the taker already has by that name stays as it is."""
    g, t = w.c(giver), w.c(taker)
    still = {wp.name for wp in g.weapons}
    # an item's data is named as the item is, and no skill of the giver bears that name
    moving = tuple(u for u in g.uses if u.source in names and u.source not in still and u.source not in g.skills)
    if not moving:
        return
    sources = {u.source for u in moving}
    have = {u.source for u in t.uses}
    w.set(giver, uses=tuple(u for u in g.uses if u not in moving),
          used=tuple(m for m in g.used if m[0] not in sources))
    w.set(taker, uses=(*t.uses, *(u for u in moving if u.source not in have)),
          used=(*t.used, *(m for m in g.used if m[0] in sources and m[0] not in have)))


def _search_spot(w: Work, a: SearchSpot) -> None:
    c, ghost = support_actor(w, a.actor, "R-MK-36")
    if a.stat not in ("wit", "search"):
        raise err("R-MK-36", "search_stat", stat=a.stat)
    court = sum(1 for x in w.cs if x.side == COURT)
    out = check(w, c.id, "search", getattr(c, a.stat), court + 7, hope=a.hope, stat_name=a.stat)
    if out.success:
        traps = w.get("traps")
        found = sum(1 for t in traps if t.hidden)
        w.put(traps=tuple(evolve(t, hidden=False) for t in traps))
        w.emit(ev.TrapsFound(c.id, found))
    support_done(w, c, ghost)


def _disarm(w: Work, a: Disarm) -> None:
    c = unit_actor(w, a.actor, "R-MK-36")
    traps = w.get("traps")
    trap = next((t for t in traps if t.id == a.trap), None)
    if trap is None or trap.hidden or trap.disarmed or trap.method != "check":
        raise err("R-MK-36", "no_trap", trap=a.trap)
    where = w.c(trap.on).area if trap.on and w.has(trap.on) else enemy_hq(c.side)
    if c.area != where:
        raise err("R-MK-36", "trap_far", trap=a.trap, area=where)
    if check(w, c.id, "disarm", getattr(c, trap.stat), trap.difficulty, hope=a.hope, stat_name=trap.stat).success:
        w.put(traps=tuple(evolve(t, disarmed=True) if t.id == a.trap else t for t in traps))
        w.emit(ev.TrapDisarmed(c.id, a.trap))
    finish_unit(w, a.actor)


def coop_action(phase: str, action: str) -> str:
    """The helped action a cooperation names: as given, else the strategy check in the strategy
    phase and an attack's hit check otherwise (R-MK-12)."""
    return action or ("strategy" if phase == "strategy" else "hit")


def _cooperate(w: Work, a: Cooperate) -> None:
    """Cooperation (R-MK-12) on one named action of the target; in the strategy phase it may help
    that phase's check (or an action the target takes later this round)."""
    c = w.c(a.actor)
    ghost_turn = c.ghost_turn
    if ghost_turn:
        need_phase(w, "R-MK-35", "strategy", "act", "ambush")
    elif w.get("phase") == "strategy":
        need_phase(w, "R-MK-12", "strategy")
        if c.condition != OK or c.acted:
            raise err("R-MK-12", "cannot_act", id=a.actor, condition=c.condition)
    else:
        unit_actor(w, a.actor, "R-MK-12")
    action = coop_action(w.get("phase"), a.action)
    if action not in OWN_CHECKS:
        raise err("R-MK-12", "coop_action", action=action, actions=", ".join(OWN_CHECKS))
    t = w.c(a.target)
    if t.side != c.side or t.id == c.id:
        raise err("R-MK-12", "coop_target", id=a.target)
    if c.enmity_to(t.id) > c.favor_to(t.id):
        raise err("R-MK-12", "coop_enmity", id=a.actor, target=a.target)
    if any(h == c.id for h, _, _ in t.coop):
        raise err("R-MK-12", "coop_twice", id=a.actor, target=a.target)
    bonus = c.favor_to(t.id)
    if w.get("phase") == "strategy" and c.side == MONSTERS:
        w.put(strategy_bonus=w.get("strategy_bonus") + bonus)  # NPCs raise the difficulty (R-MK-24)
    else:
        w.set(t.id, coop=(*t.coop, (c.id, bonus, action)))
    w.emit(ev.Cooperated(c.id, t.id, bonus, action))
    if ghost_turn:
        w.set(c.id, ghost_turn=False)
    elif w.get("phase") == "strategy":
        w.set(c.id, acted=True)
        if OBESITY in c.statuses and w.b.options.seed_review:
            harm(w, c.id, 1)  # an action in battle, whenever it is taken (R-MK-44), as finish_unit does later
    else:
        finish_unit(w, a.actor)


def _reputation(w: Work, a: Reputation) -> None:
    c, ghost = support_actor(w, a.actor, "R-MK-23")
    t = w.c(a.target)
    if not t.hidden:
        raise err("R-MK-23", "not_hidden", id=a.target)
    if check(w, c.id, "reputation", c.wit, t.level + 5, secret=True, hope=a.hope).success:
        w.set(t.id, hidden=False)
        w.emit(ev.Revealed(t.id))
    support_done(w, c, ghost)


def _use_item(w: Work, a: UseItem) -> None:
    """A recovery item carried: restores its HP to someone in the area and is used up (R-MK-31, R-MK-36)."""
    c = unit_actor(w, a.actor, "R-MK-36")
    if not 0 <= a.slot < len(c.weapons) or c.weapons[a.slot].broken or c.weapons[a.slot].heal <= 0:
        raise err("R-MK-31", "no_recovery_item", id=a.actor, slot=a.slot)
    t = w.c(a.target or a.actor)
    if t.side != c.side or t.area != c.area or t.condition == DEAD:
        raise err("R-MK-31", "bad_heal_target", id=t.id)
    item = c.weapons[a.slot]
    w.set(c.id, weapons=c.weapons[: a.slot] + c.weapons[a.slot + 1 :])
    restore_hp(w, t.id, w.roll_n(item.heal), item.name)
    finish_unit(w, a.actor)


def _other_support(w: Work, a: OtherSupport) -> None:
    c, ghost = support_actor(w, a.actor, "R-MK-36")
    w.emit(ev.SupportDone(a.actor, a.note))
    support_done(w, c, ghost)


HANDLERS: dict[type, Handler] = {
    Carry: _carry,
    Swap: _swap,
    SearchSpot: _search_spot,
    Disarm: _disarm,
    Cooperate: _cooperate,
    Reputation: _reputation,
    UseItem: _use_item,
    OtherSupport: _other_support,
}
