"""Meikyuu Kingdom's random tables, loaded from ``data/tables/<CODE>.toml`` on first use.

Codes are BCDice's: KDT (kingdom disaster), KCT / KMT (kingdom change / its failure version),
CAT (critical hit), FWT (fatal wound), CFT (combat fumble), TT (travel), T1T–T5T (treasure),
MPT (market price) and ET (emotion). Each table rolls exactly the dice BCDice rolls for it, so a
roll value always matches BCDice's for the same dice; the texts are this project's own.
The effect types the entries use are documented in :mod:`~meikyu.systems.meikyu_kingdom.tables.effects` and ``data/tables/EFFECTS.md``.

>>> from meikyu.dice.source import ScriptedDice
>>> kdt = get_table("kdt")
>>> result = kdt.roll(ScriptedDice([4, 5]))
>>> result.value, result.effects[0].type, result.effects[0].get("saved_by_material")
(9, 'citizens', 'meat')
>>> print(result.text("en"))
Famine: citizens -2D6; each meat material the kingdom spends saves one.
>>> get_table("ET").roll(ScriptedDice([4])).text("ja")
'友情／不信'
>>> roll_table("T1T", ScriptedDice([6])).bcdice_text()
'お宝１表(6) ＞ お弁当1個。'
"""

from __future__ import annotations

from importlib import resources
from typing import TYPE_CHECKING

from meikyu.errors import CommandError

if TYPE_CHECKING:  # the table engine loads with the first table, not with the check commands' import
    from meikyu.dice.source import Dice
    from meikyu.tables import Table, TableRoll

TABLE_CODES: tuple[str, ...] = (
    "KDT", "KCT", "KMT", "CAT", "FWT", "CFT", "TT", "T1T", "T2T", "T3T", "T4T", "T5T", "MPT", "ET",
    "LRT", "ORT", "CRT", "ART", "FRT", "TBT", "CBT", "SBT", "VBT", "FBT", "ABT", "WBT", "LBT",
    "THT", "CHT", "SHT", "VHT", "NT", "WIT", "LIT", "RIT", "SIT", "RWIT", "RUIT",
    "1RET", "2RET", "3RET", "4RET", "5RET", "6RET",
)
"""Tables rolled as they are (one roll, one entry). Composite generators (names, items …) are in :mod:`.generators`."""

_cache: dict[str, Table] = {}


def get_table(code: str) -> Table:
    """The table called ``code`` (any case), read and validated once, then cached.

    Raises :class:`~meikyu.errors.CommandError` (key ``error.table.unknown``) for other codes.
    """
    key = code.strip().upper() if isinstance(code, str) else ""
    table = _cache.get(key)
    if table is not None:
        return table
    if key not in TABLE_CODES:
        raise CommandError("error.table.unknown", code=code, codes=", ".join(TABLE_CODES))
    table = _load(key, f"{key}.toml")
    _cache[key] = table
    return table


def get_part(part: str) -> Table:
    """A sub-table of a composite generator (``NAME_A``, ``WORD1`` …, files under ``data/tables/parts``)."""
    key = "parts/" + part
    table = _cache.get(key)
    if table is None:
        table = _cache[key] = _load(part, f"parts/{part}.toml")
    return table


def _load(key: str, relative: str) -> Table:
    from meikyu.systems.meikyu_kingdom.tables.effects import VOCABULARY
    from meikyu.tables import load_table

    path = resources.files("meikyu.systems.meikyu_kingdom").joinpath("data").joinpath("tables")
    for step in relative.split("/"):
        path = path.joinpath(step)
    return load_table(relative.split("/")[-1], path.read_text(encoding="utf-8"), vocabulary=VOCABULARY)


def roll_table(code: str, dice: Dice) -> TableRoll:
    """Roll the table called ``code`` with ``dice``."""
    return get_table(code).roll(dice)
