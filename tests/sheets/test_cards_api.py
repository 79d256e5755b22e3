"""Issue 27 §5 over HTTP (a real ``meikyu serve``): the card maker's check as one types (the reader's problems
and the card-making rules', each with its path, every card's budget), the effect choices, the template and
schema, the deck downloaded as TOML and JSON and read back by the engine's reader, a game started with it,
and bad input answered in the user's language without a 5xx."""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from meikyu.systems.liberator.cardmaking import check_cards
from meikyu.systems.liberator.cards import load_cards, read_cards
from tests.api.conftest import Server, start_server, stop_server

CUT = {"id": "cut", "name": "Cut", "attribute": "P", "recovery": 3, "power": [0, 1, 1, 2, 2, 3],
       "effects": ["即:捨", "即:P-1", "", "", "", "付:M+1"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = start_server(env={"MEIKYU_DATA": str(tmp_path_factory.mktemp("games")), "MEIKYU_LANG": ""})
    yield srv
    stop_server(srv)


def post(server: Server, path: str, body: Any, lang: str = "en") -> tuple[int, Any]:
    reply = server.request("POST", path, {"lang": lang}, json.dumps(body).encode(),
                           {"Content-Type": "application/json"})
    kind = reply.headers.get("content-type", "")
    return reply.status, reply.json() if "json" in kind else reply.body.decode("utf-8")


def test_the_budget_is_checked_as_one_types_rule_by_rule_and_face_by_face(server: Server) -> None:
    """R-LB card-making: budget = recovery × 3; power never falls; face 3 may not be positive."""
    over = copy.deepcopy(CUT)
    over["power"] = [0, 1, 2, 2, 3, 3]  # 11 points of 9
    over["effects"][2] = "付:P+1"  # face 3 positive: not allowed
    status, answer = post(server, "/api/cards/check", {"cards": {"actions": [over]}, "file": "deck.toml"})
    assert status == 200 and answer["ok"] is False
    assert answer["actions"][0]["budget"] == 9 and answer["actions"][0]["spent"] == 11
    assert answer["actions"][0]["suggested"] == [0, 1, 1, 2, 2, 3]  # the engine's row for the budget
    paths = {(p["path"], p["level"]) for p in answer["problems"]}
    assert ("actions[0].recovery", "error") in paths  # over its budget
    assert ("actions[0].effects[2]", "error") in paths  # face 3
    assert answer["actions"][0]["faces"][5] == [{"notation": "付:M+1", "text": "grant: M+1"}]
    status, fixed = post(server, "/api/cards/check", {"cards": {"actions": [CUT]}}, "ko")
    assert fixed["ok"] is True and fixed["problems"] == []
    assert fixed["actions"][0]["faces"][0][0]["text"] == "즉시: 이 행동 버림"
    assert fixed["table"]["extras"][0] == {"id": "cut", "name": "Cut", "kind": "action", "own": True}


def test_every_problem_of_a_file_at_once_with_its_path_in_the_readers_language(server: Server) -> None:
    text = ('[[actions]]\nid = "x"\nname = "X"\nattribute = "Q"\nrecovery = 9\npower = [0, 1, 1, 2, 2, 3]\n'
            'effects = ["即:捨", "即:P-1", "", "", "", "付:P+1z"]\ncots = 1\n'
            '[[jobs]]\nid = "j"\nname = "J"\nactions = ["x", "nowhere", "swing"]\neffect_id = "e"\n'
            'effect_name = "E"\neffect = "P威力+1"\n')
    status, answer = post(server, "/api/cards/check", {"cards": text, "file": "mine.toml"}, "ja")
    assert status == 200 and answer["ok"] is False
    paths = [p["path"] for p in answer["problems"]]
    for path in ("actions[0].attribute", "actions[0].recovery", "actions[0].effects[5]", "actions[0].cots",
                 "jobs[0].actions"):
        assert path in paths, (path, paths)
    assert answer["actions"] == [None]  # no budget for a card the reader could not read whole
    assert answer["cards"]["actions"][0]["cots"] == 1  # the file as written, for the forms
    assert any("サンプル" in p["message"] for p in answer["problems"] if p["path"] == "jobs[0].actions")
    status, answer = post(server, "/api/cards/check", {"cards": '{"feats": [{"id": 1}]}', "file": "mine.json"})
    assert status == 200 and "feats[0].id" in [p["path"] for p in answer["problems"]]


def test_bad_input_is_a_clear_refusal_never_a_5xx(server: Server) -> None:
    for body, lang in (({"cards": "[[actions]\n", "file": "broken.toml"}, "ko"), ({"cards": 3}, "en"),
                       ({"cards": "[1, 2]", "file": "x.json"}, "ja"), ({}, "en"), ({"cards": {}, "file": 7}, "en"),
                       ({"cards": {"actions": [CUT]}, "to": "pdf"}, "en")):
        for path in ("/api/cards/check", "/api/cards/export"):
            status, answer = post(server, path, body, lang)
            if path == "/api/cards/check" and "to" in body:
                continue
            assert 400 <= status < 500 and answer["message"], (path, body, status, answer)
    status, answer = post(server, "/api/cards/check", {"cards": "[[actions]\n", "file": "broken.toml"}, "ko")
    assert "broken.toml" in answer["message"]
    reply = server.request("POST", "/api/cards/check", body=b"{not json", headers={"Content-Type": "application/json"})
    assert reply.status == 400
    status, answer = post(server, "/api/cards/check", {"cards": '[[feats]]\nid = 1979-05-27\n', "file": "d.toml"})
    assert status == 200 and answer["cards"]["feats"][0]["id"] == "1979-05-27"  # a TOML date, shown as written
    status, answer = post(server, "/api/cards/export", {"cards": '[[feats]]\nid = 1979-05-27\n', "to": "json"})
    assert status == 422 and "feats[0].id" in [p["path"] for p in answer["problems"]]


def test_download_refuses_a_broken_rule_then_reads_back_and_starts_a_game(server: Server) -> None:
    over = copy.deepcopy(CUT)
    over["power"][5] = 5
    status, refused = post(server, "/api/cards/export", {"cards": {"actions": [over]}, "to": "toml"}, "ko")
    assert status == 422 and [p["path"] for p in refused["problems"]] == ["actions[0].power[5]", "actions[0].recovery"]
    feat = {"id": "grit", "name": "Grit", "effect": "P威力+1"}
    deck = {"actions": [CUT], "feats": [feat]}
    status, text = post(server, "/api/cards/export", {"cards": deck, "to": "toml"})
    assert status == 200 and tomllib.loads(text) == deck
    cards = load_cards(text, "cards.toml")  # the engine's own reader
    assert cards.actions["cut"].power == (0, 1, 1, 2, 2, 3) and check_cards(cards) == ()
    status, data = post(server, "/api/cards/export", {"cards": deck, "to": "json"})
    assert status == 200 and read_cards(data, "cards.json").feats["grit"].name == "Grit"
    setup = {"cards": text, "files": {"cards": "cards.toml"},
             "players": [{"id": "ann", "job": "warrior", "extras": ["cut"]}, {"id": "bob", "job": "mage",
                                                                              "extras": ["grit"]}]}
    status, made = post(server, "/api/games", {"system": "Liberator", "kind": "scenario", "setup": setup})
    assert status == 201, made
    views = []
    for seat in made["seats"]:
        seen = server.request("GET", f"/api/games/{made['id']}", headers={"Authorization": f"Bearer {seat['token']}"})
        views.append(json.dumps(seen.json()["view"], ensure_ascii=False))
    assert any("Cut" in v for v in views) and any("Grit" in v for v in views)

def test_choices_template_and_schema(server: Server) -> None:
    choices = server.request("GET", "/api/cards/choices", {"lang": "ko"}).json()
    assert {"notation": "追:C", "text": "추격: C"} in choices["faces"]
    assert any(c["notation"] == "P威力+1" for c in choices["abilities"])
    assert {k["value"] for k in choices["kinds"]} >= {"combat", "craft"}
    text = server.request("GET", "/api/cards/template", {"lang": "ja"}).body.decode("utf-8")
    status, answer = post(server, "/api/cards/check", {"cards": text, "file": "cards.toml"})
    assert answer["ok"], answer["problems"]
    schema = server.request("GET", "/api/cards/schema").json()
    assert set(schema["properties"]) >= {"actions", "jobs", "feats", "obstacles", "enhancements"}


def test_every_effect_kind_the_engine_knows_is_offered_where_it_may_stand() -> None:
    """The menus are the engine's effect kinds: a kind added to a place (face, ability, bonus) without a choice
    fails here; every choice reads back as notation of a kind that place takes."""
    from meikyu.systems.liberator.effects import ABILITY_KINDS, BONUS_KINDS, FACE_KINDS, parse_effects
    from meikyu.table.lb_cards import choices

    for lang in ("ko", "ja", "en"):
        offered = choices(lang)
        for place, kinds in (("faces", FACE_KINDS), ("abilities", ABILITY_KINDS), ("bonuses", BONUS_KINDS)):
            read = [parse_effects(c["notation"]) for c in offered[place]]
            assert all(len(r) == 1 and r[0].kind in kinds for r in read), place
            assert {r[0].kind for r in read} == kinds, (place, kinds - {r[0].kind for r in read})
            assert all(c["text"] for c in offered[place])


NAMED = {**CUT, "names": {"ko": "베기", "ja": "斬り", "en": "Cut Down"}}
NAMED_FEAT = {"id": "grit", "name": "Grit", "names": {"ko": "근성"}, "effect": "P威力+1"}


def test_a_decks_own_names_show_in_each_seats_language_and_the_gm_takes_the_deck_back(server: Server) -> None:
    """A card's ``names`` name it at a table in that language (its ``name`` where it has none); the GM's token
    reads the game's card file back for the card maker, a player's token is refused, a sample game has none."""
    status, answer = post(server, "/api/cards/check", {"cards": {"actions": [NAMED], "feats": [NAMED_FEAT]}}, "ja")
    assert answer["ok"], answer["problems"]
    assert answer["table"]["extras"][0]["name"] == "斬り" and answer["table"]["extras"][1]["name"] == "Grit"
    status, bad = post(server, "/api/cards/check", {"cards": {"actions": [{**CUT, "names": {"kr": "베기"}}]}})
    assert [p["path"] for p in bad["problems"]] == ["actions[0].names.kr"]
    status, text = post(server, "/api/cards/export", {"cards": {"actions": [NAMED], "feats": [NAMED_FEAT]}})
    assert status == 200 and 'names = { ko = "베기", ja = "斬り", en = "Cut Down" }' in text
    setup = {"cards": text, "players": [{"id": "ann", "job": "warrior", "extras": ["cut"]},
                                        {"id": "bob", "job": "mage", "extras": ["grit"]}]}
    status, made = post(server, "/api/games", {"system": "Liberator", "kind": "scenario", "setup": setup})
    assert status == 201, made
    tokens = {seat["seat"]: seat["token"] for seat in made["seats"]}
    auth = {"Authorization": f"Bearer {tokens['gm']}"}
    for lang, cut, grit in (("ko", "베기", "근성"), ("ja", "斬り", "Grit"), ("en", "Cut Down", "Grit")):
        view = server.request("GET", f"/api/games/{made['id']}", {"lang": lang}, headers=auth).json()["view"]
        hands = {p["id"]: [c["name"] for c in p["hand"]] + [c["name"] for c in p["feats"]] for p in view["players"]}
        assert cut in hands["ann"] and grit in hands["bob"], (lang, hands)
    deck = server.request("GET", f"/api/games/{made['id']}/cards", headers=auth)
    assert deck.status == 200 and deck.body.decode("utf-8") == text
    refused = server.request("GET", f"/api/games/{made['id']}/cards", {"lang": "ko"},
                             headers={"Authorization": f"Bearer {tokens['player:ann']}"})
    assert refused.status == 403 and refused.json()["message"] == "GM 좌석만 할 수 있습니다."
    status, sample = post(server, "/api/games", {"system": "Liberator", "kind": "scenario", "setup": "sample"})
    gm = next(s["token"] for s in sample["seats"] if s["seat"] == "gm")
    none = server.request("GET", f"/api/games/{sample['id']}/cards", {"lang": "en"},
                          headers={"Authorization": f"Bearer {gm}"})
    assert none.status == 404 and "sample cards only" in none.json()["message"]
