"""``meikyu game check`` and ``meikyu game repair``: what is wrong with stored games, and what can be put right.

:func:`check_game` reads a game's head and every log entry as stored, replays the log from the initial state,
and compares each stored snapshot with the state the replay reaches at its version. It finds:

- a head that cannot be read (nothing to repair from: restore a backup);
- the first entry that cannot be read or does not replay (a *torn tail*: that entry and every later one);
- snapshots that cannot be read or disagree with the log (a snapshot is a cache of the log's state).

:func:`repair_game` rewrites bad snapshots from the replay, and cuts a torn tail only when the operator says
so (``--cut-tail``): the game then stands at the last version that replays. Nothing happens silently: each
finding and each change is a line of the report. Run both with the server stopped (a running server holds
the games it has loaded in memory).

>>> import tempfile
>>> from meikyu.store import open_store
>>> from meikyu.store.service import Games
>>> games = Games(open_store(data=tempfile.mkdtemp()))
>>> created = games.create("ShinGamebook", "reading", "sample", "en")
>>> check_game(games, created.id).ok
True
>>> games.close()
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from meikyu.store.base import GameNotFound
from meikyu.store.faults import StoreDamaged, StoreUnavailable
from meikyu.store.sql import read_entry


@dataclass
class GameCheck:
    """What :func:`check_game` found in one game."""

    id: str
    version: int = 0
    """The last version that reads and replays."""
    head: str = ""
    """Why the game's head cannot be read ("" when it can)."""
    torn_at: int | None = None
    """The first version that cannot be read or replayed."""
    torn_count: int = 0
    torn_why: str = ""
    bad_snapshots: list[tuple[int, str]] = field(default_factory=list)
    """(version, why) of each snapshot that cannot be read or disagrees with the log."""
    replayed: Any = None

    @property
    def ok(self) -> bool:
        return not self.head and self.torn_at is None and not self.bad_snapshots


def check_game(games: Any, game_id: str) -> GameCheck:
    """Read, replay and compare one game (see the module docstring); never raises for what it finds."""
    found = GameCheck(game_id)
    store = games.store
    try:
        record = store.game(game_id)
    except GameNotFound:
        raise
    except (StoreDamaged, ValueError) as error:
        found.head = getattr(error, "detail", str(error))
        return found
    try:
        rows = store.log_rows(game_id)
    except StoreDamaged as error:  # the pages holding its log: nothing past the damage can be read
        found.torn_at, found.torn_why = 1, error.detail
        return found
    entries = []
    for row in rows:
        try:
            entries.append(read_entry(row))
        except StoreDamaged as error:
            found.torn_at, found.torn_why = int(row[0]), error.detail
            break
    try:
        game, failed, why = games.replay_log(record, entries)
    except Exception as error:  # the initial state or the kind itself does not load
        found.head = f"{type(error).__name__}: {error}"
        return found
    if failed is not None and (found.torn_at is None or failed < found.torn_at):
        found.torn_at, found.torn_why = failed, why
    found.version = game.version
    found.replayed = game
    if found.torn_at is not None:
        found.torn_count = sum(1 for row in rows if int(row[0]) >= found.torn_at)
    rules = game.kind.rules
    for version, text in store.snapshot_rows(game_id):
        try:
            data = json.loads(text)
        except ValueError as error:
            found.bad_snapshots.append((version, f"is not JSON ({error})"))
            continue
        if version not in game.states:
            if found.torn_at is None or version < found.torn_at:
                found.bad_snapshots.append((version, "belongs to no action of the log"))
            continue  # past a torn tail: it goes with the tail
        if data != rules.state_to_data(game.states[version]):
            found.bad_snapshots.append((version, "differs from the state the log replays to"))
    return found


def repair_game(games: Any, found: GameCheck, cut_tail: bool) -> list[tuple[str, dict[str, Any]]]:
    """Put right what :func:`check_game` found, as far as it can: (message key, params) per change made
    or refused. Bad snapshots are rewritten from the replay; a torn tail is cut only with ``cut_tail``."""
    done: list[tuple[str, dict[str, Any]]] = []
    store, game_id = games.store, found.id
    if found.head:
        return [("repair_head", {"id": game_id, "why": found.head})]
    if found.torn_at is not None:
        last = found.torn_at + found.torn_count - 1
        if not cut_tail:
            done.append(("repair_tail_asked", {"id": game_id, "first": found.torn_at, "last": last,
                                               "count": found.torn_count, "why": found.torn_why}))
        else:
            cut = store.cut_log(game_id, found.torn_at)
            done.append(("repair_tail_cut", {"id": game_id, "first": found.torn_at, "last": last, "count": cut}))
    bad = [v for v, _ in found.bad_snapshots if found.torn_at is None or v < found.torn_at]
    if bad:
        store.drop_snapshots(game_id, bad)
        game = found.replayed
        for version in bad:
            if game is not None and version in game.states:
                store.put_snapshot(game_id, version, game.kind.rules.state_to_data(game.states[version]))
                done.append(("repair_snapshot", {"id": game_id, "version": version}))
            else:
                done.append(("repair_snapshot_dropped", {"id": game_id, "version": version}))
    return done


def store_problems(games: Any) -> list[str]:
    """The database's own findings about its pages (SQLite's integrity check)."""
    try:
        return list(games.store.integrity_check())
    except StoreUnavailable as error:
        return [error.detail]
