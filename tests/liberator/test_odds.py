"""Exact odds of removing chosen obstacles: checked against playing every roll through the rules."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from lb_helpers import RULES, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.odds import removal_odds, removal_odds_naive
from meikyu.systems.liberator.state import Declare, Resolve, Split

CARDS = sample_cards()


def _by_rules(card: str, specs: tuple[str, ...]) -> Fraction:
    """Play all 36 rolls with both splits through the state machine."""
    job = next(j.id for j in CARDS.jobs.values() if card in j.actions)
    base = start(table(("p", job, ["insignia" if card != "insignia" else "mount"])), *specs)
    hits = 0
    for d1, d2 in product(range(1, 7), repeat=2):
        ok = False
        for power in {d1, d2}:
            s, _ = step(base, Declare(card), [d1, d2])
            if s.turn.step == "split":
                s, _ = step(s, Split(power))
            try:
                step(s, Resolve(tuple(range(1, len(specs) + 1))))
                ok = True
            except RuleError:
                pass
        hits += ok
    return Fraction(hits, 36)


@settings(max_examples=15, deadline=None)
@given(
    st.sampled_from(["swing", "applause_strike", "know_habits", "illusion_magic", "structure_analysis"]),
    st.lists(st.sampled_from(["P1", "P2", "P4", "M1", "M3", "C2", "C4"]), min_size=1, max_size=3),
)
def test_exact_odds_agree_with_the_rules(card: str, specs: list[str]) -> None:
    targets = [(s[0], int(s[1:])) for s in specs]
    assert removal_odds(CARDS.actions[card], targets) == _by_rules(card, tuple(specs))


def test_both_splits_are_considered() -> None:
    swing = CARDS.actions["swing"]
    assert removal_odds(swing, [("P", 6)]) == Fraction(11, 36)  # any 6 can be the power die
    assert removal_odds(swing, [("P", 6)], bonus=1) == Fraction(20, 36)  # a 5 or 6
    assert removal_odds(swing, [("M", 1)], attribute="M") == Fraction(35, 36)
    assert RULES is not None


def test_fast_odds_equal_the_naive_count_on_many_cases() -> None:
    """R-LB-09, R-LB-14: the per-face precomputation gives exactly the plain 36-roll count — every
    sample card, against many obstacle sets, bonuses and attribute changes."""
    rng = random.Random(6)
    cases = 0
    for card in CARDS.actions.values():
        for _ in range(40):
            targets = [(rng.choice("PMC"), rng.randint(1, 7)) for _ in range(rng.randint(1, 3))]
            bonus = rng.choice((0, 0, 1, 2))
            attribute = rng.choice(("", "", "P", "M", "C"))
            assert removal_odds(card, targets, bonus, attribute) == removal_odds_naive(
                card, targets, bonus, attribute
            )
            cases += 1
    assert cases == 36 * 40
