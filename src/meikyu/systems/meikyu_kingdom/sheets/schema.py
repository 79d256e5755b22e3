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
    says what each field holds. Each effect is written down as one of the vocabulary's types with its own
    parameters (``$defs.effect``), so an editor offers the same choices the reader takes."""

    __slots__ = ()

    def mark(self, *fields: str) -> None:
        shapes = acting_shapes()
        for field in fields:
            self._field(field, shapes.get(field, {"type": "string"}), None)
        if "effects" in fields:
            self.defs["effect"] = effect_schema()


def acting_shapes() -> dict[str, dict[str, Any]]:
    """The acting fields' shapes, their choices the reader's own (``effects/vocabulary.py``)."""
    from meikyu.systems.meikyu_kingdom.effects.vocabulary import CHECKS, CONTEXTS, PERIODS, TARGETS, TRIGGERS
    from meikyu.systems.meikyu_kingdom.tables.effects import STATS

    def words(allowed: tuple[str, ...]) -> dict[str, Any]:
        # a list of words; the reader also takes one word alone
        return {"anyOf": [{"type": "array", "items": {"enum": list(allowed)}}, {"enum": list(allowed)}]}

    count = {"type": "integer", "minimum": 0, "maximum": 99}
    return {
        "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}, "minItems": 1},
        "trigger": {"enum": ["", *TRIGGERS]},
        "target": {"enum": ["", *TARGETS]},
        "where": words(CONTEXTS),
        "checks": words(CHECKS),
        "stats": words(STATS),
        "cost": {"type": "object", "additionalProperties": False, "properties": {
            "hope": count, "minions": {"type": ["integer", "string"], "format": "formula"}, "hp": count,
            "used_up": {"type": "boolean"}, "per": {"enum": list(PERIODS)}}},
    }


def effect_schema() -> dict[str, Any]:
    """One effect of data that acts: a table whose ``type`` is one of the vocabulary's, holding that type's
    parameters (required ones required). A formula is a whole number or a text such as ``1D6``
    (``"format": "formula"``); nested effects (a check's ``on_success``) are effects again.

    >>> one = {b["properties"]["type"]["const"]: b for b in effect_schema()["oneOf"]}
    >>> one["hp"]["required"], one["cure_status"]["properties"]["status"]["enum"][0]
    (['type', 'amount'], 'poison')
    """
    from meikyu.systems.meikyu_kingdom.effects.vocabulary import DATA_TYPES, DATA_VOCABULARY

    def shape(kind: str, allowed: tuple[str, ...]) -> dict[str, Any]:
        shapes: dict[str, dict[str, Any]] = {
            "int": {"type": "integer"},
            "bool": {"type": "boolean"},
            "str": {"type": "string", "minLength": 1},
            "enum": {"enum": list(allowed)},
            "enums": {"type": "array", "items": {"enum": list(allowed)}},
            "formula": {"type": ["integer", "string"], "format": "formula"},
            "effects": {"type": "array", "items": {"$ref": "#/$defs/effect"}},
        }
        return shapes[kind]

    # the types only data uses first: they are what a skill or an item most often does
    order = [*DATA_TYPES, *(t for t in DATA_VOCABULARY.types if t not in DATA_TYPES)]
    branches = []
    for name in order:
        spec = DATA_VOCABULARY.types[name]
        props: dict[str, Any] = {"type": {"const": name}}
        props.update({p: shape(spec_p.kind, spec_p.choices) for p, spec_p in spec.params})
        branches.append({"type": "object", "properties": props, "additionalProperties": False,
                         "required": ["type", *(p for p, spec_p in spec.params if spec_p.required)]})
    return {"oneOf": branches}


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
