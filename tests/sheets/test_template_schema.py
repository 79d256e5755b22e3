"""Issue 27 §1: a commented template and a JSON Schema, both from the reader that loads sheets; the README
documents every field the reader accepts."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from meikyu.cli import main
from meikyu.sheetdata.reader import Reader
from meikyu.sheetdata.schema import fields_markdown
from meikyu.systems.meikyu_kingdom.effects.acts import ACT_FIELDS
from meikyu.systems.meikyu_kingdom.sheets.character import Character, Item, Skill
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom, LandMap
from meikyu.systems.meikyu_kingdom.sheets.schema import sheet_schema
from meikyu.systems.meikyu_kingdom.sheets.sheet import check_sheet, sample
from meikyu.systems.meikyu_kingdom.sheets.template import UNSHOWN, sheet_template

README = Path(__file__).resolve().parents[2] / "README.md"
DATA_EFFECTS = (Path(__file__).resolve().parents[2] / "src/meikyu/systems/meikyu_kingdom/data/tables/DATA_EFFECTS.md"
                ).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
@pytest.mark.parametrize("count", [0, 1, 3])
def test_the_template_reads_and_validates(lang: str, count: int) -> None:
    data = tomllib.loads(sheet_template(lang, count))
    sheet, report = check_sheet(data, file="template.toml")
    assert not report.problems and not report.notes and len(sheet.characters) == count
    Draft202012Validator(sheet_schema(lang)).validate(data)


def test_the_schema_is_a_draft_2020_12_schema_the_sample_meets() -> None:
    schema = sheet_schema()
    Draft202012Validator.check_schema(schema)
    Draft202012Validator(schema).validate(sample().to_data())
    bad = sample().to_data()
    bad["characters"][0]["wit"] = "high"
    bad["kingdom"]["budgett"] = 1
    assert len(list(Draft202012Validator(schema).iter_errors(bad))) == 2


def _accepted(read, data) -> set[str]:  # type: ignore[no-untyped-def]
    """The fields the real reader asks for when it reads ``data``."""
    r = Reader(data, file="x", entry="")
    read(r)
    return set(r.known())


def test_every_field_the_reader_accepts_is_in_the_schema_the_template_and_the_readme() -> None:
    defs = sheet_schema()["$defs"]
    haneul = sample().characters[0]
    kingdom = sample().kingdom
    assert kingdom is not None
    cases = {
        "character": (Character.read, haneul.to_data()),
        "item": (Item.read, {"name": "x"}),
        "skill": (Skill.read, {"name": "x"}),
        "kingdom": (Kingdom.read, kingdom.to_data()),
        "landmap": (LandMap.read, kingdom.maps[0].to_data()),
    }
    readme = README.read_text(encoding="utf-8")
    text = sheet_template("en", 2)
    template = tomllib.loads(text)
    in_template = {
        "character": set(template["characters"][0]), "item": set(template["characters"][0]["items"][0]),
        "skill": set(template["characters"][0]["skills"][0]), "kingdom": set(template["kingdom"]),
        "landmap": set(template["kingdom"]["maps"][0]),
    }
    for kind, (read, data) in cases.items():
        accepted = _accepted(read, data)
        assert accepted == set(defs[kind]["properties"]), kind
        # the template's skill acts (target, cost, effects); the acting fields it needs not are named in its
        # closing comment, each shown in data/tables/DATA_EFFECTS.md's worked examples
        unshown = set(UNSHOWN) if kind == "skill" else set(ACT_FIELDS) if kind == "item" else set()
        assert accepted - unshown == in_template[kind], kind
        for name in unshown:
            assert name in text.splitlines()[-1] and name in DATA_EFFECTS, name
        for name in accepted:
            assert f"| {kind} | `{name}` |" in readme, (kind, name)
    assert fields_markdown(sheet_schema()) in readme  # the README's table is the generated one


def test_cli_new_and_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "court.toml"
    assert main(["mk", "sheet", "new", "--lang", "ko", "--characters", "2", "--out", str(out)]) == 0
    assert main(["mk", "sheet", str(out), "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["characters"]) == 2
    assert main(["mk", "sheet", "schema"]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].endswith("2020-12/schema")
    assert main(["mk", "sheet", "new", "--characters", "99"]) != 0


def test_a_skill_effect_is_free_text_or_a_table_kept_as_written() -> None:
    """Until the skills' effect format lands, ``effect`` takes either; the engine reads neither."""
    data = sample().to_data()
    data["characters"][0]["skills"] = [{"name": "Rally", "effect": {"kind": "bonus", "check": 1}},
                                       {"name": "Guard", "effect": "takes a hit for an ally"}]
    sheet, report = check_sheet(data, file="court.toml")
    assert not report.problems
    assert sheet.characters[0].skills[0].effect_table == {"kind": "bonus", "check": 1}
    assert sheet.to_data()["characters"][0]["skills"][0]["effect"] == {"kind": "bonus", "check": 1}
    Draft202012Validator(sheet_schema()).validate(data)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_one_writer_the_export_is_the_template_without_its_comments(lang: str) -> None:
    """Templates and plain exports are written by one writer (``sheetdata.template.commented``): a sheet's
    export is its template with the comments left out, line for line, and reads back as the same data."""
    import re

    from meikyu.sheetdata import template as writer
    from meikyu.systems.meikyu_kingdom.sheets.template import example_character, example_kingdom, sheet_toml

    assert not hasattr(writer, "section")  # the second writer (plain or commented by a table map) is gone
    data = {"kingdom": example_kingdom(lang), "characters": [example_character(n, 2, lang) for n in (1, 2)]}
    uncommented = [line for line in sheet_template(lang, characters=2).splitlines()[2:] if not line.startswith("#")]
    assert sheet_toml(data) == re.sub(r"\n{3,}", "\n\n", "\n".join(uncommented).strip("\n") + "\n")
    assert tomllib.loads(sheet_toml(data)) == data
