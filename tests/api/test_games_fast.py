"""The thin games path (meikyu.api.games_fast) answers every request exactly as the general routes do.

Two apps on one data folder, one with the thin path and one without (``create_app(thin=False)``), are sent
the same requests straight over ASGI (so a test can send what no HTTP client would: a bogus length, a
body that never ends, a client that leaves). Every answer is compared byte for byte: status, headers (but
``server-timing``'s measured value) and body. 200s are compared across the paths too: each action is posted
to one app and the game then read from the other.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from meikyu.api.app import create_app
from meikyu.api.config import ApiConfig

Sent = tuple[int, list[tuple[bytes, bytes]], bytes]
"""What an app sent: status, headers, body."""


async def call(app: Any, method: str, path: str, query: bytes = b"", headers: list[tuple[bytes, bytes]] | None = None,
               chunks: list[bytes] | None = None, receive: Callable[[], Awaitable[dict[str, Any]]] | None = None) -> Sent:
    """One request over ASGI, as uvicorn hands it over; ``chunks`` the body's parts (None: no body)."""
    parts = list(chunks or [])

    async def feed() -> dict[str, Any]:
        if parts:
            return {"type": "http.request", "body": parts.pop(0), "more_body": bool(parts)}
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": query, "root_path": "",
             "headers": headers or [], "client": ("127.0.0.1", 5000), "server": ("127.0.0.1", 7654)}
    sent: list[dict[str, Any]] = []

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive or feed, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], [(k.lower(), v) for k, v in start["headers"]], body


def same(thin: Sent, general: Sent) -> Sent:
    """Assert two answers are the same bytes (the server's measured time aside) and return one."""
    def fixed(sent: Sent) -> Sent:
        status, headers, body = sent
        return status, [(k, b"app;dur=(measured)" if k == b"server-timing" else v) for k, v in headers], body

    assert fixed(thin) == fixed(general)
    assert thin[0] < 500
    return thin


def bearer(token: str) -> list[tuple[bytes, bytes]]:
    return [(b"authorization", f"Bearer {token}".encode()), (b"content-type", b"application/json")]


@pytest.fixture
def apps(tmp_path: Path) -> tuple[Any, Any]:
    cfg = ApiConfig(data_dir=str(tmp_path / "data"), games_rate=1e6, games_burst=10**6, body_timeout=0.3)
    return create_app(cfg), create_app(cfg, thin=False)


def new_game(app: Any, **more: Any) -> tuple[str, dict[str, str]]:
    body = json.dumps({"system": "MeikyuKingdom", "kind": "battle", "setup": {"encounter": "sample", "seed": 1},
                       "lang": "en", **more}).encode()
    status, _, out = asyncio.run(call(app, "POST", "/api/games", headers=[(b"content-type", b"application/json")],
                                      chunks=[body]))
    assert status == 201, out
    data = json.loads(out)
    return data["id"], {s["seat"]: s["token"] for s in data["seats"]}


def test_the_same_errors_for_hostile_and_malformed_requests(apps: tuple[Any, Any]) -> None:
    thin, general = apps
    game_id, tokens = new_game(general, manual_dice=True)
    gm, pc = tokens["gm"], next(t for s, t in tokens.items() if s.startswith("pc:"))
    base = f"/api/games/{game_id}"
    first = json.loads(asyncio.run(call(general, "GET", base, headers=bearer(gm)))[2])["legal_actions"][0]["action"]
    act = json.dumps({"action": first, "version": 0}).encode()

    async def slow() -> dict[str, Any]:
        await asyncio.sleep(1.0)  # longer than body_timeout
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def gone() -> dict[str, Any]:
        return {"type": "http.disconnect"}

    big = b'{"action": {}, "version": 0, "x": "' + b"y" * 70_000 + b'"}'
    cases: list[tuple[str, str, bytes, list[tuple[bytes, bytes]], list[bytes] | None, Any, int]] = [
        ("GET", base, b"", [], None, None, 401),
        ("GET", base, b"", bearer("junk"), None, None, 401),
        ("GET", base, b"", [(b"authorization", b"Basic " + gm.encode())], None, None, 401),
        ("GET", base, b"", [(b"authorization", b"Bearer ")], None, None, 401),
        ("GET", base, b"", bearer("x" * 5000), None, None, 401),
        ("GET", base, b"", [(b"authorization", b"Bearer \xff\xfe")], None, None, 401),
        ("GET", base, b"token=" + gm.encode(), [], None, None, 200),
        ("GET", base, b"token=junk&token=" + gm.encode(), [], None, None, 200),
        ("GET", base, b"", bearer(gm), None, None, 200),
        ("GET", base, b"lang=ja", bearer(pc), None, None, 200),
        ("GET", base, b"lang=%20KO%20", bearer(gm), None, None, 200),
        ("GET", base, b"lang=xx", bearer(gm), None, None, 400),
        ("GET", base, b"lang=%ff%fe", bearer(gm), None, None, 400),
        ("GET", "/api/games/nope", b"", bearer(gm), None, None, 404),
        ("GET", "/api/games/" + "n" * 300, b"lang=ja", bearer(gm), None, None, 404),
        ("GET", "/api/games/%00", b"", bearer(gm), None, None, 404),
        ("POST", base + "/actions", b"", bearer(gm), [b"not json"], None, 400),
        ("POST", base + "/actions", b"lang=ko", bearer(gm), [b"[1, 2]"], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b"\xff\xfe"], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"version": 0}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": [], "version": 0}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": {"@type": "Fly"}, "version": 0}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": {}, "version": "0"}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": {}, "version": -1}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": {}, "version": 0, "dice": "66"}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b'{"action": {}, "version": 0, "dice": [true]}'], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), [b"[" * 100_000], None, 413),
        ("POST", base + "/actions", b"", bearer(gm), [b"[" * 60_000], None, 400),  # too deep for the parser
        ("POST", base + "/actions", b"", [*bearer(gm), (b"content-length", b"70000")], [big], None, 413),
        ("POST", base + "/actions", b"", bearer(gm), [big[:40_000], big[40_000:]], None, 413),  # no length, chunked
        ("POST", base + "/actions", b"", [*bearer(gm), (b"content-length", b"abc")], [act], None, 400),
        ("POST", base + "/actions", b"", [*bearer(gm), (b"content-length", b"-1")], [act], None, 400),
        ("POST", base + "/actions", b"", bearer(gm), None, slow, 408),
        ("POST", base + "/actions", b"", bearer(gm), None, gone, 400),
        ("POST", base + "/actions", b"", bearer("junk"), [act], None, 401),
        ("POST", base + "/actions", b"", [], [act], None, 401),
        ("POST", "/api/games/nope/actions", b"", bearer(gm), [act], None, 404),
        ("POST", base + "/actions", b"", bearer(pc), [act], None, 403),
        ("POST", base + "/actions", b"lang=ja", bearer(gm),
         [json.dumps({"action": first, "version": 0, "dice": [6] * 50}).encode()], None, 422),
        ("POST", base + "/actions", b"lang=ko", bearer(gm), [json.dumps({"action": first, "version": 7}).encode()],
         None, 409),
        ("POST", base + "/actions", b"lang=xx", bearer(gm), [act], None, 400),
        ("POST", base + "/actions", b"", [(b"authorization", f"Bearer {gm}".encode()),
                                          (b"content-type", b"text/plain")], [b"action=1&version=0"], None, 400),
        # what the thin path leaves to the router: other methods and paths
        ("HEAD", base, b"", bearer(gm), None, None, 200),
        ("GET", base + "/actions", b"", bearer(gm), None, None, 405),
        ("POST", base, b"", bearer(gm), [act], None, 405),
        ("GET", base + "/", b"", bearer(gm), None, None, 404),
        ("PUT", base + "/actions", b"", bearer(gm), [act], None, 405),
    ]

    async def run() -> None:
        for method, path, query, headers, chunks, receive, status in cases:
            answers = [await call(app, method, path, query, headers, chunks, receive) for app in (thin, general)]
            got = same(*answers)
            assert got[0] == status, (method, path, query, got)
            if status != 200 and method != "HEAD":
                error = json.loads(got[2])
                assert error["ok"] is False and error["error"] and error["message"], got

    asyncio.run(run())
    # none of it moved the game
    assert json.loads(asyncio.run(call(thin, "GET", base, headers=bearer(gm)))[2])["version"] == 0


def test_rate_limits_answer_alike(tmp_path: Path) -> None:
    cfg = ApiConfig(data_dir=str(tmp_path / "data"), games_rate=0.01, games_burst=3)
    thin, general = create_app(cfg), create_app(cfg, thin=False)
    game_id, tokens = new_game(general)

    async def run() -> None:
        for _ in range(5):
            answers = [await call(app, "GET", f"/api/games/{game_id}", b"lang=ja", bearer(tokens["gm"]))
                       for app in (thin, general)]
            got = same(*answers)
        assert got[0] == 429 and (b"retry-after", b"100") in got[1]

    asyncio.run(run())


def test_a_game_played_through_both_paths_reads_the_same_from_either(apps: tuple[Any, Any]) -> None:
    """Each action goes to one path; its 200 answer equals what the other path then answers to a GET."""
    thin, general = apps
    game_id, tokens = new_game(thin)
    base = f"/api/games/{game_id}"
    # The thin app's router no longer has the two routes: whatever it answers there, the thin path answered.
    thin.router.routes = [r for r in thin.router.routes
                          if getattr(r, "path", "") not in ("/api/games/{id}", "/api/games/{id}/actions")]

    async def run() -> int:
        version = 0
        for turn in range(40):
            here, there = (thin, general) if turn % 2 == 0 else (general, thin)
            game = json.loads((await call(there, "GET", base, headers=bearer(tokens["gm"])))[2])
            menu = game["legal_actions"]
            if not menu:
                break
            item = next((i for i in menu if i["key"] == "gm/auto"), None) or next(
                (i for i in menu if i["kind"] != "gm"), menu[0])
            body = json.dumps({"action": item["action"], "version": version}).encode()
            status, headers, answer = await call(here, "POST", base + "/actions", b"", bearer(tokens["gm"]), [body])
            assert status == 200, answer
            version += 1
            for app in (there, here):
                got = await call(app, "GET", base, headers=bearer(tokens["gm"]))
                assert got[2] == answer and got[0] == 200
            for token in tokens.values():  # every seat reads the same bytes from either path
                same(await call(thin, "GET", base, b"lang=ko", bearer(token)),
                     await call(general, "GET", base, b"lang=ko", bearer(token)))
            assert [k for k, _ in headers] == [b"content-length", b"content-type", b"server-timing",
                                                b"access-control-allow-origin"]
        return version

    assert asyncio.run(run()) >= 10
