"""Games kept on disk: SQLite in a data folder by default, PostgreSQL by URL.

>>> import tempfile
>>> store = open_store(data=tempfile.mkdtemp())
>>> type(store).__name__
'SqliteStore'
>>> store.close()
"""

from __future__ import annotations

from meikyu.i18n import register_catalog
from meikyu.store.base import (
    ACTION,
    UNDO,
    Entry,
    GameNotFound,
    GameRecord,
    GameSummary,
    Store,
    StoreError,
    VersionConflict,
)

register_catalog("games.", "meikyu.store.i18n")

DEFAULT_DATA = "./meikyu-data"

__all__ = ["ACTION", "DEFAULT_DATA", "UNDO", "Entry", "GameNotFound", "GameRecord", "GameSummary", "Store",
           "StoreError", "VersionConflict", "open_store"]


def open_store(store: str | None = None, data: str | None = None) -> Store:
    """``store`` a ``postgresql://`` URL, else SQLite in the folder ``data`` (default ``./meikyu-data``)."""
    if store:
        if not store.startswith(("postgresql://", "postgres://")):
            raise StoreError("games.error.store_url", url=store[:100])
        from meikyu.store.postgres import PostgresStore

        return PostgresStore(store)
    from meikyu.store.sqlite import SqliteStore

    return SqliteStore(data or DEFAULT_DATA)
