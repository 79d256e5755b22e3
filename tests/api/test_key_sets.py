"""A strict client cannot tell us from bcdice-api: every default /v2 answer has exactly its keys and types.

Shapes read from bcdice-api 3.0.0 (bcdice-compat.md). meikyu's extras come only with ``extras=1``.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig

ROLL = {"ok": bool, "text": str, "secret": bool, "success": bool, "failure": bool, "critical": bool,
        "fumble": bool, "rands": list}
RAND = {"kind": str, "sides": int, "value": int}
SYSTEM = {"ok": bool, "id": str, "name": str, "sort_key": str, "command_pattern": str, "help_message": str}
ERROR = {"ok": bool, "reason": str}
TABLE = "飲み物表\n1D6\n1:水\n2:茶\n3:珈琲\n4:酒\n5:牛乳\n6:果汁"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(ApiConfig()))


def shape(data: dict[str, Any], expected: dict[str, type]) -> None:
    assert set(data) == set(expected), sorted(set(data) ^ set(expected))
    for key, kind in expected.items():
        assert type(data[key]) is kind, key


def test_version_and_admin(client: TestClient) -> None:
    shape(client.get("/v2/version").json(), {"api": str, "bcdice": str})
    shape(client.get("/v2/admin").json(), {"name": str, "url": str, "email": str})


def test_game_system_list_and_info(client: TestClient) -> None:
    data = client.get("/v2/game_system").json()
    shape(data, {"game_system": list})
    for entry in data["game_system"]:
        shape(entry, {"id": str, "name": str, "sort_key": str})
    for entry in data["game_system"]:
        shape(client.get(f"/v2/game_system/{entry['id']}").json(), SYSTEM)


@pytest.mark.parametrize("command", ["2MK+3>=9", "KDT", "2D6+1>=8", "4B6>=4", "C(10*3)", "choice[a,b]", "x2 2D6",
                                     "2R6"])
def test_roll(client: TestClient, command: str) -> None:
    for system in ("MeikyuKingdom", "DiceBot"):
        reply = client.get(f"/v2/game_system/{system}/roll", params={"command": command})
        if reply.status_code == 400:
            shape(reply.json(), ERROR)
            continue
        data = reply.json()
        shape(data, ROLL)
        for rand in data["rands"]:
            shape(rand, RAND)
        post = client.post(f"/v2/game_system/{system}/roll", data={"command": command}).json()
        shape(post, ROLL)


def test_original_table(client: TestClient) -> None:
    data = client.post("/v2/original_table", data={"table": TABLE}).json()
    shape(data, {"ok": bool, "text": str, "rands": list})


def test_errors(client: TestClient) -> None:
    shape(client.get("/v2/game_system/Nope").json(), ERROR)
    shape(client.get("/v2/game_system/MeikyuKingdom/roll", params={"command": "hello"}).json(), ERROR)
    shape(client.post("/v2/original_table", data={"table": "x"}).json(), ERROR)
    shape(client.get("/v2/nothing").json(), ERROR)


def test_extras_on_request(client: TestClient) -> None:
    data = client.get("/v2/game_system/MeikyuKingdom/roll", params={"command": "3MK+2>=9", "dice": "6,3,1",
                                                                      "extras": "1"}).json()
    assert data["kept"] == [3, 6] and data["achievement"] == 11 and list(data)[:8] == list(ROLL)
    assert "meikyu" in client.get("/v2/version", params={"extras": "1"}).json()
    assert client.get("/v2/game_system/MeikyuKingdom/roll", params={"command": "x", "extras": "1"}).json()["message"]


def test_doubled_slashes_and_unknown_parameters(client: TestClient) -> None:
    """A client URL ending in '/' asks for /v2//game_system; bcdice-api answers it, and ignores what it does not know."""
    assert client.get("/v2//game_system").status_code == 200
    reply = client.get("/v2//game_system//MeikyuKingdom//roll", params={"command": "2MK", "foo": "bar"})
    assert reply.status_code == 200 and reply.json()["text"].startswith("(2R6) ＞ ")


def test_help_is_japanese_by_default(client: TestClient) -> None:
    ja = client.get("/v2/game_system/MeikyuKingdom").json()["help_message"]
    assert ja == client.get("/v2/game_system/MeikyuKingdom", params={"lang": "ja"}).json()["help_message"]
    assert ja != client.get("/v2/game_system/MeikyuKingdom", params={"lang": "ko"}).json()["help_message"]


def test_bcdice_messages_are_answered_as_bcdice_api_does(client: TestClient) -> None:
    """BCDice answers some commands with a message (200, ok); so do we, in the bcdice format."""
    data = client.get("/v2/game_system/DiceBot/roll", params={"command": "rep0 1D6"}).json()
    assert data["ok"] is True and data["text"] == "繰り返し回数は1以上、100以下としてください" and data["rands"] == []
