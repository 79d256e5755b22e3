"""Exact odds of a declared check, and the completeness of the mk catalogs."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from importlib import resources
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st
from mk_core_helpers import pc

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.systems.meikyu_kingdom.check.auto import resolve
from meikyu.systems.meikyu_kingdom.check.check import CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.check.forecast import declared_odds
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom


def brute(state: CheckState, decl: DeclareCheck) -> tuple[Fraction, Fraction, Fraction]:
    n = 2 + len(decl.hope)
    wins = crits = fumbles = 0
    for roll in product(range(1, 7), repeat=n):
        s, _ = resolve(state, decl, ScriptedDice(list(roll)))
        wins += bool(s.success)
        crits += s.critical
        fumbles += s.fumble
    total = 6**n
    return Fraction(wins, total), Fraction(crits, total), Fraction(fumbles, total)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 4), st.integers(4, 14), st.integers(0, 1), st.integers(0, 3), st.booleans())
def test_odds_match_playing_every_roll(stat: int, difficulty: int, hope: int, capacity: int, curse: bool) -> None:
    """R-MK-10/11/14/15: the exact odds equal resolving every possible roll with the same policy."""
    statuses = frozenset({"curse"}) if curse else frozenset()
    state = CheckState(Kingdom("k", voice=10), (pc(wit=stat, capacity=capacity, statuses=statuses),))
    decl = DeclareCheck("a", "wit", difficulty, hope=("voice",) * hope)
    odds = declared_odds(state, decl)
    assert (odds.success, odds.critical, odds.fumble) == brute(state, decl)


def test_two_dice_known_values() -> None:
    """R-MK-10/11: 2D6+2 ≥ 9 is 21/36 (1-1 never succeeds); critical and fumble 1/36 each."""
    state = CheckState(Kingdom("k"), (pc(),))
    odds = declared_odds(state, DeclareCheck("a", "wit", 9))
    assert (odds.success, odds.critical, odds.fumble) == (Fraction(21, 36), Fraction(1, 36), Fraction(1, 36))


def _flat(table: dict[str, object], prefix: str = "") -> set[str]:
    keys: set[str] = set()
    for k, v in table.items():
        keys |= _flat(v, f"{prefix}{k}.") if isinstance(v, dict) else {prefix + k}
    return keys


def test_catalogs_have_the_same_keys() -> None:
    """Every mk core message (errors, events, words, sheet texts) exists in ko, ja and en."""
    pkg = resources.files("meikyu.systems.meikyu_kingdom.i18n")
    mine = ("error", "event", "word", "sheet")
    keys = {
        lang: {k for k in _flat(tomllib.loads(pkg.joinpath(f"{lang}.toml").read_text("utf-8"))) if k.split(".")[0] in mine}
        for lang in ("ko", "ja", "en")
    }
    assert keys["ko"] == keys["en"] == keys["ja"]
