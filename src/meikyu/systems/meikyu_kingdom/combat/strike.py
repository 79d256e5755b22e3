"""The attack as an action (R-MK-29 … R-MK-31, R-MK-41, R-MK-44 foolish targets): validation, then
:mod:`.attack` resolves it; hope for damage (R-MK-16) and the CAT move prompt are answered here."""

from __future__ import annotations

from .actions import (
    Attack,
    PlaceTarget,
    SpendHope,
)
from .attack import after_critical, deal_damage, resolve_attack
from .common import Handler, check_hope, do_move, enemies_in_range, err, need_pending, unit_actor
from .model import (
    DEAD,
    FOOLISH,
    IMPROVISED,
    evolve,
    lit_areas,
)
from .resolve import (
    hope_available,
    spend_hope,
)
from .work import Work

# --- attacks -------------------------------------------------------------------------------------


def _attack(w: Work, a: Attack) -> None:
    c = unit_actor(w, a.actor, "R-MK-29")
    if not 0 <= a.weapon < len(c.weapons) or c.weapons[a.weapon].broken:
        raise err("R-MK-29", "no_weapon", id=a.actor, slot=a.weapon)
    wp = IMPROVISED if a.improvised else c.weapons[a.weapon]
    lit = lit_areas(w.cs, w.b.options.lit)
    if FOOLISH in c.statuses:
        in_range = enemies_in_range(w.cs, c, a.weapon, lit, a.improvised)
        if a.target:
            raise err("R-MK-44", "foolish_target", id=a.actor)
        if not in_range:
            raise err("R-MK-29", "out_of_range", id=a.actor, target="?")
        target = in_range[w.roll(len(in_range)) - 1].id if len(in_range) > 1 else in_range[0].id
    else:
        t = w.c(a.target)
        if t.side == c.side or t.condition == DEAD:
            raise err("R-MK-29", "bad_target", id=a.target)
        if abs(t.area - c.area) > wp.range:
            raise err("R-MK-29", "out_of_range", id=a.actor, target=a.target)
        if wp.ranged and t.area not in lit:
            raise err("R-MK-29", "no_light", target=a.target)
        target = a.target
    if a.hold_back and (c.kind != "pc" or wp.ranged):
        raise err("R-MK-41", "hold_back", id=a.actor)
    check_hope(w, c, a.hope)
    resolve_attack(w, a.actor, target, a.weapon, a.hope, a.hold_back, a.improvised)


def _spend_hope(w: Work, a: SpendHope) -> None:
    p = need_pending(w, "damage_hope", "R-MK-16")
    assert p.attack is not None
    c = w.c(p.attack.attacker)
    limit = min(c.valor, hope_available(w, c.id))
    if not 0 <= a.count <= limit:
        raise err("R-MK-16", "hope_damage", count=a.count, limit=limit)
    ctx = p.attack
    if a.count:
        spend_hope(w, c.id, a.count)
        rolls = tuple(w.roll() for _ in range(a.count))
        ctx = evolve(ctx, hope_dice=sum(rolls), hope_rolls=rolls)
    deal_damage(w, ctx)


def _place_target(w: Work, a: PlaceTarget) -> None:
    p = need_pending(w, "cat_move", "R-MK-29")
    assert p.attack is not None
    if a.area not in range(6):
        raise err("R-MK-29", "bad_area", area=a.area)
    do_move(w, p.attack.target, a.area)
    w.put(pending=None)
    after_critical(w, p.attack)


HANDLERS: dict[type, Handler] = {
    Attack: _attack,
    SpendHope: _spend_hope,
    PlaceTarget: _place_target,
}
