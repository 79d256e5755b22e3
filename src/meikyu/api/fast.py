"""The hot path: ``GET /v2/game_system/{id}/roll`` answered straight from ASGI.

Bots send the same few requests over and over (``command=2MK+3>=9`` from a dozen players), so the
parameter work (query parsing, system look-up, language, dice list, checks) is done once per distinct
path and query string and remembered; per request only the dice are rolled and the answer encoded.
The body is written by hand from pre-encoded pieces and is byte for byte what the general route sends
(a test compares them). Anything unusual (an error, a query never seen, a text that needs escaping)
is not handled here: :meth:`FastRoll.answer` returns ``False`` and the general route answers it, with
its error handling, so behaviour never depends on which path served a request.

>>> fast = FastRoll(max_fields=64)
>>> body = fast.body("/v2/game_system/MeikyuKingdom/roll", b"command=2MK%2B3%3E%3D9&dice=6,3")
>>> json.loads(body)["text"]
'(2R6+3>=9) ＞ 9[3,6]+3 ＞ 12 ＞ 成功 (もしくは) 6 ＞ 失敗 ＆ 《気力》1点獲得'
>>> fast.body("/v2/game_system/Nope/roll", b"command=2D6") is None
True
"""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl

from meikyu.api.errors import ApiError
from meikyu.api.params import check_text
from meikyu.api.v2 import RollPlan, prepare_roll, roll_once
from meikyu.memo import ByteCache

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from starlette.types import Send

    from meikyu.dice.result import RollResult

PREFIX = "/v2/game_system/"
SUFFIX = "/roll"
PLAN_CACHE_BYTES = 4 << 20
"""Bytes of remembered (path, query) plans; the cache starts over when full (a flood of distinct
queries costs what it would without the cache, no more)."""
PLAN_BYTES = 1024
"""Estimated size of one plan besides its path and query."""
BODY_CACHE_BYTES = 2 << 20
"""Bytes of encoded answers kept for results the engine hands out again (a 2MK check has 36 of them)."""
HEAVY_DICE = 100
"""A request whose parse tree may draw more dice than this is heavy: heavy requests are evaluated in
one worker process, one at a time, while the event loop goes on answering light ones; a crowd of
heavy requests waits its turn there and cannot starve anybody else."""
BODY_MAX = 2048
"""Answers longer than this are not kept: only small checks' results come back (memoized) to reuse them."""

_TRUE_FALSE = (b"false", b"true")
_RANDS: dict[tuple[int, int], bytes] = {}
_encode_text = json.JSONEncoder(ensure_ascii=False).encode
_HEADERS = [(b"content-type", b"application/json"), (b"access-control-allow-origin", b"*")]


def _rand(pair: tuple[int, int]) -> bytes:
    known = _RANDS.get(pair)
    if known is None:
        known = b'{"kind":"normal","sides":%d,"value":%d}' % pair
        if len(_RANDS) < 4096:  # d6 faces and a few others: bounded, whatever the traffic
            _RANDS[pair] = known
    return known


def _ints(values: tuple[int, ...]) -> bytes:
    return b"[" + ",".join(map(str, values)).encode() + b"]"


def _opt(value: int | None) -> bytes:
    return b"null" if value is None else str(value).encode()


def encode_roll(result: RollResult, text: str, extras: bool = False) -> bytes:
    """The JSON of :func:`meikyu.api.v2.roll_json` (compact, UTF-8), without building the dict.

    Raises ``UnicodeEncodeError`` for text that is not UTF-8, which the general route escapes instead.
    """
    rands = result.rands
    head = (
        b'{"ok":true,"text":', _encode_text(text).encode("utf-8"),
        b',"secret":', _TRUE_FALSE[bool(result.secret)],
        b',"success":', _TRUE_FALSE[bool(result.success)],
        b',"failure":', _TRUE_FALSE[bool(result.failure)],
        b',"critical":', _TRUE_FALSE[bool(result.critical)],
        b',"fumble":', _TRUE_FALSE[bool(result.fumble)],
        b',"rands":[', b",".join([_rand(r) for r in rands]),
    )
    if not extras:
        return b"".join((*head, b"]}"))
    return b"".join((
        *head,
        b'],"command":', _encode_text(result.node.source).encode("utf-8"),
        b',"total":', _opt(result.total),
        b',"dice":', _ints(tuple([v for _, v in rands])),
        b',"kept":', _ints(result.kept),
        b',"drive":', str(result.drive).encode(),
        b',"achievement":', _opt(result.achievement),
        b"}",
    ))


def _dice_bound(plan: RollPlan) -> int:
    """Most dice the request's parse tree may draw (its cost, known before anything is rolled)."""
    from meikyu.dice.command import parse
    from meikyu.errors import MeikyuError
    from meikyu.systems import find

    try:
        return int(parse(plan.command, find(plan.system).commands()).node.max_dice)
    except MeikyuError:
        return 0


_POOL: list[Executor] = []


def _heavy_pool() -> Executor:
    """The one worker process heavy rolls run in (started on the first heavy request)."""
    if not _POOL:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        _POOL.append(ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")))
    return _POOL[0]


def _heavy_body(plan: RollPlan) -> bytes | None:
    """A heavy roll's answer, computed in the worker process (``None``: the general route answers)."""
    try:
        result = roll_once(plan)
        return encode_roll(result, result.render(plan.fmt, lang=plan.lang), plan.extras)
    except (ApiError, UnicodeEncodeError):
        return None


class FastRoll:
    """Plans remembered per (path, query) and the direct answer for the roll route."""

    def __init__(self, max_fields: int) -> None:
        self.max_fields = max_fields
        self.plans: ByteCache[tuple[str, bytes], tuple[RollPlan, bool]] = ByteCache(PLAN_CACHE_BYTES)
        # Small checks return remembered result objects (MKCheck's memo), so their bodies are kept too:
        # (id, format, language) -> (the result itself, which keeps the id from being reused; body).
        self.bodies: ByteCache[tuple[int, str, str, bool], tuple[RollResult, bytes]] = ByteCache(BODY_CACHE_BYTES)

    def plan(self, path: str, query: bytes) -> tuple[RollPlan, bool] | None:
        """The checked request and whether it is heavy (see :data:`HEAVY_DICE`), or ``None``."""
        key = (path, query)
        known = self.plans.get(key)
        if known is not None:
            return known
        system_id = path[len(PREFIX):-len(SUFFIX)]
        if not system_id or "/" in system_id:
            return None
        # Read as the general route reads it (Starlette's QueryParams): latin-1 text, %-escapes as UTF-8.
        pairs = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
        params = dict(pairs)
        if len(params) > self.max_fields:
            return None
        try:
            check_text(params)
            plan = prepare_roll(system_id, params)
        except ApiError:
            return None  # the general route explains the error
        entry = (plan, _dice_bound(plan) > HEAVY_DICE)
        self.plans.put(key, entry, PLAN_BYTES + len(path) + len(query))
        return entry

    def body(self, path: str, query: bytes) -> bytes | None:
        """The answer's body, or ``None`` when the general route should answer."""
        entry = self.plan(path, query)
        return None if entry is None else self._body(entry[0])

    def _body(self, plan: RollPlan) -> bytes | None:
        try:
            result = roll_once(plan)
            key = (id(result), plan.fmt, plan.lang, plan.extras)
            known = self.bodies.get(key)
            if known is not None and known[0] is result:
                return known[1]
            body = encode_roll(result, result.render(plan.fmt, lang=plan.lang), plan.extras)
        except (ApiError, UnicodeEncodeError):
            return None
        if len(body) <= BODY_MAX:
            self.bodies.put(key, (result, body), 200 + len(body))
        return body

    async def answer(self, path: str, query: bytes, send: Send) -> bool:
        """Send the answer and return True, or return False to leave the request to the general route."""
        entry = self.plan(path, query)
        if entry is None:
            return False
        plan, heavy = entry
        if heavy:
            body = await asyncio.get_running_loop().run_in_executor(_heavy_pool(), _heavy_body, plan)
        else:
            body = self._body(plan)
        if body is None:
            return False
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-length", b"%d" % len(body)), *_HEADERS]})
        await send({"type": "http.response.body", "body": body})
        return True
