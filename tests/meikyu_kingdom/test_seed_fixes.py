"""Kingdom-side rules that strayed from the seeds (issue 12 §3), each with fixed dice."""

from __future__ import annotations

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.auto import resolve
from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.expedition.transport import citizens_lost
from meikyu.systems.meikyu_kingdom.kingdom.cycle import Act, Cooperate, CycleRules, CycleState, Pass, Resolve
from meikyu.systems.meikyu_kingdom.kingdom.round_table import (
    EndOrganization,
    Refuse,
    RequestItem,
    RoundTableRules,
    RoundTableState,
)
from meikyu.systems.meikyu_kingdom.sheets.sheet import read_sheet, sample


def test_r_mk_20_land_makers_default_to_the_courts_pcs() -> None:
    """R-MK-20: a sheet whose kingdom names no land makers counts the PCs of its court, not 1."""
    data = {
        "kingdom": {"name": "K", "voice": 5},
        "characters": [
            {"id": x, "name": x, "wit": 1, "charm": 1, "search": 1, "valor": 1, "hp": 5, "max_hp": 5, "capacity": 2, "evasion": 8}
            for x in ("a", "b", "c")
        ],
    }
    sheet = read_sheet(data)
    assert sheet.kingdom is not None and sheet.kingdom.land_makers == 3
    data["kingdom"]["land_makers"] = 5  # type: ignore[index]
    assert read_sheet(data).kingdom.land_makers == 5  # type: ignore[union-attr]


def test_r_mk_08_a_round_refuses_planned_actions_without_a_flag() -> None:
    """R-MK-07/08: a round is combat: planned actions are refused there, no hectic flag needed."""
    g = Game(CycleRules(), CycleState(("a", "b"), kind="round"), ScriptedDice([]))
    with pytest.raises(RuleError) as err:
        g.play(Act("a", "planned", "transport"))
    assert err.value.rule == "R-MK-08"
    g.play(Act("a", "support", "search"))  # support actions are fine


def test_r_mk_05_a_refused_free_item_stays_refused_for_the_round_table() -> None:
    """R-MK-05(a): one free item request per character; once refused it cannot be asked again."""
    s = sample()
    game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
    game.play(EndOrganization())
    game.play(RequestItem("doyun", "횃불", 1))
    game.play(Refuse())
    with pytest.raises(RuleError) as err:
        game.play(RequestItem("doyun", "밧줄", 1))
    assert err.value.rule == "R-MK-05"
    assert RequestItem("doyun", "밧줄", 1) not in game.legal_actions()


def test_r_mk_46_transport_loss_is_difficulty_minus_achievement() -> None:
    """R-MK-46: a failure costs [9 − achievement] citizens, more than were sent home when it is bad."""
    s = sample()
    done, _ = resolve(CheckState(s.kingdom, s.characters), DeclareCheck("mir", "military", 9), ScriptedDice([1, 2]))
    assert done.achievement == 5 and citizens_lost(done, 2) == 4  # 4 lost: both returning and 2 more
    fumble, _ = resolve(CheckState(s.kingdom, s.characters), DeclareCheck("mir", "military", 9), ScriptedDice([1, 1]))
    assert citizens_lost(fumble, 2) == 2  # a fumble loses exactly the minions sent


def test_r_mk_12_cooperation_lapses_at_cycle_end_and_when_the_target_does_something_else() -> None:
    """R-MK-12: the help waits for the named action only; another action or the cycle's end ends it."""
    g = Game(CycleRules(), CycleState(("a", "b", "c")), ScriptedDice([]))
    g.play(Cooperate("a", "b", "negotiate"))
    g.play(Resolve())
    assert g.state.helpers_for("b", "negotiate") == ("a",)
    g.play(Act("b", "support", "search"))  # b does something else
    assert g.state.cooperation == ()
    g = Game(CycleRules(), CycleState(("a", "b")), ScriptedDice([]))
    g.play(Cooperate("a", "b", "negotiate"))
    g.play(Resolve())
    g.play(Pass("b"))  # everyone has acted: the cycle ends
    assert g.state.number == 2 and g.state.cooperation == ()
