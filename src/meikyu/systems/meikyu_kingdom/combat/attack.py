"""Attacks (R-MK-29 … R-MK-31, R-MK-16, R-MK-40, R-MK-41) and the critical-hit (CAT) and combat
fumble (CFT) tables, applied from the 2D6 value by the effect list of the reference file.

Where a table entry leaves a choice to a player it is asked (a prompt, :class:`~.model.Choice`):
critical-hit 6 (where the target goes), 9 (HP set to the roll instead of damage, or the damage),
10 (which skill is sealed, when there are several), and the fumble table's 2 rolled by a monster
(which PC gains the minions). Which item breaks (FWT 8, CFT 9) is random unless the
``break_choice`` option lets the owner pick.
"""

from __future__ import annotations

from . import events as ev
from .data import was_used
from .flow import finish_unit
from .model import (
    COURT,
    CURSE,
    MONSTERS,
    OK,
    AttackContext,
    Combatant,
    Pending,
    Trap,
    Weapon,
    enemy_hq,
    evolve,
    own_hq,
)
from .resolve import break_item, can_pay, check, damage, give_status, hope_available, pay, pick_breaking
from .work import Work

HOLD_BACK_PENALTY = 2
ENEMY_HQ_BONUS = 2


def hit_modifier(attacker: Combatant, hold_back: bool) -> int:
    """Valor, +2 in the enemy HQ (R-MK-40), −2 when holding back (R-MK-41)."""
    bonus = ENEMY_HQ_BONUS if attacker.area == enemy_hq(attacker.side) else 0
    return attacker.valor + bonus - (HOLD_BACK_PENALTY if hold_back else 0)


def resolve_attack(
    w: Work, actor: str, target: str, slot: int, hope: int, hold_back: bool, improvised: bool = False
) -> None:
    """Hit check, then table effects, prompts, and damage. Inputs were validated by the caller.

    ``improvised``: the item in ``slot`` is swung as a range-0 power-1 melee weapon (R-MK-29)."""
    a = w.c(actor)
    t = w.c(target)
    cover = offer_cover(w, t, actor)
    if cover == "-":  # cancelled by an interrupt (R-MK-08): no hit check, the attacker's unit ends
        finish_unit(w, actor)
        return
    power_of_weapon = 1 if improvised else a.weapons[slot].power
    secret = t.hidden and a.side == COURT
    out = check(w, actor, "hit", hit_modifier(a, hold_back), t.effective_evasion, hope=hope, secret=secret)
    if out.fumble:
        combat_fumble(w, actor, slot, power_of_weapon)
        finish_unit(w, actor)
        return
    if not out.success:
        w.emit(ev.Missed(actor, target))
        finish_unit(w, actor)
        return
    power = max(0, power_of_weapon - (HOLD_BACK_PENALTY if hold_back else 0))
    ctx = AttackContext(actor, target, slot, hold_back=hold_back, critical=out.critical, power=power, cover=cover)
    if out.critical:
        ctx = critical_hit(w, ctx)
        if w.get("pending") is not None:
            return
    after_critical(w, ctx)


def offer_cover(w: Work, t: Combatant, attacker: str = "") -> str:
    """An attack declared on ``t`` (R-MK-08: an interrupt resolves before what it interrupts). Asked in
    the battle's order, each of whom holds an interrupt answering it and has not used it this cycle (a
    round) by name and can pay its cost: the target for data answering ``self_attacked``, an ally
    standing in its area for ``ally_attacked_here``. Cover (Shield Wall): the first who takes it will take
    the attack's damage; returns that ally's id. Cancel: the attack deals nothing; returns ``"-"``.
    Returns ``""`` when nobody interrupts."""
    rnd = w.get("round")
    for c in list(w.cs):
        if not c.uses or c.side != t.side or c.area != t.area or c.condition != OK:
            continue
        for use in c.uses:
            if not use.answers_attack or (use.trigger == "self_attacked") != (c.id == t.id):
                continue
            c = w.c(c.id)
            # the question is asked only of data that may answer now (once per cycle by name) and be paid
            if was_used(c.used, use, rnd) or not can_pay(w, c, use):
                continue
            kind = "interrupt" if c.id != t.id else "interrupt_self"
            if w.ask("R-MK-08", kind, c.id, (use.source, "pass")) != use.source:
                continue
            pay(w, c.id, use)
            if "cancel_attack" in use.effects:
                w.emit(ev.AttackCancelled(c.id, attacker, t.id, use.source))
                return "-"
            w.emit(ev.Covered(c.id, t.id, use.source))
            return c.id
    return ""


def after_critical(w: Work, ctx: AttackContext) -> None:
    """Offer hope for damage (R-MK-16) to PCs and important NPCs, else deal the damage."""
    a = w.c(ctx.attacker)
    if (
        (a.kind == "pc" or a.important)
        and not ctx.set_hp
        and not ctx.zero
        and a.valor > 0
        and hope_available(w, ctx.attacker) > 0
    ):
        w.put(pending=Pending("damage_hope", ctx.attacker, attack=ctx))
        return
    deal_damage(w, ctx)


def deal_damage(w: Work, ctx: AttackContext) -> None:
    """Damage = power + enmity (+ hope dice) − armor (R-MK-30), or the table's HP setting."""
    a = w.c(ctx.attacker)
    t = w.c(ctx.target)
    w.put(pending=None)
    if ctx.set_hp:
        w.set(ctx.target, hp=ctx.set_hp)
        w.emit(ev.HpSet(ctx.target, ctx.set_hp))
    elif ctx.zero:
        lost = t.hp
        w.set(ctx.target, hp=0)
        w.emit(ev.HpSet(ctx.target, 0))
        if t.condition == OK:
            from .resolve import at_zero

            at_zero(w, ctx.target, max(lost, 0), hold_back=ctx.hold_back)
    else:
        enmity = a.enmity_to(ctx.target)
        victim = w.c(ctx.cover) if ctx.cover and w.c(ctx.cover).condition == OK else t  # Shield Wall (R-MK-08)
        amount = ctx.power + enmity + ctx.hope_dice - victim.reduction
        w.emit(ev.Blow(ctx.attacker, victim.id, ctx.power, enmity, ctx.hope_rolls, victim.reduction, max(0, amount)))
        damage(w, victim.id, max(0, amount), hold_back=ctx.hold_back)
    finish_unit(w, ctx.attacker)


def critical_hit(w: Work, ctx: AttackContext) -> AttackContext:
    """Roll 2D6 on the critical-hit table (CAT) and apply it to the attack in progress."""
    value = w.roll() + w.roll()
    w.emit(ev.CriticalHit(ctx.attacker, value))
    a = w.c(ctx.attacker)
    t = w.c(ctx.target)
    if value == 2:
        weapon = a.weapons[ctx.weapon]
        if weapon.level > 0:
            weapons = list(a.weapons)
            weapons[ctx.weapon] = evolve(weapon, level=weapon.level + 1)
            w.set(ctx.attacker, weapons=tuple(weapons))
            w.emit(ev.WeaponImproved(ctx.attacker, weapon.name, weapon.level + 1))
    elif value == 3:
        w.set(ctx.attacker, again=True)
    elif value == 4:
        give_status(w, ctx.target, CURSE)
    elif value == 5:
        ctx = evolve(ctx, power=ctx.power * 2)
    elif value == 6:
        w.put(pending=Pending("cat_move", ctx.attacker, attack=ctx))
    elif value == 7:
        ctx = evolve(ctx, power=ctx.power + w.roll())
    elif value == 8:
        ctx = evolve(ctx, power=ctx.power + t.level)
    elif value == 9:
        # instead of damage: the attacker chooses the rolled HP or the damage as usual
        rolled = w.roll()
        if w.ask("R-MK-29", "cat_set_hp", ctx.attacker, ("set", "damage"), (rolled,)) == "set":
            ctx = evolve(ctx, set_hp=rolled)
    elif value == 10:
        free = [s for s in t.skills if s not in t.sealed]
        if free:
            pick = free[0] if len(free) == 1 else w.ask("R-MK-29", "cat_seal", ctx.attacker, tuple(free))
            w.set(ctx.target, sealed=t.sealed + (pick,))
            w.emit(ev.SkillSealed(ctx.target, pick))
    elif value == 11:
        ctx = evolve(ctx, power=ctx.power + w.roll() + w.roll())
    else:
        ctx = evolve(ctx, zero=True)
    return ctx


def _self_harm(w: Work, actor: str) -> None:
    damage(w, actor, w.roll())


def combat_fumble(w: Work, actor: str, slot: int, power: int | None = None) -> None:
    """Roll 2D6 on the combat fumble table (CFT) and apply it (``power``: of the weapon as used)."""
    value = w.roll() + w.roll()
    w.emit(ev.CombatFumble(actor, value))
    a = w.c(actor)
    monster = a.kind == "monster"
    allies = [c for c in w.cs if c.side == a.side and c.id != actor and c.condition == OK]
    if value == 2:
        if a.side == COURT:
            _reinforce(w)
        else:
            pcs = [c for c in w.cs if c.side == COURT and c.kind == "pc" and c.condition == OK]
            if pcs:
                pick = pcs[0].id if len(pcs) == 1 else w.ask("R-MK-29", "cft_minions", COURT, tuple(c.id for c in pcs))
                chosen = w.c(pick)
                gained = w.roll()
                w.set(chosen.id, minions=chosen.minions + gained)
                w.emit(ev.MinionsChanged(chosen.id, gained, chosen.minions + gained))
    elif value == 3:
        back = -1 if a.side == COURT else 1
        home = own_hq(a.side)
        for c in list(w.cs):
            if c.side == a.side and c.condition == OK and c.area != home:
                w.set(c.id, area=c.area + back)
        w.emit(ev.SideFellBack(a.side))
    elif value == 4:
        here = [c for c in allies if c.area == a.area]
        if here:
            victim = here[w.roll(len(here)) - 1]
            used = a.weapons[slot].power if power is None else power
            damage(w, victim.id, max(0, used - victim.reduction))
    elif value == 5:
        ready = [c for c in allies if not c.acted]
        if ready:
            victim = ready[w.roll(len(ready)) - 1]
            w.set(victim.id, acted=True)
            w.emit(ev.BecameActed(victim.id))
    elif value == 6:
        for c in list(w.cs):
            if c.side == a.side and c.coop:
                w.set(c.id, coop=())
        if a.side == MONSTERS:
            w.put(strategy_bonus=0)
        w.emit(ev.EffectsEnded(a.side))
    elif value == 7:
        _self_harm(w, actor)
    elif value == 8:
        hp = (a.hp + 1) // 2  # halved, rounding in the fumbler's favour
        w.set(actor, hp=hp)
        w.emit(ev.HpReduced(actor, a.hp - hp, hp))
    elif value == 9:
        if monster:
            _self_harm(w, actor)
        else:
            usable = [i for i, wp in enumerate(a.weapons) if not wp.broken and wp.breakable]
            if usable:
                break_item(w, actor, pick_breaking(w, actor, usable, "R-MK-29"))
    elif value == 10:
        if w.b.options.seed_review:  # one of the project's own traps, which acts (battles since session 7)
            from .traps import appear

            trap = appear(w, a.side, a.area)
        else:
            trap = Trap(id=f"trap{len(w.get('traps')) + 1}", name="fumble", area=a.area, hidden=False, method="")
        w.put(traps=w.get("traps") + (trap,))
        w.emit(ev.TrapAppeared(trap.id, a.area))
    elif value == 11:
        if monster:
            _self_harm(w, actor)
        else:
            for c in list(w.cs):
                if (c.id == actor or c.favor_to(actor) >= 1) and c.drive > 0:
                    w.set(c.id, drive=c.drive - 1)
                    w.emit(ev.DriveChanged(c.id, -1, c.drive - 1))
    else:
        if monster:
            _self_harm(w, actor)
        elif not a.weapons[slot].broken and a.weapons[slot].breakable:
            break_item(w, actor, slot)
        standing = [c for c in w.cs if c.condition == OK]
        if standing:
            victim = standing[w.roll(len(standing)) - 1]
            w.set(victim.id, hp=1)
            w.emit(ev.HpSet(victim.id, 1))


def _reinforce(w: Work) -> None:
    """CFT 2 rolled by the court: 1D6 more of the monster side's lowest-level monster join it."""
    monsters = [c for c in w.cs if c.side == MONSTERS and c.kind == "monster"]
    if not monsters:
        return
    model = min(monsters, key=lambda c: c.level)
    count = w.roll()
    for n in range(1, count + 1):
        new_id = f"{model.species or model.id}+{len(w.cs) + n}"
        while w.has(new_id):
            new_id += "'"
        # Newcomers arrive acted: they join the fight from the next round.
        w.add(
            evolve(
                model,
                id=new_id,
                hp=model.max_hp,
                condition=OK,
                acted=True,
                statuses=frozenset(),
                deadline="",
                weapons=tuple(Weapon(**{**wp.__dict__, "broken": False}) for wp in model.weapons),
            )
        )
    w.emit(ev.Reinforced(model.species or model.id, count))
