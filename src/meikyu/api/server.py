"""Running the app under uvicorn (uvloop and httptools when installed, which ``uvicorn[standard]`` brings)."""

from __future__ import annotations

from meikyu.api.config import ApiConfig


def serve(config: ApiConfig, host: str = "127.0.0.1", port: int = 7654, workers: int = 1,
          access_log: bool = False) -> None:
    """Serve until interrupted. With ``workers > 1`` uvicorn forks processes sharing the socket."""
    import uvicorn

    from meikyu.api.app import create_app

    kwargs = {
        "host": host,
        "port": port,
        "access_log": access_log,
        "log_level": "info" if access_log else "warning",
        # Idle keep-alive connections are closed after 5 s, so a client that never sends cannot pin one.
        "timeout_keep_alive": 5,
        "server_header": False,
        "proxy_headers": False,
    }
    if workers > 1:
        # Worker processes import the app by name; the config travels through the environment.
        import os

        for field, env in (("admin_name", "MEIKYU_ADMIN_NAME"), ("admin_url", "MEIKYU_ADMIN_URL"),
                           ("admin_email", "MEIKYU_ADMIN_EMAIL"), ("body_timeout", "MEIKYU_API_BODY_TIMEOUT"),
                           ("data_dir", "MEIKYU_DATA"), ("store_url", "MEIKYU_STORE")):
            os.environ[env] = str(getattr(config, field))
        uvicorn.run("meikyu.api.app:create_app", factory=True, workers=workers, **kwargs)  # type: ignore[arg-type]
    else:
        uvicorn.run(create_app(config), **kwargs)  # type: ignore[arg-type]
