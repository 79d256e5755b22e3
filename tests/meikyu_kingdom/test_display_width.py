"""The kingdom map lines up in a terminal whatever the language (R-MK-06 shown on the map)."""

from __future__ import annotations

import unicodedata

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.systems.meikyu_kingdom.sheets.display import display_width, render_kingdom, render_map
from meikyu.systems.meikyu_kingdom.sheets.kingdom import LandMap
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

WIDE = LandMap.from_rooms(
    "넓은 땅",
    {"A1": ("왕좌의 방",), "B1": ("밭", "밭"), "C3": ("아주아주아주긴시설이름이에요",), "B2": ("Plaza",)},
    passages=[("A1", "B1"), ("B1", "B2"), ("B2", "C2")],
    entrances=["B3"],
)


def grid(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(("   +", " 1 ", " 2 ", " 3 "))]


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize("land", [sample().kingdom.maps[0], WIDE], ids=["sample", "wide"])
def test_r_mk_06_map_rows_have_one_display_width(land: LandMap, lang: str) -> None:
    """R-MK-06 display: every row of the grid is exactly as wide on screen, walls in the same columns."""
    lines = grid(render_map(land, lang))
    assert len(lines) == 7
    assert len({display_width(line) for line in lines}) == 1
    # Walls and corners sit in the same screen columns on every line.
    def columns(line: str) -> set[int]:
        out, col = set(), 0
        for ch in line:
            if ch in "+|=" and col > 2:
                out.add(col)
            col += display_width(ch)
        return out
    corners = columns(lines[0])
    for line in lines:
        assert columns(line) >= corners or line.startswith("   +")
        if not line.startswith("   +"):
            assert columns(line) == corners


def test_map_frame_avoids_ambiguous_width_characters() -> None:
    """Ambiguous-width marks (‖, ═ …) take two columns in CJK terminals: the frame uses plain ASCII."""
    text = render_map(sample().kingdom.maps[0], "ko")
    frame = [ch for ch in text if unicodedata.east_asian_width(ch) not in ("W", "F")]
    assert all(unicodedata.east_asian_width(ch) != "A" for ch in frame)


def test_full_names_shown_and_long_ones_cut_to_fit() -> None:
    """Names up to the widest cell are shown whole (no more 'Throne Ro'); longer ones are cut."""
    en = render_kingdom(sample().kingdom, "en")
    assert "Throne Room" in en and "Warehouse" in en
    wide = render_map(WIDE, "ko")
    assert "왕좌의 방" in wide and "밭,밭" in wide and "아주아주아주긴시설이름이에요" not in wide


def test_display_width_counts_wide_and_combining() -> None:
    assert display_width("왕좌의 방") == 9 and display_width("e\u0301") == 1 and display_width("ｱ") == 1
