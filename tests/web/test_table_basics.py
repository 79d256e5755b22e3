"""What every table page does, whatever the game (shown on the gamebook, the smallest): refused actions
say why and change nothing, keyboard play, a phone-sized screen, and the live line's reconnection."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.api.conftest import Server, free_port
from tests.children import spawn
from tests.web.conftest import click, create_game, live_at, open_seat, seat_url

ACT = "#actions button.act:not([disabled])"


def test_typed_dice_the_rules_refuse_show_the_message_and_change_nothing(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "ShinGamebook", "reading", lang="en", manual_dice=True)
    reader = open_seat(browser, seat_url(web_server, game, "reader"))
    live_at(reader)
    before = reader.page.locator("#board").inner_text()
    reader.page.fill("#dice-input", "6 6 6 6 6")  # the creation roll takes two dice
    reader.page.locator(ACT).first.click()
    refused = reader.page.locator(".refused")
    refused.wait_for()
    assert "{" not in refused.inner_text() and refused.inner_text().strip()
    assert live_at(reader) == 0
    assert reader.page.locator("#board").inner_text() == before
    # The right number of dice is taken as typed, and the log shows them.
    reader.page.fill("#dice-input", "5 2")
    reader.page.locator(ACT).first.click()
    live_at(reader, 1)
    assert reader.page.locator(".refused").count() == 0
    assert reader.page.locator(".creation .die").all_inner_texts() == ["5", "2"]


def test_an_action_on_a_stale_version_is_refused_with_its_message(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "ShinGamebook", "reading", lang="ja")
    reader = open_seat(browser, seat_url(web_server, game, "reader"), "ja")
    click(reader, ACT)

    def old_version(route: object) -> None:
        import json

        request = route.request  # type: ignore[attr-defined]
        body = json.loads(request.post_data)
        body["version"] = 0
        route.fulfill(response=route.fetch(post_data=json.dumps(body)))  # type: ignore[attr-defined]

    actions = re.compile(r".*/api/games/[^/]+/actions(\?.*)?$")
    reader.page.route(actions, old_version)
    reader.page.locator(ACT).first.click()
    refused = reader.page.locator(".refused")
    refused.wait_for()
    assert refused.inner_text().strip() and "{" not in refused.inner_text()
    assert live_at(reader) == 1  # refetched: still version 1, nothing taken
    reader.page.unroute(actions)


def test_keyboard_alone_plays(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "ShinGamebook", "reading", lang="en")
    reader = open_seat(browser, seat_url(web_server, game, "reader"))
    live_at(reader)
    page = reader.page
    page.keyboard.press("Tab")  # the first stop is the link that skips to the actions
    assert page.evaluate("document.activeElement.className") == "skip"
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('button.act')"):
            break
    else:
        raise AssertionError("no action reachable with Tab")
    page.keyboard.press("Enter")
    live_at(reader, 1)
    # Focus stays on the actions after the redraw, so Enter again plays on.
    assert page.evaluate("document.activeElement.closest('#actions') !== null")


def test_phone_screen_has_no_sideways_scrolling(web_server: Server, browser: object) -> None:
    """Every kind's pages on a phone; the MK GM's list of interventions holds long options (it once widened
    the whole page to 554 px)."""
    for system, kind, seats in (("ShinGamebook", "reading", ("reader", "gm")), ("MeikyuKingdom", "battle", ("gm",)),
                                ("MeikyuKingdom", "session", ("gm", "pc:haneul")), ("Liberator", "scenario", ("gm",))):
        game = create_game(web_server, system, kind, lang="en")
        for seat in seats:
            person = open_seat(browser, seat_url(web_server, game, seat), "en", viewport={"width": 360, "height": 740})
            live_at(person)
            width = person.page.evaluate("document.scrollingElement.scrollWidth")
            assert width <= 360, (kind, seat, width)
            person.page.context.close()
    home = open_seat(browser, web_server.base + "/", "ko", viewport={"width": 360, "height": 740})
    home.page.wait_for_selector("html[data-ready]")
    assert home.page.evaluate("document.scrollingElement.scrollWidth") <= 360


def _serve(port: int, data: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "MEIKYU_DATA": str(data), "MEIKYU_LANG": ""}
    process = spawn([sys.executable, "-m", "meikyu", "serve", "--port", str(port)], env=env,
                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # ends with the test run
    server = Server(f"http://127.0.0.1:{port}", process)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            if server.get("/v2/version").status == 200:
                return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("the server did not start")


def test_a_lost_line_shows_reconnecting_then_the_current_state(browser: object, tmp_path: Path) -> None:
    port = free_port()
    process = _serve(port, tmp_path)
    server = Server(f"http://127.0.0.1:{port}", process)
    try:
        game = create_game(server, "ShinGamebook", "reading", lang="en")
        reader = open_seat(browser, seat_url(server, game, "reader"))
        gm = open_seat(browser, seat_url(server, game, "gm"))
        live_at(reader)
        live_at(gm)
        process.terminate()
        process.wait(10)
        for person in (reader, gm):
            person.page.locator(".status.stale").filter(has_text="reconnecting…").wait_for()
            assert "stale" in person.page.get_attribute("#main", "class")
            assert person.page.locator(ACT).count() == 0  # nothing can be clicked on an old state
        process = _serve(port, tmp_path)
        server.process = process
        # Both pages come back by themselves; the reader acts, the GM's page shows it.
        live_at(reader)
        click(reader, ACT)
        live_at(gm, 1)
        assert gm.page.locator(".status.live").count() == 1
    finally:
        process.terminate()
        process.wait(10)


def test_the_log_exports_for_a_forum_post(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "ShinGamebook", "reading", lang="en")
    reader = open_seat(browser, seat_url(web_server, game, "reader"))
    reader.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    click(reader, ACT)
    line = reader.page.locator(".log-line .text").first.inner_text()
    reader.page.click("#export")
    dialog = reader.page.locator("dialog.export")
    dialog.wait_for()
    area = dialog.locator("textarea")
    reader.page.wait_for_function("() => document.querySelector('dialog.export textarea').value.includes('1')")
    assert line in area.input_value()
    dialog.locator("button", has_text="BBCode (forums)").click()
    reader.page.wait_for_function("() => document.querySelector('dialog.export textarea').value.startsWith('[b]')")
    assert line in area.input_value()
    dialog.locator("button", has_text="Copy").click()
    dialog.locator("p", has_text="Copied.").wait_for()
    assert reader.page.evaluate("navigator.clipboard.readText()") == area.input_value()
    dialog.locator("button", has_text="Close").click()
    reader.page.locator("dialog.export").wait_for(state="detached")
