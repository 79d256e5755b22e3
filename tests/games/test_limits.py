"""Malformed, oversized and too-frequent requests get clear 4xx answers in the games' error shape, never
a 5xx; typed dice follow the GM's manual_dice setting."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import create


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = start_server("--data", str(tmp_path_factory.mktemp("data")), env={"MEIKYU_GAMES_RATE": "2"})
    yield srv
    stop_server(srv)


def test_rate_limit_per_token(slow_server: Server) -> None:
    table = create(slow_server, "ShinGamebook", "reading", lang="en")
    replies = [table.call("reader", "GET", "") for _ in range(80)]
    assert replies[0].status == 200
    reply = next(r for r in replies if r.status == 429)
    assert reply.json()["error"] == "rate_limited" and int(reply.headers["retry-after"]) >= 1
    assert table.call("gm", "GET", "").status == 200  # another token has its own bucket


def test_malformed_requests(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    auth = {"Authorization": f"Bearer {table.seats['reader'].token}"}
    base = f"/api/games/{table.id}"
    cases = [
        ("POST", "/api/games", b"not json", {}, 400),
        ("POST", "/api/games", b"[1,2]", {}, 400),
        ("POST", "/api/games", b'{"kind": "reading"}', {}, 400),
        ("POST", "/api/games", b'{"system": "ShinGamebook", "kind": "nope"}', {}, 422),
        ("POST", "/api/games", b'{"system": "ShinGamebook", "kind": "reading", "setup": {"book": 3}}', {}, 422),
        ("POST", "/api/games", b'{"system": "ShinGamebook", "kind": "reading", "lang": "fr"}', {}, 400),
        ("POST", "/api/games", b'{"system": 5, "kind": "reading"}', {}, 400),
        ("POST", base + "/actions", b'{"version": 0}', auth, 400),
        ("POST", base + "/actions", b'{"action": [], "version": 0}', auth, 400),
        ("POST", base + "/actions", b'{"action": {"@type": "Fly"}, "version": 0}', auth, 400),
        ("POST", base + "/actions", b'{"action": {"@type": "RollCreation"}, "version": "0"}', auth, 400),
        ("POST", base + "/actions", b'{"action": {"@type": "RollCreation"}, "version": -1}', auth, 400),
        ("POST", base + "/actions", b'{"action": {"@type": "RollCreation"}, "version": 0, "dice": [6]}', auth, 403),
        ("POST", base + "/actions", b'{"action": {"@type": "RollCreation"}, "version": 0, "dice": "66"}', auth, 400),
        ("POST", base + "/actions", b'{"action": {"@type": "RollCreation"}, "version": 0}' + b" " * 70_000, auth, 413),
        ("POST", base + "/actions", b"\xff\xfe", auth, 400),
        ("POST", base + "/undo", b'{"version": 0}', {"Authorization": f"Bearer {table.seats['gm'].token}"}, 422),
        ("GET", base + "?lang=xx", None, auth, 400),
        ("GET", base + "/events?after=-1", None, auth, 400),
        ("GET", base + "/nowhere", None, auth, 404),
        ("DELETE", base, None, auth, 405),
    ]
    for method, path, body, headers, status in cases:
        reply = sqlite_server.request(method, path, body=body, headers={"Content-Type": "application/json", **headers})
        assert reply.status == status, (method, path, body, reply.body)
        error = reply.json()
        assert error["ok"] is False and error["message"] and error.get("error"), (path, error)
    assert table.get("reader")["version"] == 0  # none of it changed the game


def test_random_junk_never_a_5xx(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    rng = random.Random(10)
    paths = ["/api/games", f"/api/games/{table.id}", f"/api/games/{table.id}/actions", f"/api/games/{table.id}/undo",
             f"/api/games/{table.id}/events", f"/api/games/{table.id}/export", f"/api/games/{table.id}/seats/gm/token",
             "/api/games/%00/actions", "/api/kinds"]
    values = [None, 0, -1, 10**30, "", "x" * 300, [], {}, True, 1.5, {"@type": "RollCreation"}, "\ud800",
              {"@type": "Choose", "number": "x"}, [1] * 300]
    for _ in range(300):
        body = {k: rng.choice(values) for k in rng.sample(["action", "version", "dice", "steps", "system", "kind",
                                                            "setup", "lang", "manual_dice"], rng.randint(0, 5))}
        raw = json.dumps(body).encode() if rng.random() < 0.8 else bytes(rng.randrange(256) for _ in range(20))
        token = rng.choice([table.seats["gm"].token, table.seats["reader"].token, "junk", ""])
        query = rng.choice(["", "?after=3", "?lang=ja", "?format=bbcode", "?after=99999999999", "?token=" + token])
        reply = sqlite_server.request(rng.choice(["GET", "POST"]), rng.choice(paths) + query, body=raw,
                                      headers={"Authorization": f"Bearer {token}"})
        assert reply.status < 500, (body, reply.body)


def test_manual_dice_when_the_gm_allows_them(sqlite_server: Server, data_dir: Path) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en", manual_dice=True)
    game = table.get("reader")
    assert game["settings"]["manual_dice"] is True
    action = game["legal_actions"][0]["action"]
    assert table.act("reader", action, 0, dice=[6]).status == 422  # too few dice for 2D6
    assert table.act("reader", action, 0, dice=[6, 2, 4]).status == 422  # one too many
    reply = table.act("reader", action, 0, dice=[6, 2])
    assert reply.status == 200
    assert reply.json()["view"]["creation"]["rolled"] == [6, 2]
    assert table.call("gm", "GET", "/events", after="0").json()["events"][0]["rolls"] == [[6, 6], [6, 2]]
