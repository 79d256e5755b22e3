"""Events of the Meikyuu Kingdom rules; each renders through ``mk.event.<snake_name>``.

>>> import meikyu.systems.meikyu_kingdom
>>> VoiceChanged(old=5, new=4, reason="fumble").render("en")
'Voice of the people 5 → 4 (fumble).'
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
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
        # translate() also settles Korean particles (이(가) …) around the filled-in names
        return translate(f"{self.catalog_prefix}event.{self._key()}", lang, **self._params(lang))

    def _key(self) -> str:
        return _snake(type(self).__name__)

    def _params(self, lang: str) -> dict[str, object]:
        params: dict[str, object] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, str) and value and lookup(f"mk.word.{value}", lang) is not None:
                value = translate(f"mk.word.{value}", lang)
            params[f.name] = value
        return params



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
class DataApplied(MKEvent):
    """Data that applies by itself (a constant or equipment skill or item, R-MK-09) changed a check:
    shown in the check's line. ``labels`` is the data's name by language (``source`` as its sheet
    writes it when a language is missing).

    >>> DataApplied("mir", "매의 눈", 1, (("en", "Hawk Eye"),)).render("en")
    'Hawk Eye (mir): +1 achievement.'
    """

    actor: str
    """Whose data it is (a character's id; faces show the name)."""
    source: str
    amount: int
    labels: tuple[tuple[str, str], ...] = ()

    def _params(self, lang: str) -> dict[str, object]:
        params = super()._params(lang)
        params["source"] = dict(self.labels).get(lang, self.source)
        params["amount"] = f"{self.amount:+d}"
        return params


@dataclass(frozen=True)
class CheckDeclared(MKEvent):
    actor: str
    stat: str
    modifier: int
    difficulty: str
    """The difficulty as shown to players ("?" when hidden)."""
    hope: int

    def render(self, lang: str = "en") -> str:
        if self.stat:
            return super().render(lang)
        # A check on a bare number names no stat: say "stat" rather than leave a gap.
        return replace(self, stat="plain_stat").render(lang)


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
    """Drive beyond capacity, lost (mentioned only when more than 0)."""

    def _key(self) -> str:
        return "sixes_converted_lost" if self.lost else "sixes_converted"


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
    """Drive beyond capacity, lost (mentioned only when more than 0)."""

    def _key(self) -> str:
        return "drive_gained_lost" if self.lost else "drive_gained"


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

    def render(self, lang: str = "en") -> str:
        """A character's level (``level/<id>``) and a relation (``relation/<nation>``) in words of their own;
        ``who`` is the id here, a table names the character (:func:`meikyu.table.mk_court.event_line`)."""
        kind, _, whom = self.field.partition("/")
        if kind in ("level", "relation") and whom:
            params = {k: v for k, v in self._params(lang).items() if k != "field"}
            return translate(f"mk.event.{kind}_changed", lang, who=whom, nation=whom, **params)
        if kind in CHARACTER_FIELDS and whom:  # a character's HP, drive, bad status, item (tables, GM rulings)
            params = {k: v for k, v in self._params(lang).items() if k != "field"}
            return translate("mk.event.character_changed", lang, who=whom,
                             what=translate(f"mk.event.what.{kind}", lang), **params)
        if self.field == "stored_items" and "-" in (self.old, self.new):  # an item stored, or taken away by the GM
            return translate(f"mk.event.stored_item_{'taken' if self.new == '-' else 'added'}", lang,
                             item=self.old if self.new == "-" else self.new, reason=self._params(lang)["reason"])
        return super().render(lang)


CHARACTER_FIELDS = ("hp", "drive", "status", "item")
"""What :class:`KingdomChanged` says of one character (``hp/<id>`` …): the line names the character."""


@dataclass(frozen=True)
class TableRolled(MKEvent):
    """A table was rolled: shown by the table's name and the entry's text in the reader's language."""

    table: str
    roll: int
    text: str = ""

    def _params(self, lang: str) -> dict[str, object]:
        from meikyu.systems.meikyu_kingdom.tables.catalog import get_table

        params = super()._params(lang)
        try:
            table = get_table(self.table)
            params.update(table=table.name.pick(lang) or self.table, text=table.entry_for(self.roll).text.pick(lang))
        except (KeyError, ValueError, LookupError):  # a table this build does not ship: its code and roll
            pass
        return params


@dataclass(frozen=True)
class GmDecisionNeeded(MKEvent):
    """The rules need the GM to choose (which land, which talent …): ``what`` names the effect, ``detail``
    what was rolled for it (a land's fate, a material, a number), each said in words.

    >>> GmDecisionNeeded("unknown_land_becomes", "monster_nest").render("en")
    'GM decision needed: what the unknown land becomes: a monster nest'
    >>> GmDecisionNeeded("market_price", "iron").render("ja")
    'GMの判断が必要です: 市場が求める素材: 鉄'
    """

    what: str
    detail: str = ""

    def _params(self, lang: str) -> dict[str, object]:
        params = super()._params(lang)
        if lookup(f"mk.decision.{self.what}", lang) is not None:
            params["what"] = translate(f"mk.decision.{self.what}", lang)
        for key in (f"mk.decision.land.{self.detail}", f"mk.word.material_{self.detail}"):
            if self.detail and lookup(key, lang) is not None:
                params["detail"] = translate(key, lang)
                break
        return params


REQUEST_KINDS = ("item", "facility", "passage", "destroy_facility", "destroy_passage", "destroy_entrance")


@dataclass(frozen=True)
class RequestResolved(MKEvent):
    """The GM answered a budget-meeting request (R-MK-05); the request is kept as fields, not text.

    ``kind`` is one of :data:`REQUEST_KINDS`; ``map`` counts from 1; ``actor``, ``item`` and
    ``value`` describe an item request, ``name`` a facility, ``room``/``other`` the rooms touched.

    >>> import meikyu.systems.meikyu_kingdom
    >>> e = RequestResolved("facility", "approved", 1, 5, map=1, room="C1", name="밭")
    >>> e.render("en")
    'Request facility Field in map 1 C1: approved, cost 1 MG, budget now 5 MG.'
    >>> e.render("ja").startswith("申請マップ1 C1に施設畑")
    True
    """

    kind: str
    result: str
    """``approved`` or ``refused``."""
    cost: int
    budget: int
    actor: str = ""
    item: str = ""
    value: int = 0
    map: int = 0
    room: str = ""
    other: str = ""
    name: str = ""

    def describe(self, lang: str = "en", who: str | None = None) -> str:
        """The request in ``lang``; ``who`` overrides the actor id with a display name."""
        from meikyu.systems.meikyu_kingdom.sheets import (
            facilities,  # the facility catalog loads only when shown
        )

        key = f"mk.table_runner.req_{self.kind}"
        if self.kind == "item":
            from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items

            known = common_items().get(self.item)  # a catalog item (a requested Salve) by its name in lang
            item = known.item.label(lang) if known is not None else self.item
            return translate(key, lang, who=who or self.actor, item=item, value=self.value)
        if self.kind == "facility":
            return translate(key, lang, name=facilities.label(self.name, lang), map=self.map, room=self.room)
        if self.kind == "passage":
            return translate(key, lang, map=self.map, a=self.room, b=self.other)
        what = {"destroy_facility": facilities.label(self.name, lang), "destroy_passage": f"{self.room}–{self.other}"}
        return translate(key, lang, map=self.map, room=self.room, what=what.get(self.kind, self.room))

    def render(self, lang: str = "en") -> str:
        return translate(
            "mk.event.request_resolved", lang, request=self.describe(lang),
            result=translate(f"mk.word.{self.result}", lang), cost=self.cost, budget=self.budget,
        )


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
