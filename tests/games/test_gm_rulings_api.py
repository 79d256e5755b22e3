"""The GM's quick rulings through the HTTP API (issue 25, point 4; R-MK-01b): the GM's menu holds a form for
each effect (HP, drive, minions, statuses, items, kingdom resources, a table to roll), built by the server
from the effect vocabulary; a ruling posted with the GM's reason is logged as a GM ruling with the reason
beside it, seen by the players by name; a refused one is a clear 4xx in the seat's language and changes
nothing; a player cannot post one."""

from __future__ import annotations

import pytest

from tests.api.conftest import Server
from tests.games.conftest import create


def test_every_ruling_form_is_in_the_gms_menu_only(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "session", lang="en")
    gm = table.get("gm")
    keys = {i["key"]: i for i in gm["legal_actions"]}
    for kind in ("hp", "drive", "minions", "bad_status", "cure_status", "gain_item", "voice", "budget",
                 "citizens", "upkeep", "national_power", "materials"):
        item = keys[f"gm/gm_effect/effect={kind}"]
        assert item["kind"] == "gm" and item["action"]["effect"]["type"] == kind
        assert all(name in ("who",) or name.startswith("effect.") for name in item["form"])
    assert "gm/gm_effect/effect=lose_item/who=mir" in keys and "gm/gm_roll_table" in keys
    player = table.get("pc:haneul")
    assert not [i for i in player["legal_actions"] if "gm_effect" in i["key"] or "gm_roll_table" in i["key"]]


def test_a_ruling_with_the_gms_reason_is_logged_for_everyone(server: Server) -> None:
    table = create(server, "MeikyuKingdom", "session", lang="en")
    gm = table.get("gm")
    item = next(i for i in gm["legal_actions"] if i["key"] == "gm/gm_effect/effect=hp")
    action = {**item["action"], "who": "doyun", "effect": {**item["action"]["effect"], "amount": "-2"}}
    taken = table.act("gm", action, gm["version"], note="a poisoned needle in the lock")
    assert taken.status == 200, taken.body
    seen = table.get("pc:haneul")
    ruling, note = seen["log"][-2:]
    assert [e["text"] for e in ruling["events"]] == ["Doyun's HP: 12 → 10 (GM ruling)."]
    assert note["talk"]["ruling"] == ruling["version"] and "a poisoned needle" in note["events"][0]["text"]
    doyun = next(c for c in seen["view"]["court"] if c["id"] == "doyun")
    assert doyun["hp"] == 10

    roll = next(i for i in gm["legal_actions"] if i["key"] == "gm/gm_roll_table")
    rolled = table.act("gm", {**roll["action"], "code": "KCT"}, seen["version"])
    assert rolled.status == 200, rolled.body
    assert any("Kingdom Change" in e["text"] or "KCT" in e["text"] for e in table.get("pc:mir")["log"][-1]["events"])


@pytest.mark.parametrize(("lang", "word"), [("ko", "룰링"), ("ja", "裁定"), ("en", "ruling")])
def test_a_refused_ruling_is_a_4xx_in_the_seats_language_and_changes_nothing(server: Server, lang: str,
                                                                             word: str) -> None:
    table = create(server, "MeikyuKingdom", "session", lang=lang)
    gm = table.get("gm", lang=lang)
    bad = {"@type": "GmEffect", "effect": {"type": "hp", "amount": "lots"}, "who": "doyun"}
    refused = table.act("gm", bad, gm["version"], note="why not")
    assert refused.status == 422, refused.body
    message = refused.json()["message"]
    assert word in message and "lots" in message, message
    after = table.get("gm", lang=lang)
    assert after["version"] == gm["version"] and after["view"] == gm["view"]
    as_player = table.act("pc:haneul", {**bad, "effect": {"type": "hp", "amount": 1}}, gm["version"])
    assert as_player.status == 403, as_player.body
