"""Idle and half-sent connections cannot pin the server (issue 16 §1).

A real ``meikyu serve`` with a 1-second head deadline and a cap of 64 connections: hundreds of
sockets that send nothing or half a request line are closed, and a normal request made meanwhile
is answered at once.
"""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator

import pytest

from tests.api.conftest import Server, start_server, stop_server

ROLL = "/v2/game_system/MeikyuKingdom/roll"


@pytest.fixture(scope="module")
def guarded() -> Iterator[Server]:
    srv = start_server("--head-timeout", "1", "--max-connections", "64", env={"MEIKYU_LANG": ""})
    yield srv
    stop_server(srv)


def _open(server: Server, count: int, first_bytes: bytes = b"") -> list[socket.socket]:
    socks = []
    for _ in range(count):
        with contextlib.suppress(OSError):
            s = socket.create_connection(server.address, timeout=5)
            if first_bytes:
                s.sendall(first_bytes)
            socks.append(s)
    return socks


def _closed_by_server(sock: socket.socket, wait: float) -> bool:
    sock.settimeout(wait)
    try:
        return sock.recv(1024) == b""
    except TimeoutError:
        return False
    except OSError:
        return True


def test_a_silent_connection_is_closed_after_the_head_deadline(guarded: Server) -> None:
    (sock,) = _open(guarded, 1)
    start = time.monotonic()
    assert _closed_by_server(sock, 5)
    assert time.monotonic() - start < 3
    sock.close()


def test_a_request_sent_one_byte_at_a_time_is_closed(guarded: Server) -> None:
    (sock,) = _open(guarded, 1)
    start = time.monotonic()
    closed = False
    for byte in b"GET /v2/version HTTP/1.1\r\nHost: x\r\n":
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            closed = True
            break
        time.sleep(0.2)
        if time.monotonic() - start > 4:
            break
    assert closed or _closed_by_server(sock, 3)
    assert time.monotonic() - start < 5
    sock.close()


def test_a_kept_alive_connection_that_starts_a_second_head_slowly_is_closed(guarded: Server) -> None:
    (sock,) = _open(guarded, 1)
    sock.sendall(b"GET /v2/version HTTP/1.1\r\nHost: x\r\n\r\n")
    sock.settimeout(5)
    answer = b""
    while not answer.endswith(b"}"):
        answer += sock.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200")
    sock.sendall(b"GET /v2/ver")  # half a request line, then nothing
    start = time.monotonic()
    assert _closed_by_server(sock, 5)
    assert time.monotonic() - start < 3
    sock.close()


def test_many_idle_sockets_do_not_crowd_out_a_real_request() -> None:
    """300 idle or half-sent sockets against a cap of 64: a normal request is answered long before the
    idle ones time out. The head deadline here is 5 s, so a request that waited for idle sockets to be
    dropped would take seconds, far beyond what a loaded machine adds to a 2D6 roll."""
    server = start_server("--head-timeout", "5", "--max-connections", "64", env={"MEIKYU_LANG": ""})
    idle = _open(server, 150) + _open(server, 150, b"GET /v2/version HTTP/1.1\r\nHo")
    try:
        times = []
        for _ in range(10):
            start = time.monotonic()
            reply = server.get(ROLL, command="2D6", dice="3,4")
            times.append(time.monotonic() - start)
            assert reply.status == 200 and reply.json()["ok"] is True
        assert max(times) < 2.5, times
    finally:
        for s in idle:
            s.close()
    try:
        assert server.get("/v2/version").status == 200
    finally:
        stop_server(server)
