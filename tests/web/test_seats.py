"""The GM's seats pane in the browser (issue 25, point 5): every link listed, a lost link re-issued (the old
page is refused at once), a spectator joining mid-game who talks, and who is connected."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, seat_url


def test_links_new_link_spectator_and_presence(store_server: Server, browser: Any) -> None:
    game = create_game(store_server, "MeikyuKingdom", "battle", lang="en")
    gm = open_seat(browser, seat_url(store_server, game, "gm"))
    toru = open_seat(browser, seat_url(store_server, game, "pc:toru"))
    live_at(gm)
    live_at(toru)
    rows = gm.page.locator("#seats .seat-row")
    rows.first.wait_for()
    assert rows.count() == 5
    hana_link = gm.page.locator('#seats .seat-row[data-seat="pc:hana"] input.link').input_value()
    assert hana_link == seat_url(store_server, game, "pc:hana")
    assert toru.page.locator("#seats").is_hidden()
    # Who is here: the GM's pane and everyone's badges.
    gm.page.locator('#seats .seat-row[data-seat="pc:toru"] .dot.on').wait_for()
    toru.page.locator("#presence .present", has_text="GM").wait_for()

    # Toru lost the link: the GM issues a new one; the old page is refused at once.
    gm.page.locator('#seats .seat-row[data-seat="pc:toru"] button.new-link').click()
    toru.page.locator(".fatal").wait_for()
    assert "replaced" in toru.page.locator(".fatal").inner_text()
    new_link = gm.page.locator('#seats .seat-row[data-seat="pc:toru"] input.link')
    gm.page.wait_for_function(
        "old => document.querySelector('#seats .seat-row[data-seat=\"pc:toru\"] input.link').value !== old",
        arg=seat_url(store_server, game, "pc:toru"))
    toru_again = open_seat(browser, new_link.input_value())
    live_at(toru_again)

    # A spectator joins mid-game and talks; it has no actions.
    gm.page.fill("#spectator-name", "Mina")
    gm.page.click("#spectator-add")
    link = gm.page.locator('#seats .seat-row[data-seat="spectator:Mina"] input.link')
    link.wait_for()
    mina = open_seat(browser, link.input_value())
    live_at(mina)
    assert mina.page.locator("#actions button.act").count() == 0
    assert mina.page.locator("#say-to option").count() == 1  # no whispers for a spectator
    mina.page.fill("#say-text", "Cheering from the gallery")
    mina.page.press("#say-text", "Enter")
    line = toru_again.page.locator(".talk-line", has_text="Cheering from the gallery")
    line.wait_for()
    assert "Mina (spectator)" in line.inner_text()
    gm.page.locator('#seats .seat-row[data-seat="spectator:Mina"] .dot.on').wait_for()
