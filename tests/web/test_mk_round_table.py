"""A Meikyuu Kingdom round table in three browsers (R-MK-03 … R-MK-06): at the organization meeting a
player takes minions through the action's form, the GM closes it; in the budget meeting a player asks
for an item and the court for a facility, and the GM approves one and refuses the other from the prompt
that appears on the GM's page; the GM closes the budget meeting and every page says the round table is
over. Every page follows each step."""

from __future__ import annotations

import pytest

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, seat_url


def sync(seats: list[Seat], version: int) -> None:
    for seat in seats:
        live_at(seat, version)


def test_requests_and_approvals_at_the_round_table(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "MeikyuKingdom", "round_table", lang="en")
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    haneul = open_seat(browser, seat_url(web_server, game, "pc:haneul"))
    doyun = open_seat(browser, seat_url(web_server, game, "pc:doyun"))
    everyone = [gm, haneul, doyun]
    sync(everyone, 0)
    for seat in everyone:
        assert seat.page.locator(".kingdom h2").inner_text() == "Kingdom of Mushroom Hollow"
        assert "Throne Room" in seat.page.locator(".room-map").inner_text()
    assert haneul.page.locator("#seat").inner_text() == "Haneul"

    # Organization meeting: Haneul takes three citizens as minions through the action's form.
    form = haneul.page.locator('#actions form.item-form[data-key="haneul/assign_minions"]')
    form.locator('input[name="count"]').fill("3")
    form.locator("button").click()  # the form's own send button
    sync(everyone, 1)
    for seat in everyone:
        sheet = seat.page.locator('.sheet[data-id="haneul"]').inner_text()
        assert "minions\n3" in sheet or "minions 3" in sheet.replace("\n", " ")
    assert doyun.page.locator('#actions [data-key="haneul/assign_minions"]').count() == 0  # not his to take
    gm.page.select_option("#gm-override", value="gm/end_organization")
    gm.page.click("#gm-override-go")
    sync(everyone, 2)

    # Budget meeting: Doyun asks for an item; the GM's prompt offers approve / refuse.
    budget = gm.page.locator(".round-table .stat dd").first.inner_text()
    item = doyun.page.locator('#actions form.item-form[data-key="doyun/request_item"]')
    item.locator("button").click()  # no name yet: the page asks for one and sends nothing
    assert item.locator('input[name="item"]:invalid').count() == 1 and live_at(doyun) == 2
    item.locator('input[name="item"]').fill("boxed lunch")
    item.locator("button").click()
    sync(everyone, 3)
    assert "boxed lunch" in gm.page.locator("#actions .prompt").inner_text()
    assert gm.page.locator("#actions .prompt").count() == 1
    assert haneul.page.locator("#actions .prompt").count() == 0
    assert "Waiting for the GM" in haneul.page.locator(".round-table .request").inner_text()
    gm.page.locator('#actions .prompt [data-key="gm/approve"]').click()
    sync(everyone, 4)
    assert gm.page.locator("#actions .prompt").count() == 0
    assert "Doyun" in haneul.page.locator(".round-table").inner_text()

    # The court asks for a facility; the GM refuses it and the budget stays as it was.
    haneul.page.locator('#actions button[data-key="all/request_facility/land=0"]').click()
    sync(everyone, 5)
    gm.page.locator('#actions .prompt [data-key="gm/refuse"]').click()
    sync(everyone, 6)
    for seat in everyone:
        assert seat.page.locator(".round-table .stat dd").first.inner_text() == budget
        assert "refused" in seat.page.locator(".log-line").last.inner_text()

    # The GM closes the budget meeting: every page says the round table is over, and nobody is offered more.
    gm.page.select_option("#gm-override", value="gm/end_budget")
    gm.page.click("#gm-override-go")
    sync(everyone, 7)
    for seat in everyone:
        assert seat.page.locator(".round-table .stage").inner_text() == "The round table is over."
        assert seat.page.locator("#actions button.act").count() == 0
    assert gm.page.locator("#gm-override option").count() == 0
    assert not any(seat.errors for seat in everyone), [seat.errors for seat in everyone]


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_the_room_map_keeps_its_grid_whatever_the_names(web_server: Server, browser: object, lang: str) -> None:
    """Facility names in Korean or Japanese are wider than Latin letters in any font: the rooms stay a 3×3 grid
    (each column's rooms share their left edge and width, each row's their top and height), on a phone too."""
    game = create_game(web_server, "MeikyuKingdom", "round_table", lang=lang)
    for viewport in ({"width": 1280, "height": 900}, {"width": 390, "height": 844}):
        seat = open_seat(browser, seat_url(web_server, game, "pc:haneul"), lang, viewport=viewport)
        live_at(seat)
        boxes = {room: seat.page.locator(f'.map-room[data-room="{room}"]').bounding_box()
                 for room in (f"{c}{r}" for c in "ABC" for r in "123")}
        for c in "ABC":
            assert len({(round(boxes[f"{c}{r}"]["x"]), round(boxes[f"{c}{r}"]["width"])) for r in "123"}) == 1
        for r in "123":
            assert len({(round(boxes[f"{c}{r}"]["y"]), round(boxes[f"{c}{r}"]["height"])) for c in "ABC"}) == 1
        assert boxes["A1"]["x"] < boxes["B1"]["x"] < boxes["C1"]["x"] and boxes["A1"]["y"] < boxes["A2"]["y"]
        right = boxes["C1"]["x"] + boxes["C1"]["width"]
        assert right <= viewport["width"], (lang, viewport, right)  # no sideways scrolling on a phone
        throne = {"ko": "왕좌의 방", "ja": "玉座の間", "en": "Throne Room"}[lang]
        assert throne in seat.page.locator('.map-room[data-room="B1"]').inner_text()
        assert seat.page.locator('.map-room[data-room="B1"] .door.s').count() == 1  # B1–B2 are joined
        assert seat.page.locator('.map-room[data-room="B3"].entrance').count() == 1
        seat.page.context.close()
