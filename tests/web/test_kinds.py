"""``GET /api/kinds`` says which files each kind is set up from (the home page asks for exactly those), and
each required file alone sets a game up over real HTTP; the OpenAPI document shows it with an example."""

from __future__ import annotations

import json
from importlib import resources

from meikyu.api.openapi import document
from tests.api.conftest import Server

LIBERATOR_CARDS = "# our table's own cards (none yet: the sample ones play)\n"


def _shipped(package: str, *path: str) -> str:
    return resources.files(package).joinpath(*path).read_text(encoding="utf-8")


SAMPLE_FILES = {  # a shipped file for every field a kind reads from a file
    "encounter": _shipped("meikyu.systems.meikyu_kingdom.combat", "data", "sample_encounter.toml"),
    "sheet": _shipped("meikyu.systems.meikyu_kingdom", "data", "sample_kingdom.toml"),
    "labyrinth": _shipped("meikyu.systems.meikyu_kingdom", "data", "sample_labyrinth.toml"),
    "book": _shipped("meikyu.systems.gamebook", "books", "kaze-no-tou.toml"),
    "cards": LIBERATOR_CARDS,
}


def test_every_kind_names_its_files_and_its_required_file_alone_sets_a_game_up(web_server: Server) -> None:
    kinds = web_server.get("/api/kinds").json()["kinds"]
    assert {(k["system"], k["kind"]) for k in kinds} >= {("MeikyuKingdom", "session"), ("Liberator", "scenario")}
    for kind in kinds:
        files = kind["files"]
        assert files and files[0]["required"], kind
        setup = {f["field"]: SAMPLE_FILES[f["field"]] for f in files if f["required"]}
        body = json.dumps({"system": kind["system"], "kind": kind["kind"], "setup": setup, "lang": "en"})
        reply = web_server.request("POST", "/api/games", body=body.encode(),
                                   headers={"Content-Type": "application/json"})
        assert reply.status == 201, (kind, reply.body[:300])
    session = next(k for k in kinds if k["kind"] == "session")
    assert session["files"] == [{"field": "sheet", "required": True}, {"field": "labyrinth", "required": False}]


def test_the_openapi_document_shows_the_files_with_an_example() -> None:
    doc = document()
    answer = doc["paths"]["/api/kinds"]["get"]["responses"]["200"]["content"]["application/json"]
    assert answer["example"]["kinds"][0]["files"][0] == {"field": "sheet", "required": True}
    item = doc["components"]["schemas"]["Kinds"]["properties"]["kinds"]["items"]
    assert item["properties"]["files"]["items"]["required"] == ["field", "required"]
