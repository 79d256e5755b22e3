"""A scene of talk in three browsers (issue 25): the GM narrates as an NPC, a player speaks in character and
out of it, whispers to the GM, rolls a secret roll and reveals it, markup stays text, an action is still
taken after talk moved the log's version, and the log keeps a bounded number of entries in the DOM."""

from __future__ import annotations

import json
from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, seat_url


def say(seat: Seat, text: str) -> None:
    seat.page.fill("#say-text", text)
    seat.page.press("#say-text", "Enter")
    seat.page.wait_for_function("() => document.querySelector('#say-text').value === ''")


def line_with(seat: Seat, text: str) -> Any:
    locator = seat.page.locator(".talk-line", has_text=text)
    locator.first.wait_for()
    return locator.first


def token_of(game: dict[str, Any], seat: str) -> str:
    return str(next(s["token"] for s in game["seats"] if s["seat"] == seat))


def test_a_scene_of_talk_gm_and_two_players(store_server: Server, browser: Any) -> None:
    game = create_game(store_server, "MeikyuKingdom", "battle", lang="en")
    gm = open_seat(browser, seat_url(store_server, game, "gm"))
    hana = open_seat(browser, seat_url(store_server, game, "pc:hana"))
    toru = open_seat(browser, seat_url(store_server, game, "pc:toru"), "ko")
    for seat in (gm, hana, toru):
        live_at(seat)
    assert hana.page.locator("#say-speaker").is_hidden() and gm.page.locator("#say-speaker").is_visible()

    gm.page.fill("#say-speaker", "Old Innkeeper")
    say(gm, "Welcome to the Sunken Inn.\nMind the stairs.")
    npc = line_with(toru, "Sunken Inn")
    assert npc.locator(".speaker").inner_text() == "Old Innkeeper"
    assert "Mind the stairs." in npc.locator(".say-text").inner_text()

    say(hana, "Two rooms, please.")
    assert line_with(toru, "Two rooms").locator(".speaker").inner_text() == "Hana"
    hana.page.check("#say-ooc")
    say(hana, "brb, coffee")
    assert "ooc" in (line_with(toru, "brb, coffee").get_attribute("class") or "")
    hana.page.uncheck("#say-ooc")

    hana.page.select_option("#say-to", "gm")
    say(hana, "I pocket the silver key.")
    line_with(gm, "silver key")
    hana.page.select_option("#say-to", "")

    say(hana, "S2MK+3>=9 haggling")
    secret = line_with(toru, "비밀 굴림")
    assert secret.locator(".die").count() == 0
    own = line_with(hana, "haggling")
    dice = own.locator(".die").all_inner_texts()
    assert len(dice) == 2
    own.locator("button.reveal").click()
    revealed = toru.page.locator(".talk-line", has_text="haggling")
    revealed.first.wait_for()
    revealed.locator(".die").first.wait_for()
    assert revealed.first.locator(".die").all_inner_texts() == dice

    evil = '<img src=x onerror="window.pwned=1">'
    say(toru, evil)
    shown = line_with(hana, "onerror")
    assert shown.locator(".say-text").inner_text() == evil
    assert hana.page.locator("#log img").count() == 0
    assert hana.page.evaluate("() => window.pwned === undefined")

    # Other seats never received the whisper or the secret dice before the reveal.
    assert "silver key" not in toru.seen()
    before_reveal = toru.seen().split("haggling")[0]
    assert "2R6+3>=9" not in before_reveal

    # The palette: a ready line in one click; an edited line whose variable a rules step then changes.
    hana.page.click("#palette summary")
    hana.page.locator(".palette-line").first.click()
    assert "2MK+2>=9" in line_with(toru, "2MK+2>=9").inner_text()  # {Wit} read as 2
    hana.page.click("#palette-open-edit")
    hana.page.fill("#palette-edit", "1D6+{HP} wound check")
    hana.page.click("#palette-save")  # the palette stays open across redraws once opened
    hana.page.locator(".palette-line", has_text="wound check").wait_for()
    version = live_at(gm)
    gm.page.select_option("#gm-override", value="gm/reduce_hp/hana/1")
    gm.page.locator('#gm form.item-form[data-key="gm/reduce_hp/hana/1"] button.act').click()  # its HP field: 1
    live_at(hana, version + 1)
    hana.page.locator(".palette-line", has_text="wound check").click()
    assert "1D6+11" in line_with(toru, "1D6+11").inner_text()  # HP 12 - 1, read when sent

    # An action is still taken after talk moved the log's version past the one the page drew its menu at.
    for seat in (gm, hana, toru):
        buttons = seat.page.locator("#actions button.act:not([disabled]), #gm button.act:not([disabled])")
        if buttons.count():
            version = live_at(seat)
            buttons.first.click()
            live_at(seat, version + 1)
            assert seat.page.locator(".refused").count() == 0
            break
    for seat in (gm, hana, toru):
        assert not [e for e in seat.errors if "favicon" not in e], seat.errors

    # The HTML export opens in Chromium as a page of its own: one <p> per entry, the markup typed stays text.
    reply = store_server.request("GET", f"/api/games/{game['id']}/export", {"format": "html"}, None,
                               {"Authorization": f"Bearer {token_of(game, 'pc:toru')}"})
    assert reply.status == 200 and reply.headers["content-type"].startswith("text/html")
    page = toru.page.context.new_page()
    page.set_content(reply.body.decode("utf-8"))
    assert page.locator("p").count() >= 8 and page.locator("img").count() == 0
    assert page.locator("p", has_text="onerror").count() == 1 and "silver key" not in page.content()
    page.close()


def test_the_log_keeps_a_bounded_window_and_loads_earlier_entries(web_server: Server, browser: Any) -> None:
    game = create_game(web_server, "MeikyuKingdom", "battle", lang="en")
    token = token_of(game, "pc:hana")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for i in range(130):
        reply = web_server.request("POST", f"/api/games/{game['id']}/messages", None,
                                   json.dumps({"text": f"line {i:03d}"}).encode(), headers)
        assert reply.status == 201, reply.body
    toru = open_seat(browser, seat_url(web_server, game, "pc:toru"))
    live_at(toru, 130)
    lines = toru.page.locator("#log-lines .talk-line")
    assert lines.count() <= 50  # a GET carries the latest 50
    toru.page.click("#log-earlier")
    toru.page.wait_for_function("() => document.querySelectorAll('#log-lines .talk-line').length >= 100")
    toru.page.click("#log-earlier")
    toru.page.wait_for_function("() => document.querySelectorAll('#log-lines .talk-line').length > 100")
    assert toru.page.locator("#log-lines .talk-line").count() <= 150
    # Live talk lands at the end; the window stays bounded.
    for i in range(3):
        web_server.request("POST", f"/api/games/{game['id']}/messages", None,
                           json.dumps({"text": f"new {i}"}).encode(), headers)
    line_with(toru, "new 2")
    assert toru.page.locator("#log-lines .talk-line").count() <= 150
