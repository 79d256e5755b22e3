"""Support data in battle (R-MK-08): a skill or an item written as data that acts, used as its owner's
support action — Rallying Cry's +1 to an ally's next check, Monsterology's own check that reveals a
hidden monster (R-MK-23). The interrupts (Shield Wall) are asked in :mod:`.attack`; constant data is
added by the check itself (:func:`.resolve.check`)."""

from __future__ import annotations

from meikyu.formula import evaluate

from . import events as ev
from .actions import UseData, UseMonsterSkill
from .common import Handler, blocked, check_hope, do_move, err, need_phase, support_actor, support_done
from .data import DataBonus, DataUse, was_used, with_use
from .model import BAD_STATUSES, COURT, DEAD, OK, Combatant, forward
from .resolve import check, pay, send_home, spend_hope
from .work import Work


def _use_data(w: Work, a: UseData) -> None:
    c, ghost = support_actor(w, a.actor, "R-MK-08")
    use = next((u for u in usable(c.uses, w.b.options.data_followups) if u.source == a.data), None)
    if use is None:
        raise err("R-MK-08", "no_data", id=a.actor, data=a.data, known=", ".join(u.source for u in usable(c.uses, w.b.options.data_followups)) or "-")
    rnd = w.get("round")
    if was_used(c.used, use, rnd):
        raise err("R-MK-08", "data_used", id=a.actor, data=a.data)
    t = w.c(a.target or a.actor)
    if not aims_at(use, c, t):
        raise err("R-MK-08", "data_target", id=t.id, data=a.data)
    if use.hope:
        check_hope(w, c, use.hope)
    if use.minions and c.minions <= 0:  # R-MK-19: with no minion left such data cannot be used
        raise err("R-MK-19", "no_minions", id=c.id)
    slot = carried(c, use)
    if use.used_up:
        if slot < 0:  # handed over, broken or already used
            raise err("R-MK-08", "no_data", id=a.actor, data=a.data, known=", ".join(u.source for u in usable(c.uses, w.b.options.data_followups)) or "-")
        w.set(c.id, weapons=c.weapons[:slot] + c.weapons[slot + 1 :])
    w.emit(ev.DataUsed(c.id, use.source, t.id))
    if use.per or use.hope or use.minions or use.hp:
        pay(w, c.id, use)
    if use.stat:  # the data's own check (Monsterology: wit vs [level + 5], hidden like reputation's)
        difficulty = evaluate(use.difficulty, w.dice, {"target_level": t.level}) if use.difficulty else 0
        success = check(w, c.id, "reputation" if "reveal" in use.on_success else "data", getattr(c, use.stat),
                        difficulty, secret=t.hidden, stat_name=use.stat).success  # fmt: skip
        if success and "reveal" in use.on_success and t.hidden:
            w.set(t.id, hidden=False)
            w.emit(ev.Revealed(t.id))
    elif "reveal" in use.effects and t.hidden:
        w.set(t.id, hidden=False)
        w.emit(ev.Revealed(t.id))
    if "check_bonus" in use.effects and use.amount:
        # the ally's next check (any purpose) gets it; it lapses as cooperation does (R-MK-12)
        t = w.c(t.id)
        w.set(t.id, coop=(*t.coop, (c.id, use.amount, "")))
    if "cure_status" in use.effects:
        cure(w, t.id, use.status)
    if "extra_move" in use.effects and w.c(t.id).condition == OK:
        extra_move(w, c.id, t.id)
    if use.loss and w.c(t.id).minions > 0:
        lose_minions(w, t.id, use)
    support_done(w, w.c(c.id), ghost)


def lose_minions(w: Work, cid: str, use: DataUse) -> None:
    """``use``'s ``minions`` effect on ``cid``: its dice rolled, as many lost as are left (R-MK-19); deserting
    ones go home as citizens (R-MK-45, :func:`.resolve.send_home`, as a trap's desertion)."""
    count = evaluate(use.loss, w.dice, {})
    if use.desert:
        send_home(w, cid, count)
        return
    t = w.c(cid)
    lost = min(t.minions, max(0, count))
    if lost:
        w.set(cid, minions=t.minions - lost)
        w.emit(ev.MinionsChanged(cid, -lost, t.minions - lost))


def cure(w: Work, cid: str, status: str) -> None:
    """A bad status ends (R-MK-44): the one named, or with none named every one the character has (our
    ruling: data that names no status cures them all). A sleeper woken so stays acted this round and
    acts again from the next (R-MK-44's sleep only kept it from becoming ready)."""
    t = w.c(cid)
    gone = sorted(t.statuses & ({status} if status else set(BAD_STATUSES)))
    if not gone:
        return
    w.set(cid, statuses=t.statuses - set(gone))
    for s in gone:
        w.emit(ev.StatusCured(cid, s))


def extra_move(w: Work, owner: str, cid: str) -> None:
    """One more move for ``cid`` (R-MK-22's 'move once more'), now: the data's owner chooses where, among
    the areas one step away the piece may enter — forward only when it is not blocked (R-MK-27; a
    breakthrough is not offered for data's move, our ruling) — or to stay."""
    t = w.c(cid)
    options = [str(t.area + s) for s in (forward(t.side), -forward(t.side)) if 0 <= t.area + s <= 5]
    if options and blocked(w.cs, t) is not None:
        options = options[1:] if int(options[0]) == t.area + forward(t.side) else options
    if not options:
        return
    pick = w.ask("R-MK-22", "extra_move", owner, (*options, "stay"), (t.area,))
    if pick != "stay":
        do_move(w, cid, int(pick))


def usable(uses: tuple[DataUse, ...], followups: bool = True) -> tuple[DataUse, ...]:
    """The support data of a piece (what :class:`UseData` may name); data making minions go (a ``minions``
    effect) only in battles since session 9 (``followups``, :attr:`.model.Options.data_followups`)."""
    return tuple(u for u in uses if u.timing == "support" and (followups or "minions" not in u.effects))


def carried(c: Combatant, use: DataUse) -> int:
    """The slot of the unbroken item ``use`` is, when it is an item used up by use; else −1."""
    if use.used_up:
        for slot, wp in enumerate(c.weapons):
            if wp.name == use.source and not wp.broken:
                return slot
    return -1


def offered(w_hope: int, c: Combatant, rnd: int, followups: bool = True) -> tuple[DataUse, ...]:
    """The support data ``c`` may use now: not spent for this cycle or game, its cost payable
    (``w_hope``: the hope ``c`` can spend; a minion left when it costs minions, R-MK-19)."""
    return tuple(
        u for u in usable(c.uses, followups)
        if not was_used(c.used, u, rnd) and u.hope <= w_hope and (not u.minions or c.minions > 0)
        and (not u.used_up or carried(c, u) >= 0)
    )  # fmt: skip


def aims_at(use: DataUse, c: Combatant, t: Combatant) -> bool:
    """Whether ``use`` may be aimed at ``t`` by ``c`` (its ``target``)."""
    same_side = t.side == c.side
    here = t.area == c.area
    alive = t.condition != DEAD
    kind = use.target or "self"
    if kind == "self":
        return t is c
    if kind == "ally_here":
        return same_side and here and alive and t is not c
    if kind == "ally":
        return same_side and alive
    if kind == "enemy":
        return not same_side and t.condition == OK
    if kind == "hidden_monster":
        return not same_side and t.hidden
    return alive


def unpaid_monster_skills(c: Combatant, rnd: int) -> tuple[DataBonus, ...]:
    """A PC's constant monster skills not yet paid for this round (R-MK-17)."""
    if c.side != COURT or c.kind == "monster" or not c.data:
        return ()
    return tuple(d for d in c.data if d.monster and (d.source, rnd) not in c.used)


def _use_monster_skill(w: Work, a: UseMonsterSkill) -> None:
    need_phase(w, "R-MK-17", "strategy", "act")
    c = w.c(a.actor)
    if c.condition != OK:
        raise err("R-MK-17", "cannot_act", id=a.actor, condition=c.condition)
    rnd = w.get("round")
    skill = next((d for d in unpaid_monster_skills(c, rnd) if d.source == a.skill), None)
    if skill is None:
        known = ", ".join(d.source for d in unpaid_monster_skills(c, rnd)) or "-"
        raise err("R-MK-17", "no_monster_skill", id=a.actor, data=a.skill, known=known)
    check_hope(w, c, 1)
    spend_hope(w, c.id, 1)
    c = w.c(c.id)
    w.set(c.id, used=with_use(c.used, skill.source, rnd))
    w.emit(ev.MonsterSkillPaid(c.id, skill.source))


HANDLERS: dict[type, Handler] = {UseData: _use_data, UseMonsterSkill: _use_monster_skill}
