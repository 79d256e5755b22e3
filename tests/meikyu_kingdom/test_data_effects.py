"""Data that acts (R-MK-08, R-MK-09): the format skills and items are written in, its errors, the one
order every machine asks for, and constant data applied by the check itself."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.check.check import CheckRules, CheckState, DeclareCheck
from meikyu.systems.meikyu_kingdom.effects.acts import read_acts
from meikyu.systems.meikyu_kingdom.effects.order import applicable, check_modifiers
from meikyu.systems.meikyu_kingdom.effects.vocabulary import DATA_TYPES, DATA_VOCABULARY
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

MIR = {"id": "mir", "name": "Mir", "wit": 1, "charm": 1, "search": 3, "valor": 2, "max_hp": 9}


def _court() -> dict[str, Character]:
    return {c.id: c for c in sample().characters}


def test_the_sample_courts_data_acts_r_mk_08() -> None:
    court = _court()
    hawk = court["mir"].skills[0]
    assert hawk.acts is not None and hawk.acts.timing == "constant" and hawk.acts.stats == ("search",)
    shield = court["doyun"].skills[0]
    assert shield.acts is not None and (shield.acts.timing, shield.acts.trigger) == ("interrupt", "ally_attacked_here")
    salve = next(i for i in court["seoa"].items if i is not None and i.names.get("en") == "Salve")
    assert salve.acts is not None and salve.acts.cost.used_up and salve.acts.effects[0].type == "hp"
    for char in court.values():  # written out and read again, the same sheet
        assert Character.from_data(char.to_data()) == char


def test_old_sheets_still_load_skills_and_items_as_strings_r_mk_08() -> None:
    char = Character.from_data({**MIR, "skills": ["매의 눈"], "items": ["도시락", {}]})
    assert char.skills[0].name == "매의 눈" and char.skills[0].acts is None
    assert char.items[0] is not None and char.items[0].name == "도시락" and char.items[1] is None
    # a skill written before data acted has no effects: nothing applies it
    old = Character.from_data({**MIR, "skills": [{"name": "매의 눈", "type": "auxiliary", "effect": "+1"}]})
    assert check_modifiers([old], "mir", "search", "") == ()


@pytest.mark.parametrize(
    ("skill", "words"),
    [
        ({"name": "x", "type": "interrupt", "effects": [{"type": "cover"}]}, ("trigger", 'trigger = "ally_attacked_here"')),
        ({"name": "x", "type": "constant", "trigger": "self_attacked", "effects": [{"type": "cover"}]}, ("trigger",)),
        ({"name": "x", "effects": [{"type": "achievment", "amount": 1}]}, ("achievment", "achievement")),
        ({"name": "x", "effects": [{"type": "achievement"}]}, ("amount",)),
        ({"name": "x", "cost": {"hope": "one"}, "effects": [{"type": "cover"}]}, ("cost.hope", "hope = 1")),
        ({"name": "x", "cost": {"per": "week"}, "effects": [{"type": "cover"}]}, ("cost.per", "cycle")),
        ({"name": "x", "stats": ["luck"], "effects": [{"type": "cover"}]}, ("stats", "search")),
        ({"name": "x", "where": ["battle"]}, ("where", "effects =")),
    ],
)
def test_bad_data_says_where_what_and_an_example(skill: dict[str, object], words: tuple[str, ...]) -> None:
    with pytest.raises(DataError) as caught:
        Character.from_data({**MIR, "skills": [skill]}, file="court.toml")
    for lang in ("ko", "ja", "en"):
        text = caught.value.message(lang)
        assert "court.toml" in text and "skills[0]" in text
        for word in words:
            assert word in text, (lang, text)


def test_r_mk_09_constant_then_equipment_then_others_higher_level_first() -> None:
    def owner(ident: str, level: int, *skills: tuple[str, str]) -> Character:
        data = [{"name": n, "type": t, "stats": ["wit"], "effects": [{"type": "achievement", "amount": 1}]} for n, t in skills]
        return Character.from_data({**MIR, "id": ident, "level": level, "skills": data})

    low = owner("low", 1, ("l-support", "support"), ("l-constant", "constant"))
    high = owner("high", 3, ("h-support", "support"), ("h-equip", "equipment"), ("h-support2", "support"))
    everything = ("constant", "equipment", "support")
    names = [a.source for a in applicable([low, high], timings=everything, stat="wit")]
    assert names == ["l-constant", "h-equip", "h-support", "h-support2", "l-support"]


def test_r_mk_09_hawk_eye_shows_in_the_search_checks_line() -> None:
    """Mir's Hawk Eye (constant, +1 on search checks) is applied by the check itself: 3+4 + search 3 +
    1 = 11 meets 11, and the line says why, in every language."""
    s = sample()
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    events = game.play(DeclareCheck("mir", "search", 11))
    assert game.state.achievement == 11 and game.state.success
    lines = {lang: [e.render(lang) for e in events] for lang in ("ko", "ja", "en")}
    assert lines["en"][:2] == [
        "mir checks search (+4) against difficulty 11, with 0 hope dice.",
        "Hawk Eye (mir): +1 achievement.",
    ]
    assert lines["ko"][1] == "매의 눈(mir): 달성치 +1." and lines["ja"][1] == "鷹の目（mir）: 達成値 +1。"
    # not on another stat's check, and not for anyone else
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    game.play(DeclareCheck("mir", "wit", 11))
    assert game.state.achievement == 8
    game = Game(CheckRules(), CheckState(s.kingdom, s.characters), ScriptedDice([3, 4]))
    game.play(DeclareCheck("seoa", "search", 11))
    assert game.state.achievement == 9


def test_data_works_only_where_it_says() -> None:
    acts = read_acts({"where": ["battle"], "stats": ["search"], "effects": [{"type": "achievement", "amount": 2}]},
                     "constant", file="f", entry="e")
    assert acts is not None
    assert acts.applies_to_check("search", "search", "battle") and not acts.applies_to_check("search", "", "kingdom")


def test_the_format_doc_names_every_type_data_adds() -> None:
    doc = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath("tables/DATA_EFFECTS.md").read_text("utf-8")
    for name in DATA_TYPES:
        assert f"`{name}`" in doc
    assert set(DATA_TYPES) <= set(DATA_VOCABULARY.types)


def test_a_sheet_with_acts_in_a_saved_state_loads_the_same() -> None:
    s = sample()
    state = CheckState(s.kingdom, s.characters)
    assert CheckState.from_data(state.to_data()) == state
    assert replace(state).court[3].skills[0].acts is not None
