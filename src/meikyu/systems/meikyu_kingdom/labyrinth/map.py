"""A labyrinth map as data: rooms joined by exits, each with an optional trap, encounter and event.

The seeds describe the labyrinth phase only in outline (R-MK-01: it lasts until the court returns,
has explored every room, or is wiped out), so the shape here is a ruling (see ``RULINGS.md``): a
scenario's labyrinth is a set of rooms; the court enters at ``entrance``; entering a room settles its
trap, then its encounter, then its event. A room's ``goal`` encounter, once won, meets the scenario
goal. Texts are ``{ko, ja, en}`` tables written by whoever makes the scenario.

>>> lab = sample_labyrinth()
>>> lab.entrance, [r.id for r in lab.rooms][:3], lab.room("hall").exits
('gate', ['gate', 'hall', 'pantry'], ('gate', 'pantry', 'shrine', 'den'))
>>> lab.room("hall").trap.label("en"), lab.room("den").encounter.goal
('Loose Ceiling Bricks', True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from meikyu.errors import DataError
from meikyu.formula import parse_formula
from meikyu.sheetdata.reader import Reader, Report, kind_word, near_hint, read_file
from meikyu.systems.meikyu_kingdom.combat.model import Trap
from meikyu.systems.meikyu_kingdom.sheets.character import BAD_STATUSES, STATS

EFFECT_KINDS = (
    "damage", "hp_loss", "heal", "status", "drive", "minions", "desertion", "voice", "material", "item", "fall",
)
"""What a trap or event may do: ``damage`` (which armor reduces, R-MK-30) or an HP reduction
(``hp_loss``, which it does not, R-MK-32), HP gained, a bad
status (R-MK-44), drive, a minion cost (R-MK-19) or minions sent home (``desertion``, R-MK-45: they
become citizens again), voice (R-MK-20), a material or an item for the haul, or a fall (R-MK-33: the
target's search vs 9 halves 3D6 damage; the check is theirs, called after the effects)."""
TARGETS = ("self", "each", "random")
SAMPLE = "sample_labyrinth.toml"
T = TypeVar("T")


def _text(names: Mapping[str, str], lang: str, fallback: str) -> str:
    return names.get(lang) or names.get("en") or fallback


@dataclass(frozen=True)
class Outcome:
    """One effect of a trap or event: ``kind`` with ``amount`` (a formula such as ``-1D6``) or ``name``."""

    kind: str
    amount: str = "0"
    name: str = ""
    names: dict[str, str] = field(default_factory=dict)
    who: str = "self"
    """``self`` (the character who rolled or was hit), ``each`` court member, or one ``random``."""

    @classmethod
    def read(cls, r: Reader) -> Outcome:
        kind = r.text("kind", choices=EFFECT_KINDS)
        amount = r.value("amount", 0, shape={"anyOf": [{"type": "integer"}, {"type": "string", "minLength": 1}]})
        example = 'amount = "-1D6"'
        if isinstance(amount, bool) or not isinstance(amount, (int, str)):
            r.problem("type", "amount", kind="integer or formula", got=repr(amount), example=example)
            amount = 0
        else:
            try:
                parse_formula(str(amount))
            except ValueError:
                r.problem("type", "amount", kind="formula like -1D6", got=repr(amount), example=example)
                amount = 0
        name = r.text("name", "")
        if kind == "status" and name not in BAD_STATUSES and r.has("kind"):
            r.problem("choice", "name", value=name, choices=", ".join(BAD_STATUSES), example=f'name = "{BAD_STATUSES[0]}"')
        if kind in ("material", "item") and not name:
            r.problem("missing", "name", kind=kind_word("text"), example='name = "meat"')
        out = cls(kind, str(amount), name, r.names(), r.text("who", "self", choices=TARGETS))
        r.done()
        return out


def _outcomes(r: Reader, key: str) -> tuple[Outcome, ...]:
    return tuple(r.tables(key, Outcome.read, kind="outcome"))


@dataclass(frozen=True)
class CheckSpec:
    """A check a trap or event calls for: ``stat`` vs ``difficulty``."""

    stat: str
    difficulty: int

    @classmethod
    def read(cls, r: Reader) -> CheckSpec:
        spec = cls(r.text("stat", choices=STATS), r.integer("difficulty", minimum=0, maximum=99))
        r.done()
        return spec


@dataclass(frozen=True)
class RoomTrap:
    """A room trap: found by a search check (difficulty ``find``, or [court size + 7] as R-MK-36 gives for
    combat searches when 0), then one disarm try; unfound, undisarmed or left, it springs: each target
    checks ``avoid`` (when given) and those who fail — or all, without ``avoid`` — suffer ``effects``."""

    names: dict[str, str]
    text: dict[str, str]
    disarm: CheckSpec
    effects: tuple[Outcome, ...]
    find: int = 0
    avoid: CheckSpec | None = None
    who: str = "each"

    def label(self, lang: str) -> str:
        return _text(self.names, lang, "trap")


@dataclass(frozen=True)
class RoomEvent:
    """Something that happens once the room is safe: text, maybe a check by one chosen character."""

    names: dict[str, str]
    text: dict[str, str]
    check: CheckSpec | None = None
    effects: tuple[Outcome, ...] = ()
    on_success: tuple[Outcome, ...] = ()
    on_failure: tuple[Outcome, ...] = ()

    def label(self, lang: str) -> str:
        return _text(self.names, lang, "event")


@dataclass(frozen=True)
class Placement:
    species: str
    area: int = 3
    hidden: bool = False


@dataclass(frozen=True)
class Encounter:
    """Monsters of the bestiary in this room; ``count_known`` false makes R-MK-22 (a) apply. With ``table``
    (``1RET`` … ``6RET``) the monsters are rolled on that random encounter table when the court meets them
    (:func:`~meikyu.systems.meikyu_kingdom.labyrinth.finds.random_encounter`)."""

    names: dict[str, str]
    monsters: tuple[Placement, ...]
    count_known: bool = False
    goal: bool = False
    table: str = ""
    traps: tuple[Trap, ...] = ()
    """Combat traps set in the room, placed when its battle is set up (R-MK-21, R-MK-36): each as an
    encounter file writes one (``id``, ``name``, ``area``, ``on``, ``hidden``, ``method``, ``stat``,
    ``difficulty``)."""

    def label(self, lang: str) -> str:
        return _text(self.names, lang, "encounter")


@dataclass(frozen=True)
class Room:
    id: str
    names: dict[str, str]
    text: dict[str, str] = field(default_factory=dict)
    exits: tuple[str, ...] = ()
    trap: RoomTrap | None = None
    encounter: Encounter | None = None
    event: RoomEvent | None = None
    at: tuple[int, int] | None = None
    """Where the room lies on the scenario's map (column, row), as its author drew it; without it the
    map is laid out from the passages (:func:`layout`)."""

    def label(self, lang: str) -> str:
        return _text(self.names, lang, self.id)

    def describe(self, lang: str) -> str:
        return _text(self.text, lang, "")


@dataclass(frozen=True)
class Labyrinth:
    id: str
    names: dict[str, str]
    entrance: str
    rooms: tuple[Room, ...]
    text: dict[str, str] = field(default_factory=dict)
    goal: dict[str, str] = field(default_factory=dict)
    """The scenario goal as the players are told it (R-MK-01: meeting it earns the level-up)."""

    def label(self, lang: str) -> str:
        return _text(self.names, lang, self.id)

    def room(self, ident: str) -> Room:
        for room in self.rooms:
            if room.id == ident:
                return room
        raise DataError("mk.error.labyrinth.unknown_room", room=ident, rooms=", ".join(r.id for r in self.rooms))

    def to_data(self) -> dict[str, Any]:
        from meikyu.serial import to_data

        data: dict[str, Any] = to_data(self)
        return data

    @classmethod
    def from_data(cls, data: Any) -> Labyrinth:
        from meikyu.serial import from_data

        lab: Labyrinth = from_data(cls, data)
        return lab


def _check(r: Reader, field: str, required: bool = False) -> CheckSpec | None:
    """A check table at ``field`` (``None`` when an optional one is absent)."""
    if required or r.has(field) or r.schema_only:
        return CheckSpec.read(r.sub(r.mapping(field) if required else r.mapping(field, {}), field, kind="check"))
    return None


def _trap(r: Reader) -> RoomTrap:
    trap = RoomTrap(
        names=r.names(),
        text=r.names("text"),
        disarm=_check(r, "disarm", required=True) or CheckSpec(STATS[0], 0),
        effects=_outcomes(r, "effects"),
        find=r.integer("find", 0, minimum=0, maximum=99),
        avoid=_check(r, "avoid"),
        who=r.text("who", "each", choices=TARGETS),
    )
    r.done()
    return trap


def _event(r: Reader) -> RoomEvent:
    event = RoomEvent(
        names=r.names(),
        text=r.names("text"),
        check=_check(r, "check"),
        effects=_outcomes(r, "effects"),
        on_success=_outcomes(r, "on_success"),
        on_failure=_outcomes(r, "on_failure"),
    )
    r.done()
    return event


def _placement(r: Reader, known: Mapping[str, Any]) -> Placement:
    species = r.text("species")
    if known and species not in known:
        r.problem("mk.error.sheet.unknown_species", "species", value=species, known=", ".join(sorted(known)),
                  near=near_hint(species, known), example=f'species = "{min(known)}"')
    placement = Placement(species, r.integer("area", 3, minimum=3, maximum=5), r.flag("hidden", False))
    r.done()
    return placement


def _encounter(r: Reader, known: Mapping[str, Any]) -> Encounter:
    from meikyu.systems.meikyu_kingdom.combat.bestiary import read_trap

    placements = tuple(r.tables("monsters", lambda m: _placement(m, known), kind="placement"))
    table = r.text("table", "", choices=("", "1RET", "2RET", "3RET", "4RET", "5RET", "6RET"))
    if not placements and not table and not r.schema_only:
        r.problem("empty", "monsters", example='monsters = [{ species = "moss_rat" }]')
    traps = tuple(r.tables("traps", read_trap, kind="trap"))
    enc = Encounter(r.names(), placements, r.flag("count_known", False), r.flag("goal", False), table, traps)
    r.done()
    return enc


def _place(at: tuple[int, ...]) -> tuple[int, int] | None:
    """A room's written place on the map, [column, row]; none when left out (laid out from the passages)."""
    return (at[0], at[1]) if len(at) == 2 else None


def _room(r: Reader, known: Mapping[str, Any]) -> Room:
    def part(field: str, kind: str, read: Callable[[Reader], T]) -> T | None:
        if r.has(field) or r.schema_only:
            return read(r.sub(r.mapping(field, {}), field, kind=kind))
        return None

    room = Room(
        id=r.text("id"),
        names=r.names(),
        text=r.names("text"),
        exits=r.str_list("exits", ()),
        trap=part("trap", "room_trap", _trap),
        encounter=part("encounter", "room_encounter", lambda e: _encounter(e, known)),
        event=part("event", "event", _event),
        at=_place(r.int_list("at", None, minimum=0, maximum=99, length=2)),
    )
    r.done()
    return room


def read_labyrinth_file(top: Reader, known: Mapping[str, Any]) -> Labyrinth:
    """A labyrinth file: ``[labyrinth]`` (id, names, entrance, text) and its ``[[room]]`` entries."""
    rooms = top.tables("room", lambda r: _room(r, known), kind="room")
    head = top.sub(top.mapping("labyrinth"), "labyrinth")
    top.done()
    if not rooms and not top.schema_only:
        top.problem("missing", "room", kind=kind_word("list"), example='[[room]] id = "gate"')
    ids = [room.id for room in rooms]
    for i, room in enumerate(rooms):
        if ids.count(room.id) > 1 and ids.index(room.id) < i:
            top.sub({}, f"room[{i}]").problem("duplicate", "id", value=room.id, example=f'id = "{room.id}2"')
        for n, exit_ in enumerate(room.exits):
            if exit_ not in ids or exit_ == room.id:
                others = [x for x in ids if x != room.id]
                top.sub({}, f"room[{i}]").problem("choice", f"exits[{n}]", value=exit_, choices=", ".join(others),
                                                  example=f'exits = ["{others[0] if others else "…"}"]')
    # Exits are two-way: a passage one room lists is a passage of both.
    both = []
    for room in rooms:
        extra = tuple(o.id for o in rooms if room.id in o.exits and o.id not in room.exits)
        both.append(replace(room, exits=room.exits + extra))
    placed: set[tuple[int, int]] = set()
    for i, room in enumerate(rooms):  # two rooms written at one place: the second is the problem
        if room.at is not None and room.at in placed:
            top.sub({}, f"room[{i}]").problem("duplicate", "at", value=list(room.at), example="at = [0, 0]")
        if room.at is not None:
            placed.add(room.at)
    lab = Labyrinth(head.text("id"), head.names(), head.text("entrance", choices=ids or None), tuple(both),
                    head.names("text"), head.names("goal"))
    head.done()
    return lab


def check_labyrinth(data: Mapping[str, Any], *, file: str = "<labyrinth>") -> tuple[Labyrinth, Report]:
    """Read a parsed labyrinth file and return it with its report unraised (every problem at once)."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary

    report = Report(file)
    return read_labyrinth_file(Reader(data, file=file, entry="", report=report), load_bestiary()), report


def read_labyrinth(data: Mapping[str, Any], *, file: str = "<labyrinth>") -> Labyrinth:
    """Validate a parsed labyrinth file: ``[labyrinth]`` and ``[[room]]`` entries, every problem at once."""
    lab, report = check_labyrinth(data, file=file)
    report.check()
    return lab


def labyrinth_schema(lang: str = "en") -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a labyrinth file, from :func:`read_labyrinth_file` on no data."""
    from meikyu.systems.meikyu_kingdom.sheets.schema import mk_schema

    return mk_schema("labyrinth_file", lambda r: read_labyrinth_file(r, {}), lang, "Meikyuu Kingdom labyrinth")


def layout(lab: Labyrinth) -> dict[str, tuple[int, int]]:
    """Each room's place on the map (column, row): where its author put it (``at``), else laid out from the
    passages — the entrance in column 0, each room one column past the nearest room that leads to it, rows
    in file order. Computed on the whole labyrinth, so a room keeps its place as the court finds more.

    >>> lab = sample_labyrinth()
    >>> layout(lab)["den"], layout(lab)["gate"]
    ((2, 1), (0, 1))
    >>> drawn = replace(lab, rooms=tuple(replace(r, at=None) for r in lab.rooms))
    >>> [layout(drawn)[r] for r in ("gate", "hall", "pantry", "shrine", "den")]
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    """
    if all(room.at is not None for room in lab.rooms):
        return {room.id: room.at for room in lab.rooms if room.at is not None}
    depth = {lab.entrance: 0}
    queue = [lab.entrance]
    for ident in queue:  # breadth first: the queue grows while it is walked
        for exit_ in lab.room(ident).exits:
            if exit_ not in depth:
                depth[exit_] = depth[ident] + 1
                queue.append(exit_)
    last = max(depth.values()) + 1
    for room in lab.rooms:  # a room no passage reaches: a column of its own past the others
        depth.setdefault(room.id, last)
    rows: dict[int, int] = {}
    out = {}
    for room in lab.rooms:
        column = depth[room.id]
        out[room.id] = (column, rows.get(column, 0))
        rows[column] = rows.get(column, 0) + 1
    return out


def load_labyrinth(source: str | Path) -> Labyrinth:
    """``"sample"`` (the shipped labyrinth) or the path of a labyrinth ``.toml``/``.json`` file."""
    if str(source) == "sample":
        return sample_labyrinth()
    return read_labyrinth(read_file(source), file=str(source))


@cache
def sample_labyrinth() -> Labyrinth:
    """The shipped sample: the Mushroom Cellars under the sample kingdom (parsed once)."""
    import tomllib

    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath(SAMPLE).read_text(encoding="utf-8")
    return read_labyrinth(tomllib.loads(text), file=SAMPLE)
