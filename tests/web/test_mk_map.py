"""The labyrinth drawn (issue 26 §3) in a real browser: the map of rooms the court has learnt of, where it
stands, the quarter the log names, the goal and the formation; a player walks by tapping a room on the map;
the GM sees every room and what waits inside; a player's page never holds a room the court has not learnt
of. Desktop in English, a 390 px phone in Korean and Japanese."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.api.conftest import Server
from tests.web.conftest import create_game, live_at, open_seat, seat_url

PHONE = {"width": 390, "height": 844}
LATER = {"en": ("Raided Pantry", "Mushroom Shrine"), "ko": ("털린 식료고", "버섯 사당"),
         "ja": ("荒らされた食料庫", "キノコの祠")}
"""Rooms beyond the hall, unknown to the court at the gate (the den is named by the goal itself)."""
HALL = {"en": "Pillar Hall", "ko": "기둥 회랑", "ja": "柱の回廊"}


def gm_takes(server: Server, game: dict[str, Any], *keys: str) -> None:
    """The GM takes menu items by key through the API, as the page would post them."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for key in keys:
        seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
        item = next(i for i in seen["legal_actions"] if i["key"] == key)
        body = json.dumps({"action": item["action"], "version": seen["version"]}).encode()
        assert server.request("POST", f"/api/games/{game['id']}/actions", body=body, headers=auth).status == 200


def rooms(page: Any) -> dict[str, str]:
    return dict(page.locator("#board .lab-room").evaluate_all("els => els.map(e => [e.dataset.room, e.dataset.state])"))


@pytest.mark.parametrize(("lang", "viewport"), [("en", None), ("ko", PHONE), ("ja", PHONE)])
def test_the_court_walks_the_labyrinth_on_its_map(web_server: Server, browser: object, lang: str,
                                                  viewport: dict[str, int] | None) -> None:
    game = create_game(web_server, "MeikyuKingdom", "session", lang=lang)
    gm_takes(web_server, game, *["gm/gm_skip"] * 5, "all/enter_labyrinth", "all/skip_search")
    player = open_seat(browser, seat_url(web_server, game, "pc:haneul"), lang, viewport=viewport)
    gm = open_seat(browser, seat_url(web_server, game, "gm"), lang, viewport=viewport)
    version = live_at(player)
    assert rooms(player.page) == {"gate": "here", "hall": "seen"}
    live_at(gm)  # the GM's page opened second: drawn by now only on a quiet machine
    assert len(rooms(gm.page)) == 5 and gm.page.locator("#board .lab-marks").count() == 4
    goal = player.page.locator("#board .labyrinth .goal").inner_text()
    assert {"en": "Clear the brick thieves' den.", "ko": "벽돌 도둑 소굴을 비운다.", "ja": "レンガ泥棒の巣を空にする。"}[lang] in goal
    assert player.page.locator("#board .formation .badge").count() == 4
    if viewport:  # the map fits the phone: no sideways scrolling
        assert player.page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    for name in LATER[lang]:
        assert name not in player.seen() and name not in player.page.content()

    # a tap on the hall walks the court there (the seat's own "go to" item), with the keyboard as well
    player.page.locator('#board .lab-room.reachable[data-room="hall"]').click()
    version = live_at(player, version + 1)
    live_at(gm, version)
    assert rooms(player.page) == {"gate": "explored", "hall": "here", "pantry": "seen", "shrine": "seen",
                                  "den": "seen"}
    assert HALL[lang] in player.page.locator("#board .room-now").inner_text()
    quarter = player.page.locator("#board .room-now .quarter").inner_text()
    last = player.page.locator("#log-lines .log-line").last.inner_text()
    n = re.search(r"\d+", quarter)
    assert n and n.group(0) in last, (quarter, last)  # the badge says the quarter the log just named
    assert rooms(gm.page)["hall"] == "here"
    assert not player.errors and not gm.errors, (player.errors, gm.errors)


def walk_to_the_pantrys_battle(server: Server, game: dict[str, Any]) -> None:
    """Through the API as the GM (acting for the players): into the hall, past its trap (every check's first
    answer), into the pantry, and the GM begins the rats' battle."""
    token = next(s["token"] for s in game["seats"] if s["seat"] == "gm")
    auth = {"Authorization": f"Bearer {token}"}
    gm_takes(server, game, *["gm/gm_skip"] * 5, "all/enter_labyrinth", "all/skip_search", "all/move_to/room=hall")
    for _ in range(60):
        seen = server.request("GET", f"/api/games/{game['id']}", headers=auth).json()
        if seen["view"].get("battle"):
            gm_takes(server, game, "gm/begin")
            return
        stage = seen["view"]["expedition"]["stage"]
        keys = [i["key"] for i in seen["legal_actions"]]
        want = {"choose": "all/move_to/room=pantry", "trap_search": "all/skip_search"}.get(stage)
        gm_takes(server, game, want or next(k for k in keys if not k.startswith("gm/")))
    raise AssertionError("no battle in the pantry")


def test_a_battle_in_a_room_gives_each_character_one_hp_and_keeps_the_map(web_server: Server,
                                                                           browser: object) -> None:
    """The issue's complaints, looked for again: a PC's HP the same on the battlefield and on the sheet (the
    hall's trap may have hurt them before), the map still under the battle, its quarter the log's."""
    game = create_game(web_server, "MeikyuKingdom", "session", lang="en")
    walk_to_the_pantrys_battle(web_server, game)
    for url in (seat_url(web_server, game, "pc:haneul"), seat_url(web_server, game, "gm")):
        seat = open_seat(browser, url)
        live_at(seat)
        page = seat.page
        assert page.locator("#board .battle").count() == 1 and page.locator("#board .labyrinth").count() == 1
        for who in ("haneul", "doyun", "seoa", "mir"):
            board = page.locator(f'#board .piece[data-id="{who}"] .hp-text').inner_text()
            sheet = page.locator(f'#board .sheet[data-id="{who}"] .stat', has_text="HP").inner_text()
            assert board.split()[-1] == sheet.split()[-1], (who, board, sheet)
        assert rooms(page)["pantry"] == "here"
        quarter = re.search(r"\d+", page.locator("#board .room-now .quarter").inner_text())
        entered = [line for line in page.locator("#log-lines .log-line").all_inner_texts() if "enters" in line]
        assert quarter and entered and entered[-1].startswith(f"Quarter {quarter.group(0)}:"), (quarter, entered)
        assert not seat.errors, seat.errors
        page.context.close()
