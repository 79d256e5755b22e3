"""BCDice oracle: every Meikyuu Kingdom table command (548 cases) selects BCDice's roll value from the same
dice, drawing exactly those dice; titles are BCDice's (``お宝１表(6) ＞ …``)."""

from __future__ import annotations

from importlib import resources

import pytest

import meikyu
from meikyu.errors import CommandError
from meikyu.systems.meikyu_kingdom.tables.catalog import TABLE_CODES, get_part, get_table
from meikyu.systems.meikyu_kingdom.tables.generators import MAX_COUNT
from tests.conftest import oracle_cases

PARTS = resources.files("meikyu.systems.meikyu_kingdom").joinpath("data").joinpath("tables").joinpath("parts")


def test_every_table_case_selects_bcdices_roll_value() -> None:
    cases = oracle_cases("MeikyuKingdom.tables.jsonl")
    assert len(cases) == 548
    for case in cases:
        result = meikyu.roll(case["input"], dice=case["rands"])
        assert result.total == case["roll_value"], case
        assert [v for _, v in result.rands] == case["rands"], case


@pytest.mark.parametrize(("command", "dice", "title"), [
    ("T1T", [6], "お宝１表(6) ＞ "), ("NT", [2, 6], "交渉表(8) ＞ "), ("1RET", [5], "1Lvランダムエンカウント表(5) ＞ "),
    ("NAME", [4, 4, 3, 3, 3], "名前表(1) ＞ [4,34,33]"), ("MLT2", [1, 1, 1, 2, 2, 2], "地名表(2) ＞ 「"),
    ("KNT2", [6, 6], "王国名表(66) ＞ "), ("WORD4", [2, 1], "単語表(12) ＞ "), ("IDT", [1, 6, 3], "アイテムカテゴリ決定表(1) ＞ "),
    ("IFT", [3, 2, 2, 3], "アイテム特性表(5) ＞ 特性[5]："), ("DFT", [6, 6, 3, 2, 6, 2, 5], "デバイスファクトリー表(1) ＞ "),
    ("RWIT", [2, 1], "レア武具アイテム表(21) ＞ "), ("LBT", [1, 1], "カップル休憩表(11) ＞ "),
])
def test_titles_are_bcdices(command: str, dice: list[int], title: str) -> None:
    assert meikyu.roll(command, dice=dice).render("bcdice").startswith(title)


def test_a_name_with_epithet_a_66_takes_a_number() -> None:
    """BCDice: epithet table A has no 66; the name gets a numbered heir (one more d6)."""
    r = meikyu.roll("NAME", dice=[1, 1, 2, 6, 6, 3])
    assert r.render("bcdice").startswith("名前表(1) ＞ [1,12,66]") and r.render("bcdice").endswith("3世")
    assert r.render("text", "en").endswith(" III") and r.render("text", "ko").endswith(" 3세")


def test_counts_are_bounded() -> None:
    with pytest.raises(CommandError):
        meikyu.roll(f"NAME{MAX_COUNT + 1}")


def test_every_entry_is_written_in_three_languages() -> None:
    """Every table and every part of a composite table has a text in ko, ja and en for each roll."""
    tables = [get_table(code) for code in TABLE_CODES]
    tables += [get_part(p.name[:-5]) for p in PARTS.iterdir() if p.name.endswith(".toml")]
    assert len(tables) > len(TABLE_CODES) + 25
    for table in tables:
        for entry in table.entries:
            for lang in ("ko", "ja", "en"):
                assert entry.text.pick(lang).strip(), (table.id, entry.low, lang)
