"""The fast roll path (meikyu.api.fast) answers exactly as the general route would, or not at all."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
from starlette.testclient import TestClient

import meikyu
from meikyu.api import v2
from meikyu.api.app import JSONBody, create_app
from meikyu.api.config import ApiConfig
from meikyu.api.fast import FastRoll

CASES = [
    ("MeikyuKingdom", "2MK+3>=9", "6,3"), ("MeikyuKingdom", "2MK+1>=20", "6,6"), ("MeikyuKingdom", "2MK+9>=5", "1,1"),
    ("MeikyuKingdom", "3MK+2>=9", "6,3,1"), ("MeikyuKingdom", "5MK", "6,6,6,2,1"), ("MeikyuKingdom", "S2MK", "2,2"),
    ("MeikyuKingdom", "KDT", "3,4"), ("MeikyuKingdom", "x2 2D6>=7", "1,1,6,6"), ("MeikyuKingdom", "choice[a,\"b\"]", "2"),
    ("MeikyuKingdom", "２ＭＫ＋３＞＝９ 攻撃", "4,5"), ("ShinGamebook", "2D6+5>=9", "1,3"), ("Liberator", "D66", "5,2"),
    ("Liberator", "2D6", "5,2"),
]


def general(system_id: str, params: dict[str, str]) -> bytes:
    return bytes(JSONBody(v2.roll(system_id, params)).body)


@pytest.mark.parametrize(("system_id", "command", "dice"), CASES)
@pytest.mark.parametrize("extra", [{}, {"lang": "en", "format": "text"}, {"lang": "ko"}])
def test_same_bytes_as_the_general_route(system_id: str, command: str, dice: str, extra: dict[str, str]) -> None:
    fast = FastRoll(max_fields=64)
    params = {"command": command, "dice": dice, **extra}
    path, query = f"/v2/game_system/{system_id}/roll", urlencode(params).encode()
    want = general(system_id, params)
    assert fast.body(path, query) == want
    assert fast.body(path, query) == want  # second time: from the caches


def test_random_rolls_agree_with_their_own_dice() -> None:
    """Cached bodies never leak between results: each answer is the general answer for its own dice."""
    fast = FastRoll(max_fields=64)
    for command in ("2MK+3>=9", "3MK", "2D6>=7", "D66"):
        query = urlencode({"command": command}).encode()
        for _ in range(150):
            data = json.loads(fast.body("/v2/game_system/MeikyuKingdom/roll", query) or b"")
            dice = ",".join(str(r["value"]) for r in data["rands"])
            assert data == json.loads(general("MeikyuKingdom", {"command": command, "dice": dice}))


@pytest.mark.parametrize("path, query", [
    ("/v2/game_system/Nope/roll", b"command=2D6"), ("/v2/game_system/MeikyuKingdom/roll", b""),
    ("/v2/game_system/MeikyuKingdom/roll", b"command=hello"), ("/v2/game_system/MeikyuKingdom/roll", b"command=2D6&dice=9,9"), ("/v2/game_system//roll", b"command=2D6"),
    ("/v2/game_system/a/b/roll", b"command=2D6"), ("/v2/game_system/MeikyuKingdom/roll", b"command=%ED%A0%80"),
    ("/v2/game_system/MeikyuKingdom/roll", b"&".join(b"a%d=1" % i for i in range(70)) + b"&command=2D6"),
])
def test_anything_unusual_is_left_to_the_general_route(path: str, query: bytes) -> None:
    assert FastRoll(max_fields=64).body(path, query) is None


def test_errors_still_come_from_the_general_route_over_asgi() -> None:
    client = TestClient(create_app(ApiConfig()))
    reply = client.get("/v2/game_system/MeikyuKingdom/roll", params={"command": "hello", "lang": "ko", "extras": "1"})
    assert reply.status_code == 400 and reply.json()["reason"] == "unsupported command"
    assert reply.headers["access-control-allow-origin"] == "*" and reply.json()["message"]
    fast = client.get("/v2/game_system/MeikyuKingdom/roll", params={"command": "2MK+3>=9", "dice": "6,3"})
    post = client.post("/v2/game_system/MeikyuKingdom/roll", data={"command": "2MK+3>=9", "dice": "6,3"})
    assert fast.content == post.content and fast.headers["content-type"] == post.headers["content-type"]
    assert fast.headers["access-control-allow-origin"] == "*"
    assert fast.json()["text"] == meikyu.roll("2MK+3>=9", dice=[6, 3]).render("bcdice")
