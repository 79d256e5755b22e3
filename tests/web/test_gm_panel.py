"""The GM's panel and the questions asked first, in Chromium (issue 26, points 5-7): the autopilot and typed
dice as game settings on the server (every seat reads the change in the log; a second GM device shows the
same switch), the panel one tap away on a 390 px phone, the dice box above the action that rolls them, the
picker on the GM's page for the monsters with their pieces outlined as the pointer rests on them, the
monsters' whole turn on one button, and a surrender asked about first (cancel leaves the game as it was)."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, seat_url
from tests.web.mk_play import gm_do, sync

PHONE = {"width": 390, "height": 844}
SETTING_LINES = {"ko": "GM이 이제부터 실제 주사위 눈(직접 입력)을 허용합니다.",
                 "en": "The GM allows dice rolled at a real table (typed in) from now on."}


def top(page: Any, selector: str) -> float:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return float(box["y"])


def test_the_gm_panel_on_a_phone_and_settings_every_seat_reads(web_server: Server, browser: Any) -> None:
    game = create_game(web_server, "MeikyuKingdom", "battle", setup={"encounter": "sample", "seed": 5}, lang="ko")
    gm = open_seat(browser, seat_url(web_server, game, "gm"), "ko", PHONE)
    hana = open_seat(browser, seat_url(web_server, game, "pc:hana"), "ko", PHONE)
    version = live_at(gm)
    gm_do(gm, "gm/begin")
    # one tap from the top of the page: the drawer covers the screen, its switches in the first screenful
    assert top(gm.page, "#gm-open") < 200
    gm.page.click("#gm-open")
    assert gm.page.locator("#gm.drawer-open").is_visible()
    assert gm.page.get_attribute("#gm-open", "aria-expanded") == "true"
    assert top(gm.page, "#dice-toggle") < PHONE["height"] and top(gm.page, "#auto-toggle") < PHONE["height"]
    version = live_at(gm)
    gm.page.click("#dice-toggle")
    version = live_at(gm, version + 1)
    # the drawer covers the page: the dice box is in it too, first, for what the GM rolls from it
    assert gm.page.locator("#gm.drawer-open #gm-dice-input").is_visible()
    assert top(gm.page, "#gm-dice-input") < top(gm.page, "#auto-toggle")
    live_at(hana, version)
    assert SETTING_LINES["ko"] in hana.page.locator("#log-lines").inner_text()
    assert hana.page.locator("#gm-open:not([hidden]), #gm:not([hidden])").count() == 0  # no GM tools for players
    # the dice box sits first, above the question it rolls for, on the first screen
    assert top(hana.page, "#dice-input") < top(hana.page, ".picker") < PHONE["height"]
    # the autopilot: the server's setting, the same on a second GM device
    gm.page.click("#auto-toggle")
    version = live_at(gm, version + 1)
    other = open_seat(browser, seat_url(web_server, game, "gm"), "ko", PHONE)
    live_at(other, version)
    assert other.page.is_checked("#auto-toggle") and other.page.is_checked("#dice-toggle")
    gm.page.click(".gm-close")
    assert gm.page.locator("#gm.drawer-open").count() == 0
    assert not any(s.errors for s in (gm, hana, other)), [s.errors for s in (gm, hana, other)]


def test_the_gm_plays_the_monsters_through_the_picker_and_a_surrender_is_asked_first(web_server: Server,
                                                                                      browser: Any) -> None:
    game = create_game(web_server, "MeikyuKingdom", "battle", setup={"encounter": "sample", "seed": 5}, lang="en",
                       manual_dice=True)
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    hana = open_seat(browser, seat_url(web_server, game, "pc:hana"))
    live_at(gm)
    version = gm_do(gm, "gm/begin")
    # the court's strategy check with typed dice that fail it: the monsters act first (R-MK-24)
    live_at(hana, version)
    hana.page.fill("#dice-input", "2 1")
    hana.page.click('.picker button.pick[data-pick="check"]')
    hana.page.click(".picker button.pick-go")
    version = live_at(hana, version + 1)
    while hana.page.locator("#actions .prompt button.act").count():  # minion help: declined
        hana.page.locator("#actions .prompt button.act").last.click()
        version = live_at(hana, version + 1)
    sync([gm], version)
    assert gm.page.locator("#gm .act.auto").count() == 1  # a monster is the GM's to play
    picker = gm.page.locator("#actions .picker")
    assert picker.count() == 1
    who = picker.locator("button.pick").first
    monster = who.get_attribute("data-pick")
    who.hover()  # its piece is outlined on the battlefield
    assert gm.page.locator(f'#board .piece.pick-focus[data-id="{monster}"]').count() == 1
    # the monsters' whole turn on one button: played on until no monster is the GM's to play
    gm.page.click("#auto-turn")
    gm.page.wait_for_function("v => Number(document.querySelector('#main').dataset.version) > v + 1 && "
                              "!document.querySelector('#gm .act.auto')", arg=version, timeout=30_000)
    # a surrender ends the battle for everyone: asked first; cancel changes nothing
    version = live_at(hana)
    hana.page.locator("#actions details.all-actions > summary").click()
    surrender = hana.page.locator('#actions button.act[data-key*="surrender"]').first
    surrender.click()
    dialog = hana.page.locator("dialog.confirm[open]")
    assert "the battle ends at once for everyone" in dialog.inner_text()
    hana.page.click("dialog.confirm .confirm-no")
    hana.page.wait_for_timeout(300)
    assert live_at(hana) == version and hana.page.locator(".battle .outcome").count() == 0
    hana.page.locator('#actions button.act[data-key*="surrender"]').first.click()
    hana.page.click("dialog.confirm .confirm-yes")
    live_at(hana, version + 1)
    assert "surrender" in hana.page.locator(".battle .outcome").inner_text().lower()
    assert not any(s.errors for s in (gm, hana)), [s.errors for s in (gm, hana)]
