"""``meikyu serve``: the CLI hook of the HTTP server.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="meikyu")
>>> register(parser.add_subparsers())
>>> args = parser.parse_args(["serve", "--port", "8080"])
>>> args.host, args.port, args.handler.__name__
('127.0.0.1', 8080, 'run_serve')
"""

from __future__ import annotations

import argparse
import os

from meikyu.errors import InputError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 7654


def _t(key: str, **params: object) -> str:
    return _t_key(f"api.cli.{key}", **params)


def _games_text(key: str, **params: object) -> str:
    import meikyu.store  # noqa: F401  (registers the games. catalog)

    return _t_key(f"games.cli.{key}", **params)


def _t_key(key: str, **params: object) -> str:
    from meikyu.i18n import LANGS, translate

    lang = (os.environ.get("MEIKYU_LANG") or "en").strip().lower()
    return translate(key, lang if lang in LANGS else "en", **params)


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the top-level ``serve`` sub-command."""
    import meikyu.api  # noqa: F401  (registers the api. catalog)

    parser = subparsers.add_parser("serve", help=_t("help"), description=_t("help"))
    parser.add_argument("--host", default=DEFAULT_HOST, help=_t("host"))
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=_t("port"))
    parser.add_argument("--workers", type=int, default=1, help=_t("workers"))
    parser.add_argument("--access-log", action="store_true", help=_t("access_log"))
    parser.add_argument("--admin-name", help=_t("admin_name"))
    parser.add_argument("--admin-url", help=_t("admin_url"))
    parser.add_argument("--admin-email", help=_t("admin_email"))
    parser.add_argument("--body-timeout", help=_t("body_timeout"))
    parser.add_argument("--head-timeout", help=_t("head_timeout"))
    parser.add_argument("--max-connections", type=int, help=_t("max_connections"))
    parser.add_argument("--data", help=_games_text("data"))
    parser.add_argument("--store", help=_games_text("store"))
    parser.set_defaults(handler=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    """Check the options, then serve until interrupted (Ctrl-C ends it with status 0)."""
    from meikyu.api.config import ApiConfig, parse_connections, parse_timeout

    if not 0 <= args.port <= 65535:
        raise InputError("api.cli.bad_port", port=args.port)
    if not 1 <= args.workers <= 64:
        raise InputError("api.cli.bad_workers", workers=args.workers)
    timeout = parse_timeout(args.body_timeout) if args.body_timeout else None
    head_timeout = parse_timeout(args.head_timeout) if args.head_timeout else None
    connections = parse_connections(args.max_connections) if args.max_connections is not None else None
    config = ApiConfig.from_env(
        os.environ,
        admin_name=args.admin_name,
        admin_url=args.admin_url,
        admin_email=args.admin_email,
        body_timeout=timeout,
        head_timeout=head_timeout,
        max_connections=connections,
        data_dir=args.data,
        store_url=args.store,
    )
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        raise InputError("api.cli.missing_server") from None
    from meikyu.api.server import serve
    from meikyu.store import open_store

    if not config.store_url:
        check_data_folder(config.data_dir)
    store = open_store(config.store_url or None, config.data_dir)  # fails here, clearly, not on a first request
    where = store.url
    store.close()
    shown = f"[{args.host}]" if ":" in args.host else args.host
    check_port(args.host, args.port, shown)  # before saying it serves, not uvicorn's raw error after
    print(_t("web_table", host=shown, port=args.port), flush=True)
    print(_t("listening", host=shown, port=args.port), flush=True)
    print(_games_text("listening", host=shown, port=args.port, store=where), flush=True)
    serve(config, host=args.host, port=args.port, workers=args.workers, access_log=args.access_log)
    return 0


def check_port(host: str, port: int, shown: str | None = None) -> None:
    """Refuse now, in one line, an address the server could not listen on (a port in use, say).

    The socket is bound as uvicorn binds it (``SO_REUSEADDR``, so a port whose last connections are in
    TIME_WAIT counts as free) and closed at once; uvicorn binds it again a moment later.
    """
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise InputError("api.cli.port_busy", host=shown or host, port=port,
                         reason=exc.strerror or type(exc).__name__) from None


def check_data_folder(folder: str) -> None:
    """Refuse now, in one line, a data folder the server could not write its games to (read-only, full):
    a server that starts there would refuse every game and every action instead."""
    from meikyu.errors import DataError
    from meikyu.files import check_writable
    from meikyu.store.base import StoreError

    try:
        os.makedirs(folder, exist_ok=True)
        check_writable(os.path.join(folder, ".meikyu-write-check"))
    except OSError as error:
        raise StoreError("games.error.data_folder", folder=folder, reason=error.strerror or str(error)) from None
    except DataError as error:
        raise StoreError("games.error.data_folder", folder=folder, reason=str(error.params.get("reason", ""))) from None
