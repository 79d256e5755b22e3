"""BCDice oracle: the same dice select the same roll value on all 14 Meikyuu Kingdom tables.

The oracle lives outside the repository (``/work/shared/oracle/bcdice``) and is never copied in;
these tests skip when it is absent.
"""

from __future__ import annotations

import pytest

from meikyu.dice.source import RecordingDice, ScriptedDice
from meikyu.systems.meikyu_kingdom.tables.catalog import TABLE_CODES, get_table
from tests.conftest import oracle_cases


def _cases() -> list[dict[str, object]]:
    return [c for c in oracle_cases("MeikyuKingdom.tables.jsonl") if str(c["input"]).upper() in TABLE_CODES]


def test_oracle_covers_every_code() -> None:
    assert {str(c["input"]).upper() for c in _cases()} == set(TABLE_CODES)


@pytest.mark.parametrize("code", TABLE_CODES)
def test_same_dice_same_roll_value(code: str) -> None:
    """R-MK-20 (KDT), R-MK-29 (CAT, CFT), R-MK-31 (FWT), R-MK-43 (T1T–T5T): BCDice's roll values."""
    cases = [c for c in _cases() if str(c["input"]).upper() == code]
    assert cases
    table = get_table(code)
    for case in cases:
        rands = list(case["rands"])  # type: ignore[call-overload]
        recorder = RecordingDice(ScriptedDice(rands))
        result = table.roll(recorder)
        assert result.value == case["roll_value"], case
        # Exactly the oracle's dice were drawn, as d6s, in order.
        assert recorder.rolls == [(6, v) for v in rands], case
        assert result.rolls == tuple(rands)
        assert result.entry.covers(result.value)


def test_emotion_table_reads_one_d6_as_three_pairs() -> None:
    """ET: BCDice rolls one d6 (value 1–6) and pairs the faces 1–2, 3–4, 5–6."""
    table = get_table("ET")
    pairs = [table.roll(ScriptedDice([face])).effects[0].get("positive") for face in range(1, 7)]
    assert pairs == ["loyalty", "loyalty", "friendship", "friendship", "love", "love"]
