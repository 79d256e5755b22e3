"""The fast two-dice reading in battle checks agrees with the general check arithmetic (R-MK-10/11)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from meikyu.systems.meikyu_kingdom.combat.resolve import _plain_pair
from meikyu.systems.meikyu_kingdom.rolls import evaluate

die = st.integers(min_value=1, max_value=6)


@given(die, die, st.integers(-5, 10), st.integers(0, 20), st.booleans())
def test_plain_pair_matches_evaluate(a: int, b: int, modifier: int, target: int, curse: bool) -> None:
    fast = _plain_pair((a, b), modifier, target, curse)
    slow = evaluate((a, b), modifier, target, 0, curse=curse)
    assert (fast.kept, fast.achievement, fast.critical, fast.fumble, fast.success) == (
        slow.kept,
        slow.achievement,
        slow.critical,
        slow.fumble,
        slow.success,
    )
    assert fast.drive == slow.drive
