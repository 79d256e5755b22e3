"""Facilities that act, as the catalog writes them (R-MK-06, R-MK-07, R-MK-08, R-MK-09): the sample
kingdom's Throne Room adds to national checks by itself, named in the check's line; its Field and Plaza
are actions a land maker takes in the kingdom phase's cycle, once per game, their effects the tables'
(``level`` the facility level). Games created before facilities acted replay as they were."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError, RuleError
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom.facility_use import FacilityUsed, UseFacility
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.session_state import SessionState as _State
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

ACTIONS_STEP = se.STEPS.index(("kingdom", "actions"))


def at_actions(facilities: bool = True) -> Game[SessionState]:
    state = new_session(sample(), sample_labyrinth())
    state = replace(state, index=ACTIONS_STEP, data_acts=facilities,
                    actions=cy.CycleState(tuple(c.id for c in state.court)))  # fmt: skip
    return Game(SessionRules(), state, ScriptedDice([]))


def test_r_mk_08_the_field_is_a_planned_action_of_the_kingdom_phase_once_per_game() -> None:
    """The Field (two joined rooms: facility level 2) gives its level in meat; Mir has acted this cycle;
    the Field is spent for the game, whoever would take it next."""
    g = at_actions()
    assert UseFacility("mir", "밭") in g.legal_actions() and UseFacility("haneul", "광장") in g.legal_actions()
    meat = g.state.kingdom.materials.get("meat", 0)
    events = g.play(UseFacility("mir", "밭"))
    used = next(e for e in events if isinstance(e, FacilityUsed))
    assert (used.facility, used.level) == ("밭", 2) and "Field" in used.render("en")
    assert g.state.kingdom.materials["meat"] == meat + 2
    assert "mir" in g.state.actions.acted
    assert not any(isinstance(a, UseFacility) and a.facility == "밭" for a in g.legal_actions())
    before = g.state
    with pytest.raises(RuleError) as err:
        g.play(UseFacility("haneul", "밭"))
    assert err.value.rule == "R-MK-08" and g.state is before
    with pytest.raises(RuleError):  # Mir has acted this cycle (R-MK-07)
        g.play(UseFacility("mir", "광장"))
    assert g.state is before


def test_r_mk_20_the_plazas_action_raises_voice_through_the_voice_gate() -> None:
    g = at_actions()
    voice = g.state.kingdom.voice
    g.play(UseFacility("haneul", "광장"))
    assert g.state.kingdom.voice == voice + 1


def test_a_facility_the_kingdom_lacks_or_without_an_action_is_refused_in_words() -> None:
    g = at_actions()
    before = g.state
    for name in ("창고", "대장간", "castle of dreams"):
        with pytest.raises(RuleError) as err:
            g.play(UseFacility("mir", name))
        assert "밭" in err.value.message("en") and g.state is before


def test_r_mk_09_the_throne_room_adds_to_a_national_check_and_says_so() -> None:
    """A national check (order 1 vs 9): 4+3 + 1 + Throne Room 1 = 9 succeeds; the line names it."""
    g = at_actions()
    g.play(se.CallCheck("mir", "order", 9))
    events = g.play(cc.DeclareHope(()), ScriptedDice([4, 3]))
    while g.state.called is not None:
        events = (*events, *g.play(ck.FinishCheck()))
    applied = [e for e in events if type(e).__name__ == "DataApplied"]
    assert [(e.source, e.amount) for e in applied] == [("왕좌의 방", 1)]
    assert "Throne Room" in applied[0].render("en") and "玉座の間" in applied[0].render("ja")
    resolved = next(e for e in events if type(e).__name__ == "CheckResolved")
    assert resolved.achievement == 9


def test_games_created_before_data_actsed_replay_as_they_were() -> None:
    old = at_actions(facilities=False)
    assert not any(isinstance(a, UseFacility) for a in old.legal_actions())
    with pytest.raises(RuleError):
        old.play(UseFacility("mir", "밭"))
    old.play(se.CallCheck("mir", "order", 9))
    events = old.play(cc.DeclareHope(()), ScriptedDice([4, 3]))
    assert not any(type(e).__name__ == "DataApplied" for e in events)
    assert _State.from_data({k: v for k, v in old.state.to_data().items()
                             if k not in ("data_acts", "facilities_used")}).data_acts is False  # fmt: skip


def test_a_facility_written_wrong_is_an_error_naming_the_entry() -> None:
    from meikyu.systems.meikyu_kingdom.effects.acts import read_acts

    with pytest.raises(DataError) as err:
        read_acts({"effects": [{"type": "materials", "material": "meat", "amount": "levle"}]}, "planned",
                  file="facilities.toml", entry="facility.밭")  # fmt: skip
    assert "facility.밭" in err.value.message("en") and "level" in err.value.message("en")


# -- monsters' skills outside battle ------------------------------------------------------------------
def _meeting_moths(*, data_acts: bool = True, hidden: bool = False) -> tuple[Game[SessionState], list[object]]:
    """A game whose entrance room holds two lantern moths (the sample bestiary's Luring Light works in the
    labyrinth: each land maker's minions lose one, sent home); the court steps in and meets them."""
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter, Placement

    state = new_session(sample(), sample_labyrinth())
    lab = state.labyrinth
    assert lab is not None
    moths = Encounter({"en": "moths"}, (Placement("lantern_moth", 3, hidden), Placement("lantern_moth", 4, hidden)))
    rooms = tuple(replace(r, encounter=moths, trap=None) if r.id == lab.entrance else r for r in lab.rooms)
    state = replace(state, labyrinth=replace(lab, rooms=rooms), index=se.STEPS.index(("labyrinth", "")),
                    data_acts=data_acts)  # fmt: skip
    state = ex.begin(state)
    g = Game(SessionRules(), state, ScriptedDice([]))
    events = list(g.play(ex.EnterLabyrinth()))
    if g.state.expedition is not None and g.state.expedition.stage == "trap_search":
        events += g.play(ex.SkipSearch())
    return g, events


def test_r_mk_45_a_monsters_skill_in_the_labyrinth_sends_minions_home_as_the_court_meets_it() -> None:
    before = {c.id: c.minions for c in new_session(sample(), sample_labyrinth()).court}
    citizens = sample().kingdom.citizens
    g, events = _meeting_moths()
    from meikyu.systems.meikyu_kingdom.expedition.monster_skills import MonsterSkillActed

    acted = [e for e in events if isinstance(e, MonsterSkillActed)]
    assert len(acted) == 2 and "Luring Light" in acted[0].render("en") and "Lantern Moth" in acted[0].render("en")
    after = {c.id: c.minions for c in g.state.court}
    sent = sum(min(2, n) for n in before.values())
    assert all(after[c] == max(0, n - 2) for c, n in before.items())  # one each, twice (R-MK-45)
    assert g.state.kingdom.citizens == citizens + sent and g.state.battle is not None


def test_r_mk_23_a_hidden_monsters_skill_acts_without_naming_it() -> None:
    g, events = _meeting_moths(hidden=True)
    from meikyu.systems.meikyu_kingdom.expedition.monster_skills import MonsterSkillActed

    acted = [e for e in events if isinstance(e, MonsterSkillActed)]
    assert acted and all("Moth" not in e.render("en") and "Luring" not in e.render("en") for e in acted)


def test_a_game_created_before_session_8_meets_the_monsters_as_before() -> None:
    before = {c.id: c.minions for c in new_session(sample(), sample_labyrinth()).court}
    g, _ = _meeting_moths(data_acts=False)
    assert {c.id: c.minions for c in g.state.court} == before


def test_r_mk_44_the_antidote_cures_poison_in_camp_and_is_used_up() -> None:
    """The common-item catalog's Antidote works outside battle too: in camp, Seoa's support action cures
    Mir's poison (R-MK-44: poison otherwise hurts each quarter); the item is gone."""
    from meikyu.systems.meikyu_kingdom.expedition import camp
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.sheets.common_items import common_items

    antidote = common_items()["antidote"].item
    state = new_session(sample(), sample_labyrinth())
    court = tuple(replace(c, items=(*c.items[:1], antidote)) if c.id == "seoa" else
                  replace(c, statuses=frozenset({"poison"})) if c.id == "mir" else c for c in state.court)  # fmt: skip
    state = ex.begin(replace(state, court=court, index=se.STEPS.index(("labyrinth", ""))))
    g = Game(SessionRules(), state, ScriptedDice([]))
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    use = camp.UseItem("seoa", 1, "mir")
    assert use in g.legal_actions() and camp.UseItem("seoa", 1, "haneul") not in g.legal_actions()
    events = g.play(use)
    assert g.state.character("mir").statuses == frozenset() and g.state.character("seoa").items[1] is None
    assert any(type(e).__name__ == "StatusCured" for e in events)


# -- an auxiliary answering a failed check, outside battle ---------------------------------------------
GRIT = {"name": "Grit", "names": {"ko": "근성", "ja": "根性", "en": "Grit"}, "type": "auxiliary", "level": 1,
        "trigger": "own_check_failed", "stats": ["search"], "cost": {"minions": "1D6"},
        "effects": [{"type": "achievement", "amount": 2}]}


def _with_grit(minions: int = 3) -> Game[SessionState]:
    from meikyu.systems.meikyu_kingdom.sheets.character import Character

    g = at_actions()
    mir = g.state.character("mir")
    grit = Character.from_data({**mir.to_data(), "skills": [GRIT]}).skills[0]
    court = tuple(replace(c, skills=(*c.skills, grit), minions=minions) if c.id == "mir" else c for c in g.state.court)
    return Game(SessionRules(), replace(g.state, court=court), ScriptedDice([]))


def test_r_mk_08_r_mk_19_a_failed_called_check_offers_the_rollers_auxiliary_before_minion_help() -> None:
    """The GM calls ``check mir search 11``: 2+3 + search 3 + Hawk Eye 1 = 9 fails. Mir is asked about Grit
    first (R-MK-08); taken, 1D6 = 2 minions go and the achievement is 11: a success (minion help is still
    asked while a minion is left, as for every check of the session: a GM's call weighs every point)."""
    g = _with_grit()
    g.play(se.CallCheck("mir", "search", 11))
    g.play(cc.DeclareHope(()), ScriptedDice([2, 3]))
    assert g.state.prompt is not None and g.state.prompt.kind == "check_data"
    assert ck.UseCheckData("Grit") in g.legal_actions() and ck.FinishCheck() in g.legal_actions()
    from meikyu.systems.meikyu_kingdom.play_words import describe

    assert describe(ck.UseCheckData("Grit"), g.state, "ko") == "근성 사용 (실패한 판정에)"
    events = g.play(ck.UseCheckData("Grit"), ScriptedDice([2]))
    applied = [e for e in events if type(e).__name__ == "DataApplied"]
    assert [(e.source, e.amount) for e in applied] == [("Grit", 2)] and "Grit" in applied[0].render("en")
    resolved = [e for e in events if type(e).__name__ == "CheckResolved"][-1]
    assert (resolved.achievement, resolved.result) == (11, "success")
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    g.play(ck.FinishCheck())
    assert g.state.called is None and g.state.character("mir").minions == 1


def test_r_mk_08_declining_the_auxiliary_goes_on_to_minion_help_and_without_minions_it_is_not_offered() -> None:
    g = _with_grit()
    g.play(se.CallCheck("mir", "search", 11))
    g.play(cc.DeclareHope(()), ScriptedDice([2, 3]))
    g.play(ck.FinishCheck())
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    broke = _with_grit(minions=0)
    broke.play(se.CallCheck("mir", "search", 11))
    broke.play(cc.DeclareHope(()), ScriptedDice([2, 3]))
    assert broke.state.called is None  # failed, nothing to offer, no minions: the check is over
    before = broke.state
    with pytest.raises(RuleError):
        broke.play(ck.UseCheckData("Grit"))
    assert broke.state is before


def test_the_web_table_offers_a_facilitys_action_to_each_ready_land_makers_seat() -> None:
    from meikyu.table.mk_session import SessionKind

    kind = SessionKind()
    table = kind.setup("sample", "ko")
    state = table.session
    state = replace(state, index=ACTIONS_STEP, actions=cy.CycleState(state.able()))
    table = replace(table, session=state)
    offered = {(i.key, i.label) for i in kind.menu(table, "pc:mir", "ko") if "use_facility" in i.key}
    assert offered == {("mir/use_facility/facility=밭", "미르가 밭을 쓴다"), ("mir/use_facility/facility=광장", "미르가 광장을 쓴다")}
    assert {i.label for i in kind.menu(table, "pc:mir", "en") if "use_facility" in i.key} == {"Mir uses Field", "Mir uses Plaza"}
