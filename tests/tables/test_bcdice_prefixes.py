"""BCDice reads Meikyuu Kingdom's table codes and checks as prefixes, and every system answers
``BCDiceVersion`` (issue 13 §2). The expected texts are BCDice 3.16.1's answers for the same dice,
recorded by ``scripts/compare_bcdice.py``'s recorder (facts about BCDice: its texts for these inputs)."""

from __future__ import annotations

import pytest

import meikyu
from meikyu.dice import ScriptedDice
from meikyu.errors import InputError
from meikyu.systems.meikyu_kingdom.commands import bcdice_table


def bcdice(command: str, *dice: int, system: str = "MeikyuKingdom") -> str:
    return meikyu.roll(command, system=system, dice=ScriptedDice(list(dice)), bcdice_messages=True).render("bcdice")


@pytest.mark.parametrize(
    ("word", "code"),
    [("KDTX", "KDT"), ("KDT1", "KDT"), ("ETC", "ET"), ("NTT", "NT"), ("TTX", "TT"), ("T1T9", "T1T"),
     ("1RETX", "1RET"), ("RUITX", "RUIT"), ("WITX", "WIT"), ("NAMEX", "NAME"), ("NAME3X", "NAME3"),
     ("NAME02", "NAME2"), ("NAMEAB", "NAMEA"), ("NAMEEXX", "NAMEEX"), ("PNT2X", "PNT2"), ("MLTX", "MLT"),
     ("KNT1X", "KNT1"), ("KNT03", "KNT3"), ("WORD04", "WORD4"), ("IFTX", "IFT"), ("DFTX", "DFT"),
     ("KNT", None), ("7RET", None), ("12RET", None), ("HELLO", None)],
)
def test_table_codes_are_read_as_bcdice_reads_them(word: str, code: str | None) -> None:
    assert bcdice_table(word) == code


@pytest.mark.parametrize("word", ["KDTX", "ETC", "T1T9", "1RETX", "NAME3X", "KNT1X", "WORD1X", "IDTX"])
def test_a_prefixed_code_rolls_exactly_its_table(word: str) -> None:
    code = bcdice_table(word)
    assert code is not None
    dice = [3, 5, 2, 6, 1, 4] * 6
    assert bcdice(word, *dice) == bcdice(code, *dice)
    assert bcdice(f"S{word}", *dice) == bcdice(code, *dice)


@pytest.mark.parametrize(
    ("command", "dice", "text"),
    [
        ("2MKX", (6, 1), "(2R6) ＞ 7[1,6] ＞ 7"),
        ("2MK+1X", (3, 6), "(2R6+1) ＞ 9[3,6]+1 ＞ 10"),
        ("2MK>=9X", (1, 6), "(2R6>=9) ＞ 7[1,6] ＞ 7 ＞ 失敗 (もしくは) 1 ＞ 失敗 ＆ 《気力》1点獲得"),
        ("3MK+2>=9abc", (1, 6, 1), "(3R6+2>=9) ＞ 7[1,1,6]+2 ＞ 9 ＞ 成功 (もしくは) 4 ＞ 失敗 ＆ 《気力》1点獲得"),
        ("2MK>9", (1, 4), "(2R6>9) ＞ 5[1,4] ＞ 5"),
        ("2MK==>8", (5, 3), "(2R6==>8) ＞ 8[3,5] ＞ 8 ＞ 成功"),
        ("2MK1", (3, 4), "(2R61) ＞ 7[3,4]+1 ＞ 8"),
        ("2MK+>=9", (3, 6), "(2R6+>=9) ＞ 9[3,6] ＞ 9 ＞ 成功 (もしくは) 3 ＞ 失敗 ＆ 《気力》1点獲得"),
        ("2MK+-1>=5", (6, 4), "(2R6+-1>=5) ＞ 10[4,6]-1 ＞ 9 ＞ 成功 (もしくは) 3 ＞ 失敗 ＆ 《気力》1点獲得"),
        ("2MK--1>=5", (5, 5), "(2R6--1>=5) ＞ 10[5,5]+1 ＞ 11 ＞ 成功"),
        ("2MK+1+>=5", (5, 4), "(2R6+1+>=5) ＞ 9[4,5] ＞ 9 ＞ 成功"),
        ("2MK>=?", (2, 1), "(2R6) ＞ 3[1,2] ＞ 3"),
        ("2MK6X", (6, 5), "(2R6) ＞ 11[5,6] ＞ 11"),
        ("S2MKX", (6, 3), "(2R6) ＞ 9[3,6] ＞ 9"),
    ],
)
def test_r_mk_10_checks_are_read_as_bcdice_reads_them(command: str, dice: tuple[int, ...], text: str) -> None:
    """BCDice reads ``nMK…`` as a prefix: what follows the check is left out, odd operators judge nothing."""
    assert bcdice(command, *dice) == text


def test_a_check_with_an_other_operator_is_not_judged_natively() -> None:
    """R-MK-10: only >= judges; ``2MK>9`` is rolled and read, with no success or failure."""
    result = meikyu.roll("2MK>9", system="MeikyuKingdom", dice=ScriptedDice([5, 6]))
    assert not result.success and not result.failure and result.achievement == 11
    assert meikyu.roll("2MK>9", system="MeikyuKingdom", dice=ScriptedDice([6, 6])).critical  # R-MK-11 all the same


@pytest.mark.parametrize("system", ["DiceBot", "MeikyuKingdom", "ShinGamebook", "Liberator"])
def test_bcdiceversion_is_answered_in_every_system(system: str) -> None:
    for word in ("BCDiceVersion", "bcdiceversion", "BCDICEVERSION 版"):
        assert bcdice(word, system=system) == "BCDice 3.16.1"
    for refused in ("SBCDiceVersion", "BCDiceVersion2", "BCDiceVersionX"):
        with pytest.raises(InputError):
            meikyu.roll(refused, system=system)
    text = meikyu.roll("BCDiceVersion", system=system, lang="ko").text
    assert "3.16.1" in text and "meikyu" in text


def test_the_api_reports_the_same_bcdice_version() -> None:
    from meikyu.api.v2 import BCDICE_VERSION

    assert bcdice("BCDiceVersion", system="DiceBot") == f"BCDice {BCDICE_VERSION}"


@pytest.mark.parametrize(("command", "codes"), [("KNT4", "KNT1, KNT2, KNT3"), ("KNT9X", "KNT1, KNT2, KNT3"),
                                                ("WORD5", "WORD1, WORD2, WORD3, WORD4")])
def test_a_numbered_table_bcdice_does_not_have_is_refused_with_the_ones_it_has(command: str, codes: str) -> None:
    """BCDice prints ``王国名表(n) ＞ `` with nothing after it; we say which tables exist instead."""
    with pytest.raises(InputError) as err:
        meikyu.roll(command, system="MeikyuKingdom")
    for lang in ("ko", "ja", "en"):
        assert codes in err.value.message(lang)
