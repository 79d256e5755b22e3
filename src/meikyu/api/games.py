"""``/api/games``: shared games on the server, played through seats with secret tokens.

The routes (documented with examples in :mod:`meikyu.api.openapi`):

- ``POST /api/games`` ``{"system", "kind", "setup", "lang"?, "manual_dice"?}`` → ``{id, version, seats}``
- ``GET /api/games/{id}`` → the game as the token's seat sees it
- ``POST /api/games/{id}/actions`` ``{"action", "version", "dice"?}`` → the game after it
- ``POST /api/games/{id}/undo`` ``{"version", "steps"?}`` (GM) → the game after it
- ``POST /api/games/{id}/seats/{seat}/token`` (GM) → ``{seat, token, url}``
- ``GET /api/games/{id}/events?after=N`` → the log entries after version N
- ``GET /api/games/{id}/export?format=text|markdown|bbcode&lang=…`` → the log as text
- ``WS /api/games/{id}/live?token=…&lang=…&after=N`` → one log entry per new version, the newest also
  carrying ``answer`` (the seat's game as a GET gives it, but the log); closed (4401) when the token is replaced
- ``GET /api/kinds`` → the (system, kind) pairs a game can be

Store calls block, so every handler runs the service in a worker thread: one trip per request (the token's
seat, the body's checks, the work and the answer).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import (
    GameApiError,
    RateLimiter,
    bad_field,
    dice_field,
    from_core,
    int_field,
    json_body,
    lang_of,
    parse_body,
    raw_body,
    token_of,
)
from meikyu.api.games_live import Hub, live
from meikyu.errors import MeikyuError
from meikyu.store.tokens import hash_token, seat_url

CREATE_EXAMPLE = '{"system": "ShinGamebook", "kind": "reading", "setup": "sample", "lang": "en"}'
ACTION_EXAMPLE = '{"action": {"@type": "RollCreation"}, "version": 0}'
UNDO_EXAMPLE = '{"version": 7, "steps": 2}'
MAX_EVENTS = 500
"""Most log entries one ``/events`` answer carries (``more`` says when there are others)."""


class Key:
    """A request's game and token: the seat it opens is looked up (:meth:`Games.seat`, a store read) in the
    same worker-thread trip as the request's work, so each request makes one trip."""

    __slots__ = ("games", "game_id", "token")

    def __init__(self, games: Any, game_id: str, token: str | None) -> None:
        self.games, self.game_id, self.token = games, game_id, token

    def seat(self) -> str:
        return str(self.games.seat(self.game_id, self.token))


class GamesApp:
    """The games routes of one server process, opening the store on first use."""

    def __init__(self, config: ApiConfig, json_response: Callable[..., Response]) -> None:
        self.config = config
        self.respond = json_response
        self.hub = Hub(lambda game_id: self.games.store.token_hashes(game_id))
        self.limiter = RateLimiter(config.games_rate, config.games_burst)
        self.create_limiter = RateLimiter(config.games_create_rate, config.games_create_burst)
        self._games: Any = None
        self._lock = threading.Lock()

    @property
    def games(self) -> Any:
        if self._games is None:
            with self._lock:
                if self._games is None:
                    from meikyu.store import open_store
                    from meikyu.store.service import Games

                    store = open_store(self.config.store_url or None, self.config.data_dir)
                    games = Games(store)
                    games.on_append(self.hub.notify_threadsafe)
                    store.listen(self.hub.notify_threadsafe)
                    self._games = games
        return self._games

    def routes(self) -> list[BaseRoute]:
        h = self._handler
        return [
            Route("/api/kinds", h(self.kinds_list, auth=False), methods=["GET"]),
            Route("/api/games", h(self.create, auth=False), methods=["POST"]),
            Route("/api/games/{id}", h(self.show), methods=["GET"]),
            Route("/api/games/{id}/actions", h(self.act), methods=["POST"]),
            Route("/api/games/{id}/undo", h(self.undo), methods=["POST"]),
            Route("/api/games/{id}/seats/{seat}/token", h(self.new_token), methods=["POST"]),
            Route("/api/games/{id}/events", h(self.events), methods=["GET"]),
            Route("/api/games/{id}/export", h(self.export), methods=["GET"]),
            WebSocketRoute("/api/games/{id}/live", self.live),
        ]

    def _handler(self, work: Callable[..., Awaitable[Response]], auth: bool = True
                 ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            start = time.perf_counter()
            request.state.lang = request.query_params.get("lang", "").strip().lower()
            try:
                if not auth:
                    response = await work(request)
                else:
                    game_id = request.path_params["id"][:64]
                    token = token_of(request)
                    self.limiter.check(f"{game_id} {token}")
                    response = await work(request, game_id, Key(self.games, game_id, token))
            except MeikyuError as error:
                raise from_core(error) from None
            # The time spent in the app (thread trip, store, rules, answer), for browsers' network panels
            # and the benchmark, which sets it beside the time its client waited.
            response.headers["server-timing"] = f"app;dur={(time.perf_counter() - start) * 1e3:.2f}"
            return response

        return handle

    def _lang(self, request: Request, game: Any) -> str:
        lang = lang_of(request, game.settings.get("lang", "en"))
        request.state.lang = lang
        return lang

    async def kinds_list(self, request: Request) -> Response:
        from meikyu.table import registry

        return self.respond({"ok": True, "kinds": [{"system": s, "kind": k, "files": registry.setup_files(s, k)}
                                                   for s, k in registry.kinds()]})

    async def create(self, request: Request) -> Response:
        client = request.client.host if request.client else ""
        self.create_limiter.check(client)
        data = await json_body(request, self.config.games_max_setup_bytes, self.config.body_timeout,
                               CREATE_EXAMPLE)
        fields = {}
        for name in ("system", "kind"):
            value = data.get(name)
            if value is None:
                raise GameApiError(400, "bad_request", "games.error.field_missing", name=name,
                                   example=CREATE_EXAMPLE)
            if not isinstance(value, str) or not 0 < len(value) <= 64:
                raise bad_field(name, "text such as \"ShinGamebook\" / \"reading\"")
            fields[name] = value
        setup = data.get("setup", "sample")
        if not isinstance(setup, (str, dict)):
            raise bad_field("setup", "\"sample\" or an object")
        lang = data.get("lang", "ko" if fields["system"] == "MeikyuKingdom" else "ja")
        if lang not in ("ko", "ja", "en"):
            raise bad_field("lang", "one of ko, ja, en")
        request.state.lang = lang
        manual = data.get("manual_dice", False)
        if not isinstance(manual, bool):
            raise bad_field("manual_dice", "true or false")
        from meikyu.store.service import Refused

        try:
            created = await run_in_threadpool(self.games.create, fields["system"], fields["kind"], setup, lang,
                                              manual)
        except Refused as error:
            raise from_core(error) from None
        except MeikyuError as error:  # an unknown system or kind
            raise GameApiError(422, "refused", error.key, error=error) from None
        seats = [{"seat": seat, "token": token, "url": seat_url(created.id, token)} for seat, token in created.seats]
        return self.respond({"ok": True, "id": created.id, "version": created.version, "seats": seats},
                            status_code=201)

    def _answer(self, request: Request, game_id: str, seat: str, read: bool = True) -> Response:
        """The seat's game now, as sent (joined from JSON encoded once per version); runs in a worker.
        ``read=False``: right after this process's own step, which it holds already."""
        game = self.games.load(game_id) if read else self.games.loaded(game_id)
        body = self.games.answer_json(game, seat, self._lang(request, game))
        return Response(body, media_type="application/json")

    async def show(self, request: Request, game_id: str, key: Key) -> Response:
        return await run_in_threadpool(lambda: self._answer(request, game_id, key.seat()))

    async def act(self, request: Request, game_id: str, key: Key) -> Response:
        raw = await raw_body(request, self.config.max_body_bytes, self.config.body_timeout)

        def work() -> Response:  # one trip to a worker thread: the seat, the action, then the answer
            seat = key.seat()
            data = parse_body(raw, ACTION_EXAMPLE)
            if "action" not in data:
                raise GameApiError(400, "bad_request", "games.error.field_missing", name="action",
                                   example=ACTION_EXAMPLE)
            if not isinstance(data["action"], dict):
                raise bad_field("action", "an object: one of legal_actions[].action as given")
            version = int_field(data, "version", ACTION_EXAMPLE)
            dice = dice_field(data)
            lang = self._lang(request, self.games.loaded(game_id))
            self.games.act(game_id, seat, data["action"], version, dice, lang=lang)
            return self._answer(request, game_id, seat, read=False)

        return await run_in_threadpool(work)

    async def undo(self, request: Request, game_id: str, key: Key) -> Response:
        raw = await raw_body(request, self.config.max_body_bytes, self.config.body_timeout)

        def work() -> Response:
            seat = key.seat()
            data = parse_body(raw, UNDO_EXAMPLE)
            version = int_field(data, "version", UNDO_EXAMPLE)
            steps = int_field(data, "steps", UNDO_EXAMPLE, default=1, low=1)
            self.games.undo(game_id, seat, version, steps, lang=self._lang(request, self.games.loaded(game_id)))
            return self._answer(request, game_id, seat, read=False)

        return await run_in_threadpool(work)

    async def new_token(self, request: Request, game_id: str, key: Key) -> Response:
        target = request.path_params["seat"][:64]
        token = await run_in_threadpool(lambda: self.games.replace_token(game_id, key.seat(), target))
        return self.respond({"ok": True, "seat": target, "token": token, "url": seat_url(game_id, token)})

    async def events(self, request: Request, game_id: str, key: Key) -> Response:
        text = request.query_params.get("after", "0").strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise GameApiError(400, "bad_request", "games.error.after")
        after = int(text)

        def build() -> dict[str, Any]:
            seat = key.seat()
            game = self.games.load(game_id)
            lang = self._lang(request, game)
            last = min(game.version, after + MAX_EVENTS)
            entries = [self.games.log_entry(game, v, seat, lang) for v in range(after + 1, last + 1)]
            return {"ok": True, "version": game.version, "events": entries, "more": last < game.version}

        return self.respond(await run_in_threadpool(build))

    async def export(self, request: Request, game_id: str, key: Key) -> Response:
        from meikyu.store.export import FORMATS, MEDIA_TYPES, export

        fmt = request.query_params.get("format", "text").strip().lower()

        def build() -> str:
            seat = key.seat()
            if fmt not in FORMATS:
                raise GameApiError(400, "bad_request", "games.error.format", value=fmt[:40])
            return export(self.games, game_id, seat, self._lang(request, self.games.load(game_id)), fmt)

        text = await run_in_threadpool(build)
        return Response(text, media_type=f"{MEDIA_TYPES[fmt]}; charset=utf-8")

    async def live(self, websocket: WebSocket) -> None:
        game_id = websocket.path_params["id"][:64]
        lang = "en"
        try:
            after_text = websocket.query_params.get("after")
            after = None
            if after_text is not None:
                if not after_text.isascii() or not after_text.isdigit() or len(after_text) > 9:
                    raise GameApiError(400, "bad_request", "games.error.after")
                after = int(after_text)
            token = token_of(websocket)
            try:
                seat = await run_in_threadpool(self.games.seat, game_id, token)
                game = await run_in_threadpool(self.games.load, game_id)
            except MeikyuError as error:
                raise from_core(error) from None
            lang = lang_of(websocket, game.settings.get("lang", "en"))
        except GameApiError as error:
            # Accepted only to say why in the caller's terms, then closed with 4000 + the HTTP status.
            await websocket.accept()
            await websocket.send_json(error.body(lang))
            await websocket.close(code=4000 + error.status)
            return
        if not self.games.store.live_across_processes:
            self.hub.start_polling()
        replaced = GameApiError(401, "bad_token", "games.error.token_replaced")
        await live(websocket, self.hub, self.games, game_id, seat, hash_token(token or ""), lang, after,
                   lambda: replaced.body(lang))
