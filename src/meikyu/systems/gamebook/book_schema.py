"""The JSON Schema (draft 2020-12) of a book file and a commented book to start from (``gamebook schema``,
``gamebook new``).

The book's reader (:mod:`.book`) keeps line numbers for every problem, which the shared sheet reader does
not, so this schema is written from the very tuples the reader checks fields against (``PARAGRAPH_FIELDS``
…): a field the reader accepts is a field the schema names, and a test validates every shipped book and
the template against it.

>>> s = book_schema()
>>> sorted(s["$defs"]["paragraph"]["properties"]) == sorted(PARAGRAPH_FIELDS)
True
>>> import tomllib
>>> from meikyu.systems.gamebook.book import parse_book
>>> book, problems = parse_book(book_template("en"))
>>> problems, book.start, sorted(book.paragraphs)
([], '1', ['1', '2', '3', '4', '5', '6'])
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import translate
from meikyu.sheetdata.schema import DRAFT, NAMES
from meikyu.systems.gamebook.book import (
    ABILITY_FIELDS,
    BOOK_FIELDS,
    CHECK_FIELDS,
    COMBAT_FIELDS,
    CONDITION_FIELDS,
    CONDITION_KINDS,
    EFFECT_FIELDS,
    EFFECT_KINDS,
    ENDINGS,
    ENEMY_FIELDS,
    ITEM_FIELDS,
    MODIFIERS,
    PARAGRAPH_FIELDS,
    STATS,
    TOP_FIELDS,
    WAY_FIELDS,
)
from meikyu.systems.gamebook.fighters import ROLL_KINDS

TEXT = {"anyOf": [{"type": "string"}, {**NAMES, "minProperties": 1}]}
INT = {"type": "integer"}
ID = {"anyOf": [{"type": "integer", "minimum": 0}, {"type": "string", "minLength": 1}]}
FLAG = {"type": "integer", "minimum": 0, "maximum": 99}


def _ref(kind: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{kind}"}


def _one_or_list(kind: str) -> dict[str, Any]:
    return {"anyOf": [_ref(kind), {"type": "array", "items": _ref(kind)}]}


def _table(kind: str, fields: tuple[str, ...], shapes: dict[str, dict[str, Any]], lang: str,
           required: tuple[str, ...] = ()) -> dict[str, Any]:
    """One part of a book: exactly ``fields`` (the reader's tuple), each in its shape and said what it is."""
    props = {f: {**shapes[f], "description": translate(f"gb.book.doc.{kind}.{f}", lang)} for f in fields}
    out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = list(required)
    return out


def book_schema(lang: str = "en") -> dict[str, Any]:
    """A book file: ``[book]``, ``[items.ID]``, ``[abilities.ID]``, ``[progress]`` and ``[p.ID]``."""
    kinds_of = {k: FLAG if k == "flag" else {"enum": list(STATS)} if k == "stat" else {"type": "string"}
                for k in (*CONDITION_KINDS, *EFFECT_KINDS)}
    defs = {
        "book": _table("book", BOOK_FIELDS, {"id": {"type": "string"}, "title": TEXT, "start": ID,
                                             "lang": {"enum": ["ko", "ja", "en"]},
                                             "items": {"type": "array", "items": {"type": "string"}},
                                             "weapon": {"type": "string"}}, lang, ("start",)),
        "item": _table("item", ITEM_FIELDS, {"name": TEXT, "consumable": {"type": "boolean"},
                                             "kill": {"type": "integer", "minimum": 0}}, lang),
        "ability": _table("ability", ABILITY_FIELDS, {"name": TEXT, "text": TEXT, **{m: INT for m in MODIFIERS},
                                                      "reroll": {"anyOf": [{"enum": list(ROLL_KINDS)}, {
                                                          "type": "array", "items": {"enum": list(ROLL_KINDS)}}]}},
                          lang),
        "paragraph": _table("paragraph", PARAGRAPH_FIELDS, {
            "text": TEXT, "effects": _one_or_list("effect"), "jumps": _one_or_list("jump"),
            "choices": _one_or_list("choice"), "check": _ref("check"), "combat": _ref("combat"),
            "ending": {"enum": list(ENDINGS)}}, lang, ("text",)),
        "effect": {**_table("effect", EFFECT_FIELDS, {**kinds_of, "count": INT, "add": INT}, lang),
                   "minProperties": 1},
        "condition": _table("condition", CONDITION_FIELDS, {**kinds_of, "at_least": INT, "at_most": INT,
                                                            "not": {"type": "boolean"}}, lang),
        "jump": _table("jump", WAY_FIELDS[1:], {"to": ID, "if": _one_or_list("condition")}, lang, ("to",)),
        "choice": _table("choice", WAY_FIELDS, {"text": TEXT, "to": ID, "if": _one_or_list("condition")}, lang,
                         ("to",)),
        "check": _table("check", CHECK_FIELDS, {"stat": {"enum": list(STATS)}, "target": INT, "success": ID,
                                                "failure": ID}, lang, CHECK_FIELDS),
        "combat": _table("combat", COMBAT_FIELDS, {"enemies": {"type": "array", "items": _ref("enemy"),
                                                               "minItems": 1},
                                                   "win": ID, "lose": ID, "escape": ID}, lang,
                         ("enemies", "win", "lose")),
        "enemy": _table("enemy", ENEMY_FIELDS, {"name": TEXT, "attack": {"type": "integer", "minimum": 0},
                                                "kill": {"type": "integer", "minimum": 0},
                                                "defense": {"type": "integer", "minimum": 0},
                                                "hits": {"type": "integer", "minimum": 1}}, lang, ENEMY_FIELDS),
    }
    top = _table("file", TOP_FIELDS, {
        "book": _ref("book"),
        "items": {"type": "object", "additionalProperties": _ref("item")},
        "abilities": {"type": "object", "additionalProperties": _ref("ability")},
        "progress": {"type": "object", "additionalProperties": {"anyOf": [TEXT, {
            "type": "object", "properties": {"name": TEXT}, "additionalProperties": False}]}},
        "p": {"type": "object", "additionalProperties": _ref("paragraph"), "minProperties": 1}}, lang, ("book", "p"))
    return {"$schema": DRAFT, "title": "Shin gamebook book", **top, "$defs": defs}


def book_template(lang: str = "en") -> str:
    """A small book in every part's fields, said what each is: four paragraphs, an item, an ability, a
    flag, a check, a fight and two endings (it passes ``gamebook check``)."""
    def t(key: str) -> str:
        return translate(f"gb.book.tpl.{key}", lang)

    def doc(kind: str, field: str) -> str:
        return f"# {translate(f'gb.book.doc.{kind}.{field}', lang)}"

    return "\n".join([
        f"# {t('head')}", f"# {t('help')}", "",
        "[book]", doc("book", "id"), 'id = "my-book"', doc("book", "title"),
        'title = { ko = "나의 책", ja = "わたしの本", en = "My Book" }', doc("book", "lang"), 'lang = "en"',
        doc("book", "start"), "start = 1", doc("book", "items"), 'items = ["sword"]', doc("book", "weapon"),
        'weapon = "sword"', "",
        doc("file", "items"), "[items.sword]", doc("item", "name"), 'name = { ko = "검", ja = "剣", en = "Sword" }',
        doc("item", "kill"), "kill = 3", "", "[items.rope]", 'name = { ko = "밧줄", ja = "ロープ", en = "Rope" }',
        doc("item", "consumable"), "consumable = true", "",
        doc("file", "abilities"), "[abilities.guard]", doc("ability", "name"),
        'name = { ko = "막기", ja = "守り", en = "Guard" }', doc("ability", "text"),
        'text = "Defense +1 for this combat."', doc("ability", "defense"), "defense = 1", doc("ability", "reroll"),
        'reroll = ["escape"]', "",
        doc("file", "progress"), "[progress]", 'noise = { ko = "소음", ja = "物音", en = "Noise" }', "",
        doc("file", "p"), "[p.1]", doc("paragraph", "text"), 'text = { en = "A door, and a rope beside it." }',
        doc("paragraph", "effects"), 'effects = [{ gain = "rope" }, { flag = 12 }]',
        doc("paragraph", "choices"), 'choices = [{ text = "Go round to the wall", to = 2 }, { text = "Open the door", to = 3 }]',
        "",
        "[p.2]", 'text = "Under the wall. Someone may have heard you."', 'effects = [{ progress = "noise", add = 1 }]',
        doc("paragraph", "jumps"), 'jumps = [{ to = 5, if = { progress = "noise", at_least = 2 } }]',
        'choices = [{ text = "Climb with the rope", to = 6, if = { item = "rope" } }, { text = "Try the door", to = 3 }]',
        "",
        "[p.6]", 'text = "The wall is steep."', doc("paragraph", "check"),
        'check = { stat = "attack", target = 9, success = 4, failure = 3 }', "",
        "[p.3]", 'text = "A guard bars the way."', doc("paragraph", "combat"), "[p.3.combat]",
        doc("combat", "enemies"), 'enemies = [{ name = "Guard", attack = 8, kill = 2, defense = 8, hits = 2 }]',
        doc("combat", "win"), "win = 4", doc("combat", "lose"), "lose = 5", doc("combat", "escape"), "escape = 2",
        "", "[p.4]", 'text = "The tower is yours."', doc("paragraph", "ending"), 'ending = "good"', "",
        "[p.5]", 'text = "The guards take you."', 'ending = "bad"', "",
    ])
