"""BCDice compatibility of the plain roller (DiceBot): every case of BCDice's own test data renders
byte-identically, with the same flags, from the same dice; what BCDice refuses we refuse.

Where BCDice answers a message instead of a roll (``2R6``, ``rep0 1D6``), meikyu raises a clear
error that carries BCDice's text; ``bcdice_messages=True`` (the bcdice-api face) turns it into a result.
"""

from __future__ import annotations

import pytest

import meikyu
from meikyu.dice.source import ScriptedDice
from meikyu.errors import CommandError
from tests.conftest import ORACLE_DIR, oracle_cases

_FILE = "DiceBot.checks.jsonl"
_FLAGS = ("success", "failure", "critical", "fumble", "secret")


def _ids() -> list[str]:
    if not (ORACLE_DIR / _FILE).is_file():
        return ["absent"]
    return [f"{i}:{c['file']}:{c['input']}" for i, c in enumerate(oracle_cases(_FILE))]


@pytest.fixture(scope="module")
def cases() -> list[dict]:
    return oracle_cases(_FILE)


@pytest.mark.parametrize("index", range(len(_ids())), ids=_ids())
def test_dicebot_case(cases: list[dict], index: int) -> None:
    case = cases[index]
    dice = ScriptedDice([tuple(pair) for pair in case["rands"]])
    if case["output"] == "":
        with pytest.raises(CommandError):
            meikyu.roll(case["input"], system="DiceBot", dice=dice)
        return
    result = meikyu.roll(case["input"], system="DiceBot", dice=dice, bcdice_messages=True)
    assert result.render("bcdice") == case["output"]
    assert {f: getattr(result, f) for f in _FLAGS} == {f: case[f] for f in _FLAGS}
    assert dice.remaining == 0
    assert [list(r) for r in result.rands] == case["rands"]
