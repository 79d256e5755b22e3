"""The round table (R-MK-03 … R-MK-06) on the sample kingdom."""

from __future__ import annotations

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import InputError, RuleError
from meikyu.systems.meikyu_kingdom.kingdom.round_table import (
    Approve,
    AssignMinions,
    EndBudget,
    EndOrganization,
    Refuse,
    RequestDestroy,
    RequestFacility,
    RequestItem,
    RequestPassage,
    RoundTableRules,
    RoundTableState,
)
from meikyu.systems.meikyu_kingdom.sheets.kingdom import LandMap
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


def budget_game() -> Game[RoundTableState]:
    s = sample()
    game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
    game.play(EndOrganization())
    return game


def test_r_mk_03_organization_before_budget() -> None:
    """R-MK-03: the budget meeting follows the organization meeting."""
    s = sample()
    game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
    with pytest.raises(RuleError) as info:
        game.play(RequestPassage(0, "A3", "B3"))
    assert info.value.rule == "R-MK-03"
    game.play(EndOrganization())
    with pytest.raises(RuleError):
        game.play(AssignMinions("mir", 1))
    game.play(EndBudget())
    assert game.state.stage == "done" and game.legal_actions() == []


def test_r_mk_04_citizens_become_minions_rest_stay_home() -> None:
    """R-MK-04: citizens go to characters as minions; the rest stay home."""
    s = sample()
    game = Game(RoundTableRules(), RoundTableState(s.kingdom, s.characters), ScriptedDice([]))
    game.play(AssignMinions("doyun", 15))
    game.play(AssignMinions("mir", 5))
    st = game.state
    assert st.kingdom.citizens == 20 and st.citizens_home == 20
    assert st.character("doyun").minions == 15 and st.character("mir").minions == 5
    with pytest.raises(RuleError) as info:
        game.play(AssignMinions("seoa", 21))
    assert info.value.rule == "R-MK-04" and game.state is st


def test_r_mk_05_item_free_up_to_life_level_once() -> None:
    """R-MK-05(a): one common item per character, value ≤ life level, no budget spent."""
    game = budget_game()
    with pytest.raises(RuleError):
        game.play(RequestItem("haneul", "비싼 물건", 3))  # life level is 2
    game.play(RequestItem("haneul", "횃불", 2))
    game.play(Approve())
    st = game.state
    assert st.kingdom.budget == 6 and st.character("haneul").items[2] is not None
    assert st.character("haneul").items[2].name == "횃불"
    with pytest.raises(RuleError):
        game.play(RequestItem("haneul", "밧줄", 1))


def test_r_mk_05_facility_costs_its_value_and_refusal_changes_nothing() -> None:
    """R-MK-05(b): a facility costs its value; a refused request changes nothing."""
    game = budget_game()
    game.play(RequestFacility("왕좌의 방", 0, "A3"))
    before = game.state.kingdom
    game.play(Refuse())
    assert game.state.kingdom == before
    game.play(RequestFacility("대장간", 0, "A3"))
    game.play(Approve())
    assert game.state.kingdom.budget == 4 and game.state.kingdom.maps[0].facilities("A3") == ("대장간",)
    with pytest.raises(RuleError):
        game.play(RequestFacility("밭", 0, "A1"))  # the room already holds a facility


def test_r_mk_05_a_taken_room_is_named_with_its_facility_in_the_readers_language() -> None:
    """R-MK-05: the refusal of a taken room names what stands there in the reader's words, not the sheet's."""
    game = budget_game()
    held = game.state.kingdom.maps[0].facilities("B2")
    assert held, "the sample's B2 holds a facility"
    with pytest.raises(RuleError) as info:
        game.play(RequestFacility("밭", 0, "B2"))
    said = {lang: info.value.message(lang) for lang in ("ko", "ja", "en")}
    assert "광장" in said["ko"] and "広場" in said["ja"] and "Plaza" in said["en"], said
    assert "광장" not in said["ja"] + said["en"], said


def test_r_mk_05_never_approve_beyond_budget() -> None:
    """R-MK-05: the GM cannot approve what the budget cannot pay; only refusal is legal."""
    game = budget_game()
    game.play(RequestFacility("성채", 0, "A3", value=7))
    assert game.legal_actions() == [Refuse()]
    assert game.state.prompt is not None and game.state.prompt.options == ("refuse",)
    before = game.state
    with pytest.raises(RuleError) as info:
        game.play(Approve())
    assert info.value.rule == "R-MK-05" and game.state is before


def test_r_mk_05_passage_and_destruction_cost_one_each() -> None:
    """R-MK-05(c)(d): a passage costs 1 MG; destroying a facility, passage or entrance 1 MG each."""
    game = budget_game()
    game.play(RequestPassage(0, "B3", "C3"))
    game.play(Approve())
    assert game.state.kingdom.maps[0].joined("B3", "C3") and game.state.kingdom.budget == 5
    with pytest.raises(RuleError):
        game.play(RequestPassage(0, "A1", "C3"))
    for req in (RequestDestroy("facility", 0, "C2", name="창고"), RequestDestroy("passage", 0, "A1", other="A2"),
                RequestDestroy("entrance", 0, "B3")):
        game.play(req)
        game.play(Approve())
    land = game.state.kingdom.maps[0]
    assert game.state.kingdom.budget == 2
    assert land.facilities("C2") == () and not land.joined("A1", "A2") and land.entrances == ()
    with pytest.raises(RuleError):
        game.play(RequestDestroy("entrance", 0, "B3"))


def test_unknown_facility_without_value_is_a_clear_error() -> None:
    game = budget_game()
    with pytest.raises(InputError) as info:
        game.play(RequestFacility("없는시설", 0, "A3"))
    assert "없는시설" in info.value.message("ko")


def test_r_mk_06_groups_need_adjacency_and_a_passage() -> None:
    """R-MK-06: same-named facilities group only across a passage between adjacent rooms."""
    rooms = {"A1": ("밭",), "B1": ("밭",), "C1": ("밭",), "A3": ("밭",)}
    land = LandMap.from_rooms("m", rooms, passages=[("A1", "B1")])
    assert {(g.rooms, g.level) for g in land.facility_groups()} == {(("A1", "B1"), 2), (("C1",), 1), (("A3",), 1)}
    land = LandMap.from_rooms("m", rooms, passages=[("A1", "B1"), ("B1", "C1")])
    assert land.facility_level("밭", "C1") == 3
    # different names never group, even joined
    land = LandMap.from_rooms("m", {"A1": ("밭",), "B1": ("광장",)}, passages=[("A1", "B1")])
    assert [g.level for g in land.facility_groups()] == [1, 1]


def test_r_mk_06_budget_meeting_changes_groups() -> None:
    """R-MK-06 with R-MK-05: a field bought in B3 and joined to C3 by a passage grows the group."""
    game = budget_game()
    game.play(RequestFacility("밭", 0, "B3"))
    game.play(Approve())
    game.play(RequestPassage(0, "B3", "C3"))
    game.play(Approve())
    assert game.state.kingdom.maps[0].facility_level("밭", "C3") == 2
    assert game.state.kingdom.budget == 4


def test_round_table_save_and_replay() -> None:
    game = budget_game()
    game.play(RequestPassage(0, "A3", "B3"))
    again = Game.from_data(RoundTableRules(), game.to_data())
    assert again.state == game.state


def test_r_mk_05_request_events_are_structured_and_localized() -> None:
    """R-MK-05: an answered request's event carries its fields and reads in ko/ja/en (no code words)."""
    game = budget_game()
    events = game.play(RequestFacility("밭", 0, "B3"))
    events = game.play(Approve())
    done = events[-1]
    assert (done.kind, done.map, done.room, done.name, done.result) == ("facility", 1, "B3", "밭", "approved")
    assert done.render("en").startswith("Request facility Field in map 1 B3: approved")
    assert done.render("ja").startswith("申請マップ1 B3に施設畑: 許可")
    assert done.render("ko").startswith("신청 지도 1 B3에 시설 밭: 허가")
    game.play(RequestPassage(0, "B3", "C3"))
    refused = game.play(Refuse())[-1]
    assert (refused.kind, refused.room, refused.other, refused.cost) == ("passage", "B3", "C3", 0)
    assert [refused.render(lang).split(":")[1].split(",")[0].split("、")[0].strip() for lang in ("ko", "ja", "en")] == [
        "거절", "却下", "refused"]


@pytest.mark.parametrize(("lang", "word"), [("ko", "이름"), ("ja", "名前"), ("en", "name")])
def test_r_mk_05_an_item_without_a_name_is_refused_and_changes_nothing(lang: str, word: str) -> None:
    game = budget_game()
    before = game.state
    with pytest.raises(RuleError) as info:
        game.play(RequestItem("haneul", "  ", 1))
    assert info.value.rule == "R-MK-05" and word in info.value.message(lang)
    assert game.state is before
