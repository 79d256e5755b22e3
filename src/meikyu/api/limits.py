"""Limits no client can turn against others: live WebSockets, ``/v2`` requests and wrong tokens.

- :class:`SocketGate` — a live WebSocket is let in only while its client address holds fewer than
  ``ws_per_client``, its token fewer than ``ws_per_token`` and the process fewer than ``ws_max``, and only
  as fast as ``ws_open_rate`` per address allows. Sockets are counted apart from the HTTP connection cap
  (:mod:`meikyu.api.guard` counts HTTP connections only), so no number of sockets refuses an HTTP request.
- ``/v2`` requests: a token bucket per client address (:class:`~meikyu.api.games_http.RateLimiter`),
  checked by :class:`meikyu.api.app.Guard` before routing.
- wrong tokens: a bucket per client address; when it is empty that address's games requests answer 429
  before any token is looked at, so guessing costs the guesser, not the server.

The settings and their defaults are :class:`~meikyu.api.config.ApiConfig`'s ``ws_*``, ``v2_*`` and
``token_failures_*`` (environment variables ``MEIKYU_WS_MAX``, ``MEIKYU_WS_PER_CLIENT``,
``MEIKYU_WS_PER_TOKEN``, ``MEIKYU_WS_OPEN_RATE``, ``MEIKYU_WS_IDLE``, ``MEIKYU_V2_RATE``,
``MEIKYU_TOKEN_FAILURES``).

>>> from meikyu.api.config import ApiConfig
>>> gate = SocketGate(ApiConfig(ws_per_client=2, ws_per_token=5))
>>> [gate.enter("10.0.0.1", "t", now=0.0) for _ in range(3)]
[None, None, 'games.error.ws_per_client']
>>> gate.leave("10.0.0.1", "t"); gate.enter("10.0.0.1", "t", now=0.0) is None
True
"""

from __future__ import annotations

import threading
from collections import Counter

from meikyu.api.config import ApiConfig
from meikyu.api.games_http import RateLimiter


class SocketGate:
    """Counts the open live sockets per client address and per token (one per process)."""

    def __init__(self, config: ApiConfig) -> None:
        self.config = config
        self.by_client: Counter[str] = Counter()
        self.by_token: Counter[str] = Counter()
        self.total = 0
        self.opens = RateLimiter(config.ws_open_rate, config.ws_open_burst)
        self._lock = threading.Lock()

    def enter(self, client: str, token_hash: str, now: float) -> str | None:
        """Count a socket in and return None, or return the message key of the cap it would pass."""
        cfg = self.config
        with self._lock:
            if self.opens.wait_for(client, now):
                return "games.error.ws_rate"
            if self.total >= cfg.ws_max:
                return "games.error.ws_max"
            if self.by_client[client] >= cfg.ws_per_client:
                return "games.error.ws_per_client"
            if self.by_token[token_hash] >= cfg.ws_per_token:
                return "games.error.ws_per_token"
            self.total += 1
            self.by_client[client] += 1
            self.by_token[token_hash] += 1
            return None

    def leave(self, client: str, token_hash: str) -> None:
        with self._lock:
            self.total -= 1
            for counter, key in ((self.by_client, client), (self.by_token, token_hash)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]
