"""Issue 27 §1–2 for the other files people write: a labyrinth, an encounter and a bestiary have a commented
template (`new`, but the bestiary), a JSON Schema generated from their readers (`schema`), a README table, and
their readers report every problem of a file at once (path, what is wrong, an example, the nearest name)."""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from meikyu.cli import main
from meikyu.sheetdata.reader import SheetProblems
from meikyu.sheetdata.schema import fields_markdown
from meikyu.systems.meikyu_kingdom.combat.bestiary import (
    bestiary_from_data,
    bestiary_schema,
    check_encounter,
    encounter_from_data,
    encounter_schema,
)
from meikyu.systems.meikyu_kingdom.labyrinth.map import check_labyrinth, labyrinth_schema, read_labyrinth
from meikyu.systems.meikyu_kingdom.labyrinth.template import encounter_template, labyrinth_template

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
KINDS: dict[str, tuple[Callable[[str], dict[str, Any]], Callable[[str], str]]] = {
    "labyrinth": (labyrinth_schema, labyrinth_template),
    "encounter": (encounter_schema, encounter_template),
}


def _shipped(name: str, where: str = "") -> dict[str, Any]:
    base = files("meikyu.systems.meikyu_kingdom.combat") / "data" if where else files("meikyu.systems.meikyu_kingdom.data")
    return tomllib.loads((base / name).read_text(encoding="utf-8"))


def _fields(data: Any, schema: dict[str, Any], defs: dict[str, Any], out: dict[str, set[str]], kind: str) -> None:
    """Every field ``data`` writes, by the kind of entry the schema says holds it."""
    out.setdefault(kind, set()).update(data)
    for key, value in data.items():
        prop = schema["properties"][key]
        ref = str(prop.get("$ref") or prop.get("items", {}).get("$ref", "")).rpartition("/")[2]
        for one in ([value] if isinstance(value, dict) else value if isinstance(value, list) else []):
            if ref and isinstance(one, dict) and "properties" in defs[ref]:  # an effect: one of its types (oneOf)
                _fields(one, defs[ref], defs, out, ref)


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_template_reads_validates_and_writes_every_field(kind: str, lang: str) -> None:
    schema_of, template = KINDS[kind]
    data = tomllib.loads(template(lang))
    if kind == "labyrinth":
        _, report = check_labyrinth(data, file="template.toml")
    else:
        _, report = check_encounter(data, "template.toml")
    assert not report.problems and not report.notes
    schema = schema_of(lang)
    Draft202012Validator.check_schema(schema)
    Draft202012Validator(schema).validate(data)
    written: dict[str, set[str]] = {}
    _fields(data, schema, schema["$defs"], written, "")
    every = {"": set(schema["properties"]), **{k: set(v["properties"]) for k, v in schema["$defs"].items()
                                                  if "properties" in v}}
    assert written == every  # every field the reader accepts is in the template, said above it


@pytest.mark.parametrize(("name", "schema_of"), [("labyrinth", labyrinth_schema), ("encounter", encounter_schema),
                                                  ("bestiary", bestiary_schema)])
def test_the_shipped_files_meet_their_schemas_and_the_readme_lists_every_field(
        name: str, schema_of: Callable[[str], dict[str, Any]]) -> None:
    shipped = {"labyrinth": lambda: _shipped("sample_labyrinth.toml"),
               "encounter": lambda: _shipped("sample_encounter.toml", "combat"),
               "bestiary": lambda: _shipped("bestiary.toml", "combat")}[name]()
    schema = schema_of("en")
    Draft202012Validator(schema).validate(shipped)
    assert fields_markdown(schema) in README, f"run scripts/sheet_fields.py ({name})"
    for kind, sub in schema["$defs"].items():
        for field in sub.get("properties", {}):  # an effect's fields are its type's (DATA_EFFECTS.md)
            assert f"| {kind} | `{field}` |" in README, (name, kind, field)


def test_a_labyrinth_with_five_mistakes_gets_five_findings_in_one_answer_in_ko_ja_en() -> None:
    data = tomllib.loads(labyrinth_template("en"))
    hall = data["room"][1]
    hall["exits"] = ["gat"]
    hall["trap"]["fnd"] = hall["trap"].pop("find")
    hall["trap"]["disarm"]["difficulty"] = "hard"
    hall["encounter"]["monsters"][0]["species"] = "mos_rat"
    data["labyrinth"]["entrance"] = "hal"
    for lang in ("ko", "ja", "en"):
        with pytest.raises(SheetProblems) as err:
            read_labyrinth(data, file="cellar.toml")
        found = err.value.findings(lang)
        assert [f["path"] for f in found] == [
            "room[1].trap.disarm.difficulty", "room[1].trap.fnd", "room[1].encounter.monsters[0].species",
            "room[1].exits[0]", "labyrinth.entrance"], found
        assert all(f["file"] == "cellar.toml" and f["example"] for f in found)
    message = err.value.message("en")
    assert "(did you mean 'find'?)" in message and "(did you mean 'moss_rat'?)" in message


def test_an_encounter_gets_every_finding_and_its_defaults_said() -> None:
    data = tomllib.loads(encounter_template("en"))
    pc = data["pc"][0]
    del pc["max_hp"]
    pc["wit"] = "high"
    pc["weapons"][0]["powr"] = pc["weapons"][0].pop("power")
    data["monster"][0]["area"] = 1
    data["encounter"]["lit"] = [0, 9]
    with pytest.raises(SheetProblems) as err:
        encounter_from_data(data, "raid.toml")
    found = err.value.findings("ko")
    assert [(f["path"], f["level"]) for f in found] == [
        ("encounter.lit[1]", "error"), ("pc[0].wit", "error"), ("pc[0].weapons[0].powr", "error"),
        ("monster[0].area", "error"), ("pc[0].max_hp", "default")], found


def test_a_bestiary_reports_every_problem_at_once() -> None:
    beasts = _shipped("bestiary.toml", "combat")
    beasts["monster"][0]["hp"] = 0
    beasts["monster"][1]["names"] = {"ko": "x", "en": "y"}
    beasts["monster"][2]["id"] = beasts["monster"][0]["id"]
    with pytest.raises(SheetProblems) as err:
        bestiary_from_data(beasts, "mine.toml")
    assert [f["path"] for f in err.value.findings("en")] == ["monster[0].hp", "monster[1].names.ja", "monster[2].id"]


def test_cli_new_schema_and_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for kind in ("labyrinth", "encounter"):
        out = tmp_path / f"{kind}.toml"
        assert main(["mk", kind, "new", "--lang", "ja", "--out", str(out)]) == 0
        assert main(["mk", kind, str(out), "--lang", "en"]) == 0
        assert "no problems" in capsys.readouterr().out
        assert main(["mk", kind, "schema"]) == 0
        assert json.loads(capsys.readouterr().out)["$schema"].endswith("2020-12/schema")
        out.write_text(out.read_text(encoding="utf-8").replace("difficulty = 9", "difficulty = 999"), encoding="utf-8")
        assert main(["mk", kind, str(out), "--lang", "en"]) != 0
        assert "difficulty: 999 is outside the allowed range [0, 99]" in capsys.readouterr().err
    assert main(["mk", "bestiary", "sample", "--lang", "en"]) == 0
    assert "10 monster(s)" in capsys.readouterr().out
