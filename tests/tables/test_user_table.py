"""BCDice "original table" text (bcdice-api ``/v2/original_table``): parsing, rolling, hostile input."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.dice.source import RecordingDice, ScriptedDice
from meikyu.errors import DataError
from meikyu.tables import MAX_USER_LINES, format_user_table, parse_dice_kind, parse_user_table

DRINKS = "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料\n"


def test_parse_and_roll_like_bcdice() -> None:
    table = parse_user_table(DRINKS)
    assert (table.dice, len(table.entries), table.name["ko"]) == ("1D6", 6, "飲み物表")
    assert table.roll(ScriptedDice([6])).bcdice_text() == "飲み物表(6) ＞ 選ばれし者の知的飲料"


def test_blank_lines_crlf_spaces_and_escaped_newlines() -> None:
    text = "  Title  \r\n\r\n 2d6 \r\n" + "".join(f"{v}: row {v}\\nsecond line \r\n\n" for v in range(2, 13))
    table = parse_user_table(text)
    assert table.name["en"] == "Title" and table.dice == "2D6"
    assert table.entry_for(7).text["ja"] == "row 7\nsecond line"


def test_two_d6_draws_two_dice_summed() -> None:
    table = parse_user_table("T\n2D6\n" + "\n".join(f"{v}:x{v}" for v in range(2, 13)))
    rec = RecordingDice(ScriptedDice([3, 4]))
    assert table.roll(rec).value == 7 and rec.rolls == [(6, 3), (6, 4)]


def test_three_d6_and_one_d3() -> None:
    three = parse_user_table("T\n3D6\n" + "\n".join(f"{v}:x" for v in range(3, 19)))
    assert three.roll(ScriptedDice([6, 6, 6])).value == 18
    d3 = parse_user_table("T\n1D3\n1:a\n2:b\n3:c")
    rec = RecordingDice(ScriptedDice([2]))
    assert d3.roll(rec).text("en") == "b" and rec.rolls == [(3, 2)]


def _d66_rows(values: tuple[int, ...]) -> str:
    return "\n".join(f"{v}:r{v}" for v in values)


def test_d66_variants() -> None:
    """D66 / D66N: first die is the tens (36 rows); D66S / D66A lower die (21); D66D higher die (21)."""
    plain = parse_user_table("T\nD66\n" + _d66_rows(parse_dice_kind("D66N").values()))
    assert plain.dice == "D66N" and plain.roll(ScriptedDice([5, 2])).value == 52
    asc = parse_user_table("T\nD66S\n" + _d66_rows(parse_dice_kind("D66").values()))
    assert asc.dice == "D66" and asc.roll(ScriptedDice([5, 2])).value == 25
    desc = parse_user_table("T\nd66d\n" + _d66_rows(parse_dice_kind("D66D").values()))
    assert desc.roll(ScriptedDice([2, 5])).value == 52
    with pytest.raises(DataError) as info:  # an ascending table may not list 52
        parse_user_table("T\nD66A\n" + _d66_rows(parse_dice_kind("D66N").values()))
    assert info.value.key == "error.data.user_range"


@pytest.mark.parametrize(("text", "key", "entry"), [
    ("", "user_empty", "*"),
    ("\n \n\t\n", "user_empty", "*"),
    ("Only a title", "user_no_dice", "*"),
    ("T\nD7\n1:a", "user_bad_dice", "2"),
    ("T\n1D6+1\n1:a", "user_bad_dice", "2"),
    ("T\n0D6\n", "user_bad_dice", "2"),
    ("T\n100D100\n", "user_bad_dice", "2"),
    ("T\n1D2\n1 a\n2:b", "user_bad_line", "3"),
    ("T\n1D2\n１:a\n2:b", "user_bad_line", "3"),
    ("T\n1D2\n1:a\n3:b", "user_range", "4"),
    ("T\n1D2\n1:a\n0:b", "user_range", "4"),
    ("T\n1D2\n1:a\n99999999999999999999:b", "user_range", "4"),
    ("T\n1D2\n1:a\n\n1:b", "user_duplicate", "5"),
    ("T\n1D3\n1:a\n3:c", "gap", "*"),
    ("T\n1D2", "gap", "*"),
])
def test_malformed_tables_are_data_errors(text: str, key: str, entry: str) -> None:
    with pytest.raises(DataError) as info:
        parse_user_table(text)
    err = info.value
    assert err.key == f"error.data.{key}"
    assert err.params["entry"] == entry and "field" in err.params and "reason" in err.params
    for lang in ("ko", "ja", "en"):
        message = err.message(lang)
        assert message.startswith("original_table") and "{" not in message, message


def test_size_limits() -> None:
    rows = "\n".join("1:x" for _ in range(MAX_USER_LINES + 5))
    with pytest.raises(DataError) as info:
        parse_user_table("T\n1D1\n" + rows)
    assert info.value.key == "error.data.too_large"
    with pytest.raises(DataError) as info:
        parse_user_table("T\n1D1\n1:" + "あ" * 30000)
    assert info.value.key == "error.data.too_large"
    with pytest.raises(DataError):
        parse_user_table(b"T\n1D1\n1:x")  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_raises_only_data_errors(text: str) -> None:
    try:
        table = parse_user_table(text)
    except DataError as err:
        assert err.message("ko") and err.message("ja") and err.message("en")
    else:
        assert table.entries


_line_alphabet = st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="\\\x85")
_body = st.text(_line_alphabet, max_size=20).map(str.strip)


@settings(max_examples=100, deadline=None)
@given(
    title=_body.filter(bool),
    kind=st.sampled_from(["1D6", "2D6", "1D3", "3D6", "2D4", "D66", "D66N", "D66D", "1D1"]),
    data=st.data(),
)
def test_round_trip(title: str, kind: str, data: st.DataObject) -> None:
    values = parse_dice_kind(kind).values()
    bodies = data.draw(st.lists(_body, min_size=len(values), max_size=len(values)))
    rows = list(zip(values, bodies, strict=True))
    order = data.draw(st.permutations(rows))
    dice_line = {"D66": "D66S", "D66N": "D66"}.get(kind, kind)
    text = "\n".join([title, dice_line] + [f"{v}:{b}" for v, b in order])
    table = parse_user_table(text)
    assert [(e.low, e.text["en"]) for e in table.entries] == rows
    assert parse_user_table(format_user_table(table)) == table
    # Rolling always selects an entry.
    sides = parse_dice_kind(kind).sides or 6
    faces = [data.draw(st.integers(1, sides)) for _ in range(3)]
    assert table.roll(ScriptedDice(faces)).entry in table.entries
