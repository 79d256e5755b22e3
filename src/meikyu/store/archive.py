"""Games that move between servers: a game written whole to one file and loaded elsewhere, and a consistent
copy of a serving SQLite store.

An archive (``meikyu game export ID --archive FILE``) is one JSON file: the game's head (system, kind, setup,
initial state, settings, creation time), each seat's token *hash* (never a token), every log entry, and the
state the log replays to with its version. :func:`import_archive` (``meikyu game import FILE``) replays the
log from the initial state before it stores anything, checks that it reaches that very state, and stores
head, seats and log in one transaction, into SQLite or PostgreSQL alike: all of the game or none of it. The
seats' links keep working (the same hashes), or, with ``new_tokens``, every seat gets a new link and the old
ones stop. Snapshots are a cache and are not carried: the importing store makes its own.

:func:`backup` (``meikyu game backup DIR``) copies a SQLite store with SQLite's online backup: a consistent
copy (each game at some version it really had) while the server goes on serving and writing.

>>> import tempfile, pathlib
>>> from meikyu.store import open_store
>>> from meikyu.store.service import Games
>>> here, there = Games(open_store(data=tempfile.mkdtemp())), Games(open_store(data=tempfile.mkdtemp()))
>>> created = here.create("ShinGamebook", "reading", "sample", "en")
>>> file = pathlib.Path(tempfile.mkdtemp()) / "game.json"
>>> export_archive(here, created.id, file)
>>> import_archive(there, file).id == created.id, there.store.dump(created.id) == here.store.dump(created.id)
(True, True)
>>> here.close(); there.close()
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meikyu.errors import InputError
from meikyu.files import parse_json, read_text, write_json
from meikyu.store.base import Entry, GameRecord
from meikyu.store.tokens import hash_token, new_token

FORMAT = "meikyu-game-archive/1"
MAX_ARCHIVE_BYTES = 256 << 20
"""Largest archive read (256 MiB): a campaign of many thousand actions is a few megabytes."""


@dataclass(frozen=True)
class Imported:
    id: str
    version: int
    seats: list[tuple[str, str | None]]
    """(seat, its new token when ``new_tokens`` was asked, else None: the old links work)."""


def archive_data(games: Any, game_id: str) -> dict[str, Any]:
    """The game whole, as plain data (see the module docstring)."""
    game = games.load(game_id)
    record = game.record
    return {
        "format": FORMAT,
        "game": {"id": record.id, "system": record.system, "kind": record.kind, "setup": record.setup,
                 "initial": record.initial, "settings": record.settings, "created": record.created},
        "seats": games.store.token_hashes(game_id),
        "log": [[e.version, e.seat, e.type, e.data, e.rolls, e.time] for e in game.entries],
        "version": game.version,
        "state": game.kind.rules.state_to_data(game.state),
    }


def export_archive(games: Any, game_id: str, path: str | Path) -> None:
    """Write the archive of ``game_id`` to ``path`` (atomically: an old file stays whole if writing fails)."""
    write_json(path, archive_data(games, game_id))


def import_archive(games: Any, path: str | Path, new_tokens: bool = False) -> Imported:
    """Load an archive into ``games``' store (see the module docstring); refused, with nothing stored, when
    the file is no archive, the game is there already, or its log does not replay to the state it records."""
    where = str(path)
    data = parse_json(read_text(path, MAX_ARCHIVE_BYTES), where)
    try:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"its format is not {FORMAT}")
        head = data["game"]
        record = GameRecord(str(head["id"]), str(head["system"]), str(head["kind"]), head["setup"], head["initial"],
                            dict(head["settings"]), float(head["created"]))
        seats = {str(seat): str(h) for seat, h in dict(data["seats"]).items()}
        entries = [Entry(int(v), str(seat), str(kind), d, [list(map(int, r)) for r in rolls], float(when))
                   for v, seat, kind, d, rolls, when in data["log"]]
        version, state = int(data["version"]), data["state"]
    except (ValueError, KeyError, TypeError) as error:
        raise InputError("games.error.bad_archive", path=where, reason=str(error)[:200]) from None
    game, failed, why = games.replay_log(record, entries)
    if failed is not None:
        raise InputError("games.error.archive_replay", path=where, version=failed, reason=why[:200])
    if game.version != version or game.kind.rules.state_to_data(game.state) != state:
        raise InputError("games.error.archive_state", path=where, version=version)
    tokens = {seat: new_token() for seat in seats} if new_tokens else {}
    hashes = {seat: hash_token(token) for seat, token in tokens.items()} if new_tokens else seats
    games.store.import_game(record, hashes, entries)
    return Imported(record.id, version, [(seat, tokens.get(seat)) for seat in seats])


def backup(data_dir: str | Path, target: str | Path) -> Path:
    """Copy the SQLite store in ``data_dir`` to the folder ``target`` (made if need be) with SQLite's online
    backup; returns the copy's path. The copy is written beside its final name and renamed into place."""
    from meikyu.store.sqlite import FILE_NAME

    source = Path(data_dir) / FILE_NAME
    if not source.is_file():
        raise InputError("games.error.backup_source", path=str(source))
    folder = Path(target)
    final = folder / FILE_NAME
    if final.exists():
        raise InputError("games.error.backup_exists", path=str(final))
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / (FILE_NAME + ".partial")
        partial.unlink(missing_ok=True)
        with closing(sqlite3.connect(source, timeout=30)) as src, closing(sqlite3.connect(partial)) as dst:
            src.backup(dst)  # one read transaction over every page: the copy is the store at one moment
        with closing(sqlite3.connect(partial)) as dst:
            if dst.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the copy does not pass SQLite's integrity check")
        os.replace(partial, final)
    except (OSError, sqlite3.Error) as error:
        raise InputError("games.error.backup_failed", path=str(final), reason=str(error)[:200]) from None
    return final
