"""A seat's chat palette (issue 25, point 3): lines made from its character (the ccfolia export's), edited and
kept with the game, and ``{variables}`` read from the live state when a line is sent."""

from __future__ import annotations

from meikyu.systems.meikyu_kingdom.ccfolia import palette as ccfolia_palette
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from tests.api.conftest import Server
from tests.games.conftest import create


def test_the_palette_is_the_ccfolia_one_with_hope_dice(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "session", lang="ja")
    seat = next(s for s in table.seats if s.startswith("pc:"))
    got = table.call(seat, "GET", "/palette").json()
    texts = [line["text"] for line in got["lines"]]
    char = next(c for c in sample().characters if f"pc:{c.id}" == seat)
    exported = ccfolia_palette(char, "ja")
    assert [t for t in texts if "《希望》" not in t] == exported  # the same lines the ccfolia export writes
    assert texts[:4] == ["2MK+{才覚}>=9 〔才覚〕判定", "3MK+{才覚}>=9 〔才覚〕判定 （《希望》1）",
                         "4MK+{才覚}>=9 〔才覚〕判定 （《希望》2）", "5MK+{才覚}>=9 〔才覚〕判定 （《希望》3）"]
    assert got["lines"][0]["sends"] == f"2MK+{char.wit}>=9 〔才覚〕判定" and got["edited"] is False


def test_variables_are_read_when_sent_and_follow_the_rules(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    first = table.call("pc:hana", "POST", "/messages", {"text": "1D6+{HP} {Wit} check"}).json()["entry"]
    assert first["talk"]["text"] == "1D6+12 2 check" and first["talk"]["roll"]["command"] == "1D6+12"
    gm = table.get("gm")
    item = next(i for i in gm["legal_actions"] if i["key"] == "gm/reduce_hp/hana/1")
    assert table.act("gm", item["action"], gm["version"]).status == 200  # a rules step: Hana loses 1 HP
    again = table.call("pc:hana", "POST", "/messages", {"text": "1D6+{HP}"}).json()["entry"]
    assert again["talk"]["roll"]["command"] == "1D6+11"
    assert table.call("pc:hana", "GET", "/palette").json()["variables"]["hp"] == 11


def test_an_edited_palette_is_kept_for_its_seat_alone(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    put = table.call("pc:hana", "PUT", "/palette", {"lines": ["2MK+{valor}>=8 SECRET-PLAN", " ", "KDT"]})
    assert put.status == 200, put.body
    assert [line["text"] for line in put.json()["lines"]] == ["2MK+{valor}>=8 SECRET-PLAN", "KDT"]
    assert put.json()["lines"][0]["sends"] == "2MK+3>=8 SECRET-PLAN" and put.json()["edited"] is True
    assert table.get("gm")["legal_actions"]  # the rules did not move
    for seat in ("pc:toru", "gm"):
        seen = table.call(seat, "GET", "/events", after="0").body + table.call(seat, "GET", "").body
        assert b"SECRET-PLAN" not in seen
        assert b"SECRET-PLAN" not in table.call(seat, "GET", "/palette").body
    assert table.call("pc:hana", "PUT", "/palette", {"lines": "KDT"}).status == 400
    assert table.call("pc:hana", "PUT", "/palette", {"lines": ["x" * 201]}).status == 400
    reset = table.call("pc:hana", "PUT", "/palette", {"lines": []}).json()
    assert reset["edited"] is False and reset["lines"][0]["text"].startswith("2MK+")


def test_a_liberator_palette_is_the_seats_hand_and_follows_it(server: Server) -> None:
    """Liberator (issue 25, point 3): a roll line per action card in the seat's hand, in the seat's language,
    asked for again after the rules moved cards."""
    table = create(server, "Liberator", "scenario", lang="ja")

    def hand_and_palette(seat: str) -> tuple[list[str], list[str]]:
        me = next(p for p in table.get(seat)["view"]["players"] if p["seat"] == seat)
        lines = [line["text"] for line in table.call(seat, "GET", "/palette").json()["lines"]]
        return [c["name"] for c in me["hand"]], lines

    hand, lines = hand_and_palette("player:bob")
    assert lines[0] == "2D6 投射魔術（P・回復4）" and lines[-2:] == ["2D6", "1D6"]
    assert [line.split(" ", 1)[1].split("（")[0] for line in lines[:-2]] == hand
    gm = table.get("gm")
    mission = next(i for i in gm["legal_actions"] if i["key"].startswith("gm/generate_mission"))
    assert table.act("gm", mission["action"], gm["version"]).status == 200
    for _ in range(6):  # the turn's player plays: declare, then whatever the turn asks, until a card moved
        seat = next(s for s in table.seats if s.startswith("player:") and table.get(s)["legal_actions"])
        state = table.get(seat)
        assert table.act(seat, state["legal_actions"][0]["action"], state["version"]).status == 200
    for seat in (s for s in table.seats if s.startswith("player:")):
        hand, lines = hand_and_palette(seat)
        assert [line.split(" ", 1)[1].split("（")[0] for line in lines[:-2]] == hand
