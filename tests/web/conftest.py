"""A real ``meikyu serve`` and a real Chromium (Debian's package, driven by Playwright for Python).

Without Chromium or Playwright the browser tests skip, except under ``CI=true``, where they fail: CI
installs both (``.ci/run``), so a missing browser there is a broken setup, not a reason to pass.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import json
import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.api.conftest import Server, start_server, stop_server

CHROMIUM = os.environ.get("MEIKYU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _missing() -> str | None:
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"Chromium not found at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return None


def require_browser() -> None:
    """Skip (or, under CI, fail) when there is no browser to drive."""
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests cannot run under CI: {reason}")
    pytest.skip(reason)


# Generous rate limits: three scripted people click far faster than a table does, and every page of the
# whole session opens its live socket from this one address (meikyu.api.limits).
GENEROUS = {"MEIKYU_LANG": "", "MEIKYU_GAMES_RATE": "1000", "MEIKYU_WS_OPEN_RATE": "1000",
            "MEIKYU_WS_PER_CLIENT": "1000", "MEIKYU_TALK_RATE": "100000"}


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    data = tmp_path_factory.mktemp("games")
    srv = start_server(env={**GENEROUS, "MEIKYU_DATA": str(data)})
    yield srv
    stop_server(srv)


@pytest.fixture(scope="session")
def pg_web_server() -> Iterator[Server]:
    """The same server on a fresh PostgreSQL database (``MEIKYU_TEST_PG``; skipped without one, failed under CI)."""
    from tests.games.conftest import fresh_pg_database

    with fresh_pg_database() as url:
        srv = start_server("--store", url, env=GENEROUS)
        yield srv
        stop_server(srv)


@pytest.fixture(params=["sqlite", "postgresql"])
def store_server(request: pytest.FixtureRequest) -> Server:
    """The web server on each store: the talk's browser tests run on both (issue 25)."""
    fixture = "web_server" if request.param == "sqlite" else "pg_web_server"
    return request.getfixturevalue(fixture)  # type: ignore[no-any-return]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Seat:
    """One person at the table: their own browser context, page, and everything the server sent them."""

    page: Any
    bodies: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def seen(self) -> str:
        """Every byte of text this person's browser received (HTTP bodies and WebSocket frames)."""
        return "\n".join(self.bodies)


HOLD_POSTS = """(() => {
  const held = [];
  const fetch = window.fetch;
  window.holdPosts = false;
  window.fetch = async (...args) => {
    const answer = await fetch(...args);
    if (window.holdPosts && args[1] && args[1].method === "POST") await new Promise((go) => held.push(go));
    return answer;
  };
  window.releasePosts = () => { window.holdPosts = false; held.splice(0).forEach((go) => go()); };
})()"""
"""An init script for :func:`open_seat`: while ``window.holdPosts`` is true, the answers to the page's POSTs
reach it only at ``window.releasePosts()`` (the server has acted; a slow answer, made deterministic)."""


JITTER = """(() => {
  const fetch = window.fetch;
  window.fetch = async (...args) => {
    const answer = await fetch(...args);
    await new Promise((go) => setTimeout(go, Math.random() * %d));
    return answer;
  };
})()"""
"""An init script every seat gets with ``MEIKYU_WEB_JITTER=ms`` set: each fetch's answer reaches the page up to
that many milliseconds late, at random (pushes overtake answers: races made common, to be found)."""


def open_seat(browser: Any, url: str, lang: str = "en", viewport: dict[str, int] | None = None,
              init_script: str | None = None) -> Seat:
    """A fresh context (its own storage, like another person's browser) with ``lang`` chosen, opened at ``url``."""
    context = browser.new_context(locale={"ko": "ko-KR", "ja": "ja-JP", "en": "en-US"}[lang],
                                  viewport=viewport or {"width": 1280, "height": 900})
    if os.environ.get("MEIKYU_WEB_JITTER"):
        context.add_init_script(JITTER % int(os.environ["MEIKYU_WEB_JITTER"]))
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.set_default_timeout(20_000)  # generous: CI runs on two shared cores
    seat = Seat(page)

    def on_response(response: Any) -> None:
        with contextlib.suppress(Exception):  # a redirect or an aborted body has none
            seat.bodies.append(response.text())

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda frame: seat.bodies.append(frame if isinstance(frame, str) else str(frame)))

    page.on("response", on_response)
    page.on("websocket", on_socket)
    page.on("pageerror", lambda exc: seat.errors.append(str(exc)))
    page.on("console", lambda msg: seat.errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url)
    return seat


def create_game(server: Server, system: str, kind: str, setup: Any = "sample", lang: str = "en",
                **more: Any) -> dict[str, Any]:
    """``POST /api/games`` straight to the API (the home page's own test drives the form)."""
    body = json.dumps({"system": system, "kind": kind, "setup": setup, "lang": lang, **more}).encode()
    reply = server.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    assert reply.status in (200, 201), reply.body[:500]
    data: dict[str, Any] = reply.json()
    return data


def seat_url(server: Server, game: dict[str, Any], seat: str) -> str:
    for s in game["seats"]:
        if s["seat"] == seat:
            return server.base + s["url"]
    raise AssertionError(f"no seat {seat} in {[s['seat'] for s in game['seats']]}")


def live_at(seat: Seat, version: int | None = None) -> int:
    """Wait until the seat's page shows a current state (at ``version`` or later) and is ready to act on
    it (none of its own actions still out: a pushed state can be drawn before the answer to the seat's
    own click, with every button disabled); its version."""
    page = seat.page
    page.wait_for_function(
        "v => { const m = document.querySelector('#main'); return m && m.dataset.version !== undefined && "
        "!m.classList.contains('stale') && !m.classList.contains('busy') && Number(m.dataset.version) >= v; }",
        arg=-1 if version is None else version)
    return int(page.get_attribute("#main", "data-version"))


def click(seat: Seat, selector: str) -> int:
    """Click an action and wait for the page to show the version after it; the new version."""
    before = live_at(seat)
    seat.page.locator(selector).first.click()
    return live_at(seat, before + 1)


@functools.cache
def screenshots() -> Any:
    """``scripts/screenshots.py`` as a module (the folder is no package: loaded from its file), for its
    ``full_page(page, path)``: a whole page with its sticky header drawn once, at the top."""
    script = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"
    spec = importlib.util.spec_from_file_location("screenshots", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
