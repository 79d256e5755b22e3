"""The common-item catalog (``data/common_items.toml``): items a court may ask for at the round table
(R-MK-05), each with its value and written as data that acts (``data/tables/DATA_EFFECTS.md``).

>>> salve = common_items()["salve"]
>>> salve.value, salve.item.label("en"), salve.item.heal, salve.item.acts.effects[0].type
(1, 'Salve', 1, 'hp')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from meikyu.errors import DataError
from meikyu.sheetdata.reader import Reader
from meikyu.systems.meikyu_kingdom.sheets.character import Item

CATALOG = "common_items.toml"


@dataclass(frozen=True)
class CommonItem:
    """A catalog entry: its id, its value (R-MK-05: at most the life level) and the item given."""

    id: str
    value: int
    item: Item


def read_catalog(data: dict[str, Any], *, file: str) -> dict[str, CommonItem]:
    """Validate a catalog: ``[[items]]`` tables, each an item as a sheet writes it plus ``id`` and ``value``."""
    out: dict[str, CommonItem] = {}
    for index, raw in enumerate(data.get("items", [])):
        entry = f"items[{index}]"
        if not isinstance(raw, dict):
            raise DataError("error.sheet.not_table", file=file, entry=entry, got=type(raw).__name__)
        head = Reader(raw, file=file, entry=entry)
        ident = head.text("id")
        if ident in out:
            raise head.fail("duplicate", "id", value=ident)
        value = head.integer("value", minimum=0, maximum=9)
        body = {k: v for k, v in raw.items() if k not in ("id", "value")}
        out[ident] = CommonItem(ident, value, Item.read(Reader(body, file=file, entry=entry)))
    return out


@cache
def common_items() -> dict[str, CommonItem]:
    """The shipped catalog, read once."""
    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath(CATALOG).read_text(encoding="utf-8")
    return read_catalog(tomllib.loads(text), file=CATALOG)
