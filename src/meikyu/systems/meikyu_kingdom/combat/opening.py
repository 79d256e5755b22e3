"""Setting up a battle (R-MK-21 … R-MK-23: placing, hiding, the ambush) and the strategy check (R-MK-24)."""

from __future__ import annotations

from . import events as ev
from .actions import (
    Begin,
    Hide,
    Place,
    StrategyCheck,
)
from .common import Handler, check_hope, err, need_phase
from .flow import advance, start_round
from .model import (
    COURT,
    MONSTERS,
    OK,
    Combatant,
)
from .resolve import (
    check,
    offered_hope,
)
from .work import Work

# --- setup ---------------------------------------------------------------------------------------


def _place(w: Work, a: Place) -> None:
    need_phase(w, "R-MK-21", "setup")
    c = w.c(a.monster)
    if c.side != MONSTERS:
        raise err("R-MK-21", "not_monster", id=a.monster)
    if a.area not in (3, 4, 5):
        raise err("R-MK-21", "monster_area", area=a.area)
    w.set(a.monster, area=a.area)
    w.emit(ev.Placed(a.monster, a.area))


def _hide(w: Work, a: Hide) -> None:
    need_phase(w, "R-MK-23", "setup")
    c = w.c(a.monster)
    if c.side != MONSTERS or c.kind != "monster":
        raise err("R-MK-23", "not_monster", id=a.monster)
    if c.hidden:
        raise err("R-MK-23", "already_hidden", id=a.monster)
    # The seed counts uncertain *encounters* per game: the first hidden monster makes this battle one,
    # and hiding more of its monsters costs nothing further.
    if not any(other.hidden for other in w.cs):
        if w.get("uncertain_used") >= w.get("uncertain_limit"):
            raise err("R-MK-23", "uncertain_limit", limit=w.get("uncertain_limit"))
        w.put(uncertain_used=w.get("uncertain_used") + 1)
    looks = c.looks if not a.appearance else ()
    w.set(a.monster, hidden=True, appearance=a.appearance or c.appearance, looks=looks)
    w.emit(ev.Hidden(a.monster))


def _representative(w: Work, court: list[Combatant]) -> str:
    """The court's representative for the ambush search (R-MK-22: "궁정의 대표가"): the court's choice,
    asked (``representative``, the best searcher first) when more than one could roll. Battles created
    before session 7 took the best searcher."""
    ranked = sorted(court, key=lambda c: -c.search)
    if not w.b.options.seed_review or len(ranked) == 1:
        return ranked[0].id
    options = tuple(c.id for c in ranked)
    return w.ask("R-MK-22", "representative", COURT, options, (20 - sum(1 for c in w.cs if c.side == MONSTERS),),
                 options[0])


def _begin(w: Work, a: Begin) -> None:
    """Ambush (R-MK-22): a court piece in the enemy's areas, or a failed search vs [20 − monsters]."""
    need_phase(w, "R-MK-22", "setup")
    court = [c for c in w.cs if c.side == COURT and c.condition == OK]
    cause = ""
    if any(c.area >= 3 for c in court):
        cause = "caught_from_behind"
    elif w.b.options.count_unknown and court:
        rep = a.representative or _representative(w, court)
        if w.c(rep).side != COURT or w.c(rep).condition != OK:
            raise err("R-MK-22", "not_court", id=rep)
        count = sum(1 for c in w.cs if c.side == MONSTERS)
        hope = offered_hope(w, rep, "ambush", 20 - count)
        if not check(w, rep, "ambush", w.c(rep).search, 20 - count, hope=hope).success:
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
    need_phase(w, "R-MK-24", "strategy")
    rep = w.c(a.representative)
    if rep.side != COURT or rep.condition != OK:
        raise err("R-MK-24", "not_court", id=a.representative)
    check_hope(w, rep, a.hope)
    difficulty = strategy_difficulty(w.cs, w.get("strategy_bonus"))
    out = check(w, rep.id, "strategy", rep.wit, difficulty, hope=a.hope, secret=w.b.hidden_enemy)
    first = COURT if out.success else MONSTERS
    w.put(phase="act", first=first, active=first, strategy_bonus=0)
    w.emit(ev.SideActs(first))
    advance(w)


HANDLERS: dict[type, Handler] = {
    Place: _place,
    Hide: _hide,
    Begin: _begin,
    StrategyCheck: _strategy,
}
