"""Live updates: each subscribed WebSocket gets every new version as its seat may see it.

One message per version: the log entry (what ``GET …/events?after=N`` lists), the newest of a burst also
carrying ``answer`` — what ``GET /api/games/{id}`` answers for that seat but the log (``view``,
``legal_actions``, ``prompt``, ``version`` …) — so a page redraws from the push without asking again. Each
seat's answer is built and encoded once per version, whichever sockets and requests want it.

The hub learns of new versions from this process's appends and, with PostgreSQL, from every other
process through LISTEN/NOTIFY (SQLite: subscribed games are also re-read every second, which covers
several worker processes on one file). A subscriber's task then reads what it has not sent yet from
the service, so a push never skips or repeats a version, whichever process appended it.

A socket opened with ``?presence=1`` is also told which seats are connected whenever that changes:
``{"presence": ["gm", "pc:hana"]}``, a message without a version. With PostgreSQL the processes sharing the
database tell each other (a NOTIFY on the same channel, :meth:`Hub.told_threadsafe`) which seats each has
connected, when that changes and every :data:`PRESENCE_SECONDS` besides; a process not heard from for
:data:`PRESENCE_TTL` seconds (it died) no longer counts. A process heard from for the first time is answered at
once, so a new one learns who is where without waiting.

A socket lives only as long as its token: when the GM replaces a seat's token (in this process, or in
another one — NOTIFY, or the once-a-second check on SQLite), every socket opened with the old one gets
``{"ok": false, "error": "bad_token", …}`` and is closed with code 4401. A version that cannot be shown to
the seat (building its view raised) is told as ``{"ok": false, "error": "refused", "message": …, "version":
n}``; the socket stays open for the versions after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from meikyu.api.games_http import from_core
from meikyu.errors import MeikyuError
from meikyu.store.base import TOKENS_CHANGED, json_bytes
from meikyu.store.refusals import Refused

POLL_SECONDS = 1.0
PRESENCE_SECONDS = 3.0
"""How often a process tells the others which seats it has connected (PostgreSQL)."""
PRESENCE_TTL = 10.0
"""How long another process's word on who is connected holds without being said again."""
REVOKED_CODE = 4401
"""The close code of a socket whose token was replaced (4000 + HTTP 401, as for a refused connection)."""
IDLE_CODE = 4408
"""The close code of a socket idle past ``ApiConfig.ws_idle`` (4000 + HTTP 408; the web table reconnects)."""


@dataclass(eq=False)
class Subscriber:
    """One socket's place in the hub: its seat, its token's hash and what wakes its task."""

    seat: str
    token_hash: str
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    revoked: bool = False
    active: float = 0.0
    """The event loop's time when something last went either way on the socket."""
    presence: bool = False
    """Whether this socket asked to be told who is connected (``?presence=1``)."""
    presence_due: bool = False


class Hub:
    """Subscribers per game, woken when the game gets a new version or its tokens change.

    ``token_hashes(game_id)`` (blocking; run in a worker) says each seat's current token hash.
    """

    def __init__(self, token_hashes: Callable[[str], dict[str, str]]) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subs: dict[str, set[Subscriber]] = {}
        self.token_hashes = token_hashes
        self._poller: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.announce: Callable[[str], None] | None = None
        """Tells the other processes on the store (blocking; PostgreSQL's NOTIFY), when they can hear."""
        self.process = secrets.token_hex(8)
        self._remote: dict[str, dict[str, tuple[frozenset[str], float]]] = {}
        """game → other process → (its connected seats, until when that holds)."""
        self._remote_lock = threading.Lock()
        self._beat: asyncio.Task[None] | None = None

    def notify_threadsafe(self, game_id: str, version: int) -> None:
        """Called from any thread (the service after an append or a new token, the store's LISTEN thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            if version == TOKENS_CHANGED:
                loop.call_soon_threadsafe(self._check_soon, game_id)
            else:
                loop.call_soon_threadsafe(self.wake, game_id)

    def wake(self, game_id: str) -> None:
        for sub in self.subs.get(game_id, ()):
            sub.wake.set()

    def subscribe(self, game_id: str, seat: str, token_hash: str, presence: bool = False) -> Subscriber:
        self.loop = asyncio.get_running_loop()
        sub = Subscriber(seat, token_hash, presence=presence)
        self.subs.setdefault(game_id, set()).add(sub)
        self._presence_changed(game_id)
        return sub

    def unsubscribe(self, game_id: str, sub: Subscriber) -> None:
        subs = self.subs.get(game_id)
        if subs is not None:
            subs.discard(sub)
            if not subs:
                del self.subs[game_id]
            self._presence_changed(game_id)

    def present(self, game_id: str) -> list[str]:
        """The seats with a socket open now, to this process or (PostgreSQL) another one on the same database;
        a seat open on two devices counts once."""
        return sorted(self._local(game_id) | self._elsewhere(game_id))

    def _local(self, game_id: str) -> set[str]:
        return {sub.seat for sub in self.subs.get(game_id, ()) if not sub.revoked}

    def _elsewhere(self, game_id: str) -> set[str]:
        now = time.monotonic()
        with self._remote_lock:
            held = self._remote.get(game_id, {})
            return {seat for seats, until in held.values() if until > now for seat in seats}

    def _presence_changed(self, game_id: str) -> None:
        """This process's sockets changed: tell its presence sockets, and the other processes."""
        self._show(game_id)
        self._tell(game_id)

    def _show(self, game_id: str) -> None:
        for sub in self.subs.get(game_id, ()):
            if sub.presence:
                sub.presence_due = True
                sub.wake.set()

    def _tell(self, game_id: str) -> None:
        """Say (in a worker thread) which seats this process has connected to ``game_id``."""
        if self.announce is None or self.loop is None:
            return
        text = json.dumps({"process": self.process, "game": game_id, "seats": sorted(self._local(game_id))})
        self.loop.run_in_executor(None, self.announce, text)
        if self._beat is None:
            self._beat = self.loop.create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        """Say again every :data:`PRESENCE_SECONDS` who is connected here, and let go of processes gone quiet."""
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            for game_id in list(self.subs):
                self._tell(game_id)
            now = time.monotonic()
            with self._remote_lock:
                gone = [g for g, held in self._remote.items() if any(until <= now for _, until in held.values())]
                for game_id in gone:
                    self._remote[game_id] = {p: v for p, v in self._remote[game_id].items() if v[1] > now}
            for game_id in gone:
                self._show(game_id)

    def told_threadsafe(self, text: str) -> None:
        """Another process said which seats it has connected (called from the store's LISTEN thread)."""
        try:
            said = json.loads(text)
            process, game_id, seats = str(said["process"]), str(said["game"]), frozenset(map(str, said["seats"]))
        except (ValueError, KeyError, TypeError):
            return
        if process == self.process:
            return
        with self._remote_lock:
            held = self._remote.setdefault(game_id, {})
            first = process not in held
            if seats:
                held[process] = (seats, time.monotonic() + PRESENCE_TTL)
            else:
                held.pop(process, None)
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._heard, game_id, first)

    def _heard(self, game_id: str, first: bool) -> None:
        if game_id in self.subs:
            self._show(game_id)
            if first:  # a process new to this game learns at once who is connected here
                self._tell(game_id)

    def _check_soon(self, game_id: str) -> None:
        if game_id in self.subs:
            task = asyncio.get_running_loop().create_task(self.check_tokens(game_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def check_tokens(self, game_id: str) -> None:
        """Revoke every socket of ``game_id`` whose token is no longer its seat's."""
        if game_id not in self.subs:
            return
        with contextlib.suppress(MeikyuError, OSError):
            hashes = await run_in_threadpool(self.token_hashes, game_id)
            for sub in list(self.subs.get(game_id, ())):
                if hashes.get(sub.seat) != sub.token_hash:
                    sub.revoked = True
                    sub.wake.set()

    def start_polling(self) -> None:
        """Wake every subscriber once a second, for stores without NOTIFY: each then reads what other
        processes appended (one indexed query, usually finding nothing); tokens are checked as often."""
        if self._poller is None:
            self._poller = asyncio.get_running_loop().create_task(self._poll())

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            for game_id in list(self.subs):
                self.wake(game_id)
                await self.check_tokens(game_id)


async def live(websocket: WebSocket, hub: Hub, games: Any, game_id: str, seat: str, token_hash: str, lang: str,
               after: int | None, revoked_body: Callable[[], dict[str, Any]], idle: float = 900.0,
               presence: bool = False) -> None:
    """Serve one seat until it disconnects, its token is replaced, or ``idle`` seconds pass with nothing
    sent either way (closed with :data:`IDLE_CODE`): every version after ``after`` (default: the version
    when it connected). The subscription is in place before the handshake completes, so no version slips by.
    With ``presence``, also ``{"presence": [seats]}`` whenever the seats connected to this process change
    (a message without a version)."""
    sub = hub.subscribe(game_id, seat, token_hash, presence)
    loop = asyncio.get_running_loop()
    try:
        game = await run_in_threadpool(games.load, game_id)
        sent = game.version if after is None else min(after, game.version)
        await websocket.accept()
        sub.wake.set()
        sub.active = loop.time()
        receiver = asyncio.create_task(_drain(websocket, sub))

        def pending() -> tuple[int, list[bytes]]:  # one trip to a worker: catch up, then the messages
            game = games.load(game_id)
            try:
                answer: tuple[int, list[bytes]] = games.push_json(game, sent, seat, lang)
                return answer
            except Refused as error:  # this version cannot be shown to the seat: say so, stay subscribed
                return game.version, [json_bytes({**from_core(error).body(lang), "version": game.version})]

        while not receiver.done():
            waiter = asyncio.create_task(sub.wake.wait())
            left = sub.active + idle - loop.time()
            await asyncio.wait({waiter, receiver}, timeout=max(0.0, left), return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if receiver.done():
                break
            if not sub.wake.is_set():
                if loop.time() - sub.active >= idle:  # nothing either way for `idle` seconds: let it go
                    await websocket.close(code=IDLE_CODE)
                    break
                continue
            sub.wake.clear()
            if sub.revoked:
                await websocket.send_json(revoked_body())
                await websocket.close(code=REVOKED_CODE)
                break
            if sub.presence_due:
                sub.presence_due = False
                await websocket.send_text(json_bytes({"presence": hub.present(game_id)}).decode("utf-8"))
            sent, messages = await run_in_threadpool(pending)
            for message in messages:
                await websocket.send_text(message.decode("utf-8"))
                sub.active = loop.time()
    except (WebSocketDisconnect, RuntimeError, MeikyuError, OSError):
        pass
    finally:
        hub.unsubscribe(game_id, sub)


async def _drain(websocket: WebSocket, sub: Subscriber) -> None:
    """Read (and ignore) what the client sends, so a close is noticed at once; what it sends keeps the
    socket from counting as idle."""
    with contextlib.suppress(Exception):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            sub.active = asyncio.get_running_loop().time()
