"""Characters to and from Udonarium (ユドナリウム): a zip holding ``data.xml``.

Udonarium saves a character as ``<character>`` with ``<data name="character">`` holding three
sections: ``image`` (the picture's identifier), ``common`` (``name``, ``size``) and ``detail`` (any
groups of values: plain ``<data name="…">value</data>``, ``type="numberResource"`` bars whose text is
the maximum and ``currentValue`` the value, ``type="note"`` texts). The ``<chat-palette>`` names its
dice bot and may define ``//name=value`` variables that ``{name}`` in a line stands for.

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> haneul = sample().characters[0]
>>> xml = to_xml(haneul, "ja")
>>> xml.splitlines()[1]
'<character location.name="table" location.x="0" location.y="0" posZ="0" rotate="0" roll="0">'
>>> back, unread = from_xml(xml, base=haneul)
>>> back == haneul, unread
(True, [])
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterable
from dataclasses import replace
from typing import Any
from xml.etree import ElementTree as ET

from meikyu.errors import DataError
from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.ccfolia import STATS, _canon, memo, palette
from meikyu.systems.meikyu_kingdom.sheets.character import Character

DICEBOT = "MeikyuKingdom"
MAX_ZIP_BYTES = 4 << 20
"""The largest data.xml read from a zip (images are skipped, never unpacked)."""


def _data(parent: ET.Element, name: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, "data", {**attrs, "name": name} if "type" in attrs else {"name": name, **attrs})
    if text is not None:
        el.text = text
    return el


def to_xml(char: Character, lang: str = "ja") -> str:
    """``char`` as Udonarium's ``data.xml`` (see the module docstring)."""
    word = {s: translate(f"mk.word.{s}", lang) for s in STATS}
    root = ET.Element("character", {"location.name": "table", "location.x": "0", "location.y": "0",
                                    "posZ": "0", "rotate": "0", "roll": "0"})
    body = _data(root, "character")
    image = _data(body, "image")
    _data(image, "imageIdentifier", "", type="image")
    common = _data(body, "common")
    _data(common, "name", char.label(lang))
    _data(common, "size", "1")
    detail = _data(body, "detail")
    bars = _data(detail, translate("mk.udonarium.resources", lang))
    _data(bars, "HP", str(char.max_hp), type="numberResource", currentValue=str(char.hp))
    _data(bars, translate("mk.ccfolia.drive", lang), str(char.capacity), type="numberResource",
          currentValue=str(char.drive))
    _data(bars, translate("mk.ccfolia.minions", lang), str(max(char.minions, 0)), type="numberResource",
          currentValue=str(char.minions))
    stats = _data(detail, translate("mk.udonarium.stats", lang))
    for s in STATS:
        _data(stats, word[s], str(getattr(char, s)))
    _data(stats, translate("mk.ccfolia.evasion", lang), str(char.evasion))
    _data(stats, translate("mk.ccfolia.level", lang), str(char.level))
    info = _data(detail, translate("mk.udonarium.info", lang))
    _data(info, translate("mk.udonarium.memo", lang), memo(char, lang), type="note")
    chat = ET.SubElement(root, "chat-palette", {"dicebot": DICEBOT})
    variables = [f"//{word[s]}={getattr(char, s)}" for s in STATS]
    chat.text = "\n".join([*variables, *(char.palette.splitlines() or palette(char, lang))]) + "\n"
    ET.indent(root, space="  ")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def to_zip(char: Character, lang: str = "ja") -> bytes:
    """``char`` as the zip Udonarium loads (``data.xml``; no image)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("data.xml", to_xml(char, lang))
    return out.getvalue()


def xml_of_zip(raw: bytes, file: str = "<udonarium>") -> str:
    """The character XML inside a Udonarium zip (``data.xml``, else the first ``.xml``)."""
    try:
        with zipfile.ZipFile(io.BytesIO(raw)) as z:
            names = [n for n in z.namelist() if n.lower().endswith(".xml")]
            if not names:
                raise DataError("mk.udonarium.error.no_xml", file=file)
            info = z.getinfo("data.xml" if "data.xml" in names else names[0])
            if info.file_size > MAX_ZIP_BYTES:
                raise DataError("error.file.too_large", file=file, limit=MAX_ZIP_BYTES)
            return z.read(info).decode("utf-8-sig")
    except (zipfile.BadZipFile, UnicodeDecodeError, KeyError):
        raise DataError("mk.udonarium.error.not_udonarium", file=file) from None


def read(raw: bytes | str, base: Character | None = None, *, file: str = "<udonarium>") -> tuple[Character, list[str]]:
    """A character from a Udonarium zip or its XML (bytes of either, or the XML text)."""
    if isinstance(raw, bytes):
        raw = xml_of_zip(raw, file) if raw[:2] == b"PK" else raw.decode("utf-8-sig", errors="replace")
    return from_xml(raw, base, file=file)


def _walk(el: ET.Element) -> Iterable[ET.Element]:
    for child in el:
        if child.tag == "data":
            yield child
            yield from _walk(child)


def from_xml(text: str, base: Character | None = None, *, file: str = "<udonarium>") -> tuple[Character, list[str]]:
    """A character from Udonarium's XML, and the names of the values it could not read.

    Labels may be in any of ko / ja / en; the palette is kept when it is not the one meikyu makes, its
    ``//name=value`` variables set the stats they name (a value in ``detail`` wins over one there).
    """
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise DataError("mk.udonarium.error.xml", file=file, reason=str(exc)) from None
    if root.tag != "character" or root.find("data[@name='character']") is None:
        raise DataError("mk.udonarium.error.not_udonarium", file=file)
    body = root.find("data[@name='character']")
    assert body is not None
    name = (body.findtext("data[@name='common']/data[@name='name']") or "").strip()
    if not name:
        raise DataError("mk.udonarium.error.field", file=file, field="common/name")
    values: dict[str, Any] = {}
    unread: list[str] = []
    chat = root.find("chat-palette")
    lines = (chat.text or "").splitlines() if chat is not None else []
    commands = []
    for line in lines:
        if line.startswith("//") and "=" in line:
            label, _, value = line[2:].partition("=")
            key = _canon(label)
            if key in STATS:
                values.setdefault(key, _int(value, label, file))
            continue
        if line.strip():
            commands.append(line)
    detail = body.find("data[@name='detail']")
    for el in _walk(detail) if detail is not None else ():
        label = el.get("name", "")
        if len(el):  # a group
            continue
        key = _canon(label)
        kind = el.get("type", "")
        if kind == "numberResource" and key in ("hp", "drive", "minions"):
            current = _int(el.get("currentValue", el.text), label, file)
            top = _int(el.text, label, file)
            field_max = {"hp": "max_hp", "drive": "capacity"}.get(key)
            values[key] = current
            if field_max:
                values[field_max] = top
        elif key in (*STATS, "evasion", "level") and kind != "note":
            values[key] = _int(el.text, label, file)
        elif kind != "note" and label != "imageIdentifier":
            unread.append(label)
    ident = memo_id_of(body) or (base.id if base is not None else name)
    char = base if base is not None else Character(ident, name)
    if base is not None and name not in {base.name, *base.names.values()}:
        char = replace(char, name=name, names={})
    out = replace(char, id=ident, **values)
    lang = next((g for g in ("ja", "ko", "en") if any(translate(f"mk.word.{s}", g) in "\n".join(lines) for s in STATS)),
                "ja")
    made = palette(replace(out, palette=""), lang)
    kept = "\n".join(commands)
    out = replace(out, palette="" if commands in ([], made) else kept)
    return Character.from_data(out.to_data(), file=file), unread


def memo_id_of(body: ET.Element) -> str:
    """The sheet id an exported character's note carries (``meikyu:ID``), or ""."""
    for el in _walk(body):
        if el.get("type") == "note":
            for line in (el.text or "").splitlines():
                if line.startswith("meikyu:") and line[7:].strip():
                    return line[7:].strip()
    return ""


def _int(value: Any, field: str, file: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise DataError("mk.ccfolia.error.field", file=file, field=field, want="a whole number") from None
