"""Three players and the GM play a Liberator mission in four browsers (R-LB-*): the GM generates the
mission from the panel; on each turn the player whose turn it is declares a card (exact odds on the
button), splits the dice and removes obstacles. Each player sees their own hand and only the sizes of
the others' — the others' cards are never in their page nor in anything the server sent them."""

from __future__ import annotations

import json

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, seat_url

SAFE = ':not([disabled]):not([data-key*="give_up"]):not([data-key*="abandon"])'
PLAYERS = ("ann", "bob", "cho")


def first_action(seat: Seat) -> object | None:
    for selector in (f"#actions .prompt button.act{SAFE}", f"#actions button.act{SAFE}"):
        found = seat.page.locator(selector)
        if found.count():
            return found.first
    return None


def test_three_players_play_a_liberator_mission(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "Liberator", "scenario", lang="en")
    gm_token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    start = web_server.request("GET", f"/api/games/{game['id']}",
                               headers={"Authorization": f"Bearer {gm_token}"}).json()["view"]
    hands = {p["id"]: [c["name"] for c in p["hand"]] for p in start["players"]}

    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    players = {pid: open_seat(browser, seat_url(web_server, game, f"player:{pid}")) for pid in PLAYERS}
    everyone = [gm, *players.values()]
    for seat in everyone:
        live_at(seat, 0)
    for pid, seat in players.items():
        assert seat.page.locator(".sheet.me").get_attribute("data-id") == pid
        assert seat.page.locator(".sheet.me .hand li").all_inner_texts() == hands[pid]
        assert seat.page.locator(".hand").count() == 1  # only one's own
        for other in PLAYERS:
            size = seat.page.locator(f'.sheet[data-id="{other}"] .hand-size').inner_text()
            assert size == str(len(hands[other]))
        received = seat.seen()
        for other in PLAYERS:
            if other != pid:
                for name in hands[other]:
                    if not any(name in hands[p] for p in PLAYERS if p != other):
                        assert name not in received and json.dumps(name)[1:-1] not in received, (pid, name)
    assert gm.page.locator(".hand").count() == 3  # the GM sees every hand
    assert "Scenario 1" in gm.page.locator(".mission .battle-status").inner_text()
    assert "Mission 1 of 3" in gm.page.locator(".mission .battle-status").inner_text()

    before = live_at(gm)
    gm.page.select_option("#gm-override", value="gm/generate_mission/type=normal/seed=0")
    gm.page.click("#gm-override-go")
    version = live_at(gm, before + 1)
    obstacles = gm.page.locator(".mission .obstacle").count()
    assert obstacles > 0
    # The first declaration shows its exact odds of removing obstacles before the dice are rolled.
    for seat in everyone:
        live_at(seat, version)
    assert players["ann"].page.locator("#actions button.kind-check .odds").count() > 0

    turns_seen = set()
    steps = 0
    while gm.page.locator(".mission .obstacle").count() > 0 and not gm.page.locator(".mission .outcome").count():
        assert steps < 300, "the mission did not end"
        version = live_at(gm)
        for seat in everyone:
            live_at(seat, version)
        mover = next(((pid, b) for pid, seat in players.items() if (b := first_action(seat)) is not None), None)
        if mover is None:  # the GM's to decide (the die a disadvantage uses, say)
            mover = ("gm", first_action(gm))
        assert mover[1] is not None, gm.page.locator(".mission").inner_text()
        turns_seen.add(mover[0])
        mover[1].click()  # type: ignore[attr-defined]
        live_at(gm, version + 1)
        steps += 1
    version = live_at(gm)
    for seat in everyone:
        live_at(seat, version)
    assert turns_seen >= set(PLAYERS)
    for seat in players.values():
        assert seat.page.locator(".mission .obstacle").count() == 0 or seat.page.locator(".mission .outcome").count()
        assert seat.page.locator(".hand").count() == 1
        assert seat.page.locator(".sheet.me .stat dd").first.inner_text().isdigit()
    assert players["bob"].page.locator(".log-line .die").count() > 0
    assert not any(seat.errors for seat in everyone), [seat.errors for seat in everyone]
