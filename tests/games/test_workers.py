"""``meikyu serve --workers 2``: one port, two processes on one store — one version history, pushes to all.

Which worker accepts a connection is the kernel's choice, so the tests make many connections (each request
a fresh one, and several sockets) and check what must hold whichever process served each: of two writers
of one version exactly one wins and the other gets 409, every subscribed socket gets every version, and the
server runs two worker processes.
"""

from __future__ import annotations

import contextlib
import json
import threading
from pathlib import Path

from websockets.sync.client import connect

from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import create


def _workers(server: Server) -> list[int]:
    """The worker processes under the server's main process (Linux ``/proc``; not the resource tracker)."""
    children = Path(f"/proc/{server.process.pid}/task/{server.process.pid}/children")
    pids = [int(pid) for pid in children.read_text().split()] if children.exists() else []
    return [pid for pid in pids if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()]


def _plays_as_one(server: Server) -> None:
    table = create(server, "ShinGamebook", "reading", lang="en")
    base = server.base.replace("http", "ws") + f"/api/games/{table.id}/live"
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"{base}?token={table.seats[seat].token}", open_timeout=10))
                   for seat in ("gm", "reader") * 3]
        for version in range(4):
            game = table.get("reader")
            assert game["version"] == version
            action = game["legal_actions"][0]["action"]
            statuses: list[int] = []

            def post(action: dict[str, object], version: int, statuses: list[int]) -> None:
                statuses.append(table.act("reader", action, version).status)

            threads = [threading.Thread(target=post, args=(action, version, statuses)) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert sorted(statuses) == [200, 409], statuses
            for socket in sockets:  # SQLite has no NOTIFY: the other worker re-reads within about a second
                message = json.loads(socket.recv(timeout=10))
                assert message["version"] == version + 1 and message["answer"]["version"] == version + 1
    assert len(_workers(server)) == 2


def test_two_workers_on_one_sqlite_folder(data_dir: Path) -> None:
    server = start_server("--workers", "2", "--data", str(data_dir))
    try:
        _plays_as_one(server)
    finally:
        stop_server(server)


def test_two_workers_on_one_postgresql_database(pg_url: str) -> None:
    server = start_server("--workers", "2", "--store", pg_url)
    try:
        _plays_as_one(server)
    finally:
        stop_server(server)
