"""The kingdom sheet: national powers, budget, citizens, voice, relations and the land maps.

A land map is 3×3 rooms named A1 … C3 (column letter, row digit). Passages join orthogonally adjacent
rooms; same-named facilities in rooms joined by passages form one facility group whose facility level
is the number of facilities in it (R-MK-06).

>>> m = LandMap.from_rooms("본토", {"A1": ("밭",), "A2": ("밭",), "B1": ("밭",)}, passages=[("A1", "A2")])
>>> [(g.name, g.rooms, g.level) for g in m.facility_groups()]
[('밭', ('A1', 'A2'), 2), ('밭', ('B1',), 1)]
>>> adjacent("A1", "B1"), adjacent("A1", "B2")
(True, False)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from meikyu.errors import DataError
from meikyu.sheetdata.reader import Reader, Report, read_file
from meikyu.systems.meikyu_kingdom.tables.effects import MATERIALS

POWERS: tuple[str, ...] = ("life", "order", "culture", "military")
"""생활 / 치안 / 문화 / 군사 — the four national powers (kingdom levels used as check stats)."""

RELATIONS: tuple[str, ...] = ("allied", "good", "neutral", "unfriendly", "hostile")
"""동맹 / 우호 / 중립 / 비우호 / 적대, best to worst; one step = one position in this list."""

COLUMNS = "ABC"
ROWS = "123"
ROOMS: tuple[str, ...] = tuple(f"{c}{r}" for c in COLUMNS for r in ROWS)


def adjacent(a: str, b: str) -> bool:
    """Orthogonally adjacent rooms of a 3×3 map."""
    if a not in ROOMS or b not in ROOMS:
        return False
    dc = abs(COLUMNS.index(a[0]) - COLUMNS.index(b[0]))
    dr = abs(ROWS.index(a[1]) - ROWS.index(b[1]))
    return dc + dr == 1


def passage(a: str, b: str) -> tuple[str, str]:
    """A passage as a sorted pair of room names."""
    return (a, b) if a <= b else (b, a)


def shift_relation(relation: str, steps: int) -> str:
    """Move a relation ``steps`` toward ``allied`` (positive) or ``hostile`` (negative), clamped.

    >>> shift_relation("neutral", -1), shift_relation("hostile", -1), shift_relation("good", 3)
    ('unfriendly', 'hostile', 'allied')
    """
    index = RELATIONS.index(relation) - steps
    return RELATIONS[max(0, min(len(RELATIONS) - 1, index))]


@dataclass(frozen=True)
class FacilityGroup:
    """Same-named facilities in passage-joined adjacent rooms (R-MK-06)."""

    name: str
    rooms: tuple[str, ...]
    level: int


@dataclass(frozen=True)
class LandMap:
    """One territory map: facilities per room, passages, entrances (rooms with a way in)."""

    name: str
    rooms: dict[str, tuple[str, ...]] = field(default_factory=dict)
    passages: frozenset[tuple[str, str]] = frozenset()
    entrances: tuple[str, ...] = ()
    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_rooms(
        cls,
        name: str,
        rooms: Mapping[str, Iterable[str]],
        passages: Iterable[tuple[str, str]] = (),
        entrances: Iterable[str] = (),
    ) -> LandMap:
        return cls(
            name,
            {room: tuple(rooms.get(room, ())) for room in ROOMS},
            frozenset(passage(a, b) for a, b in passages),
            tuple(entrances),
        )

    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def facilities(self, room: str) -> tuple[str, ...]:
        return self.rooms.get(room, ())

    def joined(self, a: str, b: str) -> bool:
        return passage(a, b) in self.passages

    def facility_groups(self) -> list[FacilityGroup]:
        """Every facility group of this map, in room order (R-MK-06)."""
        seen: set[tuple[str, str]] = set()
        groups: list[FacilityGroup] = []
        for room in ROOMS:
            for name in dict.fromkeys(self.facilities(room)):
                if (room, name) in seen:
                    continue
                members: list[str] = []
                todo = [room]
                seen.add((room, name))
                while todo:
                    here = todo.pop()
                    members.append(here)
                    for other in ROOMS:
                        if (
                            (other, name) not in seen
                            and name in self.facilities(other)
                            and adjacent(here, other)
                            and self.joined(here, other)
                        ):
                            seen.add((other, name))
                            todo.append(other)
                ordered = tuple(sorted(members))
                level = sum(self.facilities(r).count(name) for r in ordered)
                groups.append(FacilityGroup(name, ordered, level))
        return groups

    def facility_level(self, name: str, room: str) -> int:
        """The facility level of ``name`` as seen from ``room`` (0 if that room lacks it)."""
        for group in self.facility_groups():
            if group.name == name and room in group.rooms:
                return group.level
        return 0

    @classmethod
    def read(cls, r: Reader) -> LandMap:
        rooms = r.keyed_lists("rooms", ROOMS)
        passages: set[tuple[str, str]] = set()
        pair = {"type": "array", "items": {"enum": list(ROOMS)}, "minItems": 2, "maxItems": 2}
        for index, raw in enumerate(r.seq("passages", [], of=pair)):
            where = f"passages[{index}]"
            if not (isinstance(raw, (list, tuple)) and len(raw) == 2 and all(isinstance(x, str) for x in raw)):
                r.problem("type", where, kind='["A1", "A2"]', got=repr(raw), example='passages = [["A1", "A2"]]')
                continue
            a, b = raw
            if not adjacent(a, b):
                r.problem("mk.error.sheet.not_adjacent", where, a=a, b=b, example='passages = [["A1", "A2"]]')
                continue
            passages.add(passage(a, b))
        land = cls(
            name=r.text("name"),
            rooms=rooms,
            passages=frozenset(passages),
            entrances=r.str_list("entrances", [], choices=ROOMS),
            names=r.names(),
        )
        r.done()
        return land

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name}
        if self.names:
            data["names"] = dict(self.names)
        data["rooms"] = {room: list(f) for room, f in self.rooms.items() if f}
        data["passages"] = [list(p) for p in sorted(self.passages)]
        data["entrances"] = list(self.entrances)
        return data


@dataclass(frozen=True)
class Kingdom:
    """The kingdom sheet. ``land_makers`` is the number of PCs in this game (R-MK-20 triggers)."""

    name: str
    level: int = 1
    budget: int = 0
    citizens: int = 0
    voice: int = 0
    life: int = 0
    order: int = 0
    culture: int = 0
    military: int = 0
    upkeep: int = 0
    materials: dict[str, int] = field(default_factory=dict)
    talents: tuple[str, ...] = ()
    relations: dict[str, str] = field(default_factory=dict)
    maps: tuple[LandMap, ...] = ()
    land_makers: int = 1
    stored_items: tuple[str, ...] = ()
    """Items brought home (transport R-MK-46, treasures) and not yet handed out."""
    vassal_of: str = ""
    """The great power this kingdom is a vassal of, if any (KCT 2)."""
    names: dict[str, str] = field(default_factory=dict)
    talent_names: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per-language names of talents, keyed by the talent as written in ``talents``."""
    nation_names: dict[str, dict[str, str]] = field(default_factory=dict)
    """Per-language names of other nations, keyed by the nation as written in ``relations``."""

    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)

    def talent_label(self, talent: str, lang: str) -> str:
        """A talent in ``lang`` (as written when the sheet gives no name for that language).

        >>> Kingdom("K", talents=("대장장이",), talent_names={"대장장이": {"en": "Smith"}}).talent_label("대장장이", "en")
        'Smith'
        """
        return self.talent_names.get(talent, {}).get(lang, talent)

    def nation_label(self, nation: str, lang: str) -> str:
        """Another nation's name in ``lang`` (as written when the sheet gives no name for that language)."""
        return self.nation_names.get(nation, {}).get(lang, nation)

    def power(self, name: str) -> int:
        if name not in POWERS:
            raise DataError("mk.error.unknown_power", power=name, powers=", ".join(POWERS))
        return int(getattr(self, name))

    def count_relations(self, relation: str) -> int:
        return sum(1 for r in self.relations.values() if r == relation)

    def national_difficulty(self) -> int:
        """[hostile nations × 2 + unfriendly nations + 9], the difficulty of KDT/KCT national checks."""
        return self.count_relations("hostile") * 2 + self.count_relations("unfriendly") + 9

    def facility_groups(self) -> list[tuple[int, FacilityGroup]]:
        """(map index, group) for every facility group of every map."""
        return [(index, g) for index, land in enumerate(self.maps) for g in land.facility_groups()]

    def with_map(self, index: int, land: LandMap) -> Kingdom:
        maps = list(self.maps)
        maps[index] = land
        return replace(self, maps=tuple(maps))

    # -- data in and out ---------------------------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        from meikyu.serial import to_data

        data: dict[str, Any] = to_data(self)
        data["maps"] = [m.to_data() for m in self.maps]
        return data

    @classmethod
    def from_data(
        cls, data: Mapping[str, Any], *, file: str = "<sheet>", entry: str = "kingdom", land_makers: int = 1
    ) -> Kingdom:
        """Read a kingdom table; ``land_makers`` is the default when the table gives none (a sheet
        passes the number of PCs in its court, R-MK-20). Every problem is raised at once."""
        report = Report(file)
        kingdom = cls.read(Reader(data, file=file, entry=entry, report=report), land_makers=land_makers)
        report.check()
        return kingdom

    @classmethod
    def read(cls, r: Reader, *, land_makers: int = 1) -> Kingdom:
        """Read one kingdom with ``r`` (whose report collects the problems)."""
        relations = r.choice_map("relations", RELATIONS)
        maps = tuple(r.tables("maps", LandMap.read))
        kingdom = cls(
            name=r.text("name"),
            level=r.integer("level", 1, minimum=1),
            budget=r.integer("budget", 0, minimum=0),
            citizens=r.integer("citizens", 0, minimum=0),
            voice=r.integer("voice", 0, minimum=0),
            life=r.integer("life", 0, minimum=0),
            order=r.integer("order", 0, minimum=0),
            culture=r.integer("culture", 0, minimum=0),
            military=r.integer("military", 0, minimum=0),
            upkeep=r.integer("upkeep", 0, minimum=0),
            materials=r.int_map("materials", keys=MATERIALS),
            talents=r.str_list("talents", []),
            relations=relations,
            maps=maps,
            land_makers=r.integer("land_makers", max(1, land_makers), minimum=1),
            stored_items=r.str_list("stored_items", []),
            vassal_of=r.text("vassal_of", ""),
            names=r.names(),
            talent_names=r.names_map("talent_names"),
            nation_names=r.names_map("nation_names"),
        )
        r.done()
        return kingdom


def load_kingdom(path: str | Path) -> Kingdom:
    """The ``[kingdom]`` table of a sheet file (or the whole file when it has none)."""
    data = read_file(path)
    body = data.get("kingdom", data)
    return Kingdom.from_data(body, file=str(path))
