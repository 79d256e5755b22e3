"""Minions going home: desertion (R-MK-45), and the pieces of transport (R-MK-46, an optional planned
action taken in camp: :mod:`.transport`).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
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

from meikyu.engine import Event
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.events import CitizensChanged, MinionsChanged, MKEvent
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

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
