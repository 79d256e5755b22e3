"""The web table: bytes of each page's first load, and the time from a click to every other seat
showing the change, on loopback with a real ``meikyu serve`` and Chromium.

    python3 benchmarks/web_table.py [--clicks 60] [--battle]

Bytes: everything the browser fetched until the page showed a live state (HTTP bodies as sent, gzip
where the server compresses, plus headers; the WebSocket's frames are not counted), beside the same
files' uncompressed size. Latency: for each click on one seat, the time until the last of the other
seats' pages shows the new version (DOM updated), beside the time until a bare WebSocket client of the
API learns of it (the floor the page adds its fetch and drawing to), measured over the same clicks.
``--battle`` measures the same in the Meikyuu Kingdom sample battle too: the GM turns typed dice on and off
(a settings change, drawn again by three players' pages: board, picker, log).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.api.conftest import start_server, stop_server  # noqa: E402
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

WATCH = """() => { window.__seen = {}; const main = document.querySelector('#main');
  new MutationObserver(() => { const v = main.dataset.version;
    if (!main.classList.contains('stale') && !(v in window.__seen))
      window.__seen[v] = performance.timeOrigin + performance.now(); })
  .observe(main, {attributes: true, attributeFilter: ['data-version', 'class']}); }"""
CLICK = """sel => { const b = document.querySelector(sel); if (!b) return null;
  const at = performance.timeOrigin + performance.now(); b.click(); return at; }"""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def first_load(browser: Any, url: str) -> tuple[int, int]:
    """(bytes on the wire, bytes uncompressed) of one page's first load until it is live."""
    context = browser.new_context()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    wire: dict[str, int] = {}
    plain: dict[str, int] = {}
    cdp.on("Network.loadingFinished", lambda e: wire.__setitem__(e["requestId"], int(e["encodedDataLength"])))
    cdp.on("Network.dataReceived", lambda e: plain.__setitem__(e["requestId"], plain.get(e["requestId"], 0)
                                                                + int(e["dataLength"])))
    page.goto(url)
    if "/play/" in url:
        page.wait_for_selector("#main[data-version]:not(.stale)")
    else:
        page.wait_for_selector("#kind option", state="attached")
    page.wait_for_timeout(300)
    context.close()
    return sum(wire.values()), sum(plain.values())


def ws_listener(base: str, game_id: str, token: str, arrivals: dict[int, float], ready: threading.Event,
                stop: threading.Event) -> None:
    """A bare API client: note when each version's push arrives (wall clock, ms)."""
    import asyncio

    import websockets

    async def run() -> None:
        url = base.replace("http", "ws") + f"/api/games/{game_id}/live?token={token}"
        async with websockets.connect(url) as socket:
            ready.set()
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(socket.recv(), 0.2)
                except TimeoutError:
                    continue
                data = json.loads(message)
                if isinstance(data.get("version"), int):
                    arrivals.setdefault(data["version"], time.time() * 1000)

    asyncio.run(run())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--battle", action="store_true", help="also the MK battle: the GM's settings switch, "
                        "three players' pages watching")
    args = parser.parse_args()
    import tempfile

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as data:
        server = start_server(env={"MEIKYU_LANG": "", "MEIKYU_DATA": data, "MEIKYU_GAMES_RATE": "1000",
                                   "MEIKYU_WS_OPEN_RATE": "1000", "MEIKYU_WS_PER_CLIENT": "1000"})  # one address
        try:
            return run(server, args.clicks, sync_playwright, args.battle)
        finally:
            stop_server(server)


def create(server: Any, system: str, kind: str) -> dict[str, Any]:
    body = json.dumps({"system": system, "kind": kind, "setup": "sample", "lang": "en"}).encode()
    reply = server.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    return dict(reply.json())


def take(server: Any, game: dict[str, Any], key: str) -> None:
    """The GM takes the menu item ``key`` through the API."""
    auth = {"Authorization": f"Bearer {game['seats'][0]['token']}", "Content-Type": "application/json"}
    seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
    item = next(i for i in seen["legal_actions"] if i["key"] == key)
    body = json.dumps({"action": item["action"], "version": seen["version"]}).encode()
    server.request("POST", f"/api/games/{game['id']}/actions", body=body, headers=auth)


def run(server: Any, clicks: int, sync_playwright: Any, battle: bool = False) -> int:
    kinds = [(k["system"], k["kind"]) for k in server.get("/api/kinds").json()["kinds"]]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        print("first load (bytes on the wire, gzip | uncompressed):")
        rows = [("home", server.base + "/")]
        for system, kind in kinds:
            game = create(server, system, kind)
            for seat in game["seats"][:2]:
                rows.append((f"{system}/{kind} {seat['seat']}", server.base + seat["url"]))
        game = create(server, "MeikyuKingdom", "session")  # the labyrinth on its map, one room in
        for key in ["gm/gm_skip"] * 5 + ["all/enter_labyrinth", "all/skip_search", "all/move_to/room=hall"]:
            take(server, game, key)
        rows += [(f"MK labyrinth (hall) {seat['seat']}", server.base + seat["url"]) for seat in game["seats"][:2]]
        for name, url in rows:
            wire, plain = first_load(browser, url)
            print(f"  {name:34} {wire / 1024:7.1f} KB | {plain / 1024:7.1f} KB")

        # Latency: the gamebook's reader clicks; the GM's page and two more GM tabs watch (three other seats).
        game = create(server, "ShinGamebook", "reading")
        seats = {s["seat"]: s for s in game["seats"]}
        actor_ctx = browser.new_context()
        actor = actor_ctx.new_page()
        actor.goto(server.base + seats["reader"]["url"])
        watchers = []
        for _ in range(3):
            page = browser.new_context().new_page()
            page.goto(server.base + seats["gm"]["url"])
            page.wait_for_selector("#main[data-version]:not(.stale)")
            page.evaluate(WATCH)
            watchers.append(page)
        arrivals: dict[int, float] = {}
        ready, stop = threading.Event(), threading.Event()
        listener = threading.Thread(target=ws_listener, args=(server.base, game["id"], seats["gm"]["token"],
                                                              arrivals, ready, stop), daemon=True)
        listener.start()
        ready.wait(10)
        page_ms: list[float] = []
        api_ms: list[float] = []
        done = 0
        while done < clicks:
            actor.wait_for_selector("#main[data-version]:not(.stale)")
            version = int(actor.get_attribute("#main", "data-version"))
            if actor.locator(".ending").count():
                undo = {"version": version, "steps": version}
                server.request("POST", f"/api/games/{game['id']}/undo", body=json.dumps(undo).encode(),
                               headers={"Content-Type": "application/json",
                                        "Authorization": f"Bearer {seats['gm']['token']}"})
                actor.wait_for_function("v => Number(document.querySelector('#main').dataset.version) > v",
                                        arg=version)
                continue
            at = actor.evaluate(CLICK, "#actions button.act:not([disabled])")
            if at is None:
                break
            target = version + 1
            for page in watchers:
                page.wait_for_function("v => window.__seen[v] !== undefined", arg=str(target))
            seen = max(page.evaluate("v => window.__seen[v]", str(target)) for page in watchers)
            deadline = time.time() + 5
            while target not in arrivals and time.time() < deadline:
                time.sleep(0.002)
            page_ms.append(seen - at)
            if target in arrivals:
                api_ms.append(arrivals[target] - at)
            done += 1
        stop.set()
        report("click → every other seat's page shows it", page_ms, api_ms)
        if battle:
            report("MK battle: the GM's settings switch → three players' pages show it", *battle_clicks(
                server, browser, clicks))
        browser.close()
    return 0


def report(title: str, page_ms: list[float], api_ms: list[float]) -> None:
    print(f"{title} ({len(page_ms)} clicks, 3 watching pages):")
    print(f"  page:  p50 {statistics.median(page_ms):6.1f} ms   p95 {pct(page_ms, 0.95):6.1f} ms   "
          f"max {max(page_ms):6.1f} ms")
    if api_ms:
        print(f"  bare API WebSocket client: p50 {statistics.median(api_ms):6.1f} ms   p95 {pct(api_ms, 0.95):6.1f} ms"
              f"   (the page adds {statistics.median(page_ms) - statistics.median(api_ms):.1f} ms at p50)")


def battle_clicks(server: Any, browser: Any, clicks: int) -> tuple[list[float], list[float]]:
    """The sample battle begun; the GM's page turns typed dice on and off, Hana's, Toru's and Mio's pages watch."""
    game = create(server, "MeikyuKingdom", "battle")
    seats = {s["seat"]: s for s in game["seats"]}
    gm_token = seats["gm"]["token"]
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {gm_token}"}
    seen = server.request("GET", f"/api/games/{game['id']}", headers=headers).json()
    begin = next(i for i in seen["legal_actions"] if i["key"] == "gm/begin")
    server.request("POST", f"/api/games/{game['id']}/actions", headers=headers,
                   body=json.dumps({"action": begin["action"], "version": seen["version"]}).encode())
    actor = browser.new_context().new_page()
    actor.goto(server.base + seats["gm"]["url"])
    watchers = []
    for seat in ("pc:hana", "pc:toru", "pc:mio"):
        page = browser.new_context().new_page()
        page.goto(server.base + seats[seat]["url"])
        page.wait_for_selector("#main[data-version]:not(.stale)")
        page.evaluate(WATCH)
        watchers.append(page)
    arrivals: dict[int, float] = {}
    ready, stop = threading.Event(), threading.Event()
    listener = threading.Thread(target=ws_listener, args=(server.base, game["id"], gm_token, arrivals, ready, stop),
                                daemon=True)
    listener.start()
    ready.wait(10)
    page_ms: list[float] = []
    api_ms: list[float] = []
    for _ in range(clicks):
        actor.wait_for_selector("#main[data-version]:not(.stale):not(.busy)")
        version = int(actor.get_attribute("#main", "data-version"))
        at = actor.evaluate(CLICK, "#dice-toggle:not([disabled])")
        if at is None:
            break
        target = version + 1
        for page in watchers:
            page.wait_for_function("v => window.__seen[v] !== undefined", arg=str(target))
        page_ms.append(max(page.evaluate("v => window.__seen[v]", str(target)) for page in watchers) - at)
        deadline = time.time() + 5
        while target not in arrivals and time.time() < deadline:
            time.sleep(0.002)
        if target in arrivals:
            api_ms.append(arrivals[target] - at)
    stop.set()
    return page_ms, api_ms


if __name__ == "__main__":
    raise SystemExit(main())
