"""Hope outside checks: R-MK-13 (reduce hope, owner's pick) and R-MK-17 (monster skills cost 1 hope)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.hope import reduce_hope, use_monster_skill
from meikyu.systems.meikyu_kingdom.sheets.character import Skill
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


def test_r_mk_13_reduce_hope_voice_or_drive() -> None:
    """R-MK-13: either voice or drive pays; voice through the disaster gate."""
    s = sample()
    haneul = s.characters[0]
    k, c, _, disaster = reduce_hope(replace(s.kingdom, voice=5), haneul, "voice", 1)
    assert k.voice == 4 and c.drive == haneul.drive and disaster
    with pytest.raises(RuleError) as info:
        reduce_hope(s.kingdom, haneul, "drive", 2)
    assert info.value.rule == "R-MK-13"


def test_r_mk_17_monster_skill_needs_one_hope() -> None:
    """R-MK-17: 1 hope at declaration or no effect; constant skills last until the cycle ends."""
    s = sample()
    mir = s.characters[3]  # drive 0
    skill = Skill("비늘", type="constant", monster=True)
    with pytest.raises(RuleError) as info:
        use_monster_skill(s.kingdom, mir, skill, "drive")
    assert info.value.rule == "R-MK-17"
    k, _, events, _ = use_monster_skill(s.kingdom, mir, skill, "voice")
    assert k.voice == 5 and events[-1].until == "cycle_end"
    assert "사이클 종료까지" in events[-1].render("ko")
