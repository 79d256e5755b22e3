"""``/api/games``: shared games on the server, played through seats with secret tokens.

The routes (documented with examples in :mod:`meikyu.api.openapi`):

- ``POST /api/games`` ``{"system", "kind", "setup", "lang"?, "manual_dice"?}`` → ``{id, version, seats}``
- ``GET /api/games/{id}`` → the game as the token's seat sees it
- ``POST /api/games/{id}/actions`` ``{"action", "version", "dice"?}`` → the game after it
- ``POST /api/games/{id}/undo`` ``{"version", "steps"?}`` (GM) → the game after it
- ``POST /api/games/{id}/settings`` ``{"name": "manual_dice"|"auto", "value": bool}`` (GM) → the game after it
  (:mod:`meikyu.store.settings`: a change every seat reads in the log)
- ``POST /api/games/{id}/seats/{seat}/token`` (GM) → ``{seat, token, url}``
- ``GET /api/games/{id}/seats`` (GM) → every seat with its name, role, link (where kept) and whether connected
- ``POST /api/games/{id}/seats`` ``{"spectator": name}`` (GM) → a spectator seat's ``{seat, token, url}``
- ``GET /api/games/{id}/events?after=N`` → the log entries after version N
- ``POST /api/games/{id}/messages`` and ``…/messages/{n}/reveal|hide``: talk (:mod:`meikyu.api.games_talk`)
- ``GET /api/games/{id}/export?format=text|markdown|bbcode&lang=…`` → the log as text
- ``WS /api/games/{id}/live?token=…&lang=…&after=N`` → one log entry per new version, the newest also
  carrying ``answer`` (the seat's game as a GET gives it, but the log); closed (4401) when the token is replaced
- ``GET /api/games/{id}/sheet`` (GM) → a Meikyuu Kingdom game's kingdom and court as a sheet file
- ``GET /api/games/{id}/cards`` (GM) → the card file a Liberator game was set up with (for the card maker)
- ``GET /api/kinds`` → the (system, kind) pairs a game can be

Store calls block, so every handler runs the service in a worker thread: one trip per request (the token's
seat, the body's checks, the work and the answer). The two hot routes (a game's GET and its actions) are also
answered without the framework by :mod:`meikyu.api.games_fast`, which calls the same work (:meth:`GamesApp.begin`,
:meth:`GamesApp.show_json`, :meth:`GamesApp.act_json`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route, WebSocketRoute
from starlette.websockets import WebSocket

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import (
    STATUS_CODES,
    GameApiError,
    GameCall,
    RateLimiter,
    bad_field,
    dice_field,
    from_core,
    in_worker,
    int_field,
    json_body,
    lang_of,
    parse_body,
    raw_body,
    token_of,
    too_many,
)
from meikyu.api.games_live import Hub, live
from meikyu.api.games_talk import TalkRoutes
from meikyu.api.limits import SocketGate
from meikyu.errors import MeikyuError
from meikyu.store.tokens import hash_token, seat_url

CREATE_EXAMPLE = '{"system": "ShinGamebook", "kind": "reading", "setup": "sample", "lang": "en"}'
ACTION_EXAMPLE = '{"action": {"@type": "RollCreation"}, "version": 0}'
UNDO_EXAMPLE = '{"version": 7, "steps": 2}'
SEAT_EXAMPLE = '{"spectator": "Mina"}'
MAX_EVENTS = 500
"""Most log entries one ``/events`` answer carries (``more`` says when there are others)."""
_T = TypeVar("_T")


def timed(response: Response, start: float) -> Response:
    """``response`` with its ``server-timing`` header: the time spent in the app since ``start`` (thread trip,
    store, rules, answer), for browsers' network panels and the benchmark, which sets it beside the time
    its client waited."""
    response.headers["server-timing"] = f"app;dur={(time.perf_counter() - start) * 1e3:.2f}"
    return response


def json_answer(body: bytes) -> Response:
    """A game's answer as sent (its JSON encoded already)."""
    return Response(body, media_type="application/json")


class GamesApp:
    """The games routes of one server process, opening the store on first use."""

    def __init__(self, config: ApiConfig, json_response: Callable[..., Response]) -> None:
        self.config = config
        self.respond = json_response
        self.hub = Hub(lambda game_id: self.games.store.token_hashes(game_id))
        self.limiter = RateLimiter(config.games_rate, config.games_burst)
        self.create_limiter = RateLimiter(config.games_create_rate, config.games_create_burst)
        self.token_failures = RateLimiter(config.token_failures_rate, config.token_failures_burst)
        self.sockets = SocketGate(config)
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
                    if store.live_across_processes:  # the processes on one database tell each other who is here
                        self.hub.announce = store.announce
                    store.listen(self.hub.notify_threadsafe, self.hub.told_threadsafe)
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
            Route("/api/games/{id}/settings", h(self.change_setting), methods=["POST"]),
            Route("/api/games/{id}/seats/{seat}/token", h(self.new_token), methods=["POST"]),
            Route("/api/games/{id}/seats", h(self.seat_list), methods=["GET"]),
            Route("/api/games/{id}/seats", h(self.add_seat), methods=["POST"]),
            Route("/api/games/{id}/events", h(self.events), methods=["GET"]),
            Route("/api/games/{id}/export", h(self.export), methods=["GET"]),
            Route("/api/games/{id}/sheet", h(self.sheet), methods=["GET"]),
            Route("/api/games/{id}/cards", h(self.deck), methods=["GET"]),
            WebSocketRoute("/api/games/{id}/live", self.live),
            *TalkRoutes(self).routes(),
        ]

    def _handler(self, work: Callable[..., Awaitable[Response]], auth: bool = True
                 ) -> Callable[[Request], Awaitable[Response]]:
        async def handle(request: Request) -> Response:
            start = time.perf_counter()
            request.state.lang = request.query_params.get("lang", "").strip().lower()
            call = None
            try:
                if not auth:
                    response = await work(request)
                else:
                    call = self.begin(request.path_params["id"], token_of(request), request.query_params,
                                      request.client.host if request.client else "")
                    response = await work(request, call)
            except MeikyuError as error:
                raise from_core(error) from None
            finally:
                if call is not None:
                    request.state.lang = call.lang  # what an error is told in
            return timed(response, start)

        return handle

    def begin(self, game_id: str, token: str | None, query: Mapping[str, str], client: str = "") -> GameCall:
        """A request to a game, past its client's wrong-token limit and its token's rate limit (429 beyond
        either); a wrong token found later counts against ``client``."""
        wait = self.token_failures.waiting(client, time.monotonic())
        if wait:
            raise too_many(wait, "games.error.token_failures")
        def bad_token() -> None:
            self.token_failures.wait_for(client, time.monotonic())

        call = GameCall(self.games, game_id, token, query, bad_token)
        self.limiter.check(f"{call.game_id} {token}")
        return call

    async def work(self, work: Callable[..., _T], *args: Any) -> _T:
        """Shared work in a worker thread (store calls block); a store or rules error comes back as the HTTP
        error it deserves."""
        try:
            return await in_worker(work, *args)
        except MeikyuError as error:
            raise from_core(error) from None

    async def kinds_list(self, request: Request) -> Response:
        from meikyu.table import registry

        return self.respond({"ok": True, "kinds": [{"system": s, "kind": k, "files": registry.setup_files(s, k),
                                                    "samples": registry.setup_samples(s, k)}
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
        from meikyu.store.faults import StoreDamaged, StoreUnavailable
        from meikyu.store.refusals import Refused

        try:
            created = await in_worker(self.games.create, fields["system"], fields["kind"], setup, lang, manual)
        except (Refused, StoreUnavailable, StoreDamaged) as error:
            raise from_core(error) from None
        except MeikyuError as error:  # an unknown system or kind
            raise GameApiError(422, "refused", error.key, error=error) from None
        seats = [{"seat": seat, "token": token, "url": seat_url(created.id, token)} for seat, token in created.seats]
        return self.respond({"ok": True, "id": created.id, "version": created.version, "seats": seats},
                            status_code=201)

    def show_json(self, call: GameCall) -> bytes:
        """``GET /api/games/{id}``'s body (runs in a worker)."""
        seat = call.seat()
        game = self.games.load(call.game_id)
        return bytes(self.games.answer_json(game, seat, call.lang_for(game)))

    def act_json(self, call: GameCall, raw: bytes) -> bytes:
        """``POST /api/games/{id}/actions``'s body (runs in a worker): the seat, the action, then the answer
        (from the game this process holds right after its own step)."""
        seat = call.seat()
        data = parse_body(raw, ACTION_EXAMPLE)
        if "action" not in data:
            raise GameApiError(400, "bad_request", "games.error.field_missing", name="action",
                               example=ACTION_EXAMPLE)
        if not isinstance(data["action"], dict):
            raise bad_field("action", "an object: one of legal_actions[].action as given")
        version = int_field(data, "version", ACTION_EXAMPLE)
        dice = dice_field(data)
        note = data.get("note")
        if note is not None:  # the GM's reason for a ruling, kept in the log right after it
            from meikyu.store.refusals import Forbidden
            from meikyu.table.talk import clean_text

            if seat != "gm":
                raise Forbidden("games.error.gm_only")
            note = clean_text(note)
        lang = call.lang_for(self.games.loaded(call.game_id))
        taken = self.games.act(call.game_id, seat, data["action"], version, dice, lang=lang)
        if note is not None:
            self.games.post_message(call.game_id, seat, note, ruling=taken)
        return bytes(self.games.answer_json(self.games.loaded(call.game_id), seat, lang))

    async def show(self, request: Request, call: GameCall) -> Response:
        return json_answer(await self.work(self.show_json, call))

    async def act(self, request: Request, call: GameCall) -> Response:
        raw = await raw_body(request, self.config.max_body_bytes, self.config.body_timeout)
        return json_answer(await self.work(self.act_json, call, raw))

    async def undo(self, request: Request, call: GameCall) -> Response:
        raw = await raw_body(request, self.config.max_body_bytes, self.config.body_timeout)

        def work() -> bytes:
            seat = call.seat()
            data = parse_body(raw, UNDO_EXAMPLE)
            version = int_field(data, "version", UNDO_EXAMPLE)
            steps = int_field(data, "steps", UNDO_EXAMPLE, default=1, low=1)
            lang = call.lang_for(self.games.loaded(call.game_id))
            self.games.undo(call.game_id, seat, version, steps, lang=lang)
            return bytes(self.games.answer_json(self.games.loaded(call.game_id), seat, lang))

        return json_answer(await self.work(work))

    async def change_setting(self, request: Request, call: GameCall) -> Response:
        from meikyu.store.settings import EXAMPLE

        raw = await raw_body(request, self.config.max_body_bytes, self.config.body_timeout)

        def work() -> bytes:
            seat = call.seat()
            data = parse_body(raw, EXAMPLE)
            lang = call.lang_for(self.games.loaded(call.game_id))
            self.games.change_setting(call.game_id, seat, data.get("name"), data.get("value"))
            return bytes(self.games.answer_json(self.games.loaded(call.game_id), seat, lang))

        return json_answer(await self.work(work))

    async def new_token(self, request: Request, call: GameCall) -> Response:
        target = request.path_params["seat"][:64]
        token = await self.work(lambda: self.games.new_link(call.game_id, call.seat(), call.token or "", target))
        return self.respond({"ok": True, "seat": target, "token": token, "url": seat_url(call.game_id, token)})

    async def seat_list(self, request: Request, call: GameCall) -> Response:
        def build() -> dict[str, Any]:
            seat = call.seat()
            lang = call.lang_for(self.games.load(call.game_id))
            seats = self.games.seat_list(call.game_id, seat, call.token or "", lang)
            present = set(self.hub.present(call.game_id))
            for s in seats:
                s["url"] = seat_url(call.game_id, s["token"]) if s["token"] else None
                s["connected"] = s["seat"] in present
            return {"ok": True, "seats": seats}

        return self.respond(await self.work(build))

    async def add_seat(self, request: Request, call: GameCall) -> Response:
        data = await json_body(request, self.config.max_body_bytes, self.config.body_timeout, SEAT_EXAMPLE)

        def work() -> tuple[str, str]:
            seat = call.seat()
            call.lang_for(self.games.load(call.game_id))
            return self.games.add_spectator(call.game_id, seat, call.token or "", data.get("spectator"))  # type: ignore[no-any-return]

        seat, token = await self.work(work)
        return self.respond({"ok": True, "seat": seat, "token": token, "url": seat_url(call.game_id, token)},
                            status_code=201)

    async def events(self, request: Request, call: GameCall) -> Response:
        text = request.query_params.get("after", "0").strip()
        if not text.isascii() or not text.isdigit() or len(text) > 9:
            raise GameApiError(400, "bad_request", "games.error.after")
        after = int(text)

        def build() -> dict[str, Any]:
            seat = call.seat()
            game = self.games.load(call.game_id)
            lang = call.lang_for(game)
            last = min(game.version, after + MAX_EVENTS)
            entries = [self.games.log_entry(game, v, seat, lang) for v in range(after + 1, last + 1)]
            return {"ok": True, "version": game.version, "events": entries, "more": last < game.version}

        return self.respond(await self.work(build))

    async def export(self, request: Request, call: GameCall) -> Response:
        from meikyu.store.export import FORMATS, MEDIA_TYPES, export

        fmt = request.query_params.get("format", "text").strip().lower()

        def build() -> str:
            seat = call.seat()
            if fmt not in FORMATS:
                raise GameApiError(400, "bad_request", "games.error.format", value=fmt[:40])
            return export(self.games, call.game_id, seat, call.lang_for(self.games.load(call.game_id)), fmt)

        text = await self.work(build)
        return Response(text, media_type=f"{MEDIA_TYPES[fmt]}; charset=utf-8")

    async def sheet(self, request: Request, call: GameCall) -> Response:
        """``GET /api/games/{id}/sheet?format=toml|json`` (GM): the kingdom and court as they stand now, in the
        sheet format a game is set up from (the next session starts from it)."""
        from meikyu.table import mk_sheets

        fmt = request.query_params.get("format", "toml").strip().lower()
        if fmt not in ("toml", "json"):
            raise GameApiError(400, "bad_request", "api.error.format", value=fmt[:40], formats="toml, json")

        def build() -> bytes:
            if call.seat() != "gm":
                raise GameApiError(403, "forbidden", "games.error.gm_only")
            sheet = mk_sheets.sheet_of_state(self.games.load(call.game_id).state)
            if sheet is None:
                raise GameApiError(404, "not_found", "api.error.no_sheet")
            return mk_sheets.sheet_bytes(sheet, fmt)

        raw = await self.work(build)
        media = "application/toml" if fmt == "toml" else "application/json"
        name = f"court-{call.game_id[:16]}.{fmt}"
        return Response(raw, media_type=f"{media}; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def deck(self, request: Request, call: GameCall) -> Response:
        """``GET /api/games/{id}/cards`` (GM): the card file a Liberator game was set up with, as it was given
        (the card maker opens it: ``/cards#game=ID&token=GM-TOKEN``); 404 for a game with no deck of its own."""
        from meikyu.table.liberator import deck_of

        def build() -> str:
            if call.seat() != "gm":
                raise GameApiError(403, "forbidden", "games.error.gm_only")
            text = deck_of(self.games.load(call.game_id).state)
            if not text:
                raise GameApiError(404, "not_found", "api.error.no_deck")
            return text

        text = await self.work(build)
        return Response(text, media_type="application/toml; charset=utf-8",
                        headers={"Content-Disposition": f'attachment; filename="cards-{call.game_id[:16]}.toml"'})

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
            client = websocket.client.host if websocket.client else ""
            call = self.begin(game_id, token, websocket.query_params, client)
            try:
                seat = await in_worker(call.seat)
                game = await in_worker(self.games.load, game_id)
            except MeikyuError as error:
                raise from_core(error) from None
            lang = lang_of(websocket, game.settings.get("lang", "en"))
            token_hash = hash_token(token or "")
            refused = self.sockets.enter(client, token_hash, time.monotonic())
            if refused is not None:
                status = 503 if refused == "games.error.ws_max" else 429
                raise GameApiError(status, STATUS_CODES[status], refused, headers={"retry-after": "5"}, seconds=5,
                                   per_client=self.config.ws_per_client, per_token=self.config.ws_per_token)
        except GameApiError as error:
            # Accepted only to say why in the caller's terms, then closed with 4000 + the HTTP status.
            await websocket.accept()
            await websocket.send_json(error.body(lang))
            await websocket.close(code=4000 + error.status)
            return
        if not self.games.store.live_across_processes:
            self.hub.start_polling()
        replaced = GameApiError(401, "bad_token", "games.error.token_replaced")
        try:
            await live(websocket, self.hub, self.games, game_id, seat, token_hash, lang, after,
                       lambda: replaced.body(lang), self.config.ws_idle,
                       websocket.query_params.get("presence") == "1")
        finally:
            self.sockets.leave(client, token_hash)
