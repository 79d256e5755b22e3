"""Properties of the command language over generated input (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import meikyu
from meikyu.errors import InputError

_terms = st.one_of(
    st.builds(lambda n, s: f"{n}D{s}", st.integers(1, 5), st.sampled_from([2, 3, 6, 10, 20])),
    st.integers(0, 20).map(str),
)
_exprs = st.recursive(
    _terms,
    lambda inner: st.one_of(
        st.builds(lambda a, op, b: f"{a}{op}{b}", inner, st.sampled_from(["+", "-", "*", "/"]), inner),
        inner.map(lambda e: f"({e})"),
    ),
    max_leaves=6,
)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=60))
def test_any_text_is_a_result_or_an_input_error(text: str) -> None:
    try:
        meikyu.roll(text, seed=0)
    except InputError as exc:
        assert exc.message("ko") and exc.message("ja") and exc.message("en")


@settings(max_examples=150, deadline=None)
@given(expr=_exprs, op=st.sampled_from(["", ">=7", "<=3", "<>5"]), seed=st.integers(0, 1000))
def test_replaying_recorded_dice_reproduces_the_result(expr: str, op: str, seed: int) -> None:
    try:
        first = meikyu.roll("1D6+" + expr + op, seed=seed)
    except InputError:
        return  # e.g. division by zero in the generated arithmetic
    again = meikyu.roll("1D6+" + expr + op, dice=list(first.rands))
    assert again.render("bcdice") == first.render("bcdice")
    assert (again.total, again.success, again.failure) == (first.total, first.success, first.failure)


@settings(max_examples=100, deadline=None)
@given(n=st.integers(0, 8), mod=st.integers(-5, 5), target=st.integers(0, 20), seed=st.integers(0, 10**6))
def test_mk_check_invariants(n: int, mod: int, target: int, seed: int) -> None:
    """R-MK-10/11/14: kept dice are at most two and come from the roll; flags are consistent."""
    r = meikyu.roll(f"{n}MK{mod:+d}>={target}", seed=seed)
    converted = r.drive - (2 if r.critical else 0)
    assert len(r.kept) == min(2, n - converted)
    assert sorted(r.kept) == list(r.kept)
    pool = list(r.dice)
    for v in r.kept:
        pool.remove(v)
    assert r.success != r.failure
    assert not (r.critical and r.fumble)
    if r.critical:
        assert r.kept == (6, 6) and r.success
    if r.fumble:
        assert r.kept == (1, 1) and r.achievement == 0 and r.failure
