"""Shared resolution pieces: checks inside a battle, hope, damage, HP ≤ 0, the fatal-wound table.

These functions edit a :class:`~.work.Work` and emit events; they never validate player input
(callers do that first).
"""

from __future__ import annotations

from ..rolls import CheckOutcome, best_outcome
from . import events as ev
from .model import (
    BAD_STATUSES,
    COURT,
    CURSE,
    DEAD,
    DISTRACTION,
    INCAPACITATED,
    OK,
    SLEEP,
)
from .work import Work

STATS = ("wit", "charm", "search", "valor")


def hope_available(w: Work, cid: str) -> int:
    """Drive, plus the court's voice for court characters (R-MK-13)."""
    c = w.c(cid)
    if c.kind == "monster":
        return 0
    return c.drive + (w.get("voice") if c.side == COURT else 0)


def spend_hope(w: Work, cid: str, count: int) -> None:
    """Spend ``count`` hope: the character's drive first, then the court's voice (our default choice)."""
    if count <= 0:
        return
    c = w.c(cid)
    from_drive = min(c.drive, count)
    from_voice = count - from_drive
    if from_drive:
        w.set(cid, drive=c.drive - from_drive)
    if from_voice:
        w.put(voice=w.get("voice") - from_voice)
    w.emit(ev.HopeSpent(cid, from_drive, from_voice))


def check(
    w: Work,
    cid: str,
    purpose: str,
    stat: int,
    difficulty: int,
    *,
    hope: int = 0,
    bonus: int = 0,
    secret: bool = False,
) -> CheckOutcome:
    """Roll a check for ``cid`` (R-MK-10/11/14/15): 2 + ``hope`` dice, cooperation added, drive capped.

    Cooperation waiting for this character (R-MK-12) is added and used up. Curse and distraction
    (R-MK-44) change the reading; a critical or fumble cures distraction; a court fumble costs 1 voice.
    """
    if hope:
        spend_hope(w, cid, hope)
    c = w.c(cid)
    coop = sum(b for _, b in c.coop) if c.coop else 0
    roll = w.dice.roll
    dice = (roll(6), roll(6)) if not hope else tuple(roll(6) for _ in range(2 + hope))
    statuses = c.statuses
    distracted = DISTRACTION in statuses if statuses else False
    no_drive = distracted or c.capacity <= 0
    curse = CURSE in statuses if statuses else False
    if not hope and (no_drive or 6 not in dice):
        out = _plain_pair(dice, stat + bonus + coop, difficulty, curse)
    else:
        out = best_outcome(dice, stat + bonus + coop, difficulty, curse=curse, no_drive=no_drive)
    w.emit(
        ev.Check(
            cid,
            purpose,
            dice,
            out.achievement,
            difficulty,
            bool(out.success),
            out.critical,
            out.fumble,
            secret,
        )
    )
    changes: dict[str, object] = {}
    if c.coop:
        changes["coop"] = ()
    if out.drive and not no_drive:
        gained = max(0, min(c.capacity, c.drive + out.drive) - c.drive)
        if gained:
            changes["drive"] = c.drive + gained
            w.emit(ev.DriveChanged(cid, gained, c.drive + gained))
    if distracted and (out.critical or out.fumble):
        changes["statuses"] = c.statuses - {DISTRACTION}
        w.emit(ev.StatusCured(cid, DISTRACTION))
    if changes:
        w.set(cid, **changes)
    if out.fumble and c.side == COURT and c.kind != "monster" and w.get("voice") > 0:
        w.put(voice=w.get("voice") - 1)
        w.emit(ev.VoiceChanged(-1, w.get("voice")))
    return out


def _plain_pair(dice: tuple[int, ...], modifier: int, target: int, curse: bool) -> CheckOutcome:
    """The common case read directly: two dice and no 6 to weigh as drive (same result as ``evaluate``)."""
    a, b = dice
    pair = a + b
    critical = pair == 12
    fumble = pair == 2 or (curse and pair <= 3)
    achievement = 0 if fumble else pair + modifier
    success = critical or (not fumble and achievement >= target)
    kept = (a, b) if a <= b else (b, a)
    return CheckOutcome(dice, 0, kept, modifier, achievement, critical, fumble, success, 2 if critical else 0)


def stat_of(w: Work, cid: str, stat: str) -> int:
    value: int = getattr(w.c(cid), stat)
    return value


def make_dead(w: Work, cid: str) -> None:
    w.set(cid, condition=DEAD, acted=True, deadline="")
    w.emit(ev.Died(cid))


def make_incapacitated(w: Work, cid: str) -> None:
    w.set(cid, condition=INCAPACITATED, acted=True)
    w.emit(ev.Incapacitated(cid))


def damage(w: Work, cid: str, amount: int, *, hold_back: bool = False) -> None:
    """Deal ``amount`` damage (already reduced) and apply what follows (R-MK-30/31, R-MK-44 sleep)."""
    c = w.c(cid)
    if c.condition == DEAD or amount <= 0:
        w.emit(ev.Damaged(cid, max(amount, 0), c.hp))
        return
    hp = c.hp - amount
    changes: dict[str, object] = {"hp": hp}
    if SLEEP in c.statuses:
        changes["statuses"] = c.statuses - {SLEEP}
    w.set(cid, **changes)
    w.emit(ev.Damaged(cid, amount, hp))
    if SLEEP in c.statuses:
        w.emit(ev.StatusCured(cid, SLEEP))
    if c.condition == INCAPACITATED:
        if not hold_back:  # any further damage kills the incapacitated (R-MK-31)
            make_dead(w, cid)
        return
    if hp <= 0:
        at_zero(w, cid, amount, hold_back=hold_back)


def at_zero(w: Work, cid: str, amount: int, *, hold_back: bool = False) -> None:
    """HP fell to 0 or below (R-MK-31): monsters die, PCs and important NPCs roll the fatal-wound table."""
    c = w.c(cid)
    if hold_back:  # R-MK-41: always incapacitated, never killed
        make_incapacitated(w, cid)
    elif c.kind == "monster":
        make_dead(w, cid)
    elif c.kind == "pc" or c.important:
        fatal_wound(w, cid, amount)
    else:
        make_incapacitated(w, cid)


def reduce_hp(w: Work, cid: str, amount: int) -> None:
    """Lower HP directly: not damage, so no reduction and no waking (R-MK-32); ≤ 0 still counts."""
    c = w.c(cid)
    hp = c.hp - amount
    w.set(cid, hp=hp)
    w.emit(ev.HpReduced(cid, amount, hp))
    if c.condition == OK and hp <= 0 and amount > 0:
        at_zero(w, cid, amount)


def give_status(w: Work, cid: str, status: str) -> None:
    c = w.c(cid)
    if status in c.statuses:
        return
    changes: dict[str, object] = {"statuses": c.statuses | {status}}
    if status == SLEEP:
        changes["acted"] = True
        changes["slept_once"] = True
    w.set(cid, **changes)
    w.emit(ev.StatusGained(cid, status))


def fatal_wound(w: Work, cid: str, amount: int) -> None:
    """Roll 2D6 on the fatal-wound table (FWT) and apply it; HP still ≤ 0 → incapacitated (R-MK-31)."""
    value = w.roll() + w.roll()
    w.emit(ev.FatalWound(cid, value))
    c = w.c(cid)
    if value == 2:
        make_dead(w, cid)
        return
    if value == 3:
        if not check(w, cid, "fatal", c.search, amount + 5).success:
            make_dead(w, cid)
            return
    elif value in (4, 5, 6):
        deadline = {4: "combat", 5: "quarter"}.get(value) or f"quarters:{w.roll()}"
        w.set(cid, deadline=deadline)
        w.emit(ev.DeadlineSet(cid, deadline))
    elif value == 8:
        usable = [i for i, wp in enumerate(c.weapons) if not wp.broken and wp.breakable]
        if usable:
            pick = usable[w.roll(len(usable)) - 1]
            break_item(w, cid, pick)
            cancel_damage(w, cid, amount)
    elif value == 9:
        if c.minions > 0:
            lost = min(c.minions, w.roll() + w.roll())
            w.set(cid, minions=c.minions - lost)
            w.emit(ev.MinionsChanged(cid, -lost, c.minions - lost))
            cancel_damage(w, cid, amount)
    elif value in (10, 11):
        stat = c.search if value == 10 else c.valor
        if check(w, cid, "fatal", stat, 9 - c.hp).success:
            w.set(cid, hp=1)
            w.emit(ev.HpSet(cid, 1))
    elif value == 12:
        cancel_damage(w, cid, amount)
        give_status(w, cid, BAD_STATUSES[w.roll() - 1])
    if w.c(cid).hp <= 0 and w.c(cid).condition == OK:
        make_incapacitated(w, cid)


def cancel_damage(w: Work, cid: str, amount: int) -> None:
    c = w.c(cid)
    w.set(cid, hp=c.hp + amount)
    w.emit(ev.DamageCancelled(cid, c.hp + amount))


def break_item(w: Work, cid: str, slot: int) -> None:
    c = w.c(cid)
    weapons = list(c.weapons)
    weapons[slot] = type(weapons[slot])(**{**weapons[slot].__dict__, "broken": True})
    w.set(cid, weapons=tuple(weapons))
    w.emit(ev.ItemBroke(cid, weapons[slot].name))
