"""A reader plays the sample gamebook to an ending in a real browser while the GM watches (R-GB-*)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.api.conftest import Server
from tests.web.conftest import click, create_game, live_at, open_seat, seat_url

ACT = "#actions button.act:not([disabled])"


def test_reader_finishes_the_sample_book_and_the_gm_watches(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "ShinGamebook", "reading", lang="en")
    reader = open_seat(browser, seat_url(web_server, game, "reader"))
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    live_at(reader)
    assert reader.page.locator(".book-title").inner_text() == "The Tower of Winds"
    steps, fought = 0, False
    while reader.page.locator(".ending").count() == 0:
        assert steps < 300, "the book did not end"
        version = click(reader, ACT)
        steps += 1
        # A foe the reader may attack stands in the fight's table with the hits it has left (never "down").
        for key in reader.page.locator('#actions button.act[data-key^="attack/"]').evaluate_all(
                "els => els.map((el) => el.dataset.key)"):
            row = reader.page.locator(f'.foes tr[data-n="{key.split("/")[1]}"]')
            assert row.count() == 1 and "down" not in (row.get_attribute("class") or ""), key
            fought = True
        if steps % 10 == 1:  # the GM's page follows the reader's every step
            live_at(gm, version)
            reader_paragraph = reader.page.locator("#paragraph-no").all_inner_texts()
            assert gm.page.locator("#paragraph-no").all_inner_texts() == reader_paragraph
    assert fought  # the first way through the sample book meets its rats
    live_at(gm, live_at(reader))
    assert gm.page.locator(".ending").inner_text() == reader.page.locator(".ending").inner_text()
    assert reader.page.locator("#actions .prompt").count() == 0
    # Every roll in the log shows its dice and, for a check, the BCDice-style line.
    assert reader.page.locator(".log-line .die").count() > 0

    # The reader never received a paragraph they did not reach; the GM's page has the whole book.
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    whole = web_server.request("GET", f"/api/games/{game['id']}", headers={"Authorization": f"Bearer {token}"}).json()
    seen = {p["id"] for p in whole["view"]["visited"]}
    unread = [p["text"] for p in whole["view"]["paragraphs"] if p["id"] not in seen and len(p["text"]) > 30]
    assert unread, "the sample book should have paragraphs this reading skipped"
    received = reader.seen()
    dom = reader.page.content()
    for text in unread:
        assert text[:40] not in received and text[:40] not in dom
        assert json.dumps(text[:40])[1:-1] not in received
    assert gm.page.locator(".whole-book").count() == 1
    assert reader.page.locator(".whole-book").count() == 0
    assert not reader.errors and not gm.errors, reader.errors + gm.errors


def test_home_lists_every_book_the_map_grows_and_the_book_reads_again(web_server: Server, browser: object,
                                                                      tmp_path: Path) -> None:
    """The home page offers every shipped book by name; reading one, the reader's map grows by the paragraphs
    visited — their numbers only, never one not visited, and no unvisited paragraph's text ever reaches the
    browser; after the ending "read again" starts the same book anew at a new table."""
    home = open_seat(browser, web_server.base + "/", "en")
    page = home.page
    page.wait_for_selector("html[data-ready]")
    page.select_option("#kind", label="Shin gamebook — Reading")
    assert page.locator("#sample option").all_inner_texts() == ["The Tower of Winds", "The Dark Mine"]
    page.select_option("#sample", "yami-no-kodo")
    page.select_option("#game-lang", "en")
    page.click("#create-button")
    page.wait_for_selector("#seats:not([hidden])")
    link = page.locator('.seat-link[data-seat="reader"] input.link').input_value()
    gm_link = page.locator('.seat-link[data-seat="gm"] input.link').input_value()
    reader = open_seat(browser, link)
    live_at(reader)
    assert reader.page.locator(".book-title").inner_text() == "The Dark Mine"
    nodes = "#reader-map .map-node"
    sizes = []
    while reader.page.locator(".ending").count() == 0:
        assert len(sizes) < 300, "the book did not end"
        click(reader, ACT)
        sizes.append(reader.page.locator(nodes).count())
        here = reader.page.locator(f"{nodes}.here")
        if reader.page.locator("#paragraph-no").count():
            number = reader.page.locator("#paragraph-no").inner_text().split()[-1]
            assert here.count() == 1 and here.get_attribute("data-id") == number
    assert sizes == sorted(sizes) and sizes[-1] >= 5 and len(set(sizes)) >= 5, sizes

    token = gm_link.split("#token=")[1]
    game_id = gm_link.split("/play/")[1].split("#")[0]
    whole = web_server.request("GET", f"/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}).json()
    seen = {p["id"] for p in whole["view"]["visited"]}
    mapped = set(reader.page.locator(nodes).evaluate_all("els => els.map((el) => el.dataset.id)"))
    assert mapped == seen and sizes[-1] == len(seen)
    unread = [p for p in whole["view"]["paragraphs"] if p["id"] not in seen]
    assert unread, "this reading should have skipped some paragraphs"
    received, dom = reader.seen(), reader.page.content()
    for p in unread:
        if len(p["text"]) > 30:
            assert p["text"][:40] not in received and json.dumps(p["text"][:40])[1:-1] not in received
            assert p["text"][:40] not in dom
    reader.page.locator("#reader-map").screenshot(path=str(tmp_path / "reader-map.png"))

    reader.page.click("#read-again")
    reader.page.wait_for_url(lambda url: game_id not in url)
    live_at(reader)
    assert reader.page.locator(".book-title").inner_text() == "The Dark Mine"
    assert reader.page.locator(".ending").count() == 0 and reader.page.locator(nodes).count() == 0
    assert not reader.errors and not home.errors, reader.errors + home.errors
