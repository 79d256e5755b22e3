"""Hidden monsters' opaque ids at a Meikyuu Kingdom battle table (:mod:`.mk_battle`, R-MK-23).

At setup every monster gets an opaque id (``m1``, ``m2`` … numbered in a shuffled order, so neither the id
nor the order tells the species), and reinforcements get the next free one. The shuffle is seeded by the
battle itself, so a replayed game numbers its monsters as its recorded actions name them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Sequence
from dataclasses import fields, replace
from typing import Any

from meikyu.engine import Event
from meikyu.serial import from_data, to_data
from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS, Battle

__all__ = ["cover", "opaque"]


def cover(old: Battle | None, new: Battle, events: Sequence[Event], salt: int) -> tuple[Battle, tuple[Event, ...]]:
    """``new`` (and this step's ``events``) with every monster that was not in ``old`` given an opaque id.

    A battle that has just begun (``old`` is None) is numbered in an order shuffled by ``salt`` and the
    battle itself (deterministic, so a replay gives the same ids); monsters joining mid-battle take the
    next free ``m`` numbers.
    """
    before = set() if old is None else {c.id for c in old.combatants}
    fresh = [c for c in new.combatants if c.id not in before and c.side == MONSTERS and c.kind == "monster"]
    if not fresh:
        return new, tuple(events)
    if old is None:
        digest = hashlib.sha256(f"{salt}:{json.dumps(_digested(new), sort_keys=True)}".encode()).digest()
        covered, mapping = _opaque(new, random.Random(int.from_bytes(digest[:8], "big")))
    else:
        taken = {c.id for c in new.combatants}
        ids: list[str] = []
        n = 1
        while len(ids) < len(fresh):
            if f"m{n}" not in taken:
                ids.append(f"m{n}")
            n += 1
        mapping = dict(zip((c.id for c in fresh), ids, strict=True))
        covered = _renamed(new, mapping)
    return covered, tuple(_renamed_event(e, mapping) for e in events)


_ADDED_LATER: dict[tuple[str, ...], Any] = {
    ("options", "sixes_stakes"): False, ("notes_by_lang",): [], ("options", "seed_review"): False,
    ("deserted",): [], ("options", "data_followups"): False,
}
"""Battle fields added after the session table kind's games were saved (session 6: the 6s rule's switch,
an encounter's notes by language; session 7: the seed review's switch), by their path in the battle's data, with the value a save without them
loads with. A field added to ``Battle`` later belongs here too: the shuffle's seed reads the whole battle."""

_PIECE_ADDED_LATER: dict[str, Any] = {"data": [], "uses": [], "used": []}
_TRAP_ADDED_LATER: dict[str, Any] = {"effects": [], "trigger": "enter", "side": "court", "names": []}
_USE_ADDED_LATER: dict[str, Any] = {"loss": "", "desert": False}
"""Fields of a piece's data in use added later (session 9: minions lost or sent home by data)."""
"""Fields of each combat trap added later (round three: traps that act, minions sent home in battle)."""
"""Fields of each combatant added later (round three: the data that acts, R-MK-08/09), with the value a save
without them loads with."""


def _digested(battle: Battle) -> Any:
    """What the shuffle's seed is made from: the battle's data without the fields added later while
    they hold the value a save without them loads with, so a replayed save numbers its monsters as
    the code that wrote it did (their ids are in its recorded actions).

    >>> from meikyu.systems.meikyu_kingdom.combat.model import Battle
    >>> sorted(set(to_data(Battle(()))) - set(_digested(Battle(()))))
    ['deserted', 'notes_by_lang']
    """
    data = to_data(battle)
    for path, old in _ADDED_LATER.items():
        *parents, name = path
        holder = data
        for part in parents:
            holder = holder[part]
        if holder.get(name) == old:
            del holder[name]
    for piece in data.get("combatants", ()):
        for name, old in _PIECE_ADDED_LATER.items():
            if piece.get(name) == old:
                del piece[name]
        for use in piece.get("uses", ()):
            for name, old in _USE_ADDED_LATER.items():
                if use.get(name) == old:
                    del use[name]
    for trap in data.get("traps", ()):
        for name, old in _TRAP_ADDED_LATER.items():
            if trap.get(name) == old:
                del trap[name]
    return data


def _renamed_event(event: Event, mapping: dict[str, str]) -> Event:
    changes: dict[str, Any] = {}
    for f in fields(event):  # type: ignore[arg-type]
        value = getattr(event, f.name)
        if isinstance(value, str) and value in mapping:
            changes[f.name] = mapping[value]
        elif isinstance(value, tuple) and any(v in mapping for v in value if isinstance(v, str)):
            changes[f.name] = tuple(mapping.get(v, v) if isinstance(v, str) else v for v in value)
    return replace(event, **changes) if changes else event  # type: ignore[type-var]


def _renamed(battle: Battle, mapping: dict[str, str]) -> Battle:
    """``battle`` with combatant ids renamed everywhere they appear (pieces, traps, favor, loot …)."""

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return mapping.get(value, value)
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        return value

    renamed: Battle = from_data(Battle, walk(to_data(battle)))
    return renamed


def opaque(battle: Battle, rng: random.Random) -> Battle:
    """Every monster renamed ``m1`` … ``mN`` in a shuffled order, the monsters listed in that order."""
    return _opaque(battle, rng)[0]


def _opaque(battle: Battle, rng: random.Random) -> tuple[Battle, dict[str, str]]:
    monsters = [c for c in battle.combatants if c.side == MONSTERS and c.kind == "monster"]
    rng.shuffle(monsters)
    others = tuple(c for c in battle.combatants if not (c.side == MONSTERS and c.kind == "monster"))
    taken = {c.id for c in others}
    ids: list[str] = []
    n = 1
    while len(ids) < len(monsters):
        if f"m{n}" not in taken:
            ids.append(f"m{n}")
        n += 1
    mapping = {c.id: new for c, new in zip(monsters, ids, strict=True)}
    return _renamed(replace(battle, combatants=others + tuple(monsters)), mapping), mapping
