"""The web table: the pages ``meikyu serve`` shows at ``/`` (create a game) and ``/play/{id}`` (a seat).

The page is plain HTML, CSS and JavaScript modules kept in ``static/`` and shipped as package data;
its own words live in ``i18n/{ko,ja,en}.toml`` and reach the browser as JSON (``/web/i18n/ko.json``).
It is a thin face on the games API (``/api/games``): it renders each seat's ``view``, ``legal_actions``
and ``prompt`` and posts a chosen action back. Nothing here knows a game's rules.

>>> from starlette.testclient import TestClient
>>> from starlette.applications import Starlette
>>> client = TestClient(Starlette(routes=routes()))
>>> page = client.get("/")
>>> page.status_code, page.headers["content-type"], "<title>" in page.text
(200, 'text/html; charset=utf-8', True)
>>> client.get("/web/i18n/ja.json").json()["home.create"]
'ゲームを作る'
"""

from __future__ import annotations

from starlette.routing import BaseRoute

from meikyu.i18n import register_catalog

register_catalog("web.", "meikyu.web.i18n")


def routes() -> list[BaseRoute]:
    """The page routes, to put in front of the API's catch-all ``/`` (see :mod:`meikyu.web.assets`)."""
    from meikyu.web.assets import page_routes

    return page_routes()
