"""Connection guard: no client can pin the server by connecting and sending nothing, or sending slowly.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive``, but it never closes a
connection that has not yet sent a complete request head: a client that connects and sends nothing,
or sends a request line one byte a second, holds a file descriptor for as long as it likes, and
about a thousand of them exhaust the process's descriptors. :class:`GuardedHTTP` is uvicorn's own
HTTP protocol with two additions:

- **a head deadline**: from the moment a connection opens, or the first byte of a next request
  arrives on a kept-alive one, the client has :data:`Limits.head_timeout` seconds to finish the
  request line and headers, else the connection is closed;
- **a connection cap**: at most :data:`Limits.max_connections` HTTP connections are open at once (live
  WebSockets are capped apart, by :mod:`meikyu.api.limits`, and do not count). A new
  connection beyond the cap closes the connection that has waited longest without a complete request
  head (an idle or half-sent one); when every open connection is busy with a real request, the
  new one is closed instead. So idle sockets can never crowd out a client that sends a request.

The limits come from :func:`configure` (``meikyu serve --max-connections / --head-timeout``) or, in
worker processes, from the environment (``MEIKYU_API_MAX_CONNECTIONS``, ``MEIKYU_API_HEAD_TIMEOUT``).

>>> configure(max_connections=100, head_timeout=2.5)
>>> LIMITS.max_connections, LIMITS.head_timeout
(100, 2.5)
>>> configure()  # back to the defaults (or the environment's)
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

PROTOCOL = "meikyu.api.guard:GuardedHTTP"
"""What to pass as uvicorn's ``http`` setting (a string, so worker processes import it too)."""


@dataclass
class Limits:
    max_connections: int = 512
    """Open connections at once, per process (the default file-descriptor limit is often 1,024)."""
    head_timeout: float = 5.0
    """Seconds a client has to send a complete request line and headers."""


LIMITS = Limits()


def configure(max_connections: int | None = None, head_timeout: float | None = None) -> None:
    """Set the limits; an argument left out takes the environment's value, else the default."""
    env = os.environ
    LIMITS.max_connections = max_connections or int(env.get("MEIKYU_API_MAX_CONNECTIONS") or Limits.max_connections)
    LIMITS.head_timeout = head_timeout or float(env.get("MEIKYU_API_HEAD_TIMEOUT") or Limits.head_timeout)


configure()


class GuardedHTTP(AutoHTTPProtocol):  # type: ignore[valid-type, misc]
    """uvicorn's HTTP protocol (httptools, or h11) with a head deadline and a connection cap."""

    def connection_made(self, transport: asyncio.Transport) -> None:
        super().connection_made(transport)
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_cycle: Any = None
        self._waiting_since = time.monotonic()
        self._arm_head_timer()
        connections = self.connections
        # Only HTTP connections count: a WebSocket (upgraded: its own protocol now) is capped apart
        # (meikyu.api.limits), so sockets can never take the connections requests need.
        if len(connections) > LIMITS.max_connections:
            http = [c for c in connections if isinstance(c, GuardedHTTP) and c.transport.get_protocol() is c]
            if len(http) > LIMITS.max_connections:
                waiting = [c for c in http if c is not self and c._between_requests()]
                victim = min(waiting, key=lambda c: c._waiting_since) if waiting else self
                victim.transport.close()

    def _between_requests(self) -> bool:
        """No request head is being served: nothing sent yet, or the last answer is complete."""
        cycle = self.cycle
        return cycle is None or bool(cycle.response_complete)

    def _arm_head_timer(self) -> None:
        self._head_cycle = self.cycle  # a new request head replaces ``self.cycle``
        self._head_timer = self.loop.call_later(LIMITS.head_timeout, self._head_deadline)

    def _head_deadline(self) -> None:
        self._head_timer = None
        if self.transport.get_protocol() is not self:
            return  # upgraded to a WebSocket: its own protocol owns the connection now
        if self.cycle is self._head_cycle and self._between_requests():
            self.transport.close()  # still no complete head since the timer was armed

    def data_received(self, data: bytes) -> None:
        if self._between_requests() and (self._head_timer is None or self._head_cycle is not self.cycle):
            # the first bytes of a next request on a kept-alive connection: its head gets a fresh deadline
            if self._head_timer is not None:
                self._head_timer.cancel()
            self._waiting_since = time.monotonic()
            self._arm_head_timer()
        super().data_received(data)

    def connection_lost(self, exc: Exception | None) -> None:
        if getattr(self, "_head_timer", None) is not None:
            self._head_timer.cancel()  # type: ignore[union-attr]
            self._head_timer = None
        super().connection_lost(exc)
