"""A commented TOML template of a sheet: every field, what it is, its range and its default.

The comments are generated from the schema (:mod:`.schema`, itself generated from the reader), so a
template never offers a field the reader refuses; the values are a small working example.

>>> import tomllib
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet
>>> text = sheet_template("en", characters=2)
>>> sheet = read_sheet(tomllib.loads(text), file="template.toml")
>>> [c.id for c in sheet.characters], sheet.kingdom.budget
(['pc1', 'pc2'], 5)
>>> print(text.splitlines()[0])
# A Meikyuu Kingdom sheet: the kingdom and its court (meikyu mk sheet new).
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import translate
from meikyu.sheetdata.template import commented
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS
from meikyu.systems.meikyu_kingdom.sheets.schema import sheet_schema


def sheet_toml(data: dict[str, Any]) -> str:
    """A sheet's data (:meth:`SheetFile.to_data`) as TOML, without comments: what a download writes.

    >>> import tomllib
    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> tomllib.loads(sheet_toml(sample().to_data())) == sample().to_data()
    True
    """
    defs = sheet_schema("en")["$defs"]  # which fields are tables of their own; no comments are written
    lines: list[str] = []
    if data.get("kingdom") is not None:
        commented(lines, "[kingdom]", data["kingdom"], defs["kingdom"], defs, "en", comments=False)
    for char in data.get("characters", []):
        commented(lines, "[[characters]]", char, defs["character"], defs, "en", comments=False)
    return "\n".join(lines).lstrip("\n") + "\n"


def _word(key: str, lang: str, **kw: Any) -> str:
    return translate(f"mk.sheet.tpl.{key}", lang, **kw)


def example_kingdom(lang: str) -> dict[str, Any]:
    """The template's kingdom: every field, small numbers."""
    return {
        "name": _word("kingdom", lang), "names": {}, "level": 1, "budget": 5, "citizens": 30, "voice": 5,
        "life": 1, "order": 1, "culture": 1, "military": 1, "upkeep": 1,
        "materials": {"meat": 1, "wood": 1}, "talents": [], "relations": {}, "land_makers": 1,
        "stored_items": [], "vassal_of": "", "talent_names": {}, "nation_names": {},
        "maps": [{"name": _word("land", lang), "names": {}, "rooms": {"B1": ["왕좌의 방"], "B2": ["광장"], "A2": ["밭"]},
                  "passages": [["A2", "B2"], ["B1", "B2"]], "entrances": ["B2"]}],
    }


def example_character(n: int, count: int, lang: str) -> dict[str, Any]:
    """The template's character ``n`` of ``count`` (every field; favor toward the next one)."""
    other = f"pc{n % count + 1}" if count > 1 else None
    return {
        "id": f"pc{n}", "name": _word("character", lang, n=n), "names": {}, "pc": True, "level": 1,
        "job": _word("job", lang), "job_names": {},
        "wit": 1, "charm": 1, "search": 1, "valor": 1, "hp": 8, "max_hp": 8, "capacity": 3, "drive": 0,
        "evasion": 7, "minions": 0, "favor": {other: 1} if other else {}, "enmity": {}, "statuses": [], "palette": "",
        "items": [
            {"name": _word("weapon", lang), "names": {}, "category": "weapon", "level": 0, "attack": "melee",
             "range": 0, "power": 1, "reduction": 0, "breakable": True, "notes": "", "light": -1, "heal": 0, "use": ""},
            {},
        ],
        # the skill acts: the engine applies it (data/tables/DATA_EFFECTS.md's Rallying Cry)
        "skills": [{"name": _word("skill", lang), "names": {}, "type": "support", "level": 1,
                    "effect": _word("effect", lang), "effect_names": {}, "monster": False,
                    "target": "ally_here", "cost": {"per": "cycle"},
                    "effects": [{"type": "check_bonus", "who": "target", "amount": 1}]}],
    }


UNSHOWN: tuple[str, ...] = ("trigger", "where", "checks", "stats")
"""The acting fields the template's skill does not need (each in DATA_EFFECTS.md's worked examples): a
skill using them all at once would be no skill a group writes, so the template names them instead."""


def sheet_template(lang: str = "en", characters: int = 1) -> str:
    """A commented sheet: the kingdom with a land map and ``characters`` characters, in ``lang``'s words."""
    schema = sheet_schema(lang)
    defs = schema["$defs"]
    lines = [f"# {_word('head', lang)}", f"# {_word('help', lang)}"]
    commented(lines, "[kingdom]", example_kingdom(lang), defs["kingdom"], defs, lang)
    for n in range(1, characters + 1):
        commented(lines, "[[characters]]", example_character(n, characters, lang), defs["character"], defs, lang)
    if characters:
        lines += ["", f"# {_word('acting', lang, fields=', '.join(ACT_FIELDS))}"]
    return "\n".join(lines) + "\n"
