"""What the battle's action handlers share: validation of who may act now, blocking and
breakthrough (R-MK-27), reach and light (R-MK-29), the foolish's forced moves (R-MK-44).

Every check raises :class:`~meikyu.errors.RuleError` naming the rule before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from meikyu.errors import RuleError

from . import events as ev
from .flow import advance, finish_unit
from .model import (
    DEAD,
    FOOLISH,
    OK,
    Combatant,
    Pending,
    forward,
    lit_areas,
    own_hq,
)
from .resolve import (
    hope_available,
)
from .work import Work

Handler = Callable[[Work, Any], None]
"""An action handler: edits the scratch battle, or raises before changing anything."""


def err(rule: str, key: str, **params: Any) -> RuleError:
    return RuleError(rule, f"mk.battle.error.{key}", **params)


# --- shared validation ---------------------------------------------------------------------------


def need_phase(w: Work, rule: str, *phases: str) -> None:
    if w.get("phase") not in phases:
        raise err(rule, "phase", phase=w.get("phase"), allowed=", ".join(phases))
    if w.get("pending") is not None:
        raise err(rule, "pending", kind=w.get("pending").kind)


def need_pending(w: Work, kind: str, rule: str) -> Pending:
    pending: Pending | None = w.get("pending")
    if pending is None or pending.kind != kind:
        raise err(rule, "no_prompt", kind=kind)
    return pending


def unit_actor(w: Work, actor: str, rule: str = "R-MK-25", move: int = 0) -> Combatant:
    """``actor`` may take an action now: its side's turn, ready, standing, and no one else mid-unit.

    ``move`` is the step of a move (0 for an action): a foolish actor with no enemy in reach must
    move toward one before acting, and every move it makes then goes that way (R-MK-44)."""
    need_phase(w, rule, "act", "ambush")
    c = w.c(actor)
    if c.side != w.get("active"):
        raise err("R-MK-25", "not_your_side", id=actor, side=w.get("active"))
    if c.condition != OK:
        raise err("R-MK-31", "cannot_act", id=actor, condition=c.condition)
    if c.acted:
        raise err("R-MK-25", "already_acted", id=actor)
    current = w.get("current")
    if current and current != actor:
        raise err("R-MK-25", "unit_open", id=actor, current=current)
    if c.statuses and FOOLISH in c.statuses:
        forced = foolish_steps(w.cs, c, lit_areas(w.cs, w.b.options.lit), w.get("used"))
        if forced and (move not in forced if move else not w.get("moved")):
            raise err("R-MK-44", "foolish_move", id=actor, steps=", ".join(map(str, forced)))
    return c


def support_actor(w: Work, actor: str, rule: str) -> tuple[Combatant, bool]:
    """The actor of a support action and whether it is a ghost's paid action (R-MK-35).

    A ghost that paid favor (``ghost_turn``) takes its one action outside the unit order, at any
    moment of the strategy or move-and-action phases when no unit is open and nothing is pending."""
    c = w.c(actor)
    if c.ghost_turn:
        need_phase(w, "R-MK-35", "strategy", "act", "ambush")
        current = w.get("current")
        if current:
            raise err("R-MK-25", "unit_open", id=actor, current=current)
        return c, True
    return unit_actor(w, actor, rule), False


def support_done(w: Work, c: Combatant, ghost: bool) -> None:
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


def move_target(c: Combatant, step: int, rule: str = "R-MK-26") -> int:
    if step not in (1, -1):
        raise err(rule, "bad_step", step=step)
    area = c.area + step * forward(c.side)
    if not 0 <= area <= 5:
        raise err("R-MK-26", "off_field", id=c.id, area=area)
    return area


BREAKTHROUGH = "breakthrough"


def can_break_through(c: Combatant, side: str, used: tuple[tuple[str, str], ...]) -> bool:
    """``c`` may pay for a breakthrough now: on ``side``, standing, with minions, and not yet this
    round — breakthrough is an interrupt, once per character per cycle (R-MK-27, R-MK-08)."""
    return c.side == side and c.condition == OK and c.minions > 0 and (c.id, BREAKTHROUGH) not in used


def can_pay(w: Work, side: str) -> bool:
    used = w.get("used")
    return any(can_break_through(c, side, used) for c in w.cs)


def enemies_in_range(
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


def any_target(cs: list[Combatant] | tuple[Combatant, ...], a: Combatant, lit: Collection[int]) -> bool:
    """Some enemy is within reach of some usable item, improvised melee included (R-MK-29)."""
    for slot, wp in enumerate(a.weapons):
        if wp.broken:
            continue
        if enemies_in_range(cs, a, slot, lit) or enemies_in_range(cs, a, slot, lit, improvised=True):
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
    if FOOLISH not in c.statuses or any_target(cs, c, lit):
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


def check_hope(w: Work, c: Combatant, hope: int) -> None:
    if hope < 0 or hope > hope_available(w, c.id):
        raise err("R-MK-15", "not_enough_hope", id=c.id, want=hope, have=hope_available(w, c.id))


def do_move(w: Work, mover: str, area: int) -> None:
    origin = w.c(mover).area
    w.set(mover, area=area)
    w.emit(ev.Moved(mover, origin, area))
    if w.get("traps"):
        from .traps import entered

        entered(w, mover)  # a trap there may spring (R-MK-21)


def escape_ready(cs: list[Combatant] | tuple[Combatant, ...], side: str) -> bool:
    """Every ally not dead stands in its own HQ (R-MK-37; the fallen must be carried there first)."""
    home = own_hq(side)
    return all(c.area == home for c in cs if c.side == side and c.condition != DEAD)
