"""The sample court's skills as players meet them in the web table (issue 28 §1, R-MK-08, R-MK-09, R-MK-23):
Mir's Hawk Eye named in her search check's line; Doyun's Shield Wall asked on Doyun's own page when the
monster attacks Haneul beside him; Seoa's Monsterology revealing a hidden monster to the court. A real
server, a real Chromium; the dice are the server's own, so the test follows whichever side acts first.
Screenshots go to ``$MEIKYU_SHOTS`` when it is set (looked at by hand)."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

from tests.api.conftest import Server
from tests.web.conftest import Seat, create_game, live_at, open_seat, screenshots, seat_url
from tests.web.mk_play import OFFERED, Wish, take

SETUP = {
    "encounter": {
        "encounter": {"court": "sample", "formation": {"haneul": 2, "doyun": 2, "seoa": 2, "mir": 2}},
        "monster": [{"species": "moss_rat", "area": 3, "hidden": True}],
    },
    "seed": 1,
}


def _shot(seat: Seat, name: str, *parts: str) -> None:
    """The page (or each of ``parts``, by selector) as PNG files in ``$MEIKYU_SHOTS``, when it is set."""
    folder = os.environ.get("MEIKYU_SHOTS")
    if not folder:
        return
    if not parts:
        screenshots().full_page(seat.page, Path(folder, f"skills_{name}.png"))  # the header once, at the top
    for n, selector in enumerate(parts):
        seat.page.locator(selector).first.screenshot(path=os.path.join(folder, f"skills_{name}_{n}.png"))


def _offered(seat: Seat) -> dict[str, Any]:
    live_at(seat)
    look: dict[str, Any] = seat.page.evaluate(OFFERED)
    return look


def _take_first(seat: Seat, look: dict[str, Any], key: str) -> bool:
    """Take the first item of ``look`` (``seat``'s offer) whose key matches ``key``; False when none does or
    the page moved on before the click."""
    for item in look["items"]:
        if re.search(key, item["key"]):
            if take(seat, item, Wish(key), look["version"]):
                live_at(seat, look["version"] + 1)
                return True
            return False
    return False


def test_the_sample_courts_skills_in_the_web_table(web_server: Server, browser: object) -> None:
    game = create_game(web_server, "MeikyuKingdom", "battle", setup=SETUP, lang="en")
    gm = open_seat(browser, seat_url(web_server, game, "gm"))
    mir = open_seat(browser, seat_url(web_server, game, "pc:mir"))
    doyun = open_seat(browser, seat_url(web_server, game, "pc:doyun"))
    seoa = open_seat(browser, seat_url(web_server, game, "pc:seoa"))
    players = [mir, doyun, seoa]
    everyone = [*players, gm]
    looked = _offered(gm)
    assert _take_first(gm, looked, r"^gm/begin$")
    searched = shielded = revealed = False
    deadline = time.monotonic() + 240
    while not (searched and shielded and revealed):
        assert time.monotonic() < deadline, [[i["key"] for i in _offered(s)["items"]][:30] for s in everyone]
        looks = {id(s): _offered(s) for s in everyone}
        if len({look["version"] for look in looks.values()}) > 1:
            continue  # a page has not caught up yet
        shield = [i for i in looks[id(doyun)]["items"] if "방패막이" in i["key"]]
        if shield:  # Shield Wall's interrupt, on its owner's page (R-MK-08)
            assert "Shield Wall" in doyun.page.locator(".prompt").first.inner_text()
            for other in (mir, seoa):  # the other players are not asked (the GM may answer for anyone)
                assert not any("방패막이" in i["key"] for i in looks[id(other)]["items"] if i["where"] == "prompt")
            _shot(doyun, "shield_wall_prompt")
            shielded = _take_first(doyun, looks[id(doyun)], r"^doyun/choose/방패막이$")
            continue
        wishes: list[tuple[Seat, str]] = [
            *((s, r"/choose/(?!pass)") for s in players),  # any other question of a player's: its first answer
            (mir, r"^mir/strategy_check$"),
            *([(mir, r"^mir/search_spot$")] if not searched else []),
            *([(seoa, r"^seoa/use_data/괴물학/target=m1$")] if not revealed else []),
            *([(gm, r"^m1/attack/haneul$"), (gm, r"^m1/move/1$")] if not shielded else []),
            (gm, r"^m1/pass$"),
            *((s, r"^(mir|doyun|seoa)/pass$") for s in players),
            (gm, r"^haneul/pass$"),
        ]
        for seat, key in wishes:
            if _take_first(seat, looks[id(seat)], key):
                if key == r"^mir/search_spot$":
                    searched = True
                    _shot(mir, "hawk_eye_line", "#log")  # her check's line, last in the log: "+1 Hawk Eye"
                break
        else:
            time.sleep(0.3)  # nothing for us yet (a push on its way)
        if not revealed and "Moss Rat" in mir.page.locator("#board").inner_text():
            revealed = True
            _shot(seoa, "monsterology_reveal", "#board", "#log")

    log = mir.page.locator("#log").inner_text()
    assert "Hawk Eye" in log, log[-1500:]  # the check's line names the data that added to it (R-MK-09)
    assert "Shield Wall" in log and "Monsterology" in log, log
    assert "Moss Rat" in seoa.page.locator("#board").inner_text()  # revealed to the court (R-MK-23)
    assert not any(seat.errors for seat in everyone), [seat.errors for seat in everyone]
