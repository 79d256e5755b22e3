"""What may happen next in a battle: :func:`legal_actions` (the sides' choices, the recommended answer
first) and :func:`gm_actions` (the GM's interventions)."""

from __future__ import annotations

from meikyu.engine import Action

from .actions import (
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
    SearchSpot,
    SpendHope,
    StrategyCheck,
    Surrender,
    Swap,
    UseData,
    UseItem,
    UseMonsterSkill,
)
from .common import blocked, can_break_through, enemies_in_range, escape_ready, foolish_steps
from .data_use import aims_at, offered, unpaid_monster_skills
from .items import revival_items
from .loot import treasure_choices
from .model import (
    BAD_STATUSES,
    COURT,
    DEAD,
    FOOLISH,
    INCAPACITATED,
    MONSTERS,
    OK,
    SLEEP,
    Battle,
    Combatant,
    enemy_hq,
    forward,
    lit_areas,
)

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
                if (
                    c.kind == "monster"
                    and not c.hidden
                    and (uncertain or battle.uncertain_used < battle.uncertain_limit)
                ):
                    out.append(Hide(c.id))
        return out
    if phase == "treasure":
        return [*treasure_choices(battle), EndTreasure()]
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
        c.favor_to(t.id) > 0
        and c.enmity_to(t.id) <= c.favor_to(t.id)
        and all(h != c.id for h, _, _ in t.coop)
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
            targets = enemies_in_range(cs, c, slot, lit, improvised)
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
            out.extend(Reputation(c.id, t.id, h) for h in range(have + 1))
    out.extend(_coop_choices(battle, c))
    out.extend(UseMonsterSkill(c.id, d.source) for d in unpaid_monster_skills(c, battle.round) if have > 0)
    for use in offered(have, c, battle.round, battle.options.data_followups):  # support data (R-MK-08): Rallying Cry, Monsterology …
        out.extend(UseData(c.id, use.source, t.id) for t in cs if aims_at(use, c, t))
    for slot, wp in enumerate(c.weapons):
        if wp.heal > 0 and not wp.broken:
            out.extend(
                UseItem(c.id, slot, t.id)
                for t in cs
                if t.side == c.side and t.area == c.area and t.condition != DEAD and t.hp < t.max_hp
            )
    if c.side == COURT:  # hope adds dice to every check of the court's (R-MK-13, R-MK-15)
        out.extend(SearchSpot(c.id, stat, h) for stat in ("search", "wit") for h in range(have + 1))
    for trap in battle.traps:
        if not trap.hidden and not trap.disarmed and trap.method == "check":
            where = battle.get(trap.on).area if trap.on else enemy_hq(c.side)
            if c.area == where:
                out.extend(Disarm(c.id, trap.id, h) for h in range(have + 1))
    out.append(OtherSupport(c.id))
    if escape_ready(cs, c.side):
        out.extend(Escape(c.id, h) for h in range(have + 1))
    out.append(Pass(c.id))
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
                if s == SLEEP and c.slept_once and not battle.options.seed_review:  # since session 7 the sleeper is asked
                    out.append(Inflict(c.id, s, resist=True))
    out.append(EndQuarter())
    return out
