"""The class-counting keep-two odds equal the multiset enumeration they replaced, and sampling (R-MK-10, 11, 14)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from itertools import combinations_with_replacement
from math import factorial

import pytest

from meikyu.errors import LimitError
from meikyu.systems.meikyu_kingdom.check.odds import MAX_ODDS_DICE, check_odds, classes
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome


def multisets(n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """The old solver's enumeration: every sorted roll of n dice with its number of orderings."""
    for combo in combinations_with_replacement(range(1, 7), n):
        ways = factorial(n)
        for face in set(combo):
            ways //= factorial(combo.count(face))
        yield combo, ways


def enumerated(n: int, modifier: int, target: int, curse: bool, no_drive: bool) -> tuple[Fraction, ...]:
    success = critical = fumble = drive = 0
    for combo, ways in multisets(n):
        out = best_outcome(combo, modifier, target, curse=curse, no_drive=no_drive)
        success += ways * bool(out.success)
        critical += ways * out.critical
        fumble += ways * out.fumble
        drive += ways * out.drive
    total = 6**n
    return tuple(Fraction(x, total) for x in (success, critical, fumble, drive))


@pytest.mark.parametrize("n", range(0, 9))
def test_r_mk_14_class_odds_equal_enumeration(n: int) -> None:
    for modifier in (-3, 0, 2, 5):
        for target in (0, 3, 7, 9, 11, 13, 18):
            for curse in (False, True):
                for no_drive in (False, True):
                    o = check_odds(n, modifier, target, curse=curse, no_drive=no_drive)
                    got = (o.success, o.critical, o.fumble, o.expected_drive)
                    assert got == enumerated(n, modifier, target, curse, no_drive), (n, modifier, target)


@pytest.mark.parametrize("n", range(0, 12))
def test_classes_cover_every_roll_once(n: int) -> None:
    assert sum(ways for _, _, ways in classes(n)) == 6**n
    if n <= 6:  # each multiset falls in exactly the class of its 6s and best two others
        expected: dict[tuple[tuple[int, ...], int], int] = {}
        for combo, ways in multisets(n):
            others = [v for v in combo if v != 6]
            key = (tuple(others[-2:]), combo.count(6))
            expected[key] = expected.get(key, 0) + ways
        assert {(v, s): w for v, s, w in classes(n) if w} == expected


@pytest.mark.parametrize("n", [30, 60, 100])
def test_r_mk_14_large_checks_agree_with_sampling(n: int) -> None:
    rng = random.Random(n)
    odds = check_odds(n, -4, 10)
    rolls = 4000
    drives = []
    for _ in range(rolls):
        drives.append(best_outcome([rng.randint(1, 6) for _ in range(n)], -4, 10).drive)
    mean = sum(drives) / rolls
    spread = (sum((d - mean) ** 2 for d in drives) / rolls) ** 0.5
    assert abs(mean - float(odds.expected_drive)) < 5 * spread / rolls**0.5  # five standard errors


def test_odds_refuse_past_the_command_limit() -> None:
    with pytest.raises(LimitError):
        check_odds(MAX_ODDS_DICE + 1, 0, 7)
