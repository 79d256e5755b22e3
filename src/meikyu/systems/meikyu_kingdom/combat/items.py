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

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from meikyu.errors import DataError

from .bestiary import _Entry

EFFECTS = ("revive",)
_ITEM_FIELDS = ("id", "names", "effect", "ghost")


@dataclass(frozen=True)
class ItemEffect:
    """One item record: its id, ko/ja/en names and what it does in battle."""

    id: str
    names: tuple[str, ...]
    effect: str
    revives_ghost: bool = False

    def label(self, lang: str = "en") -> str:
        return self.names[{"ko": 0, "ja": 1}.get(lang, 2)]


def parse_items(text: str, file: str) -> dict[str, ItemEffect]:
    """Read item TOML text; errors name ``file``, the entry and the field.

    >>> parse_items('[[item]]\\nid = "x"\\nnames = { ko = "a", ja = "b", en = "c" }\\neffect = "fly"', "t.toml")
    Traceback (most recent call last):
    meikyu.errors.DataError: t.toml, item[0]: field 'effect' = 'fly' is not one of: revive.
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError("mk.battle.data.syntax", file=file, reason=str(exc)) from None
    out: dict[str, ItemEffect] = {}
    for n, raw in enumerate(data.get("item", [])):
        r = _Entry(raw, file, f"item[{n}]", _ITEM_FIELDS)
        iid = r.get("id", str)
        if iid in out:
            raise r.fail("duplicate", "id", value=iid)
        effect = r.get("effect", str)
        if effect not in EFFECTS:
            raise r.fail("choice", "effect", value=effect, known=", ".join(EFFECTS))
        out[iid] = ItemEffect(iid, r.names("names"), effect, r.get("ghost", bool, False))
    return out


@cache
def load_items() -> dict[str, ItemEffect]:
    """The shipped item effects (read once, on first use)."""
    text = resources.files(__package__).joinpath("data/items.toml").read_text(encoding="utf-8")
    return parse_items(text, "items.toml")


def revival_items() -> dict[str, ItemEffect]:
    """The items that revive the dead (R-MK-34)."""
    return {k: v for k, v in load_items().items() if v.effect == "revive"}
