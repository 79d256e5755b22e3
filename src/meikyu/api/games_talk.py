"""``/api/games/{id}/messages``: talk and free rolls at a shared game's table.

- ``POST /api/games/{id}/messages`` ``{"text", "to"?: [seats], "speaker"?, "channel"?: "main"|"ooc",
  "dice"?: [values]}`` → ``{"ok", "version", "entry"}`` (the entry as the poster reads it). A text that starts
  with a dice command of the game's system is rolled (``S`` first: a secret roll).
- ``POST /api/games/{id}/messages/{n}/reveal`` (the roller or the GM) → the same shape, for the reveal entry
- ``POST /api/games/{id}/messages/{n}/hide`` (GM) → the same shape, for the removal entry
- ``GET /api/games/{id}/palette`` → the seat's chat palette ``{lines: [{text, sends}], edited, variables}``;
  ``PUT`` with ``{"lines": [...]}`` keeps an edited one with the game (``[]``: back to the one made from the
  character). A message's ``{variables}`` are read from the seat's character when it is posted.

Every seat gets the entry through its live socket and ``/events`` as :mod:`meikyu.table.talk` filters it.
Each seat may post ``talk_burst`` messages at once (5), then ``talk_per_minute`` a minute (60;
``MEIKYU_TALK_RATE``): beyond, a 429 that says when to try again. Reveals and removals count too; a message
refused as written does not.
"""

from __future__ import annotations

import math
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import GameApiError, GameCall, RateLimiter, dice_field, parse_body, raw_body

_T = TypeVar("_T")


class TalkHost(Protocol):
    """What the talk routes use of :class:`~meikyu.api.games.GamesApp` (which builds them): its settings,
    its games, and its way of running and answering a request."""

    config: ApiConfig
    respond: Callable[..., Response]

    @property
    def games(self) -> Any: ...

    def _handler(self, work: Callable[..., Awaitable[Response]], auth: bool = True
                 ) -> Callable[[Request], Awaitable[Response]]: ...

    async def work(self, work: Callable[..., _T], *args: Any) -> _T: ...

MESSAGE_EXAMPLE = '{"text": "Hello!", "to": ["gm"], "channel": "main"}'
PALETTE_EXAMPLE = '{"lines": ["2MK+{wit}>=9 haggling", "KDT"]}'


class TalkRoutes:
    """The talk routes of one :class:`~meikyu.api.games.GamesApp`."""

    def __init__(self, app: TalkHost) -> None:
        self.app = app
        config = app.config
        self.per_minute, self.burst = round(config.talk_per_minute), config.talk_burst
        self.limiter = RateLimiter(config.talk_per_minute / 60, config.talk_burst)

    def routes(self) -> list[BaseRoute]:
        h = self.app._handler
        return [
            Route("/api/games/{id}/messages", h(self.post), methods=["POST"]),
            Route("/api/games/{id}/messages/{n}/reveal", h(self.reveal), methods=["POST"]),
            Route("/api/games/{id}/messages/{n}/hide", h(self.hide), methods=["POST"]),
            Route("/api/games/{id}/palette", h(self.palette), methods=["GET"]),
            Route("/api/games/{id}/palette", h(self.set_palette), methods=["PUT"]),
        ]

    def check_rate(self, call: GameCall, seat: str) -> None:
        wait = self.limiter.wait_for(f"{call.game_id} {seat}", time.monotonic())
        if wait:
            seconds = max(1, math.ceil(wait))
            raise GameApiError(429, "rate_limited", "games.error.talk_rate", headers={"retry-after": str(seconds)},
                               seconds=seconds, burst=self.burst, per_minute=self.per_minute)

    def answer(self, call: GameCall, seat: str, version: int) -> dict[str, Any]:
        games = self.app.games
        game = games.loaded(call.game_id)
        lang = call.lang_for(game)
        return {"ok": True, "version": version, "entry": games.log_entry(game, version, seat, lang)}

    async def post(self, request: Request, call: GameCall) -> Response:
        raw = await raw_body(request, self.app.config.max_body_bytes, self.app.config.body_timeout)

        def work() -> dict[str, Any]:
            seat = call.seat()
            data = parse_body(raw, MESSAGE_EXAMPLE)
            if "text" not in data:
                raise GameApiError(400, "bad_request", "games.error.field_missing", name="text",
                                   example=MESSAGE_EXAMPLE)
            dice = dice_field(data)
            call.lang_for(self.app.games.loaded(call.game_id))
            version = self.app.games.post_message(call.game_id, seat, data["text"], to=data.get("to"),
                                                  speaker=data.get("speaker"), channel=data.get("channel"),
                                                  dice=dice, admit=lambda: self.check_rate(call, seat))
            return self.answer(call, seat, version)

        return self.app.respond(await self.app.work(work), status_code=201)

    def _number(self, request: Request) -> int:
        text = request.path_params["n"]
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise GameApiError(400, "bad_request", "games.error.message_number", value=text[:20])
        return int(text)

    async def reveal(self, request: Request, call: GameCall) -> Response:
        of = self._number(request)

        def work() -> dict[str, Any]:
            seat = call.seat()
            call.lang_for(self.app.games.loaded(call.game_id))
            self.check_rate(call, seat)
            return self.answer(call, seat, self.app.games.reveal(call.game_id, seat, of))

        return self.app.respond(await self.app.work(work))

    async def hide(self, request: Request, call: GameCall) -> Response:
        of = self._number(request)

        def work() -> dict[str, Any]:
            seat = call.seat()
            call.lang_for(self.app.games.loaded(call.game_id))
            self.check_rate(call, seat)
            return self.answer(call, seat, self.app.games.hide(call.game_id, seat, of))

        return self.app.respond(await self.app.work(work))

    async def palette(self, request: Request, call: GameCall) -> Response:
        def work() -> dict[str, Any]:
            seat = call.seat()
            lang = call.lang_for(self.app.games.load(call.game_id))
            return {"ok": True, **self.app.games.palette(call.game_id, seat, lang)}

        return self.app.respond(await self.app.work(work))

    async def set_palette(self, request: Request, call: GameCall) -> Response:
        raw = await raw_body(request, self.app.config.max_body_bytes, self.app.config.body_timeout)

        def work() -> dict[str, Any]:
            seat = call.seat()
            data = parse_body(raw, PALETTE_EXAMPLE)
            lang = call.lang_for(self.app.games.loaded(call.game_id))
            self.check_rate(call, seat)
            self.app.games.set_palette(call.game_id, seat, data.get("lines"))
            return {"ok": True, **self.app.games.palette(call.game_id, seat, lang)}

        return self.app.respond(await self.app.work(work))
