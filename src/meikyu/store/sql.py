"""The SQL both back ends share; :mod:`.sqlite` and :mod:`.postgres` supply connections and transactions.

Statements are written with ``?`` placeholders; a back end whose driver wants ``%s`` rewrites them once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any

from meikyu.store.base import (
    TOKENS_CHANGED,
    Entry,
    GameExists,
    GameNotFound,
    GameRecord,
    GameSummary,
    VersionConflict,
    dumps,
)
from meikyu.store.faults import StoreDamaged
from meikyu.store.migrations import MIGRATIONS

Cursor = Any
APPEND_SQL = ("INSERT INTO log (game, version, seat, type, data, rolls, time) "
              "SELECT ?, ?, ?, ?, ?, ?, ? WHERE (SELECT COALESCE(MAX(version), 0) FROM log WHERE game = ?) = ?")
"""Insert a log entry only when it is the very next version (the primary key settles a race)."""


class SqlStore:
    """Everything but connecting: subclasses define :meth:`transaction` and :meth:`is_conflict`."""

    url = ""
    live_across_processes = False
    placeholder = "?"

    def transaction(self, write: bool = True) -> AbstractContextManager[Cursor]:
        """A cursor inside one transaction; ``write=False``: a read, each statement its own consistent
        snapshot (no BEGIN / COMMIT: the log only grows and snapshots never change, so no read needs two
        statements to agree)."""
        raise NotImplementedError

    def is_conflict(self, error: Exception) -> bool:
        raise NotImplementedError

    def lock_schema(self, cur: Cursor) -> None:
        """Keep two processes from migrating at once (SQLite's write lock already does)."""

    def notify(self, cur: Cursor, game_id: str, version: int) -> None:
        """Tell other processes (PostgreSQL); nothing to do for one SQLite process."""

    def listen(self, callback: Callable[[str, int], None], told: Callable[[str], None] | None = None) -> None:
        """Only PostgreSQL hears other processes; in one process the app knows its own appends."""

    def announce(self, text: str) -> None:
        """Only PostgreSQL tells other processes."""

    def close(self) -> None:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def _run(self, cur: Cursor, text: str, params: tuple[Any, ...] = ()) -> Cursor:
        cur.execute(self._sql(text), params)
        return cur

    # -- schema ----------------------------------------------------------------------------------------
    def migrate(self, upto: int | None = None) -> int:
        """Apply the migrations not yet applied (up to ``upto``); returns the schema version."""
        with self.transaction() as cur:
            self.lock_schema(cur)
            self._run(cur, "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            row = self._run(cur, "SELECT version FROM schema_version").fetchone()
            if row is None:
                self._run(cur, "INSERT INTO schema_version (version) VALUES (0)")
        current = self.schema_version()
        for number, statements in MIGRATIONS:
            if number <= current or (upto is not None and number > upto):
                continue
            with self.transaction() as cur:
                self.lock_schema(cur)
                # Re-read inside the transaction: another process may have just migrated.
                if self._run(cur, "SELECT version FROM schema_version").fetchone()[0] >= number:
                    continue
                for statement in statements:
                    self._run(cur, statement)
                self._run(cur, "UPDATE schema_version SET version = ?", (number,))
            current = number
        return current

    def schema_version(self) -> int:
        with self.transaction(False) as cur:
            return int(self._run(cur, "SELECT version FROM schema_version").fetchone()[0])

    # -- games -----------------------------------------------------------------------------------------
    def create_game(self, record: GameRecord, token_hashes: dict[str, str]) -> None:
        with self.transaction() as cur:
            self._run(cur, "INSERT INTO games (id, system, kind, setup, initial, settings, created) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (record.id, record.system, record.kind, dumps(record.setup), dumps(record.initial),
                       dumps(record.settings), record.created))
            for seat, token_hash in token_hashes.items():
                self._run(cur, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)",
                          (record.id, seat, token_hash))

    def import_game(self, record: GameRecord, token_hashes: dict[str, str], entries: list[Entry]) -> None:
        """A whole game (head, seats, log) in one transaction: all of it is stored, or none."""
        with self.transaction() as cur:
            if self._run(cur, "SELECT 1 FROM games WHERE id = ?", (record.id,)).fetchone() is not None:
                raise GameExists("games.error.game_exists", id=record.id)
            self._run(cur, "INSERT INTO games (id, system, kind, setup, initial, settings, created) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (record.id, record.system, record.kind, dumps(record.setup), dumps(record.initial),
                       dumps(record.settings), record.created))
            for seat, token_hash in token_hashes.items():
                self._run(cur, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)",
                          (record.id, seat, token_hash))
            for entry in entries:
                self._run(cur, "INSERT INTO log (game, version, seat, type, data, rolls, time) "
                               "VALUES (?, ?, ?, ?, ?, ?, ?)", (record.id, *entry.row()))

    def game(self, game_id: str) -> GameRecord:
        with self.transaction(False) as cur:
            row = self._run(cur, "SELECT id, system, kind, setup, initial, settings, created FROM games "
                                 "WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound("games.error.no_game", id=game_id[:40])
        return GameRecord(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), json.loads(row[5]),
                          float(row[6]))

    def games(self) -> list[GameSummary]:
        with self.transaction(False) as cur:
            rows = self._run(cur, "SELECT g.id, g.system, g.kind, g.created, "
                                  "(SELECT COALESCE(MAX(version), 0) FROM log WHERE game = g.id) "
                                  "FROM games g ORDER BY g.created, g.id").fetchall()
        return [GameSummary(r[0], r[1], r[2], float(r[3]), int(r[4])) for r in rows]

    def version(self, game_id: str) -> int:
        with self.transaction(False) as cur:
            row = self._run(cur, "SELECT COALESCE(MAX(version), 0) FROM log WHERE game = ?",
                            (game_id,)).fetchone()
        return int(row[0])

    def entries(self, game_id: str, after: int = 0) -> list[Entry]:
        with self.transaction(False) as cur:
            rows = self._run(cur, "SELECT version, seat, type, data, rolls, time FROM log "
                                  "WHERE game = ? AND version > ? ORDER BY version", (game_id, after)).fetchall()
        return [read_entry(row) for row in rows]

    def append(self, game_id: str, entry: Entry) -> None:
        try:
            with self.transaction() as cur:
                self._run(cur, APPEND_SQL, (game_id, *entry.row(), game_id, entry.version - 1))
                if cur.rowcount != 1:
                    raise VersionConflict(self._current(cur, game_id))
                self.notify(cur, game_id, entry.version)
        except VersionConflict:
            raise
        except Exception as error:
            if self.is_conflict(error):
                raise VersionConflict(self.version(game_id)) from None
            raise

    def _current(self, cur: Cursor, game_id: str) -> int:
        row = self._run(cur, "SELECT COALESCE(MAX(version), 0) FROM log WHERE game = ?", (game_id,)).fetchone()
        return int(row[0])

    # -- seats -----------------------------------------------------------------------------------------
    def token_hashes(self, game_id: str) -> dict[str, str]:
        with self.transaction(False) as cur:
            rows = self._run(cur, "SELECT seat, token_hash FROM seats WHERE game = ? ORDER BY seat",
                             (game_id,)).fetchall()
        return {seat: token_hash for seat, token_hash in rows}

    def set_token_hash(self, game_id: str, seat: str, token_hash: str) -> None:
        with self.transaction() as cur:
            self._run(cur, "DELETE FROM seats WHERE game = ? AND seat = ?", (game_id, seat))
            self._run(cur, "INSERT INTO seats (game, seat, token_hash) VALUES (?, ?, ?)",
                      (game_id, seat, token_hash))
            self.notify(cur, game_id, TOKENS_CHANGED)

    def sealed_links(self, game_id: str) -> dict[str, str]:
        with self.transaction(False) as cur:
            rows = self._run(cur, "SELECT seat, sealed FROM sealed_links WHERE game = ? ORDER BY seat",
                             (game_id,)).fetchall()
        return {seat: sealed for seat, sealed in rows}

    def set_sealed_links(self, game_id: str, links: dict[str, str]) -> None:
        with self.transaction() as cur:
            for seat, sealed in links.items():
                self._run(cur, "DELETE FROM sealed_links WHERE game = ? AND seat = ?", (game_id, seat))
                self._run(cur, "INSERT INTO sealed_links (game, seat, sealed) VALUES (?, ?, ?)",
                          (game_id, seat, sealed))

    # -- snapshots -------------------------------------------------------------------------------------
    def put_snapshot(self, game_id: str, version: int, state: Any) -> None:
        try:
            with self.transaction() as cur:
                self._run(cur, "INSERT INTO snapshots (game, version, state) VALUES (?, ?, ?)",
                          (game_id, version, dumps(state)))
        except Exception as error:
            if not self.is_conflict(error):  # the same snapshot written twice is the same snapshot
                raise

    def latest_snapshot(self, game_id: str, versions: list[int]) -> tuple[int, Any] | None:
        if not versions:
            return None
        with self.transaction(False) as cur:
            have = {int(r[0]) for r in self._run(cur, "SELECT version FROM snapshots WHERE game = ?",
                                                 (game_id,)).fetchall()}
            best = next((v for v in reversed(versions) if v in have), None)
            if best is None:
                return None
            row = self._run(cur, "SELECT state FROM snapshots WHERE game = ? AND version = ?",
                            (game_id, best)).fetchone()
        try:
            return best, json.loads(row[0])
        except (ValueError, RecursionError) as error:
            raise StoreDamaged(f"the snapshot at version {best} is not valid JSON ({error})") from None

    # -- check and repair (meikyu.store.maintenance) ---------------------------------------------------
    def integrity_check(self) -> list[str]:
        """What the database finds wrong with its own pages (``[]``: nothing). SQLite's integrity check;
        PostgreSQL checks its pages as it reads them, so it has nothing to run here."""
        return []

    def log_rows(self, game_id: str) -> list[tuple[Any, ...]]:
        """The game's log rows as stored (not yet read as entries), oldest first."""
        with self.transaction(False) as cur:
            return list(self._run(cur, "SELECT version, seat, type, data, rolls, time FROM log WHERE game = ? "
                                       "ORDER BY version", (game_id,)).fetchall())

    def snapshot_rows(self, game_id: str) -> list[tuple[int, str]]:
        with self.transaction(False) as cur:
            rows = self._run(cur, "SELECT version, state FROM snapshots WHERE game = ? ORDER BY version",
                             (game_id,)).fetchall()
        return [(int(v), str(s)) for v, s in rows]

    def drop_snapshots(self, game_id: str, versions: list[int]) -> None:
        with self.transaction() as cur:
            for version in versions:
                self._run(cur, "DELETE FROM snapshots WHERE game = ? AND version = ?", (game_id, version))

    def cut_log(self, game_id: str, first: int) -> int:
        """Delete the log entries from version ``first`` on (and their snapshots): the operator's repair of
        a torn tail, the one place anything is deleted. Returns how many entries went."""
        with self.transaction() as cur:
            self._run(cur, "DELETE FROM snapshots WHERE game = ? AND version >= ?", (game_id, first))
            return int(self._run(cur, "DELETE FROM log WHERE game = ? AND version >= ?", (game_id, first)).rowcount)

    # -- tests and tools -------------------------------------------------------------------------------
    def dump(self, game_id: str) -> str:
        record = self.game(game_id)
        lines = [dumps([record.id, record.system, record.kind, record.setup, record.initial, record.settings,
                        record.created]), dumps(self.token_hashes(game_id))]
        lines += [dumps(list(entry.row())) for entry in self.entries(game_id)]
        return "\n".join(lines)



def read_entry(row: tuple[Any, ...]) -> Entry:
    """A log row as an :class:`Entry`; a row that does not read back is :class:`StoreDamaged` naming it."""
    try:
        return Entry.from_row(*row)
    except (ValueError, TypeError, RecursionError) as error:
        raise StoreDamaged(f"log entry {row[0]} cannot be read ({type(error).__name__}: {error})") from None
