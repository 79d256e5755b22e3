"""The labyrinth drawn (issue 26 §3): the map a seat receives — rooms at their places, passages, the court's
room, the formation, the quarter in step with the log, the scenario goal — and, for a player, nothing of a
room the court has not learnt of (R-MK-23), proved by searching every byte the player's seat receives."""

from __future__ import annotations

from importlib import resources
from typing import Any

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.errors import DataError
from meikyu.systems.meikyu_kingdom.expedition.events import QuarterEnded, RoomEntered
from meikyu.systems.meikyu_kingdom.labyrinth.map import layout, read_labyrinth
from meikyu.table import registry
from meikyu.table.base import GM
from tests.table.test_mk_court import _SessionPolicy
from tests.table.test_mk_reveal import received

SESSION = registry.get("MeikyuKingdom", "session")

NAMES = {"gate": ("어귀", "入口の間", "Mouth"), "moss": ("이끼 복도", "苔の廊下", "Mossy Corridor"),
         "well": ("마른 우물", "涸れ井戸", "Dry Well"), "vault": ("봉인된 금고", "封じられた金庫", "Sealed Vault"),
         "nook": ("구석 방", "隅の部屋", "Corner Nook")}


def chain() -> dict[str, Any]:
    """A labyrinth of five rooms in a line with one branch, no places written: gate – moss – well – vault,
    and a nook off the well; nothing in any room, so the court walks through it."""
    rooms = []
    for ident, exits in (("gate", ["moss"]), ("moss", ["well"]), ("well", ["vault", "nook"]), ("vault", []),
                         ("nook", [])):
        ko, ja, en = NAMES[ident]
        rooms.append({"id": ident, "names": {"ko": ko, "ja": ja, "en": en}, "exits": exits})
    return {"labyrinth": {"id": "line", "names": {"ko": "한 줄 미궁", "ja": "一本道", "en": "The Line"},
                          "entrance": "gate", "goal": {"ko": "금고를 연다.", "ja": "金庫を開ける。", "en": "Open the vault."}},
            "room": rooms}


def walk(lang: str, setup: Any) -> tuple[Game[Any], list[tuple[Any, Any, Any]]]:
    """Play a whole session (the labyrinth walked room by room); every step's (before, after, events)."""
    state = SESSION.setup(setup, lang)
    game: Game[Any] = Game(SESSION.rules, state, dice=RandomDice(4))
    policy = _SessionPolicy()
    steps = []
    for _ in range(3000):
        legal = SESSION.rules.legal_actions(game.state)
        if not legal or game.state.session.phase == "over":
            return game, steps
        before = game.state
        events = game.play(policy.choose(game.state, legal))
        steps.append((before, game.state, events))
    raise AssertionError("the session did not end")


@pytest.mark.parametrize("lang", ["ko", "ja", "en"])
def test_a_player_receives_nothing_of_rooms_the_court_has_not_learnt_of_r_mk_23(lang: str) -> None:
    sheet = resources.files("meikyu.systems.meikyu_kingdom.data").joinpath("sample_kingdom.toml").read_text("utf-8")
    game, steps = walk(lang, {"sheet": sheet, "labyrinth": chain()})
    seat = SESSION.seats(game.state)[1]
    checked = 0
    for before, after, events in steps:
        ex = after.session.expedition
        if after.session.labyrinth is None or ex is None:
            continue
        lab = after.session.labyrinth
        known = {*ex.explored, ex.room}
        learnt = known | {e for r in lab.rooms if r.id in known for e in r.exits}
        text = received(SESSION, before, after, events, seat, lang).decode()
        for room in lab.rooms:
            if room.id not in learnt:
                assert f'"{room.id}"' not in text, (room.id, ex.room)
                assert not [n for n in room.names.values() if n in text], (room.id, ex.room)
                checked += 1
        assert '"marks"' not in text  # what waits in the rooms is the GM's
    assert checked > 10  # the vault and the nook were unknown for several steps
    explored = SESSION.view(game.state, seat, lang)["map"]
    assert explored is None or {r["id"] for r in explored["rooms"]} == set(NAMES)


def test_the_gm_sees_every_room_with_what_waits_inside() -> None:
    state = SESSION.setup("sample", "en")
    game: Game[Any] = Game(SESSION.rules, state, dice=RandomDice(1))
    policy = _SessionPolicy()
    while game.state.session.expedition is None:
        game.play(policy.choose(game.state, SESSION.rules.legal_actions(game.state)))
    gm = SESSION.view(game.state, GM, "en")["map"]
    marks = {r["id"]: r["marks"] for r in gm["rooms"]}
    states = {r["id"]: r["state"] for r in gm["rooms"]}
    assert marks == {"gate": [], "hall": ["trap"], "pantry": ["encounter"], "shrine": ["event"],
                     "den": ["encounter", "goal"]}
    assert states == {"gate": "here", "hall": "seen", "pantry": "unknown", "shrine": "unknown", "den": "unknown"}
    assert len(gm["passages"]) == 4 and gm["goal"] == "Clear the brick thieves' den."
    player = SESSION.view(game.state, "pc:haneul", "en")["map"]
    assert [r["id"] for r in player["rooms"]] == ["gate", "hall"] and player["passages"] == [["gate", "hall"]]
    assert gm["text"].startswith("Brick thieves") and player["text"] == "" and player["goal"] == gm["goal"]
    # as the sample's author placed them, cut to the rooms the players know: the map's size tells nothing more
    assert [(r["x"], r["y"]) for r in gm["rooms"]] == [(0, 1), (1, 1), (1, 0), (1, 2), (2, 1)]
    assert [(r["x"], r["y"]) for r in player["rooms"]] == [(0, 0), (1, 0)]
    assert (player["columns"], player["rows"], gm["columns"], gm["rows"]) == (2, 1, 3, 3)


def test_the_map_keeps_the_quarter_the_log_names_and_the_formation() -> None:
    """After every step the map's quarter is the one the log last named: ``Quarter 3: the court enters …``
    (the third under way) or ``Quarter 3 ends.`` (the fourth begins) — before, the badge ran one behind."""
    game, steps = walk("en", "sample")
    named, entered = 1, 0
    for before, after, events in steps:
        for e in events:
            if isinstance(e, RoomEntered):
                named, entered = e.quarter, entered + 1
            elif isinstance(e, QuarterEnded):
                named = e.quarter + 1
        view = SESSION.view(after, "pc:haneul", "en")["map"]
        if view is None or after.session.phase != "labyrinth":
            continue
        assert view["quarter"] == named
        lines = [x["text"] for x in SESSION.events_for(before, after, events, "pc:haneul", "en")]
        if any(isinstance(e, RoomEntered) for e in events):
            assert any(f"Quarter {e.quarter}:" in line for line in lines for e in events
                       if isinstance(e, RoomEntered)), lines
        formation = view["formation"]
        assert {f["id"] for f in formation} == {c.id for c in after.session.court}
        assert all(f["area_name"] and 0 <= f["area"] <= 5 for f in formation)  # a battle may leave one forward
        assert [f["area"] for f in formation] == sorted((f["area"] for f in formation), reverse=True)
    assert entered >= 5


def test_rooms_without_places_are_laid_out_from_the_passages() -> None:
    lab = read_labyrinth(chain(), file="line.toml")
    assert layout(lab) == {"gate": (0, 0), "moss": (1, 0), "well": (2, 0), "vault": (3, 0), "nook": (3, 1)}


@pytest.mark.parametrize("at", [[1], [1, "2"], [-1, 0], [True, 0]])
def test_a_rooms_place_is_two_whole_numbers(at: Any) -> None:
    data = chain()
    data["room"][1]["at"] = at
    with pytest.raises(DataError) as caught:
        read_labyrinth(data, file="line.toml")
    assert "room[1]" in str(caught.value) and "at" in str(caught.value)


def test_two_rooms_in_one_place_are_refused() -> None:
    data = chain()
    data["room"][0]["at"], data["room"][1]["at"] = [0, 0], [0, 0]
    with pytest.raises(DataError):
        read_labyrinth(data, file="line.toml")


def test_the_goal_shows_in_every_phase_and_the_level_up_on_the_sheets_r_mk_01() -> None:
    """The scenario goal is the players' from the start; with it met, the end phase's level-up names the land
    makers who gained a level (their sheets say so) from that step on, and only then."""
    game, steps = walk("en", "sample")
    first = SESSION.view(steps[0][0], "pc:haneul", "en")
    assert first["goal"] == {"text": "Clear the brick thieves' den.", "met": False} and first["map"] is None
    assert game.state.session.goal_met
    seen_levels = False
    for _before, after, _events in steps:
        view = SESSION.view(after, "pc:haneul", "en")
        if (after.session.phase, after.session.step) in (("end", "level_up"), ("over", "")):
            assert view["leveled_up"] and set(view["leveled_up"]) <= {c["id"] for c in view["court"]}
            assert all(c["level"] == 2 for c in view["court"] if c["id"] in view["leveled_up"])
            seen_levels = True
        else:
            assert view["leveled_up"] == []
    assert seen_levels
    assert SESSION.view(game.state, "pc:haneul", "en")["goal"]["met"] is True
