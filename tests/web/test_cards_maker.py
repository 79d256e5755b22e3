"""Issue 27 §5 in a real browser: the Liberator card maker makes an action card from nothing (an effect chosen
from the engine's list, said in the reader's words), the budget refuses an overspent card (beside the field, in
the list, on the card's badge, and the download refuses it too), the card is fixed, the deck downloaded and read
back by the engine's reader, a broken file opened (every problem at once, by path) and the downloaded one opened
again, and a Liberator game started with it, where a player holds the new card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from meikyu.systems.liberator.cardmaking import check_cards
from meikyu.systems.liberator.cards import load_card_file
from tests.api.conftest import Server
from tests.web.conftest import live_at, open_seat, screenshots

SHOTS = Path("/tmp/meikyu-cards-shots")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
WORDS = {"ko": ("예산 10 / 9", "추격: M"), "ja": ("予算 10 / 9", "追:M"), "en": ("Budget 10 / 9", "follow-up: M")}


@pytest.mark.parametrize(("lang", "viewport"), [("ko", PHONE), ("en", DESKTOP)], ids=["ko-phone", "en-desktop"])
def test_a_card_from_nothing_refused_over_budget_fixed_downloaded_and_played(
        web_server: Server, browser: Any, lang: str, viewport: dict[str, int], tmp_path: Path) -> None:
    SHOTS.mkdir(exist_ok=True)
    # from the home page: the card maker's link appears when Liberator is chosen
    maker = open_seat(browser, web_server.base + "/", lang, viewport=viewport)
    page = maker.page
    page.wait_for_selector("html[data-ready='1']")
    assert page.locator("#cards-link").is_hidden()
    kinds = web_server.request("GET", "/api/kinds").json()["kinds"]
    page.select_option("#kind", str(next(i for i, k in enumerate(kinds) if k["system"] == "Liberator")))
    page.click("#cards-link")
    page.wait_for_url("**/cards")
    page.wait_for_selector("html[data-ready='1']")
    page.click("#new-deck")
    page.fill("#f-actions-0-name", "Heavy Cut")
    page.fill("#f-actions-0-id", "heavy_cut")
    # face 6: the grant replaced by a follow-up, chosen from the engine's list in the reader's words
    page.fill("#f-actions-0-effects-5", "")
    page.select_option("#f-actions-0-effects-5-pick", "追:M")
    assert page.input_value("#f-actions-0-effects-5") == "追:M"
    over, follow = WORDS[lang]
    page.wait_for_function("w => document.querySelector('#reading-0-5').innerText.includes(w)", arg=follow)

    # one point too many: refused beside the field, in the list and on the card's badge
    page.fill("#f-actions-0-power-5", "4")
    page.wait_for_selector("#budget-0.over")
    assert page.inner_text("#budget-0") == over
    page.wait_for_selector("#problems li.error[data-path='actions[0].recovery']")
    assert page.get_attribute("#f-actions-0-recovery", "aria-invalid") == "true"
    assert page.locator(".field-problem[data-for='actions[0].recovery']").count() == 1
    page.wait_for_selector("#suggest-0:not([hidden])")  # the engine's power row is offered (not taken here)
    screenshots().full_page(page, SHOTS / f"{lang}-{viewport['width']}-over.png")
    page.click("#download-toml")  # the download refuses it too, and says why
    page.wait_for_function("() => document.querySelector('#io-note').innerText.length > 0")
    assert "1" in page.inner_text("#io-note")  # one problem to fix first: the budget

    # fixed: face 2 gives its point back
    page.fill("#f-actions-0-power-1", "0")
    page.wait_for_selector("html[data-deck-ok='1']")
    assert page.get_attribute("#budget-0", "class") == "budget fits"
    assert page.inner_text("#io-note") == ""  # the refusal no longer holds
    screenshots().full_page(page, SHOTS / f"{lang}-{viewport['width']}-ok.png")
    with page.expect_download() as got:
        page.click("#download-toml")
    saved = tmp_path / "cards.toml"
    got.value.save_as(saved)
    cards = load_card_file(saved)  # the engine's own reader
    card = cards.actions["heavy_cut"]
    assert (card.name, card.power, card.follow_up(6)) == ("Heavy Cut", (0, 0, 1, 2, 2, 4), "M")
    assert check_cards(cards) == ()

    # opening a deck: a broken one shows every problem at once by its path; the downloaded one reads back whole
    broken = tmp_path / "broken.json"
    broken.write_text('{"actions": [{"id": "x", "name": "X", "attribute": "Q", "recovery": 9, "power": [0, 1, 1, 2, 2, 3],'
                      ' "effects": ["即:捨", "", "", "", "", ""]}], "feats": [{"id": "f", "name": "F", "efect": "P威力+1"}]}',
                      encoding="utf-8")
    page.set_input_files("#open-deck", str(broken))
    for path in ("actions[0].attribute", "actions[0].recovery", "feats[0].effect", "feats[0].efect"):
        page.wait_for_selector(f"#problems li.error[data-path='{path}']")
    assert page.input_value("#f-actions-0-name") == "X"  # the file as written, in the forms
    page.set_input_files("#open-deck", str(saved))
    page.wait_for_selector("html[data-deck-ok='1']")
    assert page.input_value("#f-actions-0-name") == "Heavy Cut"

    # a game with the deck: the first player takes the new card
    page.select_option("#f-players-0-extras", "heavy_cut")
    page.click("#start")
    page.wait_for_selector("#seat-list li[data-seat='player:ann'] a")
    url = page.get_attribute("#seat-list li[data-seat='player:ann'] a", "href")
    assert url
    player = open_seat(browser, url, lang, viewport=viewport)
    live_at(player)
    assert "Heavy Cut" in player.page.inner_text("body")
    unexpected = [e for e in maker.errors if "422" not in e]  # the refused download is the one 422 asked for
    assert not unexpected and not player.errors, (maker.errors, player.errors)
    player.page.context.close()
    page.context.close()


NAMES = {"ko": "베기", "ja": "斬り", "en": "Cut Down"}
GM_ONLY = {"ko": "GM 좌석만 할 수 있습니다.", "ja": "GMの席だけができる操作です。", "en": "only the GM's seat may do this."}


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_cards_names_per_language_are_played_and_the_gm_opens_the_games_deck_again(
        web_server: Server, browser: Any, lang: str) -> None:
    """A card named in each language (three boxes) is headed in the page's language in the card maker (its
    ``name`` until then) and shown at the table in the seat's language; the GM's export dialog opens the game's
    deck in the card maker (the token leaves the address bar), names and all."""
    SHOTS.mkdir(exist_ok=True)
    maker = open_seat(browser, web_server.base + "/cards", lang, viewport=DESKTOP)
    page = maker.page
    page.wait_for_selector("html[data-ready='1']")
    page.click("#new-deck")
    page.fill("#f-actions-0-name", "Cut")
    page.fill("#f-actions-0-id", "cut")
    assert page.inner_text("#action-0 .card-name") == "Cut"  # no name in the page's language yet: its name
    for code, name in NAMES.items():
        page.fill(f"#f-actions-0-names-{code}", name)
    assert page.inner_text("#action-0 .card-name") == NAMES[lang]
    page.wait_for_selector("html[data-deck-ok='1']")
    page.wait_for_function("n => [...document.querySelectorAll('#f-players-0-extras option')]"
                           ".some(o => o.textContent.startsWith(n))", arg=NAMES[lang])  # the deck's name in the page's language
    page.select_option("#f-players-0-extras", "cut")
    page.click("#start")
    page.wait_for_selector("#seat-list li[data-seat='gm'] a")
    gm_url = page.get_attribute("#seat-list li[data-seat='gm'] a", "href")
    ann_url = page.get_attribute("#seat-list li[data-seat='player:ann'] a", "href")
    assert gm_url and ann_url
    player = open_seat(browser, ann_url, lang, viewport=DESKTOP)
    live_at(player)
    hand = player.page.inner_text("#board")
    assert NAMES[lang] in hand and "Cut\n" not in hand, hand
    screenshots().full_page(player.page, SHOTS / f"names-{lang}-table.png")

    gm = open_seat(browser, gm_url, lang, viewport=DESKTOP)
    live_at(gm)
    gm.page.click("#export")
    href = gm.page.get_attribute("#game-deck", "href")
    assert href and href.startswith("/cards#game=")
    again = open_seat(browser, web_server.base + href, lang, viewport=DESKTOP)
    again.page.wait_for_selector("html[data-deck-ok='1']")
    assert "#" not in again.page.url  # the token left the address bar
    assert again.page.input_value("#f-actions-0-name") == "Cut"
    assert {c: again.page.input_value(f"#f-actions-0-names-{c}") for c in NAMES} == NAMES
    assert again.page.inner_text("#action-0 .card-name") == NAMES[lang]
    assert again.page.inner_text("#io-note")  # said where the deck came from
    screenshots().full_page(again.page, SHOTS / f"names-{lang}-from-game.png")
    # a player's link carries no GM token: the deck is refused, said in the page's language
    theirs = href.replace(gm_url.partition("token=")[2], ann_url.partition("token=")[2])
    refused = open_seat(browser, web_server.base + theirs, lang, viewport=DESKTOP)
    refused.page.wait_for_selector("html[data-ready='1']")
    assert refused.page.inner_text("#io-note") == GM_ONLY[lang] and refused.page.locator("#f-actions-0-name").count() == 0
    for seat in (maker, player, gm, again):
        assert not seat.errors, seat.errors
    for seat in (maker, player, gm, again, refused):
        seat.page.context.close()
