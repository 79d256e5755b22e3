"""Live updates: each subscribed WebSocket gets every new version's log entry as its seat may see it.

The hub learns of new versions from this process's appends and, with PostgreSQL, from every other
process through LISTEN/NOTIFY (SQLite: subscribed games are also re-read every second, which covers
several worker processes on one file). A subscriber's task then reads what it has not sent yet from
the service — the same entries ``GET …/events?after=N`` answers — so a push never skips or repeats a
version, whichever process appended it.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from meikyu.errors import MeikyuError

POLL_SECONDS = 1.0


class Hub:
    """Subscribers per game, woken when the game gets a new version."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.subs: dict[str, set[asyncio.Event]] = {}
        self._poller: asyncio.Task[None] | None = None

    def notify_threadsafe(self, game_id: str, version: int) -> None:
        """Called from any thread (the service after an append, the store's LISTEN thread)."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self.wake, game_id)

    def wake(self, game_id: str) -> None:
        for event in self.subs.get(game_id, ()):
            event.set()

    def subscribe(self, game_id: str) -> asyncio.Event:
        self.loop = asyncio.get_running_loop()
        event = asyncio.Event()
        self.subs.setdefault(game_id, set()).add(event)
        return event

    def unsubscribe(self, game_id: str, event: asyncio.Event) -> None:
        subs = self.subs.get(game_id)
        if subs is not None:
            subs.discard(event)
            if not subs:
                del self.subs[game_id]

    def start_polling(self) -> None:
        """Wake every subscriber once a second, for stores without NOTIFY: each then reads what other
        processes appended (one indexed query, usually finding nothing)."""
        if self._poller is None:
            self._poller = asyncio.get_running_loop().create_task(self._poll())

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            for game_id in list(self.subs):
                self.wake(game_id)


async def live(websocket: WebSocket, hub: Hub, games: Any, game_id: str, seat: str, lang: str,
               after: int | None) -> None:
    """Serve one seat until it disconnects: every version after ``after`` (default: the version when it
    connected). The subscription is in place before the handshake completes, so no version slips by."""
    wake = hub.subscribe(game_id)
    try:
        game = await run_in_threadpool(games.load, game_id)
        sent = game.version if after is None else min(after, game.version)
        await websocket.accept()
        wake.set()
        receiver = asyncio.create_task(_drain(websocket))
        while not receiver.done():
            waiter = asyncio.create_task(wake.wait())
            await asyncio.wait({waiter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            if receiver.done():
                break
            wake.clear()
            game = await run_in_threadpool(games.load, game_id)
            while sent < game.version:
                sent += 1
                entry = await run_in_threadpool(games.log_entry, game, sent, seat, lang)
                await websocket.send_json(entry)
    except (WebSocketDisconnect, RuntimeError, MeikyuError, OSError):
        pass
    finally:
        hub.unsubscribe(game_id, wake)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, so a close is noticed at once."""
    with contextlib.suppress(Exception):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
