"""MeikyuKingdomBasic's tables: BCDice's dice and titles, entries in this project's own words.

``data/shapes.toml`` holds, for every table command BCDice's MeikyuKingdomBasic rolls from a table, its
title and dice (facts); :func:`draw` draws exactly BCDice's dice and gives BCDice's roll value, so a
bot that replays BCDice's dice selects the same line. Entries live in ``data/tables/<CODE>.toml``
(the same table format as Meikyuu Kingdom's, ko/ja/en); lists that only composite commands draw from are
in ``data/tables/parts`` (:mod:`.generators`).

>>> from meikyu.dice.source import ScriptedDice
>>> draw("KDT", ScriptedDice([5, 3]))
Drawn(code='KDT', title='王国災厄表', value=8, rolls=(5, 3), then=None)
>>> draw("CIR", ScriptedDice([1, 2, 2])).then
Drawn(code='WIT', title='武具アイテム表', value=22, rolls=(2, 2), then=None)
>>> print(roll("BUS", ScriptedDice([2])).bcdice_text())
基本肉弾スキル表(2) ＞ 鉄腕
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from meikyu.dice.source import Dice
    from meikyu.tables import Table

_DATA = "meikyu.systems.meikyu_kingdom_basic"


FILE_DICE = {"3D6DIGITS": "1D666", "2D6EXIT": "1D15"}
"""The table engine's dice a file of a BCDice-only draw is written in: 111–666 within 1–666 (each entry's
range reaches back over the numbers three d6 cannot show), and the expedition's 0–14 as 1–15."""
_FILE_SHIFT = {"2D6EXIT": 1}


class Drawn(NamedTuple):
    """One table roll as BCDice makes it: the title, the roll value, the dice, and a chained roll."""

    code: str
    title: str
    value: int
    rolls: tuple[int, ...]
    then: Drawn | None


@cache
def shapes() -> dict[str, dict[str, Any]]:
    """Every table code → ``{"title", "dice", "chain"?}`` (read once)."""
    import tomllib

    text = resources.files(_DATA).joinpath("data").joinpath("shapes.toml").read_text(encoding="utf-8")
    tables: dict[str, dict[str, Any]] = tomllib.loads(text)["tables"]
    return tables


def draw(code: str, dice: Dice, modifier: int = 0) -> Drawn:
    """Draw ``code``'s dice as BCDice does and give its roll value (and the chained roll, if any)."""
    shape = shapes()[code]
    kind = shape["dice"]
    if kind == "3D6DIGITS":  # three d6 read as the digits of one number (111–666)
        rolls: tuple[int, ...] = (dice.roll(6), dice.roll(6), dice.roll(6))
        value = rolls[0] * 100 + rolls[1] * 10 + rolls[2]
    elif kind == "2D6EXIT":  # 2D6 plus the command's modifier, kept within 0..14
        rolls = (dice.roll(6), dice.roll(6))
        value = min(max(sum(rolls) + modifier, 0), 14)
    else:
        value, rolls = _kind(kind).draw(dice)
    then = None
    chain = shape.get("chain") or shape.get("pick")
    if chain:
        then = draw(chain[value - 1], dice)
    return Drawn(code, shape["title"], value, rolls, then)


@cache
def _kind(text: str) -> Any:
    from meikyu.tables.model import parse_dice_kind

    return parse_dice_kind(text)


@cache
def get_table(code: str) -> Table:
    """``code``'s entries (a :class:`~meikyu.tables.Table` whose Japanese name is BCDice's title)."""
    from meikyu.tables import load_table

    if code not in shapes() or shapes()[code].get("chain") or shapes()[code].get("pick"):
        raise KeyError(f"{code} has no entries of its own")  # a chain's or pick's entries are its tables'
    path = resources.files(_DATA).joinpath("data").joinpath("tables").joinpath(f"{code}.toml")
    return load_table(f"{code}.toml", path.read_text(encoding="utf-8"))


@cache
def get_part(name: str) -> Table:
    """A list a composite command draws from (``data/tables/parts/<name>.toml``; no command of its own)."""
    from meikyu.tables import load_table

    path = resources.files(_DATA).joinpath("data").joinpath("tables").joinpath("parts").joinpath(f"{name}.toml")
    return load_table(f"{name}.toml", path.read_text(encoding="utf-8"))


class BasicRoll(NamedTuple):
    """A rolled table: what was drawn and the entry each roll selects."""

    drawn: Drawn
    table: Table | None
    """The entries of the last table rolled (a chain's second table)."""

    def _last(self) -> Drawn:
        return self.drawn.then or self.drawn

    def text(self, lang: str) -> str:
        assert self.table is not None
        last = self._last()
        return self.table.entry_for(last.value + _FILE_SHIFT.get(shapes()[last.code]["dice"], 0)).text.pick(lang)

    def _picked(self) -> bool:
        """A pick (KET) shows only the first roll's title and value, over the entry the second selects."""
        return bool(shapes()[self.drawn.code].get("pick"))

    def bcdice_text(self) -> str:
        """``{title}({value}) ＞ {entry}``; a chain prints both rolls, as BCDice does."""
        if self._picked():
            return f"{self.drawn.title}({self.drawn.value}) ＞ {self.text('ja')}"
        last = self._last()
        line = f"{last.title}({last.value}) ＞ {self.text('ja')}"
        if self.drawn.then is not None:
            line = f"{self.drawn.title}({self.drawn.value}) ＞ {line}"
        return line

    def render(self, lang: str) -> str:
        assert self.table is not None
        from meikyu.i18n import translate

        first = translate(f"mkb.title.{self.drawn.code}", lang) if self.drawn.then is not None else ""
        if self._picked():
            return f"{first}({self.drawn.value}) → {self.text(lang)}"
        last = self._last()
        line = f"{self.table.name.pick(lang)}({last.value}) → {self.text(lang)}"
        if self.drawn.then is not None:
            line = f"{first}({self.drawn.value}) → {line}"
        return line


def roll(code: str, dice: Dice, modifier: int = 0) -> BasicRoll:
    """Roll the table ``code`` (with ``EXIT``'s modifier)."""
    drawn = draw(code, dice, modifier)
    last = drawn.then or drawn
    return BasicRoll(drawn, get_table(last.code))
