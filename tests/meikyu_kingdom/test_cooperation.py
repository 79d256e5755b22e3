"""Cooperation through the cycle machine (R-MK-12 with R-MK-07/08): the helper must be ready and
becomes acted; the bonus waits for the target's next check of that action."""

from __future__ import annotations

import pytest
from mk_core_helpers import pc

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.auto import resolve
from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.kingdom.cooperation import cooperate, with_help
from meikyu.systems.meikyu_kingdom.kingdom.cycle import Act, Cooperate, CycleRules, CycleState, Pass, Resolve
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

COURT = (pc("a", favor={"b": 2}), pc("b"), pc("c", favor={"b": 1}, enmity={"b": 3}))


def test_r_mk_12_cooperation_is_a_support_action_that_makes_the_helper_acted() -> None:
    """R-MK-12/R-MK-08: cooperating needs ready and makes the helper acted; the bonus is recorded."""
    cycle = CycleState(("a", "b", "c"))
    cycle, events = cooperate(cycle, COURT, "a", "b", "search")
    assert cycle.acted == {"a"} and cycle.helpers_for("b", "search") == ("a",)
    assert any(type(e).__name__ == "CooperationRecorded" for e in events)
    with pytest.raises(RuleError) as err:
        cooperate(cycle, COURT, "a", "b", "search")  # already acted
    assert err.value.rule == "R-MK-07"


def test_r_mk_12_enmity_over_favor_refused_and_nothing_changes() -> None:
    """R-MK-12: c's enmity 3 toward b exceeds favor 1, so c cannot cooperate with b."""
    cycle = CycleState(("a", "b", "c"))
    with pytest.raises(RuleError) as err:
        cooperate(cycle, COURT, "c", "b", "search")
    assert err.value.rule == "R-MK-12" and cycle.acted == frozenset()


def test_r_mk_12_refused_help_still_uses_the_action_but_gives_nothing() -> None:
    """R-MK-12: the GM judges the help ineffective; the support action was still taken."""
    cycle, _ = cooperate(CycleState(("a", "b", "c")), COURT, "a", "b", "search", accepted=False)
    assert cycle.acted == {"a"} and cycle.helpers_for("b", "search") == ()


def test_r_mk_12_bonus_applies_to_the_next_check_of_that_action_only() -> None:
    """R-MK-12: +favor on b's next search check; used up afterwards; other actions get nothing."""
    cycle, _ = cooperate(CycleState(("a", "b", "c")), COURT, "a", "b", "search")
    unchanged, other = with_help(cycle, DeclareCheck("b", "wit", 9), "negotiate")
    assert other.helpers == () and unchanged.cooperation == cycle.cooperation
    cycle, decl = with_help(cycle, DeclareCheck("b", "search", 9), "search")
    assert decl.helpers == ("a",) and cycle.cooperation == ()
    state = CheckState(Kingdom("k", voice=10, land_makers=3), COURT)
    done, _ = resolve(state, decl, ScriptedDice([2, 2]))
    assert done.achievement == 2 + 2 + 3 + 2  # dice + search 3 + a's favor 2
    again, decl2 = with_help(cycle, DeclareCheck("b", "search", 9), "search")
    assert decl2.helpers == ()


def test_r_mk_12_same_helper_same_target_does_not_stack_across_cycles() -> None:
    """R-MK-12: help lasts for its cycle; a second cooperation by a on b never adds to a first."""
    g = Game(CycleRules(), CycleState(("a", "b")), ScriptedDice([]))
    g.play(Cooperate("a", "b", "search"))
    g.play(Resolve())
    g.play(Pass("b"))  # cycle ends, all ready again; the unused cooperation lapses with it
    assert g.state.number == 2 and g.state.helpers_for("b", "search") == ()
    g.play(Cooperate("a", "b", "search"))
    g.play(Resolve())
    assert g.state.cooperation == (("a", "b", "search"),)


def test_r_mk_08_cooperation_can_be_interrupted_and_waits_for_resolution() -> None:
    """R-MK-08: an interrupt on a cooperation resolves first; the helper is acted only on resolution."""
    g = Game(CycleRules(), CycleState(("a", "b")), ScriptedDice([]))
    g.play(Cooperate("a", "b", "search"))
    assert g.state.acted == frozenset()
    g.play(Act("b", "interrupt", "shout"))
    g.play(Resolve())
    assert g.state.acted == frozenset()
    g.play(Resolve())
    assert g.state.acted == {"a"}
    with pytest.raises(RuleError):
        g.play(Cooperate("b", "b", "search"))
    assert CycleState.from_data(g.state.to_data()) == g.state
