"""Exact odds agree with brute-force enumeration of every ordered roll."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import meikyu
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome


def _enumerate_mk(n: int, mod: int, target: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    s = c = f = d = 0
    for dice in itertools.product(range(1, 7), repeat=n):
        out = best_outcome(dice, mod, target)
        s += bool(out.success)
        c += out.critical
        f += out.fumble
        d += out.drive
    total = 6**n
    return Fraction(s, total), Fraction(c, total), Fraction(f, total), Fraction(d, total)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(0, 4), mod=st.integers(-3, 6), target=st.integers(2, 16))
def test_mk_check_odds_match_enumeration(n: int, mod: int, target: int) -> None:
    """R-MK-10/11/14: exact odds under the 6→drive policy equal brute force."""
    odds = meikyu.odds(f"{n}MK{mod:+d}>={target}")
    assert (odds.success, odds.critical, odds.fumble, odds.expected_drive) == _enumerate_mk(n, mod, target)


def test_documented_example_3mk_plus_2() -> None:
    odds = meikyu.odds("3MK+2>=9")
    assert (odds.success, odds.critical, odds.fumble) == _enumerate_mk(3, 2, 9)[:3]
    data = odds.to_json()
    assert data["success"] == f"{odds.success.numerator}/{odds.success.denominator}"
    assert abs(data["success_pct"] - float(odds.success) * 100) < 1e-3


@settings(max_examples=25, deadline=None)
@given(count=st.integers(1, 3), sides=st.sampled_from([4, 6, 8]), mod=st.integers(-3, 3),
       op=st.sampled_from([">=", ">", "<=", "<", "=", "<>"]), target=st.integers(0, 20))
def test_sum_odds_match_enumeration(count: int, sides: int, mod: int, op: str, target: int) -> None:
    command = f"{count}D{sides}{mod:+d}{op}{target}"
    hits = crit = fum = 0
    for dice in itertools.product(range(1, sides + 1), repeat=count):
        r = meikyu.roll(command, dice=list(dice))
        hits += r.success
        crit += r.critical
        fum += r.fumble
    total = sides**count
    odds = meikyu.odds(command)
    assert (odds.success, odds.critical, odds.fumble) == (Fraction(hits, total), Fraction(crit, total), Fraction(fum, total))


def test_probabilities_are_probabilities() -> None:
    for command in ("2MK>=2", "5MK+3>=14", "2D6>=7", "1D20+5>=15"):
        odds = meikyu.odds(command)
        for p in (odds.success, odds.critical, odds.fumble):
            assert 0 <= p <= 1
        assert odds.success + odds.failure == 1
