"""Shared resolution pieces: checks inside a battle, hope, damage, HP ≤ 0, the fatal-wound table.

These functions edit a :class:`~.work.Work` and emit events; they never validate player input
(callers do that first).
"""

from __future__ import annotations

from meikyu.formula import evaluate

from ..check.rolls import CheckOutcome, best_outcome, readings
from ..check.voice import voice_step
from . import events as ev
from .data import DataUse, was_used, with_use
from .model import (
    BAD_STATUSES,
    COURT,
    CURSE,
    DEAD,
    DISTRACTION,
    INCAPACITATED,
    OK,
    SLEEP,
    Combatant,
)
from .work import Refused, Work

STATS = ("wit", "charm", "search", "valor")

OWN_CHECKS = ("strategy", "hit", "search", "escape", "reputation", "disarm")
"""Checks a character makes as its own action: cooperation can name these (R-MK-12). The rest
(ambush, fall, fatal) happen to a character; they neither use nor end cooperation."""


def hope_available(w: Work, cid: str) -> int:
    """Drive, plus the court's voice for court characters (R-MK-13)."""
    c = w.c(cid)
    if c.kind == "monster":
        return 0
    return c.drive + (w.get("voice") if c.side == COURT else 0)


def spend_hope(w: Work, cid: str, count: int) -> None:
    """Spend ``count`` hope, drive or the court's voice as the player says (R-MK-13).

    When both could pay, the player is asked how much comes from voice (``hope_source``; options from
    the least voice the drive leaves needed to the most that is there). Voice is the court's: with
    other land makers in the battle they are asked to consent (``voice_consent``, answered by the
    court); a refusal takes the whole action back (:class:`~.work.Refused`), so the player declares
    again. A policy answers with the least voice, so simulations never need the consent."""
    if count <= 0:
        return
    c = w.c(cid)
    voice = w.get("voice") if c.side == COURT and c.kind != "monster" else 0
    low, high = max(0, count - c.drive), min(count, voice)
    from_voice = low
    if high > low:
        options = tuple(str(k) for k in range(low, high + 1))
        from_voice = int(w.ask("R-MK-13", "hope_source", cid, options, (count, c.drive, voice)))
    others = from_voice and any(x.side == COURT and x.kind == "pc" and x.id != cid for x in w.cs)
    if others and w.ask("R-MK-13", "voice_consent", COURT, ("agree", "refuse"), (from_voice,)) != "agree":
        raise Refused(cid, from_voice)
    from_drive = count - from_voice
    if from_drive:
        w.set(cid, drive=c.drive - from_drive)
    w.emit(ev.HopeSpent(cid, from_drive, from_voice))
    if from_voice:
        lose_voice(w, from_voice)


def lose_voice(w: Work, amount: int) -> None:
    """The kingdom's voice −``amount`` through the one voice path (R-MK-20): a disaster may fall due,
    also when voice is already 0 (nothing is lost then, but the disaster still comes)."""
    old = w.get("voice")
    makers = w.b.makers
    new, trigger = voice_step(old, -amount, makers)
    if new != old:
        w.put(voice=new)
        w.emit(ev.VoiceChanged(new - old, new))
    if trigger is not None:
        w.put(disasters=w.get("disasters") + 1)
        w.emit(ev.DisasterDue(new, makers, trigger))


def restore_hp(w: Work, cid: str, amount: int, item: str = "") -> None:
    """Give ``cid`` ``amount`` HP back, up to its maximum; at HP ≥ 1 an incapacitated character is no
    longer incapacitated (R-MK-31), so a fatal-wound deadline can still be met. It stays acted for
    this round. HP counts up from where it is, below 0 included (our ruling)."""
    c = w.c(cid)
    hp = max(c.hp, min(c.max_hp, c.hp + amount))
    w.set(cid, hp=hp)
    w.emit(ev.HpRestored(cid, hp - c.hp, hp, item))
    if c.condition == INCAPACITATED and hp >= 1:
        w.set(cid, condition=OK)
        w.emit(ev.StoodUp(cid))


HAPPENING = ("ambush", "fall", "fatal")
"""Checks that happen to a character mid-resolution: their hope is asked (``check_hope``), not declared."""


def offered_hope(w: Work, cid: str, purpose: str, difficulty: int) -> int:
    """R-MK-13/R-MK-15 on a check that happens to ``cid`` (the ambush search, a fall, a fatal wound's
    check): before the dice, the roller is asked how much hope to add (``check_hope``; options 0 … all
    the hope there is). Nobody is asked without hope to spend, for a monster (hope is the land
    makers'), or in battles created before session 7 (``Options.seed_review``)."""
    if not w.b.options.seed_review or w.c(cid).kind == "monster":
        return 0
    have = hope_available(w, cid)
    if have <= 0:
        return 0
    c = w.c(cid)
    voice = have - c.drive
    detail = (HAPPENING.index(purpose), difficulty, c.drive, voice)
    return int(w.ask("R-MK-15", "check_hope", cid, tuple(str(n) for n in range(have + 1)), detail))


PURPOSE_STATS = {"hit": "valor", "strategy": "wit", "escape": "search", "ambush": "search", "fall": "search",
                 "reputation": "wit"}
"""The stat a battle check of each purpose rolls (search, disarm and the fatal-wound checks name theirs)."""


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
    stat_name: str = "",
) -> CheckOutcome:
    """Roll a check for ``cid`` (R-MK-10/11/14/15): 2 + ``hope`` dice, cooperation added, drive capped.

    Which 6s become drive, and so which dice count, is the roller's to choose when it matters
    (``sixes``, see :func:`_reading`). Cooperation waiting for this character's ``purpose`` (R-MK-12)
    is added; any check of its own action ends all its waiting cooperation. Curse and distraction (R-MK-44) change the reading; a
    critical or fumble cures distraction; a court fumble costs 1 voice (R-MK-11, R-MK-20). A failed
    check that minions could still turn asks about minion help (R-MK-19). Constant and equipment data
    on such a check (R-MK-09; ``stat_name`` the stat rolled, else the purpose's usual one) add to it,
    and the check's line names them.
    """
    if hope:
        spend_hope(w, cid, hope)
    c = w.c(cid)
    data: tuple[tuple[str, int], ...] = ()
    if c.data:
        named = stat_name or PURPOSE_STATS.get(purpose, "")
        data = tuple((d.source, d.amount) for d in c.bonuses(named, purpose, w.get("round")))
        bonus += sum(amount for _, amount in data)
    own = c.coop and purpose in OWN_CHECKS
    coop = sum(b for _, b, act in c.coop if act == purpose or not act) if own else 0
    roll = w.dice.roll
    dice = (roll(6), roll(6)) if not hope else tuple(roll(6) for _ in range(2 + hope))
    statuses = c.statuses
    distracted = DISTRACTION in statuses if statuses else False
    no_drive = distracted or c.capacity <= 0
    curse = CURSE in statuses if statuses else False
    modifier = stat + bonus + coop
    if not hope and (no_drive or 6 not in dice):
        out = _plain_pair(dice, modifier, difficulty, curse)
    elif not w.b.options.sixes_prompt:  # games created before session 5 replay with the automatic reading
        out = best_outcome(dice, modifier, difficulty, curse=curse, no_drive=no_drive)
    else:
        out = _reading(w, c, dice, modifier, difficulty, curse, 0 if no_drive else c.capacity - c.drive, secret)
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
            out.converted,
            data,
        )
    )
    if not out.success and not out.fumble and c.uses and any(u.answers_own_check for u in c.uses):
        out = _own_check_data(w, c, out, difficulty, stat_name or PURPOSE_STATS.get(purpose, ""), purpose)
        c = w.c(cid)
    changes: dict[str, object] = {}
    if own:
        changes["coop"] = ()
    blind = secret and w.b.options.seed_review
    if (blind or not out.success) and not out.fumble and c.minions > 0:
        out = _minion_help(w, c, out, difficulty, secret, changes)
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
    if out.fumble and c.side == COURT and c.kind != "monster":
        lose_voice(w, 1)
    return out


def _reading(
    w: Work, c: Combatant, dice: tuple[int, ...], modifier: int, difficulty: int, curse: bool, room: int, secret: bool
) -> CheckOutcome:
    """Which 6s become drive and which two dice count (R-MK-14, R-MK-15): the roller's choice.

    Only readings worth having are weighed (:func:`~..rolls.readings`: keeping lower dice never helps;
    with the battle's ``sixes_stakes`` the achievement counts only as success or failure — every battle
    check is read so — and, on a failure, by how close minion help could still bring it, R-MK-19);
    when more than one is, the character's player is asked (``sixes``; options: how many 6s become
    drive, each with the best two dice left). Monsters hold no hope (R-MK-13: hope is the land makers'),
    so their reading is the automatic one and nobody is asked. With ``secret`` the roller weighs the
    readings without knowing which succeed."""
    stakes = w.b.options.sixes_stakes  # every battle check is success or failure; minions may still help
    front, auto = readings(
        dice, modifier, difficulty, room=room, curse=curse, blind=secret,
        margin=not stakes, reach=c.minions if stakes else None,
    )  # fmt: skip
    if len(front) == 1 or c.kind == "monster":
        return front[auto]
    options = tuple(str(o.converted) for o in front)
    shown = -1 if secret else difficulty
    answer = w.ask("R-MK-14", "sixes", c.id, options, (modifier, shown, room, int(curse), *dice), options[auto])
    return front[options.index(answer)]


def _minion_help(
    w: Work, c: Combatant, out: CheckOutcome, difficulty: int, secret: bool, changes: dict[str, object]
) -> CheckOutcome:
    """R-MK-19: after the achievement, the character may lose 1D6 minions for +1, again and again,
    while a minion is left; asked only while it could still turn the check — against a hidden difficulty
    (R-MK-23) whenever a minion is left, success or not, so the question tells the player nothing
    (battles created before session 7 asked only after a miss)."""
    minions = c.minions
    achievement = out.achievement
    success = bool(out.success)
    blind = secret and w.b.options.seed_review
    while minions > 0 and (blind or not success) and (secret or difficulty - achievement <= minions):
        shown = -1 if secret else difficulty
        if w.ask("R-MK-19", "minion_help", c.id, ("help", "decline"), (achievement, shown, minions)) != "help":
            break
        lost = min(minions, w.roll())
        minions -= lost
        achievement += 1
        success = success or achievement >= difficulty
        w.emit(ev.MinionHelp(c.id, lost, achievement, success))
    if minions == c.minions:
        return out
    changes["minions"] = minions
    return out._replace(achievement=achievement, success=success)


def _own_check_data(
    w: Work, c: Combatant, out: CheckOutcome, difficulty: int, stat: str, purpose: str
) -> CheckOutcome:
    """R-MK-08: after a check of the owner's fails, each auxiliary or interrupt of theirs answering
    ``own_check_failed`` for such a check (and not yet used this cycle by name) is offered to them, in
    the R-MK-09 order; taken, its cost is paid and its achievement added — the check is read again
    against its difficulty. The GM declares a hidden check's failure anyway (R-MK-23), so asking tells
    the player nothing more."""
    achievement, success = out.achievement, False
    rnd = w.get("round")
    for use in c.uses:
        if success:
            break
        c = w.c(c.id)
        if not use.answers_own_check or not use.bears_on(stat, purpose) or was_used(c.used, use, rnd):
            continue
        if (
            not can_pay(w, c, use)
            or w.ask("R-MK-08", "own_check", c.id, (use.source, "pass"), (achievement,)) == "pass"
        ):
            continue
        pay(w, c.id, use)
        achievement += use.bonus
        success = achievement >= difficulty
        w.emit(ev.CheckBoosted(c.id, use.source, use.bonus, achievement, success))
    return out if achievement == out.achievement else out._replace(achievement=achievement, success=success)


def can_pay(w: Work, c: Combatant, use: DataUse) -> bool:
    """Whether ``c`` can pay ``use``'s cost now: the hope (R-MK-13), a minion at least when it costs
    minions (R-MK-19), HP to lose while standing (R-MK-32)."""
    return hope_available(w, c.id) >= use.hope and (not use.minions or c.minions > 0)


def pay(w: Work, cid: str, use: DataUse) -> None:
    """Pay ``use``'s cost and mark it used (R-MK-08): hope, then minions (a formula: as many as are left
    when the roll asks for more, R-MK-19), then HP (a reduction, R-MK-32: at 0 or below, R-MK-31)."""
    c = w.c(cid)
    w.set(cid, used=with_use(c.used, use.source, w.get("round"), use.per))
    if use.hope:
        spend_hope(w, cid, use.hope)
    if use.minions:
        c = w.c(cid)
        lost = min(c.minions, evaluate(use.minions, w.dice, {}))
        w.set(cid, minions=c.minions - lost)
        w.emit(ev.MinionsChanged(cid, -lost, c.minions - lost))
    if use.hp:
        reduce_hp(w, cid, use.hp)


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


def harm(w: Work, cid: str, amount: int) -> None:
    """Damage that is not an attack's (a fall, poison, obesity): armor and hide reduce it as they
    reduce every damage (R-MK-30, R-MK-33; only an HP *reduction* ignores them, R-MK-32). Battles
    saved before session 7 dealt it unreduced (``Options.seed_review`` off)."""
    if w.b.options.seed_review:
        amount = max(0, amount - w.c(cid).reduction)
    damage(w, cid, amount)


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


def send_home(w: Work, cid: str, count: int) -> None:
    """``count`` of ``cid``'s minions desert home (R-MK-45: a trap's or a monster skill's effect): they
    leave the battle as far as there are minions, and the battle keeps the count for the kingdom
    (:attr:`~.model.Battle.deserted`: citizens again, not recovered at the game's end)."""
    c = w.c(cid)
    sent = min(c.minions, max(0, count))
    if not sent:
        return
    w.set(cid, minions=c.minions - sent)
    w.emit(ev.MinionsChanged(cid, -sent, c.minions - sent))
    w.put(deserted=(*w.get("deserted"), (cid, sent)))


def give_status(w: Work, cid: str, status: str) -> None:
    """``status`` takes hold (R-MK-44). Put to sleep a second time in the same battle, the sleeper
    may shrug it off by losing 1D6 HP (an HP reduction): the sleeper is asked (battles created
    before session 7 left it to the GM's ``Inflict(resist=True)``)."""
    c = w.c(cid)
    if status in c.statuses:
        return
    if (
        status == SLEEP
        and c.slept_once
        and w.b.options.seed_review
        and w.ask("R-MK-44", "resist_sleep", cid, ("resist", "sleep")) == "resist"
    ):
        lost = w.roll()
        w.emit(ev.SleepResisted(cid, lost))
        reduce_hp(w, cid, lost)
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
        hope = offered_hope(w, cid, "fatal", amount + 5)
        if not check(w, cid, "fatal", c.search, amount + 5, hope=hope, stat_name="search").success:
            make_dead(w, cid)
            return
    elif value in (4, 5, 6):
        deadline = {4: "combat", 5: "quarter"}.get(value) or f"quarters:{w.roll()}"
        w.set(cid, deadline=deadline)
        w.emit(ev.DeadlineSet(cid, deadline))
    elif value == 8:
        usable = [i for i, wp in enumerate(c.weapons) if not wp.broken and wp.breakable]
        if usable:
            break_item(w, cid, pick_breaking(w, cid, usable, "R-MK-31"))
            cancel_damage(w, cid, amount)
    elif value == 9:
        if c.minions > 0:
            lost = min(c.minions, w.roll() + w.roll())
            w.set(cid, minions=c.minions - lost)
            w.emit(ev.MinionsChanged(cid, -lost, c.minions - lost))
            cancel_damage(w, cid, amount)
    elif value in (10, 11):
        stat_name = "search" if value == 10 else "valor"
        hope = offered_hope(w, cid, "fatal", 9 - c.hp)
        if check(w, cid, "fatal", getattr(c, stat_name), 9 - c.hp, hope=hope, stat_name=stat_name).success:
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


def pick_breaking(w: Work, cid: str, usable: list[int], rule: str) -> int:
    """The slot that breaks: a random one of ``usable``, or the owner's pick with the ``break_choice``
    option (FWT 8, CFT 9)."""
    if w.b.options.break_choice and len(usable) > 1:
        return int(w.ask(rule, "break_item", cid, tuple(str(i) for i in usable)))
    return usable[w.roll(len(usable)) - 1]


def break_item(w: Work, cid: str, slot: int) -> None:
    c = w.c(cid)
    weapons = list(c.weapons)
    weapons[slot] = type(weapons[slot])(**{**weapons[slot].__dict__, "broken": True})
    w.set(cid, weapons=tuple(weapons))
    w.emit(ev.ItemBroke(cid, weapons[slot].name))
