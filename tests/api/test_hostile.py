"""Malformed, oversized and hostile input gets a 4xx JSON answer, never a 5xx and never a hang."""

from __future__ import annotations

import json
import socket
import threading
import time
import warnings

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

with warnings.catch_warnings():
    # Starlette 1.x suggests another HTTP client package for its TestClient; httpx works the same here.
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig
from tests.api.conftest import Server

ROLL = "/v2/game_system/MeikyuKingdom/roll"


def _raw(server: Server, payload: bytes, wait: float = 5.0) -> bytes:
    """Send raw bytes and read whatever comes back until the server closes or ``wait`` passes."""
    with socket.create_connection(server.address, timeout=wait) as sock:
        sock.sendall(payload)
        chunks = []
        try:
            while chunk := sock.recv(65536):
                chunks.append(chunk)
        except TimeoutError:
            pass
    return b"".join(chunks)


def _status(raw: bytes) -> int:
    return int(raw.split(b" ", 2)[1]) if raw.startswith(b"HTTP/1.1 ") else 0


def test_oversized_body_is_413(server: Server) -> None:
    reply = server.request("POST", ROLL, body=b"command=" + b"1" * 200_000,
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert reply.status == 413 and reply.json()["ok"] is False


def test_oversized_body_without_length_is_413(server: Server) -> None:
    # Chunked transfer: no Content-Length to refuse up front, so the count happens while reading.
    chunk = b"x" * 30000
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(4)) + b"0\r\n\r\n"
    raw = _raw(server, b"POST " + ROLL.encode() + b" HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
               b"Content-Type: application/x-www-form-urlencoded\r\nConnection: close\r\n\r\n" + body)
    assert _status(raw) == 413


def test_long_query_is_414(server: Server) -> None:
    reply = server.get(ROLL, command="1" * 20_000)
    assert reply.status == 414 and reply.json()["reason"] == "request too large"
    assert reply.headers["access-control-allow-origin"] == "*"


def test_slow_body_times_out_with_408(server: Server) -> None:
    # The fixture runs the server with --body-timeout 1: a body that never arrives is answered in time.
    started = time.monotonic()
    raw = _raw(server, b"POST " + ROLL.encode() + b" HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n"
               b"Content-Type: application/x-www-form-urlencoded\r\n\r\ncommand=2", wait=8)
    assert _status(raw) == 408
    assert time.monotonic() - started < 6


def test_garbage_request_line_does_not_crash(server: Server) -> None:
    for payload in (b"\x00\xff\xfe garbage\r\n\r\n", b"GET /v2/version HTTP/9.9\r\n\r\n",
                    b"GET " + b"/" * 70_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"):
        raw = _raw(server, payload, wait=3)
        assert raw == b"" or 400 <= _status(raw) < 500, raw[:200]
    assert server.get("/v2/version").status == 200


def test_bad_bodies_are_400_or_415(server: Server) -> None:
    cases = [
        (b"\xff\xfe\xfd", "application/x-www-form-urlencoded", 400),
        (b"[" * 50_000, "application/json", 400),
        (b'{"command": {"nested": 1}}', "application/json", 400),
        (b'"just a string"', "application/json", 400),
        (b'{"command": "\\ud800"}', "application/json", 400),
        (b"&".join(b"k%d=v" % i for i in range(500)), "application/x-www-form-urlencoded", 400),
        (b"--x\r\nbroken", "multipart/form-data; boundary=x", 400),
        (b"<command>2MK</command>", "application/xml", 415),
    ]
    for body, ctype, status in cases:
        reply = server.request("POST", ROLL, body=body, headers={"Content-Type": ctype})
        assert reply.status == status, (body[:40], ctype, reply.body[:200])
        assert reply.json()["ok"] is False


def test_hostile_commands_are_refused_quickly(server: Server) -> None:
    for command in ("999999999MK", "1000D1000000", "2MK" + "+1" * 1500, "(" * 1000 + "1" + ")" * 1000,
                    "x99999999 2MK", "2MK>=\x00", "ＳＥＣＲＥＴ", "\u202e2MK", "2MK" * 1000):
        started = time.monotonic()
        reply = server.get(ROLL, command=command)
        assert reply.status in (200, 400), (command[:40], reply.status)
        assert time.monotonic() - started < 2, command[:40]


def test_concurrent_clients_all_answered(server: Server) -> None:
    statuses: list[int] = []

    def worker() -> None:
        for _ in range(20):
            statuses.append(server.get(ROLL, command="2MK+3>=9").status)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert statuses == [200] * 160


_CLIENT = TestClient(create_app(ApiConfig()), raise_server_exceptions=False)
_COMMAND_CHARS = "0123456789MKRDkmdr6+-*/()<>=!Ss xrepchoiTBU,[]{}#@ー、＞ｍｋ"


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(command=st.text(alphabet=_COMMAND_CHARS, max_size=40),
       dice=st.none() | st.lists(st.integers(-2, 12), max_size=12).map(lambda v: ",".join(map(str, v))),
       lang=st.sampled_from(["", "ko", "ja", "en", "xx"]), fmt=st.sampled_from(["", "text", "bcdice", "json"]))
def test_command_like_input_never_5xx(command: str, dice: str | None, lang: str, fmt: str) -> None:
    """Grammar-shaped commands reach deep into the parser and evaluator: answers are 200 or 400 only."""
    params = {"command": command, "lang": lang, "format": fmt}
    if dice is not None:
        params["dice"] = dice
    reply = _CLIENT.get(ROLL, params=params)
    assert reply.status_code in (200, 400), (params, reply.text)
    data = reply.json()
    assert data["ok"] is (reply.status_code == 200)
    if data["ok"]:
        assert all(1 <= r["value"] <= r["sides"] for r in data["rands"])
        if dice:
            assert [r["value"] for r in data["rands"]] == [int(v) for v in dice.split(",")]


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(title=st.text(max_size=20), dice=st.sampled_from(["1D6", "2D6", "D66", "1D3", "3D6", "D66D", "9D9", "0D6", "x"]),
       rows=st.lists(st.tuples(st.integers(0, 70), st.text(max_size=10)), max_size=40),
       fixed=st.none() | st.lists(st.integers(1, 6), min_size=1, max_size=3))
def test_user_tables_never_5xx(title: str, dice: str, rows: list[tuple[int, str]], fixed: list[int] | None) -> None:
    text = "\n".join([title, dice, *(f"{v}:{t}" for v, t in rows)])
    body = {"table": text}
    if fixed:
        body["dice"] = ",".join(map(str, fixed))
    reply = _CLIENT.post("/v2/original_table", data=body)
    assert reply.status_code in (200, 400), (body, reply.text)
    assert json.loads(reply.text)["ok"] is (reply.status_code == 200)
