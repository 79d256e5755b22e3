"""MeikyuKingdomBasic, BCDice's face of the Basic Rulebook (issue 30): checks, tables, refusals, rounding.

The oracle (``../shared/oracle/bcdice/MeikyuKingdomBasic.*.jsonl``, derived from BCDice's tests) is read in
place and skipped when absent. Checks: BCDice's text byte for byte; flags by the seeds' rules (R-MK-10/11/14)
for nMK, BCDice's for plain sums. Tables: the same dice select the same roll value under the same title.
"""

from __future__ import annotations

import tomllib

import pytest

import meikyu
from meikyu.errors import CommandError
from meikyu.systems import find
from meikyu.systems.meikyu_kingdom.check.rolls import best_outcome
from meikyu.systems.meikyu_kingdom_basic.tables import FILE_DICE, get_table, shapes
from tests.conftest import oracle_cases

SYSTEM = "MeikyuKingdomBasic"
SAME_AS_MK = {"NAMEA", "NAMEB", "NAMEFA", "PNT", "PNT1", "PNT10", "MLT", "MLT1", "MLT10", "MPT"}
VALUE = __import__("re").compile(r"^[^(＞]*\(([\d,]*)\) ＞ ")


def test_registered_under_bcdices_id_and_aliases() -> None:
    assert find("MeikyuKingdomBasic").id == SYSTEM
    assert find("mkb").id == SYSTEM
    assert find("迷宮キングダム 基本ルールブック").id == SYSTEM


def test_oracle_checks_are_byte_identical_r_mk_10_11_14() -> None:
    cases = oracle_cases(f"{SYSTEM}.checks.jsonl")
    assert len(cases) == 25
    for case in cases:
        result = meikyu.roll(case["input"], system=SYSTEM, dice=case["rands"])
        assert result.render("bcdice") == case["output"], case
        assert result.secret == case["secret"]
        if "MK" in case["input"].upper():  # flags by the rules engine, as for MeikyuKingdom
            head = case["input"].upper().split(">=")
            mod = int(head[0].split("+")[1]) if "+" in head[0] else 0
            expected = best_outcome(case["rands"], mod, int(head[1]) if len(head) > 1 else None)
            assert (result.critical, result.fumble, result.success) == (
                expected.critical, expected.fumble, bool(expected.success)), case
        else:
            for flag in ("success", "failure", "critical", "fumble"):
                assert getattr(result, flag) == case[flag], (case, flag)


def test_basic_drive_hint_counts_every_six_without_the_alternative() -> None:
    """BCDice's Basic: ``＆ 《気力》k点獲得`` for k sixes, no "(もしくは)" reading (MeikyuKingdom prints one)."""
    basic = meikyu.roll("3MK+2>=9", system=SYSTEM, dice=[6, 3, 1]).render("bcdice")
    mk = meikyu.roll("3MK+2>=9", system="MeikyuKingdom", dice=[6, 3, 1]).render("bcdice")
    assert basic == "(3R6+2>=9) ＞ 9[1,3,6]+2 ＞ 11 ＞ 成功 ＆ 《気力》1点獲得"
    assert "(もしくは)" in mk
    assert meikyu.roll("2D6>=7", system=SYSTEM, dice=[6, 6]).render("bcdice") == \
        "(2D6>=7) ＞ 12[6,6] ＞ 12 ＞ 絶対成功 ＆ 《気力》2点獲得"


@pytest.mark.parametrize(("command", "dice", "text"), [
    ("C(5/2)", [], "c(5/2) ＞ 3"),
    ("C(5/2F)", [], "c(5/2F) ＞ 2"),
    ("1D6/4", [2], "(1D6/4) ＞ 2[2]/4 ＞ 1"),
    ("2MK+(5/2)>=9", [3, 2], "(2R6+3>=9) ＞ 5[2,3]+3 ＞ 8 ＞ 失敗"),
])
def test_basic_rounds_a_bare_division_up(command: str, dice: list[int], text: str) -> None:
    """BCDice's Basic rounds ``/`` up (its round_type is ceil); the other systems round down."""
    assert meikyu.roll(command, system=SYSTEM, dice=dice, bcdice_messages=True).render("bcdice") == text
    assert meikyu.roll("C(5/2)", system="MeikyuKingdom").render("bcdice") == "c(5/2) ＞ 2"


def test_oracle_tables_select_bcdices_roll_value_and_draw_its_dice() -> None:
    """All 333 table cases, composites too (KET, NAME, NNAME2, DEMT1, WORD1…): BCDice's dice, every one of
    them and no more, in its order, select BCDice's roll value (the number BCDice prints in the title)."""
    cases = oracle_cases(f"{SYSTEM}.tables.jsonl")
    assert len(cases) == 333
    same = 0
    for case in cases:
        result = meikyu.roll(str(case["input"]), system=SYSTEM, dice=case["rands"])
        assert [v for _, v in result.rands] == case["rands"], case  # exactly BCDice's dice, in order
        printed = VALUE.match(result.render("bcdice"))
        assert printed is not None, case
        assert int(printed.group(1).split(",")[0]) == case["roll_value"], case
        same += case["input"] in SAME_AS_MK
    assert same == 10  # Meikyuu Kingdom's own tables answer these, as BCDice's Basic does


def test_every_table_is_written_matches_its_shape_and_covers_every_roll() -> None:
    for code in sorted(shapes()):
        if shapes()[code].get("chain") or shapes()[code].get("pick"):  # no entries of their own
            continue
        table = get_table(code)
        assert table.name.pick("ja") == shapes()[code]["title"], code
        assert table.dice == FILE_DICE.get(shapes()[code]["dice"], shapes()[code]["dice"]), code
        for value in table.kind.values():
            entry = table.entry_for(value)
            assert all(entry.text.pick(lang) for lang in ("ko", "ja", "en")), (code, value)


def test_written_table_rolls_bcdices_line_with_our_entry() -> None:
    result = meikyu.roll("BUS", system=SYSTEM, dice=[2])
    assert result.render("bcdice") == "基本肉弾スキル表(2) ＞ 鉄腕"
    assert result.render("text", "en") == "Basic Brawling Skills(2) → Iron Arm"
    assert meikyu.roll("ABUS", system=SYSTEM, dice=[4]).render("bcdice") == "上級肉弾スキル表(4) ＞ 追い討ち"
    assert meikyu.roll("KDT", system=SYSTEM, dice=[4, 5]).render("bcdice").startswith("王国災厄表(9) ＞ 食糧危機。")
    # a chain prints both rolls; item names are facts, so these lines are BCDice's byte for byte
    assert meikyu.roll("CIR", system=SYSTEM, dice=[1, 2, 2]).render("bcdice") == \
        "コモンアイテムランダム決定表(1) ＞ 武具アイテム表(22) ＞ 棘（だんびら）"
    assert meikyu.roll("CIR", system=SYSTEM, dice=[4, 3, 3]).render("bcdice") == \
        "コモンアイテムランダム決定表(4) ＞ 探索アイテム表(33) ＞ 迷宮迷彩（星の欠片）"


@pytest.mark.parametrize(("command", "dice", "text"), [
    # BCDice's answers (3.16.1) to the same dice: ours print the same title and roll value over our words
    ("NMARX", [3, 5], "芸術系名前表(35) ＞ "),
    ("EXIT+2", [2, 2], "遠征道中表(6) ＞ "),
    ("EXIT-20", [1, 6], "遠征道中表(0) ＞ "),
    ("EXIT2", [5, 3], "遠征道中表(10) ＞ "),
    ("GUCT", [4, 5, 5], "守護星座表(455) ＞ ゴーレム（基本p.193）"),
    ("KNT1X", [2, 5], "王国名決定表(25) ＞ "),
    ("TKNT1", [4, 3], "旅する王国名決定表1(34) ＞ "),
    ("DNAT", [5, 6], "ダイナマイト帝国名前表(56) ＞ "),
    ("KETX", [4, 3], "王国環境表(4) ＞ "),
    ("DEMT3", [1, 2, 2], "需要表(1,2,2) ＞ "),
    ("RNCT2", [6, 6, 4, 2, 4, 2, 1, 2], "人種名文字表(12,6,6,3) ＞ "),
    ("CUMT", [1, 3, 3], "通貨材質表(4,3) ＞ "),
    ("CMNT", [3, 6, 5, 2, 3], "組み合わせ系二つ名表(3,56,23) ＞ "),
    ("NNAME2", [1, 2, 1, 5, 5, 6, 2, 4, 2, 5, 4, 5], "新名前表(2) ＞ [1,2,15,56]"),
    ("NAME2X", [2, 2, 6, 6, 6, 5, 6, 4, 3, 3, 6], "名前表(2) ＞ [2,26,66]"),
    ("DFT1", [1, 5, 5, 2, 4, 2, 2, 4], "デヴァイス・ファクトリー表 (特性1個) ＞ ベースアイテム：手裏剣（だんびら）"),
    ("KDTX", [5, 3], "王国災厄表(8) ＞ "),  # the older Meikyuu Kingdom table, as BCDice's Basic falls back to it
    ("TBTX", [1, 5], "才覚休憩表(6) ＞ "),
])
def test_basic_readings_draw_bcdices_dice_in_its_order(command: str, dice: list[int], text: str) -> None:
    result = meikyu.roll(command, system=SYSTEM, dice=dice)
    assert result.render("bcdice").startswith(text)
    assert [v for _, v in result.rands] == dice
    assert result.render("text", "en")  # every language answers


def test_structure_as_bcdice_for_composites() -> None:
    """Same markers in the same places as BCDice's answer to the same dice (the words are ours)."""
    dft = meikyu.roll("DFT3", system=SYSTEM, dice=[2, 6, 5, 1, 4, 2, 3, 5, 1, 5, 4, 5, 4]).render("bcdice")
    assert dft.split("\n")[3].startswith("特性[6]：")
    assert "アイテムカテゴリ決定表(5) ＞ レア一般アイテムランダム決定表(4) ＞ 上級レア一般アイテム表(54) ＞ 召魔鏡" in dft
    demand = meikyu.roll("DEMT25", system=SYSTEM, dice=[1] * 5 + [2] * 2 + [3] * 4 + [4] * 3 + [5] * 4 + [6] * 7)
    lines = demand.render("bcdice").split("\n")
    assert len(lines) == 6 and lines[0].endswith(" ＞ 維持費25MG上昇。") and lines[1].endswith(" ＞ 25MG獲得。")


@pytest.mark.parametrize(("command", "key"), [
    ("ABUSX", "mkb.error.no_reading"),  # BCDice raises NameError here (bcdice-api: 500)
    ("RMSX", "mkb.error.no_reading"),
    ("NRWTX", "mkb.error.no_reading"),
    ("NNAME0", "mk.error.gen_count"),  # BCDice raises too
    ("DEMT0", "mk.error.gen_count"),  # BCDice prints an empty line
    ("RNCT0", "mk.error.gen_count"),
    ("KNT4", "mk.error.codes.no_numbered_table"),
    ("WORD5", "mk.error.codes.no_numbered_table"),
])
def test_readings_bcdice_fails_or_leaves_empty_are_refused_plainly(command: str, key: str) -> None:
    with pytest.raises(CommandError) as caught:
        meikyu.roll(command, system=SYSTEM)
    assert caught.value.key == key


@pytest.mark.parametrize("command", ["LRT", "1RET", "KMT", "IDT", "RWIT", "BUSX", "FETX"])
def test_words_outside_basics_pattern_or_reading_are_no_command(command: str) -> None:
    """BCDice's Basic answers nothing to these (its pattern stops them, or no reading takes them)."""
    with pytest.raises(CommandError) as caught:
        meikyu.roll(command, system=SYSTEM)
    assert caught.value.key == "error.command.unknown"


def test_shapes_cover_bcdices_table_commands() -> None:
    data = tomllib.loads((__import__("pathlib").Path(__file__).parents[2] / "src/meikyu/systems/meikyu_kingdom_basic/data"
                          / "shapes.toml").read_text(encoding="utf-8"))
    assert len(data["tables"]) == 180  # BCDice's 174 table commands and KET, NAMEEX, WORD1-4 (read through its MK parent)
    assert {s["dice"] for s in data["tables"].values()} <= {"1D4", "1D6", "2D6", "D66", "D66N", "3D6DIGITS", "2D6EXIT"}


@pytest.mark.parametrize("command", ["SNNAME2", "SDFT1", "SKDTX", "SGUCT", "SEXIT+2", "SKET", "SNAME2", "SCMNT", "SDEMT3"])
def test_a_secret_basic_composite_or_reading_stays_secret(command: str) -> None:
    """Every kind of Basic reading (table, composite, Meikyuu Kingdom's inherited one) keeps the S."""
    result = meikyu.roll(command, system=SYSTEM, seed=2)
    assert result.secret
    assert meikyu.roll(command[1:], system=SYSTEM, seed=2).render("bcdice") == result.render("bcdice")
