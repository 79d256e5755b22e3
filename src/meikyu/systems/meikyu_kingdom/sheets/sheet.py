"""A sheet file: a kingdom and/or its court, and the sample the project ships.

>>> s = sample()
>>> s.kingdom.label("en"), [c.label("ja") for c in s.characters]
('Kingdom of Mushroom Hollow', ['ハヌル', 'ドユン', 'ソア', 'ミル'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from meikyu.sheetdata.reader import Reader, Report, read_file
from meikyu.systems.meikyu_kingdom.sheets.character import Character, court_of
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

SAMPLE = "sample_kingdom.toml"


@dataclass(frozen=True)
class SheetFile:
    """What one file holds: ``[kingdom]`` and ``[[characters]]`` (either may be absent)."""

    kingdom: Kingdom | None
    characters: tuple[Character, ...]

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        if self.kingdom is not None:
            data["kingdom"] = self.kingdom.to_data()
        data["characters"] = [c.to_data() for c in self.characters]
        return data


def read_sheet(data: Mapping[str, Any], *, file: str = "<sheet>") -> SheetFile:
    """Validate a parsed sheet file, every problem at once. A file with neither section is read as a
    single character."""
    sheet, report = check_sheet(data, file=file)
    report.check()
    return sheet


def check_sheet(data: Mapping[str, Any], *, file: str = "<sheet>") -> tuple[SheetFile, Report]:
    """Read a parsed sheet file and return it with its report (problems and defaults said) unraised:
    what an editor shows as the user types. The sheet is only meaningful when the report has no problem.

    >>> sheet, report = check_sheet({"characters": [{"name": "Sara", "wit": "high", "charm": 1,
    ...     "search": 1, "valor": 1, "hp": 6}]}, file="court.toml")
    >>> from meikyu.sheetdata.reader import findings
    >>> [(f["path"], f["level"]) for f in findings(report.problems + report.notes, "en")]
    [('characters[0].wit', 'error'), ('characters[0].id', 'default'), ('characters[0].max_hp', 'default')]
    """
    report = Report(file)
    top = Reader(data, file=file, entry="", report=report)
    if "kingdom" not in data and "characters" not in data:
        char = Character.read(top.sub(data, "")) if isinstance(data, Mapping) else None
        return SheetFile(None, () if char is None else (char,)), report
    court = court_of(top)
    # the land makers of the disaster triggers default to the court's PCs, not 1 (R-MK-20)
    pcs = sum(1 for c in court if c.pc)
    kingdom = Kingdom.read(top.sub(top.mapping("kingdom"), "kingdom"), land_makers=pcs) if "kingdom" in data else None
    top.done()
    return SheetFile(kingdom, court), report


def load_sheet(path: str | Path) -> SheetFile:
    """Read and validate a ``.toml`` / ``.json`` sheet file."""
    return read_sheet(read_file(path), file=str(path))


@cache
def sample() -> SheetFile:
    """The sample kingdom 버섯골 왕국 and its court of four (parsed once)."""
    import tomllib

    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath(SAMPLE).read_text(encoding="utf-8")
    return read_sheet(tomllib.loads(text), file=SAMPLE)
