"""A reader plays the sample gamebook to an ending in a real browser while the GM watches (R-GB-*)."""

from __future__ import annotations

import json

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
