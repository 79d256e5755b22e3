"""Shared games under test: real ``meikyu serve`` processes, a JSON client with seat tokens, PostgreSQL.

PostgreSQL tests use ``MEIKYU_TEST_PG`` (``.ci/run`` starts a server and sets it). Without it they skip on a
developer's machine and fail in CI (``CI=true``), so CI can never pass them by skipping. Each test gets a
database of its own, dropped afterwards.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.api.conftest import Reply, Server, start_server, stop_server


@dataclass
class Seat:
    """A seat's token and every byte the seat has received (bodies and pushes)."""

    name: str
    token: str
    received: list[bytes] = field(default_factory=list)

    def text(self) -> str:
        return b"\n".join(self.received).decode("utf-8")


@dataclass
class Table:
    """One game on a server: its id and seats."""

    server: Server
    id: str
    seats: dict[str, Seat]

    def call(self, seat: str, method: str, path: str, body: Any = None, **query: str) -> Reply:
        who = self.seats[seat]
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Authorization": f"Bearer {who.token}", "Content-Type": "application/json"}
        reply = self.server.request(method, f"/api/games/{self.id}{path}", query or None, data, headers)
        who.received.append(reply.body)
        return reply

    def get(self, seat: str, **query: str) -> dict[str, Any]:
        reply = self.call(seat, "GET", "", **query)
        assert reply.status == 200, reply.body
        return dict(reply.json())

    def act(self, seat: str, action: dict[str, Any], version: int, **more: Any) -> Reply:
        return self.call(seat, "POST", "/actions", {"action": action, "version": version, **more})


def create(server: Server, system: str, kind: str, setup: Any = "sample", **more: Any) -> Table:
    body = json.dumps({"system": system, "kind": kind, "setup": setup, **more}).encode("utf-8")
    reply = server.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    assert reply.status == 201, reply.body
    data = reply.json()
    seats = {s["seat"]: Seat(s["seat"], s["token"]) for s in data["seats"]}
    return Table(server, data["id"], seats)


def kill9(server: Server) -> None:
    server.process.send_signal(signal.SIGKILL)
    server.process.wait()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


FAST = {"MEIKYU_GAMES_RATE": "100000", "MEIKYU_TALK_RATE": "100000", "MEIKYU_LANG": ""}
"""The ``server`` fixture's environment: no request or message limits, the server's language left to each seat."""


@pytest.fixture
def server(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[Server]:
    """A ``meikyu serve`` on SQLite under ``data_dir`` started with :data:`FAST`, or with the environment a test
    passes by indirect parametrization: ``@pytest.mark.parametrize("server", [{...}], indirect=True)``."""
    env: dict[str, str] = getattr(request, "param", FAST)
    srv = start_server("--data", str(data_dir), env=env)
    yield srv
    stop_server(srv)


@pytest.fixture
def sqlite_server(data_dir: Path) -> Iterator[Server]:
    srv = start_server("--data", str(data_dir), env={"MEIKYU_LANG": ""})
    yield srv
    stop_server(srv)


def _pg_base() -> str:
    url = os.environ.get("MEIKYU_TEST_PG", "")
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the PostgreSQL tests: .ci/run sets MEIKYU_TEST_PG")
        pytest.skip("no PostgreSQL here (set MEIKYU_TEST_PG=postgresql://… to run these)")
    return url


@contextlib.contextmanager
def fresh_pg_database() -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    psycopg = pytest.importorskip("psycopg") if os.environ.get("CI") != "true" else __import__("psycopg")
    base = _pg_base()
    name = "meikyu_t_" + secrets.token_hex(6)
    with psycopg.connect(base, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(base)
    try:
        yield urlunsplit(parts._replace(path="/" + name))
    finally:
        with psycopg.connect(base, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty database on the test server, dropped afterwards."""
    with fresh_pg_database() as url:
        yield url
