"""Exact odds of removing a chosen set of obstacles with a declared action this turn.

All 36 rolls of 2D6 are weighed; a roll counts when either way of splitting it (which die is the
power, which the effect) removes every chosen obstacle — the power die reads the card's power
(plus ``bonus``), the effect die may add a follow-up power of another attribute (R-LB-14).

>>> from meikyu.systems.liberator.cards import sample_cards
>>> swing = sample_cards().actions["swing"]          # P, power row 0,1,2,4,5,6
>>> removal_odds(swing, [("P", 3)])                  # needs a 4+ on either die
Fraction(3, 4)
>>> removal_odds(swing, [("P", 3), ("M", 1)])        # swing has no follow-up: an M obstacle never goes
Fraction(0, 1)
>>> sword = sample_cards().actions["magic_sword"]    # face 5 gives a follow-up M
>>> removal_odds(sword, [("P", 4), ("M", 4)])        # a 5 for the effect and a 4+ for the power
Fraction(5, 36)
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from meikyu.errors import InputError
from meikyu.systems.liberator.cards import ActionCard
from meikyu.systems.liberator.packing import fits

MAX_OBSTACLES = 30
"""Obstacles one question may name: far past a mission's (two per player), refused before any work."""


def split_removes(
    card: ActionCard,
    targets: Sequence[tuple[str, int]],
    power_die: int,
    effect_die: int,
    bonus: int = 0,
    attribute: str = "",
) -> bool:
    """Whether this split of a roll removes all ``targets`` (attribute, target number)."""
    value = card.power_on(power_die) + bonus
    pools = [(attribute or card.attribute, value)]
    follow = card.follow_up(effect_die)
    if follow:
        pools.append((follow, value))
    return fits(targets, pools)


def removal_odds(
    card: ActionCard, targets: Sequence[tuple[str, int]], bonus: int = 0, attribute: str = ""
) -> Fraction:
    """Probability that a 2D6 roll, split the better way, removes every obstacle in ``targets``.

    ``bonus`` is added power (grants, job effects, feats); ``attribute`` overrides the card's
    attribute (after an attribute change).

    A split's outcome depends only on the power die's value and the effect die's follow-up, so
    each distinct (value, follow-up) pair is decided once and the 36 rolls just look it up.
    """
    if len(targets) > MAX_OBSTACLES:
        raise InputError("lb.error.too_many_obstacles", count=len(targets), limit=MAX_OBSTACLES)
    own = attribute or card.attribute
    follows = [card.follow_up(face) for face in range(1, 7)]
    values = [card.power_on(face) + bonus for face in range(1, 7)]
    decided: dict[tuple[int, str], bool] = {}
    works = [[False] * 6 for _ in range(6)]  # works[power face][effect face]
    for p in range(6):
        for e in range(6):
            key = (values[p], follows[e])
            if key not in decided:
                pools = [(own, values[p])] + ([(follows[e], values[p])] if follows[e] else [])
                decided[key] = fits(targets, pools)
            works[p][e] = decided[key]
    hits = sum(works[d1][d2] or works[d2][d1] for d1 in range(6) for d2 in range(6))
    return Fraction(hits, 36)


def removal_odds_naive(
    card: ActionCard, targets: Sequence[tuple[str, int]], bonus: int = 0, attribute: str = ""
) -> Fraction:
    """The plain 36-roll × 2-split count, kept as the reference :func:`removal_odds` must equal.

    >>> from meikyu.systems.liberator.cards import sample_cards
    >>> removal_odds_naive(sample_cards().actions["magic_sword"], [("P", 4), ("M", 4)])
    Fraction(5, 36)
    """
    hits = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if split_removes(card, targets, d1, d2, bonus, attribute) or split_removes(
                card, targets, d2, d1, bonus, attribute
            ):
                hits += 1
    return Fraction(hits, 36)
