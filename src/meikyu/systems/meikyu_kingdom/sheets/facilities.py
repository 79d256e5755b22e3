"""The facility catalog (names and values) used by the budget meeting (R-MK-05).

>>> f = facility("밭")
>>> f.value, f.label("ja")
(1, '畑')
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from meikyu.errors import DataError, InputError
from meikyu.sheetdata.reader import Reader

FILE = "facilities.toml"


@dataclass(frozen=True)
class Facility:
    name: str
    value: int
    kind: str = "room"
    names: dict[str, str] = field(default_factory=dict)
    notes: str = ""

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
        out[name] = Facility(
            name=name,
            value=r.integer("value", minimum=0),
            kind=r.text("kind", "room", choices=("room", "other")),
            names=r.names(),
            notes=r.text("notes", ""),
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
