"""Serving the page's files: read once from the package, gzipped once, revalidated by ETag.

Every answer carries a Content-Security-Policy that allows only this server's own scripts, styles
and connections (the page has no inline script), so text a player types can never run as code.

>>> asset("js/dom.js").media_type
'text/javascript; charset=utf-8'
>>> asset("../__init__.py") is None, asset("nope.js") is None
(True, True)
>>> sorted(catalog("en"))[:2]
['action.dice', 'action.dice_help']
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from meikyu.i18n import LANGS

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}
_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
_SECURITY = {"content-security-policy": _CSP, "x-content-type-options": "nosniff",
             "referrer-policy": "no-referrer", "cache-control": "no-cache"}


@dataclass(frozen=True)
class Asset:
    """One file ready to send: its bytes, their gzip, and an ETag naming both."""

    body: bytes
    gzipped: bytes
    media_type: str
    etag: str

    def response(self, request: Request) -> Response:
        headers = {**_SECURITY, "etag": self.etag, "vary": "accept-encoding"}
        if request.headers.get("if-none-match") == self.etag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", "") and len(self.gzipped) < len(self.body):
            headers["content-encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


def _make(body: bytes, media_type: str) -> Asset:
    etag = '"' + hashlib.sha256(body).hexdigest()[:20] + '"'
    return Asset(body, gzip.compress(body, 9, mtime=0), media_type, etag)


@cache
def asset(name: str) -> Asset | None:
    """The shipped file ``static/<name>``, or ``None`` when there is none (or the name climbs out)."""
    parts = name.split("/")
    if not name or any(p in ("", ".", "..") or p.startswith(".") for p in parts):
        return None
    kind = _TYPES.get("." + name.rsplit(".", 1)[-1]) if "." in parts[-1] else None
    if kind is None:
        return None
    path = resources.files("meikyu.web").joinpath("static", *parts)
    if not path.is_file():
        return None
    return _make(path.read_bytes(), kind)


BORROWED = ("mk.word.", "mk.battle.area.", "mk.battle.phase.", "mk.battle.side.", "mk.battle.outcome.",
            "mk.battle.status.", "mk.battle.treasure.", "mk.battle.word.", "gb.stat.", "lb.word.")
"""Sections of the systems' catalogs the page shows as they are (one translation of each game word)."""


@cache
def catalog(lang: str) -> dict[str, str]:
    """The page's words in ``lang``: ``i18n/<lang>.toml`` flattened (``home.create``), plus the game
    words it borrows from the systems' catalogs (:data:`BORROWED`)."""
    import tomllib

    import meikyu.systems.gamebook  # noqa: F401  (registers the gb. catalog)
    import meikyu.systems.liberator  # noqa: F401  (registers the lb. catalog)
    import meikyu.systems.meikyu_kingdom  # noqa: F401  (registers the mk. catalog)
    from meikyu.i18n import entries

    out: dict[str, str] = {}
    for prefix in BORROWED:
        out.update(entries(prefix, lang))

    def flatten(prefix: str, table: dict[str, object]) -> None:
        for key, value in table.items():
            if isinstance(value, dict):
                flatten(f"{prefix}{key}.", value)
            else:
                out[prefix + key] = str(value)

    text = resources.files("meikyu.web").joinpath("i18n", f"{lang}.toml").read_text(encoding="utf-8")
    flatten("", tomllib.loads(text))
    return out


@cache
def _catalog_asset(lang: str) -> Asset:
    body = json.dumps(catalog(lang), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return _make(body.encode("utf-8"), _TYPES[".json"])


def _not_found() -> Response:
    return Response("not found", status_code=404, media_type="text/plain; charset=utf-8", headers=_SECURITY)


async def _home(request: Request) -> Response:
    page = asset("home.html")
    return page.response(request) if page else _not_found()


async def _play(request: Request) -> Response:
    page = asset("play.html")
    return page.response(request) if page else _not_found()


async def _sheets(request: Request) -> Response:
    page = asset("sheets.html")
    return page.response(request) if page else _not_found()


async def _cards(request: Request) -> Response:
    page = asset("cards.html")
    return page.response(request) if page else _not_found()


async def _static(request: Request) -> Response:
    found = asset(request.path_params["name"])
    return found.response(request) if found else _not_found()


async def _catalog(request: Request) -> Response:
    lang = request.path_params["lang"]
    if lang not in LANGS:
        return _not_found()
    return _catalog_asset(lang).response(request)


def page_routes() -> list[BaseRoute]:
    """``/`` (home), ``/play/{id}`` (a seat's table), ``/sheets`` (the sheet editor), ``/cards``
    (the Liberator card maker), ``/web/i18n/{lang}.json``
    and ``/web/{file}``."""
    return [
        Route("/", _home, methods=["GET"]),
        Route("/play/{id}", _play, methods=["GET"]),
        Route("/sheets", _sheets, methods=["GET"]),
        Route("/cards", _cards, methods=["GET"]),
        Route("/web/i18n/{lang}.json", _catalog, methods=["GET"]),
        Route("/web/{name:path}", _static, methods=["GET"]),
    ]
