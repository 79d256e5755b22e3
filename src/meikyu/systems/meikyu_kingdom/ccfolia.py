"""Characters to and from ccfolia (ココフォリア), and a kingdom with its court as Markdown.

ccfolia pastes a character from the clipboard as JSON: ``{"kind": "character", "data": {...}}`` with
``name``, ``status`` (bars: label, value, max), ``params`` (label, value as text), ``commands`` (the
chat palette, one command a line, where ``{label}`` stands for a param) and ``memo``. The palette
is BCDice's Meikyuu Kingdom commands: ``2MK+{才覚}>=9`` for a check, ``CAT`` and the other tables.
Labels are in the game's language (ja by default: ccfolia tables are mostly Japanese).

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> haneul = sample().characters[0]
>>> clip = to_ccfolia(haneul, "ja")
>>> clip["kind"], clip["data"]["name"], clip["data"]["status"][0]
('character', 'ハヌル', {'label': 'HP', 'value': 8, 'max': 8})
>>> clip["data"]["commands"].splitlines()[0]
'2MK+{才覚}>=9 〔才覚〕判定'
>>> back = from_ccfolia(clip, base=haneul)
>>> back == haneul
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from meikyu.errors import DataError
from meikyu.i18n import lookup, translate
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS, Kingdom

STATS = ("wit", "charm", "search", "valor")
TABLES = ("CAT", "FWT", "CFT", "KDT", "TT", "KCT")
"""Battle and kingdom tables a player rolls from the palette (BCDice command names)."""


def _word(key: str, lang: str) -> str:
    return translate(f"mk.ccfolia.{key}", lang)


def to_ccfolia(char: Character, lang: str = "ja") -> dict[str, Any]:
    """``char`` as ccfolia's clipboard character (see the module docstring)."""
    stat = {s: translate(f"mk.word.{s}", lang) for s in STATS}
    status = [
        {"label": "HP", "value": char.hp, "max": char.max_hp},
        {"label": _word("drive", lang), "value": char.drive, "max": char.capacity},
        {"label": _word("minions", lang), "value": char.minions, "max": 0},
    ]
    params = [{"label": stat[s], "value": str(getattr(char, s))} for s in STATS]
    params += [
        {"label": _word("evasion", lang), "value": str(char.evasion)},
        {"label": _word("level", lang), "value": str(char.level)},
    ]
    return {
        "kind": "character",
        "data": {
            "name": char.label(lang),
            "memo": memo(char, lang),
            "initiative": 0,
            "externalUrl": "",
            "status": status,
            "params": params,
            "commands": char.palette or "\n".join(palette(char, lang)),
        },
    }


def palette(char: Character, lang: str = "ja") -> list[str]:
    """The chat palette: a check per stat, a hit check and damage per weapon, the tables."""
    lines = []
    for s in STATS:
        word = translate(f"mk.word.{s}", lang)
        lines.append(translate("mk.ccfolia.check", lang, stat=word))
    valor = translate("mk.word.valor", lang)
    for item in char.items:
        if item is None or not item.is_weapon:
            continue
        name = item.label(lang)
        lines.append(translate("mk.ccfolia.hit", lang, stat=valor, item=name))
        lines.append(translate("mk.ccfolia.damage", lang, power=item.power, item=name))
    lines.extend(f"{t} {translate(f'mk.ccfolia.table.{t}', lang)}" for t in TABLES)
    return lines


def memo(char: Character, lang: str) -> str:
    """The memo: job, items and skills in words (ccfolia has no fields for them)."""
    parts = [translate("mk.ccfolia.memo_head", lang, job=char.job_label(lang) or "—", level=char.level)]
    sep = translate("mk.ccfolia.sep", lang)
    items = [i.label(lang) for i in char.items if i is not None]
    if items:
        parts.append(translate("mk.ccfolia.memo_items", lang, items=sep.join(items)))
    skills = [s.label(lang) for s in char.skills]
    if skills:
        parts.append(translate("mk.ccfolia.memo_skills", lang, skills=sep.join(skills)))
    parts.append(f"meikyu:{char.id}")
    return "\n".join(parts)


_ID = re.compile(r"^meikyu:(\S+)$", re.M)


def memo_id(clip: Any) -> str:
    """The sheet id an exported character carries in its memo (``meikyu:ID``), or ""."""
    data = clip.get("data") if isinstance(clip, Mapping) else None
    found = _ID.search(str(data.get("memo", ""))) if isinstance(data, Mapping) else None
    return found.group(1) if found else ""


def from_ccfolia(clip: Mapping[str, Any], base: Character | None = None, *, file: str = "<ccfolia>") -> Character:
    """A character from ccfolia's clipboard JSON (labels in any of ko / ja / en).

    The numbers come from the JSON; what ccfolia cannot hold (items, skills, favor, names in other
    languages) comes from ``base`` — the sheet the character was exported from — when given. The
    id is the memo's ``meikyu:ID`` line, else ``base``'s, else the name.
    """
    return read_ccfolia(clip, base, file=file)[0]


def read_ccfolia(clip: Mapping[str, Any], base: Character | None = None, *, file: str = "<ccfolia>"
                 ) -> tuple[Character, list[str]]:
    """:func:`from_ccfolia`, and the labels of the params and status bars it could not read (a pasted
    character from another game's sheet keeps its name, numbers it knows and palette; the rest is said).

    The palette (``commands``) is kept on the character when it is not the one meikyu would make.

    >>> clip = {"kind": "character", "data": {"name": "Sara", "params": [{"label": "才覚", "value": "2"},
    ...     {"label": "SAN", "value": "50"}], "status": [{"label": "HP", "value": 5, "max": 9}],
    ...     "commands": "2MK+{才覚}>=9\\nCC<=50"}}
    >>> char, unread = read_ccfolia(clip)
    >>> char.wit, char.hp, char.max_hp, char.palette.splitlines()[1], unread
    (2, 5, 9, 'CC<=50', ['SAN'])
    """
    if not isinstance(clip, Mapping) or clip.get("kind") != "character" or not isinstance(clip.get("data"), Mapping):
        raise DataError("mk.ccfolia.error.not_character", file=file)
    data = clip["data"]
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DataError("mk.ccfolia.error.field", file=file, field="name", want="text")
    bars = {_canon(b.get("label")): b for b in _list(data, "status", file)}
    params = {_canon(p.get("label")): p.get("value") for p in _list(data, "params", file)}
    unread = [str(x.get("label")) for x in (*_list(data, "status", file), *_list(data, "params", file))
              if not _canon(x.get("label"))]
    ident = memo_id(clip) or (base.id if base is not None else name)
    char = base if base is not None else Character(ident, name)
    if base is not None and name not in {base.name, *base.names.values()}:
        char = replace(char, name=name, names={})  # renamed in ccfolia: the new name in every language
    values: dict[str, Any] = {"id": ident}
    for s in STATS:
        if s in params:
            values[s] = _int(params[s], s, file)
    for key, attr in (("evasion", "evasion"), ("level", "level")):
        if key in params:
            values[attr] = _int(params[key], key, file)
    if "hp" in bars:
        values["hp"] = _int(bars["hp"].get("value"), "HP", file)
        values["max_hp"] = _int(bars["hp"].get("max"), "HP max", file)
    if "drive" in bars:
        values["drive"] = _int(bars["drive"].get("value"), "drive", file)
        values["capacity"] = _int(bars["drive"].get("max"), "drive max", file)
    if "minions" in bars:
        values["minions"] = _int(bars["minions"].get("value"), "minions", file)
    out = replace(char, **values)
    commands = data.get("commands", "")
    if isinstance(commands, str):
        made = "\n".join(palette(replace(out, palette=""), lang_of(clip)))
        values_palette = "" if commands.strip() in ("", made.strip()) else commands
        out = replace(out, palette=values_palette)
    # the sheet's own checks (HP ≤ max, drive ≤ capacity …) apply to what came back
    return Character.from_data(out.to_data(), file=file), unread


def lang_of(clip: Mapping[str, Any]) -> str:
    """The language an exported character's labels are in (the language whose stat words its params use)."""
    data = clip.get("data", {})
    labels = {str(p.get("label")) for p in data.get("params", []) if isinstance(p, Mapping)}
    for lang in ("ja", "ko", "en"):
        if translate("mk.word.wit", lang) in labels:
            return lang
    return "ja"


_CANON: dict[str, str] = {}


def _canon(label: Any) -> str:
    """A label in any language to its field name (``才覚`` / ``재치`` / ``Wit`` → ``wit``)."""
    if not _CANON:
        for lang in ("ko", "ja", "en"):
            for s in STATS:
                _CANON[translate(f"mk.word.{s}", lang).casefold()] = s
            for key in ("drive", "minions", "evasion", "level"):
                _CANON[translate(f"mk.ccfolia.{key}", lang).casefold()] = key
        _CANON["hp"] = "hp"
    return _CANON.get(str(label).strip().casefold(), "")


def _list(data: Mapping[str, Any], key: str, file: str) -> Sequence[Mapping[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, Mapping) for x in value):
        raise DataError("mk.ccfolia.error.field", file=file, field=key, want="list of {label, value}")
    return value


def _int(value: Any, field: str, file: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise DataError("mk.ccfolia.error.field", file=file, field=field, want="a whole number") from None


# --- Markdown summary ---------------------------------------------------------------------------


def kingdom_markdown(kingdom: Kingdom | None, court: Sequence[Character], lang: str = "ko") -> str:
    """The kingdom and its court as Markdown, for a forum post, a wiki or a Discord message.

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> s = sample()
    >>> text = kingdom_markdown(s.kingdom, s.characters, "en")
    >>> text.splitlines()[0]
    '# Kingdom of Mushroom Hollow'
    >>> "| Haneul |" in text
    True
    """
    def t(key: str, **kw: Any) -> str:
        return translate(f"mk.ccfolia.md.{key}", lang, **kw)

    lines: list[str] = []
    if kingdom is not None:
        lines += [f"# {kingdom.label(lang)}", ""]
        lines.append(t("line", level=kingdom.level, budget=kingdom.budget, citizens=kingdom.citizens,
                       voice=kingdom.voice, upkeep=kingdom.upkeep))  # fmt: skip
        lines.append("")
        lines.append("| " + " | ".join(translate(f"mk.word.{p}", lang) for p in POWERS) + " |")
        lines.append("|" + "---:|" * len(POWERS))
        lines.append("| " + " | ".join(str(kingdom.power(p)) for p in POWERS) + " |")
        lines.append("")
        if kingdom.talents:
            lines.append(t("talents", talents=", ".join(kingdom.talent_label(x, lang) for x in kingdom.talents)))
        if kingdom.materials:
            named = ", ".join(f"{lookup(f'mk.word.material_{k}', lang) or k} {v}" for k, v in kingdom.materials.items())
            lines.append(t("materials", materials=named))
        if kingdom.relations:
            rel = ", ".join(
                f"{kingdom.nation_label(n, lang)} ({translate(f'mk.word.{r}', lang)})"
                for n, r in kingdom.relations.items()
            )
            lines.append(t("relations", relations=rel))
        for index, land in enumerate(kingdom.maps, 1):
            groups = ", ".join(f"{g.name} Lv{g.level}" for g in land.facility_groups()) or "—"
            lines.append(t("map", n=index, groups=groups))
        lines.append("")
    if court:
        lines += [f"## {t('court')}", ""]
        stats = [translate(f"mk.word.{s}", lang) for s in STATS]
        head = [t("name"), t("job"), "Lv", *stats, "HP", _word("drive", lang), _word("evasion", lang), _word("minions", lang)]
        lines.append("| " + " | ".join(head) + " |")
        lines.append("|---|---|" + "---:|" * (len(head) - 2))
        for c in court:
            row = [c.label(lang), c.job_label(lang) or "—", str(c.level), *(str(getattr(c, s)) for s in STATS),
                   f"{c.hp}/{c.max_hp}", f"{c.drive}/{c.capacity}", str(c.evasion), str(c.minions)]  # fmt: skip
            lines.append("| " + " | ".join(row) + " |")
        lines.append("")
        for c in court:
            items = ", ".join(i.label(lang) for i in c.items if i is not None) or "—"
            skills = ", ".join(s.label(lang) for s in c.skills) or "—"
            lines.append(t("gear", name=c.label(lang), items=items, skills=skills))
    return "\n".join(lines).rstrip() + "\n"
