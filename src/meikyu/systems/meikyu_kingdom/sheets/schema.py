"""The JSON Schema of a Meikyuu Kingdom sheet, from the reader that loads sheets (:mod:`meikyu.sheetdata.schema`).

>>> s = sheet_schema()
>>> s["$schema"]
'https://json-schema.org/draft/2020-12/schema'
>>> wit = s["$defs"]["character"]["properties"]["wit"]
>>> wit["type"], wit["description"]
('integer', 'Wit (재치), a character stat used for checks.')
>>> s["$defs"]["character"]["properties"]["items"]["items"]["anyOf"][0]["anyOf"][0]["$ref"]
'#/$defs/item'
"""

from __future__ import annotations

from typing import Any

from meikyu.sheetdata.reader import Reader
from meikyu.sheetdata.schema import SchemaReader, doc, schema_of

DOCS = "mk.sheet.doc"
"""Where the words for each field live: ``mk.sheet.doc.<kind>.<field>``."""


class MkSchemaReader(SchemaReader):
    """Meikyuu Kingdom's data that acts (``effects/acts.py``) in its own shape: data/tables/DATA_EFFECTS.md
    says what each field holds."""

    __slots__ = ()

    SHAPES = {
        "effects": {"type": "array", "items": {"type": "object"}},
        "cost": {"type": "object"},
        "where": {"type": "array", "items": {"type": "string"}},
        "checks": {"type": "array", "items": {"type": "string"}},
        "stats": {"type": "array", "items": {"type": "string"}},
    }


def mk_schema(kind: str, read: Any, lang: str = "en", title: str = "") -> dict[str, Any]:
    """:func:`~meikyu.sheetdata.schema.schema_of` with Meikyuu Kingdom's words and shapes."""
    return schema_of(kind, read, lang, title, docs=DOCS, reader=MkSchemaReader)


def sheet_schema(lang: str = "en") -> dict[str, Any]:
    """A Meikyuu Kingdom sheet file: ``[kingdom]`` and ``[[characters]]``."""
    from meikyu.systems.meikyu_kingdom.sheets.character import Character
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

    def sheet(r: Reader) -> None:
        r.tables("characters", Character.read)
        r.tables("kingdom", Kingdom.read)

    out = mk_schema("sheet", sheet, lang, "Meikyuu Kingdom sheet")
    out["properties"]["kingdom"] = {"$ref": "#/$defs/kingdom", "description": doc(DOCS, "sheet", "kingdom", lang)}
    out["properties"]["characters"]["description"] = doc(DOCS, "sheet", "characters", lang)
    out["properties"]["characters"].pop("default", None)
    return out
