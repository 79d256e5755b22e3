"""The one place where the voice of the people changes, and the kingdom disaster triggers (R-MK-20).

A disaster roll is due when (a) voice becomes ≤ the number of land makers in the game, (b) voice
decreases while already ≤ that number, or (c) an effect would reduce voice while it is 0.

>>> from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom
>>> k, events, disaster = change_voice(Kingdom("k", voice=5, land_makers=4), -1, "fumble")
>>> k.voice, disaster, events[-1].trigger
(4, True, 'reached')
>>> change_voice(Kingdom("k", voice=9, land_makers=4), -2, "hope")[2]
False
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from meikyu.engine import Event
from meikyu.systems.meikyu_kingdom.events import DisasterTriggered, VoiceChanged
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom


def disaster_trigger(old: int, new: int, attempted: int, land_makers: int) -> str | None:
    """Which R-MK-20 trigger (if any) a change from ``old`` to ``new`` by ``attempted`` fires."""
    if attempted >= 0:
        return None
    if old == 0:
        return "at_zero"
    if old <= land_makers:
        return "fell_while_low"
    if new <= land_makers:
        return "reached"
    return None


def voice_step(old: int, delta: int, land_makers: int) -> tuple[int, str | None]:
    """The one voice change: the new voice (never below 0) and the R-MK-20 trigger it fires, if any.

    Every voice change goes through here — the kingdom sheet's (:func:`change_voice`) and a battle's
    (fumbles and hope paid from voice, R-MK-11/13) — so a disaster falls due the same way everywhere.

    >>> voice_step(5, -1, 4), voice_step(0, -1, 4), voice_step(9, -2, 4)
    ((4, 'reached'), (0, 'at_zero'), (7, None))
    """
    new = max(0, old + delta)
    return new, disaster_trigger(old, new, delta, land_makers)


def change_voice(kingdom: Kingdom, delta: int, reason: str = "") -> tuple[Kingdom, tuple[Event, ...], bool]:
    """Apply ``delta`` to voice (never below 0); returns the kingdom, events and whether a disaster is due."""
    old = kingdom.voice
    new, trigger = voice_step(old, delta, kingdom.land_makers)
    events: list[Event] = []
    if new != old:
        events.append(VoiceChanged(old, new, reason))
    if trigger is not None:
        events.append(DisasterTriggered(new, kingdom.land_makers, trigger))
    return replace(kingdom, voice=new), tuple(events), trigger is not None


LOSSES = frozenset({"facility_lost", "territory_lost", "talents"})
"""Disaster results that take a part of the kingdom away for good (when their national check fails)."""


def worst_disasters() -> tuple[Fraction, tuple[int, ...]]:
    """The chance that a kingdom disaster roll (KDT, 2D6) lands on a result that can take a facility, a
    territory or a talent away (:data:`LOSSES`, if its national check then fails), exactly, and those rolls.

    >>> worst_disasters()
    (Fraction(4, 9), (6, 7, 8))
    """
    from meikyu.systems.meikyu_kingdom.tables.catalog import get_table

    table = get_table("KDT")
    rolls = tuple(r for e in table.entries if any(_loses(x) for x in e.effects) for r in range(e.low, e.high + 1))
    ways = {total: sum(1 for a in range(1, 7) for b in range(1, 7) if a + b == total) for total in range(2, 13)}
    return Fraction(sum(ways[r] for r in rolls), 36), rolls


def _loses(effect: Any) -> bool:
    return effect.type in LOSSES or any(_loses(x) for x in (effect.get("on_failure") or ()))
