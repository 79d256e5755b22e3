"""Game settings the GM changes during play (issue 26, points 5 and 6): typed dice and the monsters'
autopilot kept on the server, changed by the GM alone, logged as a line every seat reads, the same for
every seat and device, untouched by undo, and read back the same when the game is loaded again."""

from __future__ import annotations

from pathlib import Path

from meikyu.store import open_store
from meikyu.store.service import Games
from tests.api.conftest import Server
from tests.games.conftest import create


def test_the_gm_turns_typed_dice_and_the_autopilot_on_and_every_seat_reads_it(server: Server, data_dir: Path) -> None:
    table = create(server, "MeikyuKingdom", "battle", lang="en")
    start = table.get("gm")
    assert start["settings"] == {"manual_dice": False, "auto": False}
    begin = next(i for i in start["legal_actions"] if i["key"] == "gm/begin")
    # a player may not change a setting; a bad name or value, or no change, is refused and logs nothing
    assert table.call("pc:hana", "POST", "/settings", {"name": "auto", "value": True}).status == 403
    bad = table.call("gm", "POST", "/settings", {"name": "dice", "value": True}, lang="ko")
    assert bad.status == 422 and "manual_dice, auto" in bad.json()["message"] and "설정" in bad.json()["message"]
    assert table.call("gm", "POST", "/settings", {"name": "auto", "value": "yes"}).status == 422
    assert table.call("gm", "POST", "/settings", {"name": "auto", "value": False}).status == 422
    assert table.get("gm")["version"] == start["version"]

    reply = table.call("gm", "POST", "/settings", {"name": "manual_dice", "value": True})
    assert reply.status == 200, reply.body
    assert reply.json()["settings"] == {"manual_dice": True, "auto": False}
    table.call("gm", "POST", "/settings", {"name": "auto", "value": True}, lang="ja")
    seen = table.get("pc:hana", lang="ko")
    assert seen["settings"] == {"manual_dice": True, "auto": True}
    lines = [e["events"][0]["text"] for e in seen["log"][-2:]]
    assert lines == ["GM이 이제부터 실제 주사위 눈(직접 입력)을 허용합니다.",
                     "GM이 몬스터 자동 조종을 켰습니다. 몬스터의 행동은 자동으로 진행됩니다."]
    assert [e["type"] for e in seen["log"][-2:]] == ["setting", "setting"]

    # an action posted before the change was seen is stale; after it, typed dice are taken
    assert table.act("gm", begin["action"], start["version"]).status == 409
    assert table.act("gm", begin["action"], seen["version"], dice=[]).status == 200

    # turned off again, typed dice are refused; undo takes back actions, never a setting
    table.call("gm", "POST", "/settings", {"name": "manual_dice", "value": False})
    now = table.get("gm")
    assert table.call("gm", "POST", "/undo", {"version": now["version"]}).status == 200
    assert table.get("gm")["settings"] == {"manual_dice": False, "auto": True}
    refused = table.call("pc:hana", "POST", "/messages", {"text": "2D6", "dice": [3, 4]})
    assert refused.status == 403

    # read back from the store alone (no process holding the game): the same settings
    games = Games(open_store(data=str(data_dir)))
    try:
        assert games.load(table.id).settings["auto"] is True
        assert games.load(table.id).settings["manual_dice"] is False
    finally:
        games.close()
