"""The games' hot routes answered straight from ASGI: ``GET /api/games/{id}`` and ``POST …/{id}/actions``.

Every action a table takes and every page load comes here, and Starlette's middleware, router and request
objects cost about as much CPU again as the work behind them. :class:`ThinGames` reads what the general
routes read (the id in the path, the token, the query, the body, bounded by the same
:func:`~meikyu.api.games_http.body_of`), runs the very same work (:meth:`GamesApp.begin`, then
:meth:`GamesApp.show_json` or :meth:`GamesApp.act_json` in a worker thread) and answers with the same
response objects: a 200 as :mod:`meikyu.api.games`' handlers build it, every error through
:func:`~meikyu.api.responses.error_response`. So there is one copy of the route logic; this module only
replaces the framework's plumbing. Any other route or method returns ``False``, and the general route
answers it; an unexpected exception propagates to the app's error middleware, as from a route
(``tests/api/test_games_fast.py`` sends the same requests both ways and compares every byte).
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from urllib.parse import parse_qsl

from starlette.requests import ClientDisconnect
from starlette.types import Receive, Scope, Send

from meikyu.api.errors import ApiError
from meikyu.api.games import GamesApp, json_answer, timed
from meikyu.api.games_http import GameCall, body_of, error_lang, token_from
from meikyu.api.responses import error_response

ROUTE = re.compile(r"/api/games/([^/]+)(/actions)?")
"""The two routes, ``{id}`` matched as Starlette's router matches it (one non-empty path segment)."""


def _header(scope: Scope, name: bytes) -> str | None:
    """The first header called ``name`` (lower case, as servers hand them over), as Starlette reads it."""
    for key, value in scope["headers"]:
        if key == name:
            return str(value.decode("latin-1"))
    return None


async def _chunks(receive: Receive) -> AsyncIterator[bytes]:
    """The body's chunks as ``Request.stream`` gives them (``ClientDisconnect`` when the client left)."""
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect()
        if message["type"] == "http.request":
            body = message.get("body", b"")
            if body:
                yield body
            if not message.get("more_body", False):
                return


class ThinGames:
    """The two routes of one app's :class:`GamesApp`, without the framework."""

    def __init__(self, games: GamesApp) -> None:
        self.games = games

    async def answer(self, scope: Scope, receive: Receive, send: Send) -> bool:
        """Answer the request and return True, or return False to leave it to the general route."""
        found = ROUTE.fullmatch(scope["path"])
        if found is None:
            return False
        acting = found.group(2) is not None
        if scope["method"] != ("POST" if acting else "GET"):
            return False  # HEAD, and the 405s, are the router's
        start = time.perf_counter()
        # Read as the general route reads it (Starlette's QueryParams): latin-1 text, the last value wins.
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        app = self.games
        call: GameCall | None = None
        try:
            token = token_from(_header(scope, b"authorization") or "", query.get("token", ""))
            client = scope.get("client")
            call = app.begin(found.group(1), token, query, client[0] if client else "")
            if acting:
                raw = await body_of(_header(scope, b"content-length"), _chunks(receive),
                                    app.config.max_body_bytes, app.config.body_timeout)
                body = await app.work(app.act_json, call, raw)
            else:
                body = await app.work(app.show_json, call)
        except ApiError as error:
            lang = call.error_lang() if call is not None else error_lang(query.get("lang", ""))
            await error_response(error, lang)(scope, receive, send)  # games errors always carry their message
            return True
        await timed(json_answer(body), start)(scope, receive, send)
        return True
