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
    state = replace(state, index=ACTIONS_STEP, facilities_act=facilities,
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


def test_games_created_before_facilities_acted_replay_as_they_were() -> None:
    old = at_actions(facilities=False)
    assert not any(isinstance(a, UseFacility) for a in old.legal_actions())
    with pytest.raises(RuleError):
        old.play(UseFacility("mir", "밭"))
    old.play(se.CallCheck("mir", "order", 9))
    events = old.play(cc.DeclareHope(()), ScriptedDice([4, 3]))
    assert not any(type(e).__name__ == "DataApplied" for e in events)
    assert _State.from_data({k: v for k, v in old.state.to_data().items()
                             if k not in ("facilities_act", "facilities_used")}).facilities_act is False  # fmt: skip


def test_a_facility_written_wrong_is_an_error_naming_the_entry() -> None:
    from meikyu.systems.meikyu_kingdom.effects.acts import read_acts

    with pytest.raises(DataError) as err:
        read_acts({"effects": [{"type": "materials", "material": "meat", "amount": "levle"}]}, "planned",
                  file="facilities.toml", entry="facility.밭")  # fmt: skip
    assert "facility.밭" in err.value.message("en") and "level" in err.value.message("en")
