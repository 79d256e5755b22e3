"""The GM's seats (issue 25, point 5): every link listed again (kept sealed with the GM's token), a new
link refusing the old one at once and closing its sockets, a spectator added mid-game who sees what the
players see in public and may talk, never act or read whispers, who is connected, and
``meikyu game seats``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.api.conftest import Server
from tests.games.conftest import Seat, Table, create


def seat_list(table: Table) -> dict[str, dict[str, Any]]:
    reply = table.call("gm", "GET", "/seats")
    assert reply.status == 200, reply.body
    return {s["seat"]: s for s in reply.json()["seats"]}


def test_the_gm_lists_every_link_and_replaces_a_lost_one(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    listed = seat_list(table)
    assert {seat: s["token"] for seat, s in listed.items()} == {seat: s.token for seat, s in table.seats.items()}
    assert listed["pc:hana"]["name"] == "Hana" and listed["pc:hana"]["role"] == "player"
    assert listed["pc:hana"]["url"] == f"/play/{table.id}#token={table.seats['pc:hana'].token}"
    assert table.call("pc:hana", "GET", "/seats").status == 403
    url = table.server.base.replace("http", "ws", 1)
    with connect(f"{url}/api/games/{table.id}/live?token={table.seats['pc:hana'].token}") as old_socket:
        time.sleep(0.2)
        reply = table.call("gm", "POST", "/seats/pc:hana/token")
        assert reply.status == 200, reply.body
        closed = json.loads(old_socket.recv(timeout=5))
        assert closed["error"] == "bad_token"
    old = table.seats["pc:hana"].token
    table.seats["pc:hana"] = Seat("pc:hana", reply.json()["token"])
    assert seat_list(table)["pc:hana"]["token"] == table.seats["pc:hana"].token
    table.seats["old"] = Seat("old", old)
    assert table.call("old", "GET", "").status == 401
    # A new GM link seals the other links again: the new GM still reads them.
    gm = table.call("gm", "POST", "/seats/gm/token")
    assert gm.status == 200
    table.seats["gm"] = Seat("gm", gm.json()["token"])
    again = seat_list(table)
    assert again["pc:toru"]["token"] == table.seats["pc:toru"].token
    assert again["pc:hana"]["token"] == table.seats["pc:hana"].token


def test_a_spectator_sees_the_public_table_talks_and_never_acts_or_reads_whispers(server: Server) -> None:
    table = create(server, "Liberator", "scenario", lang="en")
    gm_view = table.get("gm")
    reply = table.call("gm", "POST", "/seats", {"spectator": "Mina"})
    assert reply.status == 201, reply.body
    seat = reply.json()["seat"]
    assert seat == "spectator:Mina"
    table.seats[seat] = Seat(seat, reply.json()["token"])
    assert table.call("gm", "POST", "/seats", {"spectator": "Mina"}).status == 422
    assert table.call("gm", "POST", "/seats", {"spectator": "a/b"}).status == 400
    assert table.call("pc:x" if "pc:x" in table.seats else seat, "POST", "/seats", {"spectator": "X"}).status == 403
    player = next(s for s in table.seats if s.startswith("player:"))
    spectator = table.get(seat)
    assert spectator["legal_actions"] == [] and spectator["prompt"] is None
    hands = [p["hand"] for p in spectator["view"]["players"]]
    assert hands and all(hand is None for hand in hands), hands
    assert any(p["hand"] for p in gm_view["view"]["players"])
    assert seat_list(table)[seat]["name"] == "Mina (spectator)"
    # It talks in public; whispers neither from it nor to it.
    said = table.call(seat, "POST", "/messages", {"text": "Hello from the gallery"})
    assert said.status == 201 and said.json()["entry"]["talk"]["speaker"] == "Mina (spectator)"
    assert table.call(seat, "POST", "/messages", {"text": "psst", "to": ["gm"]}).status == 403
    assert table.call("gm", "POST", "/messages", {"text": "psst", "to": [seat]}).status == 400
    assert table.call(player, "POST", "/messages", {"text": "PLAYER-WHISPER", "to": ["gm"]}).status == 201
    # It may not act.
    item = gm_view["legal_actions"][0]
    assert table.act(seat, item["action"], table.get(seat)["version"]).status == 403
    seen = b"\n".join(table.seats[seat].received) + table.call(seat, "GET", "/events", after="0").body
    assert b"PLAYER-WHISPER" not in seen and b"Hello from the gallery" in table.get(player)["log"][-2]["talk"][
        "text"].encode()


def test_presence_is_pushed_to_sockets_that_ask(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    url = table.server.base.replace("http", "ws", 1)
    with connect(f"{url}/api/games/{table.id}/live?token={table.seats['gm'].token}&presence=1") as gm:
        assert json.loads(gm.recv(timeout=5)) == {"presence": ["gm"]}
        with connect(f"{url}/api/games/{table.id}/live?token={table.seats['pc:hana'].token}"):
            assert json.loads(gm.recv(timeout=5)) == {"presence": ["gm", "pc:hana"]}
        assert json.loads(gm.recv(timeout=5)) == {"presence": ["gm"]}
        listed = seat_list(table)
        assert listed["gm"]["connected"] is True and listed["pc:hana"]["connected"] is False


def test_cli_lists_seats_and_issues_a_new_link(data_dir: Path) -> None:
    env = {**os.environ, "MEIKYU_LANG": "en"}
    run = [sys.executable, "-m", "meikyu", "game"]
    made = subprocess.run([*run, "new", "MeikyuKingdom", "battle", "--data", str(data_dir)], env=env,
                          capture_output=True, text=True, check=True).stdout
    game_id = made.split()[1]
    listed = subprocess.run([*run, "seats", game_id, "--data", str(data_dir)], env=env, capture_output=True,
                            text=True, check=True).stdout
    assert "pc:hana" in listed and "Hana" in listed and "player" in listed
    old = next(line.split()[1] for line in made.splitlines() if line.strip().startswith("gm "))
    issued = subprocess.run([*run, "seats", game_id, "--new", "gm", "--data", str(data_dir)], env=env,
                            capture_output=True, text=True, check=True).stdout
    new = issued.splitlines()[-1].split()[1]
    assert new != old and new.startswith(f"/play/{game_id}#token=")
    bad = subprocess.run([*run, "seats", game_id, "--new", "pc:nobody", "--data", str(data_dir)], env=env,
                         capture_output=True, text=True)
    assert bad.returncode != 0 and "pc:nobody" in bad.stderr + bad.stdout and "Traceback" not in bad.stderr


def test_one_seat_link_open_on_two_devices(server: Server) -> None:
    from tests.games.driver import Listener

    table = create(server, "MeikyuKingdom", "battle", lang="en")
    phone, laptop = Listener(table, "pc:hana", "en"), Listener(table, "pc:hana", "ko")
    try:
        time.sleep(0.3)
        assert table.call("pc:toru", "POST", "/messages", {"text": "both of you"}).status == 201
        phone.wait_for(1)
        laptop.wait_for(1)
        assert b"both of you" in phone.pushes[0] and b"both of you" in laptop.pushes[0]
        assert table.call("pc:hana", "POST", "/messages", {"text": "from the phone"}).status == 201
        laptop.wait_for(2)
    finally:
        phone.close()
        laptop.close()
