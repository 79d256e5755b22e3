"""The embedded store: one SQLite file in a data folder (the standard library's ``sqlite3``).

WAL journal with ``synchronous=FULL``: a commit returns only once the log entry is on disk, so an answered
action survives ``kill -9`` or a power cut. One connection per thread. Writers of one process queue on a lock
of their own before ``BEGIN IMMEDIATE``: SQLite would serialize them too, but a writer it turns away sleeps in
its busy handler (1, 2, 5 … 100 ms) while the file is free, which made the tail under concurrent games; other
processes on the same file still meet SQLite's lock and its ``timeout``.

Appends commit in groups: the writer that gets the lock takes every log entry waiting at that moment and
stores them in one transaction (each in its own savepoint, so one entry's version conflict leaves the others
in), with one fsync for all; each waiting caller returns only after that commit, so "answered means on disk"
holds for every entry. Under 16 games at once an fsync's wait is shared instead of queued 16 deep.

>>> import tempfile
>>> store = SqliteStore(tempfile.mkdtemp())
>>> store.schema_version(), store.games()
(4, [])
>>> store.close()
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from meikyu.store.base import Entry, StoreError, VersionConflict
from meikyu.store.faults import FAULTS, StoreDamaged, StoreUnavailable, translated
from meikyu.store.sql import APPEND_SQL, Cursor, SqlStore

FILE_NAME = "games.sqlite3"


@dataclass(eq=False)
class _Waiting:
    """An entry waiting for the group commit that stores it, and what came of it."""

    game_id: str
    entry: Entry
    done: bool = False
    error: BaseException | None = None


class SqliteStore(SqlStore):
    def __init__(self, folder: str | Path, migrate_upto: int | None = None, busy_timeout: float = 30.0) -> None:
        self.folder = Path(folder)
        self.busy_timeout = busy_timeout
        """Seconds a write waits for another process's lock before it is refused (503 over HTTP)."""
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
        self._waiting: list[_Waiting] = []
        self._waiting_lock = threading.Lock()
        try:
            self.migrate(migrate_upto)
        except (sqlite3.DatabaseError, StoreDamaged) as error:
            reason = error.detail if isinstance(error, StoreDamaged) else str(error)
            raise StoreError("games.error.bad_database", path=str(self.path), reason=reason) from None
        except StoreUnavailable as error:  # a read-only or full folder, a lock held elsewhere: say it now
            raise StoreError("games.error.data_folder", folder=str(folder), reason=error.detail) from None

    def _connection(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=self.busy_timeout)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("PRAGMA foreign_keys=ON")
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Cursor]:
        """A cursor (see :meth:`SqlStore.transaction`); the driver's storage faults come out as
        :class:`~meikyu.store.faults.StoreUnavailable` / ``StoreDamaged`` (a constraint stays itself: it
        is a version conflict)."""
        with _faults():
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
                    if conn.in_transaction:  # SQLite rolls back by itself on a full disk
                        cur.execute("ROLLBACK")
                    raise
                else:
                    cur.execute("COMMIT")
                finally:
                    cur.close()
            FAULTS.cleared()

    def append(self, game_id: str, entry: Entry) -> None:
        """Store ``entry`` (see :meth:`SqlStore.append`), committed together with the entries other threads
        are appending at the same moment."""
        me = _Waiting(game_id, entry)
        with self._waiting_lock:
            self._waiting.append(me)
        with self._write_lock:
            if not me.done:  # no group took it while this thread waited for the lock: lead the next one
                with self._waiting_lock:
                    group, self._waiting = self._waiting, []
                self._commit_group(group)
        if me.error is not None:
            raise me.error

    def _commit_group(self, group: list[_Waiting]) -> None:
        """One transaction for the whole group (the caller holds the write lock); marks each done."""
        try:
            cur = self._connection().cursor()
        except sqlite3.Error as error:  # the file cannot be opened now (CANTOPEN)
            for one in group:
                one.error, one.done = translated(error), True
            return
        try:
            cur.execute("BEGIN IMMEDIATE")
            try:
                for one in group:
                    self._insert(cur, one)
                cur.execute("COMMIT")
            except BaseException:
                if cur.connection.in_transaction:
                    cur.execute("ROLLBACK")
                raise
        except BaseException as error:  # nothing of the group is stored: each caller hears why
            told = translated(error) if isinstance(error, sqlite3.Error | OSError) and not isinstance(
                error, sqlite3.IntegrityError) else error
            for one in group:
                if not isinstance(one.error, VersionConflict):
                    one.error = told
            if not isinstance(error, Exception):
                raise
        else:
            FAULTS.cleared()
        finally:
            cur.close()
            for one in group:
                one.done = True

    def _insert(self, cur: Cursor, one: _Waiting) -> None:
        """One entry of a group, in a savepoint: a version conflict undoes only this entry."""
        cur.execute("SAVEPOINT entry")
        try:
            cur.execute(APPEND_SQL, (one.game_id, *one.entry.row(), one.game_id, one.entry.version - 1))
            stored = cur.rowcount == 1
        except sqlite3.IntegrityError:
            stored = False
        if not stored:
            one.error = VersionConflict(self._current(cur, one.game_id))
            cur.execute("ROLLBACK TO entry")
        cur.execute("RELEASE entry")

    def is_conflict(self, error: Exception) -> bool:
        return isinstance(error, sqlite3.IntegrityError)

    def integrity_check(self) -> list[str]:
        """SQLite's ``PRAGMA integrity_check``: every page and index read and cross-checked."""
        try:
            with self.transaction(False) as cur:
                rows = [str(r[0]) for r in cur.execute("PRAGMA integrity_check").fetchall()]
        except StoreDamaged as error:
            return [error.detail]
        return [] if rows == ["ok"] else rows

    def close(self) -> None:
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()


@contextmanager
def _faults() -> Iterator[None]:
    """The driver's and the OS's storage faults raised inside as the store's own errors."""
    try:
        yield
    except sqlite3.IntegrityError:
        raise
    except (sqlite3.Error, OSError) as error:
        told = translated(error)
        if told is error:
            raise
        raise told from None
