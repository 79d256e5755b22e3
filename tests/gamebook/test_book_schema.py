"""Issue 27 §1–2 for a gamebook book: a commented template (`gamebook new`) that passes `check`, a JSON Schema
(`gamebook schema`) written from the reader's own field lists, a README table, every problem at once with the
nearest known name."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from meikyu.cli import main
from meikyu.sheetdata.schema import fields_markdown
from meikyu.systems.gamebook import book as book_module
from meikyu.systems.gamebook.book import BookError, load_book, parse_book
from meikyu.systems.gamebook.book_schema import book_schema, book_template
from meikyu.systems.gamebook.books import SAMPLES, sample_path
from meikyu.systems.gamebook.validate import check_text

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_template_passes_check_and_meets_the_schema(lang: str) -> None:
    text = book_template(lang)
    assert check_text(text, "template.toml") == []
    schema = book_schema(lang)
    Draft202012Validator.check_schema(schema)
    Draft202012Validator(schema).validate(tomllib.loads(text))


def test_every_shipped_book_meets_the_schema_and_the_readme_lists_every_field() -> None:
    schema = book_schema()
    for name in SAMPLES:
        Draft202012Validator(schema).validate(tomllib.loads(sample_path(name).read_text(encoding="utf-8")))
    assert fields_markdown(schema) in README, "run scripts/sheet_fields.py"


@pytest.mark.parametrize(("kind", "fields"), [
    ("book", "BOOK_FIELDS"), ("item", "ITEM_FIELDS"), ("ability", "ABILITY_FIELDS"),
    ("paragraph", "PARAGRAPH_FIELDS"), ("check", "CHECK_FIELDS"), ("combat", "COMBAT_FIELDS"),
    ("enemy", "ENEMY_FIELDS"), ("condition", "CONDITION_FIELDS"), ("effect", "EFFECT_FIELDS"),
    ("choice", "WAY_FIELDS"),
])
def test_the_schema_names_exactly_the_fields_the_reader_accepts(kind: str, fields: str) -> None:
    assert list(book_schema()["$defs"][kind]["properties"]) == list(getattr(book_module, fields))


def test_a_book_with_mistakes_in_every_part_gets_them_all_with_the_nearest_names() -> None:
    text = book_template("en")
    for right, wrong in (('weapon = "sword"', 'weapon = "sword"\nwepon = 1'), ("kill = 3", "kill = 3\nkil = 1"),
                         ("defense = 1", "defens = 1"), ('text = "The wall is steep."', 'txt = "The wall is steep."'),
                         ("hits = 2 }", "hit = 2 }"), ("escape = 2", "escap = 2")):
        assert right in text, right
        text = text.replace(right, wrong, 1)
    problems = parse_book(text, "mine.toml")[1]
    words = [p.message("en") for p in problems]
    for field, near in (("wepon", "weapon"), ("kil", "kill"), ("defens", "defense"), ("txt", "text"),
                        ("hit", "hits"), ("escap", "escape")):
        assert any(f"'{field}'" in w and f"(did you mean '{near}'?)" in w for w in words), (field, words)
    path = Path(__file__).parent / "_mistakes.toml"
    try:
        path.write_text(text, encoding="utf-8")
        with pytest.raises(BookError) as err:
            load_book(path)
        message = err.value.message("ja")
        assert message.count("\n- ") == len(problems) >= 7 and "_mistakes.toml:" in message
    finally:
        path.unlink()


def test_cli_new_and_schema(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "mine.toml"
    assert main(["gamebook", "new", "--lang", "ko", "--out", str(out)]) == 0
    assert main(["gamebook", "check", str(out), "--lang", "en"]) == 0
    assert "no problems" in capsys.readouterr().out
    assert main(["gamebook", "schema"]) == 0
    assert json.loads(capsys.readouterr().out)["$schema"].endswith("2020-12/schema")
