"""Issue 27 §2: a sheet's every problem in one answer (file, field path, what is wrong, a right value),
unknown fields with the nearest known name, defaults applied and said — from the CLI, the table setup
and the HTTP API."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
from meikyu.cli import main
from meikyu.errors import DataError
from meikyu.sheetdata.reader import SheetProblems
from meikyu.systems.meikyu_kingdom.sheets.sheet import check_sheet, read_sheet
from meikyu.table.registry import get

NINE_LINES = """[kingdom]
name = "Test"
[[characters]]
id = "a"
name = "A"
job = "Royal"
wit = "high"
charm = 1
search = 1
valor = 1
hp = 8
"""


def test_the_nine_line_sheet_gets_both_findings_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "court.toml"
    path.write_text(NINE_LINES, encoding="utf-8")
    assert main(["mk", "sheet", str(path), "--lang", "en"]) != 0
    err = capsys.readouterr().err
    assert "court.toml" in err and "characters[0].wit" in err and "'high'" in err and "wit = 3" in err
    assert "characters[0].max_hp" in err and "8" in err
    for lang, word in (("ko", "예"), ("ja", "例")):
        assert main(["mk", "sheet", str(path), "--lang", lang]) != 0
        assert word in capsys.readouterr().err


def test_a_right_sheet_shows_and_says_its_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "court.toml"
    path.write_text(NINE_LINES.replace('"high"', "2"), encoding="utf-8")
    assert main(["mk", "sheet", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr()
    assert "A" in out.out and "characters[0].max_hp: not given; taken as 8" in out.err


def test_every_problem_of_a_file_is_listed() -> None:
    import tomllib

    data = tomllib.loads(NINE_LINES)
    data["kingdom"]["budgett"] = 3
    data["characters"][0]["charm"] = -1 if False else "x"
    data["characters"][0]["items"] = [{"name": "spear", "category": "weapon"}, {"category": "shield"}]
    with pytest.raises(SheetProblems) as info:
        read_sheet(data, file="court.toml")
    found = {(f["path"], f["level"]) for f in info.value.findings("en")}
    assert {("characters[0].wit", "error"), ("characters[0].charm", "error"), ("kingdom.budgett", "error"),
            ("characters[0].items[0].attack", "error"), ("characters[0].items[1].category", "error"),
            ("characters[0].items[1].name", "error"), ("characters[0].max_hp", "default")} <= found
    message = info.value.message("en")
    assert "did you mean 'budget'" in message and "budget = …" in message
    assert "(did you mean" not in info.value.message("ko") and "'budget'" in info.value.message("ko")


def test_a_right_sheet_says_its_defaults() -> None:
    import tomllib

    data = tomllib.loads(NINE_LINES)
    data["characters"][0]["wit"] = 2
    sheet, report = check_sheet(data, file="court.toml")
    assert not report.problems and sheet.characters[0].max_hp == 8
    assert [n.params["path"] for n in report.notes] == ["characters[0].max_hp"]


def test_the_table_setup_names_the_file() -> None:
    kind = get("MeikyuKingdom", "session")
    with pytest.raises(DataError) as info:
        kind.setup({"sheet": NINE_LINES, "files": {"sheet": "my court.toml"}}, "en")
    text = info.value.message("en")
    assert "my court.toml" in text and "setup.sheet" not in text
    assert "characters[0].wit" in text and "characters[0].max_hp" in text


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ApiConfig(data_dir=str(tmp_path / "data"))), raise_server_exceptions=False) as c:
        yield c


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_api_answers_every_problem(client: TestClient, lang: str) -> None:
    body = {"system": "MeikyuKingdom", "kind": "session", "lang": lang,
            "setup": {"sheet": NINE_LINES, "files": {"sheet": "court.toml"}}}
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 422
    data = reply.json()
    assert "court.toml" in data["message"] and "setup.sheet" not in data["message"]
    paths = [(p["path"], p["level"]) for p in data["problems"]]
    assert paths == [("characters[0].wit", "error"), ("characters[0].max_hp", "default")]
    assert all(p["file"] == "court.toml" for p in data["problems"]) and data["problems"][0]["example"]
