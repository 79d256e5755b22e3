"""Storage faults told apart from bugs: a full disk, a read-only folder, a lock held elsewhere, a lost
connection or damaged pages are the machine's state, not the program's error.

Each back end turns its driver's exceptions into one of two errors with :func:`classify`:

- :class:`StoreUnavailable` — the store cannot write (or read) just now; nothing was changed, and the same
  request may succeed later (the API answers 503 with ``Retry-After``);
- :class:`StoreDamaged` — what is stored cannot be read back (damaged pages, an entry that is not JSON);
  the service names the game it was reading (the API answers 422 for that game; other games go on).

:data:`FAULTS` writes each fault to the log once when it begins and once when it clears, however many
requests meet it in between (a full disk under a busy table used to leave a traceback per request).

>>> import sqlite3
>>> db = sqlite3.connect("file::memory:?mode=ro", uri=True)
>>> try:
...     db.execute("CREATE TABLE t (x)")
... except sqlite3.Error as error:
...     fault = classify(error)
>>> type(fault).__name__, fault.cause
('StoreUnavailable', 'read_only')
"""

from __future__ import annotations

import errno
import logging
import threading
from typing import Any

from meikyu.store.base import StoreError

log = logging.getLogger("meikyu.store")

RETRY_AFTER = 5
"""Seconds a client is told to wait before trying again after a 503 (an operator frees space, a lock
holder finishes: seconds to minutes; a client retrying every 5 s costs nothing)."""

# SQLite's primary result codes (https://sqlite.org/rescode.html)
_SQLITE = {3: "read_only", 5: "locked", 6: "locked", 8: "read_only", 10: "io", 13: "full", 14: "io"}
_SQLITE_DAMAGED = (11, 26)  # SQLITE_CORRUPT, SQLITE_NOTADB
_ERRNO = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read_only", errno.EACCES: "read_only",
          errno.EPERM: "read_only", errno.EIO: "io"}
# PostgreSQL's SQLSTATE classes and codes
_SQLSTATE = {"53": "full", "25006": "read_only", "55P03": "locked", "40P01": "locked", "57": "connection",
             "08": "connection"}
_SQLSTATE_DAMAGED = ("XX001", "XX002")


class StoreUnavailable(StoreError):
    """The store cannot take the request now (``cause``: full, read_only, locked, io or connection);
    nothing was changed."""

    def __init__(self, cause: str, detail: str = "") -> None:
        super().__init__(f"games.error.unavailable_{cause}", retry=RETRY_AFTER)
        self.cause = cause
        self.detail = detail


class StoreDamaged(StoreError):
    """Something stored cannot be read back; ``detail`` says what (the service adds which game)."""

    def __init__(self, detail: str) -> None:
        super().__init__("games.error.damaged_store", detail=detail[:300])
        self.detail = detail[:300]


class GameUnreadable(StoreError):
    """One game's stored log or head cannot be read or replayed (HTTP 422 naming it)."""

    def __init__(self, game_id: str, detail: str) -> None:
        super().__init__("games.error.unreadable", id=game_id[:64], detail=detail[:300])
        self.game_id = game_id
        self.detail = detail[:300]


def classify(error: BaseException) -> StoreUnavailable | StoreDamaged | None:
    """The storage fault ``error`` (a driver's or the OS's exception) is, or None for anything else
    (a constraint, a bug: those keep their own way)."""
    detail = " ".join(str(error).split())[:300]
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        primary = code & 0xFF
        if primary in _SQLITE_DAMAGED:
            return StoreDamaged(detail)
        cause = _SQLITE.get(primary)
        return StoreUnavailable(cause, detail) if cause else None
    if isinstance(error, OSError) and error.errno in _ERRNO:
        return StoreUnavailable(_ERRNO[error.errno], detail)
    sqlstate = getattr(error, "sqlstate", None)
    if isinstance(sqlstate, str):
        if sqlstate in _SQLSTATE_DAMAGED:
            return StoreDamaged(detail)
        cause = _SQLSTATE.get(sqlstate) or _SQLSTATE.get(sqlstate[:2])
        return StoreUnavailable(cause, detail) if cause else None
    if type(error).__name__ == "OperationalError" and type(error).__module__.startswith("psycopg"):
        return StoreUnavailable("connection", detail)  # the server went away: no SQLSTATE to read
    if type(error).__name__ in ("DatabaseError", "OperationalError") and "malformed" in detail:
        return StoreDamaged(detail)
    return None


class FaultLog:
    """Says each storage fault once: when it begins (its cause), and when a write succeeds again (how many
    requests it refused meanwhile). Damaged games are said once each."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.current: str | None = None
        self.refused = 0
        self._damaged: set[str] = set()

    def fault(self, fault: StoreUnavailable) -> None:
        with self._lock:
            self.refused += 1
            if fault.cause == self.current:
                return
            self.current = fault.cause
        log.error("storage fault (%s): %s; requests that need the store answer 503 until it clears",
                  fault.cause, fault.detail)

    def cleared(self) -> None:
        if self.current is None:  # the usual case, without taking the lock
            return
        with self._lock:
            cause, refused, self.current, self.refused = self.current, self.refused, None, 0
        if cause is not None:
            log.warning("storage fault (%s) cleared; %d request(s) were refused meanwhile", cause, refused)

    def damaged(self, what: str, detail: str) -> None:
        with self._lock:
            if what in self._damaged:
                return
            self._damaged.add(what)
        log.error("%s cannot be read: %s (meikyu game check / repair)", what, detail)


FAULTS = FaultLog()


def translated(error: BaseException) -> Any:
    """``error`` as :func:`classify` sees it; ``error`` itself when it is no storage fault. (The server
    tells :data:`FAULTS` of the faults it answers; a command line just prints its one line.)"""
    fault = classify(error)
    return fault if fault is not None else error
