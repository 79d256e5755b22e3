"""The shared store: PostgreSQL by URL, through psycopg 3, for several ``meikyu serve`` processes.

Versions stay consistent because the log's primary key is (game, version): of two processes appending
the same version, one commits and the other gets :class:`~meikyu.store.base.VersionConflict`. Each append
sends ``NOTIFY meikyu_games`` in its transaction; every process LISTENs on its own connection and pushes
the other processes' new versions to its WebSocket clients.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from meikyu.store.base import StoreError
from meikyu.store.faults import FAULTS, StoreUnavailable, translated
from meikyu.store.sql import Cursor, SqlStore

CHANNEL = "meikyu_games"
log = logging.getLogger("meikyu.store")


def public_url(url: str) -> str:
    """The URL with its password hidden.

    >>> public_url("postgresql://me:secret@db.example:5432/meikyu")
    'postgresql://me:***@db.example:5432/meikyu'
    """
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


class PostgresStore(SqlStore):
    placeholder = "%s"
    live_across_processes = True

    def __init__(self, url: str, migrate_upto: int | None = None) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError("games.error.no_psycopg") from None
        self._psycopg = psycopg
        self._dsn = url
        self.url = public_url(url)
        self._local = threading.local()
        self._all: list[Any] = []
        self._lock = threading.Lock()
        self._closed = threading.Event()
        try:
            self.migrate(migrate_upto)
        except (psycopg.OperationalError, StoreUnavailable) as error:  # libpq writes several lines: one
            reason = error.detail if isinstance(error, StoreUnavailable) else " ".join(str(error).split())
            raise StoreError("games.error.no_database", url=self.url, reason=reason[:300]) from None

    def _connection(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None or conn.closed:
            conn = self._psycopg.connect(self._dsn, autocommit=True)
            self._local.conn = conn
            with self._lock:
                self._all.append(conn)
        return conn

    @contextmanager
    def transaction(self, write: bool = True) -> Iterator[Cursor]:
        """A cursor (see :meth:`SqlStore.transaction`); a full disk, a read-only server, a lock timeout or a
        lost connection come out as :class:`~meikyu.store.faults.StoreUnavailable` (a unique violation
        stays itself: it is a version conflict)."""
        psycopg = self._psycopg
        try:
            conn = self._connection()
            if not write:  # autocommit: each statement its own snapshot, without BEGIN / COMMIT round trips
                with conn.cursor() as cur:
                    yield cur
                return
            with conn.transaction(), conn.cursor() as cur:
                yield cur
        except psycopg.errors.IntegrityError:
            raise
        except (psycopg.Error, OSError) as error:
            told = translated(error)
            if told is error:
                raise
            raise told from None
        if write:
            FAULTS.cleared()

    def is_conflict(self, error: Exception) -> bool:
        return isinstance(error, self._psycopg.errors.UniqueViolation)

    def lock_schema(self, cur: Cursor) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(7654)")

    def notify(self, cur: Cursor, game_id: str, version: int) -> None:
        cur.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{version} {game_id}"))

    def listen(self, callback: Callable[[str, int], None], told: Callable[[str], None] | None = None) -> None:
        """Start a daemon thread that calls ``callback(game_id, version)`` for every append anywhere, and
        ``told(text)`` for every :meth:`announce`."""
        thread = threading.Thread(target=self._listen, args=(callback, told), name="meikyu-listen", daemon=True)
        thread.start()

    def announce(self, text: str) -> None:
        """A notice on the same channel, marked ``~`` (an append's starts with its version)."""
        # best effort: presence is told again within seconds, and a lost connection is LISTEN's to log
        with suppress(self._psycopg.Error, OSError):
            self._connection().execute("SELECT pg_notify(%s, %s)", (CHANNEL, "~" + text[:7900]))

    def _listen(self, callback: Callable[[str, int], None], told: Callable[[str], None] | None = None) -> None:
        lost = False
        while not self._closed.is_set():
            try:
                with self._psycopg.connect(self._dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    if lost:
                        log.warning("LISTEN connection back")
                        lost = False
                    while not self._closed.is_set():
                        for note in conn.notifies(timeout=1.0):
                            if note.payload.startswith("~"):
                                if told is not None:
                                    told(note.payload[1:])
                                continue
                            version, _, game_id = note.payload.partition(" ")
                            callback(game_id, int(version))
            except Exception as error:  # a lost connection: say so once, retry every second until it is back
                if not lost:
                    log.error("LISTEN connection lost (%s); reconnecting every second", " ".join(str(error).split()))
                lost = True
                self._closed.wait(1.0)
            time.sleep(0)

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            for conn in self._all:
                conn.close()
            self._all.clear()
        self._local = threading.local()
