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

from meikyu.systems.liberator.cards import ActionCard
from meikyu.systems.liberator.rules import fits


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
    """
    hits = 0
    for d1 in range(1, 7):
        for d2 in range(1, 7):
            if split_removes(card, targets, d1, d2, bonus, attribute) or split_removes(
                card, targets, d2, d1, bonus, attribute
            ):
                hits += 1
    return Fraction(hits, 36)
