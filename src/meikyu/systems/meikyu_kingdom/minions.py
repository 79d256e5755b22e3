"""Minions going home: desertion (R-MK-45) and transport (R-MK-46, an optional planned action).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.sheet import sample
>>> s = sample()
>>> from dataclasses import replace
>>> court = tuple(replace(c, minions=6) if c.id == "doyun" else c for c in s.characters)
>>> k, court, events = desert(s.kingdom, court, "doyun", 4)
>>> k.citizens, [c.minions for c in court if c.id == "doyun"]
(44, [2])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.character import Character
from meikyu.systems.meikyu_kingdom.check import AutoPolicy, CheckState, DeclareCheck, resolve
from meikyu.systems.meikyu_kingdom.cycle import Act, CycleRules, CycleState, Resolve
from meikyu.systems.meikyu_kingdom.events import CitizensChanged, KingdomChanged, MinionsChanged, MKEvent
from meikyu.systems.meikyu_kingdom.kingdom import Kingdom

TRANSPORT_DIFFICULTY = 9
TRANSPORT = "transport"


def _find(court: Sequence[Character], actor: str) -> Character:
    for char in court:
        if char.id == actor:
            return char
    raise RuleError("R-MK-45", "mk.error.unknown_character", id=actor, known=", ".join(c.id for c in court))


def desert(
    kingdom: Kingdom, court: Sequence[Character], actor: str, count: int, reason: str = "desertion"
) -> tuple[Kingdom, tuple[Character, ...], tuple[Event, ...]]:
    """``count`` of ``actor``'s minions go home (as many as there are): citizens rise by the same
    number (R-MK-45). These returns are not undone by any later recovery of minions."""
    char = _find(court, actor)
    if count < 0:
        raise RuleError("R-MK-45", "mk.error.minions.negative", count=count)
    gone = min(count, char.minions)
    new_char = replace(char, minions=char.minions - gone)
    new_kingdom = replace(kingdom, citizens=kingdom.citizens + gone)
    events: list[Event] = []
    if gone:
        events.append(MinionsChanged(actor, char.minions, new_char.minions, reason))
        events.append(CitizensChanged(kingdom.citizens, new_kingdom.citizens, reason))
    return new_kingdom, tuple(new_char if c.id == actor else c for c in court), tuple(events)


@dataclass(frozen=True)
class TransportResult(MKEvent):
    """R-MK-46: how the transport ended."""

    actor: str
    minions: int
    achievement: int
    result: str
    """``arrived``, ``arrived_with_losses`` or ``lost``."""
    citizens_lost: int
    items: str


def transport(
    kingdom: Kingdom,
    court: Sequence[Character],
    cycle: CycleState,
    actor: str,
    minions: int,
    items: Sequence[str],
    dice: Dice,
) -> tuple[Kingdom, tuple[Character, ...], CycleState, tuple[Event, ...], int]:
    """Transport (a planned action, optional rule R-MK-46): send ``minions`` home carrying ``items``.

    It is a planned action of the cycle machine (R-MK-08): ``actor`` must be ready in ``cycle``, it is
    refused in combat or another hectic situation (``cycle.hectic``), and the actor is acted afterwards.
    Minions −n and citizens +n, then a military-level check vs 9 (automatic policy). Success: the
    items reach the kingdom (stored items). Failure: [difficulty − achievement] citizens are lost, as
    the seed says — not capped at n, so a bad failure costs the kingdom more than it got back (never
    below 0 citizens); a fumble loses n. When the loss reaches n, every returning citizen is lost and
    the items with them. Returns the kingdom,
    court, cycle, events and the kingdom-disaster rolls triggered (a fumble costs voice).
    Nothing changes (and no die is rolled) when the action is refused.
    """
    rules = CycleRules()
    # Declare through the cycle machine first: it refuses unknown, unready or hectic actors.
    cycle, declared = rules.step(cycle, Act(actor, "planned", TRANSPORT), dice)
    char = _find(court, actor)
    if minions < 1 or minions > char.minions:
        raise RuleError("R-MK-46", "mk.error.minions.transport_count", count=minions, have=char.minions)
    kingdom, court_t, events_t = desert(kingdom, court, actor, minions, "transport")
    events: list[Event] = list(events_t)
    done, check_events = resolve(
        CheckState(kingdom, court_t), DeclareCheck(actor, "military", TRANSPORT_DIFFICULTY), dice, AutoPolicy()
    )
    events.extend(check_events)
    kingdom, court_t = done.kingdom, done.court
    if done.success:
        lost = 0
    elif done.fumble:
        lost = minions
    else:
        lost = TRANSPORT_DIFFICULTY - done.achievement
    if lost:
        events.append(CitizensChanged(kingdom.citizens, max(0, kingdom.citizens - lost), "transport"))
        kingdom = replace(kingdom, citizens=max(0, kingdom.citizens - lost))
    arrived = lost < minions
    if arrived and items:
        events.append(
            KingdomChanged("stored_items", str(len(kingdom.stored_items)), str(len(kingdom.stored_items) + len(items)), "transport")
        )
        kingdom = replace(kingdom, stored_items=(*kingdom.stored_items, *items))
    result = "arrived" if lost == 0 else ("arrived_with_losses" if arrived else "lost")
    events.append(TransportResult(actor, minions, done.achievement, result, lost, ", ".join(items)))
    cycle, resolved = rules.step(cycle, Resolve(), dice)
    return kingdom, court_t, cycle, (*declared, *events, *resolved), done.disasters
