"""Cycles, action types and conflict order (R-MK-07, R-MK-08, R-MK-09)."""

from __future__ import annotations

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.effects.order import DataEffect, conflict_order, prevailing
from meikyu.systems.meikyu_kingdom.kingdom.cycle import (
    Act,
    ActionResolved,
    CycleRules,
    CycleState,
    Pass,
    Resolve,
)


def game(*chars: str, **kw: object) -> Game[CycleState]:
    return Game(CycleRules(), CycleState(chars or ("a", "b"), **kw), ScriptedDice([]))  # type: ignore[arg-type]


def test_r_mk_07_one_main_action_then_cycle_ends_and_all_ready() -> None:
    """R-MK-07: one main action per cycle; when all acted or passed, all become ready."""
    g = game("a", "b", kind="quarter")
    g.play(Act("a", "support", "search"))
    g.play(Resolve())
    with pytest.raises(RuleError) as info:
        g.play(Act("a", "support", "again"))
    assert info.value.rule == "R-MK-07"
    events = g.play(Pass("b"))
    assert g.state.number == 2 and g.state.acted == frozenset()
    assert "quarter" in events[-1].render("en") or "쿼터" in events[-1].render("ko")


def test_r_mk_08_planned_not_in_hectic_situations() -> None:
    """R-MK-08: planned actions need calm; they make the actor acted."""
    with pytest.raises(RuleError) as info:
        game(hectic=True).play(Act("a", "planned", "transport"))
    assert info.value.rule == "R-MK-08"
    g = game()
    g.play(Act("a", "planned", "transport"))
    g.play(Resolve())
    assert "a" in g.state.acted


def test_r_mk_08_auxiliary_while_acted_once_per_name() -> None:
    """R-MK-08: auxiliary works while acted, does not make acted, once per cycle per name."""
    g = game("a", "b")
    g.play(Act("a", "support", "attack"))
    g.play(Resolve())
    g.play(Act("a", "auxiliary", "hawk eye"))
    assert g.state.acted == {"a"}
    with pytest.raises(RuleError):
        g.play(Act("a", "auxiliary", "hawk eye"))
    g.play(Act("a", "auxiliary", "other aid"))
    with pytest.raises(RuleError):
        g.play(Act("b", "auxiliary", "aim", supports="shoot"))  # the supported action is not declared


def test_r_mk_08_interrupts_lifo_nested_once_per_cycle() -> None:
    """R-MK-08: interrupts answer a declared action, can be interrupted, resolve LIFO, once per name."""
    g = game("a", "b", "c")
    with pytest.raises(RuleError):
        g.play(Act("b", "interrupt", "block"))  # nothing to interrupt
    g.play(Act("a", "support", "strike"))
    g.play(Act("b", "interrupt", "block"))
    g.play(Act("c", "interrupt", "counter"))
    with pytest.raises(RuleError):
        g.play(Act("b", "interrupt", "block"))
    with pytest.raises(RuleError):
        g.play(Act("c", "interrupt", "dodge", condition=False))
    order = []
    while g.state.stack:
        order += [e.name for e in g.play(Resolve()) if isinstance(e, ActionResolved)]
    assert order == ["counter", "block", "strike"]
    assert g.state.acted == {"a"}  # interrupts do not make acted


def test_r_mk_09_conflict_order_and_later_wins() -> None:
    """R-MK-09: constant, then equipment, then others; higher-level owner first; owner's order; later wins."""
    effects = [
        DataEffect("s1", "support", "a", 2, owner_order=1),
        DataEffect("s0", "support", "a", 2, owner_order=0),
        DataEffect("eq", "equipment", "b", 1),
        DataEffect("hi", "interrupt", "c", 5),
        DataEffect("co", "constant", "d", 1),
    ]
    assert [e.name for e in conflict_order(effects)] == ["co", "eq", "hi", "s0", "s1"]
    winner = prevailing(effects)
    assert winner is not None and winner.name == "s1"
