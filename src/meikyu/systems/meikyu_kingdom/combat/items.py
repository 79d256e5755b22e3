"""Items with battle effects, as TOML data (``data/items.toml``), validated on load.

Only the revival items (부활약 revival potion, 성배 grail) are here so far: ``effect = "revive"`` brings a
dead character back within the same game (R-MK-34); ``ghost = false`` refuses a ghost (R-MK-35).

>>> items = load_items()
>>> items["grail"].label("ko"), items["revival_potion"].revives_ghost
('성배', False)
>>> sorted(revival_items())
['grail', 'revival_potion']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources

from meikyu.files import parse_toml
from meikyu.sheetdata.reader import Reader, Report

from .bestiary import names3

EFFECTS = ("revive",)


@dataclass(frozen=True)
class ItemEffect:
    """One item record: its id, ko/ja/en names and what it does in battle."""

    id: str
    names: tuple[str, ...]
    effect: str
    revives_ghost: bool = False

    def label(self, lang: str = "en") -> str:
        return self.names[{"ko": 0, "ja": 1}.get(lang, 2)]


def read_item_effect(r: Reader) -> ItemEffect:
    """One ``[[item]]``: its id, names in all three languages, what it does."""
    item = ItemEffect(r.text("id"), names3(r, "names", required=True), r.text("effect", choices=EFFECTS),
                      r.flag("ghost", False))
    r.done()
    return item


def parse_items(text: str, file: str) -> dict[str, ItemEffect]:
    """Read item TOML text; every problem at once, each naming ``file`` and the field's path.

    >>> parse_items('[[item]]\\nid = "x"\\nnames = { ko = "a", ja = "b", en = "c" }\\neffect = "fly"', "t.toml")
    Traceback (most recent call last):
    meikyu.sheetdata.reader.SheetProblems: t.toml: 1 problem(s).
    - item[0].effect: 'fly' is not allowed; use one of: revive. For example: effect = "revive"
    """
    report = Report(file)
    top = Reader(parse_toml(text, file), file=file, entry="", report=report)
    out: dict[str, ItemEffect] = {}
    for index, item in enumerate(top.tables("item", read_item_effect)):
        if item.id in out:
            top.sub({}, f"item[{index}]").problem("duplicate", "id", value=item.id, example=f'id = "{item.id}2"')
        out[item.id] = item
    top.done()
    report.check()
    return out


@cache
def load_items() -> dict[str, ItemEffect]:
    """The shipped item effects (read once, on first use)."""
    text = resources.files(__package__).joinpath("data/items.toml").read_text(encoding="utf-8")
    return parse_items(text, "items.toml")


def revival_items() -> dict[str, ItemEffect]:
    """The items that revive the dead (R-MK-34)."""
    return {k: v for k, v in load_items().items() if v.effect == "revive"}
