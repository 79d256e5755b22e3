"""The generic TOML table loader: planted defects give DataErrors naming file, entry and field."""

from __future__ import annotations

import pytest

from meikyu.dice.source import ScriptedDice
from meikyu.errors import DataError, InputError
from meikyu.systems.meikyu_kingdom.tables.effects import VOCABULARY
from meikyu.tables import (
    EMPTY_VOCABULARY,
    Effect,
    Localized,
    load_table,
    parse_dice_kind,
)

GOOD = """
id = "TEST"
dice = "1D3"
vocabulary = "meikyu.systems.meikyu_kingdom.tables.effects"
name = { ko = "시험표", ja = "試験表", en = "Test table" }

[[entries]]
roll = 1
text = { ko = "하나", ja = "一", en = "one" }
effects = [{ type = "citizens", amount = "-2D6", saved_by_material = "meat" }]

[[entries]]
roll = [2, 3]
text = { ko = "둘셋", ja = "二三", en = "two-three" }
effects = [{ type = "national_check", power = "order", difficulty = "hostile_nations*2+9", on_failure = [{ type = "voice", amount = -1 }] }]
"""


def test_good_table_loads_and_rolls_a_d3() -> None:
    table = load_table("test.toml", GOOD)
    assert (table.id, table.dice, len(table.entries)) == ("TEST", "1D3", 2)
    result = table.roll(ScriptedDice([(3, 2)]))  # a d3 is one draw of a 3-sided die
    assert result.value == 2 and result.text("en") == "two-three"
    nested = result.effects[0].effects("on_failure")
    assert nested == (Effect("voice", (("amount", -1),)),)


def test_load_from_path(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    assert load_table(path).source == "mine.toml"
    with pytest.raises(DataError) as info:
        load_table(Path(str(tmp_path)) / "absent.toml")
    assert info.value.key == "error.file.unreadable" and info.value.params["file"].endswith("absent.toml")
    with pytest.raises(DataError) as info:
        load_table("planted.toml", GOOD.replace("roll = 1", "roll = = 1", 1))
    assert info.value.key == "error.file.syntax" and info.value.params["file"] == "planted.toml"


# (description, replace this, with this, key, entry, field)
DEFECTS = [
    ("gap", 'roll = [2, 3]', 'roll = 2', "gap", "*", "entries"),
    ("overlap", 'roll = [2, 3]', 'roll = [1, 3]', "overlap", "#2 (1-3)", "roll"),
    ("out of range", 'roll = [2, 3]', 'roll = [2, 4]', "bad_range", "#2 (2-4)", "roll"),
    ("reversed range", 'roll = [2, 3]', 'roll = [3, 2]', "bad_type", "#2", "roll"),
    ("roll as text", 'roll = 1', 'roll = "1"', "bad_type", "#1", "roll"),
    ("missing roll", 'roll = 1\n', '\n', "missing", "#1", "roll"),
    ("missing ko text", 'ko = "하나", ', '', "missing_text", "#1 (1)", "text.ko"),
    ("empty ja text", 'ja = "二三"', 'ja = "  "', "missing_text", "#2 (2-3)", "text.ja"),
    ("extra language", 'en = "one" }', 'en = "one", fr = "un" }', "unknown_field", "#1 (1)", "text.fr"),
    ("unknown effect", 'type = "citizens"', 'type = "citizenz"', "unknown_effect", "#1 (1)", "effects[0].type"),
    ("missing effect type", '{ type = "citizens", ', '{ ', "missing", "#1 (1)", "effects[0].type"),
    ("unknown param", 'saved_by_material', 'saved_by', "unknown_param", "#1 (1)", "effects[0].saved_by"),
    ("bad enum", '"meat"', '"gold"', "bad_value", "#1 (1)", "effects[0].saved_by_material"),
    ("bad formula", '"-2D6"', '"-2D"', "bad_formula", "#1 (1)", "effects[0].amount"),
    ("lower-case dice", '"-2D6"', '"-2d6"', "bad_formula", "#1 (1)", "effects[0].amount"),
    ("unknown variable", 'hostile_nations*2', 'enemies*2', "unknown_variable", "#2 (2-3)", "effects[0].difficulty"),
    ("missing required param", 'power = "order", ', '', "missing", "#2 (2-3)", "effects[0].power"),
    ("nested defect", 'amount = -1 }', 'amount = true }', "bad_type", "#2 (2-3)", "effects[0].on_failure[0].amount"),
    ("effects not a list", 'effects = [{ type = "citizens", amount = "-2D6", saved_by_material = "meat" }]',
     'effects = "none"', "bad_type", "#1 (1)", "effects"),
    ("bad dice", 'dice = "1D3"', 'dice = "2X6"', "bad_dice", "*", "dice"),
    ("missing id", 'id = "TEST"\n', '', "missing", "*", "id"),
    ("bad id", 'id = "TEST"', 'id = "T E"', "bad_value", "*", "id"),
    ("unknown top-level field", 'id = "TEST"', 'id = "TEST"\nauthor = "me"', "unknown_field", "*", "author"),
    ("missing name language", ', en = "Test table" }', ' }', "missing_text", "*", "name.en"),
    ("unknown vocabulary", 'meikyu.systems.meikyu_kingdom.tables.effects', 'os.path', "unknown_vocabulary", "*",
     "vocabulary"),
    ("missing entries", '[[entries]]', '[[entriez]]', "unknown_field", "*", "entriez"),
]


@pytest.mark.parametrize(("what", "old", "new", "key", "entry", "fld"), DEFECTS, ids=[d[0] for d in DEFECTS])
def test_planted_defect_names_file_entry_and_field(what: str, old: str, new: str, key: str, entry: str,
                                                    fld: str) -> None:
    assert old in GOOD, what
    with pytest.raises(DataError) as info:
        load_table("planted.toml", GOOD.replace(old, new, 1))
    err = info.value
    assert isinstance(err, InputError)
    assert err.key == f"error.data.{key}", err.message("en")
    assert err.params["file"] == "planted.toml"
    assert err.params["entry"] == entry
    assert err.params["field"] == fld
    assert "reason" in err.params
    for lang in ("ko", "ja", "en"):
        text = err.message(lang)
        assert "planted.toml" in text and "{" not in text.replace("{ ", ""), text
        assert not text.startswith("error.data"), text


def test_effects_need_a_vocabulary() -> None:
    """A table that names no vocabulary may have texts only."""
    text = GOOD.replace('vocabulary = "meikyu.systems.meikyu_kingdom.tables.effects"\n', "")
    with pytest.raises(DataError) as info:
        load_table("novocab.toml", text)
    assert info.value.key == "error.data.unknown_effect"
    # An explicit vocabulary argument wins over the file.
    assert load_table("novocab.toml", text, vocabulary=VOCABULARY).id == "TEST"
    with pytest.raises(DataError):
        load_table("test.toml", GOOD, vocabulary=EMPTY_VOCABULARY)


def test_nesting_is_bounded() -> None:
    inner = '{ type = "voice", amount = 1 }'
    for _ in range(10):
        inner = f'{{ type = "if", condition = "goal_met", then = [{inner}] }}'
    text = GOOD.replace('{ type = "voice", amount = -1 }', inner)
    with pytest.raises(DataError) as info:
        load_table("deep.toml", text)
    assert info.value.key == "error.data.too_deep"


def test_too_large_text_is_refused() -> None:
    with pytest.raises(DataError) as info:
        load_table("big.toml", "#" * (2 << 20))
    assert info.value.key == "error.data.too_large"


def test_dice_kinds() -> None:
    assert parse_dice_kind("1d3").values() == (1, 2, 3)
    assert parse_dice_kind("3D6").values() == tuple(range(3, 19))
    assert len(parse_dice_kind("D66").values()) == 21
    assert len(parse_dice_kind("D66N").values()) == 36
    assert parse_dice_kind("D66D").values()[:3] == (11, 21, 22)
    for bad in ("", "D6", "0D6", "2D0", "D67", "1000D1000", "2D6+1"):
        with pytest.raises(ValueError):
            parse_dice_kind(bad)


@pytest.mark.parametrize(("kind", "dice", "value"), [
    ("D66", [5, 2], 25), ("D66N", [5, 2], 52), ("D66D", [2, 5], 52), ("2D6", [5, 2], 7), ("1D6", [4], 4),
])
def test_draw_order(kind: str, dice: list[int], value: int) -> None:
    """D66 as BCDice: two draws; the tens is the lower (D66), first (D66N) or higher (D66D) die."""
    got, rolls = parse_dice_kind(kind).draw(ScriptedDice(dice))
    assert (got, rolls) == (value, tuple(dice))


def test_localized_is_a_hashable_mapping() -> None:
    a = Localized({"en": "x", "ko": "y"})
    assert a == {"ko": "y", "en": "x"} and hash(a) == hash(Localized([("ko", "y"), ("en", "x")]))
    assert a.pick("ja") == "x" and Localized().pick("en") == ""
    with pytest.raises(KeyError):
        a["ja"]


def test_entry_for_missing_value_is_an_input_error() -> None:
    table = load_table("test.toml", GOOD)
    with pytest.raises(InputError) as info:
        table.entry_for(7)
    assert info.value.key == "error.table.no_entry" and "7" in info.value.message("ko")
