"""Character sheets: validation with file/entry/field, round trips, favor/enmity references."""

from __future__ import annotations

import json

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401  (registers the mk. catalog)
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.sheets.character import Character, Item, load_character, read_court

BASE = {
    "id": "a",
    "name": "가람",
    "wit": 2,
    "charm": 1,
    "search": 3,
    "valor": 2,
    "max_hp": 9,
    "capacity": 3,
}


def test_defaults_and_round_trip() -> None:
    c = Character.from_data({**BASE, "items": [{}, {"name": "갑주", "category": "armor", "reduction": 1}]})
    assert c.hp == 9 and c.drive == 0 and c.items[0] is None
    assert c.armor_reduction() == 1
    assert Character.from_data(c.to_data()) == c


def test_improvised_weapon_is_melee_power_one() -> None:
    """R-MK-29: any item may be used as a melee weapon of range 0 and power 1."""
    w = Item("도시락").as_weapon()
    assert (w.attack, w.range, w.power) == ("melee", 0, 1)


def test_drive_capped_by_capacity() -> None:
    c = Character.from_data(BASE)
    assert c.with_drive(10).drive == 3
    assert c.with_drive(-2).drive == 0


@pytest.mark.parametrize(
    ("change", "field", "key"),
    [
        ({"valor": "x"}, "valor", "error.sheet.type"),
        ({"hp": 12}, "hp", "error.sheet.range"),
        ({"drive": 5}, "drive", "error.sheet.range"),
        ({"statuses": ["sick"]}, "statuses[0]", "error.sheet.choice"),
        ({"hpp": 1}, "hpp", "error.sheet.unknown_field"),
        ({"items": [{"name": "창", "category": "weapon"}]}, "attack", "error.sheet.missing"),
    ],
)
def test_invalid_sheet_names_field(change: dict[str, object], field: str, key: str) -> None:
    with pytest.raises(DataError) as info:
        Character.from_data({**BASE, **change}, file="x.toml")
    err = info.value
    assert err.key == key and err.params["field"] == field and err.params["file"] == "x.toml"
    for lang in ("ko", "ja", "en"):
        text = err.message(lang)
        assert "x.toml" in text and field in text and "mk.error" not in text


def test_missing_required_field() -> None:
    data = dict(BASE)
    del data["wit"]
    with pytest.raises(DataError, match="wit"):
        Character.from_data(data)


def test_court_references_checked() -> None:
    court = {"characters": [{**BASE, "favor": {"b": 2}}, {**BASE, "id": "b", "name": "b"}]}
    assert [c.id for c in read_court(court)] == ["a", "b"]
    bad = {"characters": [{**BASE, "favor": {"zz": 2}}]}
    with pytest.raises(DataError) as info:
        read_court(bad, file="c.toml")
    assert info.value.key == "mk.error.sheet.bad_reference"
    dup = {"characters": [BASE, BASE]}
    with pytest.raises(DataError):
        read_court(dup)


def test_load_json_file(tmp_path) -> None:  # type: ignore[no-untyped-def]
    p = tmp_path / "c.json"
    p.write_text(json.dumps(BASE), encoding="utf-8")
    assert load_character(p).name == "가람"
    bad = tmp_path / "bad.toml"
    bad.write_text("name = ", encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_character(bad)
    assert info.value.key == "error.file.syntax"


def test_sample_sheet_round_trips_through_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The sample kingdom and court load, save as JSON and load back unchanged."""
    from meikyu.systems.meikyu_kingdom.sheets.sheet import load_sheet, sample

    s = sample()
    assert s.kingdom is not None and len(s.characters) == 4
    assert {c.label("en") for c in s.characters} == {"Haneul", "Doyun", "Seoa", "Mir"}
    p = tmp_path / "court.json"
    p.write_text(json.dumps(s.to_data(), ensure_ascii=False), encoding="utf-8")
    assert load_sheet(p) == s


def test_kingdom_passage_must_join_neighbours(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import load_kingdom

    p = tmp_path / "k.toml"
    p.write_text('[kingdom]\nname = "k"\n[[kingdom.maps]]\nname = "m"\npassages = [["A1", "C3"]]\n', encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_kingdom(p)
    assert info.value.key == "mk.error.sheet.not_adjacent" and "passages[0]" in info.value.message("ko")


def test_job_and_skill_effect_are_shown_in_the_readers_language() -> None:
    """A sheet's job and skill effects may be given per language; the sample sheet reads without Hangul in en/ja."""
    import re

    from meikyu.systems.meikyu_kingdom.sheets.display import render_character
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    haneul = next(c for c in sample().characters if c.id == "haneul")
    assert haneul.job_label("en") == "Royal" and haneul.job_label("fr") == "왕족"
    for lang in ("en", "ja"):
        text = "\n".join(render_character(c, lang) for c in sample().characters)
        assert not re.search("[\uac00-\ud7a3]", text), text
    assert Character.from_data(haneul.to_data()) == haneul
    with pytest.raises(DataError) as info:
        Character.from_data({**haneul.to_data(), "job_names": {"fr": "roi"}})
    assert "job_names" in info.value.message("en")


def test_kingdom_talents_and_nations_are_shown_in_the_readers_language() -> None:
    """The kingdom sheet may name its talents and neighbour nations per language; the sample reads without
    Hangul in en/ja, and a bad language key is refused naming the field."""
    import re

    from meikyu.systems.meikyu_kingdom.sheets.display import render_kingdom
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    kingdom = sample().kingdom
    assert kingdom is not None
    assert kingdom.talent_label("대장장이", "en") == "Blacksmith" and kingdom.talent_label("대장장이", "fr") == "대장장이"
    assert kingdom.nation_label("잿빛 탑", "ja") == "灰色の塔"
    for lang in ("en", "ja"):
        text = render_kingdom(kingdom, lang)
        assert not re.search("[\uac00-\ud7a3]", text), text
    assert "대장장이" in render_kingdom(kingdom, "ko")
    assert Kingdom.from_data(kingdom.to_data()) == kingdom
    for field in ("talent_names", "nation_names"):
        with pytest.raises(DataError) as info:
            Kingdom.from_data({**kingdom.to_data(), field: {"요리사": {"fr": "cuisinier"}}})
        message = info.value.message("en")
        assert field in message and "요리사" in message and "fr" in message, message


@pytest.mark.parametrize(("lang", "entrance"), [("ko", "입구"), ("ja", "入口"), ("en", "entrance")])
def test_map_says_what_its_marks_mean(lang: str, entrance: str) -> None:
    """R-MK-06 maps: the grid ends with a legend for * (entrance), = / || (passage) and . (empty room)."""
    from meikyu.systems.meikyu_kingdom.sheets.display import render_map
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    kingdom = sample().kingdom
    assert kingdom is not None
    legend = render_map(kingdom.maps[0], lang).splitlines()[-1]
    assert "*" in legend and entrance in legend and "||" in legend, legend
