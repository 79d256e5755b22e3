"""The obstacle-sharing decision (R-LB-09) equals the old exhaustive search, and stays fast for long lists."""

from __future__ import annotations

import time
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.odds import removal_odds
from meikyu.systems.liberator.packing import fits


def backtracking(targets: Sequence[tuple[str, int]], pools: Sequence[tuple[str, int]]) -> bool:
    """The first version: try every obstacle in every power of its attribute."""
    remaining = [value for _, value in pools]
    order = sorted(targets, key=lambda t: -t[1])

    def place(i: int) -> bool:
        if i == len(order):
            return True
        attr, target = order[i]
        for j, (pool_attr, _) in enumerate(pools):
            if pool_attr == attr and remaining[j] >= target:
                remaining[j] -= target
                if place(i + 1):
                    return True
                remaining[j] += target
        return False

    return place(0)


attribute = st.sampled_from("PMC")


@settings(max_examples=400, deadline=None)
@given(
    targets=st.lists(st.tuples(attribute, st.integers(1, 7)), max_size=7),
    pools=st.lists(st.tuples(attribute, st.integers(-1, 12)), min_size=1, max_size=4),
)
def test_r_lb_09_fits_equals_exhaustive_search(targets: list[tuple[str, int]], pools: list[tuple[str, int]]) -> None:
    assert fits(targets, pools) == backtracking(targets, pools)


def test_r_lb_09_twenty_five_obstacles_answer_at_once() -> None:
    sword = sample_cards().actions["magic_sword"]
    start = time.perf_counter()
    odds = removal_odds(sword, [("M", 1)] * 25, bonus=6, attribute="M")
    assert time.perf_counter() - start < 0.05
    assert 0 <= odds <= 1


def test_more_obstacles_than_any_mission_are_refused_with_a_message() -> None:
    import pytest

    from meikyu.errors import InputError
    from meikyu.systems.liberator.odds import MAX_OBSTACLES

    sword = sample_cards().actions["magic_sword"]
    with pytest.raises(InputError) as refused:
        removal_odds(sword, [("M", 1)] * (MAX_OBSTACLES + 1))
    assert str(MAX_OBSTACLES) in refused.value.message("en")
    assert "장애" in refused.value.message("ko")
