"""The fast sum solvers (Miller's recurrence, the closed form, merged dice) equal the plain ones exactly."""

from __future__ import annotations

import itertools
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meikyu
from meikyu.dice.command import GENERIC, parse
from meikyu.dice.odds import _at_most, dice_sum, sum_odds
from meikyu.errors import LimitError


def naive_sum(count: int, sides: int) -> dict[int, int]:
    dist = {0: 1}
    for _ in range(count):
        nxt: dict[int, int] = {}
        for total, ways in dist.items():
            for face in range(1, sides + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        dist = nxt
    return dist


@pytest.mark.parametrize(("count", "sides"), [(1, 1), (3, 1), (1, 6), (2, 6), (7, 2), (5, 10), (20, 6), (13, 20), (4, 100)])
def test_miller_recurrence_equals_repeated_convolution(count: int, sides: int) -> None:
    assert dice_sum(count, sides) == naive_sum(count, sides)


@pytest.mark.parametrize(("count", "sides"), [(1, 6), (3, 6), (4, 3), (2, 100), (3, 70), (6, 2)])
def test_closed_form_cumulative_equals_the_distribution(count: int, sides: int) -> None:
    dist = dice_sum(count, sides)
    for total in range(count - 2, count * sides + 2):
        assert _at_most(count, sides, total) == sum(w for t, w in dist.items() if t <= total)


@settings(max_examples=40, deadline=None)
@given(
    terms=st.lists(st.tuples(st.sampled_from("+-"), st.integers(1, 2), st.sampled_from([2, 3, 6])), min_size=1, max_size=3),
    constant=st.integers(-3, 3),
    op=st.sampled_from([">=", ">", "<=", "<", "=", "<>"]),
    target=st.integers(-6, 14),
    system=st.sampled_from(["DiceBot", "MeikyuKingdom"]),
)
def test_merged_chains_equal_brute_force(
    terms: list[tuple[str, int, int]], constant: int, op: str, target: int, system: str
) -> None:
    body = "".join(f"{sign}{count}D{sides}" for sign, count, sides in terms).lstrip("+")
    command = f"{body}{constant:+d}{op}{target}"
    shapes = [sides for _, count, sides in terms for _ in range(count)]
    hits = crit = fum = 0
    for dice in itertools.product(*(range(1, s + 1) for s in shapes)):
        r = meikyu.roll(command, dice=list(dice), system=system)
        hits += r.success
        crit += r.critical
        fum += r.fumble
    total = 1
    for s in shapes:
        total *= s
    odds = meikyu.odds(command, system=system)
    assert (odds.success, odds.critical, odds.fumble) == (Fraction(hits, total), Fraction(crit, total), Fraction(fum, total))


def test_a_thousand_dice_in_milliseconds() -> None:
    # One term rolls at most 200 dice (BCDice's limit), so a thousand dice are five terms.
    for command in ("200D6+200D6+200D6+200D6+200D6>=3500", "500D6+500D6>=3500".replace("500D6", "200D6+200D6+100D6")):
        node = parse(command, GENERIC).node
        sum_odds(node, GENERIC)  # warm
        start = time.perf_counter()
        odds = sum_odds(node, GENERIC)
        assert time.perf_counter() - start < 0.05
        assert odds.success == Fraction(sum(w for t, w in dice_sum(1000, 6).items() if t >= 3500), 6**1000)


def test_too_costly_is_refused_before_any_work() -> None:
    node = parse("100D100*100D100>=5", GENERIC).node
    start = time.perf_counter()
    with pytest.raises(LimitError):
        sum_odds(node, GENERIC)
    assert time.perf_counter() - start < 0.01
