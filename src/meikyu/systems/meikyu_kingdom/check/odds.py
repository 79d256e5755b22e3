"""Exact odds of a Meikyuu Kingdom check under the automatic 6→drive policy, in time that does not grow with n.

A check reads only the number of 6s and the best two of the other dice (R-MK-10, 11, 14): which 6s
become drive, the two dice used, critical and fumble all follow from those. So instead of visiting
every multiset of n dice, the dice are grouped into *classes* — (the top two non-six values, the number
of 6s) — each with its exact number of ordered rolls, counted in closed form (:func:`classes`).

For the automatic policy (:func:`rolls.best_outcome`) more is true: with two or more 6s the choice is
always among "keep a 6-6 critical", "keep one 6" and "convert every 6", so the outcome with s ≥ 2 sixes
is the outcome with two sixes plus s − 2 more drive. :func:`check_odds` sums each class over all s at
once with binomial identities: a handful of integer powers, whatever n is.

>>> o = check_odds(2, 0, 7)
>>> o.success, o.critical, o.fumble
(Fraction(7, 12), Fraction(1, 36), Fraction(1, 36))
>>> sum(ways for _, _, ways in classes(5)) == 6 ** 5
True
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb

from meikyu.dice.result import Odds
from meikyu.errors import LimitError
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome

MAX_ODDS_DICE = 200
"""As many dice as one nMK check may roll (commands.MAX_CHECK_DICE): the cost no longer grows with n."""

_PAIRS = tuple((a, b) for b in range(1, 6) for a in range(1, b + 1))
"""The best two non-six dice (a ≤ b), when there are at least two of them."""


def _pair_ways(a: int, b: int, m: int) -> int:
    """Ordered rolls of m dice on 1…5 whose best two are exactly (a, b), a ≤ b (0 when m < 2)."""
    if a < b:  # one die shows b, the rest are ≤ a with at least one a
        return m * (a ** (m - 1) - (a - 1) ** (m - 1)) if m else 0
    return b**m - (b - 1) ** m - m * (b - 1) ** (m - 1) if m else 0  # two or more show b, the rest < b


def classes(n: int) -> Iterator[tuple[tuple[int, ...], int, int]]:
    """Every (best non-six values, number of 6s, ordered rolls) for n dice; the ways sum to 6ⁿ.

    The non-six values are the best two (ascending) of the dice that are not 6, or fewer when fewer
    than two dice are not 6. Anything that looks only at those and at the 6s can be computed class by
    class instead of roll by roll: at most 15·n + 6 classes instead of C(n + 5, 5) multisets.

    >>> list(classes(1))
    [((), 1, 1), ((1,), 0, 1), ((2,), 0, 1), ((3,), 0, 1), ((4,), 0, 1), ((5,), 0, 1)]
    """
    yield (), n, 1
    if n >= 1:
        for b in range(1, 6):
            yield (b,), n - 1, n
    for m in range(2, n + 1):
        choose = comb(n, m)
        for a, b in _PAIRS:
            yield (a, b), n - m, choose * _pair_ways(a, b, m)


def _pair_sums(a: int, b: int, n: int) -> tuple[int, int]:
    """Σ C(n,m)·w(m) and Σ m·C(n,m)·w(m) over m = 0…n, w(m) = :func:`_pair_ways` (a, b, m); n ≥ 2.

    The other n − m dice are 6s. Both follow from Σ C(n,m)·x^m = (1+x)^n and its derivatives.
    """

    def lin(x: int) -> int:  # Σ C(n,m)·m·x^(m-1)
        return n * int((1 + x) ** (n - 1))  # n ≥ 2: whole powers (int() only tells mypy so)

    def quad(x: int) -> int:  # Σ C(n,m)·m²·x^(m-1)
        return n * int((1 + x) ** (n - 1)) + n * (n - 1) * x * int((1 + x) ** (n - 2))

    if a < b:
        return lin(a) - lin(a - 1), quad(a) - quad(a - 1)
    # w(m) = b^m − (b−1)^m − m·(b−1)^(m−1)
    total = (1 + b) ** n - b**n - lin(b - 1)
    moment = n * b * (1 + b) ** (n - 1) - n * (b - 1) * b ** (n - 1) - quad(b - 1)
    return total, moment


def _grouped(n: int) -> Iterator[tuple[tuple[int, ...], int, int, int]]:
    """(non-six values, 6s capped at 2, ordered rolls, Σ of the 6s beyond two over those rolls)."""
    yield (), min(n, 2), 1, max(n - 2, 0)
    if n >= 1:
        for b in range(1, 6):
            yield (b,), min(n - 1, 2), n, n * max(n - 3, 0)
    if n < 2:
        return
    for a, b in _PAIRS:
        none = _pair_ways(a, b, n)  # m = n: no 6
        one = n * _pair_ways(a, b, n - 1)  # m = n − 1: one 6
        yield (a, b), 0, none, 0
        if n >= 3:
            yield (a, b), 1, one, 0
        if n >= 4:
            total, moment = _pair_sums(a, b, n)
            many = total - none - one  # m = 2 … n − 2: two or more 6s
            # Σ (n − m − 2)·C(n,m)·w(m) over those m: the drive beyond the two kept or converted 6s
            extra = (n - 2) * many - (moment - n * none - (n - 1) * one)
            yield (a, b), 2, many, extra


def check_odds(
    count: int, modifier: int, target: int, *, command: str = "", curse: bool = False, no_drive: bool = False
) -> Odds:
    """Success, critical and fumble chances and expected drive of ``count`` dice + ``modifier`` vs ``target``.

    >>> round(float(check_odds(30, 2, 11).critical), 4)  # 30 dice: two 6s kept nearly always
    0.9705
    >>> float(check_odds(3, 2, 9).expected_drive)
    0.2916666666666667
    """
    if count > MAX_ODDS_DICE:
        raise LimitError("error.limit.odds_dice", count=count, limit=MAX_ODDS_DICE)
    # With 6s beyond two, the automatic policy converts them all: each adds one drive (see above).
    converts = not no_drive
    success = critical = fumble = drive = 0
    for values, sixes, ways, extra in _grouped(count):
        if not ways:
            continue
        out = best_outcome(values + (6,) * sixes, modifier, target, curse=curse, no_drive=no_drive)
        if out.success:
            success += ways
        if out.critical:
            critical += ways
        if out.fumble:
            fumble += ways
        drive += ways * out.drive + (extra if converts else 0)
    total = 6**count
    name = command or f"{count}MK{modifier:+d}>={target}".replace("+0", "")
    return Odds(name, Fraction(success, total), Fraction(critical, total), Fraction(fumble, total), Fraction(drive, total))
