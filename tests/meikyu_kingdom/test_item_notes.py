"""An item's notes on a sheet: a plain string as written, or ``{ko, ja, en}`` (some or all; a missing one read
in English, else Korean, else Japanese); written back in the form read; sessions saved with the old string
form load to the same state; the table views give each reader's language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.table import registry

SALVE = {"ko": "HP 1D6 회복, 한 번 쓰면 없어진다", "ja": "HPを1D6回復し、使えばなくなる", "en": "Restores 1D6 HP and is used up"}
OLD_SAVE = Path(__file__).with_name("data") / "old_table_session.json"


def _sheet(notes: Any) -> dict[str, Any]:
    return {"id": "ari", "name": "Ari", "wit": 1, "charm": 1, "search": 1, "valor": 1, "max_hp": 8,
            "items": [{"name": "salve", "heal": 1, "notes": notes}]}


def _salve(c: Character) -> Any:
    return next(i for i in c.items if i is not None and i.name == "상처약")


def test_the_sample_courts_items_give_their_notes_in_ko_ja_and_en() -> None:
    mir = next(c for c in sample().characters if any(i is not None and i.name == "상처약" for i in c.items))
    assert {lang: _salve(mir).notes_text(lang) for lang in SALVE} == SALVE
    stars = [i for c in sample().characters for i in c.items if i is not None and i.light >= 0]
    assert stars and all(len(i.notes_names) == 3 for i in stars)


@pytest.mark.parametrize(("notes", "expected"), [
    ("as written", ("as written",) * 3),
    ({"ko": "상자"}, ("상자",) * 3),
    ({"ja": "箱", "en": "crate"}, ("crate", "箱", "crate")),
    ({"ko": "상자", "ja": "箱"}, ("상자", "箱", "상자")),
])
def test_notes_read_as_a_string_or_by_language_and_are_written_back_so(notes: Any, expected: tuple[str, ...]) -> None:
    c = Character.from_data(_sheet(notes), file="court.toml")
    item = c.items[0]
    assert item is not None and tuple(item.notes_text(lang) for lang in ("ko", "ja", "en")) == expected
    data = c.to_data()
    assert data["items"][0]["notes"] == notes and "notes_names" not in data["items"][0]
    assert Character.from_data(json.loads(json.dumps(data))) == c


@pytest.mark.parametrize(("notes", "field", "words"), [
    ({"ko": "상자", "de": "Kiste"}, "de", "ko, ja, en"),
    (7, "notes", "{ ko ="),
    ({}, "notes", "{ ko ="),
    ({"en": 7}, "en", "text"),
])
def test_bad_notes_name_the_field_and_what_would_be_right(notes: Any, field: str, words: str) -> None:
    with pytest.raises(DataError) as err:
        Character.from_data(_sheet(notes), file="court.toml", entry="characters[0]")
    english = err.value.message("en")
    assert f".{field}" in english and words in english and "court.toml" in english and "items[0]" in english, english
    for lang in ("ko", "ja"):
        text = err.value.message(lang)
        assert field in text and "court.toml" in text and "{file" not in text, text


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_session_view_gives_each_reader_the_notes_in_their_language(lang: str) -> None:
    kind = registry.get("MeikyuKingdom", "session")
    state = kind.setup("sample", lang)
    for seat in ("gm", "pc:haneul"):
        court = kind.view(state, seat, lang)["court"]
        items = [i for c in court for i in c["items"] if i.get("name") == "상처약"]
        assert [i["notes"] for i in items] == [SALVE[lang]], seat


def test_a_session_saved_with_string_notes_loads_to_the_same_state_and_shows_them_as_written() -> None:
    kind = registry.get("MeikyuKingdom", "session")
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    game = Game.from_data(kind.rules, data["game"])
    assert game.state == kind.rules.state_from_data(data["final"])
    court = kind.view(game.state, "gm", "ja")["court"]
    notes = {i["name"]: i["notes"] for c in court for i in c["items"] if i.get("notes")}
    assert notes["별의 조각"] == "빛: 든 사람의 에리어와 이웃 에리어. 원격 공격에 필요"  # the old string, as written
