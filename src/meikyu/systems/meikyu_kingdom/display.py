"""Plain-text views of sheets in Korean, Japanese or English (``meikyu mk sheet`` / ``mk kingdom``).

>>> import meikyu.systems.meikyu_kingdom
>>> from meikyu.systems.meikyu_kingdom.sheet import sample
>>> print(render_map(sample().kingdom.maps[0], "en").splitlines()[1])
   +-----------+-----------+-----------+
"""

from __future__ import annotations

from collections.abc import Sequence

from meikyu.i18n import translate
from meikyu.systems.meikyu_kingdom import facilities
from meikyu.systems.meikyu_kingdom.character import STATS, Character
from meikyu.systems.meikyu_kingdom.kingdom import COLUMNS, POWERS, ROWS, Kingdom, LandMap

CELL = 11


def word(key: str, lang: str) -> str:
    """A localized word of the ``mk.word`` section (a stat, a power, a relation, a status …)."""
    return translate(f"mk.word.{key}", lang)


def _width(text: str) -> int:
    # East Asian wide characters take two columns in a terminal.
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _fit(text: str, width: int) -> str:
    while _width(text) > width:
        text = text[:-1]
    return text + " " * (width - _width(text))


def render_character(char: Character, lang: str, court: Sequence[Character] = ()) -> str:
    names = {c.id: c.label(lang) for c in court}
    lines = [
        translate("mk.sheet.title", lang, name=char.label(lang), level=char.level, job=char.job or "-"),
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
        lines.append(f"  《{skill.label(lang)}》 {word(skill.type, lang)} Lv{skill.level} {skill.effect}".rstrip())
    if char.statuses:
        lines.append("  " + translate("mk.sheet.statuses", lang, list=", ".join(word(s, lang) for s in sorted(char.statuses))))
    return "\n".join(lines)


def render_map(land: LandMap, lang: str) -> str:
    """A 3×3 grid: facilities in rooms, ``=`` / ``‖`` for passages, ``*`` marks an entrance."""
    border = "   +" + "+".join("-" * CELL for _ in COLUMNS) + "+"
    lines = [f"{land.label(lang)}", border]
    for row in ROWS:
        cells = []
        for index, col in enumerate(COLUMNS):
            room = f"{col}{row}"
            mark = "*" if room in land.entrances else " "
            text = ",".join(facilities.label(f, lang) for f in land.facilities(room)) or "."
            cells.append(_fit(f"{mark}{text}", CELL - 1))
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
                below.append(_fit("     ‖" if joined else "", CELL))
            lines.append("   +" + "+".join(below) + "+")
    lines.append(border)
    lines.append("    " + "".join(_fit(f"     {c}", CELL + 1) for c in COLUMNS).rstrip())
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
        lines.append("  " + translate("mk.sheet.talents", lang, list=", ".join(kingdom.talents)))
    if kingdom.relations:
        rel = ", ".join(f"{nation} ({word(r, lang)})" for nation, r in kingdom.relations.items())
        lines.append("  " + translate("mk.sheet.relations", lang, list=rel))
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
