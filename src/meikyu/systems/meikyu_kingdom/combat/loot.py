"""The treasure phase (R-MK-43): which defeated monsters are left to roll for, and the rolls."""

from __future__ import annotations

from meikyu.engine import Action

from . import events as ev
from .actions import (
    EndTreasure,
    RollTreasure,
)
from .common import Handler, err, need_phase
from .flow import defeated_monsters
from .model import (
    MONSTERS,
    OK,
    Battle,
    Combatant,
    Loot,
)
from .treasure import treasure_result
from .work import Work

# --- treasure ------------------------------------------------------------------------------------


def _roll_treasure(w: Work, a: RollTreasure) -> None:
    need_phase(w, "R-MK-43", "treasure")
    left = set(defeated_monsters(w))
    ids = tuple(a.monsters)
    if not ids or len(set(ids)) != len(ids) or any(i not in left for i in ids):
        raise err("R-MK-43", "treasure_monsters", ids=", ".join(ids))
    kinds = {w.c(i).species or w.c(i).id for i in ids}
    if len(kinds) > 1:
        raise err("R-MK-43", "treasure_kinds", ids=", ".join(ids))
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
    need_phase(w, "R-MK-43", "treasure")
    w.put(phase="over")


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


def treasure_choices(battle: Battle) -> list[Action]:
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


HANDLERS: dict[type, Handler] = {
    RollTreasure: _roll_treasure,
    EndTreasure: _end_treasure,
}
