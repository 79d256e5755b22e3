"""The GM's quick rulings on the web (issue 25, point 4), as far as built: in the kingdom's action cycle a player
declares a planned action on its own page, the GM calls a charm check for that character from the GM panel, the
check's prompts appear on the player's page and are answered there, and the GM resolves the action."""

from __future__ import annotations

import json
from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, seat_url


def gm_take(server: Server, game: dict[str, Any], key: str) -> None:
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    seen = server.request("GET", f"/api/games/{game['id']}", None, None, headers).json()
    item = next(i for i in seen["legal_actions"] if i["key"] == key)
    reply = server.request("POST", f"/api/games/{game['id']}/actions", None,
                           json.dumps({"action": item["action"], "version": seen["version"]}).encode(), headers)
    assert reply.status == 200, reply.body


def test_a_declared_action_resolved_with_a_called_check(store_server: Server, browser: Any) -> None:
    game = create_game(store_server, "MeikyuKingdom", "session", lang="en")
    for key in ("gm/advance", "gm/advance", "gm/gm_skip"):  # to the kingdom's action cycle
        gm_take(store_server, game, key)
    gm = open_seat(browser, seat_url(store_server, game, "gm"))
    haneul = open_seat(browser, seat_url(store_server, game, "pc:haneul"))
    version = live_at(haneul)
    live_at(gm)

    declare = haneul.page.locator('#actions form.item-form[data-key="haneul/act/condition=True"]')
    declare.locator('select[name="type"]').select_option("planned")
    declare.locator('input[name="name"]').fill("inspect the granary")
    declare.locator("button.act").click()
    version = live_at(haneul, version + 1)
    assert "inspect the granary" in haneul.page.locator("#log-lines").inner_text()

    live_at(gm, version)
    gm.page.select_option("#gm-override", value="gm/call_check")
    form = gm.page.locator('#gm form.item-form[data-key="gm/call_check"]')
    form.locator('select[name="actor"]').select_option("haneul")
    form.locator('select[name="stat"]').select_option("charm")
    form.locator('input[name="difficulty"]').fill("9")
    gm.page.fill("#gm-reason", "Haneul charms the granary keeper")
    form.locator("button.act").click()
    version = live_at(gm, version + 2)  # the call, then the GM's reason in the log
    gm.page.locator(".talk-line", has_text="charms the granary keeper").wait_for()

    # The check's prompts are the roller's, on the roller's page.
    live_at(haneul, version)
    prompt = haneul.page.locator("#actions .prompt")
    prompt.wait_for()
    assert "charm" in prompt.inner_text()
    for _ in range(6):  # hope, then whatever the dice ask (6s, minion help …): the first answer each time
        buttons = haneul.page.locator("#actions .prompt button.act:not([disabled])")
        if not buttons.count():
            break
        before = live_at(haneul)
        buttons.first.click()
        live_at(haneul, before + 1)
    version = live_at(gm, live_at(haneul))
    resolve = gm.page.locator('[data-key="gm/resolve"], option[value="gm/resolve"]')
    if gm.page.locator('option[value="gm/resolve"]').count():
        gm.page.select_option("#gm-override", value="gm/resolve")
        gm.page.click("#gm-override-go")
    else:
        resolve.first.click()
    live_at(gm, version + 1)
    log = gm.page.locator("#log-lines").inner_text()
    assert "charm" in log.lower()
