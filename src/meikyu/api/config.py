"""Server settings: the admin contact (``/v2/admin``) and the bounds put on every request.

>>> cfg = ApiConfig.from_env({"MEIKYU_ADMIN_NAME": "Ann", "BCDICE_API_ADMIN_EMAIL": "a@example.org"})
>>> cfg.admin_name, cfg.admin_email, cfg.admin_url
('Ann', 'a@example.org', '')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

# bcdice-api reads BCDICE_API_ADMIN_*; we read those too so an existing deployment keeps its settings,
# and our own MEIKYU_ADMIN_* win when both are set.
_ADMIN_ENV = {
    "admin_name": ("MEIKYU_ADMIN_NAME", "BCDICE_API_ADMIN_NAME"),
    "admin_url": ("MEIKYU_ADMIN_URL", "BCDICE_API_ADMIN_URL"),
    "admin_email": ("MEIKYU_ADMIN_EMAIL", "BCDICE_API_ADMIN_EMAIL"),
}


@dataclass(frozen=True)
class ApiConfig:
    """Everything the app needs to know that is not code."""

    admin_name: str = ""
    admin_url: str = ""
    admin_email: str = ""
    max_body_bytes: int = 64 * 1024
    """Largest request body read; a user table is text of a few kilobytes."""
    max_query_bytes: int = 8 * 1024
    """Longest raw query string accepted."""
    max_fields: int = 64
    """Most parameters (query plus body) one request may carry."""
    body_timeout: float = 10.0
    """Seconds a client may take to send its body before it is answered with 408."""
    head_timeout: float = 5.0
    """Seconds a client has to send its request line and headers before the connection is closed."""
    max_connections: int = 512
    """Connections open at once per process; beyond it the longest-waiting idle one is closed."""
    data_dir: str = "./meikyu-data"
    """Folder of the SQLite games store (``--data``, ``MEIKYU_DATA``)."""
    store_url: str = ""
    """A ``postgresql://`` URL to keep games in instead (``--store``, ``MEIKYU_STORE``)."""
    games_rate: float = 20.0
    """Requests per second one seat token may make on average (``MEIKYU_GAMES_RATE``) …"""
    games_burst: int = 60
    """… and at once."""
    games_create_rate: float = 0.5
    """Games one client address may create per second on average (``MEIKYU_GAMES_CREATE_RATE``), after a
    burst of …"""
    games_create_burst: int = 20
    talk_per_minute: float = 60.0
    """Messages (and reveals, removals) one seat may post a minute (``MEIKYU_TALK_RATE``), after a burst of …"""
    talk_burst: int = 5
    games_max_setup_bytes: int = 1024 * 1024
    """Largest ``POST /api/games`` body: a setup may carry sheets, encounters, a whole book."""
    v2_rate: float = 100.0
    """``/v2`` requests one client address may make per second on average (``MEIKYU_V2_RATE``; 0: no
    limit, for a server behind a proxy that shows every client as one address), after a burst of …"""
    v2_burst: int = 500
    token_failures_rate: float = 0.5
    """Wrong tokens one client address may send per second on average (``MEIKYU_TOKEN_FAILURES``), after a
    burst of …; beyond it its games requests answer 429 before any token is looked at."""
    token_failures_burst: int = 30
    ws_max: int = 512
    """Live WebSockets open at once per process (``MEIKYU_WS_MAX``), apart from :attr:`max_connections`:
    sockets never take the connections HTTP requests need."""
    ws_per_client: int = 32
    """Live WebSockets one client address may hold (``MEIKYU_WS_PER_CLIENT``): a whole table behind one
    router, each player with a tab or two."""
    ws_per_token: int = 8
    """Live WebSockets one seat's token may hold (``MEIKYU_WS_PER_TOKEN``): a player's devices and tabs."""
    ws_open_rate: float = 2.0
    """WebSocket opens one client address may make per second on average (``MEIKYU_WS_OPEN_RATE``), after a
    burst of …"""
    ws_open_burst: int = 30
    ws_idle: float = 900.0
    """Seconds a WebSocket may go with nothing sent either way before it is closed (``MEIKYU_WS_IDLE``; the
    web table reconnects by itself)."""

    @classmethod
    def from_env(cls, env: Mapping[str, str], **overrides: object) -> ApiConfig:
        """Settings from environment variables, then explicit ``overrides`` (``None`` means unset)."""
        values: dict[str, object] = {}
        for field, names in _ADMIN_ENV.items():
            for name in names:
                if env.get(name):
                    values[field] = env[name]
                    break
        for field, name in (("data_dir", "MEIKYU_DATA"), ("store_url", "MEIKYU_STORE")):
            if env.get(name):
                values[field] = env[name]
        for field, name, least in (("games", "MEIKYU_GAMES_RATE", 60), ("games_create", "MEIKYU_GAMES_CREATE_RATE", 20)):
            if env.get(name):
                per_second = parse_rate(env[name])
                values[f"{field}_rate"] = per_second
                values[f"{field}_burst"] = max(least, int(per_second * 3))
        if env.get("MEIKYU_TALK_RATE"):
            values["talk_per_minute"] = parse_rate(env["MEIKYU_TALK_RATE"])
            values["talk_burst"] = max(5, int(float(values["talk_per_minute"]) / 12))  # type: ignore[arg-type]
        for field, name in (("body_timeout", "MEIKYU_API_BODY_TIMEOUT"), ("head_timeout", "MEIKYU_API_HEAD_TIMEOUT")):
            if env.get(name):
                values[field] = parse_timeout(env[name])
        if env.get("MEIKYU_API_MAX_CONNECTIONS"):
            values["max_connections"] = parse_connections(env["MEIKYU_API_MAX_CONNECTIONS"])
        for field, name, least in (("v2", "MEIKYU_V2_RATE", 20), ("token_failures", "MEIKYU_TOKEN_FAILURES", 30),
                                   ("ws_open", "MEIKYU_WS_OPEN_RATE", 30)):
            if env.get(name):
                per_second = 0.0 if env[name].strip() == "0" and field == "v2" else parse_rate(env[name])
                values[f"{field}_rate"] = per_second
                values[f"{field}_burst"] = max(least, int(per_second * 5))
        for field, name in (("ws_max", "MEIKYU_WS_MAX"), ("ws_per_client", "MEIKYU_WS_PER_CLIENT"),
                            ("ws_per_token", "MEIKYU_WS_PER_TOKEN")):
            if env.get(name):
                values[field] = parse_count(env[name])
        if env.get("MEIKYU_WS_IDLE"):
            values["ws_idle"] = parse_timeout(env["MEIKYU_WS_IDLE"])
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)  # type: ignore[arg-type]


def parse_connections(text: str | int) -> int:
    """A connection cap between 8 and 100,000.

    >>> parse_connections("256")
    256
    """
    from meikyu.errors import InputError

    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 8 <= value <= 100_000:
        raise InputError("api.cli.bad_max_connections", value=text)
    return value


def parse_count(text: str) -> int:
    """A cap of 1 to 100,000.

    >>> parse_count("16")
    16
    """
    from meikyu.errors import InputError

    value = int(text) if text.strip().isdigit() and len(text.strip()) < 7 else 0
    if not 1 <= value <= 100_000:
        raise InputError("api.cli.bad_count", value=text)
    return value


def parse_timeout(text: str) -> float:
    """A positive number of seconds (at most an hour).

    >>> parse_timeout("2.5")
    2.5
    """
    from meikyu.errors import InputError

    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 3600:
        raise InputError("api.cli.bad_timeout", value=text)
    return value


def parse_rate(text: str) -> float:
    """A positive number of requests per second.

    >>> parse_rate("100")
    100.0
    """
    from meikyu.errors import InputError

    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 1e6:
        raise InputError("games.error.bad_rate", value=text)
    return value
