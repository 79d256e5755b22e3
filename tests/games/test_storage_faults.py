"""Storage faults answered as faults (issue 24 §2), each injected for real: a small tmpfs filled to the last
page, a read-only bind mount, a lock held by another connection, damaged database pages, a log entry that
is not JSON, PostgreSQL connections terminated under the server.

A write the store cannot make answers 503 with ``Retry-After`` and a reason in the game's language, the
game exactly as it was; the server's log says so once per fault, with no traceback; a game that cannot be
read answers 422 naming it while the other games go on.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from meikyu.store.faults import RETRY_AFTER, StoreUnavailable
from meikyu.store.service import Games
from meikyu.store.sqlite import FILE_NAME, SqliteStore
from tests.api.conftest import Reply, Server, start_server, stop_server
from tests.games.conftest import Table, create

SRC = Path(__file__).parents[2] / "src"


def _mount(*argv: str) -> None:
    done = subprocess.run(["mount", *argv], capture_output=True, text=True)
    if done.returncode != 0:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI runs as root and must inject real faults: mount {argv}: {done.stderr}")
        pytest.skip(f"cannot mount here (needs root): {done.stderr.strip()}")


@pytest.fixture
def small_fs(tmp_path: Path) -> Iterator[Path]:
    """A 2 MiB tmpfs of the test's own, unmounted afterwards."""
    where = tmp_path / "fs"
    where.mkdir()
    _mount("-t", "tmpfs", "-o", "size=2m", "tmpfs", str(where))
    yield where
    subprocess.run(["umount", "-l", str(where)], check=False)


def fill(folder: Path) -> Path:
    """Write a file in ``folder`` until its file system has not one page left."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 512, 1):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * size)
    finally:
        os.close(fd)
    with pytest.raises(OSError) as full:
        (folder / "one-more").write_bytes(b"x" * 4096)
    assert full.value.errno == errno.ENOSPC
    return filler


def output(server: Server) -> str:
    return server.process.stdout.read().decode("utf-8", "replace") if server.process.stdout else ""


def test_a_full_disk_answers_503_and_the_game_stays_as_it_was(small_fs: Path) -> None:
    server = start_server("--data", str(small_fs / "data"), env={"MEIKYU_LANG": ""})
    try:
        table = create(server, "ShinGamebook", "reading", lang="ja")
        first = table.get("gm")["legal_actions"][0]["action"]
        acked = table.act("gm", first, 0).json()["version"]

        def write() -> Reply:  # an action, or its undo: each one more log entry
            if acked % 2:
                return table.call("gm", "POST", "/undo", {"version": acked})
            return table.act("gm", first, acked)

        fill(small_fs)
        refused = None
        for _ in range(60):  # the pages SQLite holds already take a few more entries
            reply = write()
            if reply.status != 200:
                refused = reply
                break
            acked = reply.json()["version"]
        assert refused is not None and refused.status == 503, refused and refused.body
        assert refused.headers["retry-after"] == str(RETRY_AFTER)
        body = refused.json()
        assert body["error"] == "unavailable" and "ディスクがいっぱい" in body["message"], body
        for _ in range(5):  # the same fault, met again and again
            assert write().status == 503
        assert table.get("gm")["version"] == acked  # read as it was: nothing half-written, nothing lost
        again = server.request("POST", "/api/games", body=json.dumps({"system": "ShinGamebook", "kind": "reading"}).encode(),
                               headers={"Content-Type": "application/json"})
        assert again.status == 503 and again.json()["error"] == "unavailable"
        (small_fs / "filler").unlink()  # the operator frees space: the same request goes through
        reply = write()
        assert reply.status == 200 and reply.json()["version"] == acked + 1
    finally:
        stop_server(server)
    log = output(server)
    assert log.count("storage fault (full):") == 1, log  # once per fault, not per request
    assert "cleared; 7 request(s) were refused meanwhile" in log, log
    assert "Traceback" not in log and "internal error" not in log, log


def test_serve_refuses_a_read_only_data_folder_in_one_line(tmp_path: Path) -> None:
    writable, read_only = tmp_path / "data", tmp_path / "ro"
    writable.mkdir()
    read_only.mkdir()
    _mount("--bind", str(writable), str(read_only))
    try:
        _mount("-o", "remount,bind,ro", str(read_only))
        env = {**os.environ, "PYTHONPATH": str(SRC), "MEIKYU_LANG": "en"}
        for folder in (read_only, read_only / "games"):  # the folder itself, and one to be made in it
            done = subprocess.run([sys.executable, "-m", "meikyu", "serve", "--port", "0", "--data", str(folder)],
                                  capture_output=True, text=True, env=env, timeout=60)
            assert done.returncode == 2 and not done.stdout, done
            assert done.stderr.strip() == (f"error: cannot use the data folder {folder}: Read-only file system. "
                                           "Pass --data with a folder you may write.")
    finally:
        subprocess.run(["umount", "-l", str(read_only)], check=False)


def test_a_database_locked_by_another_program_is_refused_not_waited_on(tmp_path: Path) -> None:
    """Another process's lock outlasting the busy timeout: ``StoreUnavailable`` (503), the game unchanged."""
    from meikyu.api.games_http import from_core

    games = Games(SqliteStore(tmp_path, busy_timeout=0.2))
    created = games.create("ShinGamebook", "reading", "sample", "en")
    game = games.load(created.id)
    first = games.answer(game, "gm", "en").head["legal_actions"][0]["action"]
    holder = sqlite3.connect(tmp_path / FILE_NAME, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreUnavailable) as refused:
            games.act(created.id, "gm", first, 0)
        assert refused.value.cause == "locked"
        answer = from_core(refused.value)
        assert answer.status == 503 and answer.headers["retry-after"] == str(RETRY_AFTER)
        assert "locked" in answer.body("en")["message"]
        assert games.load(created.id).version == 0
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert games.act(created.id, "gm", first, 0) == 1
    games.close()


def _page_of(path: Path, inside: bytes, outside: list[bytes], page_type: int = 0x0D) -> int:
    """The number of a table-leaf page of ``path`` holding ``inside`` and none of ``outside``."""
    raw = path.read_bytes()
    size = int.from_bytes(raw[16:18], "big")
    for number in range(1, len(raw) // size):  # page 0 holds the file header
        page = raw[number * size:(number + 1) * size]
        if page[0] == page_type and inside in page and not any(o in page for o in outside):
            return number
    raise AssertionError("no such page")


def test_damaged_pages_and_a_torn_entry_answer_422_for_their_game_only(tmp_path: Path) -> None:
    data = tmp_path / "data"
    fast = {"MEIKYU_LANG": "", "MEIKYU_GAMES_RATE": "1000"}  # 120 steps of one seat, past its usual rate limit
    server = start_server("--data", str(data), env=fast)
    try:
        long = create(server, "ShinGamebook", "reading", lang="en")
        first = long.get("gm")["legal_actions"][0]["action"]
        version = 0
        for _ in range(120):  # enough log rows of this game alone to fill pages of their own
            reply = long.act("gm", first, version) if version % 2 == 0 else long.call(
                "gm", "POST", "/undo", {"version": version})
            version = reply.json()["version"]
        torn = create(server, "ShinGamebook", "reading", lang="en")
        for v in range(3):
            reply = torn.act("gm", first, v) if v % 2 == 0 else torn.call("gm", "POST", "/undo", {"version": v})
            assert reply.status == 200
        healthy = create(server, "ShinGamebook", "reading", lang="en")
        assert healthy.act("gm", first, 0).status == 200
    finally:
        stop_server(server)
    db = data / FILE_NAME
    with sqlite3.connect(db) as conn:  # the server's last writes into the file itself, then damage it
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("UPDATE log SET data = '{\"@type\": \"Roll' WHERE game = ? AND version = 2", (torn.id,))
        conn.commit()
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    number = _page_of(db, long.id.encode(), [torn.id.encode(), healthy.id.encode()])
    raw = bytearray(db.read_bytes())
    size = int.from_bytes(raw[16:18], "big")
    raw[number * size:number * size + 12] = b"\xff" * 12  # its page header: no b-tree page reads so
    db.write_bytes(bytes(raw))

    server = start_server("--data", str(data), env={"MEIKYU_LANG": ""})
    for table in (long, torn, healthy):
        table.server = server
    try:
        for table, expected in ((long, "malformed"), (torn, "log entry 2 cannot be read")):
            for _ in range(3):
                reply = table.call("gm", "GET", "")
                assert reply.status == 422, reply.body
                body = reply.json()
                assert body["error"] == "unreadable" and f"game {table.id} cannot be read" in body["message"]
                assert expected in body["message"], body
        assert healthy.get("gm")["version"] == 1  # the other games go on
        assert healthy.act("gm", healthy.get("gm")["legal_actions"][0]["action"], 1).status == 200
    finally:
        stop_server(server)
    log = output(server)
    assert log.count(f"game {long.id} cannot be read") == 1 and log.count(f"game {torn.id} cannot be read") == 1, log
    assert "Traceback" not in log, log
    _check_and_repair(data, long, torn, healthy)


def _check_and_repair(data: Path, long: Table, torn: Table, healthy: Table) -> None:
    """``meikyu game check`` finds both, ``game repair`` cuts the torn tail only when told to."""
    env = {**os.environ, "PYTHONPATH": str(SRC), "MEIKYU_LANG": "en"}

    def game(*argv: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "meikyu", "game", *argv, "--data", str(data)],
                              capture_output=True, text=True, env=env, timeout=120)

    checked = game("check")
    assert checked.returncode == 1, checked
    assert torn.id in checked.stdout and long.id in checked.stdout and "Traceback" not in checked.stderr
    assert f"{healthy.id}: ok" in checked.stdout
    assert game("check", healthy.id).returncode == 0
    asked = game("repair", torn.id)
    assert asked.returncode == 1 and "--cut-tail" in asked.stdout + asked.stderr
    assert game("check", torn.id).returncode == 1  # nothing was cut without the operator's word
    cut = game("repair", torn.id, "--cut-tail")
    assert cut.returncode == 0, cut
    assert "cut 2 entries (versions 2 to 3)" in cut.stdout, cut.stdout
    assert game("check", torn.id).returncode == 0


def test_postgresql_connections_cut_under_the_server_answer_503_then_recover(pg_url: str) -> None:
    """PostgreSQL's fault that a test can inject for real: every connection of the server terminated by an
    administrator. Requests meeting a dead connection answer 503 (the game unchanged); the next connection
    works, and no version is lost or doubled."""
    import psycopg

    server = start_server("--store", pg_url, env={"MEIKYU_LANG": "", "MEIKYU_GAMES_RATE": "1000"})
    try:
        table = create(server, "ShinGamebook", "reading", lang="en")
        first = table.get("gm")["legal_actions"][0]["action"]
        acked = table.act("gm", first, 0).json()["version"]
        with psycopg.connect(pg_url, autocommit=True) as admin:
            cut = admin.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                "WHERE datname = current_database() AND pid <> pg_backend_pid()").fetchone()
        assert cut is not None and cut[0] >= 1
        statuses = []
        for _ in range(60):
            reply = table.call("gm", "POST", "/undo", {"version": acked})
            statuses.append(reply.status)
            if reply.status == 200:
                break
            assert reply.status == 503 and reply.headers["retry-after"] == str(RETRY_AFTER), reply.body
            assert reply.json()["error"] == "unavailable" and "connection" in reply.json()["message"]
        assert statuses[-1] == 200 and reply.json()["version"] == acked + 1, statuses
        assert table.get("gm")["version"] == acked + 1
    finally:
        stop_server(server)
    log = output(server)
    assert "Traceback" not in log and log.count("storage fault (connection):") <= 1, log
