"""The games API's request plumbing: its error shape, JSON bodies, tokens, languages and rate limits.

Errors of ``/api/games…`` read ``{"ok": false, "error": code, "message": …, "rule"?: id, "version"?: n}``.

>>> err = GameApiError(409, "stale", "games.error.stale", version=3, current=3)
>>> err.body("en")
{'ok': False, 'error': 'stale', 'message': 'the game has moved on: it is at version 3 now. Reload it and choose again.', 'version': 3}
>>> bucket = RateLimiter(rate=1.0, burst=2)
>>> [bucket.wait_for("t", now=0.0) for _ in range(3)]
[0.0, 0.0, 1.0]
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from starlette.requests import HTTPConnection, Request

from meikyu.api.errors import ApiError
from meikyu.api.params import read_stream
from meikyu.errors import MeikyuError
from meikyu.store import GameNotFound, VersionConflict
from meikyu.store.faults import FAULTS, RETRY_AFTER, GameUnreadable, StoreDamaged, StoreUnavailable
from meikyu.store.refusals import Forbidden, Refused, Unauthorized
from meikyu.table.talk import TalkForbidden

STATUS_CODES = {400: "bad_request", 401: "bad_token", 403: "forbidden", 404: "not_found", 405: "method",
                408: "timeout", 409: "stale", 413: "too_large", 414: "too_large", 415: "media_type",
                422: "refused", 429: "rate_limited", 503: "unavailable"}


class GameApiError(ApiError):
    """A refused games request. ``rule`` and ``version`` go into the body when given."""

    def __init__(self, status: int, code: str, key: str, /, rule: str | None = None, version: int | None = None,
                 error: MeikyuError | None = None, headers: dict[str, str] | None = None, **params: Any):
        super().__init__(status, code, key, headers=headers, **params)
        self.code = code
        self.rule = rule
        self.version = version
        self.error = error

    def message(self, lang: str) -> str:
        return self.error.message(lang) if self.error is not None else super().message(lang)

    def body(self, lang: str) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": False, "error": self.code, "message": super().body(lang)["message"]}
        if self.rule:
            out["rule"] = self.rule
        if self.version is not None:
            out["version"] = self.version
        # a sheet's every problem, each with its file, field path and an example (see the sheets' reader)
        cause = getattr(self.error, "error", self.error)
        found = getattr(cause, "findings", None)
        if callable(found):
            out["problems"] = found(lang)
        return out


def from_core(error: MeikyuError) -> GameApiError:
    """A store/service error as the HTTP answer it deserves."""
    if isinstance(error, VersionConflict):
        return GameApiError(409, "stale", error.key, version=error.current, error=error)
    if isinstance(error, Unauthorized):
        return GameApiError(401, "bad_token", error.key, error=error)
    if isinstance(error, Forbidden):
        return GameApiError(403, "forbidden", error.key, error=error)
    if isinstance(error, GameNotFound):
        return GameApiError(404, "not_found", error.key, error=error)
    if isinstance(error, Refused):
        return GameApiError(422, "refused", error.key, rule=error.rule, error=error)
    if isinstance(error, GameUnreadable):  # this game only: the others go on
        FAULTS.damaged(f"game {error.game_id}", error.detail)
        return GameApiError(422, "unreadable", error.key, error=error)
    if isinstance(error, StoreUnavailable | StoreDamaged):  # the machine's state, not the request's fault
        if isinstance(error, StoreUnavailable):
            FAULTS.fault(error)  # in the server's log once, however many requests meet it
        else:
            FAULTS.damaged("the games database", error.detail)
        return GameApiError(503, "unavailable", error.key, error=error,
                            headers={"retry-after": str(RETRY_AFTER)})
    if isinstance(error, TalkForbidden):
        return GameApiError(403, "forbidden", error.key, error=error)
    return GameApiError(400, "bad_request", error.key, error=error)


def http_error(error: ApiError) -> GameApiError:
    """A plumbing error (413, 408, a bad language …) in the games error shape."""
    if isinstance(error, GameApiError):
        return error
    code = STATUS_CODES.get(error.status, "bad_request")
    out = GameApiError(error.status, code, error.key, headers=error.headers or None, **error.params)
    return out


def bad_field(name: str, expected: str) -> GameApiError:
    return GameApiError(400, "bad_request", "games.error.field_type", name=name, expected=expected)


async def json_body(request: Request, limit: int, timeout: float, example: str) -> dict[str, Any]:
    """The body as a JSON object (at most ``limit`` bytes), else a 400/408/413 naming what is wrong."""
    return parse_body(await raw_body(request, limit, timeout), example)


async def raw_body(request: Request, limit: int, timeout: float) -> bytes:
    """The body's bytes (at most ``limit``, within ``timeout`` seconds), else a 408/413."""
    return await body_of(request.headers.get("content-length"), request.stream(), limit, timeout)


async def body_of(declared: str | None, chunks: AsyncIterator[bytes], limit: int, timeout: float) -> bytes:
    """:func:`raw_body` from the ``content-length`` header's text and the body's chunks (the thin path's)."""
    try:
        return await read_stream(declared, chunks, limit, timeout)
    except ApiError as error:
        raise http_error(error) from None


def parse_body(raw: bytes, example: str) -> dict[str, Any]:
    """A body as a JSON object, else a 400 showing ``example``."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        raise GameApiError(400, "bad_request", "games.error.body_json", example=example)
    return data


def int_field(data: dict[str, Any], name: str, example: str, default: int | None = None,
              low: int = 0, high: int = 10**9) -> int:
    if name not in data:
        if default is not None:
            return default
        raise GameApiError(400, "bad_request", "games.error.field_missing", name=name, example=example)
    value = data[name]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise bad_field(name, f"a whole number from {low} to {high}")
    return value


def dice_field(data: dict[str, Any]) -> list[int] | None:
    """``dice``: the values rolled at a real table, in the order the rules draw them (or absent)."""
    value = data.get("dice")
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) > 200
            or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 100 for v in value)):
        raise bad_field("dice", "a list of at most 200 die values from 1 to 100, such as [6, 3]")
    return value


def token_of(conn: HTTPConnection) -> str | None:
    """``Authorization: Bearer TOKEN``, else ``?token=`` (links and WebSocket clients)."""
    return token_from(conn.headers.get("authorization", ""), conn.query_params.get("token", ""))


def token_from(authorization: str, query_token: str) -> str | None:
    """:func:`token_of` from the header's and the query's text (the thin path has no request object).

    >>> token_from("Bearer  abc ", "xyz"), token_from("Basic abc", " xyz "), token_from("", "")
    ('abc', 'xyz', None)
    """
    scheme, _, value = authorization.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()[:200]
    return query_token.strip()[:200] or None


def lang_of(conn: HTTPConnection, default: str) -> str:
    return lang_from(conn.query_params.get("lang", ""), default)


def lang_from(asked: str, default: str) -> str:
    """The language a client asked for (``?lang=``), else ``default``; a 400 for one the project lacks."""
    from meikyu.i18n import LANGS

    asked = asked.strip().lower()
    if not asked:
        return default if default in LANGS else "en"
    if asked not in LANGS:
        raise GameApiError(400, "bad_request", "api.error.lang", value=asked[:40], langs=", ".join(LANGS))
    return asked


_T = TypeVar("_T")
_WORKERS: list[ThreadPoolExecutor] = []
WORKER_THREADS = 40
"""Threads the games' store calls run in (what Starlette's thread pool allows too)."""


async def in_worker(work: Callable[..., _T], *args: Any) -> _T:
    """``work(*args)`` in a worker thread (store calls block). The event loop's own executor hop: about a
    quarter of the CPU of Starlette's ``run_in_threadpool`` with 16 requests in flight."""
    if not _WORKERS:
        _WORKERS.append(ThreadPoolExecutor(WORKER_THREADS, thread_name_prefix="meikyu-games"))
    return await asyncio.get_running_loop().run_in_executor(_WORKERS[0], work, *args)


class RateLimiter:
    """A token bucket per key: ``burst`` requests at once, then ``rate`` per second."""

    def __init__(self, rate: float, burst: int, keys: int = 100_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait_for(self, key: str, now: float) -> float:
        """Take one request; 0 when allowed, else the seconds until one would be."""
        with self._lock:
            level, last = self._buckets.pop(key, (self.burst, now))
            level = min(self.burst, level + (now - last) * self.rate)
            wait = 0.0 if level >= 1 else (1 - level) / self.rate
            self._buckets[key] = (level - 1 if wait == 0 else level, now)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
            return wait

    def waiting(self, key: str, now: float) -> float:
        """The seconds until ``key`` may make a request (0: now), taking nothing."""
        with self._lock:
            level, last = self._buckets.get(key, (self.burst, now))
            level = min(self.burst, level + (now - last) * self.rate)
            return 0.0 if level >= 1 else (1 - level) / self.rate

    def check(self, key: str, message: str = "games.error.rate") -> None:
        import time

        wait = self.wait_for(key, time.monotonic())
        if wait:
            raise too_many(wait, message)


def too_many(wait: float, message: str = "games.error.rate") -> GameApiError:
    """A 429 telling the client to come back in ``wait`` seconds (at least 1)."""
    import math

    seconds = max(1, math.ceil(wait))
    return GameApiError(429, "rate_limited", message, headers={"retry-after": str(seconds)}, seconds=seconds)


def error_lang(asked: str) -> str:
    """The language an error is told in: the one asked for when the project has it, else English (as
    ``meikyu.api.app`` reads ``request.state.lang``)."""
    from meikyu.i18n import LANGS

    return asked if asked in LANGS else "en"


class GameCall:
    """One request to a game, as the shared work sees it: the game, the token, the query, and the language
    its errors are told in (the asked one, then the game's once known). Both the general routes and the
    thin ASGI path (:mod:`meikyu.api.games_fast`) make one, so both run the very same work. The token's
    seat is looked up (:meth:`Games.seat`, a store read) in the same worker-thread trip as the request's
    work, so each request makes one trip."""

    __slots__ = ("games", "game_id", "token", "query", "lang", "on_bad_token")

    def __init__(self, games: Any, game_id: str, token: str | None, query: Mapping[str, str],
                 on_bad_token: Callable[[], None] | None = None) -> None:
        self.games, self.game_id, self.token, self.query = games, game_id[:64], token, query
        self.lang = query.get("lang", "").strip().lower()
        self.on_bad_token = on_bad_token

    def seat(self) -> str:
        try:
            return str(self.games.seat(self.game_id, self.token))
        except Unauthorized:
            if self.on_bad_token is not None:
                self.on_bad_token()  # counted against the client's address, not only this token
            raise

    def lang_for(self, game: Any) -> str:
        """The answer's language: ``?lang=`` or the game's (a 400 for an unknown one); errors from now on
        are told in it too."""
        self.lang = lang_from(self.query.get("lang", ""), game.settings.get("lang", "en"))
        return self.lang

    def error_lang(self) -> str:
        return error_lang(self.lang)
