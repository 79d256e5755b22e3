"""The home page in a real browser: create a game from the form, get one link per seat (the GM's marked
secret) with copy buttons, and open a seat from its link; in the person's language."""

from __future__ import annotations

import pytest

from tests.api.conftest import Server
from tests.web.conftest import Seat, live_at, open_seat


def open_home(browser: object, server: Server, lang: str) -> Seat:
    home = open_seat(browser, server.base + "/", lang)
    home.page.wait_for_selector("html[data-ready]")
    return home


HEADINGS = {"ko": "게임 시작하기", "ja": "ゲームを始める", "en": "Start a game"}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_home_page_speaks_the_browser_language(web_server: Server, browser: object, lang: str) -> None:
    home = open_home(browser, web_server, lang)
    assert home.page.locator("h1").inner_text() == HEADINGS[lang]
    assert home.page.get_attribute("html", "lang") == lang
    assert home.page.locator("#kind option").count() >= 1
    assert not home.errors


def test_create_a_game_and_hand_out_the_links(web_server: Server, browser: object) -> None:
    home = open_home(browser, web_server, "en")
    page = home.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.select_option("#kind", label="Shin gamebook — Reading")
    page.select_option("#game-lang", "en")
    page.click("#create-button")
    page.wait_for_selector("#seats:not([hidden])")
    seats = page.locator(".seat-link")
    assert seats.count() == 2
    gm = page.locator('.seat-link[data-seat="gm"]')
    assert "secret" in gm.get_attribute("class")
    assert gm.locator(".badge.secret").inner_text().startswith("Secret")
    assert page.locator('.seat-link[data-seat="reader"] .badge.secret').count() == 0
    reader = page.locator('.seat-link[data-seat="reader"]')
    link = reader.locator("input.link").input_value()
    assert "/play/" in link and "#token=" in link
    reader.locator("button").click()
    reader.locator(".copied").filter(has_text="Copied.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == link

    # The link puts its holder at the table, switchable to another language on the page.
    seat = open_seat(browser, link, "ja")
    live_at(seat)
    assert seat.page.locator("#seat").inner_text() == "読者"
    seat.page.select_option("#lang", "ko")
    seat.page.locator("#seat").filter(has_text="독자").wait_for()
    live_at(seat)
    assert not home.errors and not seat.errors


def test_choosing_own_files_without_a_file_says_what_to_do(web_server: Server, browser: object) -> None:
    home = open_home(browser, web_server, "en")
    page = home.page
    page.select_option("#kind", label="Shin gamebook — Reading")
    page.check('input[name="setup"][value="files"]')
    page.click("#create-button")
    assert page.locator("#create-error").inner_text() == "Choose a file first (Gamebook (.toml))."
    # A broken book comes back as the server's own localized message, never a raw body.
    page.set_input_files("#part-book", files=[{"name": "book.toml", "mimeType": "text/plain",
                                               "buffer": b"this is = not [a book"}])
    page.click("#create-button")
    error = page.locator("#create-error")
    error.wait_for()
    page.wait_for_function("() => document.querySelector('#create-error').textContent.length > 0 && "
                           "!document.querySelector('#create-error').textContent.startsWith('Choose')")
    text = error.inner_text()
    assert "{" not in text and "Traceback" not in text
    assert page.locator("#seats").is_hidden()


def test_a_link_without_its_token_says_so(web_server: Server, browser: object) -> None:
    seat = open_seat(browser, web_server.base + "/play/nothing-here", "en")
    seat.page.locator(".fatal").wait_for()
    assert "no seat token" in seat.page.locator(".fatal").inner_text()
    wrong = open_seat(browser, web_server.base + "/play/nothing-here#token=abc", "en")
    wrong.page.locator(".fatal").wait_for()
    assert "{" not in wrong.page.locator(".fatal").inner_text()
