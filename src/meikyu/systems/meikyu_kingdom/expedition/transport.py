"""Transport from the labyrinth (R-MK-46, an optional rule): minions carry items and materials home.

A planned action, so it is taken in camp, the labyrinth's calm moment (R-MK-08 bars it in combat):
``actor`` sends ``minions`` of their minions home with part of the court's haul. They leave at once —
minions −n, the kingdom's citizens +n (R-MK-45: they are not recovered at the end phase) — and the
cargo travels with them. Then the actor's military-level check vs 9 decides how they fare; it waits for
the actor like every called check (hope from voice with the court's consent, no drive in a national
check, R-MK-18; the 6s; minion help from the minions left, R-MK-19). Success: the cargo reaches the
kingdom (stored items, materials). Failure: [9 − achievement] citizens are lost; a fumble loses the n
sent; when the loss reaches n every returning citizen is lost and the cargo with them.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
>>> from meikyu.systems.meikyu_kingdom.check.auto import resolve
>>> s = sample()
>>> done, _ = resolve(CheckState(s.kingdom, s.characters), DeclareCheck("mir", "military", 9), ScriptedDice([2, 3]))
>>> done.achievement, citizens_lost(done, 4)      # 2+3 + military 2 = 7: two of the four are lost
(7, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.check.called import Call, CalledCheck
from meikyu.systems.meikyu_kingdom.check.check import CheckState
from meikyu.systems.meikyu_kingdom.events import CitizensChanged, KingdomChanged
from meikyu.systems.meikyu_kingdom.expedition.camp import camp_moved
from meikyu.systems.meikyu_kingdom.expedition.effects import lab_error, lab_of, with_expedition
from meikyu.systems.meikyu_kingdom.expedition.minions import (
    TRANSPORT,
    TRANSPORT_DIFFICULTY,
    TransportResult,
    desert,
)
from meikyu.systems.meikyu_kingdom.kingdom.cycle import Act, CycleRules, Resolve
from meikyu.systems.meikyu_kingdom.session_state import Cargo, SessionState


@dataclass(frozen=True)
class Transport(Action):
    """In camp, ``actor`` sends ``minions`` home carrying ``items`` and ``materials`` (name, count) of the haul."""

    actor: str
    minions: int
    items: tuple[str, ...] = ()
    materials: tuple[tuple[str, int], ...] = ()


def citizens_lost(done: CheckState, sent: int) -> int:
    """Citizens lost on the way (R-MK-46): none on a success, [9 − achievement] on a failure — not capped
    at the ``sent`` minions, as the seed says —, exactly ``sent`` on a fumble."""
    if done.success:
        return 0
    if done.fumble:
        return sent
    return max(0, TRANSPORT_DIFFICULTY - done.achievement)


def begin_transport(state: SessionState, act: Transport, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """Declare the transport (planned, R-MK-08), send the minions and cargo off, and call the check."""
    _, ex = lab_of(state)
    if not state.transport_rule:
        raise lab_error("transport_off", "R-MK-46")
    assert ex.camp is not None
    char = state.character(act.actor)
    if not 1 <= act.minions <= char.minions:
        raise lab_error("transport_count", "R-MK-46", count=act.minions, have=char.minions)
    if not act.items and not act.materials:
        raise lab_error("transport_empty", "R-MK-46")
    items = list(ex.haul_items)
    for item in act.items:
        if item not in items:
            raise lab_error("transport_cargo", "R-MK-46", what=item, haul=", ".join(ex.haul_items) or "-")
        items.remove(item)
    mats = dict(ex.haul_materials)
    for name, count in act.materials:
        if count < 1 or mats.get(name, 0) < count:
            raise lab_error("transport_cargo", "R-MK-46", what=f"{name} × {count}",
                            haul=", ".join(f"{m} × {n}" for m, n in ex.haul_materials.items() if n) or "-")
        mats[name] -= count
    cycle, said = CycleRules().step(ex.camp, Act(act.actor, "planned", TRANSPORT), dice)
    kingdom, court, sent = desert(state.kingdom, state.court, act.actor, act.minions, "transport")
    cargo = Cargo(act.actor, act.minions, act.items, act.materials)
    state = replace(state, kingdom=kingdom, court=court)
    state = with_expedition(state, camp=cycle, haul_items=tuple(items), haul_materials={m: n for m, n in mats.items() if n},
                            sent_home={**ex.sent_home, act.actor: ex.sent_home.get(act.actor, 0) + act.minions},
                            cargo=cargo)
    call = Call(act.actor, "military", TRANSPORT_DIFFICULTY, TRANSPORT, stakes="shortfall")  # lost: 9 − achievement
    return replace(state, called=CalledCheck(call)), (*said, *sent)


def finish_transport(state: SessionState, done: CheckState, dice: Dice, events: list[Event]) -> SessionState:
    """The check is done: the citizens lost, the cargo stored or lost, and the camp action resolved."""
    _, ex = lab_of(state)
    cargo = ex.cargo
    assert cargo is not None and ex.camp is not None
    lost = citizens_lost(done, cargo.minions)
    k = state.kingdom
    if lost:
        events.append(CitizensChanged(k.citizens, max(0, k.citizens - lost), TRANSPORT))
        k = replace(k, citizens=max(0, k.citizens - lost))
    arrived = lost < cargo.minions
    if arrived:
        if cargo.items:
            events.append(KingdomChanged("stored_items", str(len(k.stored_items)),
                                         str(len(k.stored_items) + len(cargo.items)), TRANSPORT))
        mats = dict(k.materials)
        for name, count in cargo.materials:
            mats[name] = mats.get(name, 0) + count
        k = replace(k, stored_items=(*k.stored_items, *cargo.items), materials=mats)
    result = "arrived" if lost == 0 else ("arrived_with_losses" if arrived else "lost")
    what = ", ".join([*cargo.items, *(f"{m} × {n}" for m, n in cargo.materials)])
    events.append(TransportResult(cargo.actor, cargo.minions, done.achievement, result, lost, what))
    state = with_expedition(replace(state, kingdom=k), cargo=None)
    cycle, resolved = CycleRules().step(ex.camp, Resolve(), dice)
    events.extend(resolved)
    new, _ = camp_moved(state, cycle, events, dice)
    return new
