"""Data-driven random tables: a table is TOML data, rolled through a :class:`~meikyu.dice.source.Dice`.

A :class:`Table` has an id, a dice kind, a name in Korean, Japanese and English, and entries; each
:class:`TableEntry` covers a range of roll values, has a short text per language and structured
:class:`Effect` values a program can apply. Nothing here knows any game: the effect types a table
may use come from a :class:`Vocabulary` that the game system defines.

Dice kinds, drawn exactly as BCDice draws them (so dice rolled elsewhere replay exactly):

- ``nDm`` (``1D6``, ``2D6``, ``3D6``, ``1D3`` …): n draws of a dm, summed.
- ``D66``: two d6 draws; the lower die is the tens digit (BCDice's ascending D66; 21 values).
- ``D66N``: two d6 draws; the first die is the tens digit (36 values).
- ``D66D``: two d6 draws; the higher die is the tens digit (21 values).

A table in TOML::

    id = "DRINK"
    dice = "1D3"
    name = { ko = "음료표", ja = "飲み物表", en = "Drinks" }
    vocabulary = "meikyu.systems.meikyu_kingdom.tables.effects"   # optional

    [[entries]]
    roll = 1                       # one value, or [low, high] for a range
    text = { ko = "물", ja = "水", en = "water" }
    effects = []                   # inline tables, each with a "type"

>>> from meikyu.dice.source import ScriptedDice
>>> table = load_table("drinks.toml", '''
... id = "DRINK"
... dice = "1D3"
... name = { ko = "음료표", ja = "飲み物表", en = "Drinks" }
... [[entries]]
... roll = [1, 2]
... text = { ko = "물", ja = "水", en = "water" }
... [[entries]]
... roll = 3
... text = { ko = "차", ja = "お茶", en = "tea" }
... ''')
>>> result = table.roll(ScriptedDice([3]))
>>> result.value, result.text("en"), result.rolls
(3, 'tea', (3,))
>>> result.bcdice_text()
'飲み物表(3) ＞ お茶'
>>> table.entry_for(2).text["ko"]
'물'

Every roll value must be covered exactly once; a gap, an overlap, a missing language or an unknown
effect is a :class:`~meikyu.errors.DataError` naming the file, the entry and the field:

>>> from meikyu.errors import DataError
>>> try:
...     load_table("bad.toml", 'id = "X"\\ndice = "1D6"\\nname = { ko = "x", ja = "x", en = "x" }\\nentries = []')
... except DataError as err:
...     print(err.message("en"))
bad.toml [*] entries: no entry covers roll(s) 1, 2, 3, 4, 5, 6 of 1D6; each roll needs exactly one entry.

BCDice's "original table" text (as posted to bcdice-api's ``/v2/original_table``) is read by
:func:`parse_user_table`:

>>> user = parse_user_table("Drinks\\n1D3\\n1:water\\n2:tea\\n3:coffee")
>>> user.dice, user.roll(ScriptedDice([2])).bcdice_text()
('1D3', 'Drinks(2) ＞ tea')
"""

from meikyu.tables.loading import load_table, read_effects, table_from_data
from meikyu.tables.model import (
    EMPTY_VOCABULARY,
    LANGS,
    MAX_EFFECT_DEPTH,
    MAX_FILE_BYTES,
    MAX_USER_BYTES,
    MAX_USER_LINES,
    MAX_VALUES,
    PARAM_KINDS,
    DiceKind,
    Effect,
    EffectType,
    Localized,
    Param,
    Table,
    TableEntry,
    TableRoll,
    Vocabulary,
    parse_dice_kind,
)
from meikyu.tables.user import format_user_table, parse_user_table

__all__ = [
    "DiceKind",
    "EMPTY_VOCABULARY",
    "Effect",
    "EffectType",
    "LANGS",
    "Localized",
    "MAX_EFFECT_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_USER_BYTES",
    "MAX_USER_LINES",
    "MAX_VALUES",
    "PARAM_KINDS",
    "Param",
    "Table",
    "TableEntry",
    "TableRoll",
    "Vocabulary",
    "format_user_table",
    "load_table",
    "parse_dice_kind",
    "parse_user_table",
    "read_effects",
    "table_from_data",
]
