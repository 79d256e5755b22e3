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

from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.sheets.character import Character, read_court
from meikyu.systems.meikyu_kingdom.sheets.fields import read_file
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
    """Validate a parsed sheet file. A file with neither section is read as a single character."""
    unknown = sorted(set(data) - {"kingdom", "characters"})
    if "kingdom" not in data and "characters" not in data:
        return SheetFile(None, (Character.from_data(data, file=file),))
    if unknown:
        raise DataError(
            "mk.error.sheet.unknown_field", file=file, entry="", field=unknown[0], known="kingdom, characters"
        )
    court = read_court(data, file=file)
    # the land makers of the disaster triggers default to the court's PCs, not 1 (R-MK-20)
    pcs = sum(1 for c in court if c.pc)
    kingdom = Kingdom.from_data(data["kingdom"], file=file, land_makers=pcs) if "kingdom" in data else None
    return SheetFile(kingdom, court)


def load_sheet(path: str | Path) -> SheetFile:
    """Read and validate a ``.toml`` / ``.json`` sheet file."""
    return read_sheet(read_file(path), file=str(path))


@cache
def sample() -> SheetFile:
    """The sample kingdom 버섯골 왕국 and its court of four (parsed once)."""
    import tomllib

    text = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath(SAMPLE).read_text(encoding="utf-8")
    return read_sheet(tomllib.loads(text), file=SAMPLE)
