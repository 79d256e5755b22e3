"""``scripts/screenshots.py`` captures a whole page as a reader scrolls it: the sticky header bar once, at the
top, however far the page was scrolled when the picture was taken (a full-page capture drew it over the middle
of the picture, where the page stood scrolled) — and the page itself keeps its sticky header."""

from __future__ import annotations

import re
from pathlib import Path

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, screenshots, seat_url


def test_a_full_page_picture_is_the_same_wherever_the_page_was_scrolled(web_server: Server, browser: object) -> None:
    shots = screenshots()
    game = create_game(web_server, "MeikyuKingdom", "battle", lang="ko")
    seat = open_seat(browser, seat_url(web_server, game, "gm"), lang="ko", viewport={"width": 390, "height": 844})
    live_at(seat, 0)
    page = seat.page
    assert page.evaluate("document.documentElement.scrollHeight") > 3 * 844  # a long page on a phone
    top = shots.full_page(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight / 2)")
    page.wait_for_timeout(100)
    assert page.evaluate("window.scrollY") > 844
    assert shots.full_page(page) == top  # the header drawn at the top only, as at scroll 0
    assert page.evaluate("getComputedStyle(document.querySelector('.bar')).position") == "sticky"  # put back
    seat.page.context.close()


def test_every_full_page_picture_the_tests_take_draws_the_header_once() -> None:
    """A test's whole-page picture goes through ``full_page`` (Playwright's own full-page capture draws the sticky
    header over the middle of the picture wherever the page stood scrolled)."""
    plain = [f"{path.name}:{n}" for path in sorted(Path(__file__).parent.glob("*.py"))
             for n, line in enumerate(path.read_text("utf-8").splitlines(), 1) if re.search(r"full_page\s*=\s*True", line)]
    assert not plain, plain
