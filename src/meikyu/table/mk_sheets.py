"""Meikyuu Kingdom sheets for the web: check as one types, template, schema, exports and imports, and the
kingdom and court of a game as they stand now (the API's ``/api/sheets`` routes call these).

>>> answer = check({"characters": [{"name": "A", "wit": "high", "charm": 1, "search": 1, "valor": 1,
...     "hp": 8}]}, "court.toml", "en")
>>> answer["ok"], [(p["path"], p["level"]) for p in answer["problems"]]
(False, [('characters[0].wit', 'error'), ('characters[0].id', 'default'), ('characters[0].max_hp', 'default')])
>>> sheet_of_state(object()) is None
True
"""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from meikyu.errors import DataError
from meikyu.sheetdata.reader import findings
from meikyu.systems.meikyu_kingdom import udonarium
from meikyu.systems.meikyu_kingdom.ccfolia import read_ccfolia, to_ccfolia
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.schema import sheet_schema
from meikyu.systems.meikyu_kingdom.sheets.sheet import SheetFile, check_sheet, read_sheet
from meikyu.systems.meikyu_kingdom.sheets.template import sheet_template, sheet_toml
from meikyu.table.setup import data_of

EXPORTS = ("toml", "json", "ccfolia", "udonarium")
IMPORTS = ("ccfolia", "udonarium")


def check(raw: Any, file: str, lang: str) -> dict[str, Any]:
    """Every problem of a sheet (TOML text or its tables) and the defaults it takes, and the sheet as read:
    what the editor shows as the user types. With problems, ``sheet`` holds what could be read (a stand-in
    where a value was wrong, an unknown field left out), so an opened file still fills the forms and each
    problem is shown beside its field; only with ``ok`` is it a sheet a game can start from.

    >>> answer = check('[[characters]]\\nname = "A"\\nwit = "high"\\ncharm = 1\\nsearch = 1\\nvalor = 1\\nhp = 8',
    ...                "court.toml", "en")
    >>> answer["ok"], answer["sheet"]["characters"][0]["name"], answer["sheet"]["characters"][0]["wit"]
    (False, 'A', 0)
    """
    data = data_of(raw, file, lang)
    sheet, report = check_sheet(data, file=file)
    out = sheet.to_data()
    if report.problems:
        _keep_acting(data, out)
    return {"ok": not report.problems, "problems": findings(report.problems + report.notes, lang), "sheet": out}


def _keep_acting(raw: Any, out: dict[str, Any]) -> None:
    """Put back, as written, the acting fields of a skill or an item the reader could not take: its stand-in
    acts not at all, so without them the forms would lose what the file said (and its problem's field).

    >>> out = {"characters": [{"skills": [{"name": "Wall"}], "items": [{}]}]}
    >>> _keep_acting({"characters": [{"skills": [{"name": "Wall", "type": "interrupt", "effects": [{"type": "cover"}]}],
    ...                                "items": [{}]}]}, out)
    >>> out["characters"][0]["skills"][0]
    {'name': 'Wall', 'effects': [{'type': 'cover'}]}
    """
    if not isinstance(raw, dict) or not isinstance(raw.get("characters"), list):
        return
    for given, read in zip(raw["characters"], out.get("characters", []), strict=False):
        if not isinstance(given, dict):
            continue
        for part in ("skills", "items"):
            for one, kept in zip(given.get(part) or [], read.get(part) or [], strict=False):
                if isinstance(one, dict) and isinstance(kept, dict) and kept and "effects" in one and "effects" not in kept:
                    kept.update({f: one[f] for f in ACT_FIELDS if f in one})


def schema(lang: str) -> dict[str, Any]:
    return sheet_schema(lang)


def template(lang: str, characters: int) -> str:
    return sheet_template(lang, characters)


def read(raw: Any, file: str, lang: str) -> SheetFile:
    """A sheet that must be right (every problem at once otherwise)."""
    return read_sheet(data_of(raw, file, lang), file=file)


def export(raw: Any, file: str, fmt: str, actor: str, lang: str) -> tuple[bytes, str, str]:
    """A sheet (or one of its characters) as ``fmt``: the bytes, their media type and a file name."""
    if fmt not in EXPORTS:
        raise DataError("table.error.setup_field", part="export", field="to", expected=" | ".join(EXPORTS))
    sheet = read(raw, file, lang)
    if fmt in ("toml", "json"):
        return sheet_bytes(sheet, fmt), f"application/{fmt}", f"court.{fmt}"
    char = character(sheet, actor)
    if fmt == "ccfolia":
        return json.dumps(to_ccfolia(char, lang), ensure_ascii=False).encode("utf-8"), "application/json", f"{char.id}.json"
    return udonarium.to_zip(char, lang), "application/zip", f"{char.id}.zip"


def character(sheet: SheetFile, actor: str) -> Character:
    """The character of ``sheet`` called ``actor`` (id or any name), or its only one."""
    for c in sheet.characters:
        if actor in (c.id, c.name, *c.names.values()):
            return c
    if not actor and len(sheet.characters) == 1:
        return sheet.characters[0]
    raise DataError("mk.error.unknown_character", id=actor, known=", ".join(c.id for c in sheet.characters))


def import_character(fmt: str, data: Any, file: str, base: Character | None = None) -> dict[str, Any]:
    """A character from ccfolia's clipboard JSON (an object, or its text) or a Udonarium zip (base64) or
    XML (text): ``{character, unread}``."""
    if fmt not in IMPORTS:
        raise DataError("table.error.setup_field", part="import", field="from", expected=" | ".join(IMPORTS))
    if fmt == "ccfolia":
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except json.JSONDecodeError as exc:
                raise DataError("mk.ccfolia.error.json", file=file, reason=exc.msg) from None
        char, unread = read_ccfolia(data, base, file=file)
    else:
        if not isinstance(data, str):
            raise DataError("mk.udonarium.error.not_udonarium", file=file)
        raw: bytes | str = data
        if not data.lstrip().startswith("<"):
            try:
                raw = base64.b64decode(data, validate=True)
            except (binascii.Error, ValueError):
                raise DataError("mk.udonarium.error.not_udonarium", file=file) from None
        char, unread = udonarium.read(raw, base, file=file)
    return {"character": char.to_data(), "unread": unread}


def facility_list(lang: str) -> list[dict[str, Any]]:
    """The facility catalog for the editor's room map: the name a sheet writes, its label and value."""
    return [{"name": f.name, "label": f.label(lang), "value": f.value} for f in facilities.catalog().values()]


def sheet_bytes(sheet: SheetFile, fmt: str) -> bytes:
    """A sheet as a file: TOML (as ``meikyu mk sheet new`` writes, without the comments) or JSON."""
    if fmt == "json":
        return json.dumps(sheet.to_data(), ensure_ascii=False, indent=1).encode("utf-8")
    return sheet_toml(sheet.to_data()).encode("utf-8")


def sheet_of_state(state: Any) -> SheetFile | None:
    """The kingdom and court of a Meikyuu Kingdom game as they stand now (a session or a round table);
    ``None`` for a game that holds none."""
    inner = getattr(state, "session", state)
    kingdom, court = getattr(inner, "kingdom", None), getattr(inner, "court", None)
    if kingdom is None or court is None:
        return None
    return SheetFile(kingdom, tuple(court))
