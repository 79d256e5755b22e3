"""The battle machine: ``step(battle, action, dice)``, ``legal_actions(battle)``, ``gm_actions(battle)``.

Every handler validates first and raises :class:`~meikyu.errors.RuleError` naming the rule, so an
illegal action changes nothing. A two-piece fight, from setup to the first swing:

>>> from meikyu.dice import ScriptedDice
>>> from .model import Battle, Combatant, Weapon, COURT, MONSTERS
>>> sword = (Weapon("sword", power=3),)
>>> b = Battle((Combatant("pc", "Ari", COURT, 2, 10, 10, kind="pc", valor=3, weapons=sword),
...             Combatant("gob", "Goblin", MONSTERS, 3, 4, 4, valor=1, evasion=8, weapons=sword)))
>>> b, _ = step(b, Begin(), ScriptedDice([]))
>>> b.phase, b.round
('strategy', 1)
>>> b, _ = step(b, StrategyCheck("pc"), ScriptedDice([5, 4]))   # 9 vs evasion 8: the court goes first
>>> b.active
'court'
>>> b, _ = step(b, Move("pc", 1), ScriptedDice([]))            # 1 PC vs valor 1: not blocked
>>> b, _ = step(b, Attack("pc", "gob"), ScriptedDice([3, 3]))  # 6 + 3 = 9 ≥ 8; 3 damage
>>> b.get("gob").hp, b.active
(1, 'monsters')
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.serial import from_data, to_data

from . import events as ev
from .actions import (
    ACTIONS,
    Attack,
    BecomeGhost,
    Begin,
    Breakthrough,
    Carry,
    Choose,
    Cooperate,
    Decline,
    Disarm,
    EndQuarter,
    EndTreasure,
    Escape,
    ExtraMove,
    Fall,
    GhostAct,
    Hide,
    Inflict,
    Move,
    OtherSupport,
    Pass,
    Place,
    PlaceTarget,
    ReduceHp,
    Reputation,
    RestoreHp,
    Reveal,
    Revive,
    RollTreasure,
    SearchSpot,
    SpendHope,
    StrategyCheck,
    Surrender,
    Swap,
    UseItem,
)
from .attack import after_critical, deal_damage, resolve_attack
from .flow import advance, defeated_monsters, end_combat, finish_unit, start_round
from .items import revival_items
from .model import (
    BAD_STATUSES,
    COURT,
    DEAD,
    FOOLISH,
    IMPROVISED,
    INCAPACITATED,
    MONSTERS,
    OK,
    SLEEP,
    Battle,
    Choice,
    Combatant,
    Loot,
    Pending,
    enemy_hq,
    evolve,
    forward,
    lit_areas,
    other,
    own_hq,
)
from .resolve import (
    OWN_CHECKS,
    check,
    damage,
    give_status,
    hope_available,
    make_dead,
    reduce_hp,
    restore_hp,
    spend_hope,
)
from .treasure import treasure_result
from .work import NeedChoice, Work

Handler = Callable[[Work, Any], None]


def _err(rule: str, key: str, **params: Any) -> RuleError:
    return RuleError(rule, f"mk.battle.error.{key}", **params)


# --- shared validation ---------------------------------------------------------------------------


def _need_phase(w: Work, rule: str, *phases: str) -> None:
    if w.get("phase") not in phases:
        raise _err(rule, "phase", phase=w.get("phase"), allowed=", ".join(phases))
    if w.get("pending") is not None:
        raise _err(rule, "pending", kind=w.get("pending").kind)


def _need_pending(w: Work, kind: str, rule: str) -> Pending:
    pending: Pending | None = w.get("pending")
    if pending is None or pending.kind != kind:
        raise _err(rule, "no_prompt", kind=kind)
    return pending


def _unit_actor(w: Work, actor: str, rule: str = "R-MK-25", move: int = 0) -> Combatant:
    """``actor`` may take an action now: its side's turn, ready, standing, and no one else mid-unit.

    ``move`` is the step of a move (0 for an action): a foolish actor with no enemy in reach must
    move toward one before acting, and every move it makes then goes that way (R-MK-44)."""
    _need_phase(w, rule, "act", "ambush")
    c = w.c(actor)
    if c.side != w.get("active"):
        raise _err("R-MK-25", "not_your_side", id=actor, side=w.get("active"))
    if c.condition != OK:
        raise _err("R-MK-31", "cannot_act", id=actor, condition=c.condition)
    if c.acted:
        raise _err("R-MK-25", "already_acted", id=actor)
    current = w.get("current")
    if current and current != actor:
        raise _err("R-MK-25", "unit_open", id=actor, current=current)
    if c.statuses and FOOLISH in c.statuses:
        forced = foolish_steps(w.cs, c, lit_areas(w.cs, w.b.options.lit), w.get("used"))
        if forced and (move not in forced if move else not w.get("moved")):
            raise _err("R-MK-44", "foolish_move", id=actor, steps=", ".join(map(str, forced)))
    return c


def _support_actor(w: Work, actor: str, rule: str) -> tuple[Combatant, bool]:
    """The actor of a support action and whether it is a ghost's paid action (R-MK-35).

    A ghost that paid favor (``ghost_turn``) takes its one action outside the unit order, at any
    moment of the strategy or move-and-action phases when no unit is open and nothing is pending."""
    c = w.c(actor)
    if c.ghost_turn:
        _need_phase(w, "R-MK-35", "strategy", "act", "ambush")
        current = w.get("current")
        if current:
            raise _err("R-MK-25", "unit_open", id=actor, current=current)
        return c, True
    return _unit_actor(w, actor, rule), False


def _support_done(w: Work, c: Combatant, ghost: bool) -> None:
    """A ghost's action is spent; anyone else's unit ends (R-MK-35, R-MK-36)."""
    if ghost:
        w.set(c.id, ghost_turn=False)
        advance(w)
    else:
        finish_unit(w, c.id)


def blocked(cs: list[Combatant] | tuple[Combatant, ...], mover: Combatant) -> tuple[int, int] | None:
    """(allies, enemy valor) when ``mover`` is blocked from advancing (R-MK-27), else ``None``.

    Only standing characters count on either side (the seed does not count the fallen; our ruling).
    """
    allies = 0
    valor = 0
    for c in cs:
        if c.area == mover.area and c.condition == OK:
            if c.side == mover.side:
                allies += 1
            else:
                valor += c.valor
    return (allies, valor) if allies < valor else None


def _move_target(c: Combatant, step: int, rule: str = "R-MK-26") -> int:
    if step not in (1, -1):
        raise _err(rule, "bad_step", step=step)
    area = c.area + step * forward(c.side)
    if not 0 <= area <= 5:
        raise _err("R-MK-26", "off_field", id=c.id, area=area)
    return area


BREAKTHROUGH = "breakthrough"


def can_break_through(c: Combatant, side: str, used: tuple[tuple[str, str], ...]) -> bool:
    """``c`` may pay for a breakthrough now: on ``side``, standing, with minions, and not yet this
    round — breakthrough is an interrupt, once per character per cycle (R-MK-27, R-MK-08)."""
    return c.side == side and c.condition == OK and c.minions > 0 and (c.id, BREAKTHROUGH) not in used


def _can_pay(w: Work, side: str) -> bool:
    used = w.get("used")
    return any(can_break_through(c, side, used) for c in w.cs)


def _enemies_in_range(
    cs: list[Combatant] | tuple[Combatant, ...],
    a: Combatant,
    slot: int,
    lit: Collection[int],
    improvised: bool = False,
) -> list[Combatant]:
    """Enemies the item in ``slot`` reaches; ``improvised``: as a range-0 melee weapon (R-MK-29)."""
    wp = a.weapons[slot]
    reach, ranged = (0, False) if improvised else (wp.range, wp.ranged)
    out = []
    for c in cs:
        if c.side != a.side and c.condition != DEAD and abs(c.area - a.area) <= reach:
            if ranged and c.area not in lit:
                continue
            out.append(c)
    return out


def _any_target(cs: list[Combatant] | tuple[Combatant, ...], a: Combatant, lit: Collection[int]) -> bool:
    """Some enemy is within reach of some usable item, improvised melee included (R-MK-29)."""
    for slot, wp in enumerate(a.weapons):
        if wp.broken:
            continue
        if _enemies_in_range(cs, a, slot, lit) or _enemies_in_range(cs, a, slot, lit, improvised=True):
            return True
    return False


def foolish_steps(
    cs: list[Combatant] | tuple[Combatant, ...],
    c: Combatant,
    lit: Collection[int],
    used: tuple[tuple[str, str], ...] = (),
) -> list[int]:
    """Moves a foolish ``c`` is held to (R-MK-44): with no enemy in reach it must move toward an enemy.

    Empty when it is not foolish, has an enemy in reach, or no such move is possible (then it acts
    freely). Toward an enemy = a step whose direction holds a living enemy, ahead or behind."""
    if FOOLISH not in c.statuses or _any_target(cs, c, lit):
        return []
    fwd = forward(c.side)
    out = []
    for step_ in (1, -1):
        if not 0 <= c.area + step_ * fwd <= 5:
            continue
        if not any(
            e.side != c.side and e.condition != DEAD and (e.area - c.area) * step_ * fwd > 0 for e in cs
        ):
            continue
        if (
            step_ == 1
            and blocked(cs, c) is not None
            and not any(can_break_through(x, c.side, used) for x in cs)
        ):
            continue
        out.append(step_)
    return out


# --- setup ---------------------------------------------------------------------------------------


def _place(w: Work, a: Place) -> None:
    _need_phase(w, "R-MK-21", "setup")
    c = w.c(a.monster)
    if c.side != MONSTERS:
        raise _err("R-MK-21", "not_monster", id=a.monster)
    if a.area not in (3, 4, 5):
        raise _err("R-MK-21", "monster_area", area=a.area)
    w.set(a.monster, area=a.area)
    w.emit(ev.Placed(a.monster, a.area))


def _hide(w: Work, a: Hide) -> None:
    _need_phase(w, "R-MK-23", "setup")
    c = w.c(a.monster)
    if c.side != MONSTERS or c.kind != "monster":
        raise _err("R-MK-23", "not_monster", id=a.monster)
    if c.hidden:
        raise _err("R-MK-23", "already_hidden", id=a.monster)
    # The seed counts uncertain *encounters* per game: the first hidden monster makes this battle one,
    # and hiding more of its monsters costs nothing further.
    if not any(other.hidden for other in w.cs):
        if w.get("uncertain_used") >= w.get("uncertain_limit"):
            raise _err("R-MK-23", "uncertain_limit", limit=w.get("uncertain_limit"))
        w.put(uncertain_used=w.get("uncertain_used") + 1)
    looks = c.looks if not a.appearance else ()
    w.set(a.monster, hidden=True, appearance=a.appearance or c.appearance, looks=looks)
    w.emit(ev.Hidden(a.monster))


def _begin(w: Work, a: Begin) -> None:
    """Ambush (R-MK-22): a court piece in the enemy's areas, or a failed search vs [20 − monsters]."""
    _need_phase(w, "R-MK-22", "setup")
    court = [c for c in w.cs if c.side == COURT and c.condition == OK]
    cause = ""
    if any(c.area >= 3 for c in court):
        cause = "caught_from_behind"
    elif w.b.options.count_unknown and court:
        rep = a.representative or max(court, key=lambda c: c.search).id
        if w.c(rep).side != COURT or w.c(rep).condition != OK:
            raise _err("R-MK-22", "not_court", id=rep)
        count = sum(1 for c in w.cs if c.side == MONSTERS)
        if not check(w, rep, "ambush", w.c(rep).search, 20 - count).success:
            cause = "unknown_count"
    if cause:
        w.emit(ev.Ambush(cause))
        w.put(phase="ambush", active=MONSTERS, first=MONSTERS)
        w.emit(ev.SideActs(MONSTERS))
        advance(w)
    else:
        start_round(w)


# --- strategy ------------------------------------------------------------------------------------


def strategy_difficulty(cs: list[Combatant] | tuple[Combatant, ...], bonus: int) -> int:
    """Highest evasion among the standing enemies; an NPC counts its [wit + 7] (R-MK-24); a sleeping
    monster's evasion counts as 7 (R-MK-44)."""
    best = 0
    for c in cs:
        if c.side == MONSTERS and c.condition == OK:
            value = c.wit + 7 if c.kind == "npc" else c.effective_evasion
            best = max(best, value)
    return best + bonus


def _strategy(w: Work, a: StrategyCheck) -> None:
    _need_phase(w, "R-MK-24", "strategy")
    rep = w.c(a.representative)
    if rep.side != COURT or rep.condition != OK:
        raise _err("R-MK-24", "not_court", id=a.representative)
    _check_hope(w, rep, a.hope)
    difficulty = strategy_difficulty(w.cs, w.get("strategy_bonus"))
    out = check(w, rep.id, "strategy", rep.wit, difficulty, hope=a.hope, secret=w.b.hidden_enemy)
    first = COURT if out.success else MONSTERS
    w.put(phase="act", first=first, active=first, strategy_bonus=0)
    w.emit(ev.SideActs(first))
    advance(w)


def _check_hope(w: Work, c: Combatant, hope: int) -> None:
    if hope < 0 or hope > hope_available(w, c.id):
        raise _err("R-MK-15", "not_enough_hope", id=c.id, want=hope, have=hope_available(w, c.id))


# --- moves ---------------------------------------------------------------------------------------


def _do_move(w: Work, mover: str, area: int) -> None:
    origin = w.c(mover).area
    w.set(mover, area=area)
    w.emit(ev.Moved(mover, origin, area))


def _move(w: Work, a: Move) -> None:
    c = _unit_actor(w, a.actor, "R-MK-26", move=a.step)
    if w.get("moved"):
        raise _err("R-MK-25", "already_moved", id=a.actor)
    area = _move_target(c, a.step)
    _start_move(w, c, a.step, area, extra=False)


def _start_move(w: Work, c: Combatant, step: int, area: int, *, extra: bool) -> None:
    block = blocked(w.cs, c) if step == 1 else None
    if block is not None:
        if not _can_pay(w, c.side):
            if any(x.hidden and x.area == c.area and x.condition == OK and x.side != c.side for x in w.cs):
                # a hidden monster's valor is part of the sum: the message must not show it (R-MK-23)
                raise _err("R-MK-27", "blocked_hidden", id=c.id, allies=block[0])
            raise _err("R-MK-27", "blocked", id=c.id, allies=block[0], valor=block[1])
        w.emit(ev.Blocked(c.id, c.area, block[0], block[1]))
        w.put(
            pending=Pending("breakthrough", c.id, mover=c.id, step=step, extra=extra),
            current=c.id,
            moved=True,
        )
        return
    _do_move(w, c.id, area)
    if extra:
        finish_unit(w, c.id)
    else:
        w.put(current=c.id, moved=True)


def _breakthrough(w: Work, a: Breakthrough) -> None:
    p = _need_pending(w, "breakthrough", "R-MK-27")
    mover = w.c(p.mover)
    payer = w.c(a.payer)
    if (payer.id, BREAKTHROUGH) in w.get("used"):
        raise _err("R-MK-08", "interrupt_used", id=a.payer)
    if not can_break_through(payer, mover.side, ()):
        raise _err("R-MK-27", "bad_payer", id=a.payer)
    lost = min(payer.minions, w.roll())
    w.put(used=(*w.get("used"), (payer.id, BREAKTHROUGH)))
    w.set(a.payer, minions=payer.minions - lost)
    w.emit(ev.BrokeThrough(a.payer, lost))
    w.put(pending=None)
    _do_move(w, mover.id, mover.area + p.step * forward(mover.side))
    if p.extra:
        finish_unit(w, mover.id)


def _decline(w: Work, a: Decline) -> None:
    p = _need_pending(w, "breakthrough", "R-MK-27")
    w.put(pending=None)
    w.emit(ev.MoveStopped(p.mover))
    if p.extra:
        finish_unit(w, p.mover)


def _extra_move(w: Work, a: ExtraMove) -> None:
    c = _unit_actor(w, a.actor, "R-MK-37", move=a.step)
    area = _move_target(c, a.step, "R-MK-37")
    _start_move(w, c, a.step, area, extra=True)


# --- attacks -------------------------------------------------------------------------------------


def _attack(w: Work, a: Attack) -> None:
    c = _unit_actor(w, a.actor, "R-MK-29")
    if not 0 <= a.weapon < len(c.weapons) or c.weapons[a.weapon].broken:
        raise _err("R-MK-29", "no_weapon", id=a.actor, slot=a.weapon)
    wp = IMPROVISED if a.improvised else c.weapons[a.weapon]
    lit = lit_areas(w.cs, w.b.options.lit)
    if FOOLISH in c.statuses:
        in_range = _enemies_in_range(w.cs, c, a.weapon, lit, a.improvised)
        if a.target:
            raise _err("R-MK-44", "foolish_target", id=a.actor)
        if not in_range:
            raise _err("R-MK-29", "out_of_range", id=a.actor, target="?")
        target = in_range[w.roll(len(in_range)) - 1].id if len(in_range) > 1 else in_range[0].id
    else:
        t = w.c(a.target)
        if t.side == c.side or t.condition == DEAD:
            raise _err("R-MK-29", "bad_target", id=a.target)
        if abs(t.area - c.area) > wp.range:
            raise _err("R-MK-29", "out_of_range", id=a.actor, target=a.target)
        if wp.ranged and t.area not in lit:
            raise _err("R-MK-29", "no_light", target=a.target)
        target = a.target
    if a.hold_back and (c.kind != "pc" or wp.ranged):
        raise _err("R-MK-41", "hold_back", id=a.actor)
    _check_hope(w, c, a.hope)
    resolve_attack(w, a.actor, target, a.weapon, a.hope, a.hold_back, a.improvised)


def _spend_hope(w: Work, a: SpendHope) -> None:
    p = _need_pending(w, "damage_hope", "R-MK-16")
    assert p.attack is not None
    c = w.c(p.attack.attacker)
    limit = min(c.valor, hope_available(w, c.id))
    if not 0 <= a.count <= limit:
        raise _err("R-MK-16", "hope_damage", count=a.count, limit=limit)
    ctx = p.attack
    if a.count:
        spend_hope(w, c.id, a.count)
        rolls = tuple(w.roll() for _ in range(a.count))
        ctx = evolve(ctx, hope_dice=sum(rolls), hope_rolls=rolls)
    deal_damage(w, ctx)


def _place_target(w: Work, a: PlaceTarget) -> None:
    p = _need_pending(w, "cat_move", "R-MK-29")
    assert p.attack is not None
    if a.area not in range(6):
        raise _err("R-MK-29", "bad_area", area=a.area)
    _do_move(w, p.attack.target, a.area)
    w.put(pending=None)
    after_critical(w, p.attack)


# --- support actions -----------------------------------------------------------------------------


def _carry(w: Work, a: Carry) -> None:
    c = _unit_actor(w, a.actor, "R-MK-36")
    t = w.c(a.target)
    if t.area != c.area or t.condition == OK:
        raise _err("R-MK-36", "cannot_carry", id=a.target)
    area = t.area + (a.step if a.step in (1, -1) else 9) * forward(c.side)
    if not 0 <= area <= 5:
        raise _err("R-MK-26", "off_field", id=a.target, area=area)
    w.set(a.target, area=area)
    w.emit(ev.Carried(a.actor, a.target, area))
    finish_unit(w, a.actor)


def _swap(w: Work, a: Swap) -> None:
    c = _unit_actor(w, a.actor, "R-MK-36")
    o = w.c(a.other)
    if o.id == c.id or o.side != c.side or o.area != c.area or o.condition == DEAD:
        raise _err("R-MK-36", "cannot_swap", id=a.other)
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
        raise _err("R-MK-36", "bad_slots", give=list(gives), take=list(takes))
    mine = [wp for i, wp in enumerate(c.weapons) if i not in gives] + [o.weapons[t] for t in takes]
    theirs = [wp for i, wp in enumerate(o.weapons) if i not in takes] + [c.weapons[g] for g in gives]
    w.set(c.id, weapons=tuple(mine))
    w.set(o.id, weapons=tuple(theirs))
    w.emit(ev.Swapped(c.id, o.id))
    finish_unit(w, a.actor)


def _search_spot(w: Work, a: SearchSpot) -> None:
    c, ghost = _support_actor(w, a.actor, "R-MK-36")
    if a.stat not in ("wit", "search"):
        raise _err("R-MK-36", "search_stat", stat=a.stat)
    court = sum(1 for x in w.cs if x.side == COURT)
    out = check(w, c.id, "search", getattr(c, a.stat), court + 7)
    if out.success:
        traps = w.get("traps")
        found = sum(1 for t in traps if t.hidden)
        w.put(traps=tuple(evolve(t, hidden=False) for t in traps))
        w.emit(ev.TrapsFound(c.id, found))
    _support_done(w, c, ghost)


def _disarm(w: Work, a: Disarm) -> None:
    c = _unit_actor(w, a.actor, "R-MK-36")
    traps = w.get("traps")
    trap = next((t for t in traps if t.id == a.trap), None)
    if trap is None or trap.hidden or trap.disarmed or trap.method != "check":
        raise _err("R-MK-36", "no_trap", trap=a.trap)
    where = w.c(trap.on).area if trap.on and w.has(trap.on) else enemy_hq(c.side)
    if c.area != where:
        raise _err("R-MK-36", "trap_far", trap=a.trap, area=where)
    if check(w, c.id, "disarm", getattr(c, trap.stat), trap.difficulty).success:
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
        _need_phase(w, "R-MK-35", "strategy", "act", "ambush")
    elif w.get("phase") == "strategy":
        _need_phase(w, "R-MK-12", "strategy")
        if c.condition != OK or c.acted:
            raise _err("R-MK-12", "cannot_act", id=a.actor, condition=c.condition)
    else:
        _unit_actor(w, a.actor, "R-MK-12")
    action = coop_action(w.get("phase"), a.action)
    if action not in OWN_CHECKS:
        raise _err("R-MK-12", "coop_action", action=action, actions=", ".join(OWN_CHECKS))
    t = w.c(a.target)
    if t.side != c.side or t.id == c.id:
        raise _err("R-MK-12", "coop_target", id=a.target)
    if c.enmity_to(t.id) > c.favor_to(t.id):
        raise _err("R-MK-12", "coop_enmity", id=a.actor, target=a.target)
    if any(h == c.id for h, _, _ in t.coop):
        raise _err("R-MK-12", "coop_twice", id=a.actor, target=a.target)
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
    else:
        finish_unit(w, a.actor)


def _reputation(w: Work, a: Reputation) -> None:
    c, ghost = _support_actor(w, a.actor, "R-MK-23")
    t = w.c(a.target)
    if not t.hidden:
        raise _err("R-MK-23", "not_hidden", id=a.target)
    if check(w, c.id, "reputation", c.wit, t.level + 5, secret=True).success:
        w.set(t.id, hidden=False)
        w.emit(ev.Revealed(t.id))
    _support_done(w, c, ghost)


def _use_item(w: Work, a: UseItem) -> None:
    """A recovery item carried: restores its HP to someone in the area and is used up (R-MK-31, R-MK-36)."""
    c = _unit_actor(w, a.actor, "R-MK-36")
    if not 0 <= a.slot < len(c.weapons) or c.weapons[a.slot].broken or c.weapons[a.slot].heal <= 0:
        raise _err("R-MK-31", "no_recovery_item", id=a.actor, slot=a.slot)
    t = w.c(a.target or a.actor)
    if t.side != c.side or t.area != c.area or t.condition == DEAD:
        raise _err("R-MK-31", "bad_heal_target", id=t.id)
    item = c.weapons[a.slot]
    w.set(c.id, weapons=c.weapons[: a.slot] + c.weapons[a.slot + 1 :])
    restore_hp(w, t.id, w.roll_n(item.heal), item.name)
    finish_unit(w, a.actor)


def _other_support(w: Work, a: OtherSupport) -> None:
    c, ghost = _support_actor(w, a.actor, "R-MK-36")
    w.emit(ev.SupportDone(a.actor, a.note))
    _support_done(w, c, ghost)


# --- special moves, pass, surrender --------------------------------------------------------------


def escape_ready(cs: list[Combatant] | tuple[Combatant, ...], side: str) -> bool:
    """Every ally not dead stands in its own HQ (R-MK-37; the fallen must be carried there first)."""
    home = own_hq(side)
    return all(c.area == home for c in cs if c.side == side and c.condition != DEAD)


def _escape(w: Work, a: Escape) -> None:
    c = _unit_actor(w, a.actor, "R-MK-37")
    if not escape_ready(w.cs, c.side):
        raise _err("R-MK-37", "escape_position", side=c.side)
    if c.side == COURT and w.b.options.escape_blocked:
        w.emit(ev.EscapeFailed(c.id, "blocked"))
        finish_unit(w, a.actor)
        return
    # a sleeping enemy's evasion counts as 7 (R-MK-44)
    difficulty = max((x.effective_evasion for x in w.cs if x.side != c.side and x.condition == OK), default=0)
    secret = c.side == COURT and w.b.hidden_enemy
    if check(w, c.id, "escape", c.search, difficulty, secret=secret).success:
        w.emit(ev.Escaped(c.side))
        # The enemies leave the field: the battle ends with nobody winning; every record is kept so the
        # labyrinth can send the court back a room (or the GM re-place an escaped monster).
        w.put(escaped=c.side)
        end_combat(w, "", "escape")
        return
    w.emit(ev.EscapeFailed(c.id, "roll"))
    finish_unit(w, a.actor)


def _pass(w: Work, a: Pass) -> None:
    _unit_actor(w, a.actor, "R-MK-38")
    w.emit(ev.Passed(a.actor))
    finish_unit(w, a.actor, acted=False)


def _surrender(w: Work, a: Surrender) -> None:
    _need_phase(w, "R-MK-42", "strategy", "act", "ambush")
    if a.side not in (COURT, MONSTERS):
        raise _err("R-MK-42", "bad_side", side=a.side)
    w.put(surrendered=a.side)
    w.emit(ev.Surrendered(a.side))
    end_combat(w, other(a.side), "surrender")


# --- treasure ------------------------------------------------------------------------------------


def _roll_treasure(w: Work, a: RollTreasure) -> None:
    _need_phase(w, "R-MK-43", "treasure")
    left = set(defeated_monsters(w))
    ids = tuple(a.monsters)
    if not ids or len(set(ids)) != len(ids) or any(i not in left for i in ids):
        raise _err("R-MK-43", "treasure_monsters", ids=", ".join(ids))
    kinds = {w.c(i).species or w.c(i).id for i in ids}
    if len(kinds) > 1:
        raise _err("R-MK-43", "treasure_kinds", ids=", ".join(ids))
    level = min(5, max(1, sum(w.c(i).level for i in ids)))
    roll = w.roll()
    kind, count, item_level = treasure_result(level, roll)
    materials = w.c(ids[0]).materials
    w.put(
        loot=w.get("loot") + (Loot(level, roll, kind, count, item_level, ids, materials),),
        looted=w.get("looted") + ids,
    )
    w.emit(ev.Treasure(level, roll, kind, count, item_level, materials))
    if not defeated_monsters(w):
        w.put(phase="over")


def _end_treasure(w: Work, a: EndTreasure) -> None:
    _need_phase(w, "R-MK-43", "treasure")
    w.put(phase="over")


# --- GM interventions ----------------------------------------------------------------------------


def _gm(w: Work, rule: str) -> None:
    if w.get("pending") is not None:
        raise _err(rule, "pending", kind=w.get("pending").kind)


def _reveal(w: Work, a: Reveal) -> None:
    _gm(w, "R-MK-23")
    if not w.c(a.monster).hidden:
        raise _err("R-MK-23", "not_hidden", id=a.monster)
    w.set(a.monster, hidden=False)
    w.emit(ev.Revealed(a.monster))


def _living(w: Work, cid: str, rule: str) -> Combatant:
    c = w.c(cid)
    if c.condition == DEAD:
        raise _err(rule, "is_dead", id=cid)
    return c


def _fall(w: Work, a: Fall) -> None:
    """Falling (R-MK-33): 3D6 damage whatever the height; search vs 9 halves it (rounded down)."""
    _gm(w, "R-MK-33")
    c = _living(w, a.target, "R-MK-33")
    amount = w.roll_n(3)
    if check(w, c.id, "fall", c.search, 9).success:
        amount //= 2
    damage(w, c.id, amount)
    advance(w)


def _reduce_hp(w: Work, a: ReduceHp) -> None:
    _gm(w, "R-MK-32")
    _living(w, a.target, "R-MK-32")
    if a.amount < 0:
        raise _err("R-MK-32", "negative", amount=a.amount)
    reduce_hp(w, a.target, a.amount)
    advance(w)


def _restore_hp(w: Work, a: RestoreHp) -> None:
    _gm(w, "R-MK-31")
    _living(w, a.target, "R-MK-34")
    if a.amount < 1:
        raise _err("R-MK-31", "restore_amount", amount=a.amount)
    restore_hp(w, a.target, a.amount)
    advance(w)


def _inflict(w: Work, a: Inflict) -> None:
    _gm(w, "R-MK-44")
    c = _living(w, a.target, "R-MK-44")
    if a.status not in BAD_STATUSES:
        raise _err("R-MK-44", "bad_status", status=a.status, statuses=", ".join(BAD_STATUSES))
    if a.status in c.statuses:
        raise _err("R-MK-44", "has_status", id=a.target, status=a.status)
    if a.resist:
        if a.status != SLEEP or not c.slept_once:
            raise _err("R-MK-44", "cannot_resist", id=a.target)
        lost = w.roll()
        w.emit(ev.SleepResisted(c.id, lost))
        reduce_hp(w, c.id, lost)
    else:
        give_status(w, c.id, a.status)
        if a.status == SLEEP and w.get("current") == c.id:
            w.put(current="", moved=False)
    advance(w)


def _revive(w: Work, a: Revive) -> None:
    """Revival items work on the dead within the game (R-MK-34); a ghost refuses the potion (R-MK-35)."""
    _gm(w, "R-MK-34")
    c = w.c(a.target)
    if c.condition != DEAD:
        raise _err("R-MK-34", "not_dead", id=a.target)
    items = revival_items()
    item = items.get(a.item)
    if item is None:
        raise _err("R-MK-34", "revival_item", item=a.item, items=", ".join(sorted(items)))
    if c.ghost and not item.revives_ghost:
        raise _err("R-MK-35", "ghost_no_potion", id=a.target, item=a.item)
    if a.hp < 1:
        raise _err("R-MK-34", "revive_hp", hp=a.hp)
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
        raise _err("R-MK-35", "ghost_off")
    c = w.c(a.target)
    if c.condition != DEAD or c.ghost:
        raise _err("R-MK-35", "not_dead", id=a.target)
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
        raise _err("R-MK-35", "not_ghost", id=a.ghost)
    pool = v.favor_to(g.id) + g.favor_to(v.id)
    if pool <= 0:
        raise _err("R-MK-35", "no_favor", id=a.ghost, via=a.via)
    cost = w.roll()
    first = min(cost, v.favor_to(g.id))
    second = min(cost - first, g.favor_to(v.id))
    w.set(v.id, favor=_with(v.favor, g.id, v.favor_to(g.id) - first))
    w.set(g.id, favor=_with(g.favor, v.id, g.favor_to(v.id) - second), ghost_turn=True)
    w.emit(ev.GhostActs(g.id, v.id, cost))


def _with(pairs: tuple[tuple[str, int], ...], who: str, value: int) -> tuple[tuple[str, int], ...]:
    return tuple((k, value if k == who else v) for k, v in pairs)


HANDLERS: dict[type, Handler] = {
    Place: _place,
    Hide: _hide,
    Begin: _begin,
    StrategyCheck: _strategy,
    Move: _move,
    Breakthrough: _breakthrough,
    Decline: _decline,
    Attack: _attack,
    SpendHope: _spend_hope,
    PlaceTarget: _place_target,
    Carry: _carry,
    Swap: _swap,
    SearchSpot: _search_spot,
    Disarm: _disarm,
    Cooperate: _cooperate,
    Reputation: _reputation,
    OtherSupport: _other_support,
    ExtraMove: _extra_move,
    Escape: _escape,
    Pass: _pass,
    Surrender: _surrender,
    RollTreasure: _roll_treasure,
    EndTreasure: _end_treasure,
    Reveal: _reveal,
    Fall: _fall,
    ReduceHp: _reduce_hp,
    Inflict: _inflict,
    RestoreHp: _restore_hp,
    UseItem: _use_item,
    Revive: _revive,
    BecomeGhost: _become_ghost,
    EndQuarter: _end_quarter,
    GhostAct: _ghost_act,
}


class _Tape:
    """Dice that hand out ``prefix`` first, then roll on, remembering every value given."""

    __slots__ = ("prefix", "dice", "drawn")

    def __init__(self, prefix: tuple[int, ...], dice: Dice) -> None:
        self.prefix = list(prefix)
        self.dice = dice
        self.drawn: list[int] = []

    def roll(self, sides: int) -> int:
        value = self.prefix.pop(0) if self.prefix else self.dice.roll(sides)
        self.drawn.append(value)
        return value


def step(battle: Battle, action: Action, dice: Dice) -> tuple[Battle, tuple[Event, ...]]:
    """Apply ``action``; illegal → :class:`RuleError` and nothing changes.

    When the rules leave a choice to someone part-way through, the state is the one from before the
    action with a ``choice`` prompt; :class:`Choose` answers it and the action resolves on."""
    p = battle.pending
    if isinstance(action, Choose):
        if p is None or p.choice is None:
            raise _err("R-MK-28", "no_prompt", kind="choice")
        ch = p.choice
        if action.option not in ch.options:
            raise _err("R-MK-28", "bad_choice", choice=action.option, options=", ".join(ch.options))
        return _run(
            evolve(battle, pending=ch.prior), ACTIONS.load(ch.action), dice, ch.drawn, (*ch.answers, action.option), ch.shown
        )
    if p is not None and p.choice is not None:
        raise _err("R-MK-28", "pending", kind=p.choice.kind)
    return _run(battle, action, dice, (), (), 0)


def _run(
    battle: Battle,
    action: Action,
    dice: Dice,
    drawn: tuple[int, ...],
    answers: tuple[str, ...],
    shown: int,
) -> tuple[Battle, tuple[Event, ...]]:
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise _err("R-MK-28", "unknown_action", action=type(action).__name__)
    if battle.phase == "over" and not isinstance(action, (Revive, BecomeGhost, GhostAct, Reveal, EndQuarter)):
        raise _err("R-MK-42", "battle_over")
    tape = _Tape(drawn, dice)
    w = Work(battle, tape, answers)
    try:
        handler(w, action)
    except NeedChoice as need:
        choice = Choice(
            need.kind, need.options, ACTIONS.dump(action), tuple(tape.drawn), answers, len(w.events),
            battle.pending, need.detail,
        )  # fmt: skip
        asked = evolve(battle, pending=Pending("choice", need.actor, choice=choice))
        return asked, (*w.events[shown:], ev.ChoiceAsked(need.actor, need.kind))
    return w.done(), tuple(w.events[shown:])


# --- legal actions -------------------------------------------------------------------------------


def legal_actions(battle: Battle) -> list[Action]:
    """What the sides may do now, the recommended answer first (GM interventions: :func:`gm_actions`)."""
    p = battle.pending
    cs = battle.combatants
    if p is not None:
        if p.choice is not None:
            return [Choose(o) for o in p.choice.options]
        if p.kind == "breakthrough":
            mover = battle.get(p.mover)
            payers = [c for c in cs if can_break_through(c, mover.side, battle.used)]
            payers.sort(key=lambda c: -c.minions)
            return [*(Breakthrough(c.id) for c in payers), Decline()]
        if p.kind == "damage_hope":
            assert p.attack is not None
            a = battle.get(p.attack.attacker)
            have = a.drive + (battle.voice if a.side == COURT else 0)
            return [SpendHope(n) for n in range(min(a.valor, have) + 1)]
        if p.kind == "cat_move":
            return [PlaceTarget(area) for area in range(6)]
        return []
    phase = battle.phase
    if phase == "setup":
        out: list[Action] = [Begin()]
        uncertain = any(c.hidden for c in cs)  # this battle already counts as an uncertain encounter
        for c in cs:
            if c.side == MONSTERS:
                out.extend(Place(c.id, area) for area in (3, 4, 5) if area != c.area)
                if c.kind == "monster" and not c.hidden and (uncertain or battle.uncertain_used < battle.uncertain_limit):
                    out.append(Hide(c.id))
        return out
    if phase == "treasure":
        return [*_treasure_choices(battle), EndTreasure()]
    if phase == "over":
        return []
    out = []
    ghosts = [c for c in cs if c.ghost_turn] if not battle.current else []
    for g in ghosts:
        # the one action a ghost bought (R-MK-35): cooperation or another support action
        out.extend(_coop_choices(battle, g))
        if g.side == COURT:
            out.extend((SearchSpot(g.id, "search"), SearchSpot(g.id, "wit")))
            out.extend(Reputation(g.id, t.id) for t in cs if t.hidden and t.side != g.side)
        out.append(OtherSupport(g.id))
    if phase == "strategy":
        court = [c for c in cs if c.side == COURT and c.condition == OK]
        court.sort(key=lambda c: -c.wit)
        for c in court:
            have = c.drive + battle.voice
            out.extend(StrategyCheck(c.id, h) for h in range(have + 1))
        for c in cs:
            if c.condition == OK and not c.acted and (c.side == COURT or c.kind == "npc"):
                out.extend(_coop_choices(battle, c))
        out.extend((Surrender(COURT), Surrender(MONSTERS)))
        return out
    actors = (
        [battle.get(battle.current)]
        if battle.current
        else [c for c in cs if c.side == battle.active and c.can_act]
    )
    for c in actors:
        out.extend(_unit_actions(battle, c))
    out.extend((Surrender(COURT), Surrender(MONSTERS)))
    return out


def _coop_ok(c: Combatant, t: Combatant) -> bool:
    return (
        c.favor_to(t.id) > 0 and c.enmity_to(t.id) <= c.favor_to(t.id) and all(h != c.id for h, _, _ in t.coop)
    )


def _coop_choices(battle: Battle, c: Combatant) -> list[Action]:
    """Cooperation ``c`` may offer now, one per ally and helped action (R-MK-12): the strategy check
    while it is due, then the checks an ally may make as its action this round."""
    if battle.phase == "strategy":
        actions: tuple[str, ...] = ("strategy", "hit") if c.side == COURT else ("strategy",)
    else:
        actions = ("hit", "search", "escape") if c.side == COURT else ("hit",)
        if c.side == COURT and battle.hidden_enemy:
            actions += ("reputation",)
        if any(not t.hidden and not t.disarmed and t.method == "check" for t in battle.traps):
            actions += ("disarm",)
    out: list[Action] = []
    for t in battle.combatants:
        if t.side == c.side and t.id != c.id and t.condition == OK and _coop_ok(c, t):
            out.extend(Cooperate(c.id, t.id, act) for act in actions)
    return out


def _unit_actions(battle: Battle, c: Combatant) -> list[Action]:
    cs = battle.combatants
    out: list[Action] = []
    have = c.drive + (battle.voice if c.side == COURT else 0) if c.kind != "monster" else 0
    foolish = FOOLISH in c.statuses
    lit = lit_areas(cs, battle.options.lit)
    for slot, wp in enumerate(c.weapons):
        if wp.broken:
            continue
        # a ranged weapon may also be swung as an improvised melee item (R-MK-29)
        for improvised in (False, True) if wp.ranged else (False,):
            targets = _enemies_in_range(cs, c, slot, lit, improvised)
            names = [""] if foolish and targets else [t.id for t in targets]
            for tid in names:
                for h in range(have + 1):
                    out.append(Attack(c.id, tid, slot, h, improvised=improvised))
                    if c.kind == "pc" and (improvised or not wp.ranged):
                        out.append(Attack(c.id, tid, slot, h, hold_back=True, improvised=improvised))
    forced = foolish_steps(cs, c, lit, battle.used) if foolish else []
    moves: list[Action] = []
    can_pay = any(can_break_through(x, c.side, battle.used) for x in cs)
    for step_ in (1, -1):
        area = c.area + step_ * forward(c.side)
        if not 0 <= area <= 5:
            continue
        if step_ == 1 and not can_pay and blocked(cs, c) is not None:
            continue
        if forced and step_ not in forced:
            continue  # the foolish head for the enemy (R-MK-44)
        if not battle.moved:
            moves.append(Move(c.id, step_))
        moves.append(ExtraMove(c.id, step_))
    if forced and not battle.moved:
        return moves  # no enemy in reach: a foolish character moves toward one first (R-MK-44)
    out.extend(moves)
    for t in cs:
        if t.area == c.area and t.condition in (INCAPACITATED, DEAD):
            for step_ in (1, -1):
                if 0 <= t.area + step_ * forward(c.side) <= 5:
                    out.append(Carry(c.id, t.id, step_))
        if t.side == c.side and t.id != c.id and t.area == c.area and t.condition != DEAD:
            out.extend(Swap(c.id, t.id, g, -1) for g in range(len(c.weapons)))
            out.extend(Swap(c.id, t.id, -1, k) for k in range(len(t.weapons)))
        if c.side == COURT and t.hidden and t.side != c.side:
            out.append(Reputation(c.id, t.id))
    out.extend(_coop_choices(battle, c))
    for slot, wp in enumerate(c.weapons):
        if wp.heal > 0 and not wp.broken:
            out.extend(
                UseItem(c.id, slot, t.id)
                for t in cs
                if t.side == c.side and t.area == c.area and t.condition != DEAD and t.hp < t.max_hp
            )
    if c.side == COURT:
        out.extend((SearchSpot(c.id, "search"), SearchSpot(c.id, "wit")))
    for trap in battle.traps:
        if not trap.hidden and not trap.disarmed and trap.method == "check":
            where = battle.get(trap.on).area if trap.on else enemy_hq(c.side)
            if c.area == where:
                out.append(Disarm(c.id, trap.id))
    out.append(OtherSupport(c.id))
    if escape_ready(cs, c.side):
        out.append(Escape(c.id))
    out.append(Pass(c.id))
    return out


def unlooted(battle: Battle) -> list[Combatant]:
    """Defeated (or surrendered) monsters whose treasure has not been rolled yet (R-MK-43)."""
    looted = set(battle.looted)
    surrendered = battle.surrendered == MONSTERS
    return [
        c
        for c in battle.combatants
        if c.side == MONSTERS
        and c.kind == "monster"
        and (surrendered or c.condition != OK)
        and c.id not in looted
    ]


def _treasure_choices(battle: Battle) -> list[Action]:
    left = unlooted(battle)
    out: list[Action] = []
    kinds: dict[str, list[str]] = {}
    for c in left:
        kinds.setdefault(c.species or c.id, []).append(c.id)
    for ids in kinds.values():
        if len(ids) > 1:
            out.append(RollTreasure(tuple(ids)))
    out.extend(RollTreasure((c.id,)) for c in left)
    return out


def gm_actions(battle: Battle) -> list[Action]:
    """The GM's interventions that are legal now (falls, HP loss, statuses, reveals, revival, ghosts)."""
    if battle.pending is not None:
        return []
    out: list[Action] = []
    for c in battle.combatants:
        if c.hidden:
            out.append(Reveal(c.id))
        if c.condition == DEAD:
            out.extend(
                Revive(c.id, c.max_hp, iid)
                for iid, item in sorted(revival_items().items())
                if item.revives_ghost or not c.ghost
            )
            if not c.ghost:
                if battle.options.ghost:
                    out.append(BecomeGhost(c.id))
            elif not c.ghost_turn:
                out.extend(
                    GhostAct(c.id, v.id) for v in battle.combatants if v.favor_to(c.id) + c.favor_to(v.id) > 0
                )
            continue
        if battle.phase == "over":
            continue
        out.append(Fall(c.id))
        out.append(ReduceHp(c.id, 1))
        if c.hp < c.max_hp:
            out.append(RestoreHp(c.id, 1))
        for s in BAD_STATUSES:
            if s not in c.statuses:
                out.append(Inflict(c.id, s))
                if s == SLEEP and c.slept_once:
                    out.append(Inflict(c.id, s, resist=True))
    out.append(EndQuarter())
    return out


class BattleRules:
    """The :class:`meikyu.engine.Rules` of a Meikyuu Kingdom battle (drives :class:`meikyu.engine.Game`)."""

    id = "mk.battle"
    actions = ACTIONS

    def step(self, state: Battle, action: Action, dice: Dice) -> tuple[Battle, tuple[Event, ...]]:
        return step(state, action, dice)

    def legal_actions(self, state: Battle) -> list[Action]:
        return legal_actions(state)

    def state_to_data(self, state: Battle) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> Battle:
        battle: Battle = from_data(Battle, data)
        return battle
