"""A commented labyrinth file and a commented encounter file to start from (``mk labyrinth new``,
``mk encounter new``): every field of every part, said above it, from the schemas the readers give.

>>> import tomllib
>>> from meikyu.systems.meikyu_kingdom.labyrinth.map import read_labyrinth
>>> lab = read_labyrinth(tomllib.loads(labyrinth_template("en")), file="template.toml")
>>> [room.id for room in lab.rooms], lab.room("hall").trap.disarm.stat
(['gate', 'hall'], 'search')
>>> from meikyu.systems.meikyu_kingdom.combat.bestiary import encounter_from_data
>>> battle = encounter_from_data(tomllib.loads(encounter_template("en")), "template.toml")
>>> sorted(c.id for c in battle.combatants)
['ari', 'moss_rat1', 'watcher']
"""

from __future__ import annotations

from typing import Any

from meikyu.i18n import translate
from meikyu.sheetdata.template import commented


def _names(ko: str, ja: str, en: str) -> dict[str, str]:
    return {"ko": ko, "ja": ja, "en": en}


def example_labyrinth() -> dict[str, Any]:
    """Two rooms: a gate, and a hall with a trap, an encounter and an event (every field once)."""
    outcome = {"kind": "damage", "amount": "1D6", "name": "", "names": {}, "who": "self"}
    trap = {"id": "pit", "name": "pit", "area": 5, "on": "", "hidden": True, "method": "check", "stat": "search",
            "difficulty": 9, "effects": [{"kind": "damage", "value": "1D6"}], "trigger": "enter"}
    return {
        "labyrinth": {"id": "my_cellar", "names": _names("지하실", "地下蔵", "The Cellar"), "entrance": "gate",
                      "text": _names("계단이 아래로 이어진다.", "階段が下へ続く。", "Steps lead down."),
                      "goal": _names("회랑을 지난다.", "回廊を抜ける。", "Get through the hall.")},
        "room": [
            {"id": "gate", "names": _names("문", "扉", "Door"), "text": {}, "exits": ["hall"], "at": [0, 0]},
            {"id": "hall", "names": _names("회랑", "回廊", "Hall"), "text": {}, "exits": ["gate"], "at": [1, 0],
             "trap": {"names": _names("떨어지는 벽돌", "落ちるレンガ", "Falling Bricks"), "text": {},
                      "disarm": {"stat": "search", "difficulty": 9}, "effects": [outcome], "find": 0,
                      "avoid": {"stat": "search", "difficulty": 8}, "who": "each"},
             "encounter": {"names": _names("쥐 떼", "ネズミ", "Rats"), "monsters": [
                 {"species": "moss_rat", "area": 3, "hidden": False}], "table": "", "traps": [trap],
                 "count_known": True, "goal": True},
             "event": {"names": _names("속삭임", "ささやき", "Whisper"), "text": {},
                       "check": {"stat": "charm", "difficulty": 9},
                       "effects": [], "on_success": [{**outcome, "kind": "drive", "amount": 1, "who": "each"}],
                       "on_failure": [{**outcome, "kind": "status", "amount": 0, "name": "poison"}]}},
        ],
    }


def example_encounter() -> dict[str, Any]:
    """One PC, one NPC and one monster of the shipped bestiary; every option once."""
    piece = {"id": "ari", "name": "Ari", "level": 1, "area": 2, "hp": 9, "max_hp": 9, "wit": 1, "charm": 1,
             "search": 1, "valor": 2, "evasion": 8, "armor": 0, "minions": 2, "drive": 1, "capacity": 4,
             "favor": {}, "enmity": {}, "skills": [], "important": True,
             "weapons": [{"name": "spear", "names": _names("창", "槍", "spear"), "power": 3, "range": 0,
                          "ranged": False, "level": 1, "reduction": 0, "light": -1, "heal": 0, "breakable": True}]}
    return {
        "encounter": {"names": _names("창고", "倉庫", "Storeroom"), "voice": 4, "land_makers": 1,
                      "count_unknown": False, "escape_blocked": False, "ghost": False, "lit": [0, 1, 2, 3, 4, 5],
                      "max_rounds": 100, "uncertain_limit": 1, "uncertain_used": 0,
                      "notes": _names("상자 밑에 열쇠", "箱の下に鍵", "A key under the crate"), "bestiary": "",
                      "court": "", "formation": {},
                      "traps": [{"id": "net", "name": "net", "area": 4, "on": "", "hidden": True, "method": "check",
                                 "stat": "search", "difficulty": 9,
                                 "effects": [{"kind": "status", "value": "sleep"}], "trigger": "round_end"}]},
        "pc": [piece],
        "npc": [{**piece, "id": "watcher", "name": "Watcher", "area": 5, "important": False, "weapons": []}],
        "monster": [{"species": "moss_rat", "id": "moss_rat1", "area": 3, "hidden": False, "important": False}],
    }


def _file(lang: str, head: str, data: dict[str, Any], schema: dict[str, Any]) -> str:
    defs = schema["$defs"]
    lines = [f"# {translate(f'mk.sheet.tpl.{head}', lang)}", f"# {translate(f'mk.sheet.tpl.{head}_help', lang)}"]
    for key, value in data.items():
        prop = schema["properties"][key]
        kind = str(prop.get("$ref") or prop["items"]["$ref"]).rpartition("/")[2]
        if isinstance(value, dict):
            lines += ["", f"# {prop.get('description', '')}"]
            commented(lines, f"[{key}]", value, defs[kind], defs, lang, blank=False)
        else:
            lines += ["", f"# {prop.get('description', '')}"]
            for entry in value:
                commented(lines, f"[[{key}]]", entry, defs[kind], defs, lang)
    return "\n".join(lines) + "\n"


def labyrinth_template(lang: str = "en") -> str:
    """A commented labyrinth file in ``lang``'s words."""
    from meikyu.systems.meikyu_kingdom.labyrinth.map import labyrinth_schema

    return _file(lang, "labyrinth", example_labyrinth(), labyrinth_schema(lang))


def encounter_template(lang: str = "en") -> str:
    """A commented encounter file in ``lang``'s words."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import encounter_schema

    return _file(lang, "encounter", example_encounter(), encounter_schema(lang))
