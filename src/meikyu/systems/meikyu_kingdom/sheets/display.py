"""Plain-text views of sheets in Korean, Japanese or English (``meikyu mk sheet`` / ``mk kingdom``).

>>> import meikyu.systems.meikyu_kingdom
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> print(render_map(sample().kingdom.maps[0], "en").splitlines()[1])
   +-------------+-------------+-------------+
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import STATS, Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import COLUMNS, POWERS, ROWS, Kingdom, LandMap

CELL = 11
"""The narrowest room cell, in terminal columns (the separator included)."""
MAX_CELL = 25
"""The widest room cell; longer facility lists are cut to fit."""


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide / full-width characters take two, combining
    marks none (Korean and Japanese names would otherwise push the map's walls out of line).

    >>> display_width("밭"), display_width("畑"), display_width("Field"), display_width("ｶ")
    (2, 2, 5, 1)
    """
    total = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


_width = display_width


def word(key: str, lang: str) -> str:
    """A localized word of the ``mk.word`` section (a stat, a power, a relation, a status …)."""
    return translate(f"mk.word.{key}", lang)


def _fit(text: str, width: int) -> str:
    """Cut ``text`` to at most ``width`` columns, then pad it with spaces to exactly ``width``.

    One pass over the characters (a 10,000-character facility name costs what it reads, not its square).

    >>> _fit("버섯골", 5) + "|", _fit("ab", 4) + "|"
    ('버섯 |', 'ab  |')
    """
    used = 0
    for index, ch in enumerate(text):
        w = display_width(ch)
        if used + w > width:
            return text[:index] + " " * (width - used)
        used += w
    return text + " " * (width - used)


def _center(text: str, width: int) -> str:
    left = (width - display_width(text)) // 2
    return _fit(" " * left + text, width)


def render_character(char: Character, lang: str, court: Sequence[Character] = ()) -> str:
    names = {c.id: c.label(lang) for c in court}
    lines = [
        translate("mk.sheet.title", lang, name=char.label(lang), level=char.level, job=char.job_label(lang) or "-"),
        "  " + "  ".join(f"{word(s, lang)} {char.stat(s)}" for s in STATS),
        "  "
        + translate(
            "mk.sheet.vitals",
            lang,
            hp=char.hp,
            max_hp=char.max_hp,
            drive=char.drive,
            capacity=char.capacity,
            evasion=char.evasion,
            minions=char.minions,
        ),
    ]
    others = sorted(set(char.favor) | set(char.enmity))
    if others:
        feelings = ", ".join(
            f"{names.get(o, o)} {char.favor_toward(o)}/{char.enmity_toward(o)}" for o in others
        )
        lines.append("  " + translate("mk.sheet.feelings", lang, list=feelings))
    for slot, item in enumerate(char.items, start=1):
        if item is None:
            lines.append(f"  [{slot}] -")
            continue
        detail = ""
        if item.is_weapon:
            detail = translate(
                "mk.sheet.weapon", lang, kind=word(str(item.attack), lang), range=item.range, power=item.power
            )
        elif item.category == "armor":
            detail = translate("mk.sheet.armor", lang, reduction=item.reduction)
        lines.append(f"  [{slot}] {item.label(lang)} {detail}".rstrip())
    for skill in char.skills:
        lines.append(f"  《{skill.label(lang)}》 {word(skill.type, lang)} Lv{skill.level} {skill.effect_text(lang)}".rstrip())
    if char.statuses:
        lines.append("  " + translate("mk.sheet.statuses", lang, list=", ".join(word(s, lang) for s in sorted(char.statuses))))
    return "\n".join(lines)


def _room_text(land: LandMap, room: str, lang: str) -> str:
    mark = "*" if room in land.entrances else " "
    return mark + (",".join(facilities.label(f, lang) for f in land.facilities(room)) or ".")


def render_map(land: LandMap, lang: str) -> str:
    """A 3×3 grid: facilities in rooms, ``=`` / ``||`` for passages, ``*`` marks an entrance.

    Cells are as wide as the longest room text (by display width, so Korean and Japanese names line
    up), between :data:`CELL` and :data:`MAX_CELL` columns; the frame uses only narrow ASCII.
    """
    widest = max(display_width(_room_text(land, f"{c}{r}", lang)) for c in COLUMNS for r in ROWS)
    cell = max(CELL, min(MAX_CELL, widest + 1))
    border = "   +" + "+".join("-" * cell for _ in COLUMNS) + "+"
    lines = [f"{land.label(lang)}", border]
    for row in ROWS:
        cells = []
        for index, col in enumerate(COLUMNS):
            room = f"{col}{row}"
            cells.append(_fit(_room_text(land, room, lang), cell))
            if index < len(COLUMNS) - 1:
                joined = land.joined(room, f"{COLUMNS[index + 1]}{row}")
                cells[-1] += "=" if joined else "|"
            else:
                cells[-1] += "|"
        lines.append(f" {row} |" + "".join(cells))
        if row != ROWS[-1]:
            below = []
            for col in COLUMNS:
                joined = land.joined(f"{col}{row}", f"{col}{ROWS[ROWS.index(row) + 1]}")
                below.append(_center("||" if joined else "", cell))
            lines.append("   +" + "+".join(below) + "+")
    lines.append(border)
    lines.append(("    " + "".join(_center(c, cell) + " " for c in COLUMNS)).rstrip())
    lines.append("  " + translate("mk.sheet.map_legend", lang))  # what * = || . mean, for a first-time reader
    return "\n".join(lines)


def render_kingdom(kingdom: Kingdom, lang: str) -> str:
    lines = [
        translate("mk.sheet.kingdom_title", lang, name=kingdom.label(lang), level=kingdom.level),
        "  " + "  ".join(f"{word(p, lang)} {kingdom.power(p)}" for p in POWERS),
        "  "
        + translate(
            "mk.sheet.kingdom_vitals",
            lang,
            budget=kingdom.budget,
            citizens=kingdom.citizens,
            voice=kingdom.voice,
            upkeep=kingdom.upkeep,
            land_makers=kingdom.land_makers,
        ),
    ]
    if kingdom.materials:
        lines.append(
            "  "
            + translate(
                "mk.sheet.materials",
                lang,
                list=", ".join(f"{word('material_' + m, lang)} {n}" for m, n in kingdom.materials.items()),
            )
        )
    if kingdom.talents:
        lines.append("  " + translate("mk.sheet.talents", lang, list=", ".join(kingdom.talent_label(t, lang) for t in kingdom.talents)))
    if kingdom.relations:
        rel = ", ".join(f"{kingdom.nation_label(nation, lang)} ({word(r, lang)})" for nation, r in kingdom.relations.items())
        lines.append("  " + translate("mk.sheet.relations", lang, list=rel))
    lines.append(render_maps(kingdom, lang))
    return "\n".join(lines)


def render_maps(kingdom: Kingdom, lang: str) -> str:
    """Every land map of ``kingdom`` followed by its facility groups and levels (R-MK-06)."""
    lines: list[str] = []
    for index, land in enumerate(kingdom.maps):
        lines.append("")
        lines.append(render_map(land, lang))
        for group in land.facility_groups():
            lines.append(
                "  "
                + translate(
                    "mk.sheet.group",
                    lang,
                    map=index + 1,
                    name=facilities.label(group.name, lang),
                    rooms="+".join(group.rooms),
                    level=group.level,
                )
            )
    return "\n".join(lines)
