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

from meikyu.files import named_path, parse_toml, read_text
from meikyu.sheetdata.reader import Reader, Report, kind_word, near_hint
from meikyu.systems.meikyu_kingdom.effects.acts import Acts
from meikyu.systems.meikyu_kingdom.sheets.character import acts_of

from .data import data_bonuses, data_uses
from .model import BAD_STATUSES, COURT, MONSTERS, Battle, Combatant, Options, Trap, Weapon
from .traps import KINDS, TRIGGERS

if TYPE_CHECKING:
    from ..sheets.kingdom import Kingdom

LANG_KEYS = ("ko", "ja", "en")
TRAP_METHODS = ("check", "gm")


def names3(r: Reader, field: str, *, required: bool = False) -> tuple[str, ...]:
    """Names in all three languages, (ko, ja, en), or ``()`` when an optional table is absent."""
    if required:
        r.one_of(field)
        if not r.has(field):
            r.problem("missing", field, kind=kind_word("table"), example=f'{field} = {{ ko = "…", ja = "…", en = "…" }}')
    given = r.has(field)
    table = r.names(field, every=True)
    if not given or len(table) < 3:
        return ("?", "?", "?") if required else ()
    return tuple(table[lang] for lang in LANG_KEYS)


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


def read_weapon(r: Reader) -> Weapon:
    """One weapon, attack or other carried item: ``names = { ko, ja, en }`` and/or a single ``name``."""
    r.one_of("name", "names")
    names = names3(r, "names")
    name = r.text("name", None)
    if name is None:
        name = names[2] if names else "?"
        if not r.has("names"):
            r.problem("missing", "name", kind=kind_word("text"), example='name = "spear"')
    weapon = Weapon(
        name=name,
        names=names,
        power=r.integer("power", 1, minimum=0, maximum=99),
        range=r.integer("range", 0, minimum=0, maximum=5),
        ranged=r.flag("ranged", False),
        level=r.integer("level", 0, minimum=0, maximum=99),
        reduction=r.integer("reduction", 0, minimum=0, maximum=99),
        light=r.integer("light", -1, minimum=-1, maximum=5),
        heal=r.integer("heal", 0, minimum=0, maximum=9),
        breakable=r.flag("breakable", True),
    )
    r.done()
    return weapon


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


def read_monster_skill(r: Reader) -> tuple[str, int, MonsterSkill | None]:
    """A bestiary skill: its id, the armor it gives and, when it acts, what it does."""
    ident = r.text("id")
    timing = r.text("type", "constant")
    names = names3(r, "names")
    armor = r.integer("armor", 0, minimum=0, maximum=20)
    r.localized("text")
    acts = acts_of(r, timing)
    r.done()
    if acts is None:
        return ident, armor, None
    if timing == "constant":  # a hide written as data (R-MK-30)
        armor += sum(_amount(e.get("amount")) for e in acts.of_type("reduce_damage"))
    labels = dict(zip(LANG_KEYS, names, strict=True)) if names else {}
    return ident, armor, MonsterSkill(ident, labels, acts)


def read_species(r: Reader) -> Species:
    """One ``[[monster]]`` of a bestiary."""
    ident = r.text("id")
    skills = r.tables("skills", read_monster_skill, kind="monster_skill")
    attacks = tuple(r.tables("attacks", read_weapon, kind="weapon"))
    sp = Species(
        id=ident,
        level=r.integer("level", minimum=1, maximum=99),
        names=names3(r, "names", required=True),
        look=names3(r, "look"),
        wit=r.integer("wit", 0, minimum=0, maximum=999),
        charm=r.integer("charm", 0, minimum=0, maximum=999),
        search=r.integer("search", 0, minimum=0, maximum=999),
        valor=r.integer("valor", 0, minimum=0, maximum=999),
        evasion=r.integer("evasion", minimum=0, maximum=99),
        hp=r.integer("hp", minimum=1, maximum=999),
        armor=sum(armor for _, armor, _ in skills),
        attacks=attacks or (Weapon("item", names=("물건", "道具", "item")),),
        skills=tuple(sid for sid, _, _ in skills),
        materials=r.str_list("materials", ()),
        acting=tuple(acting for _, _, acting in skills if acting is not None),
    )
    r.done()
    return sp


def read_bestiary(r: Reader) -> dict[str, Species]:
    """A bestiary file: ``[[monster]]`` entries, ids unique."""
    out: dict[str, Species] = {}
    for index, sp in enumerate(r.tables("monster", read_species, kind="species")):
        if sp.id in out:
            r.sub({}, f"monster[{index}]").problem("duplicate", "id", value=sp.id, example=f'id = "{sp.id}2"')
        out[sp.id] = sp
    r.done()
    return out


def parse_bestiary(text: str, file: str) -> dict[str, Species]:
    """Read bestiary TOML text; ``file`` names it in errors."""
    return bestiary_from_data(parse_toml(text, file), file)


def bestiary_from_data(data: Mapping[str, Any], file: str) -> dict[str, Species]:
    """A bestiary from already-parsed data (a TOML file's tables, or the same shape as JSON); every
    problem at once."""
    report = Report(file)
    out = read_bestiary(Reader(data, file=file, entry="", report=report))
    report.check()
    return out


@cache
def load_bestiary() -> dict[str, Species]:
    """The shipped bestiary (read once, on first use)."""
    text = resources.files(__package__).joinpath("data/bestiary.toml").read_text(encoding="utf-8")
    return parse_bestiary(text, "bestiary.toml")


def read_trap(r: Reader) -> Trap:
    """One combat trap as an encounter file (or a labyrinth room's encounter) writes it."""
    ident = r.text("id")
    trap = Trap(
        id=ident,
        name=r.text("name", None) or ident,
        area=r.integer("area", 5, minimum=0, maximum=5),
        on=r.text("on", ""),
        hidden=r.flag("hidden", True),
        method=r.text("method", "check"),
        stat=r.text("stat", "search"),
        difficulty=r.integer("difficulty", 9, minimum=0, maximum=99),
        effects=tuple(r.tables("effects", _read_trap_effect, kind="trap_effect")),
        trigger=r.text("trigger", "enter", choices=TRIGGERS),
    )
    r.done()
    return trap


def _read_trap_effect(r: Reader) -> tuple[str, str]:
    """One thing a trap does when it springs: ``kind`` and ``value`` (a formula, or a bad status)."""
    kind = r.text("kind", choices=KINDS)
    value = r.value("value", shape={"type": ["string", "integer"]})
    r.done()
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        r.problem("type", "value", kind=kind_word("text"), got=repr(value), example='value = "1D6"')
        return kind, "0"
    if kind == "status" and value not in BAD_STATUSES:
        r.problem("choice", "value", value=value, choices=", ".join(BAD_STATUSES), example='value = "poison"')
    return kind, str(value)


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


def read_piece(r: Reader, side: str, kind: str) -> Combatant:
    """A ``[[pc]]`` or ``[[npc]]`` written out in the encounter file."""
    cid = r.text("id")
    hp = r.integer("hp", minimum=0, maximum=999)
    max_hp = r.integer("max_hp", None, minimum=1, maximum=999)
    if max_hp is None:
        max_hp = max(hp, 1)
        r.said("max_hp", max_hp, "hp")
    area = r.integer("area", None, minimum=0, maximum=5)
    important = r.flag("important", None)
    piece = Combatant(
        id=cid,
        name=r.text("name", None) or cid,
        side=side,
        area=(0 if side == COURT else 5) if area is None else area,
        hp=hp,
        max_hp=max_hp,
        kind=kind,
        important=kind == "pc" if important is None else important,
        level=r.integer("level", 1, minimum=1, maximum=99),
        wit=r.integer("wit", 0, minimum=0, maximum=999),
        charm=r.integer("charm", 0, minimum=0, maximum=999),
        search=r.integer("search", 0, minimum=0, maximum=999),
        valor=r.integer("valor", 0, minimum=0, maximum=999),
        evasion=r.integer("evasion", minimum=0, maximum=99),
        weapons=tuple(r.tables("weapons", read_weapon, kind="weapon")),
        armor=r.integer("armor", 0, minimum=0, maximum=99),
        minions=r.integer("minions", 0, minimum=0, maximum=9999),
        drive=r.integer("drive", 0, minimum=0, maximum=999),
        capacity=r.integer("capacity", 0, minimum=0, maximum=999),
        favor=tuple(r.int_map("favor", minimum=None).items()),
        enmity=tuple(r.int_map("enmity", minimum=None).items()),
        skills=r.str_list("skills", ()),
    )
    r.done()
    return piece


def read_placement(r: Reader, beasts: Mapping[str, Species], counts: dict[str, int]) -> Combatant | None:
    """A ``[[monster]]`` of the encounter: a species of the bestiary placed in area 3–5."""
    sid = r.text("species")
    sp = beasts.get(sid)
    if sp is None and beasts:  # (a schema reader knows no species)
        r.problem("mk.error.sheet.unknown_species", "species", value=sid, known=", ".join(sorted(beasts)),
                  near=near_hint(sid, beasts), example=f'species = "{min(beasts)}"')
    counts[sid] = counts.get(sid, 0) + 1
    ident = r.text("id", None) or f"{sid}{counts[sid]}"
    area = r.integer("area", 3, minimum=3, maximum=5)
    hidden, important = r.flag("hidden", False), r.flag("important", False)
    r.done()
    return None if sp is None else monster(sp, ident, area, hidden=hidden, important=important)


def read_encounter(top: Reader, beasts: dict[str, Species] | None = None) -> Battle:
    """An encounter file: ``[encounter]`` (options), ``[[pc]]``, ``[[npc]]`` and ``[[monster]]``."""
    beasts = dict(load_bestiary() if beasts is None else beasts)
    e = top.sub(top.mapping("encounter", {}), "encounter")
    e.names()
    extra = e.text("bestiary", "")
    if extra:
        path = named_path(top.file, extra)
        beasts.update(parse_bestiary(read_text(path), str(path)))
    lit = e.int_list("lit", (), minimum=0, maximum=5)  # the room's own light; the rest is carried (R-MK-29)
    court, kingdom = _court_sheet(e)
    pieces: list[Combatant] = list(court)
    pieces += top.tables("pc", lambda r: read_piece(r, COURT, "pc"), kind="piece")
    pieces += top.tables("npc", lambda r: read_piece(r, MONSTERS, "npc"), kind="piece")
    counts: dict[str, int] = {}
    placed = top.tables("monster", lambda r: read_placement(r, beasts, counts), kind="placement")
    pieces += [m for m in placed if m is not None]
    seen: set[str] = set()
    for c in pieces:
        if c.id in seen:
            top.sub({}, c.id).problem("duplicate", "id", value=c.id, example=f'id = "{c.id}2"')
        seen.add(c.id)
    traps = tuple(e.tables("traps", read_trap, kind="trap"))
    pcs = [c.level for c in pieces if c.kind == "pc"]
    hidden = 1 if any(c.hidden for c in pieces) else 0  # one uncertain encounter, however many it hides
    limit = e.integer("uncertain_limit", None, minimum=0, maximum=99)
    if limit is None:  # the court's average level (R-MK-23)
        limit = sum(pcs) // len(pcs) if pcs else 0
    # the limit is per game (R-MK-23): hides already spent earlier this game are carried in
    earlier = e.integer("uncertain_used", 0, minimum=0, maximum=99)
    if earlier + hidden > limit:
        e.problem("range", "monster.hidden", value=hidden, low=0, high=limit - earlier, example="hidden = false")
    notes, by_lang = e.localized("notes")  # the GM's, in the table's language (view.gm_notes)
    # the kingdom's voice and land makers when the court comes from a sheet with its kingdom (R-MK-20)
    voice = e.integer("voice", None, minimum=0, maximum=999)
    land_makers = e.integer("land_makers", None, minimum=0, maximum=99)
    battle = Battle(
        combatants=tuple(pieces),
        voice=(kingdom.voice if kingdom else 0) if voice is None else voice,
        land_makers=(kingdom.land_makers if kingdom else 0) if land_makers is None else land_makers,
        traps=traps,
        options=Options(
            ghost=e.flag("ghost", False),
            escape_blocked=e.flag("escape_blocked", False),
            count_unknown=e.flag("count_unknown", False),
            lit=lit,
            max_rounds=e.integer("max_rounds", 100, minimum=1, maximum=10_000),
            sixes_prompt=True,  # a new battle: the roller chooses about 6s (R-MK-14/15)
            sixes_stakes=True,  # … when the choice can matter
            seed_review=True,  # and the seed review's fixes (session 7)
            data_followups=True,  # and session 9's follow-ups of data that acts
        ),
        uncertain_limit=limit,
        uncertain_used=earlier + hidden,
        notes=notes,
        notes_by_lang=tuple(by_lang.get(lang, "") for lang in LANG_KEYS) if by_lang else (),
    )
    e.done()
    if beasts and (not any(c.side == COURT for c in pieces) or not any(c.side == MONSTERS for c in pieces)):
        top.problem("mk.error.sheet.two_sides", "", example='[[monster]]\nspecies = "moss_rat"')
    top.done()
    return battle


def _court_sheet(e: Reader) -> tuple[list[Combatant], Kingdom | None]:
    """PCs from a character sheet file (``court = "court.toml"`` or ``"sample"``), placed by
    ``formation``, and the sheet's kingdom if it has one."""
    source = e.text("court", "")
    formation = e.int_map("formation", minimum=0, maximum=5)
    if not source:
        return [], None
    from ..sheets.sheet import load_sheet, sample

    sheet = sample() if source == "sample" else load_sheet(named_path(e.file, source))
    return [Combatant.from_character(c, COURT, formation.get(c.id, 2)) for c in sheet.characters], sheet.kingdom


def check_encounter(data: Mapping[str, Any], file: str,
                    bestiary: Mapping[str, Species] | None = None) -> tuple[Battle, Report]:
    """Read a parsed encounter file and return it with its report unraised (every problem and every
    default said); the battle means something only when the report has no problem."""
    report = Report(file)
    battle = read_encounter(Reader(data, file=file, entry="", report=report),
                            None if bestiary is None else dict(bestiary))
    return battle, report


def encounter_from_data(
    data: Mapping[str, Any], file: str, bestiary: Mapping[str, Species] | None = None
) -> Battle:
    """The setup-phase :class:`Battle` an encounter describes (the TOML file's tables, or the same shape
    as JSON), every problem at once.

    ``bestiary`` replaces the shipped one; an ``encounter.bestiary`` file named inside is read next to ``file``.
    """
    battle, report = check_encounter(data, file, bestiary)
    report.check()
    return battle


def parse_encounter(text: str, file: str, bestiary: Mapping[str, Species] | None = None) -> Battle:
    """Build the setup-phase :class:`Battle` an encounter file describes."""
    return encounter_from_data(parse_toml(text, file), file, bestiary)


def load_encounter(source: str) -> Battle:
    """``"sample"`` (the shipped 4 PC vs 4 monster encounter) or a path to an encounter TOML file."""
    if source == "sample":
        text = resources.files(__package__).joinpath("data/sample_encounter.toml").read_text(encoding="utf-8")
        return parse_encounter(text, "sample_encounter.toml")
    return parse_encounter(read_text(source), source)


def encounter_schema(lang: str = "en") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of an encounter file, from :func:`read_encounter` run on no data."""
    from ..sheets.schema import mk_schema

    return mk_schema("encounter_file", lambda r: read_encounter(r, {}), lang, "Meikyuu Kingdom encounter")


def bestiary_schema(lang: str = "en") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a bestiary file."""
    from ..sheets.schema import mk_schema

    return mk_schema("bestiary", read_bestiary, lang, "Meikyuu Kingdom bestiary")
