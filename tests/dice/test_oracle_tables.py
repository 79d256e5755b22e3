"""Every shipped table command selects the oracle's roll value for the same dice."""

from __future__ import annotations

import meikyu
from meikyu.systems.meikyu_kingdom.commands import TABLE_CODES
from tests.conftest import oracle_cases


def test_table_roll_values_match_bcdice() -> None:
    cases = [c for c in oracle_cases("MeikyuKingdom.tables.jsonl") if c["input"] in TABLE_CODES]
    assert {c["input"] for c in cases} == set(TABLE_CODES)
    for case in cases:
        result = meikyu.roll(case["input"], dice=case["rands"])
        assert result.total == case["roll_value"], case
        assert [v for _, v in result.rands] == case["rands"]
