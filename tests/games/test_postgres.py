"""Two ``meikyu serve`` processes on one PostgreSQL database: one version history, live pushes both ways."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest
from websockets.sync.client import connect

from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import Table, create, kill9


@pytest.fixture
def two_servers(pg_url: str) -> Iterator[tuple[Server, Server]]:
    a = start_server("--store", pg_url)
    b = start_server("--store", pg_url)
    yield a, b
    stop_server(a)
    stop_server(b)


def on(server: Server, table: Table) -> Table:
    return Table(server, table.id, table.seats)


def test_each_process_sees_the_others_actions_live(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    table_a = create(a, "ShinGamebook", "reading", lang="en")
    table_b = on(b, table_a)
    ws_a = a.base.replace("http", "ws") + f"/api/games/{table_a.id}/live?token={table_a.seats['gm'].token}"
    ws_b = b.base.replace("http", "ws") + f"/api/games/{table_a.id}/live?token={table_a.seats['reader'].token}"
    with connect(ws_a, open_timeout=10) as live_a, connect(ws_b, open_timeout=10) as live_b:
        game = table_b.get("reader")
        assert table_b.act("reader", game["legal_actions"][0]["action"], 0).status == 200  # acted on B
        assert json.loads(live_a.recv(timeout=10))["version"] == 1  # pushed by A
        assert json.loads(live_b.recv(timeout=10))["version"] == 1
        game = table_a.get("reader")
        assert game["version"] == 1
        assert table_a.act("reader", game["legal_actions"][0]["action"], 1).status == 200  # acted on A
        assert json.loads(live_b.recv(timeout=10))["version"] == 2  # pushed by B
        assert json.loads(live_a.recv(timeout=10))["version"] == 2
    assert table_b.get("gm")["view"] == table_a.get("gm")["view"]


def test_one_writer_wins_the_other_gets_409(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    table = create(a, "ShinGamebook", "reading", lang="en")
    tables = [table, on(b, table)]
    for _round in range(4):
        game = table.get("reader")
        action = game["legal_actions"][0]["action"]
        statuses: list[int] = []

        def post(t: Table) -> None:
            statuses.append(t.act("reader", action, game["version"]).status)  # noqa: B023

        threads = [threading.Thread(target=post, args=(t,)) for t in tables]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(statuses) == [200, 409]
        assert table.get("reader")["version"] == game["version"] + 1


def test_kill_9_after_200_loses_nothing_on_postgresql(pg_url: str) -> None:
    server = start_server("--store", pg_url)
    table = create(server, "ShinGamebook", "reading", lang="en")
    game = table.get("reader")
    for _ in range(3):
        reply = table.act("reader", game["legal_actions"][0]["action"], game["version"])
        assert reply.status == 200
        game = reply.json()
    kill9(server)  # right after the third 200: no shutdown, no flush
    again = start_server("--store", pg_url)
    try:
        back = on(again, table).get("reader")
        assert back["version"] == game["version"] == 3 and back["view"] == game["view"]
        assert back["log"] == game["log"]
    finally:
        stop_server(again)


def test_a_token_replaced_on_one_process_closes_its_sockets_on_the_other(
        two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    table = create(a, "ShinGamebook", "reading", lang="en")
    url = b.base.replace("http", "ws") + f"/api/games/{table.id}/live?token={table.seats['reader'].token}"
    with connect(url, open_timeout=10) as on_b:
        assert table.call("gm", "POST", "/seats/reader/token", {}).status == 200  # replaced on A
        message = json.loads(on_b.recv(timeout=10))  # closed by B (NOTIFY)
        assert message["error"] == "bad_token"
        with pytest.raises(Exception):  # noqa: B017  (closed by the server)
            on_b.recv(timeout=10)
        assert on_b.close_code == 4401


def test_presence_is_seen_across_processes(two_servers: tuple[Server, Server]) -> None:
    """Issue 25, point 5: a seat connected to one process is "connected" on the other's pages and seat list,
    within seconds, and is gone from both when it leaves."""
    a, b = two_servers
    table = create(a, "MeikyuKingdom", "battle", lang="en")

    def url(server: Server, seat: str) -> str:
        base = server.base.replace("http", "ws", 1)
        return f"{base}/api/games/{table.id}/live?token={table.seats[seat].token}&presence=1"

    def until(ws: object, seats: list[str]) -> None:
        for _ in range(10):
            said = json.loads(ws.recv(timeout=5))  # type: ignore[attr-defined]
            if said.get("presence") == seats:
                return
        pytest.fail(f"never told {seats}")

    with connect(url(a, "gm")) as gm:
        until(gm, ["gm"])
        with connect(url(b, "pc:hana")) as hana:
            until(hana, ["gm", "pc:hana"])  # b learns at once that the GM is on a
            until(gm, ["gm", "pc:hana"])
            seats = on(a, table).call("gm", "GET", "/seats").json()["seats"]
            assert [s["seat"] for s in seats if s["connected"]] == ["gm", "pc:hana"]
        until(gm, ["gm"])
