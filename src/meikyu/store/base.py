"""What every store keeps, and the one interface both back ends (SQLite, PostgreSQL) provide.

A game is its system, kind, setup data, initial state data and settings, plus an append-only log of
:class:`Entry` values numbered 1, 2, 3 … (the game's *version* is the number of the last entry). An entry
is an action with the dice it drew, or an ``undo`` of some steps: nothing is ever changed or deleted.
Snapshots of a state are a cache the loader may use; the log alone rebuilds everything.

>>> entry = Entry(1, "gm", "action", {"@type": "Start"}, [[6, 3]], 0.0)
>>> Entry.from_row(*entry.row()) == entry
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from meikyu.errors import InputError

ACTION = "action"
UNDO = "undo"
_TALK = frozenset({"message", "reveal", "hide", "palette"})
"""Entry types that are talk (meikyu.table.talk.TALK; the store layer below it only reads them faster: a game
of 5,000 messages reads its log in a fraction of the time :mod:`json` takes)."""
TOKENS_CHANGED = -1
"""The version a store's :meth:`Store.listen` callback is given when a seat's token was replaced (sockets
opened with the old token must close)."""


def dumps(value: Any) -> str:
    """Compact JSON text as stored: the same data always gives the same bytes, and objects keep their keys'
    order. A state's dict order is part of its value — the rules iterate over those dicts — so sorting
    keys (as this did) handed a loader a state equal to the one saved but ordered otherwise, and a battle
    started from it listed each land maker's favor in another order; a replay from such a snapshot went
    another way than the game had (found by ``benchmarks/games_throughput.py``'s 2,000-action session).

    >>> dumps({"b": 1, "a": "미궁"})
    '{"b":1,"a":"미궁"}'
    """
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


_ORJSON_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""Keys as :mod:`json` writes them; dataclasses and datetimes refused as :mod:`json` refuses them."""


def json_bytes(value: Any) -> bytes:
    """Compact UTF-8 JSON as the API sends it (text unescaped; a lone surrogate, which UTF-8 cannot carry,
    escaped instead).

    Written by orjson, five times faster than :mod:`json` on a game's answer (the GM's view and menu, ~25 kB:
    0.07 against 0.35 ms), the same JSON as ``json.dumps(separators=(",", ":"), ensure_ascii=False)`` but
    for a float's exponent (``1e16``, ``0.00001`` where :mod:`json` writes ``1e+16``, ``1e-05``: the same
    number). What orjson refuses (an int beyond 64 bits, a lone surrogate) goes to :mod:`json` as before.

    >>> json_bytes({"a": "미궁", 1: [0.5, None]}).decode()
    '{"a":"미궁","1":[0.5,null]}'
    >>> json_bytes(chr(0xD800)), json_bytes(2**70)
    (b'"\\\\ud800"', b'1180591620717411303424')
    """
    try:
        return orjson.dumps(value, option=_ORJSON_OPTIONS)
    except TypeError:  # orjson.JSONEncodeError is one
        pass
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value, separators=(",", ":")).encode("ascii")


class StoreError(InputError):
    """A store problem the caller can act on (a bad URL or folder, an unknown game)."""


class GameNotFound(StoreError):
    """No game has that id."""


class GameExists(StoreError):
    """A game with that id is stored already (an import)."""


class VersionConflict(StoreError):
    """Another writer appended first: ``current`` is the version now stored."""

    def __init__(self, current: int) -> None:
        super().__init__("games.error.stale", current=current)
        self.current = current


@dataclass(frozen=True)
class GameRecord:
    """The immutable head of a game: everything but its log."""

    id: str
    system: str
    kind: str
    setup: Any
    initial: Any
    settings: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0


@dataclass(frozen=True)
class Entry:
    """One log entry: ``type`` is ``action`` (``data`` = the dumped action, ``rolls`` = its dice as
    ``[sides, value]`` pairs) or ``undo`` (``data`` = ``{"steps": n}``)."""

    version: int
    seat: str
    type: str
    data: Any
    rolls: list[list[int]]
    time: float

    def row(self) -> tuple[int, str, str, str, str, float]:
        return (self.version, self.seat, self.type, dumps(self.data), dumps(self.rolls), self.time)

    @classmethod
    def from_row(cls, version: int, seat: str, type_: str, data: str, rolls: str, time: float) -> Entry:
        if type_ in _TALK:  # written by meikyu.store.talk: small numbers only, so orjson reads them exactly
            try:
                return cls(int(version), seat, type_, orjson.loads(data), orjson.loads(rolls), float(time))
            except orjson.JSONDecodeError:
                pass
        return cls(int(version), seat, type_, json.loads(data), json.loads(rolls), float(time))


@dataclass(frozen=True)
class GameSummary:
    """A line of ``meikyu game list``."""

    id: str
    system: str
    kind: str
    created: float
    version: int


class Store(Protocol):
    """The storage interface. Every method is a short blocking call (run it off the event loop)."""

    url: str
    """Where it keeps things, without secrets (a folder, or a PostgreSQL URL with the password hidden)."""
    live_across_processes: bool
    """Whether :meth:`listen` reports other processes' appends (PostgreSQL's LISTEN/NOTIFY)."""

    def create_game(self, record: GameRecord, token_hashes: dict[str, str]) -> None: ...

    def game(self, game_id: str) -> GameRecord: ...

    def games(self) -> list[GameSummary]: ...

    def version(self, game_id: str) -> int: ...

    def entries(self, game_id: str, after: int = 0) -> list[Entry]: ...

    def append(self, game_id: str, entry: Entry) -> None:
        """Store ``entry`` if its version is exactly the stored version + 1, else :class:`VersionConflict`."""
        ...

    def token_hashes(self, game_id: str) -> dict[str, str]: ...

    def set_token_hash(self, game_id: str, seat: str, token_hash: str) -> None: ...

    def sealed_links(self, game_id: str) -> dict[str, str]:
        """Each seat's token sealed with the GM's (:mod:`meikyu.store.seals`), where kept."""
        ...

    def set_sealed_links(self, game_id: str, links: dict[str, str]) -> None: ...

    def put_snapshot(self, game_id: str, version: int, state: Any) -> None: ...

    def latest_snapshot(self, game_id: str, versions: list[int]) -> tuple[int, Any] | None:
        """The snapshot at the highest of ``versions`` that has one."""
        ...

    def listen(self, callback: Any, told: Any = None) -> None:
        """Call ``callback(game_id, version)`` (from another thread) when any process appends, and
        ``callback(game_id, TOKENS_CHANGED)`` when one replaces a seat's token; ``told(text)`` for each
        :meth:`announce` of any process (its own included)."""
        ...

    def announce(self, text: str) -> None:
        """Tell every process listening on this store ``text`` (who is connected where); a no-op for a store
        that cannot (one process knows its own)."""
        ...

    def dump(self, game_id: str) -> str:
        """Everything stored for a game except snapshots, as canonical text (for byte-for-byte tests)."""
        ...

    def close(self) -> None: ...
