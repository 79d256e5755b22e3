"""Answers the differential fuzzer (``scripts/fuzz_bcdice.py``) found BCDice giving, kept as facts (issue 30).

Each case: system, input, BCDice's dice in draw order, BCDice's text and its flags (the ones set). The
library is asked with ``bcdice_messages`` (as the bcdice-api face asks) and must answer the same text,
flags and dice.
"""

from __future__ import annotations

import pytest

import meikyu

# (system, input, dice, BCDice's text, BCDice's set flags)
FACTS: list[tuple[str, str, list[int], str, set[str]]] = [
    # upper dice with no dice at all: BCDice prints no highest (meikyu used to crash)
    ("DiceBot", "0U20[4]", [], "(0U20[4]) ＞  ＞ /0(最大/合計)", set()),
    ("DiceBot", "0U20[4]+2", [], "(0U20[4]+2) ＞ +2 ＞ /2(最大/合計)", set()),
    ("DiceBot", "0U20[4]>=3", [], "(0U20[4]>=3) ＞  ＞ 成功数0", set()),
    # repeats: the verdicts stay on each part, the whole answer's flags are false
    ("DiceBot", "x2 2D6>=7", [3, 4, 1, 2], "#1\n(2D6>=7) ＞ 7[3,4] ＞ 7 ＞ 成功\n\n#2\n(2D6>=7) ＞ 3[1,2] ＞ 3 ＞ 失敗", set()),
    ("MeikyuKingdom", "x2 2D6>=7", [3, 6, 6, 5],
     "#1\n(2D6>=7) ＞ 9[3,6] ＞ 9 ＞ 成功 (もしくは) 3 ＞ 失敗 ＆ 《気力》1点獲得\n\n"
     "#2\n(2D6>=7) ＞ 11[5,6] ＞ 11 ＞ 成功 (もしくは) 5 ＞ 失敗 ＆ 《気力》1点獲得", set()),
]
FLAGS = ("secret", "success", "failure", "critical", "fumble")


@pytest.mark.parametrize(("system", "command", "dice", "text", "flags"), FACTS)
def test_bcdice_answer(system: str, command: str, dice: list[int], text: str, flags: set[str]) -> None:
    result = meikyu.roll(command, system=system, dice=dice, bcdice_messages=True)
    assert result.render("bcdice") == text
    assert {f for f in FLAGS if getattr(result, f)} == flags
    assert list(result.dice) == dice
