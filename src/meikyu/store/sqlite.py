"""The embedded store: one SQLite file in a data folder (the standard library's ``sqlite3``).

WAL journal with ``synchronous=FULL``: a commit returns only once the log entry is on disk, so an answered
action survives ``kill -9`` or a power cut. One connection per thread. Writers of one process queue on a lock
of their own before ``BEGIN IMMEDIATE``: SQLite would serialize them too, but a writer it turns away sleeps in
its busy handler (1, 2, 5 … 100 ms) while the file is free, which made the tail under concurrent games; other
processes on the same file still meet SQLite's lock and its ``timeout``.

>>> import tempfile
>>> store = SqliteStore(tempfile.mkdtemp())
>>> store.schema_version(), store.games()
(2, [])
>>> store.close()
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from meikyu.store.base import StoreError
from meikyu.store.sql import Cursor, SqlStore

FILE_NAME = "games.sqlite3"


class SqliteStore(SqlStore):
    def __init__(self, folder: str | Path, migrate_upto: int | None = None) -> None:
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError("games.error.data_folder", folder=str(folder), reason=error.strerror or "") from None
        self.path = self.folder / FILE_NAME
        self.url = str(self.path)
        self._local = threading.local()
        self._all: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._write_lock = threading.Lock()
        try:
            self.migrate(migrate_upto)
        except sqlite3.DatabaseError as error:
            raise StoreError("games.error.bad_database", path=str(self.path), reason=str(error)) from None

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Cursor]:
        conn = self._connection()
        cur = conn.cursor()
        if not write:  # each read statement is its own snapshot: no BEGIN / COMMIT round to pay for
            try:
                yield cur
            finally:
                cur.close()
            return
        with self._write_lock:
            cur.execute("BEGIN IMMEDIATE")
            try:
                yield cur
            except BaseException:
                cur.execute("ROLLBACK")
                raise
            else:
                cur.execute("COMMIT")
            finally:
                cur.close()

    def is_conflict(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()
