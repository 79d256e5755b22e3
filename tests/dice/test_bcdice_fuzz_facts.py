"""Answers the differential fuzzer (``scripts/fuzz_bcdice.py``) found BCDice giving, kept as facts (issue 30).

Each case: system, input, BCDice's dice in draw order, BCDice's text and its flags (the ones set). The
library is asked with ``bcdice_messages`` (as the bcdice-api face asks) and must answer the same text,
flags and dice.
"""

from __future__ import annotations

import pytest

import meikyu
from meikyu.errors import LimitError

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
    # Meikyuu Kingdom checks: BCDice folds (…) to numbers first and echoes the check as typed (nMK → nR6)
    ("MeikyuKingdom", "2MK+(1+1)>=9", [2, 4], "(2R6+2>=9) ＞ 6[2,4]+2 ＞ 8 ＞ 失敗", {"failure"}),
    ("MeikyuKingdom", "(1+2)R6", [6, 3, 5], "(3R6) ＞ 11[3,5,6] ＞ 11", set()),
    ("MeikyuKingdom", "(1+2)MK+1D6=>9", [1, 5, 2], "(3R6+1) ＞ 7[1,2,5]+1 ＞ 8", set()),
    ("MeikyuKingdom", "(2)mk*2>9", [5, 3], "(2R6) ＞ 8[3,5] ＞ 8", set()),
    ("MeikyuKingdom", "3MK=>9", [3, 2, 2], "(3R6=>9) ＞ 5[2,2,3] ＞ 5 ＞ 失敗", {"failure"}),
    ("MeikyuKingdom", "01MK", [2], "(01R6) ＞ 2", set()),
    # nMK of 101–200 dice rolls, as in BCDice (flags: ours, by the rules; BCDice leaves them false)
    ("MeikyuKingdom", "120MK+2>=9", [1] * 17 + [2] * 20 + [3] * 22 + [4] * 19 + [5] * 19 + [6] * 23,
     "(120R6+2>=9) ＞ 12[" + ",".join(["1"] * 17 + ["2"] * 20 + ["3"] * 22 + ["4"] * 19 + ["5"] * 19 + ["6"] * 23)
     + "]+2 ＞ 14 ＞ 絶対成功 ＆ 《気力》23点獲得", {"success", "critical"}),
    # a sum with D66 in it is judged as a plain sum (no nD6 verdict, no drive hint)
    ("MeikyuKingdom", "2D66>=30", [2, 1, 5, 2], "(2D66>=30) ＞ 37[12,25] ＞ 37 ＞ 成功", {"success"}),
    ("MeikyuKingdom", "2D6+1D66>=30", [2, 5, 1, 2], "(2D6+1D66>=30) ＞ 7[2,5]+12[12] ＞ 19 ＞ 失敗", {"failure"}),
    # dice BCDice cannot roll: its zero-dice answer keeps its verdict
    ("DiceBot", "2D0>=3", [], "(2D0>=3) ＞ 0[0,0] ＞ 0 ＞ 失敗", {"failure"}),
    ("DiceBot", "201D8>=-1", [], "(201D8>=-1) ＞ 0 ＞ 成功", {"success"}),
    ("DiceBot", "1D99999>=3", [], "(1D99999>=3) ＞ 0 ＞ 失敗", {"failure"}),
    ("DiceBot", "x2 201D8>=-1", [], "#1\n(201D8>=-1) ＞ 0 ＞ 成功\n\n#2\n(201D8>=-1) ＞ 0 ＞ 成功", set()),
]
FLAGS = ("secret", "success", "failure", "critical", "fumble")


@pytest.mark.parametrize(("system", "command", "dice", "text", "flags"), FACTS)
def test_bcdice_answer(system: str, command: str, dice: list[int], text: str, flags: set[str]) -> None:
    result = meikyu.roll(command, system=system, dice=dice, bcdice_messages=True)
    assert result.render("bcdice") == text
    assert {f for f in FLAGS if getattr(result, f)} == flags
    assert list(result.dice) == dice


def test_201_d66_roll_all_their_dice() -> None:
    result = meikyu.roll("201D66", system="MeikyuKingdom", seed=1, bcdice_messages=True)
    assert len(result.rands) == 402


@pytest.mark.parametrize("command", ["10001D6>=3", "(1000000000+1)D1<=185", "x2 10001D6"])
def test_past_bcdices_10000_dice_is_refused(command: str) -> None:
    """BCDice raises there (bcdice-api: 500); we refuse with our limit's message (400 on the server)."""
    with pytest.raises(LimitError):
        meikyu.roll(command, system="DiceBot", bcdice_messages=True)
