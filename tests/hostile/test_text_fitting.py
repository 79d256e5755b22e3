"""A very long facility name costs linear time in ``mk kingdom`` (issue 16 §5: it took 9.7 s)."""

from __future__ import annotations

import time
from pathlib import Path

from meikyu.files import parse_toml
from meikyu.systems.meikyu_kingdom.sheets.display import render_kingdom
from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet

SAMPLE = Path(__file__).parents[2] / "src" / "meikyu" / "systems" / "meikyu_kingdom" / "data" / "sample_kingdom.toml"


def _render_seconds(length: int) -> float:
    text = SAMPLE.read_text("utf-8").replace('A1 = ["밭"]', 'A1 = ["' + "밭" * length + '"]', 1)
    kingdom = read_sheet(parse_toml(text, "k.toml"), file="k.toml").kingdom
    assert kingdom is not None
    start = time.process_time()
    render_kingdom(kingdom, "ko")
    took = time.process_time() - start
    return took


def test_a_10000_character_facility_name_renders_in_linear_time() -> None:
    small = min(_render_seconds(1_000) for _ in range(7))
    big = min(_render_seconds(10_000) for _ in range(7))
    assert big < 0.5
    assert big < 50 * max(small, 1e-4)  # linear: about 4-10×; the old quadratic cut was about 100×
