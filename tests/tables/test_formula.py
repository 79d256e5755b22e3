"""Effect formulas (meikyu.formula): parsing, dice draw order, limits, errors."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.dice.source import RecordingDice, ScriptedDice
from meikyu.errors import InputError
from meikyu.formula import FormulaSyntaxError, evaluate, parse_formula


@pytest.mark.parametrize(("text", "dice", "env", "value"), [
    ("-2D6", [3, 4], {}, -7),
    ("2D6+1D6", [1, 2, 3], {}, 6),
    ("friendly_nationsD6+order", [6, 5], {"friendly_nations": 2, "order": 3}, 14),
    ("hostile_nations*2+unfriendly_nations+9", [], {"hostile_nations": 1, "unfriendly_nations": 0}, 11),
    ("9-hp", [], {"hp": -3}, 12),
    ("hp/2", [], {"hp": 7}, 3),
    ("citizens_home/10+order", [], {"citizens_home": 9, "order": 1}, 1),
    ("max(0, 1D6-successes)", [2], {"successes": 1}, 1),
    ("min(3, 2, 5)", [], {}, 2),
    ("-(1+2)*3", [], {}, -9),
    ("0D6", [], {}, 0),
])
def test_values(text: str, dice: list[int], env: dict[str, int], value: int) -> None:
    rec = RecordingDice(ScriptedDice(dice))
    assert parse_formula(text).evaluate(rec, env) == value
    assert [v for _, v in rec.rolls] == dice  # every die drawn, in written order


@pytest.mark.parametrize("text", ["", "1d6", "2D", "(1", "1+", "foo(1)", "a b", "$", "1" * 12, "x" * 300])
def test_syntax_errors(text: str) -> None:
    with pytest.raises(FormulaSyntaxError):
        parse_formula(text)


def test_evaluation_errors_are_input_errors() -> None:
    with pytest.raises(InputError) as info:
        parse_formula("voice+1").evaluate(ScriptedDice([]), {})
    assert info.value.key == "error.formula.unbound" and "voice" in info.value.message("ko")
    with pytest.raises(InputError) as info:
        parse_formula("1/(hp-hp)").evaluate(ScriptedDice([]), {"hp": 2})
    assert info.value.key == "error.formula.zero_division"
    with pytest.raises(InputError) as info:
        parse_formula("1000D6").evaluate(ScriptedDice([]), {})
    assert info.value.key == "error.formula.limit"
    assert "1000" in info.value.message("ja")


def test_evaluate_accepts_ints_and_texts() -> None:
    assert evaluate(5, ScriptedDice([])) == 5
    assert evaluate("1D6", ScriptedDice([4])) == 4
    assert parse_formula("1D6").has_dice and not parse_formula("voice").has_dice
    assert parse_formula("max(a, bD6)").variables == {"a", "b"}


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="0123456789D+-*/(), abhpD", max_size=30))
def test_parse_never_crashes(text: str) -> None:
    try:
        formula = parse_formula(text)
    except FormulaSyntaxError:
        return
    env = {name: 2 for name in formula.variables}
    with contextlib.suppress(InputError):
        formula.evaluate(ScriptedDice([1] * 400), env)
