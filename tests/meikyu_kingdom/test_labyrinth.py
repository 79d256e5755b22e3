"""The labyrinth phase on a map, rule by rule, with fixed dice (rulings: RULINGS.md, section Session)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DataError, RuleError
from meikyu.i18n import lookup
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.combat.model import COURT, Battle
from meikyu.systems.meikyu_kingdom.expedition import battle as seam
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.labyrinth.map import read_labyrinth, sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import CallCheck, SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.session_state import STEPS
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

LABYRINTH = STEPS.index(("labyrinth", ""))


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def at_labyrinth(**court_changes: dict[str, object]) -> Game[SessionState]:
    """A game standing at the labyrinth's entrance (formation not yet set)."""
    state = new_session(sample(), sample_labyrinth())
    court = tuple(replace(c, **court_changes.get(c.id, {})) for c in state.court)  # type: ignore[arg-type]
    state = ex.begin(replace(state, court=court, index=LABYRINTH))
    return Game(SessionRules(), state, S())


def everyone_avoids(g: Game[SessionState]) -> None:
    """The hall's bricks spring: every land maker rolls 5+5 and steps aside (no minion help)."""
    while g.state.called is not None:
        if g.state.prompt is not None and g.state.prompt.kind == "minion_help":
            g.play(ck.FinishCheck())
        else:
            g.play(cc.DeclareHope(()), S(5, 5))


def in_hall(g: Game[SessionState]) -> None:
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.MoveTo("hall"))


def test_r_mk_21_formation_only_before_entering_or_in_camp() -> None:
    g = at_labyrinth()
    g.play(ex.SetFormation("seoa", 0))
    with pytest.raises(RuleError) as err:
        g.play(ex.SetFormation("seoa", 3))
    assert err.value.rule == "R-MK-21"
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    with pytest.raises(RuleError):
        g.play(ex.SetFormation("seoa", 1))  # not while walking
    g.play(ex.Camp())
    g.play(ex.SetFormation("seoa", 1))
    assert g.state.expedition is not None and g.state.expedition.formation["seoa"] == 1


def test_r_mk_36_trap_found_and_disarmed_with_the_one_try() -> None:
    """Search vs [court size + 7] = 11 finds it; one disarm try succeeds: no one is hurt."""
    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(()), S(5, 4))  # 9 + search 3 = 12 ≥ 11
    assert g.state.expedition is not None and g.state.expedition.stage == "trap_found"
    g.play(ex.TryDisarm("seoa"))
    g.play(cc.DeclareHope(()), S(4, 3))  # 7 + search 2 = 9 ≥ 9
    s = g.state
    assert s.expedition is not None and "hall" in s.expedition.traps_done
    assert [c.hp for c in s.court] == [c.max_hp for c in sample().characters]
    assert s.expedition.stage == "choose" and s.expedition.quarters == 1


def test_r_mk_36_failed_disarm_springs_the_trap_no_second_try() -> None:
    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(()), S(5, 4))
    g.play(ex.TryDisarm("seoa"))
    g.play(cc.DeclareHope(()), S(2, 1))  # 3 + 2 = 5 < 9: the one try failed
    assert g.state.expedition is not None and g.state.expedition.stage == "trap_avoid"
    assert g.state.called is not None and g.state.called.call.actor == "haneul"
    with pytest.raises(RuleError):
        g.play(ex.TryDisarm("mir"))


def test_r_mk_19_minion_help_on_a_trap_check_is_the_rollers_choice() -> None:
    g = at_labyrinth(mir={"minions": 5})
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(()), S(3, 3))  # 6 + search 3 + Hawk Eye 1 = 10 < 11
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    assert g.state.character("mir").minions == 5  # nothing spent until mir says so
    g.play(ck.MinionHelp(), S(2))
    assert g.state.character("mir").minions == 3
    # 11: enough; a trap's check reads only success, so more help is not offered (session 9)
    assert g.state.called is None
    assert g.state.expedition is not None and g.state.expedition.stage == "trap_found"  # 11 ≥ 11


def test_r_mk_13_voice_needs_the_courts_consent() -> None:
    """Hope from voice asks the other players; refused, the roller declares again and nothing is spent."""
    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(("voice",)))
    assert g.state.prompt is not None and (g.state.prompt.kind, g.state.prompt.actor) == ("voice_consent", "court")
    g.play(cc.ConsentVoice(False))
    assert g.state.prompt is not None and g.state.prompt.kind == "declare_check" and g.state.kingdom.voice == 6
    g.play(cc.DeclareHope(("voice",)))
    g.play(cc.ConsentVoice(True), S(5, 4, 1))  # the best two, 5+4 + 3 = 12: nothing to ask (R-MK-15)
    assert g.state.kingdom.voice == 5
    assert g.state.expedition is not None and g.state.expedition.stage == "trap_found"
    with pytest.raises(RuleError) as err:  # drive the roller does not have
        g2 = at_labyrinth()
        in_hall(g2)
        g2.play(ex.SearchTrap("mir", "search"))
        g2.play(cc.DeclareHope(("drive",)))
    assert err.value.rule == "R-MK-13"


def test_r_mk_44_poison_bites_each_quarter_and_rest_cures_it() -> None:
    g = at_labyrinth(haneul={"statuses": frozenset({"poison"})})
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    for who in ("doyun", "seoa", "mir"):
        g.play(cy.Pass(who))
    g.play(cy.Pass("haneul"))  # the camp cycle ends: a quarter passes, poison deals 1
    assert g.state.character("haneul").hp == 7 and g.state.expedition is not None
    assert g.state.expedition.quarters == 1 and g.state.expedition.stage == "choose"
    g.play(ex.Camp())
    g.play(ex.Rest("haneul"))  # a planned action in camp: poison is cured
    assert not g.state.character("haneul").has("poison")
    for who in ("doyun", "seoa", "mir"):
        g.play(cy.Pass(who))
    assert g.state.character("haneul").hp == 7


def test_r_mk_31_outside_battle_hp_0_incapacitates_and_more_loss_kills() -> None:
    g = at_labyrinth(haneul={"hp": 1, "statuses": frozenset({"poison"})})
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    for who in ("haneul", "doyun", "seoa"):
        g.play(cy.Pass(who))
    g.play(cy.Pass("mir"), S(3, 4))  # the quarter ends: poison takes Haneul to 0, fatal wound 7 (R-MK-31)
    assert g.state.conditions == {"haneul": "incapacitated"}
    with pytest.raises(RuleError) as err:
        g.play(CallCheck("haneul", "wit", 9))
    assert err.value.rule == "R-MK-31"
    g.play(ex.Camp())
    assert "haneul" not in g.state.expedition.camp.characters  # type: ignore[union-attr]
    for who in ("doyun", "seoa", "mir"):
        g.play(cy.Pass(who))
    assert g.state.conditions == {"haneul": "dead"}


def test_r_mk_31_deadline_met_or_missed_at_quarter_end() -> None:
    state = at_labyrinth(haneul={"hp": 0}, doyun={"hp": 0}).state
    state = replace(state, conditions={"haneul": "incapacitated", "doyun": "incapacitated"},
                    deadlines={"haneul": "quarter", "doyun": "quarters:2"})
    g = Game(SessionRules(), state, S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    g.play(cy.Pass("seoa"))
    g.play(cy.Pass("mir"))
    assert g.state.conditions == {"haneul": "dead", "doyun": "incapacitated"}
    assert g.state.deadlines == {"doyun": "quarters:1"}


def test_r_mk_01_go_home_only_from_the_entrance_and_status_cured_at_home() -> None:
    g = at_labyrinth(seoa={"statuses": frozenset({"curse"})})
    in_hall(g)
    g.play(ex.SkipSearch())
    everyone_avoids(g)
    with pytest.raises(RuleError):
        g.play(ex.GoHome())
    g.play(ex.MoveTo("gate"))
    g.play(ex.GoHome())
    assert g.state.labyrinth_end == "returned" and not g.state.character("seoa").statuses


def test_r_mk_20_voice_lost_in_battle_is_the_kingdoms_and_makes_a_disaster_due() -> None:
    """A court fumble in a battle inside the game costs the kingdom's voice through the one voice path:
    5 → 4 with 4 land makers, so a kingdom disaster roll is due once the battle is over."""
    from tests.meikyu_kingdom.combat.battle_helpers import acting, battle, mon, pc

    from meikyu.systems.meikyu_kingdom.combat.actions import Attack
    from meikyu.systems.meikyu_kingdom.session import RollDisaster

    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SkipSearch())
    everyone_avoids(g)
    fight = acting(battle(pc("haneul", area=3), mon("rat", area=3, hp=30), voice=5, land_makers=4))
    state = replace(g.state, kingdom=replace(g.state.kingdom, voice=5), battle=fight)
    state = replace(state, expedition=replace(state.expedition, room="pantry", stage="battle"))  # type: ignore[type-var]
    g2 = Game(SessionRules(), state, S())
    g2.play(Attack("haneul", "rat"), S(1, 1, 1, 2, 3, 3))  # 1-1: fumble; the combat fumble table 3: step back
    assert g2.state.kingdom.voice == 4 and g2.state.disasters == 1
    assert g2.state.battle is not None and g2.state.battle.voice == 4
    assert RollDisaster() not in g2.legal_actions()  # the roll waits for the battle's end


def test_battle_outcome_written_back_with_broken_items() -> None:
    """fold_back: HP, drive, minions, statuses, condition, deadline and a broken item reach the sheet."""
    s = sample()
    battle = seam.start(s.characters, {}, {}, sample_labyrinth().room("pantry").encounter, 6, 0)  # type: ignore[arg-type]
    pieces = tuple(
        replace(c, hp=-1, condition="incapacitated", deadline="quarters:3", statuses=frozenset({"poison"}), minions=2,
                drive=0) if c.id == "doyun" else c
        for c in battle.combatants
    )
    battle = replace(battle, combatants=pieces, phase="over", winner=COURT)
    weapon = next(i for i in s.characters[1].items if i is not None)
    court, cond, lines = seam.fold_back(s.characters, {}, {}, battle, (("doyun", weapon.name),))
    doyun = court[1]
    assert (doyun.hp, doyun.minions, doyun.drive, doyun.statuses) == (-1, 2, 0, frozenset({"poison"}))
    assert cond == {"doyun": "incapacitated"} and lines == {"doyun": "quarters:3"}
    assert weapon not in doyun.items and None in doyun.items
    assert court[0] == s.characters[0]


def test_r_mk_37_escape_goes_back_to_the_room_before() -> None:
    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SkipSearch())
    everyone_avoids(g)
    g.play(ex.MoveTo("den"))
    g.play(ex.SkipSearch())
    battle = g.state.battle
    assert isinstance(battle, Battle)
    ended = replace(battle, phase="over", escaped=COURT, outcome="escape")
    state = replace(g.state, battle=ended)
    events: list = []
    state = ex.battle_over(state, events, S())
    assert state.expedition is not None and state.expedition.room == "hall"
    assert "den" not in state.expedition.cleared and state.battle is None


def test_bad_labyrinth_files_say_what_is_wrong() -> None:
    bad_exit = {"labyrinth": {"id": "x", "entrance": "a"}, "room": [{"id": "a", "exits": ["b"]}]}
    with pytest.raises(DataError) as err:
        read_labyrinth(bad_exit, file="x.toml")
    assert "b" in err.value.message("en") and lookup(err.value.key, "ko") is not None
    bad_species = {"labyrinth": {"id": "x", "entrance": "a"},
                   "room": [{"id": "a", "encounter": {"monsters": [{"species": "dragon"}]}}]}
    with pytest.raises(DataError) as err:
        read_labyrinth(bad_species, file="x.toml")
    assert "moss_rat" in err.value.message("en")


def test_rejected_actions_leave_the_state_as_it_was() -> None:
    g = at_labyrinth()
    before = g.state
    for act in (ex.MoveTo("den"), ex.TryDisarm("mir"), ex.Eat("mir", "meat"), ex.SetFormation("nobody", 1)):
        with pytest.raises(RuleError):
            g.play(act)
        assert g.state == before and not g.history
