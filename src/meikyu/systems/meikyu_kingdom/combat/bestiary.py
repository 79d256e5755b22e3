"""Monsters and encounters as TOML data, validated on load (errors name file, entry and field).

Bestiary format (``[[monster]]`` entries)::

    [[monster]]
    id = "moss_rat"                      # unique, used by encounters
    level = 1                            # 1..5+; treasure table and the critical-hit table's "+level"
    names = { ko = "…", ja = "…", en = "…" }
    look = { ko = "…", ja = "…", en = "…" }   # what players see when it is hidden (R-MK-23)
    wit = 1
    charm = 0
    search = 2
    valor = 1                            # also its weight in advance blocking (R-MK-27)
    evasion = 8
    hp = 5
    materials = ["fang", "meat"]         # treasure materials (R-MK-43)
    attacks = [{ names = { ko = "물기", ja = "噛みつき", en = "bite" }, power = 2 }]  # or name = "bite"
    skills = [{ id = "hide", type = "constant", armor = 1, names = { ko = "…", ja = "…", en = "…" } }]

A skill's ``armor`` reduces attack damage (the hide trait, R-MK-30); its other fields are carried for
the GM. Encounter format: ``[encounter]`` (options; ``court = "sheet.toml"`` takes the PCs from a character
sheet file, ``"sample"`` from the shipped court, placed by ``formation = { id = area }``; ``notes``, the
GM's eyes only, a plain string shown as written in every language or ``{ ko = …, ja = …, en = … }`` with
some or all of the three, a missing one read in English, else Korean, else Japanese), ``[[pc]]``,
``[[npc]]`` and ``[[monster]]`` (``species`` from the bestiary, ``area``, optional ``id``, ``hidden``).
``traps = [{ id, name, area, on, hidden, method, stat, difficulty, trigger, effects }]`` in
``[encounter]`` (or a labyrinth room's encounter) places combat traps (R-MK-21); one with ``effects``
(``{ kind = "damage" | "hp_loss" | "minions" | "desertion", value = "1D6" }`` or
``{ kind = "status", value = "poison" }``) acts when it springs, on ``trigger = "enter"`` (default) or
``"round_end"`` (:mod:`.traps`).

>>> beasts = load_bestiary()
>>> len(beasts) >= 8, sorted({m.level for m in beasts.values()})
(True, [1, 2, 3])
>>> battle = load_encounter("sample")
>>> len(battle.side("court")), len(battle.side("monsters"))
(4, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from meikyu.errors import DataError
from meikyu.files import named_path, parse_toml, read_text
from meikyu.i18n import FALLBACK_LANGS
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS, Acts, read_acts

from .data import data_bonuses, data_uses
from .model import COURT, MONSTERS, Battle, Combatant, Options, Trap, Weapon

if TYPE_CHECKING:
    from ..sheets.kingdom import Kingdom

LANG_KEYS = ("ko", "ja", "en")
_MISSING = object()


def _array(data: Mapping[str, Any], key: str, file: str) -> list[Any]:
    """The ``[[key]]`` array of tables at the top of a file (empty when absent)."""
    value = data.get(key, [])
    if not isinstance(value, list):
        raise DataError("mk.battle.data.type", file=file, entry="-", field=key,
                        kind=f"array of tables ([[{key}]])", got=repr(value)[:60])
    return value


class _Entry:
    """Typed reading of one TOML table; unknown fields are errors (a typo must not pass silently)."""

    def __init__(self, data: Any, file: str, entry: str, known: tuple[str, ...]) -> None:
        if not isinstance(data, Mapping):
            raise DataError("mk.battle.data.not_table", file=file, entry=entry)
        self.data, self.file, self.entry = data, file, entry
        for key in data:
            if key not in known:
                raise self.fail("unknown_field", key, known=", ".join(known))

    def fail(self, key: str, field: str, **params: Any) -> DataError:
        return DataError(f"mk.battle.data.{key}", file=self.file, entry=self.entry, field=field, **params)

    def get(self, field: str, kind: type, default: Any = _MISSING) -> Any:
        value = self.data.get(field, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                raise self.fail("missing", field, kind=kind.__name__)
            return default
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise self.fail("type", field, kind="int", got=repr(value))
        if not isinstance(value, kind):
            raise self.fail("type", field, kind=kind.__name__, got=repr(value))
        return value

    def int(self, field: str, default: Any = _MISSING, low: int = 0, high: int = 999) -> int:
        value: int = self.get(field, int, default)
        if not low <= value <= high:
            raise self.fail("range", field, value=value, low=low, high=high)
        return value

    def names(self, field: str, required: bool = True) -> tuple[str, ...]:
        table = self.get(field, dict, _MISSING if required else {})
        if not table:
            return ()
        out = []
        for lang in LANG_KEYS:
            text = table.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise self.fail("names", f"{field}.{lang}")
            out.append(text)
        return tuple(out)

    def text(self, field: str) -> tuple[str, tuple[str, ...]]:
        """A text someone reads: a plain string (shown as written in every language) or a table of it
        by language, ``{ ko = …, ja = …, en = … }``, holding some or all of the three.

        Returns the text to fall back on (the string; for a table its English, else Korean, else
        Japanese) and, for a table, the (ko, ja, en) texts with ``""`` where one is not given.

        >>> e = _Entry({"notes": {"ko": "상자", "en": "a crate"}}, "x.toml", "encounter", ("notes",))
        >>> e.text("notes"), e.text("absent")
        (('a crate', ('상자', '', 'a crate')), ('', ()))
        """
        value = self.data.get(field, "")
        if isinstance(value, str):
            return value, ()
        if not isinstance(value, Mapping) or not value:
            raise self.fail("text", field, got=repr(value)[:60])
        for lang, text in value.items():
            if lang not in LANG_KEYS:
                raise self.fail("choice", f"{field}.{lang}", value=lang, known=", ".join(LANG_KEYS))
            if not isinstance(text, str) or not text.strip():
                raise self.fail("names", f"{field}.{lang}")
        return next(value[lang] for lang in FALLBACK_LANGS if lang in value), tuple(
            value.get(lang, "") for lang in LANG_KEYS
        )

    def strings(self, field: str) -> tuple[str, ...]:
        items = self.get(field, list, [])
        if not all(isinstance(x, str) for x in items):
            raise self.fail("type", field, kind="list of strings", got=repr(items))
        return tuple(items)


@dataclass(frozen=True)
class Species:
    """One bestiary entry."""

    id: str
    level: int
    names: tuple[str, ...]
    look: tuple[str, ...]
    wit: int
    charm: int
    search: int
    valor: int
    evasion: int
    hp: int
    armor: int
    attacks: tuple[Weapon, ...]
    skills: tuple[str, ...]
    materials: tuple[str, ...]
    acting: tuple[MonsterSkill, ...] = ()
    """The skills written as data that acts, which its pieces apply (R-MK-08, R-MK-09)."""


_WEAPON_FIELDS = ("name", "names", "power", "range", "ranged", "level", "reduction", "light", "heal", "breakable")


def _weapon(data: Any, file: str, entry: str) -> Weapon:
    """One weapon / attack: ``names = { ko, ja, en }`` or (older files) a single ``name``."""
    r = _Entry(data, file, entry, _WEAPON_FIELDS)
    names = r.names("names", required=False)
    return Weapon(
        name=r.get("name", str, names[2] if names else _MISSING),
        names=names,
        power=r.int("power", 1, 0, 99),
        range=r.int("range", 0, 0, 5),
        ranged=r.get("ranged", bool, False),
        level=r.int("level", 0, 0, 99),
        reduction=r.int("reduction", 0, 0, 99),
        light=r.int("light", -1, -1, 5),
        heal=r.int("heal", 0, 0, 9),
        breakable=r.get("breakable", bool, True),
    )


def _amount(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


@dataclass(frozen=True)
class MonsterSkill:
    """A bestiary skill that acts: its id, its names by language and what it does."""

    name: str
    names: dict[str, str]
    acts: Acts


@dataclass(frozen=True)
class _Holder:
    """A monster as a holder of data (what :func:`~..effects.order.applicable` reads)."""

    id: str
    level: int
    skills: tuple[MonsterSkill, ...]
    items: tuple[()] = ()


_MONSTER_FIELDS = (
    "id", "level", "names", "look", "wit", "charm", "search", "valor", "evasion", "hp",
    "materials", "attacks", "skills",
)  # fmt: skip
_SKILL_FIELDS = ("id", "type", "names", "armor", "text", *ACT_FIELDS)


def parse_bestiary(text: str, file: str) -> dict[str, Species]:
    """Read bestiary TOML text; ``file`` names it in errors."""
    return bestiary_from_data(parse_toml(text, file), file)


def bestiary_from_data(data: Mapping[str, Any], file: str) -> dict[str, Species]:
    """A bestiary from already-parsed data (a TOML file's tables, or the same shape as JSON)."""
    out: dict[str, Species] = {}
    for n, raw in enumerate(_array(data, "monster", file)):
        entry = f"monster[{n}]"
        r = _Entry(raw, file, entry, _MONSTER_FIELDS)
        mid = r.get("id", str)
        entry = f"monster '{mid}'"
        r.entry = entry
        if mid in out:
            raise r.fail("duplicate", "id", value=mid)
        armor = 0
        skills = []
        acting: list[MonsterSkill] = []
        for k, s in enumerate(r.get("skills", list, [])):
            sr = _Entry(s, file, f"{entry}.skills[{k}]", _SKILL_FIELDS)
            skills.append(sr.get("id", str))
            timing = sr.get("type", str, "constant")
            names = sr.names("names", required=False)
            armor += sr.int("armor", 0, 0, 20)
            acts = read_acts(s, timing, file=file, entry=f"{entry}.skills[{k}]")
            if acts is not None:  # the skill acts (data/tables/DATA_EFFECTS.md)
                labels = dict(zip(("ko", "ja", "en"), names, strict=True)) if names else {}
                acting.append(MonsterSkill(skills[-1], labels, acts))
                if timing == "constant":  # a hide written as data (R-MK-30)
                    armor += sum(_amount(e.get("amount")) for e in acts.of_type("reduce_damage"))
        attacks = tuple(
            _weapon(x, file, f"{entry}.attacks[{k}]") for k, x in enumerate(r.get("attacks", list, []))
        )
        out[mid] = Species(
            id=mid,
            level=r.int("level", _MISSING, 1, 99),
            names=r.names("names"),
            look=r.names("look", required=False),
            wit=r.int("wit", 0),
            charm=r.int("charm", 0),
            search=r.int("search", 0),
            valor=r.int("valor", 0),
            evasion=r.int("evasion", _MISSING, 0, 99),
            hp=r.int("hp", _MISSING, 1, 999),
            armor=armor,
            attacks=attacks or (Weapon("item", names=("물건", "道具", "item")),),
            skills=tuple(skills),
            materials=r.strings("materials"),
            acting=tuple(acting),
        )
    return out


@cache
def load_bestiary() -> dict[str, Species]:
    """The shipped bestiary (read once, on first use)."""
    text = resources.files(__package__).joinpath("data/bestiary.toml").read_text(encoding="utf-8")
    return parse_bestiary(text, "bestiary.toml")


_SHEET_FIELDS = (
    "id", "name", "level", "area", "hp", "max_hp", "wit", "charm", "search", "valor", "evasion",
    "weapons", "armor", "minions", "drive", "capacity", "favor", "enmity", "skills", "important",
)  # fmt: skip
_ENCOUNTER_FIELDS = ("names", "voice", "count_unknown", "escape_blocked", "ghost", "lit", "max_rounds",
                     "uncertain_limit", "uncertain_used", "notes", "bestiary", "traps", "court",
                     "formation", "land_makers")  # fmt: skip
_PLACED_FIELDS = ("id", "species", "area", "hidden", "important")
_TRAP_FIELDS = ("id", "name", "area", "on", "hidden", "method", "stat", "difficulty", "effects", "trigger")


def _pairs(r: _Entry, field: str) -> tuple[tuple[str, int], ...]:
    table = r.get(field, dict, {})
    out = []
    for who, value in table.items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise r.fail("type", f"{field}.{who}", kind="int", got=repr(value))
        out.append((str(who), value))
    return tuple(out)


def _sheet(raw: Any, file: str, entry: str, side: str, kind: str) -> Combatant:
    r = _Entry(raw, file, entry, _SHEET_FIELDS)
    cid = r.get("id", str)
    r.entry = f"{entry} '{cid}'"
    hp = r.int("hp", _MISSING, 0, 999)
    return Combatant(
        id=cid,
        name=r.get("name", str, cid),
        side=side,
        area=r.int("area", 0 if side == COURT else 5, 0, 5),
        hp=hp,
        max_hp=r.int("max_hp", hp, 1, 999),
        kind=kind,
        important=r.get("important", bool, kind == "pc"),
        level=r.int("level", 1, 1, 99),
        wit=r.int("wit", 0),
        charm=r.int("charm", 0),
        search=r.int("search", 0),
        valor=r.int("valor", 0),
        evasion=r.int("evasion", _MISSING, 0, 99),
        weapons=tuple(
            _weapon(x, file, f"{r.entry}.weapons[{k}]") for k, x in enumerate(r.get("weapons", list, []))
        ),
        armor=r.int("armor", 0, 0, 99),
        minions=r.int("minions", 0, 0, 9999),
        drive=r.int("drive", 0, 0, 999),
        capacity=r.int("capacity", 0, 0, 999),
        favor=_pairs(r, "favor"),
        enmity=_pairs(r, "enmity"),
        skills=r.strings("skills"),
    )


def monster(sp: Species, ident: str, area: int, *, hidden: bool = False, important: bool = False) -> Combatant:
    """A monster of species ``sp`` placed in ``area`` (3–5, the monster side's areas, R-MK-21).

    >>> m = monster(load_bestiary()["moss_rat"], "rat1", 4)
    >>> m.id, m.area, m.hp, m.species
    ('rat1', 4, 5, 'moss_rat')
    """
    return Combatant(
        id=ident,
        name=sp.names[2],
        names=sp.names,
        side=MONSTERS,
        area=area,
        hp=sp.hp,
        max_hp=sp.hp,
        kind="monster",
        important=important,
        species=sp.id,
        level=sp.level,
        wit=sp.wit,
        charm=sp.charm,
        search=sp.search,
        valor=sp.valor,
        evasion=sp.evasion,
        weapons=sp.attacks,
        armor=sp.armor,
        skills=sp.skills,
        materials=sp.materials,
        data=data_bonuses(_Holder(ident, sp.level, sp.acting)) if sp.acting else (),
        uses=data_uses(_Holder(ident, sp.level, sp.acting)) if sp.acting else (),
        hidden=hidden,
        appearance=sp.look[2] if sp.look else "",
        looks=sp.look,
    )


def parse_encounter(text: str, file: str, bestiary: Mapping[str, Species] | None = None) -> Battle:
    """Build the setup-phase :class:`Battle` an encounter file describes."""
    return encounter_from_data(parse_toml(text, file), file, bestiary)


def encounter_from_data(
    data: Mapping[str, Any], file: str, bestiary: Mapping[str, Species] | None = None
) -> Battle:
    """:func:`parse_encounter` on already-parsed data (the TOML file's tables, or the same shape as JSON).

    ``bestiary`` replaces the shipped one; an ``encounter.bestiary`` file named inside is read next to ``file``.
    """
    beasts = dict(load_bestiary() if bestiary is None else bestiary)
    e = _Entry(data.get("encounter", {}), file, "encounter", _ENCOUNTER_FIELDS)
    extra = e.get("bestiary", str, "")
    if extra:
        path = named_path(file, extra)
        beasts.update(parse_bestiary(read_text(path), str(path)))
    lit = e.get("lit", list, [])  # the room's own light; the rest is carried (R-MK-29)
    if not all(isinstance(x, int) and 0 <= x <= 5 for x in lit):
        raise e.fail("type", "lit", kind="list of areas 0-5", got=repr(lit))
    court, kingdom = _court_sheet(e, file)
    combatants: list[Combatant] = list(court)
    for key, side, kind in (("pc", COURT, "pc"), ("npc", MONSTERS, "npc")):
        for n, raw in enumerate(_array(data, key, file)):
            combatants.append(_sheet(raw, file, f"{key}[{n}]", side, kind))
    counts: dict[str, int] = {}
    for n, raw in enumerate(_array(data, "monster", file)):
        r = _Entry(raw, file, f"monster[{n}]", _PLACED_FIELDS)
        sid = r.get("species", str)
        sp = beasts.get(sid)
        if sp is None:
            raise r.fail("unknown_species", "species", value=sid, known=", ".join(sorted(beasts)))
        counts[sid] = counts.get(sid, 0) + 1
        combatants.append(
            monster(
                sp,
                r.get("id", str, f"{sid}{counts[sid]}"),
                r.int("area", 3, 3, 5),
                hidden=r.get("hidden", bool, False),
                important=r.get("important", bool, False),
            )
        )
    seen: set[str] = set()
    for c in combatants:
        if c.id in seen:
            raise DataError("mk.battle.data.duplicate", file=file, entry=c.id, field="id", value=c.id)
        seen.add(c.id)
    if not any(c.side == COURT for c in combatants) or not any(c.side == MONSTERS for c in combatants):
        raise DataError("mk.battle.data.two_sides", file=file)
    traps = tuple(_trap(raw, file, n) for n, raw in enumerate(e.get("traps", list, [])))
    pcs = [c.level for c in combatants if c.kind == "pc"]
    hidden = 1 if any(c.hidden for c in combatants) else 0  # one uncertain encounter, however many it hides
    limit = e.int("uncertain_limit", sum(pcs) // len(pcs) if pcs else 0, 0, 99)
    # the limit is per game (R-MK-23): hides already spent earlier this game are carried in
    earlier = e.int("uncertain_used", 0, 0, limit)
    if earlier + hidden > limit:
        raise e.fail("range", "monster.hidden", value=hidden, low=0, high=limit - earlier)
    notes, notes_by_lang = e.text("notes")  # the GM's, in the table's language (view.gm_notes)
    # the kingdom's voice and land makers when the court comes from a sheet with its kingdom (R-MK-20)
    return Battle(
        combatants=tuple(combatants),
        voice=e.int("voice", kingdom.voice if kingdom else 0, 0, 999),
        land_makers=e.int("land_makers", kingdom.land_makers if kingdom else 0, 0, 99),
        traps=traps,
        options=Options(
            ghost=e.get("ghost", bool, False),
            escape_blocked=e.get("escape_blocked", bool, False),
            count_unknown=e.get("count_unknown", bool, False),
            lit=tuple(lit),
            max_rounds=e.int("max_rounds", 100, 1, 10_000),
            sixes_prompt=True,  # a new battle: the roller chooses about 6s (R-MK-14/15)
            sixes_stakes=True,  # … when the choice can matter
            seed_review=True,  # and the seed review's fixes (session 7)
        ),
        uncertain_limit=limit,
        uncertain_used=earlier + hidden,
        notes=notes,
        notes_by_lang=notes_by_lang,
    )


def _court_sheet(e: _Entry, file: str) -> tuple[list[Combatant], Kingdom | None]:
    """PCs from a character sheet file (``court = "court.toml"`` or ``"sample"``), placed by
    ``formation``, and the sheet's kingdom if it has one."""
    source = e.get("court", str, "")
    if not source:
        return [], None
    from ..sheets.sheet import load_sheet, sample

    sheet = sample() if source == "sample" else load_sheet(named_path(file, source))
    formation = e.get("formation", dict, {})
    out = []
    for character in sheet.characters:
        area = formation.get(character.id, 2)
        if isinstance(area, bool) or not isinstance(area, int) or not 0 <= area <= 5:
            raise e.fail("range", f"formation.{character.id}", value=area, low=0, high=5)
        out.append(Combatant.from_character(character, COURT, area))
    return out, sheet.kingdom


def _trap(raw: Any, file: str, n: int) -> Trap:
    from .traps import problem

    r = _Entry(raw, file, f"encounter.traps[{n}]", _TRAP_FIELDS)
    effects = []
    for k, effect in enumerate(r.get("effects", list, [])):
        e = _Entry(effect, file, f"encounter.traps[{n}].effects[{k}]", ("kind", "value"))
        value = e.data.get("value")
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise e.fail("type", "value", kind="formula", got=repr(value))
        effects.append((e.get("kind", str), str(value)))
    trigger = r.get("trigger", str, "enter")
    wrong = problem(tuple(effects), trigger)
    if wrong is not None:
        raise r.fail("choice", wrong[0], value=wrong[1], known=wrong[2])
    return Trap(
        id=r.get("id", str),
        name=r.get("name", str, r.get("id", str)),
        area=r.int("area", 5, 0, 5),
        on=r.get("on", str, ""),
        hidden=r.get("hidden", bool, True),
        method=r.get("method", str, "check"),
        stat=r.get("stat", str, "search"),
        difficulty=r.int("difficulty", 9, 0, 99),
        effects=tuple(effects),
        trigger=trigger,
    )


def trap_from_data(raw: Any, file: str, n: int) -> Trap:
    """One combat trap as an encounter file (or a labyrinth room's encounter) writes it, checked."""
    return _trap(raw, file, n)


def load_encounter(source: str) -> Battle:
    """``"sample"`` (the shipped 4 PC vs 4 monster encounter) or a path to an encounter TOML file."""
    if source == "sample":
        text = resources.files(__package__).joinpath("data/sample_encounter.toml").read_text(encoding="utf-8")
        return parse_encounter(text, "sample_encounter.toml")
    return parse_encounter(read_text(source), source)
