"""The menu's grouped form fields in a real Chromium (``menu.js``): "multi" (tick boxes: a list of the values
ticked, a value twice when two of its options are) and "counts" (a number per choice: [value, count] pairs
above 0). The transport form (R-MK-46) is made of them: which items and how much of each material go."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import open_seat

ITEM = {
    "key": "mir/transport", "kind": "other", "label": "Mir: transport",
    "action": {"type": "Transport", "actor": "mir", "minions": 1, "items": ["stone", "stone", "sword"],
               "materials": [["iron", 2], ["meat", 3]]},
    "form": {
        "minions": {"type": "int", "min": 1, "max": 6, "label": "minions"},
        "items": {"type": "multi", "label": "items", "options": [
            {"value": "stone", "label": "Stone"}, {"value": "stone", "label": "Stone"}, {"value": "sword", "label": "Sword"}]},
        "materials": {"type": "counts", "label": "materials", "options": [
            {"value": "iron", "label": "Iron", "max": 2}, {"value": "meat", "label": "Meat", "max": 3}]},
    },
}

BUILD = """async (item) => {
  const menu = await import("/web/js/menu.js");
  window.sent = null;
  document.body.replaceChildren(menu.itemForm(item, { canAct: true, act: (taken) => { window.sent = taken.action; } }));
}"""


def test_multi_and_counts_fields_send_the_mix_chosen(web_server: Server, browser: Any) -> None:
    seat = open_seat(browser, web_server.base + "/")
    page = seat.page
    page.evaluate(BUILD, ITEM)
    boxes = page.locator("form.item-form input[type=checkbox]")
    assert [boxes.nth(i).is_checked() for i in range(3)] == [True, True, True]  # as the action holds them
    counts = page.locator("form.item-form fieldset").nth(1).locator("input[type=number]")
    assert [counts.nth(i).input_value() for i in range(2)] == ["2", "3"]
    assert page.locator("form.item-form fieldset legend").all_inner_texts() == ["items", "materials"]
    page.locator("form.item-form input[type=number]").first.fill("3")  # minions
    boxes.nth(1).uncheck()
    boxes.nth(2).uncheck()
    counts.nth(0).fill("0")
    counts.nth(1).fill("2")
    page.locator("form.item-form button[type=submit]").click()
    sent = page.evaluate("window.sent")
    assert sent == {"type": "Transport", "actor": "mir", "minions": 3, "items": ["stone"], "materials": [["meat", 2]]}
    page.context.close()
