"""A gamebook read to an ending through the HTTP API, and what the API guarantees around it.

Real ``meikyu serve`` processes on loopback with a SQLite data folder; the reader's seat plays, the GM
watches, and the stored game is replayed afterwards.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from meikyu.store import open_store
from meikyu.store.service import Games
from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import Table, create, kill9


def play_to_end(table: Table, seat: str, rng: random.Random, limit: int = 400) -> dict[str, Any]:
    game = table.get(seat)
    for _ in range(limit):
        if not game["legal_actions"]:
            return game
        item = rng.choice(game["legal_actions"])
        reply = table.act(seat, item["action"], game["version"])
        assert reply.status == 200, reply.body
        game = reply.json()
    raise AssertionError("no ending within the step limit")


def files_digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir())}


def test_read_to_an_ending_and_replay_exactly(sqlite_server: Server, data_dir: Path) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    assert set(table.seats) == {"gm", "reader"}
    end = play_to_end(table, "reader", random.Random(1))
    assert end["view"]["ending"] is not None
    gm = table.get("gm")
    assert gm["version"] == end["version"] > 3
    # Replay from the store in a fresh process state: the same views for both seats.
    games = Games(open_store(data=str(data_dir)))
    game = games.load(table.id, use_snapshots=False)
    for seat in ("gm", "reader"):
        fresh = games.snapshot_view(game, seat, "en")
        served = table.get(seat)
        served.pop("ok")
        assert json.loads(json.dumps(fresh)) == served
    games.close()


def test_stale_version_409_and_nothing_applied(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    game = table.get("reader")
    action = game["legal_actions"][0]["action"]
    assert table.act("reader", action, 0).status == 200
    stale = table.act("reader", action, 0)
    assert stale.status == 409
    assert stale.json()["error"] == "stale" and stale.json()["version"] == 1
    assert table.get("reader")["version"] == 1


def test_refused_action_leaves_the_store_byte_identical(sqlite_server: Server, data_dir: Path) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="ja")
    game = table.get("reader")
    before = files_digest(data_dir)
    refused = table.act("reader", {"@type": "Choose", "number": 9999}, game["version"])
    assert refused.status == 422, refused.body
    body = refused.json()
    assert body["error"] == "refused" and body["rule"].startswith("R-GB") and body["message"]
    assert files_digest(data_dir) == before
    assert table.get("reader")["version"] == game["version"]


def test_seats_and_tokens(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    other = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    reader = table.seats["reader"].token
    # A wrong token, or a token of another game: 401.
    assert sqlite_server.request("GET", f"/api/games/{table.id}",
                                 headers={"Authorization": "Bearer nope"}).status == 401
    assert sqlite_server.request("GET", f"/api/games/{other.id}",
                                 headers={"Authorization": f"Bearer {reader}"}).status == 401
    assert sqlite_server.request("GET", f"/api/games/{table.id}").status == 401
    # The reader may neither undo nor hand out tokens.
    action = table.get("reader")["legal_actions"][0]["action"]
    assert table.act("reader", action, 0).status == 200
    assert table.call("reader", "POST", "/undo", {"version": 1}).status == 403
    assert table.call("reader", "POST", "/seats/gm/token", {}).status == 403
    # The GM replaces the reader's token: the old one stops working at once.
    reply = table.call("gm", "POST", "/seats/reader/token", {})
    assert reply.status == 200
    new = reply.json()
    assert new["url"] == f"/play/{table.id}#token={new['token']}"
    assert table.call("reader", "GET", "").status == 401
    table.seats["reader"].token = new["token"]
    assert table.get("reader")["version"] == 1
    assert table.call("gm", "POST", "/seats/nobody/token", {}).status == 422
    assert sqlite_server.request("GET", "/api/games/nope", headers={"Authorization": "Bearer x"}).status == 404


def test_undo_is_recorded_and_replayed(sqlite_server: Server, data_dir: Path) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="ko")
    views = [table.get("reader")]
    for _ in range(3):
        game = views[-1]
        views.append(table.act("reader", game["legal_actions"][0]["action"], game["version"]).json())
    assert table.call("gm", "POST", "/undo", {"version": 3, "steps": 9}).status == 422
    undone = table.call("gm", "POST", "/undo", {"version": 3, "steps": 2})
    assert undone.status == 200
    after = undone.json()
    assert after["version"] == 4 and after["view"] == table.get("gm", lang="ko")["view"]
    assert table.get("reader")["view"] == {**views[1]["view"]}
    assert after["log"][-1]["type"] == "undo" and "2" in after["log"][-1]["events"][0]["text"]
    games = Games(open_store(data=str(data_dir)))
    assert [e.type for e in games.store.entries(table.id)] == ["action", "action", "action", "undo"]
    assert games.snapshot_view(games.load(table.id), "reader", "ko")["view"] == views[1]["view"]
    games.close()


def test_kill_9_after_200_loses_nothing(data_dir: Path) -> None:
    server = start_server("--data", str(data_dir))
    table = create(server, "ShinGamebook", "reading", lang="en")
    game = table.get("reader")
    for _ in range(3):
        reply = table.act("reader", game["legal_actions"][0]["action"], game["version"])
        assert reply.status == 200
        game = reply.json()
    kill9(server)
    again = start_server("--data", str(data_dir))
    try:
        table.server = again
        back = table.get("reader")
        assert back["version"] == game["version"] and back["view"] == game["view"]
    finally:
        stop_server(again)


def test_poll_push_and_export(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    ws_url = sqlite_server.base.replace("http", "ws") + f"/api/games/{table.id}/live"
    with connect(f"{ws_url}?token={table.seats['gm'].token}&lang=ja", open_timeout=10) as ws:
        game = table.get("reader")
        table.act("reader", game["legal_actions"][0]["action"], 0)
        pushed = json.loads(ws.recv(timeout=10))
        assert pushed["version"] == 1 and pushed["events"] and "action" in pushed
    polled = table.call("reader", "GET", "/events", after="0", lang="ja").json()
    assert polled["version"] == 1 and polled["events"][0]["events"] == pushed["events"]
    assert "action" not in polled["events"][0]  # only the GM sees the actions themselves
    assert table.call("reader", "GET", "/events", after="x").status == 400
    for fmt in ("text", "markdown", "bbcode"):
        for lang in ("ko", "ja", "en"):
            reply = table.call("reader", "GET", "/export", format=fmt, lang=lang)
            assert reply.status == 200 and reply.headers["content-type"].startswith("text/")
            assert table.id in reply.body.decode()
    assert table.call("reader", "GET", "/export", format="pdf").status == 400


def test_bad_token_on_the_websocket(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    ws_url = sqlite_server.base.replace("http", "ws") + f"/api/games/{table.id}/live?token=wrong"
    with connect(ws_url, open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["error"] == "bad_token"
        with pytest.raises(Exception):  # noqa: B017  (closed by the server, with code 4401)
            ws.recv(timeout=10)
        assert ws.close_code == 4401


def revoked(ws: Any) -> dict[str, Any]:
    """The message a socket gets when its token is replaced; the socket must then be closed with 4401."""
    message = json.loads(ws.recv(timeout=10))
    with pytest.raises(Exception):  # noqa: B017  (closed by the server)
        ws.recv(timeout=10)
    assert ws.close_code == 4401
    return dict(message)


def test_replacing_a_token_closes_the_sockets_open_on_it(sqlite_server: Server) -> None:
    table = create(sqlite_server, "ShinGamebook", "reading", lang="en")
    ws_url = sqlite_server.base.replace("http", "ws") + f"/api/games/{table.id}/live"
    old = table.seats["reader"].token
    with connect(f"{ws_url}?token={old}&lang=ko", open_timeout=10) as reader, \
            connect(f"{ws_url}?token={old}", open_timeout=10) as second, \
            connect(f"{ws_url}?token={table.seats['gm'].token}", open_timeout=10) as gm:
        reply = table.call("gm", "POST", "/seats/reader/token", {})
        assert reply.status == 200
        message = revoked(reader)
        assert message["ok"] is False and message["error"] == "bad_token"
        assert message["message"] == "GM이 이 좌석의 링크를 새로 바꿔서 이 링크는 더 이상 쓸 수 없습니다. GM에게 새 링크를 받으세요."
        assert revoked(second)["error"] == "bad_token"
        # The GM's socket stays open, and the new token opens the seat's line again.
        table.seats["reader"].token = reply.json()["token"]
        with connect(f"{ws_url}?token={table.seats['reader'].token}", open_timeout=10) as again:
            game = table.get("reader")
            assert table.act("reader", game["legal_actions"][0]["action"], 0).status == 200
            assert json.loads(gm.recv(timeout=10))["version"] == 1
            assert json.loads(again.recv(timeout=10))["answer"]["seat"] == "reader"
    with connect(f"{ws_url}?token={old}", open_timeout=10) as late:
        assert revoked(late)["error"] == "bad_token"


def test_two_processes_on_one_sqlite_folder_push_each_others_actions(data_dir: Path) -> None:
    """``--workers N`` (or two servers) on one data folder: versions agree, and pushes arrive within about
    a second (SQLite has no NOTIFY: subscribed games are re-read every second)."""
    a, b = start_server("--data", str(data_dir)), start_server("--data", str(data_dir))
    try:
        table = create(a, "ShinGamebook", "reading", lang="en")
        url = a.base.replace("http", "ws") + f"/api/games/{table.id}/live?token={table.seats['gm'].token}"
        with connect(url, open_timeout=10) as live_a:
            on_b = Table(b, table.id, table.seats)
            game = on_b.get("reader")
            assert on_b.act("reader", game["legal_actions"][0]["action"], 0).status == 200
            assert json.loads(live_a.recv(timeout=10))["version"] == 1
            assert table.act("reader", game["legal_actions"][0]["action"], 0).status == 409
    finally:
        stop_server(a)
        stop_server(b)
