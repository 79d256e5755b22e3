"""What happens in the labyrinth phase, as events (``mk.lab.event.*``): rooms entered, traps noticed,
disarmed or sprung, room events, HP and conditions, the haul, quarters, turns, meals, battles, leaving.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from meikyu.systems.meikyu_kingdom.events import MKEvent
from meikyu.systems.meikyu_kingdom.labyrinth import finds


class LabyrinthEvent(MKEvent):
    """Labyrinth events (``mk.lab.event.*``) carry rooms, traps and events as ``{ko, ja, en}`` names and
    show the reader's; code words read through ``mk.lab.word``, then ``mk.word``.

    >>> import meikyu.systems.meikyu_kingdom
    >>> HaulGained("mana", 1).render("en"), TrapSprung({"ja": "落とし網"}, {"ja": "網が降ってくる。"}).render("ja")
    ('The court takes 1 × mana.', '罠落とし網が発動した! 網が降ってくる。')
    """

    __slots__ = ()
    catalog_prefix: ClassVar[str] = "mk.lab."

    def _params(self, lang: str) -> dict[str, object]:
        from meikyu.i18n import lookup, translate

        params: dict[str, object] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, dict):
                value = value.get(lang) or value.get("en") or next(iter(value.values()), "")
            elif isinstance(value, str) and value:
                value = _word(f.name, value, lang, lookup, translate)
            params[f.name] = value
        return params


def _word(name: str, value: str, lang: str, lookup: Any, translate: Any) -> str:
    kind, _, level = value.partition(":")
    keys = {
        "winner": [f"mk.battle.side.{value}"],
        "outcome": [f"mk.battle.outcome.{value}"],
        "what": [f"mk.word.material_{value}", f"mk.battle.treasure.{kind}"],
    }.get(name, []) + [f"mk.lab.word.{value}", f"mk.word.{value}"]
    for key in keys:
        if lookup(key, lang) is not None:
            text = str(translate(key, lang))
            return f"{text} (Lv{level})" if level and level != "0" else text
    return finds.item_label(value, lang) if name == "what" else value


@dataclass(frozen=True)
class RoomEntered(LabyrinthEvent):
    room: dict[str, str]
    quarter: int


@dataclass(frozen=True)
class TrapNoticed(LabyrinthEvent):
    trap: dict[str, str]


@dataclass(frozen=True)
class NothingFound(LabyrinthEvent):
    """The search found nothing — there was no trap, or it was missed (the players cannot tell)."""


@dataclass(frozen=True)
class TrapDisarmed(LabyrinthEvent):
    trap: dict[str, str]
    actor: str


@dataclass(frozen=True)
class TrapSprung(LabyrinthEvent):
    trap: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True)
class RoomEventHappened(LabyrinthEvent):
    event: dict[str, str]
    result: str


@dataclass(frozen=True)
class HpChanged(LabyrinthEvent):
    actor: str
    old: int
    new: int
    reason: str


@dataclass(frozen=True)
class StatusGained(LabyrinthEvent):
    actor: str
    status: str


@dataclass(frozen=True)
class ConditionChanged(LabyrinthEvent):
    actor: str
    condition: str


@dataclass(frozen=True)
class HaulGained(LabyrinthEvent):
    what: str
    count: int


@dataclass(frozen=True)
class QuarterEnded(LabyrinthEvent):
    quarter: int


@dataclass(frozen=True)
class TurnEnded(LabyrinthEvent):
    turn: int


@dataclass(frozen=True)
class MealTaken(LabyrinthEvent):
    actor: str
    food: str


@dataclass(frozen=True)
class BattleBegins(LabyrinthEvent):
    encounter: dict[str, str]


@dataclass(frozen=True)
class BattleSettled(LabyrinthEvent):
    winner: str
    outcome: str


@dataclass(frozen=True)
class LabyrinthLeft(LabyrinthEvent):
    reason: str


@dataclass(frozen=True)
class FatalWoundRolled(LabyrinthEvent):
    """The fatal-wound table outside battle (R-MK-31): ``roll`` is the 2D6, its entry read from ``mk.battle.fwt``."""

    actor: str
    roll: int

    def _params(self, lang: str) -> dict[str, object]:
        from meikyu.i18n import translate

        params = super()._params(lang)
        key = "mk.lab.word.fwt4" if self.roll == 4 else f"mk.battle.fwt.r{self.roll}"  # 4: the quarter, outside battle
        params["entry"] = translate(key, lang)
        return params


@dataclass(frozen=True)
class ItemBroke(LabyrinthEvent):
    actor: str
    item: dict[str, str]


@dataclass(frozen=True)
class MinionsLost(LabyrinthEvent):
    actor: str
    count: int
