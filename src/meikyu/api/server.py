"""Running the app under uvicorn (uvloop and httptools when installed, which ``uvicorn[standard]`` brings)."""

from __future__ import annotations

from typing import Any

from meikyu.api.config import ApiConfig


def _raise_file_limit(wanted: int) -> None:
    """Let the process open ``wanted`` descriptors (the soft limit, up to the hard one) if it may."""
    import contextlib

    with contextlib.suppress(ImportError, ValueError, OSError):
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted if hard == resource.RLIM_INFINITY else min(wanted, hard), hard))


def serve(config: ApiConfig, host: str = "127.0.0.1", port: int = 7654, workers: int = 1,
          access_log: bool = False) -> None:
    """Serve until interrupted. With ``workers > 1`` uvicorn forks processes sharing the socket.

    Connections go through :class:`meikyu.api.guard.GuardedHTTP`: a client must finish its request
    head within ``config.head_timeout`` seconds, and at most ``config.max_connections`` are open.
    """
    import os

    import uvicorn

    from meikyu.api import guard
    from meikyu.api.app import create_app

    os.environ["MEIKYU_API_MAX_CONNECTIONS"] = str(config.max_connections)  # worker processes read these
    os.environ["MEIKYU_API_HEAD_TIMEOUT"] = str(config.head_timeout)
    guard.configure(config.max_connections, config.head_timeout)
    _raise_file_limit(config.max_connections + config.ws_max + 128)  # sockets are capped apart from requests

    kwargs = {
        "host": host,
        "port": port,
        "access_log": access_log,
        "log_level": "info" if access_log else "warning",
        # Idle keep-alive connections are closed after 5 s, so a client that never sends cannot pin one.
        "timeout_keep_alive": 5,
        "server_header": False,
        "proxy_headers": False,
        "http": guard.PROTOCOL,
    }
    if workers > 1:
        # Worker processes import the app by name; the config travels through the environment.
        for field, env in (("admin_name", "MEIKYU_ADMIN_NAME"), ("admin_url", "MEIKYU_ADMIN_URL"),
                           ("admin_email", "MEIKYU_ADMIN_EMAIL"), ("body_timeout", "MEIKYU_API_BODY_TIMEOUT"),
                           ("data_dir", "MEIKYU_DATA"), ("store_url", "MEIKYU_STORE")):
            os.environ[env] = str(getattr(config, field))
        uvicorn.run("meikyu.api.server:worker_app", factory=True, workers=workers, **kwargs)  # type: ignore[arg-type]
    else:
        uvicorn.run(_settled(create_app(config)), **kwargs)  # type: ignore[arg-type]


def worker_app() -> Any:
    """The app of one ``--workers`` process (its config from the environment), its heap settled."""
    from meikyu.api.app import create_app

    return _settled(create_app())


def _settled(app: Any) -> Any:
    from meikyu.api.heap import freeze_survivors, settle_heap

    settle_heap()  # the program's own objects leave the collector's full passes
    freeze_survivors()  # and so do the games the server will hold
    return app
