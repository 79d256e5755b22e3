"""A real ``meikyu serve`` process on a free loopback port, and a tiny urllib client for it."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tests.children import spawn, stop

# The server's own packages (runtime dependencies of meikyu); without them there is nothing to test here.
pytest.importorskip("starlette")
pytest.importorskip("uvicorn")


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))


@dataclass
class Server:
    """A running server process and helpers to talk HTTP to it."""

    base: str
    process: subprocess.Popen[bytes]

    @property
    def address(self) -> tuple[str, int]:
        """(host, port) of ``base``, for raw sockets."""
        host, port = self.base.removeprefix("http://").split(":")
        return host, int(port)

    def request(self, method: str, path: str, query: dict[str, str] | None = None, body: bytes | None = None,
                headers: dict[str, str] | None = None, timeout: float = 10.0) -> Reply:
        url = self.base + path + ("?" + urllib.parse.urlencode(query) if query else "")
        req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as resp:
                return Reply(resp.status, {k.lower(): v for k, v in resp.headers.items()}, resp.read())
        except urllib.error.HTTPError as err:
            return Reply(err.code, {k.lower(): v for k, v in err.headers.items()}, err.read())

    def get(self, path: str, **query: str) -> Reply:
        return self.request("GET", path, query or None)

    def post_form(self, path: str, **fields: str) -> Reply:
        body = urllib.parse.urlencode(fields).encode("utf-8")
        return self.request("POST", path, body=body,
                            headers={"Content-Type": "application/x-www-form-urlencoded"})


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve_command() -> list[str]:
    # The real entry point is `python -m meikyu serve` (meikyu.cli hooks meikyu.api.cli in).
    return [sys.executable, "-m", "meikyu", "serve"]


def start_server(*extra: str, env: dict[str, str] | None = None) -> Server:
    """Start the server and wait until it answers (at most 20 s)."""
    for _attempt in range(3):
        port = free_port()
        process = spawn(  # stopped with the test run, however it ends (tests/children.py)
            [*_serve_command(), "--host", "127.0.0.1", "--port", str(port), *extra],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            env={**os.environ, **(env or {})},
        )
        server = Server(f"http://127.0.0.1:{port}", process)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and process.poll() is None:
            try:
                if server.get("/v2/version").status == 200:
                    return server
            except OSError:
                time.sleep(0.05)
        stop(process, timeout=0)
    output = process.stdout.read().decode("utf-8", "replace") if process.stdout else ""
    raise RuntimeError(f"the server did not start: {output}")


def stop_server(server: Server) -> None:
    stop(server.process)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    # It answers the whole suite from one address: the per-address /v2 limit is off here (its own tests:
    # tests/games/test_socket_limits.py).
    srv = start_server("--admin-name", "Test Operator", "--body-timeout", "1",
                       env={"MEIKYU_ADMIN_URL": "https://example.org/terms", "MEIKYU_LANG": "", "MEIKYU_V2_RATE": "0"})
    yield srv
    stop_server(srv)
