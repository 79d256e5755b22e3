"""Screenshots of every screen of the web table in ko, ja and en, desktop and phone sized.

    python3 scripts/screenshots.py [--out screenshots] [--only NAME] [--install-fonts]

Starts its own ``meikyu serve`` on a free port (games kept in a temporary folder), creates a game of
each kind the server offers, plays a few steps, and saves ``<out>/<screen>-<lang>-<size>.png``. The
folder is git-ignored; look at the pictures after changing the page.

Korean and Japanese screens need a font with their letters (without one Chromium draws boxes): the
script checks with ``fc-list`` first and stops, saying what to install (Debian: ``fonts-noto-cjk``),
unless ``--install-fonts`` lets it run ``apt-get install fonts-noto-cjk`` itself (as root).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

CHROMIUM = os.environ.get("MEIKYU_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
LOCALES = {"ko": "ko-KR", "ja": "ja-JP", "en": "en-US"}
SAFE = (':not([disabled]):not([data-key*="surrender"]):not([data-key*="escape"]):not([data-key*="give_up"])'
        ':not([data-key*="abandon"])')
ACT = f"#actions .prompt button.act{SAFE}, #actions button.kind-attack{SAFE}, #actions button.act{SAFE}"
PREPARE = {  # what the GM does before the players' screens are taken
    ("MeikyuKingdom", "battle"): ["gm/begin"],
    ("MeikyuKingdom", "session"): ["gm/advance", "gm/advance"],  # to the round table
    ("Liberator", "scenario"): ["gm/generate_mission/type=normal/seed=0"],
}
MORE = {  # further screens: a second game of a kind, taken further by the GM first
    "MeikyuKingdom-session-labyrinth": (("MeikyuKingdom", "session"), ["gm/gm_skip"] * 5 + ["all/enter_labyrinth"]),
    "MeikyuKingdom-session-hall": (("MeikyuKingdom", "session"),  # the map after a step: rooms found, one explored
                                   ["gm/gm_skip"] * 5 + ["all/enter_labyrinth", "all/skip_search",
                                                         "all/move_to/room=hall"]),
}
FONT_PACKAGE = "fonts-noto-cjk"
TALK = [  # a scene of talk, posted before the talk screens are taken: (seat, message body)
    ("gm", {"text": {"ko": "어서 오게, 가라앉은 여관일세.", "ja": "ようこそ、沈んだ宿へ。", "en": "Welcome to the Sunken Inn."},
            "speaker": {"ko": "늙은 여관 주인", "ja": "年老いた宿の主人", "en": "Old Innkeeper"}}),
    ("pc:hana", {"text": {"ko": "방 두 개 부탁해요.\n저녁도요.", "ja": "部屋を二つ。\n夕食も。", "en": "Two rooms, please.\nAnd supper."}}),
    ("pc:toru", {"text": {"ko": "잠깐 커피 좀", "ja": "ちょっとコーヒー", "en": "brb, coffee"}, "channel": "ooc"}),
    ("pc:hana", {"text": {"ko": "은 열쇠를 슬쩍 챙긴다.", "ja": "銀の鍵をこっそり拾う。", "en": "I pocket the silver key."},
                 "to": ["gm"]}),
    ("pc:hana", {"text": "2MK+3>=9 {ko: 흥정, ja: 交渉, en: haggling}"}),
    ("pc:toru", {"text": "S2MK+1>=8"}),
    ("gm", {"text": "KDT"}),
    ("pc:toru", {"text": '<img src=x onerror="alert(1)">'}),
]


def missing_fonts() -> list[str]:
    """The languages of ``LOCALES`` no installed font covers (``fc-list :lang=…``); all of ko and ja when
    fontconfig itself is missing."""
    missing = []
    for lang in ("ko", "ja"):
        try:
            found = subprocess.run(["fc-list", f":lang={lang}", "family"], capture_output=True, text=True,
                                   timeout=30).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            found = ""
        if not found:
            missing.append(lang)
    return missing


def check_fonts(install: bool) -> None:
    """Stop before any picture is taken when Korean or Japanese would be drawn as boxes."""
    missing = missing_fonts()
    if missing and install:
        subprocess.run(["apt-get", "install", "-y", "--no-install-recommends", FONT_PACKAGE], check=False)
        missing = missing_fonts()
    if missing:
        raise SystemExit(f"no font for {', '.join(missing)}: the screenshots would show boxes. Install one "
                         f"(Debian: apt-get install {FONT_PACKAGE}) or run with --install-fonts as root.")


def localized(value: Any, lang: str) -> Any:
    if isinstance(value, dict):
        return value[lang]
    if isinstance(value, str) and "{ko:" in value:
        head, _, rest = value.partition("{")
        words = dict(part.split(": ", 1) for part in rest.rstrip("}").split(", "))
        return head + words[lang]
    return value


class Server:
    def __init__(self) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.data = tempfile.TemporaryDirectory()
        # every screen is a game of its own: the per-address creation limit would refuse the 20th
        env = {**os.environ, "MEIKYU_DATA": self.data.name, "MEIKYU_GAMES_RATE": "1000",
               "MEIKYU_GAMES_CREATE_RATE": "1000", "MEIKYU_TALK_RATE": "6000"}
        self.process = subprocess.Popen([sys.executable, "-m", "meikyu", "serve", "--port", str(self.port)],
                                        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{self.port}"
        for _ in range(200):
            try:
                urllib.request.urlopen(self.base + "/v2/version", timeout=1)
                return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("the server did not start")

    def call(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body).encode()
        with urllib.request.urlopen(urllib.request.Request(self.base + path, data, headers, method=method)) as r:
            return json.loads(r.read())

    def take(self, game: dict[str, Any], key: str) -> None:
        """The GM takes the menu item ``key``, as the page would post it."""
        token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
        seen = self.call("GET", f"/api/games/{game['id']}", token=token)
        item = next(i for i in seen["legal_actions"] if i["key"] == key)
        self.call("POST", f"/api/games/{game['id']}/actions", {"action": item["action"], "version": seen["version"]},
                  token)

    def close(self) -> None:
        self.process.terminate()
        self.process.wait(10)
        self.data.cleanup()


# Sticky elements (the page's header bar) held in place for a capture and put back after. A full-page capture
# draws a sticky element where the page is scrolled to: over the middle of the picture, not at its top.
UNSTICK = """() => {
  const stuck = [...document.querySelectorAll("body *")].filter((e) => getComputedStyle(e).position === "sticky");
  for (const e of stuck) {
    e.dataset.shotPosition = e.style.getPropertyValue("position");
    e.style.setProperty("position", "static", "important");
  }
  return stuck.length;
}"""
RESTICK = """() => {
  for (const e of document.querySelectorAll("[data-shot-position]")) {
    e.style.removeProperty("position");
    if (e.dataset.shotPosition) e.style.setProperty("position", e.dataset.shotPosition);
    delete e.dataset.shotPosition;
  }
}"""


def full_page(page: Any, path: Path | None = None) -> bytes:
    """The whole page as a reader scrolls through it (the header once, at the top, wherever the page is scrolled
    to); the page itself is left as it was. Saved to ``path`` when given."""
    page.evaluate(UNSTICK)
    try:
        return bytes(page.screenshot(path=None if path is None else str(path), full_page=True))
    finally:
        page.evaluate(RESTICK)


def wait_live(page: Any) -> None:
    page.wait_for_selector("#main[data-version]:not(.stale)")
    page.wait_for_timeout(150)


def step(page: Any, times: int) -> None:
    """Take ``times`` actions from this page (the first one offered), waiting for each to show."""
    for _ in range(times):
        wait_live(page)
        fold = page.locator("#actions details.all-actions:not([open]) > summary")
        if fold.count():  # the full list folded under the action picker
            fold.click()
        buttons = page.locator(ACT)
        if buttons.count() == 0:
            return
        before = page.get_attribute("#main", "data-version")
        buttons.first.click()
        page.wait_for_function("v => document.querySelector('#main').dataset.version !== v", arg=before)
    wait_live(page)


def shot(browser: Any, path: Path, url: str, lang: str, size: str, steps: int) -> None:
    context = browser.new_context(locale=LOCALES[lang], viewport=SIZES[size])
    page = context.new_page()
    page.goto(url)
    if "/play/" in url:
        step(page, steps)
    else:
        page.wait_for_selector("html[data-ready]")
        if steps:  # the home page after creating a game: the seat links
            page.click("#create-button")
            page.wait_for_selector("#seats:not([hidden])")
    page.wait_for_timeout(100)
    full_page(page, path)
    context.close()


def export_shot(browser: Any, server: Server, game: dict[str, Any], path: Path, lang: str, size: str) -> None:
    """The GM's HTML export of the talk scene, opened as a page of its own."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    request = urllib.request.Request(f"{server.base}/api/games/{game['id']}/export?format=html&lang={lang}",
                                     headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request) as reply:
        page_html = reply.read().decode("utf-8")
    context = browser.new_context(locale=LOCALES[lang], viewport=SIZES[size], java_script_enabled=False)
    page = context.new_page()
    page.set_content(page_html)
    page.screenshot(path=str(path), full_page=True)
    context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="screenshots")
    parser.add_argument("--only", help="only screens whose name contains this")
    parser.add_argument("--install-fonts", action="store_true", help=f"apt-get install {FONT_PACKAGE} when missing")
    args = parser.parse_args()
    check_fonts(args.install_fonts)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    server = Server()
    try:
        kinds = [(k["system"], k["kind"]) for k in server.call("GET", "/api/kinds")["kinds"]]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for lang in ("ko", "ja", "en"):
                games = {sk: server.call("POST", "/api/games", {"system": sk[0], "kind": sk[1], "setup": "sample",
                                                                "lang": lang, "manual_dice": True}) for sk in kinds}
                for sk, game in games.items():
                    for key in PREPARE.get(sk, []):
                        server.take(game, key)
                more = {}
                talk = server.call("POST", "/api/games", {"system": "MeikyuKingdom", "kind": "battle",
                                                          "setup": "sample", "lang": lang})
                for seat, body in TALK:
                    token = next(s["token"] for s in talk["seats"] if s["seat"] == seat)
                    server.call("POST", f"/api/games/{talk['id']}/messages",
                                {k: localized(v, lang) for k, v in body.items()}, token)
                more["talk"] = talk
                for name, ((system, kind), keys) in MORE.items():
                    more[name] = server.call("POST", "/api/games", {"system": system, "kind": kind, "setup": "sample",
                                                                    "lang": lang})
                    for key in keys:
                        server.take(more[name], key)
                for size in SIZES:
                    screens = [("home", server.base + "/", 0), ("home-links", server.base + "/", 1),
                               ("sheets", server.base + "/sheets", 0), ("cards", server.base + "/cards#example", 0)]
                    for (system, kind), game in games.items():
                        for seat in game["seats"][:2]:
                            name = f"{system}-{kind}-{seat['seat'].replace(':', '_')}"
                            screens.append((name, server.base + seat["url"], 4 if seat["seat"] != "gm" else 0))
                    for name, game in more.items():
                        screens += [(f"{name}-{seat['seat'].replace(':', '_')}", server.base + seat["url"], 0)
                                    for seat in game["seats"][:2]]
                    for name, url, steps in screens:
                        if not args.only or args.only in name:
                            shot(browser, out / f"{name}-{lang}-{size}.png", url, lang, size, steps)
                    if not args.only or args.only in "export-html":
                        export_shot(browser, server, talk, out / f"export-html-{lang}-{size}.png", lang, size)
            browser.close()
    finally:
        server.close()
    print(f"screenshots in {out}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
