"""Exact odds with minion help (R-MK-19) checked against playing every roll, minion dice included."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from mk_core_helpers import pc

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy, resolve
from meikyu.systems.meikyu_kingdom.check.check import CheckOptions, CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.check.forecast import declared_odds, helps_possible
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom


def brute_success(state: CheckState, decl: DeclareCheck, policy: AutoPolicy) -> Fraction:
    """Resolve every sequence of check dice + minion dice (extra dice simply go unused)."""
    n = 2 + len(decl.hope) + policy.minion_gap
    wins = 0
    for roll in product(range(1, 7), repeat=n):
        done, _ = resolve(state, decl, ScriptedDice(list(roll)), policy)
        wins += bool(done.success)
    return Fraction(wins, 6**n)


@pytest.mark.parametrize(
    ("minions", "difficulty", "gap", "hope", "repeatable"),
    [(3, 9, 2, 0, True), (1, 10, 2, 0, True), (8, 11, 2, 0, True), (5, 9, 2, 0, False), (2, 8, 1, 1, True)],
)
def test_r_mk_19_odds_with_minion_help_equal_enumeration(
    minions: int, difficulty: int, gap: int, hope: int, repeatable: bool
) -> None:
    """R-MK-19: success chance with the policy's minion help equals playing every dice sequence."""
    state = CheckState(
        Kingdom("k", voice=10, land_makers=1),
        (pc(wit=1, minions=minions, drive=0, capacity=2),),
        options=CheckOptions(minion_help_repeatable=repeatable),
    )
    decl = DeclareCheck("a", "wit", difficulty, hope=("voice",) * hope)
    policy = AutoPolicy(minion_gap=gap)
    with_help = declared_odds(state, decl, minion_help=True, policy=policy)
    assert with_help.success == brute_success(state, decl, policy)
    without = declared_odds(state, decl)
    assert with_help.success > without.success
    assert (with_help.critical, with_help.fumble) == (without.critical, without.fumble)


def test_r_mk_19_no_minions_no_help_and_hidden_difficulty_not_counted() -> None:
    """R-MK-19: at 0 minions help is impossible; with a hidden difficulty the policy never helps."""
    state = CheckState(Kingdom("k", voice=10), (pc(wit=1),))
    decl = DeclareCheck("a", "wit", 9)
    assert declared_odds(state, decl, minion_help=True) == declared_odds(state, decl)
    rich = replace(state, court=(pc(wit=1, minions=9),))
    hidden = DeclareCheck("a", "wit", 9, hidden=True)
    assert declared_odds(rich, hidden, minion_help=True).success == declared_odds(rich, hidden).success


def test_r_mk_19_helps_possible_is_a_probability() -> None:
    """R-MK-19: two helps from 1 minion never happen; from 7 minions always."""
    assert helps_possible(2, 1) == 0 and helps_possible(2, 7) == 1 and helps_possible(3, 4) == Fraction(3, 36)
