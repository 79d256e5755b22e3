"""The ASGI application: routes, the guard in front of them, and JSON errors for everything.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> r = client.get("/v2/nowhere")
>>> r.status_code, r.json()["reason"], r.headers["access-control-allow-origin"]
(404, 'not found', '*')
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meikyu.api import cards, sheets, v2
from meikyu.api.config import ApiConfig
from meikyu.api.errors import NOT_FOUND, ApiError
from meikyu.api.fast import PREFIX, SUFFIX, FastRoll
from meikyu.api.games import GamesApp
from meikyu.api.games_fast import ThinGames
from meikyu.api.games_http import RateLimiter, http_error
from meikyu.api.openapi import docs_html, document
from meikyu.api.params import extras_param, gather
from meikyu.api.responses import JSONBody, error_response
from meikyu.web import routes as web_routes

log = logging.getLogger("meikyu.api")

_CORS = [(b"access-control-allow-origin", b"*")]
_SLASHES = re.compile("/{2,}")
_PREFLIGHT = [
    (b"access-control-allow-origin", b"*"),
    (b"access-control-allow-methods", b"GET, POST, OPTIONS"),
    (b"access-control-allow-headers", b"Content-Type, Authorization"),
    (b"access-control-max-age", b"86400"),
    (b"content-length", b"0"),
]


def _error_lang(request: Request) -> str:
    from meikyu.i18n import LANGS

    lang = getattr(request.state, "lang", None) or request.query_params.get("lang", "").strip().lower()
    return lang if lang in LANGS else "en"


def _error_extras(request: Request) -> bool:
    extras = getattr(request.state, "extras", None)
    return extras if extras is not None else extras_param(request.query_params)


class Guard:
    """Pure ASGI middleware: CORS on every answer, preflight, and a bound on the query string; the hot
    routes answered without the framework (the roll GET, ``thin`` a game's GET and actions) when given."""

    def __init__(self, app: ASGIApp, config: ApiConfig, thin: ThinGames | None = None) -> None:
        self.app = app
        self.max_query = config.max_query_bytes
        self.fast = FastRoll(config.max_fields)
        self.thin = thin
        # /v2 per client address (meikyu.api.limits); 0 turns it off (behind a proxy every client is one)
        self.v2 = RateLimiter(config.v2_rate, config.v2_burst) if config.v2_rate > 0 else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope["method"] == "OPTIONS":
            await send({"type": "http.response.start", "status": 204, "headers": _PREFLIGHT})
            await send({"type": "http.response.body", "body": b""})
            return

        async def send_with_cors(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_CORS]
            await send(message)

        if len(scope.get("query_string", b"")) > self.max_query:
            error = ApiError(414, "request too large", "api.error.query_too_long", limit=self.max_query)
            if scope["path"].startswith("/api/"):
                error = http_error(error)
            await error_response(error, "en")(scope, receive, send_with_cors)
            return
        path: str = scope["path"]
        if self.v2 is not None and path.startswith("/v2/"):
            client = scope.get("client")
            wait = self.v2.wait_for(client[0] if client else "", time.monotonic())
            if wait:
                seconds = max(1, math.ceil(wait))
                error = ApiError(429, "too many requests", "api.error.rate", headers={"retry-after": str(seconds)},
                                 seconds=seconds)
                await error_response(error, "en")(scope, receive, send_with_cors)
                return
        if "//" in path:  # bcdice-api answers /v2//game_system (a client URL ending in a slash)
            path = _SLASHES.sub("/", path)
            scope = {**scope, "path": path, "raw_path": path.encode()}
        # The roll GET, by far the most requested, skips routing and request objects (meikyu.api.fast).
        if (scope["method"] == "GET" and path.startswith(PREFIX) and path.endswith(SUFFIX)
                and await self.fast.answer(path, scope.get("query_string", b""), send)):
            return
        # A game's GET and actions, every table's every step, skip them too (meikyu.api.games_fast).
        if self.thin is not None and path.startswith("/api/games/") and await self.thin.answer(
                scope, receive, send_with_cors):
            return
        await self.app(scope, receive, send_with_cors)


def create_app(config: ApiConfig | None = None, thin: bool = True) -> Starlette:
    """Build the server's ASGI app (``config`` defaults to :meth:`ApiConfig.from_env` of ``os.environ``).
    ``thin=False`` leaves every games request to the general routes (tests compare the two paths)."""
    import os

    cfg = config if config is not None else ApiConfig.from_env(os.environ)

    async def params_of(request: Request, with_body: bool) -> dict[str, str]:
        params = await gather(request, cfg.max_body_bytes, cfg.max_fields, cfg.body_timeout, with_body)
        lang = params.get("lang", "").strip().lower()
        request.state.lang = lang
        request.state.extras = extras_param(params)
        return params

    def endpoint(
        build: Callable[[Request, dict[str, str]], dict[str, Any]], with_body: bool = False
    ) -> Callable[[Request], Awaitable[Response]]:
        # The work is microseconds of CPU, so it runs on the event loop, not in a thread.
        async def handle(request: Request) -> Response:
            params = await params_of(request, with_body or request.method == "POST")
            return JSONBody(build(request, params))

        return handle

    games = GamesApp(cfg, JSONBody)
    # Starlette tries routes in order: the roll, by far the most requested, goes first.
    routes = [
        Route("/v2/game_system/{id}/roll", endpoint(lambda r, p: v2.roll(r.path_params["id"], p)),
              methods=["GET", "POST"]),
        Route("/v2/version", endpoint(lambda r, p: v2.version(p)), methods=["GET"]),
        Route("/v2/admin", endpoint(lambda r, p: v2.admin(cfg)), methods=["GET"]),
        Route("/v2/game_system", endpoint(lambda r, p: v2.game_systems(p)), methods=["GET"]),
        Route("/v2/game_system/{id}", endpoint(lambda r, p: v2.game_system(r.path_params["id"], p)), methods=["GET"]),
        Route("/v2/original_table", endpoint(lambda r, p: v2.original_table(p), with_body=True), methods=["POST"]),
        Route("/openapi.json", endpoint(lambda r, p: document()), methods=["GET"]),
        Route("/docs", _docs, methods=["GET"]),
        *games.routes(),
        *sheets.routes(cfg),  # the sheet editor's checks, template, schema, exports and imports
        *cards.routes(cfg),  # the Liberator card maker's checks, choices, schema and exports
        *web_routes(),  # the web table: / (home), /play/{id}, /web/…
    ]

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(exc, _error_lang(request), _error_extras(request))

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        if exc.status_code == 405:
            error = ApiError(405, "method not allowed", "api.error.method", headers=dict(exc.headers or {}),
                             method=request.method[:20])
        elif exc.status_code == 404:
            error = ApiError(404, NOT_FOUND, "api.error.not_found", path=request.url.path[:200])
        else:
            error = ApiError(exc.status_code, "bad request", "api.error.bad_request")
        if request.url.path.startswith("/api/"):
            error = http_error(error)
        return error_response(error, _error_lang(request), _error_extras(request))

    async def on_crash(request: Request, exc: Exception) -> Response:
        # A bug, not bad input: the fuzzing tests exist to keep this path unreachable.
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        error = ApiError(500, "internal error", "api.error.internal")
        return JSONBody(error.body(_error_lang(request)), status_code=500, headers={"access-control-allow-origin": "*"})

    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: on_api_error, HTTPException: on_http_error, Exception: on_crash},
    )
    # bcdice-api answers /v2/version/ with 404; a redirect would also point at http:// behind a TLS proxy.
    app.router.redirect_slashes = False
    app.add_middleware(Guard, config=cfg, thin=ThinGames(games) if thin else None)
    app.state.games = games
    return app


async def _docs(request: Request) -> Response:
    return HTMLResponse(docs_html())
