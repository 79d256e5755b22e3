"""Issue 27 §3: data that acts in the sheet's schema, as the editor's forms take it — each effect type of the
reader's vocabulary with its own parameters (so the forms offer exactly what the reader takes), a right effect
list validating and a wrong one refused by both; acting problems said once, where they are (no "file, entry:"
again in the message), in ko/ja/en; materials by the names the reader knows."""

from __future__ import annotations

import pytest
from jsonschema import Draft202012Validator

from meikyu.systems.meikyu_kingdom.effects.vocabulary import DATA_VOCABULARY
from meikyu.systems.meikyu_kingdom.sheets.schema import sheet_schema
from meikyu.table.mk_sheets import check


def _sheet(skill: dict[str, object], kingdom: dict[str, object] | None = None) -> dict[str, object]:
    return {"kingdom": {"name": "K", **(kingdom or {})},
            "characters": [{"id": "sara", "name": "Sara", "wit": 1, "charm": 1, "search": 1, "valor": 1, "hp": 8,
                            "max_hp": 8, "skills": [skill]}]}


def test_every_effect_type_of_the_vocabulary_is_in_the_schema_with_its_parameters() -> None:
    branches = {b["properties"]["type"]["const"]: b for b in sheet_schema()["$defs"]["effect"]["oneOf"]}
    assert set(branches) == set(DATA_VOCABULARY.types)
    for name, spec in DATA_VOCABULARY.types.items():
        assert set(branches[name]["properties"]) - {"type"} == {p for p, _ in spec.params}, name
        assert set(branches[name]["required"]) == {"type", *(p for p, s in spec.params if s.required)}, name


@pytest.mark.parametrize(("skill", "right"), [
    ({"name": "Rallying Cry", "type": "support", "target": "ally_here", "cost": {"per": "cycle"},
      "effects": [{"type": "check_bonus", "who": "target", "amount": 1}]}, True),
    ({"name": "Monsterology", "type": "support", "where": ["battle"], "target": "hidden_monster",
      "effects": [{"type": "check", "stat": "wit", "difficulty": "target_level+5", "on_success": [{"type": "reveal"}]}]},
     True),
    ({"name": "x", "where": "battle", "effects": [{"type": "cover"}]}, True),  # one word alone is a list of it
    ({"name": "x", "where": ["battle", "sea"], "effects": [{"type": "cover"}]}, False),
    ({"name": "x", "effects": [{"type": "hp"}]}, False),  # amount is required
    ({"name": "x", "effects": [{"type": "cover", "amount": 1}]}, False),  # cover has no amount
    ({"name": "x", "target": "everyone", "effects": [{"type": "cover"}]}, False),
    ({"name": "x", "cost": {"per": "week"}, "effects": [{"type": "cover"}]}, False),
    ({"name": "x", "effects": [{"type": "check", "stat": "wit", "difficulty": 7, "on_success": [{"type": "nope"}]}]},
     False),
])
def test_the_schema_and_the_reader_agree_on_acting_skills(skill: dict[str, object], right: bool) -> None:
    data = _sheet(skill)
    assert Draft202012Validator(sheet_schema()).is_valid(data) is right
    assert check(data, "court.toml", "en")["ok"] is right


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_an_acting_problem_is_said_once_where_it_is(lang: str) -> None:
    answer = check(_sheet({"name": "Shield Wall", "type": "interrupt", "effects": [{"type": "cover"}, {"type": "hp"}]}),
                   "court.toml", lang)
    found = {p["path"]: p["message"] for p in answer["problems"] if p["level"] == "error"}
    # every problem of the skill's acting fields, each once at its own path
    assert set(found) == {"characters[0].skills[0].trigger", "characters[0].skills[0].effects[1].amount"}
    assert not any("court.toml" in m or "characters[0]" in m for m in found.values()), found
    nested = check(_sheet({"name": "x", "effects": [{"type": "hp"}]}), "court.toml", lang)["problems"][0]
    assert nested["path"] == "characters[0].skills[0].effects[0].amount"
    assert "court.toml" not in nested["message"] and "[" not in nested["message"], nested


def test_materials_are_the_readers_own_names() -> None:
    schema = sheet_schema()
    names = schema["$defs"]["kingdom"]["properties"]["materials"]["propertyNames"]["enum"]
    assert "meat" in names and "gold" not in names
    answer = check(_sheet({"name": "x"}, {"materials": {"meat": 2, "gold": 1}}), "court.toml", "en")
    assert [p["path"] for p in answer["problems"] if p["level"] == "error"] == ["kingdom.materials.gold"]
    assert answer["sheet"]["kingdom"]["materials"] == {"meat": 2}
    assert not Draft202012Validator(schema).is_valid(_sheet({"name": "x"}, {"materials": {"gold": 1}}))
