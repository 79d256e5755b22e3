"""Events of the Meikyuu Kingdom rules; each renders through ``mk.event.<snake_name>``.

>>> import meikyu.systems.meikyu_kingdom
>>> VoiceChanged(old=5, new=4, reason="fumble").render("en")
'Voice of the people 5 → 4 (fumble).'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from meikyu.engine import Event, _snake
from meikyu.i18n import lookup, translate


class MKEvent(Event):
    """Base of Meikyuu Kingdom events (catalog prefix ``mk.``).

    Text fields holding a code word (``success``, ``voice``, ``wit`` …) are shown through the
    ``mk.word`` catalog, so events read naturally in every language.
    """

    __slots__ = ()
    catalog_prefix: ClassVar[str] = "mk."

    def render(self, lang: str = "en") -> str:
        params: dict[str, object] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, str) and value and lookup(f"mk.word.{value}", lang) is not None:
                value = translate(f"mk.word.{value}", lang)
            params[f.name] = value
        return translate(f"{self.catalog_prefix}event.{_snake(type(self).__name__)}", lang, **params)


@dataclass(frozen=True)
class VoiceChanged(MKEvent):
    old: int
    new: int
    reason: str = ""


@dataclass(frozen=True)
class DisasterTriggered(MKEvent):
    """R-MK-20: a kingdom disaster roll is due."""

    voice: int
    land_makers: int
    trigger: str
    """``reached`` (a), ``fell_while_low`` (b) or ``at_zero`` (c)."""


@dataclass(frozen=True)
class CheckDeclared(MKEvent):
    actor: str
    stat: str
    modifier: int
    difficulty: str
    """The difficulty as shown to players ("?" when hidden)."""
    hope: int


@dataclass(frozen=True)
class HopeSpent(MKEvent):
    actor: str
    source: str
    amount: int


@dataclass(frozen=True)
class CooperationApplied(MKEvent):
    helper: str
    target: str
    bonus: int


@dataclass(frozen=True)
class DiceRolled(MKEvent):
    dice: str


@dataclass(frozen=True)
class SixesConverted(MKEvent):
    actor: str
    count: int
    into: str
    """``drive`` or ``voice`` (national checks, R-MK-18)."""
    gained: int
    lost: int
    """Drive beyond capacity, lost."""


@dataclass(frozen=True)
class DiceKept(MKEvent):
    kept: str


@dataclass(frozen=True)
class CheckResolved(MKEvent):
    achievement: int
    difficulty: str
    result: str
    """``success`` / ``failure`` / ``critical`` / ``fumble`` / ``unknown`` (hidden difficulty)."""


@dataclass(frozen=True)
class DriveGained(MKEvent):
    actor: str
    old: int
    new: int
    lost: int


@dataclass(frozen=True)
class MinionsHelped(MKEvent):
    actor: str
    roll: int
    lost: int
    minions: int
    achievement: int


@dataclass(frozen=True)
class StatusCured(MKEvent):
    actor: str
    status: str


@dataclass(frozen=True)
class MinionsChanged(MKEvent):
    actor: str
    old: int
    new: int
    reason: str = ""


@dataclass(frozen=True)
class CitizensChanged(MKEvent):
    old: int
    new: int
    reason: str = ""


@dataclass(frozen=True)
class KingdomChanged(MKEvent):
    """A kingdom field changed (budget, a power, upkeep, a relation, a material …)."""

    field: str
    old: str
    new: str
    reason: str = ""


@dataclass(frozen=True)
class TableRolled(MKEvent):
    table: str
    roll: int
    text: str = ""


@dataclass(frozen=True)
class GmDecisionNeeded(MKEvent):
    """The rules need the GM to choose (which land, which talent …)."""

    what: str
    detail: str = ""


@dataclass(frozen=True)
class RequestResolved(MKEvent):
    request: str
    result: str
    """``approved`` or ``refused``."""
    cost: int
    budget: int


@dataclass(frozen=True)
class MinionsAssigned(MKEvent):
    actor: str
    minions: int
    citizens_home: int


@dataclass(frozen=True)
class PhaseEntered(MKEvent):
    phase: str
    step: str = ""


@dataclass(frozen=True)
class CycleEnded(MKEvent):
    cycle: int
    kind: str
