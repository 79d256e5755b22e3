"""An encounter's GM notes in the reader's language: a plain string as written, a ``{ko, ja, en}`` table by
language (a missing one read in English, else Korean, else Japanese), bad ones refused by field, and games
saved with the old string form still loading to the same state (R-MK-23: the notes are the GM's only)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.combat.bestiary import encounter_from_data, load_encounter, parse_encounter
from meikyu.systems.meikyu_kingdom.combat.cli import run_battle
from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules
from meikyu.systems.meikyu_kingdom.combat.view import gm_notes, view
from meikyu.table import registry

SAMPLE_NOTES = {
    "ko": "고블린들은 램프 기름 한 상자를 지키고 있다.",
    "ja": "ゴブリンたちはランプの油の入った木箱を守っている。",
    "en": "The goblins guard a crate of lamp oil.",
}
KIND = registry.get("MeikyuKingdom", "battle")
OLD_SAVE = Path(__file__).parent.parent / "data" / "old_table_battle.json"


def _encounter(notes: Any) -> dict[str, Any]:
    head: dict[str, Any] = {"voice": 1}
    if notes is not None:
        head["notes"] = notes
    return {"encounter": head, "pc": [{"id": "ari", "hp": 9, "evasion": 8}],
            "monster": [{"species": "moss_rat"}]}


def test_the_sample_encounter_gives_its_notes_in_ko_ja_and_en() -> None:
    battle = load_encounter("sample")
    assert {lang: gm_notes(battle, lang) for lang in SAMPLE_NOTES} == SAMPLE_NOTES


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_gm_seat_reads_the_notes_in_its_language_and_no_player_holds_them(lang: str) -> None:
    state = KIND.setup({"encounter": "sample", "seed": 1}, lang)
    assert KIND.view(state, "gm", lang)["notes"] == SAMPLE_NOTES[lang]
    for seat in KIND.seats(state)[1:]:
        seen = json.dumps(KIND.view(state, seat, lang), ensure_ascii=False)
        assert not any(text in seen for text in SAMPLE_NOTES.values()), seat
    player = json.dumps(view(state, "player"), ensure_ascii=False)
    assert "notes" not in player and not any(text in player for text in SAMPLE_NOTES.values())


def test_a_plain_string_is_shown_as_written_in_every_language() -> None:
    battle = encounter_from_data(_encounter("열쇠는 제단 밑"), "mine.toml")
    assert [gm_notes(battle, lang) for lang in ("ko", "ja", "en")] == ["열쇠는 제단 밑"] * 3
    assert battle.notes_by_lang == ()
    assert gm_notes(encounter_from_data(_encounter(None), "mine.toml"), "ja") == ""


@pytest.mark.parametrize(("given", "expected"), [
    ({"ko": "상자"}, ("상자", "상자", "상자")),                      # only Korean: everyone reads it
    ({"ja": "箱", "en": "crate"}, ("crate", "箱", "crate")),          # no Korean: English
    ({"ko": "상자", "ja": "箱"}, ("상자", "箱", "상자")),              # no English: Korean
    ({"ja": "箱"}, ("箱", "箱", "箱")),
])
def test_a_language_the_table_lacks_falls_back_to_english_then_korean_then_japanese(
        given: dict[str, str], expected: tuple[str, ...]) -> None:
    battle = encounter_from_data(_encounter(given), "mine.toml")
    assert tuple(gm_notes(battle, lang) for lang in ("ko", "ja", "en")) == expected
    assert gm_notes(battle, "de") == expected[2]  # a language the project lacks reads the English place


@pytest.mark.parametrize(("notes", "field", "words"), [
    ({"ko": "상자", "fr": "caisse"}, "notes.fr", "ko, ja, en"),
    (3, "notes", "{ ko ="),
    (["a", "b"], "notes", "{ ko ="),
    ({}, "notes", "{ ko ="),
    ({"ja": 3}, "notes.ja", "should be text"),
    ({"en": "  "}, "notes.en", "empty; write some text"),
])
def test_bad_notes_are_refused_naming_the_field_and_what_is_right(notes: Any, field: str, words: str) -> None:
    with pytest.raises(DataError) as err:
        encounter_from_data(_encounter(notes), "mine.toml")
    english = err.value.message("en")
    assert f"encounter.{field}:" in english and words in english and "mine.toml" in english, english
    for lang in ("ko", "ja"):
        text = err.value.message(lang)
        assert field in text and "mine.toml" in text and "{" + "file" not in text, text


def test_an_encounter_file_in_toml_takes_the_table_form() -> None:
    text = """
[encounter]
notes = { ko = "우물에 진짜 열쇠", en = "the real key is in the well" }
[[pc]]
id = "ari"
hp = 9
evasion = 8
[[monster]]
species = "moss_rat"
"""
    battle = parse_encounter(text, "well.toml")
    assert (gm_notes(battle, "ko"), gm_notes(battle, "ja")) == ("우물에 진짜 열쇠", "the real key is in the well")


def test_the_table_form_survives_a_save_and_a_reload() -> None:
    game: Game[Any] = Game(BattleRules(), load_encounter("sample"), RandomDice(2))
    again = Game.from_data(BattleRules(), json.loads(json.dumps(game.to_data())))
    assert again.state == game.state and gm_notes(again.state, "ja") == SAMPLE_NOTES["ja"]


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_game_saved_with_the_old_string_notes_shows_them_as_written(lang: str) -> None:
    """The server game saved before the table form (``data/old_table_battle.json``) keeps its string."""
    data = json.loads(OLD_SAVE.read_text(encoding="utf-8"))
    assert data["game"]["initial"]["notes"] == SAMPLE_NOTES["en"] and "notes_by_lang" not in data["game"]["initial"]
    game = Game.from_data(KIND.rules, data["game"])
    assert game.state == KIND.rules.state_from_data(data["final"])
    assert KIND.view(game.state, "gm", lang)["notes"] == SAMPLE_NOTES["en"]


@pytest.mark.parametrize("lang", ["ko", "ja"])
def test_the_terminal_runner_shows_the_gm_the_notes_in_its_language(lang: str) -> None:
    game: Game[Any] = Game(BattleRules(), load_encounter("sample"), RandomDice(1))
    out = io.StringIO()
    answers = iter(["g", "", "q"])
    assert run_battle(game, lang, lambda _prompt: next(answers), out, fallback=RandomDice(1)) == 0
    text = out.getvalue()
    assert text.count(SAMPLE_NOTES[lang]) == 2, text  # at the start, and again with the GM's list
    assert SAMPLE_NOTES["en"] not in text


def test_a_table_set_up_from_json_takes_either_form_and_refuses_a_bad_one() -> None:
    """``POST /api/games`` hands the encounter as JSON tables: the same two forms, the same errors."""
    state = KIND.setup({"encounter": _encounter({"ko": "상자 밑", "ja": "箱の下"}), "seed": 1}, "ja")
    assert [KIND.view(state, "gm", lang)["notes"] for lang in ("ko", "ja", "en")] == ["상자 밑", "箱の下", "상자 밑"]
    with pytest.raises(DataError) as err:
        KIND.setup({"encounter": _encounter({"kr": "상자"})}, "ko")
    assert "notes.kr" in err.value.message("ko") and "setup.encounter" in err.value.message("ko")
