"""Limits no client can turn against others (issue 24 §3), against a real server, with two client addresses
(127.0.0.1 and 127.0.0.2: Linux answers the whole loopback /8).

One client holding more live sockets than the server's HTTP connection cap leaves every other client's
requests answered; sockets are capped per address and per seat token; socket opens, ``/v2`` requests and
wrong tokens are limited per address; an idle socket is closed with 4408.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import Table, create

OTHER = "127.0.0.2"


def _other_address_works() -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((OTHER, 0))
        except OSError:
            return False
    return True


pytestmark = pytest.mark.skipif(not _other_address_works(), reason=f"cannot bind {OTHER} here")


def get(server: Server, path: str, source: str = "127.0.0.1", token: str = "") -> tuple[int, dict[str, str], bytes]:
    """One GET on a fresh connection from ``source``."""
    host, port = server.address
    conn = http.client.HTTPConnection(host, port, timeout=10, source_address=(source, 0))
    try:
        conn.request("GET", path, headers={"Authorization": f"Bearer {token}"} if token else {})
        reply = conn.getresponse()
        return reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read()
    finally:
        conn.close()


def open_live(held: contextlib.ExitStack, server: Server, table: Table, seat: str, source: str = "127.0.0.1"
              ) -> tuple[ClientConnection, dict | None]:
    """A live socket for ``seat`` from ``source`` (closed with ``held``), and the refusal the server sent
    on it (None: let in)."""
    host, port = server.address
    sock = socket.create_connection((host, port), timeout=10, source_address=(source, 0))
    ws = held.enter_context(connect(f"ws://{host}:{port}/api/games/{table.id}/live?token={table.seats[seat].token}",
                                    sock=sock, open_timeout=10))
    try:
        said = ws.recv(timeout=0.5)
    except TimeoutError:
        return ws, None
    except ConnectionClosed:
        return ws, {"closed": True}
    return ws, json.loads(said)


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Server]:
    server = start_server("--data", str(tmp_path / "data"), "--max-connections", "8",
                          env={"MEIKYU_LANG": "", "MEIKYU_WS_PER_CLIENT": "10", "MEIKYU_WS_PER_TOKEN": "6",
                               "MEIKYU_WS_MAX": "40", "MEIKYU_V2_RATE": "1"})
    yield server
    stop_server(server)


def test_one_clients_sockets_beyond_the_connection_cap_leave_others_answered(capped: Server) -> None:
    table = create(capped, "ShinGamebook", "reading", lang="en")
    seats = sorted(table.seats)
    with contextlib.ExitStack() as held:
        refusals = []
        for n in range(12):  # one client, ten sockets (over the 8 HTTP connections), then two more
            ws, refused = open_live(held, capped, table, seats[n % len(seats)])
            if refused is not None:
                refusals.append((refused, None))
        assert len(refusals) == 2 and all(r["error"] == "rate_limited" for r, _ in refusals), refusals
        assert "already holds 10 live connections" in refusals[0][0]["message"]
        # another client: its requests answered, a socket of its own, while the first holds ten
        for _ in range(12):
            status, _, _ = get(capped, "/api/games/" + table.id, OTHER, table.seats["gm"].token)
            assert status == 200
        ws, refused = open_live(held, capped, table, "gm", OTHER)
        assert refused is None
        ws, refused = open_live(held, capped, table, "gm", OTHER)  # the GM's token: its sixth… and seventh
        if len(seats) == 2:  # gm held 5 (or 6) of the first client's ten
            assert refused is not None and "this seat already has 6" in refused["message"], refused
        status, _, _ = get(capped, "/api/games/" + table.id, "127.0.0.1", table.seats["gm"].token)
        assert status == 200  # the first client's own requests go on too


def test_v2_is_rate_limited_per_client_address(capped: Server) -> None:
    """``MEIKYU_V2_RATE=1``: a burst of 20, then 429 with Retry-After; another address is untouched."""
    statuses = [get(capped, "/v2/version")[0] for _ in range(25)]  # (starting the server asked once or twice)
    assert statuses[:15] == [200] * 15 and 429 in statuses[15:], statuses
    status, headers, body = get(capped, "/v2/version")
    assert status == 429 and int(headers["retry-after"]) >= 1
    assert json.loads(body)["reason"] == "too many requests"
    assert get(capped, "/v2/version", OTHER)[0] == 200


def test_wrong_tokens_are_limited_per_client_address(capped: Server) -> None:
    """Guesses from one address: 401 for a burst of 30, then 429 before any token is looked at (even a
    right one from that address); another address is untouched."""
    table = create(capped, "ShinGamebook", "reading", lang="en")
    path = "/api/games/" + table.id
    statuses = [get(capped, path, OTHER, f"guess-{n}")[0] for n in range(32)]
    assert statuses[:30] == [401] * 30 and statuses[30:] == [429, 429], statuses
    status, headers, body = get(capped, path, OTHER, table.seats["gm"].token)
    assert status == 429 and "wrong seat links" in json.loads(body)["message"]
    assert get(capped, path, "127.0.0.1", table.seats["gm"].token)[0] == 200


def test_an_idle_socket_is_closed_with_4408(tmp_path: Path) -> None:
    server = start_server("--data", str(tmp_path / "data"), env={"MEIKYU_LANG": "", "MEIKYU_WS_IDLE": "1"})
    try:
        table = create(server, "ShinGamebook", "reading", lang="en")
        with contextlib.ExitStack() as held:
            ws, refused = open_live(held, server, table, "gm")
            assert refused is None
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=5)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
    finally:
        stop_server(server)
