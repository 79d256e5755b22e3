"""The schema, as numbered migrations shared by SQLite and PostgreSQL.

``schema_version`` holds one row: the number of the last migration applied. Opening a store applies the
missing ones in order, each in its own transaction, so a database made by any earlier release opens with
this one (a test keeps a database made by migration 1 and loads it).

>>> [number for number, _ in MIGRATIONS]
[1, 2, 3, 4]
"""

from __future__ import annotations

# Text columns hold compact JSON (meikyu.store.base.dumps), keys in their order; times are Unix seconds.
MIGRATIONS: list[tuple[int, list[str]]] = [
    (1, [
        """CREATE TABLE games (
            id TEXT PRIMARY KEY,
            system TEXT NOT NULL,
            kind TEXT NOT NULL,
            setup TEXT NOT NULL,
            initial TEXT NOT NULL,
            settings TEXT NOT NULL,
            created DOUBLE PRECISION NOT NULL)""",
        """CREATE TABLE seats (
            game TEXT NOT NULL REFERENCES games (id),
            seat TEXT NOT NULL,
            token_hash TEXT NOT NULL,
            PRIMARY KEY (game, seat))""",
        # One row per version: the primary key is what lets exactly one of two writers win.
        """CREATE TABLE log (
            game TEXT NOT NULL REFERENCES games (id),
            version INTEGER NOT NULL,
            seat TEXT NOT NULL,
            type TEXT NOT NULL,
            data TEXT NOT NULL,
            rolls TEXT NOT NULL,
            time DOUBLE PRECISION NOT NULL,
            PRIMARY KEY (game, version))""",
    ]),
    (2, [
        # A cache: the state after a log entry, so a long game loads without replaying from the start.
        """CREATE TABLE snapshots (
            game TEXT NOT NULL REFERENCES games (id),
            version INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game, version))""",
    ]),
    (3, [
        # Snapshots written before 3 have their keys sorted, and a state's dict order is part of it (the
        # rules iterate over dicts): drop that cache; each game replays its log once and snapshots anew.
        "DELETE FROM snapshots",
    ]),
    (4, [
        # Each seat's link sealed with a key only the GM's token gives (meikyu.store.seals), so the GM page can
        # list the links again; the store alone cannot open them. Games made before have none (a new link is
        # issued instead).
        """CREATE TABLE sealed_links (
            game TEXT NOT NULL REFERENCES games (id),
            seat TEXT NOT NULL,
            sealed TEXT NOT NULL,
            PRIMARY KEY (game, seat))""",
    ]),
]

LATEST = MIGRATIONS[-1][0]
