"""The /v2 interface over real HTTP: the JSON shapes a bcdice-api client relies on (bcdice-compat.md)."""

from __future__ import annotations

import json
import re
import uuid

import meikyu
from meikyu.systems import all_systems
from tests.api.conftest import Server

ROLL_KEYS = ["ok", "text", "secret", "success", "failure", "critical", "fumble", "rands"]
DRINKS = "飲み物表\n1D6\n1:水\n2:緑茶\n3:麦茶\n4:コーラ\n5:オレンジジュース\n6:選ばれし者の知的飲料\n"


def test_version_shape(server: Server) -> None:
    reply = server.get("/v2/version")
    assert reply.status == 200
    assert reply.headers["access-control-allow-origin"] == "*"
    assert reply.headers["content-type"].startswith("application/json")
    data = reply.json()
    assert isinstance(data["api"], str) and isinstance(data["bcdice"], str)
    assert list(data) == ["api", "bcdice"]
    assert server.get("/v2/version", extras="1").json()["meikyu"] == meikyu.__version__


def test_admin_from_options_and_environment(server: Server) -> None:
    # --admin-name on the command line, MEIKYU_ADMIN_URL from the environment, email unset -> "".
    assert server.get("/v2/admin").json() == {
        "name": "Test Operator", "url": "https://example.org/terms", "email": ""}


def test_game_system_list_sorted_by_sort_key(server: Server) -> None:
    data = server.get("/v2/game_system").json()
    assert list(data) == ["game_system"]
    rows = data["game_system"]
    assert [r["id"] for r in rows] == [s.id for s in all_systems()]
    assert [r["sort_key"] for r in rows] == sorted(r["sort_key"] for r in rows)
    assert all(set(r) == {"id", "name", "sort_key"} for r in rows)
    mk = next(r for r in rows if r["id"] == "MeikyuKingdom")
    assert mk["name"] == "迷宮キングダム"


def test_game_system_list_localized_names(server: Server) -> None:
    rows = server.get("/v2/game_system", lang="ko").json()["game_system"]
    assert next(r for r in rows if r["id"] == "MeikyuKingdom")["name"] == "미궁킹덤"


def test_game_system_info_shape_and_pattern(server: Server) -> None:
    data = server.get("/v2/game_system/MeikyuKingdom").json()
    assert list(data) == ["ok", "id", "name", "sort_key", "command_pattern", "help_message"]
    assert data["ok"] is True and data["id"] == "MeikyuKingdom"
    pattern = re.compile(data["command_pattern"], re.IGNORECASE)
    for command in ("2MK+3>=9", "3mk", "2D6>=7", "S2MK", "10MK+1>=12"):
        assert pattern.search(command), command
    for chat in ("hello everyone", "ok let's go", "mk is fun", "今日はよろしく"):
        assert not pattern.search(chat), chat


def test_help_message_is_localized(server: Server) -> None:
    texts = {lang: server.get("/v2/game_system/MeikyuKingdom", lang=lang).json()["help_message"]
             for lang in ("ko", "ja", "en")}
    assert all(texts.values())
    assert len(set(texts.values())) == 3


def test_system_found_by_alias_reports_canonical_id(server: Server) -> None:
    assert server.get("/v2/game_system/mk").json()["id"] == "MeikyuKingdom"


def test_unknown_system(server: Server) -> None:
    for path in ("/v2/game_system/Hoge", "/v2/game_system/Hoge/roll"):
        reply = server.get(path, command="2D6")
        assert reply.status == 400
        assert reply.json()["ok"] is False
        assert reply.json()["reason"] == "unsupported game system"
        assert reply.headers["access-control-allow-origin"] == "*"


def test_roll_shape_with_fixed_dice(server: Server) -> None:
    reply = server.get("/v2/game_system/MeikyuKingdom/roll", command="3MK+2>=9", dice="6,3,1", extras="1")
    assert reply.status == 200
    data = reply.json()
    assert list(data)[: len(ROLL_KEYS)] == ROLL_KEYS
    assert data["text"] == "(3R6+2>=9) ＞ 9[1,3,6]+2 ＞ 11 ＞ 成功 (もしくは) 6 ＞ 失敗 ＆ 《気力》1点獲得"
    assert (data["success"], data["failure"], data["critical"], data["fumble"], data["secret"]) == (
        True, False, False, False, False)
    assert data["rands"] == [{"kind": "normal", "sides": 6, "value": v} for v in (6, 3, 1)]
    assert data["kept"] == [3, 6] and data["achievement"] == 11


def test_roll_flags_are_correct_where_bcdice_leaves_them_false(server: Server) -> None:
    """R-MK-11: kept two of 6+6 is a critical; BCDice's API says false, we say true."""
    data = server.get("/v2/game_system/MeikyuKingdom/roll", command="2MK+1>=20", dice="6,6").json()
    assert data["critical"] is True and data["success"] is True and data["fumble"] is False
    data = server.get("/v2/game_system/MeikyuKingdom/roll", command="2MK+9>=5", dice="1,1").json()
    assert data["fumble"] is True and data["failure"] is True and data["success"] is False


def test_roll_random_dice(server: Server) -> None:
    data = server.get("/v2/game_system/MeikyuKingdom/roll", command="2MK+3>=9").json()
    assert data["ok"] is True and len(data["rands"]) == 2
    assert all(1 <= r["value"] <= 6 and r["sides"] == 6 for r in data["rands"])
    assert data["text"].startswith("(2R6+3>=9) ＞ ")


def test_roll_native_text_in_each_language(server: Server) -> None:
    texts = {lang: server.get("/v2/game_system/MeikyuKingdom/roll", command="3MK+2>=9", dice="6,3,1",
                              format="text", lang=lang).json()["text"] for lang in ("ko", "ja", "en")}
    assert len(set(texts.values())) == 3
    expected = meikyu.roll("3MK+2>=9", dice=[6, 3, 1]).render("text", lang="en")
    assert texts["en"] == expected


def test_roll_by_post_form_multipart_and_json(server: Server) -> None:
    path = "/v2/game_system/MeikyuKingdom/roll"
    want = "(2R6+3>=9) ＞ 9[3,6]+3 ＞ 12 ＞ 成功 (もしくは) 6 ＞ 失敗 ＆ 《気力》1点獲得"
    assert server.post_form(path, command="2MK+3>=9", dice="3,6").json()["text"] == want
    boundary = uuid.uuid4().hex
    parts = "".join(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                    for k, v in (("command", "2MK+3>=9"), ("dice", "3,6")))
    body = (parts + f"--{boundary}--\r\n").encode("utf-8")
    reply = server.request("POST", path, body=body,
                           headers={"Content-Type": f"multipart/form-data; boundary={boundary}"})
    assert reply.json()["text"] == want
    body = json.dumps({"command": "2MK+3>=9", "dice": [3, 6]}).encode()
    reply = server.request("POST", path, body=body, headers={"Content-Type": "application/json"})
    assert reply.json()["text"] == want


def test_body_parameters_override_query(server: Server) -> None:
    body = b"command=2MK"
    reply = server.request("POST", "/v2/game_system/MeikyuKingdom/roll?command=hello&dice=2,2", body=body,
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert reply.json()["text"] == "(2R6) ＞ 4[2,2] ＞ 4"


def test_unsupported_command_cases(server: Server) -> None:
    path = "/v2/game_system/MeikyuKingdom/roll"
    for query in ({"command": "hello everyone"}, {"command": ""}, {}, {"command": "   "}):
        reply = server.request("GET", path, {**query, "extras": "1"})
        assert reply.status == 400, query
        assert reply.json()["reason"] == "unsupported command"
        assert reply.json()["message"]
        assert set(server.request("GET", path, query or None).json()) == {"ok", "reason"}


def test_error_message_follows_lang(server: Server) -> None:
    en = server.get("/v2/game_system/MeikyuKingdom/roll", command="hello", lang="en", extras="1").json()["message"]
    ko = server.get("/v2/game_system/MeikyuKingdom/roll", command="hello", lang="ko", extras="1").json()["message"]
    assert en != ko and "hello" in en


def test_bad_dice_lang_and_format(server: Server) -> None:
    path = "/v2/game_system/MeikyuKingdom/roll"
    cases = [({"dice": "9,1"}, "invalid dice"), ({"dice": "6,6,6"}, "invalid dice"), ({"dice": "6"}, "invalid dice")]
    for extra, reason in cases:
        reply = server.request("GET", path, {"command": "2MK", **extra})
        assert (reply.status, reply.json()["reason"]) == (400, reason), extra
    # A bad value of one of our own optional parameters falls back to its default: bcdice-api would roll.
    for extra in ({"dice": "six"}, {"lang": "fr"}, {"format": "html"}, {"extras": "maybe"}, {"unknown": "x"}):
        reply = server.request("GET", path, {"command": "2MK", **extra})
        assert reply.status == 200 and reply.json()["text"].startswith("(2R6) ＞ "), extra


def test_original_table(server: Server) -> None:
    reply = server.post_form("/v2/original_table", table=DRINKS, dice="6")
    assert reply.status == 200
    data = reply.json()
    assert list(data)[:3] == ["ok", "text", "rands"]
    assert data["text"] == "飲み物表(6) ＞ 選ばれし者の知的飲料"
    assert data["rands"] == [{"kind": "normal", "sides": 6, "value": 6}]


def test_original_table_random_and_2d6(server: Server) -> None:
    data = server.post_form("/v2/original_table", table=DRINKS).json()
    assert data["text"].startswith("飲み物表(") and len(data["rands"]) == 1
    table = "Sum\n2D6\n" + "\n".join(f"{v}:row {v}" for v in range(2, 13))
    data = server.post_form("/v2/original_table", table=table, dice="4,5").json()
    assert data["text"] == "Sum(9) ＞ row 9"
    assert [r["value"] for r in data["rands"]] == [4, 5]


def test_original_table_errors(server: Server) -> None:
    for fields in ({"table": "just a title"}, {"table": "T\n1D6\n1:a"}, {}, {"table": "T\n1D6\n" + "\n".join(
            f"{v}:x" for v in range(1, 7)), "dice": "6,6"}):
        reply = server.post_form("/v2/original_table", **fields, extras="1")
        assert reply.status == 400, fields
        assert reply.json()["ok"] is False and reply.json()["message"]


def test_unknown_route_and_wrong_method(server: Server) -> None:
    reply = server.get("/v2/nothing/here")
    assert (reply.status, reply.json()) == (404, reply.json() | {"ok": False, "reason": "not found"})
    assert reply.headers["access-control-allow-origin"] == "*"
    reply = server.get("/v2/original_table")
    assert reply.status == 405 and reply.json()["ok"] is False
    assert "POST" in reply.headers["allow"]


def test_trailing_slash_is_not_found_like_bcdice_api(server: Server) -> None:
    for path in ("/v2/version/", "/v2/game_system/MeikyuKingdom/roll/"):
        reply = server.get(path, command="2MK")
        assert (reply.status, reply.json()["reason"]) == (404, "not found"), path
        assert "location" not in reply.headers


def test_cors_preflight(server: Server) -> None:
    reply = server.request("OPTIONS", "/v2/game_system/MeikyuKingdom/roll",
                           headers={"Origin": "https://example.org", "Access-Control-Request-Method": "POST"})
    assert reply.status == 204
    assert reply.headers["access-control-allow-origin"] == "*"
    assert "POST" in reply.headers["access-control-allow-methods"]


def test_openapi_and_docs(server: Server) -> None:
    doc = server.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    assert "/v2/game_system/{id}/roll" in doc["paths"]
    page = server.get("/docs")
    assert page.status == 200 and b"/v2/original_table" in page.body


def test_every_registered_system_is_served(server: Server) -> None:
    """Systems registered by other packages appear without any change to the API."""
    for info in all_systems():
        data = server.get(f"/v2/game_system/{info.id}").json()
        assert data["ok"] is True and data["id"] == info.id and data["name"] == info.name
        re.compile(data["command_pattern"], re.IGNORECASE)
        for lang in ("ko", "ja", "en"):
            assert server.get(f"/v2/game_system/{info.id}", lang=lang).json()["help_message"]
        reply = server.get(f"/v2/game_system/{info.id}/roll", command="2D6", dice="3,4")
        assert reply.status == 200 and [r["value"] for r in reply.json()["rands"]] == [3, 4]
