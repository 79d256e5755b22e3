"""Talk at a shared game's table (issue 25, points 1 and 2): messages, whispers, out-of-character talk, the
GM speaking as an NPC and removing a message, free rolls, secret rolls and their reveal — through a real
server, with the store's durability, the per-seat filter, the live pushes and the rules' state untouched."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from meikyu.store import open_store
from meikyu.store.service import Games
from tests.api.conftest import Server, start_server, stop_server
from tests.games.conftest import FAST, Table, create, kill9
from tests.games.driver import Listener

LIMITED = {"MEIKYU_GAMES_RATE": "100000", "MEIKYU_LANG": ""}


def say(table: Table, seat: str, text: str, status: int = 201, **more: Any) -> dict[str, Any]:
    reply = table.call(seat, "POST", "/messages", {"text": text, **more})
    assert reply.status == status, reply.body
    return dict(reply.json())


def log_of(table: Table, seat: str, **query: str) -> list[dict[str, Any]]:
    return list(table.get(seat, **query)["log"])


def test_talk_is_logged_per_seat_and_never_touches_the_rules(server: Server, data_dir: Path) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    before = table.get("gm")
    npc = say(table, "gm", "Welcome to the Sunken Inn.", speaker="Old Innkeeper")
    assert npc["entry"]["talk"] == {"speaker": "Old Innkeeper", "channel": "main",
                                    "text": "Welcome to the Sunken Inn."}
    own = say(table, "pc:hana", "Two rooms, please.\nAnd supper.")
    assert own["entry"]["talk"]["speaker"] == "Hana" and "\n" in own["entry"]["talk"]["text"]
    ooc = say(table, "pc:toru", "brb, coffee", channel="ooc")
    assert ooc["entry"]["talk"]["channel"] == "ooc"
    whisper = say(table, "pc:hana", "I pocket the key.", to=["gm"])
    # The rules' state did not move: the same view and menu, only the log's version grew.
    after = table.get("gm")
    assert after["version"] == 4 and after["view"] == before["view"]
    assert after["legal_actions"] == before["legal_actions"]
    # An action posted with the version seen before the talk is taken (talk changes no state).
    item = before["legal_actions"][0]
    moved = table.act(item["seat"] or "gm", item["action"], before["version"])
    assert moved.status == 200, moved.body
    # Every seat reads the public talk; the whisper only its author and the GM.
    for seat in ("gm", "pc:hana", "pc:toru", "pc:mio"):
        entries = {e["version"]: e for e in log_of(table, seat)}
        assert entries[1]["talk"]["speaker"] == "Old Innkeeper"
        reads = seat in ("gm", "pc:hana")
        assert (entries[4]["type"] == "message") is reads, seat
        if not reads:
            assert entries[4] == {"version": 4, "type": "unseen", "events": []}
    assert whisper["entry"]["talk"]["to_names"] == ["the GM"]
    # Undo takes back the action, never talk.
    undo = table.call("gm", "POST", "/undo", {"version": 5})
    assert undo.status == 200, undo.body
    assert [e["type"] for e in log_of(table, "gm")] == ["message"] * 4 + ["action", "undo"]
    assert table.get("gm")["view"] == before["view"]


def test_the_gm_removes_a_message_leaving_a_trace(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    v = say(table, "pc:toru", "something rude")["version"]
    refused = table.call("pc:toru", "POST", f"/messages/{v}/hide")
    assert refused.status == 403
    hidden = table.call("gm", "POST", f"/messages/{v}/hide")
    assert hidden.status == 200, hidden.body
    toru = {e["version"]: e for e in log_of(table, "pc:toru")}
    assert toru[v]["talk"] == {"removed": True} and "rude" not in json.dumps(toru)
    assert toru[v]["events"][0]["text"] == "(removed by the GM)"
    assert "seat" not in toru[v]
    gm = {e["version"]: e for e in log_of(table, "gm")}
    assert gm[v]["talk"]["hidden"] is True and gm[v]["talk"]["text"] == "something rude"
    again = table.call("gm", "POST", f"/messages/{v}/hide")
    assert again.status == 400 and "removed already" in again.json()["message"]
    assert table.call("gm", "POST", "/messages/99/hide").status == 400
    assert table.call("gm", "POST", "/messages/x1/hide").status == 400


def test_bad_messages_are_clear_4xx_and_post_nothing(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    cases = [
        ({"text": ""}, 400, "empty"),
        ({"text": "   \n "}, 400, "empty"),
        ({"text": "x" * 1001}, 400, "1001 characters"),
        ({"text": 5}, 400, "'text'"),
        ({}, 400, "'text' is missing"),
        ({"text": "hi", "to": ["pc:nobody"]}, 400, "no seat 'pc:nobody'"),
        ({"text": "hi", "to": "gm"}, 400, "list of seats"),
        ({"text": "hi", "to": ["pc:hana"]}, 400, "besides you"),
        ({"text": "hi", "channel": "shout"}, 400, "unknown channel 'shout'"),
        ({"text": "hi", "speaker": "Dragon King"}, 403, "only the GM"),
        ({"text": "hi", "dice": [3]}, 403, "typed dice"),
        ({"text": "2D6+", "channel": "main"}, 400, ""),
    ]
    for body, status, words in cases:
        reply = table.call("pc:hana", "POST", "/messages", body)
        assert reply.status == status, (body, reply.body)
        assert words in reply.json()["message"], (body, reply.body)
    assert table.call("pc:hana", "POST", "/messages", {"text": "x" * 1000}).status == 201
    assert table.get("gm")["version"] == 1
    ja = table.call("pc:hana", "POST", "/messages", {"text": "hi", "channel": "shout"}, lang="ja")
    assert "不明なチャンネル" in ja.json()["message"]


def test_a_roll_the_grammar_refuses_gets_the_v2_message(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    reply = table.call("pc:hana", "POST", "/messages", {"text": "2D6+"})
    v2 = server.get("/v2/game_system/MeikyuKingdom/roll", command="2D6+", extras="1")
    assert reply.status == 400
    assert reply.json()["message"] == v2.json()["message"]
    assert table.get("gm")["version"] == 0


@pytest.mark.parametrize("server", [LIMITED], indirect=True)
def test_messages_are_rate_limited_per_seat(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="ko")
    assert table.call("pc:hana", "POST", "/messages", {"text": ""}).status == 400  # not counted
    codes = [table.call("pc:hana", "POST", "/messages", {"text": f"{i}"}).status for i in range(6)]
    assert codes == [201] * 5 + [429]
    limited = table.call("pc:hana", "POST", "/messages", {"text": "again"})
    assert limited.status == 429 and int(limited.headers["retry-after"]) >= 1
    assert "초 기다렸다가" in limited.json()["message"]
    assert table.call("pc:toru", "POST", "/messages", {"text": "me"}).status == 201  # per seat
    time.sleep(1.1)
    assert table.call("pc:hana", "POST", "/messages", {"text": "later"}).status == 201


def test_an_answered_message_survives_kill_9(data_dir: Path) -> None:
    srv = start_server("--data", str(data_dir), env=FAST)
    table = create(srv, "MeikyuKingdom", "battle", lang="en")
    for i in range(4):
        say(table, "pc:hana", f"line {i}")
    kill9(srv)
    again = start_server("--data", str(data_dir), env=FAST)
    try:
        table.server = again
        texts = [e["talk"]["text"] for e in log_of(table, "gm")]
        assert texts == [f"line {i}" for i in range(4)]
    finally:
        stop_server(again)


def test_talk_is_pushed_live_to_each_seat_it_may_reach(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    listeners = {seat: Listener(table, seat, "en") for seat in ("gm", "pc:hana", "pc:toru")}
    try:
        time.sleep(0.3)
        say(table, "gm", "The door creaks.", speaker="Narrator")
        say(table, "pc:hana", "to the GM only", to=["gm"])
        item = table.get("gm")["legal_actions"][0]
        assert table.act(item["seat"] or "gm", item["action"], 2).status == 200
        for listener in listeners.values():
            listener.wait_for(3)
        for seat, listener in listeners.items():
            pushes = [json.loads(p) for p in listener.pushes]
            assert [p["version"] for p in pushes] == [1, 2, 3]
            assert pushes[0]["talk"]["speaker"] == "Narrator" and "answer" not in pushes[0]
            assert ("to the GM only" in listener.pushes[1].decode()) is (seat != "pc:toru")
            assert pushes[2]["answer"]["version"] == 3  # an action's push still carries the seat's game
    finally:
        for listener in listeners.values():
            listener.close()


def test_events_list_talk_and_actions_interleaved(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    say(table, "pc:hana", "first")
    item = table.get("gm")["legal_actions"][0]
    assert table.act(item["seat"] or "gm", item["action"], 1).status == 200
    say(table, "pc:toru", "second", to=["pc:hana"])
    events = table.call("pc:mio", "GET", "/events", after="0").json()["events"]
    assert [e["type"] for e in events] == ["message", "action", "unseen"]
    events = table.call("pc:hana", "GET", "/events", after="0").json()["events"]
    assert events[2]["talk"]["text"] == "second"


def test_a_store_without_talk_loads_and_talk_replays_exactly(server: Server, data_dir: Path) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    item = table.get("gm")["legal_actions"][0]
    assert table.act(item["seat"] or "gm", item["action"], 0).status == 200
    say(table, "pc:hana", "S2D6 hidden", dice=None)
    say(table, "gm", "hello", speaker="Bartender")
    served = {seat: table.get(seat) for seat in ("gm", "pc:hana", "pc:toru")}
    games = Games(open_store(data=str(data_dir)))
    try:
        game = games.load(table.id, use_snapshots=False)
        for seat, body in served.items():
            assert {**json.loads(json.dumps(games.snapshot_view(game, seat, "en"))), "ok": True} == body
        assert game.rules_version == 1 and game.stack == [1]
    finally:
        games.close()


def test_free_rolls_use_the_v2_grammar_and_are_marked_free(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    for text in ("2MK+3>=9 交渉", "KDT", "choice[left,right]", "x3 2D6", "２ＭＫ＋３＞＝９"):
        entry = say(table, "pc:hana", text)["entry"]
        roll = entry["talk"]["roll"]
        assert roll["free"] is True and roll["line"] and roll["dice"], text
        assert entry["events"][0]["kind"] == "free_roll"
        assert "the rules did not apply it" in entry["events"][0]["text"]
    plain = say(table, "pc:hana", "hello there, 2D6 later")["entry"]  # a command only at the start
    assert "roll" not in plain["talk"]


def test_a_secret_roll_shows_only_that_it_was_made_until_revealed(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    listeners = {seat: Listener(table, seat, "en") for seat in ("gm", "pc:toru")}
    try:
        time.sleep(0.3)
        posted = say(table, "pc:hana", "S2MK+3>=9 negotiation")
        v, roll = posted["version"], posted["entry"]["talk"]["roll"]
        assert roll["secret"] is True and roll["revealed"] is False
        toru = {e["version"]: e for e in log_of(table, "pc:toru")}
        assert toru[v]["talk"] == {"speaker": "Hana", "channel": "main", "secret": True}
        assert toru[v]["events"] == [{"kind": "secret_roll", "text": "Hana rolled in secret."}]
        assert {e["version"]: e for e in log_of(table, "gm")}[v]["talk"]["roll"]["line"] == roll["line"]
        assert table.call("pc:toru", "POST", f"/messages/{v}/reveal").status == 403
        shown = table.call("pc:hana", "POST", f"/messages/{v}/reveal")
        assert shown.status == 200, shown.body
        assert table.call("pc:hana", "POST", f"/messages/{v}/reveal").status == 400  # once
        toru = {e["version"]: e for e in log_of(table, "pc:toru")}
        assert toru[v]["talk"]["roll"]["dice"] == roll["dice"] and toru[v]["talk"]["roll"]["revealed"]
        assert toru[v + 1]["type"] == "reveal" and toru[v + 1]["talk"]["roll"]["line"] == roll["line"]
        listeners["pc:toru"].wait_for(v + 1)
        before, after = (json.loads(p) for p in listeners["pc:toru"].pushes[-2:])
        assert "roll" not in before["talk"] and after["talk"]["roll"]["line"] == roll["line"]
    finally:
        for listener in listeners.values():
            listener.close()


def test_typed_dice_where_the_game_allows_them(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en", manual_dice=True)
    roll = say(table, "pc:hana", "2MK+3>=9", dice=[5, 2])["entry"]["talk"]["roll"]
    assert roll["dice"] == [5, 2] and roll["typed"] is True
    assert roll["line"] == "(2R6+3>=9) ＞ 7[2,5]+3 ＞ 10 ＞ 成功"
    short = table.call("pc:hana", "POST", "/messages", {"text": "2MK+3>=9", "dice": [5, 2, 1]})
    assert short.status == 400, short.body
    assert table.call("pc:hana", "POST", "/messages", {"text": "hi", "dice": [5]}).status == 400


def test_talk_on_postgresql_reaches_the_other_process(pg_url: str) -> None:
    a = start_server("--store", pg_url, env=FAST)
    b = start_server("--store", pg_url, env=FAST)
    try:
        table = create(a, "MeikyuKingdom", "battle", lang="en")
        listener = Listener(Table(b, table.id, table.seats), "pc:toru", "en")
        try:
            time.sleep(0.3)
            say(table, "gm", "From the other server.", speaker="Herald")
            say(table, "pc:hana", "secret plan", to=["gm"])
            listener.wait_for(2)
            assert b"From the other server." in listener.pushes[0] and b"secret plan" not in listener.pushes[1]
        finally:
            listener.close()
    finally:
        stop_server(a)
        stop_server(b)


def test_the_gms_reason_for_a_ruling_goes_in_the_log(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    gm = table.get("gm")
    item = next(i for i in gm["legal_actions"] if i["key"] == "gm/reduce_hp/hana/1")
    taken = table.act("gm", item["action"], gm["version"], note="the floor gives way")
    assert taken.status == 200, taken.body
    log = table.get("pc:toru")["log"]
    assert [e["type"] for e in log] == ["action", "message"]
    assert log[1]["talk"]["ruling"] == 1
    assert log[1]["events"][0]["text"] == "Ruling (#1): the GM: the floor gives way"
    refused = table.act("pc:hana", item["action"], 2, note="mine")
    assert refused.status == 403


def test_talk_from_two_processes_is_never_refused_as_stale(tmp_path: Path) -> None:
    """Two services on one store (as two ``meikyu serve`` processes): each message lands at the log's end."""
    import threading

    first, second = Games(open_store(data=str(tmp_path))), Games(open_store(data=str(tmp_path)))
    try:
        made = first.create("MeikyuKingdom", "battle", "sample", "en")
        errors: list[str] = []

        def post(games: Games, seat: str) -> None:
            for i in range(20):
                try:
                    games.post_message(made.id, seat, f"{seat} {i}")
                except Exception as error:  # noqa: BLE001 - any refusal fails the test below
                    errors.append(repr(error))

        threads = [threading.Thread(target=post, args=(g, s)) for g, s in ((first, "pc:hana"), (second, "pc:toru"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        assert first.load(made.id).version == 40
    finally:
        first.close()
        second.close()
