"""What happens while reading a book, as events that render in ja / en / ko.

>>> Gained(Text.of({"ja": "薬草", "en": "Herb"}), 2, 2).render("en")
'Gained: Herb ×2 (now 2).'
>>> ShinHits("スライム", "2+3", 10, 9, 4, 3, False).render("ja")
'シンの攻撃 [2+3] 合計 10（防御値 9 以上）：命中。スライムの耐久回数 4 → 3。'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import ClassVar

from meikyu.engine import Event, _snake
from meikyu.i18n import translate
from meikyu.systems.gamebook.text import Text, localize


class GbEvent(Event):
    """Base of the gamebook's events: texts from the book are shown in the reader's language."""

    __slots__ = ()
    catalog_prefix: ClassVar[str] = "gb."

    def render(self, lang: str = "en") -> str:
        params = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if f.name == "stat":
                value = translate(f"gb.stat.{value}", lang)
            elif f.name == "kind":
                value = translate(f"gb.ending.{value}", lang)
            elif isinstance(value, bool):
                value = translate(f"gb.word.{'yes' if value else 'no'}", lang)
            params[f.name] = localize(value, lang)
        key = f"gb.event.{_snake(type(self).__name__)}"
        if "instant" in params and getattr(self, "instant", False):
            key += "_instant"
        return translate(key, lang, **params)


Name = Text | str


@dataclass(frozen=True)
class Amended(GbEvent):
    """The reader (or the GM for them) settles the sheet by hand; the change follows as its own event."""


@dataclass(frozen=True)
class CreationRolled(GbEvent):
    first: int
    second: int


@dataclass(frozen=True)
class DieChosen(GbEvent):
    value: int


@dataclass(frozen=True)
class Distributed(GbEvent):
    attack: int
    defense: int
    stamina: int


@dataclass(frozen=True)
class Entered(GbEvent):
    paragraph: str


@dataclass(frozen=True)
class Gained(GbEvent):
    item: Name
    count: int
    total: int


@dataclass(frozen=True)
class Lost(GbEvent):
    item: Name
    count: int
    total: int


@dataclass(frozen=True)
class FlagSet(GbEvent):
    code: str


@dataclass(frozen=True)
class ProgressAdded(GbEvent):
    counter: Name
    amount: int
    total: int


@dataclass(frozen=True)
class StatChanged(GbEvent):
    stat: str
    amount: int
    total: int


@dataclass(frozen=True)
class Learned(GbEvent):
    ability: Name


@dataclass(frozen=True)
class Equipped(GbEvent):
    item: Name
    kill: int


@dataclass(frozen=True)
class CheckRolled(GbEvent):
    stat: str
    roll: str
    total: int
    target: int
    success: bool


@dataclass(frozen=True)
class CombatStarted(GbEvent):
    enemies: int
    hits: int


@dataclass(frozen=True)
class AbilityChosen(GbEvent):
    ability: Name


@dataclass(frozen=True)
class NoAbility(GbEvent):
    pass


@dataclass(frozen=True)
class ShinHits(GbEvent):
    enemy: Name
    roll: str
    total: int
    defense: int
    before: int
    after: int
    instant: bool


@dataclass(frozen=True)
class ShinMisses(GbEvent):
    enemy: Name
    roll: str
    total: int
    defense: int


@dataclass(frozen=True)
class EnemyDefeated(GbEvent):
    enemy: Name


@dataclass(frozen=True)
class ShinBlocks(GbEvent):
    enemy: Name
    roll: str
    total: int
    attack: int


@dataclass(frozen=True)
class ShinWounded(GbEvent):
    enemy: Name
    roll: str
    total: int
    attack: int
    before: int
    after: int
    instant: bool


@dataclass(frozen=True)
class EscapeRolled(GbEvent):
    roll: str
    needed: int
    success: bool


@dataclass(frozen=True)
class CombatWon(GbEvent):
    pass


@dataclass(frozen=True)
class CombatLost(GbEvent):
    pass


@dataclass(frozen=True)
class Escaped(GbEvent):
    pass


@dataclass(frozen=True)
class StoryNoItem(GbEvent):
    """Story mode: the paragraph spends an item Shin does not hold, so its gains are skipped (R-GB-08)."""

    item: Text


@dataclass(frozen=True)
class StoryWin(GbEvent):
    pass


@dataclass(frozen=True)
class HitsRestored(GbEvent):
    hits: int


@dataclass(frozen=True)
class EndingReached(GbEvent):
    kind: str
