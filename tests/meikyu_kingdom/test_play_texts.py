"""Terminal texts found wanting when a GM played ``mk play`` (issue 12 §4), in ko / ja / en."""

from __future__ import annotations

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.systems.meikyu_kingdom.combat import events as ev
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
from meikyu.systems.meikyu_kingdom.combat.view import render
from meikyu.systems.meikyu_kingdom.events import TableRolled
from meikyu.systems.meikyu_kingdom.tables.catalog import get_table


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_table_roll_reads_its_entry_not_its_code(lang: str) -> None:
    text = TableRolled("KDT", 5, "KDT:5").render(lang)
    table = get_table("KDT")
    assert "KDT:5" not in text and table.entry_for(5).text.pick(lang) in text and table.name.pick(lang) in text


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_ambush_says_why_and_drive_changes_are_signed(lang: str) -> None:
    b = load_encounter("sample")
    assert "unknown_count" not in render(ev.Ambush("unknown_count"), b, lang, "gm")
    assert "+1" in render(ev.DriveChanged(b.combatants[0].id, 1, 2), b, lang, "gm")
