"""The character sheet of a land maker (PC) or an important NPC, as plain data.

Derived values (HP, capacity, evasion) are entered from the paper sheet, never computed here. Field
names are stable: the combat engine builds on them.

>>> c = Character.from_data({"id": "sara", "name": "사라", "level": 2, "wit": 3, "charm": 2,
...     "search": 1, "valor": 2, "hp": 8, "max_hp": 8, "capacity": 4, "evasion": 9,
...     "favor": {"bora": 2}, "items": [{"name": "창", "category": "weapon", "attack": "melee", "power": 3}]})
>>> c.stat("wit"), c.favor_toward("bora"), c.enmity_toward("bora")
(3, 2, 0)
>>> c.weapons()[0].power
3
>>> Character.from_data(c.to_data()) == c
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from meikyu.errors import DataError
from meikyu.sheetdata.reader import Reader, Report, kind_word, read_file, sheet_error
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS, Acts, read_acts

STATS: tuple[str, ...] = ("wit", "charm", "search", "valor")
"""재치 / 매력 / 탐색 / 무용 — the four character stats."""

SKILL_TYPES: tuple[str, ...] = ("constant", "equipment", "support", "planned", "auxiliary", "interrupt")
"""상시 / 장비 / 지원 / 계획 / 보조 / 끼어들기 (R-MK-08, R-MK-09)."""

BAD_STATUSES: tuple[str, ...] = ("poison", "distraction", "obesity", "curse", "sleep", "foolishness")
"""독 / 산만 / 비만 / 저주 / 수면 / 어리석음 (R-MK-44)."""

ITEM_CATEGORIES: tuple[str, ...] = ("weapon", "armor", "item")
ATTACK_KINDS: tuple[str, ...] = ("melee", "ranged")

AttackKind = Literal["melee", "ranged"]


@dataclass(frozen=True)
class Item:
    """One item in an item slot. Weapons have ``attack`` (melee/ranged), ``range`` and ``power``;
    armor has ``reduction`` (damage reduction). Any item can still be swung as a melee weapon of
    range 0 and power 1 (R-MK-29): see :meth:`as_weapon`."""

    name: str
    category: str = "item"
    level: int = 0
    attack: AttackKind | None = None
    range: int = 0
    power: int = 0
    reduction: int = 0
    breakable: bool = True
    names: dict[str, str] = field(default_factory=dict)
    notes: str = ""
    """What the item is for, as the sheet wrote it: a plain string (shown so in every language), or the
    text a sheet's ``notes = { ko = …, ja = …, en = … }`` falls back on (English, else Korean, else
    Japanese); read with :meth:`notes_text`."""
    notes_names: dict[str, str] = field(default_factory=dict)
    """The notes per language when the sheet gave a table (written back as that table, in ``notes``)."""
    light: int = -1
    """A Star Fragment (별의 조각): lights its carrier's area and the areas within ``light`` steps, where
    ranged attacks may aim (R-MK-29); −1 for items that give no light."""
    heal: int = 0
    """A recovery item: using it in battle restores ``heal``D6 HP and uses it up (R-MK-31)."""
    use: str = ""
    """When the item acts (its timing, R-MK-08), when it lists effects: ``""`` for the default
    (equipment for a weapon or armor, support for any other item)."""
    acts: Acts | None = None
    """What the item does as data (``data/DATA_EFFECTS.md``); ``None`` for an item that lists no effects."""

    @property
    def is_weapon(self) -> bool:
        return self.attack is not None

    def as_weapon(self) -> Item:
        """This item as a weapon: itself if it is one, else an improvised melee weapon (range 0, power 1)."""
        if self.is_weapon:
            return self
        return replace(self, attack="melee", range=0, power=1)

    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def notes_text(self, lang: str) -> str:
        """The notes in ``lang`` when the sheet gave them so, else :attr:`notes`.

        >>> salve = Item("salve", notes="1D6 HP", notes_names={"ko": "HP 1D6", "en": "1D6 HP"})
        >>> salve.notes_text("ko"), salve.notes_text("ja"), Item("x", notes="as written").notes_text("ja")
        ('HP 1D6', '1D6 HP', 'as written')
        """
        return self.notes_names.get(lang) or self.notes

    @classmethod
    def read(cls, r: Reader) -> Item:
        category = r.text("category", "item", choices=ITEM_CATEGORIES)
        notes, notes_names = r.localized("notes")
        attack = r.text("attack", None, choices=ATTACK_KINDS)
        if category == "weapon" and attack is None:
            r.problem("missing", "attack", kind="melee | ranged", example='attack = "melee"')
            attack = "melee"
        item = cls(
            name=r.text("name"),
            category=category,
            level=r.integer("level", 0, minimum=0),
            attack=attack,
            range=r.integer("range", 0, minimum=0, maximum=5),
            power=r.integer("power", 0, minimum=0),
            reduction=r.integer("reduction", 0, minimum=0),
            breakable=r.flag("breakable", True),
            names=r.names(),
            notes=notes,
            notes_names=notes_names,
            light=r.integer("light", -1, minimum=-1, maximum=5),
            heal=r.integer("heal", 0, minimum=0, maximum=9),
            use=r.text("use", "", choices=("", *SKILL_TYPES)),
        )
        timing = item.use or ("equipment" if category in ("weapon", "armor") else "support")
        acts = acts_of(r, timing)
        if item.use and acts is None and not r.has("effects"):  # (effects with problems are told as such)
            r.record(DataError("mk.error.acts.no_effects", file=r.file, entry=r.entry, field="use",
                               example='effects = [{ type = "hp", amount = "1D6" }]'))
        r.done()
        return item if acts is None else replace(item, acts=acts)


@dataclass(frozen=True)
class Skill:
    """A skill as data: its name, type (R-MK-08 action type or constant/equipment) and level."""

    name: str
    type: str = "support"
    level: int = 1
    effect: str = ""
    """The skill's effect in the owner's words (the engine does not interpret free text)."""
    monster: bool = False
    """A monster skill used by a PC (R-MK-17: costs 1 hope at declaration)."""
    names: dict[str, str] = field(default_factory=dict)
    effect_names: dict[str, str] = field(default_factory=dict)
    """The effect text per language (``{ko = …, ja = …, en = …}``); ``effect`` when a language is missing."""
    acts: Acts | None = None
    """What the skill does as data (``data/DATA_EFFECTS.md``), its timing being :attr:`type`; ``None``
    for a skill that lists no effects (the engine leaves its text to the table)."""
    effect_table: dict[str, Any] = field(default_factory=dict)
    """An effect given as a table kept as written and written back as ``effect``
    (a note for the table: what acts is :attr:`acts`, read from ``effects``)."""

    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def effect_text(self, lang: str) -> str:
        return self.effect_names.get(lang, self.effect)

    @classmethod
    def read(cls, r: Reader) -> Skill:
        """A skill table. Its ``effect`` is free text (or a table kept as written) for the people at the
        table; what the engine applies is read from ``effects`` and the other acting fields (:mod:`…effects.acts`)."""
        effect, effect_table = r.text_or_table("effect")
        skill = cls(
            name=r.text("name"),
            type=r.text("type", "support", choices=SKILL_TYPES),
            level=r.integer("level", 1, minimum=0),
            effect=effect,
            effect_table=effect_table,
            monster=r.flag("monster", False),
            names=r.names(),
            effect_names=r.names("effect_names"),
        )
        acts = acts_of(r, skill.type)
        r.done()
        return skill if acts is None else replace(skill, acts=acts)


@dataclass(frozen=True)
class Character:
    """A character sheet. ``favor`` / ``enmity`` map another character's ``id`` to a value;
    ``items`` are the item slots in order (``None`` = an empty slot)."""

    id: str
    name: str
    level: int = 1
    job: str = ""
    """Class / job as free text (e.g. 왕족, 기사)."""
    job_names: dict[str, str] = field(default_factory=dict)
    """The job per language (``{ko = …, ja = …, en = …}``); ``job`` when a language is missing."""
    wit: int = 0
    charm: int = 0
    search: int = 0
    valor: int = 0
    hp: int = 1
    max_hp: int = 1
    capacity: int = 0
    drive: int = 0
    evasion: int = 7
    minions: int = 0
    favor: dict[str, int] = field(default_factory=dict)
    enmity: dict[str, int] = field(default_factory=dict)
    items: tuple[Item | None, ...] = ()
    skills: tuple[Skill, ...] = ()
    statuses: frozenset[str] = frozenset()
    """Bad statuses (R-MK-44): poison, distraction, obesity, curse, sleep, foolishness."""
    pc: bool = True
    """A land maker (PC); false for an NPC sheet."""
    names: dict[str, str] = field(default_factory=dict)
    palette: str = ""
    """A chat palette kept as written (one command a line, from ccfolia or Udonarium); empty: the exports
    make one from the sheet."""

    # -- queries -----------------------------------------------------------------------------------
    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def job_label(self, lang: str) -> str:
        return self.job_names.get(lang, self.job)

    def stat(self, name: str) -> int:
        if name not in STATS:
            raise DataError("mk.error.unknown_stat", stat=name, stats=", ".join(STATS))
        return int(getattr(self, name))

    def favor_toward(self, other: str) -> int:
        return self.favor.get(other, 0)

    def enmity_toward(self, other: str) -> int:
        return self.enmity.get(other, 0)

    def has(self, status: str) -> bool:
        return status in self.statuses

    def weapons(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i is not None and i.is_weapon)

    def armor_reduction(self) -> int:
        """Total damage reduction of the armor carried."""
        return sum(i.reduction for i in self.items if i is not None and i.category == "armor")

    def with_drive(self, amount: int) -> Character:
        """Drive set to ``amount``, clamped to 0 … capacity (gains beyond capacity are lost)."""
        return replace(self, drive=max(0, min(self.capacity, amount)))

    # -- data in and out ---------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        from meikyu.serial import to_data

        data: dict[str, Any] = to_data(self)
        data["items"] = [{} if i is None else _compact(_item_data(i)) for i in self.items]
        data["skills"] = [_skill_data(s) for s in self.skills]
        if not self.palette:
            del data["palette"]  # saved games and sheets stay as they were without one
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, file: str = "<sheet>", entry: str = "character") -> Character:
        """Validate and build a sheet; every problem found is raised at once (:class:`SheetProblems`)."""
        report = Report(file)
        char = cls.read(Reader(data, file=file, entry=entry, report=report))
        report.check()
        return char

    @classmethod
    def read(cls, r: Reader) -> Character:
        """Read one character with ``r`` (whose report collects the problems)."""
        name = r.text("name")
        ident = r.text("id", None)
        if ident is None:
            ident = name
            r.said("id", value=name, source="name")
        items = tuple(r.tables("items", Item.read, empty=_EMPTY_SLOT, plain="name"))
        skills = tuple(r.tables("skills", Skill.read, plain="name"))
        hp, hp_max = _hit_points(r)
        capacity = r.integer("capacity", 0, minimum=0)
        drive = r.integer("drive", 0, minimum=0)
        if drive > capacity:
            r.problem("range", "drive", value=drive, low=0, high=capacity, example=f"drive = {capacity}")
        char = cls(
            id=ident,
            name=name,
            level=r.integer("level", 1, minimum=1),
            job=r.text("job", ""),
            job_names=r.names("job_names"),
            wit=r.integer("wit"),
            charm=r.integer("charm"),
            search=r.integer("search"),
            valor=r.integer("valor"),
            hp=hp,
            max_hp=hp_max,
            capacity=capacity,
            drive=min(drive, capacity),
            evasion=r.integer("evasion", 7),
            minions=r.integer("minions", 0, minimum=0),
            favor=r.int_map("favor"),
            enmity=r.int_map("enmity"),
            items=tuple(None if i is _EMPTY_SLOT else i for i in items),
            skills=skills,
            statuses=frozenset(r.str_list("statuses", [], choices=BAD_STATUSES)),
            pc=r.flag("pc", True),
            names=r.names(),
            palette=r.text("palette", ""),
        )
        r.done()
        return char


_EMPTY_SLOT = Item("")
"""What ``{}`` in ``items`` reads as before it becomes ``None`` (an empty slot)."""


def _hit_points(r: Reader) -> tuple[int, int]:
    """HP and max HP: either may be left out and takes the other's value (said); HP never above max."""
    r.one_of("hp", "max_hp")
    max_hp = r.integer("max_hp", None, minimum=1)
    hp = r.integer("hp", None)
    if hp is None and max_hp is None:
        if not r.has("hp") and not r.has("max_hp"):
            r.problem("missing", "hp", kind=kind_word("integer"), example="hp = 8")
        return 1, 1
    if max_hp is None:
        max_hp = max(1, hp or 1)
        if not r.has("max_hp"):
            r.said("max_hp", value=max_hp, source="hp")
    if hp is None:
        hp = max_hp
        if not r.has("hp"):
            r.said("hp", value=max_hp, source="max_hp")
    if hp > max_hp:
        r.problem("range", "hp", value=hp, low="", high=max_hp, example=f"hp = {max_hp}")
        hp = max_hp
    return hp, max_hp


def _item_data(item: Item) -> dict[str, Any]:
    """An item as its sheet writes it: notes by language back in ``notes``, the form :meth:`Item.read` takes."""
    from meikyu.serial import to_data

    data: dict[str, Any] = to_data(item)
    by_lang = data.pop("notes_names")
    if by_lang:
        data["notes"] = by_lang
    return _acting(data, item.acts)


def _acting(data: dict[str, Any], acts: Acts | None) -> dict[str, Any]:
    """Data that acts writes its acting fields beside the others, as the sheet does."""
    data.pop("acts", None)
    if acts is not None:
        data.update(acts.to_data())
    return data


def acts_of(r: Reader, timing: str) -> Acts | None:
    """What a skill or an item does (``effects/acts.py``), every problem of it recorded beside the others'
    (``None`` when it has any)."""
    r.mark(*ACT_FIELDS)
    found: list[DataError] = []
    acts = read_acts(r.data, timing, file=r.file, entry=r.entry, found=found)
    for err in found:
        r.record(err)
    return acts


def _skill_data(skill: Skill) -> dict[str, Any]:
    """A skill as its sheet writes it: an effect table back in ``effect``."""
    from meikyu.serial import to_data

    data: dict[str, Any] = to_data(skill)
    table = data.pop("effect_table")
    if table:
        data["effect"] = table
    return _compact(_acting(data, skill.acts))


def _compact(data: dict[str, Any]) -> dict[str, Any]:
    """Drop empty / default-looking fields so saved sheets stay readable."""
    return {
        k: v
        for k, v in data.items()
        if (v not in (None, "", {}, []) and (k, v) not in (("light", -1), ("heal", 0))) or k == "name"
    }


def read_court(data: Mapping[str, Any], *, file: str = "<sheet>") -> tuple[Character, ...]:
    """The ``characters`` list of a sheet file; ids must be unique and favor/enmity must name them."""
    report = Report(file)
    court = court_of(Reader(data, file=file, entry="", report=report))
    report.check()
    return court


def court_of(r: Reader) -> tuple[Character, ...]:
    """Read ``characters`` with ``r`` (the file's top level), then check ids and favor/enmity names."""
    court = tuple(r.tables("characters", Character.read))
    ids = [c.id for c in court]
    for index, char in enumerate(court):
        where = r.sub({}, f"characters[{index}]")
        if ids.count(char.id) > 1:
            where.problem("duplicate", "id", value=char.id)
        for kind in ("favor", "enmity"):
            for other in getattr(char, kind):
                if other not in ids or other == char.id:
                    where.sub({}, kind).problem("mk.error.sheet.bad_reference", other, known=", ".join(i for i in ids if i != char.id))
    return court


def load_character(path: str | Path) -> Character:
    """Load one character from a TOML/JSON file (the whole file is the sheet)."""
    data = read_file(path)
    if "characters" in data:
        court = read_court(data, file=str(path))
        if len(court) != 1:
            raise sheet_error("mk.error.sheet.one_character", file=str(path), entry="", field="", count=len(court))
        return court[0]
    return Character.from_data(data, file=str(path))
