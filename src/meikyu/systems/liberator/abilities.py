"""After the roll: job effects, feats and held grants (R-LB-09, R-LB-11, R-LB-12, R-LB-14).

A job effect or feat (once per scenario) is used by the turn's player, or — when it is marked
"others" — by any other player; its extra card cost must be paid from hand (R-LB-11). A grant is
spent by the roll's player. Both act on the roll in play: the turn's, the forced normal recovery's
(R-LB-05), or an advantage / disadvantage waiting for its effect die, which has no power and no
recovery (R-LB-12). The same name cannot apply twice in one turn (R-LB-09), and a power bonus of
one attribute counts only while the action has that attribute (R-LB-14).

>>> sorted(CHECK_KINDS)
['change_obstacle', 'grant', 'obstacle_down', 'recover']
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.effects import ANY
from meikyu.systems.liberator.events import AbilityUsed, AttributeChanged, CostPaid, GrantUsed
from meikyu.systems.liberator.guards import COST_RULING, ONCE_RULE, require
from meikyu.systems.liberator.state import DYING, NORMAL, TurnState, UseAbility, UseGrant, check_names
from meikyu.systems.liberator.turn import after_roll_guard

CHECK_KINDS = frozenset({"recover", "grant", "obstacle_down", "change_obstacle"})
"""Ability kinds that need no power or recovery, so they also work during an advantage (R-LB-12)."""


def roll_view(c: Ctx) -> tuple[TurnState, str]:
    """The roll that abilities and grants act on: the turn's (``turn``), the forced normal
    recovery's after its roll (``recovery``, R-LB-05), or an advantage / disadvantage waiting
    for its effect die (``check``, R-LB-12: no power, no recovery)."""
    s = c.s
    chk = s.check
    if chk is not None and not s.effects:
        used = check_names(s)
        if chk.kind == "recovery" and chk.step == "after_roll":
            view = TurnState(chk.player, "after_roll", NORMAL, "", chk.dice, chk.power_die, 0, chk.bonus)
            return replace(view, used=used), "recovery"
        if chk.kind != "recovery" and chk.step == "pick":
            return TurnState(chk.player, "after_roll", "", "", chk.dice, used=used), "check"
    return after_roll_guard(c), "turn"


def store_view(c: Ctx, t: TurnState, mode: str) -> None:
    """Write a changed :func:`roll_view` back where it came from."""
    if mode == "turn":
        c.s = replace(c.s, turn=t)
    else:
        assert c.s.check is not None
        chk = c.s.check
        fresh = tuple(n for n in t.used if n not in check_names(c.s))
        c.s = replace(c.s, check=replace(chk, bonus=t.bonus, used=chk.used + fresh))
        turn = c.s.turn
        if fresh and turn is not None and c.s.phase == "turn" and c.s.options.names_span_checks:
            c.s = replace(c.s, turn=replace(turn, used=turn.used + fresh))  # the check is inside the turn


def use_ability(c: Ctx, a: UseAbility) -> None:
    """A job effect or feat, once per scenario, on the roll in play (R-LB-09, R-LB-11, R-LB-14)."""
    t, mode = roll_view(c)
    n = len(c.s.players)
    require(0 <= a.player < n, "R-LB-09", "lb.error.no_seat", seat=a.player)
    ch = c.char(a.player)
    ability = c.cards.ability(a.ability)
    is_job = ability is not None and ability.id == c.cards.jobs[ch.job].effect.id
    require(
        ability is not None and (is_job or a.ability in ch.feats),
        "R-LB-09",
        "lb.error.no_ability",
        ability=a.ability,
    )
    assert ability is not None
    require(
        not ch.ability_used(ability.id, c.cards),
        ONCE_RULE,
        "lb.error.ability_used",
        ability=ability.name,
    )
    require(ability.name not in t.used, "R-LB-09", "lb.error.same_name", name=ability.name)
    e = ability.effect
    recovery_turn = t.card in (NORMAL, DYING)
    if mode == "check":
        # R-LB-12: an advantage / disadvantage has no power and no recovery to raise.
        require(e.kind in CHECK_KINDS, "R-LB-12", "lb.error.no_power_in_check", name=ability.name)
    if e.others and e.kind in ("power", "recovery"):
        # R-LB-09: valid only on others — but a lone player may aim it at themselves.
        require(a.player != t.player or n == 1, "R-LB-09", "lb.error.others_only", ability=ability.name)
    elif not e.others:
        require(a.player == t.player, "R-LB-09", "lb.error.not_your_turn", ability=ability.name)
    if e.kind == "power":
        require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=ability.name)
        _require_attribute(e.attribute, t, ability.name)
    if e.kind == "recovery":
        require(recovery_turn, "R-LB-09", "lb.error.needs_recovery", ability=ability.name)
    if e.kind == "change_attribute":
        require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=ability.name)
        # A once-a-scenario use that changes nothing is refused (so never offered), not spent.
        require(t.attribute != e.attribute, "R-LB-09", "lb.error.changes_nothing", ability=ability.name,
                what=c.card_name(t.card), attribute=e.attribute)
    if e.kind in ("change_obstacle", "obstacle_down"):
        by_uid = {o.uid: o for o in c.s.mission.obstacles} if c.s.mission else {}
        require(a.obstacle in by_uid, "R-LB-09", "lb.error.no_obstacle", uid=a.obstacle)
        if e.kind == "change_obstacle":
            aimed = by_uid[a.obstacle]
            require(aimed.attribute != e.attribute, "R-LB-09", "lb.error.changes_nothing",
                    ability=ability.name, what=c.obstacle_name(aimed), attribute=e.attribute)
    pay_cost(c, a.player, ability.cost, a.pay, t)  # R-LB-11
    ch = c.char(a.player)
    ch = (
        replace(ch, job_effect_used=True) if is_job else replace(ch, used_feats=ch.used_feats + (ability.id,))
    )
    c.set_char(a.player, ch)
    c.emit(AbilityUsed(c.pid(a.player), ability.name, e.notation()))
    t = replace(t, used=t.used + (ability.name,))
    if e.kind == "power" and e.attribute != ANY:
        t = replace(t, by_attribute=t.by_attribute + ((e.attribute, e.amount),))
    elif e.kind in ("power", "recovery"):
        t = replace(t, bonus=t.bonus + e.amount)
    elif e.kind == "change_attribute":
        t = replace(t, attribute=e.attribute)
        c.emit(AttributeChanged(c.card_name(t.card), e.attribute))
    store_view(c, t, mode)
    if e.kind == "change_obstacle":
        assert c.s.mission is not None
        obstacles = tuple(
            replace(o, attribute=e.attribute) if o.uid == a.obstacle else o for o in c.s.mission.obstacles
        )
        c.s = replace(c.s, mission=replace(c.s.mission, obstacles=obstacles))
        c.emit(AttributeChanged(str(a.obstacle), e.attribute))
    elif e.kind == "obstacle_down":
        c.lower_obstacle(a.obstacle, e.amount)
    elif e.kind in ("recover", "grant"):
        c.enqueue(a.player, (e,), ability.id)


def _require_attribute(attribute: str, t: TurnState, name: str) -> None:
    """R-LB-14: a power counts only when the action's current attribute is its own (or it fits any);
    a follow-up's attribute never decides."""
    require(attribute in (ANY, t.attribute), "R-LB-14", "lb.error.wrong_attribute", name=name, attribute=t.attribute)


def pay_cost(c: Ctx, seat: int, cost: str, pay: str, t: TurnState) -> None:
    """Discard the card an ability costs; none of that attribute in hand: refused (R-LB-11)."""
    if not cost:
        return
    everything = [x for x in c.char(seat).hand if cost == ANY or c.cards.actions[x].attribute == cost]
    require(bool(everything), "R-LB-11", "lb.error.cannot_pay", cost=cost)
    in_use = t.card if seat == t.player and not c.s.options.pay_with_declared else ""
    fitting = [x for x in everything if x != in_use]
    require(bool(fitting), COST_RULING, "lb.error.cannot_pay_in_use", cost=cost, card=c.card_name(in_use))
    if not pay and len(fitting) == 1:
        pay = fitting[0]
    require(pay in fitting, "R-LB-11", "lb.error.bad_payment", card=pay or "-", cards=", ".join(fitting))
    c.set_char(seat, c.char(seat).discard_card(pay))
    c.emit(CostPaid(c.pid(seat), c.card_name(pay)))


def use_grant(c: Ctx, a: UseGrant) -> None:
    """Spend a held grant on the roll in play (R-LB-09, R-LB-14)."""
    t, mode = roll_view(c)
    ch = c.char(t.player)
    held = next((g for g in ch.grants if g.name == a.name), None)
    require(held is not None, "R-LB-09", "lb.error.no_grant", name=a.name)
    assert held is not None
    require(a.name not in t.used, "R-LB-09", "lb.error.same_name", name=a.name)
    e = held.effect
    recovery_turn = t.card in (NORMAL, DYING)
    # R-LB-12: every grant raises a power or a recovery, and an advantage has neither.
    require(mode != "check", "R-LB-12", "lb.error.no_power_in_check", name=a.name)
    if e.stat == "recovery":
        require(recovery_turn, "R-LB-09", "lb.error.needs_recovery", ability=a.name)
    else:
        require(not recovery_turn, "R-LB-09", "lb.error.needs_action", ability=a.name)
        _require_attribute(e.attribute, t, a.name)
    grants = list(ch.grants)
    grants.remove(held)
    c.set_char(t.player, replace(ch, grants=tuple(grants)))
    if e.stat != "recovery" and e.attribute != ANY:  # counts while the action keeps it (R-LB-14)
        t = replace(t, by_attribute=t.by_attribute + ((e.attribute, e.amount),))
    else:
        t = replace(t, bonus=t.bonus + e.amount)
    store_view(c, replace(t, used=t.used + (a.name,)), mode)
    c.emit(GrantUsed(c.pid(t.player), a.name))
