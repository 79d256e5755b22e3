"""Issue 27 §3–4 over HTTP: the editor's check as one types, template, schema, exports, imports, and the GM's
download of the kingdom and court as they stand, from which the next game starts."""

from __future__ import annotations

import base64
import io
import tomllib
import warnings
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.systems.meikyu_kingdom.sheets.template import sheet_toml
from tests.sheets.test_every_error import NINE_LINES


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(ApiConfig(data_dir=str(tmp_path / "data"))), raise_server_exceptions=False) as c:
        yield c


def test_check_answers_every_problem_and_the_sheet_when_right(client: TestClient) -> None:
    reply = client.post("/api/sheets/check?lang=ja", json={"sheet": NINE_LINES, "file": "court.toml"})
    assert reply.status_code == 200
    data = reply.json()
    assert data["ok"] is False and [p["path"] for p in data["problems"]] == ["characters[0].wit", "characters[0].max_hp"]
    assert data["problems"][0]["example"].startswith("例")
    right = client.post("/api/sheets/check", json={"sheet": sample().to_data()}).json()
    assert right["ok"] and right["sheet"] == sample().to_data()
    broken = client.post("/api/sheets/check", json={"sheet": "[kingdom\n", "file": "court.toml"})
    assert broken.status_code == 422 and "court.toml" in broken.json()["message"]


def test_template_and_schema(client: TestClient) -> None:
    text = client.get("/api/sheets/template?lang=ko&characters=2").text
    assert len(tomllib.loads(text)["characters"]) == 2
    assert client.get("/api/sheets/schema").json()["$schema"].endswith("2020-12/schema")
    assert client.get("/api/sheets/template?characters=99").status_code == 400


def test_exports_and_imports(client: TestClient) -> None:
    sheet = sample().to_data()
    toml = client.post("/api/sheets/export", json={"sheet": sheet, "to": "toml"})
    assert toml.status_code == 200 and tomllib.loads(toml.text) == sheet
    clip = client.post("/api/sheets/export", json={"sheet": sheet, "to": "ccfolia", "actor": "mir", "lang": "ja"}).json()
    back = client.post("/api/sheets/import", json={"from": "ccfolia", "data": clip, "sheet": sheet}).json()
    assert back["character"] == sheet["characters"][3] and back["unread"] == []
    z = client.post("/api/sheets/export", json={"sheet": sheet, "to": "udonarium", "actor": "doyun"})
    assert z.headers["content-type"] == "application/zip"
    assert zipfile.ZipFile(io.BytesIO(z.content)).namelist() == ["data.xml"]
    back = client.post("/api/sheets/import", json={"from": "udonarium", "data": base64.b64encode(z.content).decode()})
    assert back.json()["character"]["valor"] == sheet["characters"][1]["valor"]
    bad = client.post("/api/sheets/import", json={"from": "udonarium", "data": "%%%"})
    assert bad.status_code == 422 and bad.json()["error"] == "refused"


def test_the_gm_downloads_the_court_as_it_stands_and_the_next_game_starts_from_it(client: TestClient) -> None:
    made = client.post("/api/games", json={"system": "MeikyuKingdom", "kind": "session", "setup": "sample",
                                           "lang": "en"}).json()
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    got = client.get(f"/api/games/{made['id']}/sheet", headers={"Authorization": f"Bearer {tokens['gm']}"})
    assert got.status_code == 200 and "attachment" in got.headers["content-disposition"]
    assert tomllib.loads(got.text) == tomllib.loads(sheet_toml(sample().to_data()))
    player = next(t for s, t in tokens.items() if s != "gm")
    refused = client.get(f"/api/games/{made['id']}/sheet", headers={"Authorization": f"Bearer {player}"})
    assert refused.status_code == 403
    again = client.post("/api/games", json={"system": "MeikyuKingdom", "kind": "session", "lang": "en",
                                            "setup": {"sheet": got.text, "files": {"sheet": "court.toml"}}})
    assert again.status_code == 201


def test_an_encounter_a_labyrinth_and_cards_with_mistakes_answer_every_problem(client: TestClient) -> None:
    """The same list (file, path, message, example) for the other files a game is set up from."""
    from meikyu.systems.liberator.card_template import cards_template
    from meikyu.systems.meikyu_kingdom.labyrinth.template import encounter_template, labyrinth_template

    encounter = encounter_template("en").replace("hp = 9", "hp = -1", 1).replace('species = "moss_rat"',
                                                                                 'species = "mos_rat"')
    bad = client.post("/api/games", json={"system": "MeikyuKingdom", "kind": "battle", "lang": "en",
                                          "setup": {"encounter": tomllib.loads(encounter)}})
    assert bad.status_code == 422
    assert [p["path"] for p in bad.json()["problems"]] == ["pc[0].hp", "monster[0].species"]
    labyrinth = labyrinth_template("en").replace("difficulty = 9", "difficulty = 999")
    bad = client.post("/api/games", json={"system": "MeikyuKingdom", "kind": "session", "lang": "ko",
                                          "setup": {"sheet": sheet_toml(sample().to_data()), "labyrinth": labyrinth,
                                                    "files": {"labyrinth": "cellar.toml"}}})
    assert bad.status_code == 422, bad.text
    found = bad.json()["problems"]
    assert len(found) == 3 and all(p["file"] == "cellar.toml" and p["example"] for p in found), found
    cards = cards_template("en").replace("recovery = 3", "recovery = 9")
    bad = client.post("/api/games", json={"system": "Liberator", "kind": "scenario", "lang": "ja", "setup": {
        "players": [{"id": "ann", "job": "my_job"}], "cards": cards}})
    assert bad.status_code == 422, bad.text
    assert [p["path"] for p in bad.json()["problems"]] == [f"actions[{n}].recovery" for n in range(3)]
