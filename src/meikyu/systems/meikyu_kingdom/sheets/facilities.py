"""The facility catalog (names and values) used by the budget meeting (R-MK-05), and what its
facilities do as data that acts (``data/tables/DATA_EFFECTS.md``; ``type`` is the timing, ``level`` in a
formula the facility level, R-MK-06).

>>> f = facility("밭")
>>> f.value, f.label("ja")
(1, '畑')
>>> throne = facility("throne room")
>>> throne.acts.timing, throne.acts.checks
('constant', ('national',))
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from meikyu.errors import DataError, InputError
from meikyu.sheetdata.reader import Reader
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS, Acts, read_acts
from meikyu.systems.meikyu_kingdom.effects.vocabulary import TIMINGS

FILE = "facilities.toml"


@dataclass(frozen=True)
class Facility:
    name: str
    value: int
    kind: str = "room"
    names: dict[str, str] = field(default_factory=dict)
    notes: str = ""
    acts: Acts | None = None
    """What the facility does (R-MK-08): constant data bearing on checks, or a support or planned
    action of the kingdom phase a land maker takes with it; ``None``: a name and a value only."""

    def label(self, lang: str) -> str:
        return self.names.get(lang, self.name)


@cache
def catalog() -> dict[str, Facility]:
    """Every facility of the shipped catalog by name (parsed once)."""
    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath(FILE).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    table = data.get("facility")
    if not isinstance(table, dict):
        raise DataError("error.sheet.missing", file=FILE, entry="", field="facility", kind="table")
    out: dict[str, Facility] = {}
    for name, raw in table.items():
        r = Reader(raw, file=FILE, entry=f"facility.{name}")
        timing = r.text("type", "constant", choices=TIMINGS)
        r.mark(*ACT_FIELDS)
        out[name] = Facility(
            name=name,
            value=r.integer("value", minimum=0),
            kind=r.text("kind", "room", choices=("room", "other")),
            names=r.names(),
            notes=r.text("notes", ""),
            acts=read_acts(raw, timing, file=FILE, entry=f"facility.{name}"),
        )
        r.done()
    return out


def known(name: str) -> bool:
    """Whether the catalog has facility ``name`` (by any of its names).

    >>> known("field"), known("castle of dreams")
    (True, False)
    """
    try:
        facility(name)
    except InputError:
        return False
    return True


def facility(name: str) -> Facility:
    """Look a facility up by its (Korean) name or any localized name (English in any case: field, Field).

    >>> facility("field").name, facility("畑").name
    ('밭', '밭')
    """
    table = catalog()
    if name in table:
        return table[name]
    folded = name.casefold()
    for fac in table.values():
        if any(folded == n.casefold() for n in fac.names.values()):
            return fac
    raise InputError("mk.error.unknown_facility", name=name, known=", ".join(table))


def label(name: str, lang: str) -> str:
    """A facility name in ``lang`` when the catalog knows it, else as written."""
    fac = catalog().get(name)
    return name if fac is None else fac.label(lang)


def built(kingdom: Any) -> list[tuple[Facility, int]]:
    """The catalog's acting facilities the kingdom has built, each with its facility level — the
    highest of its groups' when it stands in several (R-MK-06; our ruling), in the catalog's order.

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> [(f.name, level) for f, level in built(sample().kingdom)]
    [('밭', 2), ('광장', 1), ('왕좌의 방', 1)]
    """
    levels: dict[str, int] = {}
    for _index, group in kingdom.facility_groups():
        levels[group.name] = max(levels.get(group.name, 0), group.level)
    return [(f, levels[name]) for name, f in catalog().items() if f.acts is not None and name in levels]


def check_bonuses(kingdom: Any, stat: str, purpose: str, context: str = "") -> list[tuple[Facility, int]]:
    """The kingdom's constant facilities that add to a check of ``stat`` for ``purpose`` (R-MK-09: data
    beats the rules; facilities are the kingdom's, so they come after its land makers' own data), each
    with the achievement it adds (its ``achievement`` amounts, ``level`` the facility level).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> [(f.name, n) for f, n in check_bonuses(sample().kingdom, "order", "national")]
    [('왕좌의 방', 1)]
    >>> check_bonuses(sample().kingdom, "search", "called")
    []
    """
    from meikyu.dice.source import ScriptedDice
    from meikyu.formula import evaluate

    out: list[tuple[Facility, int]] = []
    for fac, level in built(kingdom):
        acts = fac.acts
        assert acts is not None
        if acts.timing != "constant" or not acts.checks or not acts.applies_to_check(stat, purpose, context):
            continue
        amount = 0
        for e in acts.of_type("achievement"):
            amount += evaluate(str(e["amount"]), ScriptedDice([]), {"level": level})
        if amount:
            out.append((fac, amount))
    return out
