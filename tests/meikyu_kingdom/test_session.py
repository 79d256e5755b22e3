"""Phases of a game (R-MK-01, R-MK-01b, R-MK-02) on the sample kingdom."""

from __future__ import annotations

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import FirstLegalPolicy, Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.session import (
    Advance,
    EndLabyrinth,
    GmSet,
    GmSkip,
    LabyrinthTurn,
    NextSession,
    RollDisaster,
    RollKingdomChange,
    SessionRules,
    SessionState,
    SetGoal,
    SettleIncome,
)
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


def new_game(dice: list[int]) -> Game[SessionState]:
    s = sample()
    return Game(SessionRules(), SessionState(s.kingdom, s.characters), ScriptedDice(dice))


def test_r_mk_01_r_mk_02_full_walk_with_goal_met() -> None:
    """R-MK-01/02: preparation → kingdom (prologue, round table, actions, departure) → labyrinth → end."""
    g = new_game([3, 4])
    seen = [(g.state.phase, g.state.step)]
    g.play(Advance())
    seen.append((g.state.phase, g.state.step))
    g.play(Advance())
    seen.append((g.state.phase, g.state.step))
    # R-MK-03: the round table runs inside the kingdom phase and must finish first.
    with pytest.raises(RuleError):
        g.play(Advance())
    g.play(rt.AssignMinions("doyun", 10))
    g.play(rt.EndOrganization())
    g.play(rt.RequestPassage(0, "A3", "B3"))
    g.play(rt.Approve())
    g.play(rt.EndBudget())
    assert g.state.kingdom.budget == 5 and g.state.kingdom.citizens == 30
    for _ in range(3):
        g.play(Advance())
        seen.append((g.state.phase, g.state.step))
    with pytest.raises(RuleError):
        g.play(Advance())  # the labyrinth phase lasts until the court returns, explores all, or is wiped out
    g.play(LabyrinthTurn())
    g.play(LabyrinthTurn())
    g.play(SetGoal(True))
    g.play(EndLabyrinth("returned"))
    g.play(Advance())
    seen.append((g.state.phase, g.state.step))
    assert g.state.kingdom.citizens == 40  # homecoming: doyun's 10 minions are citizens again (ruling)
    g.play(SettleIncome(4))
    assert g.state.kingdom.budget == 7  # 5 + 4 income − 2 upkeep
    g.play(Advance())
    g.play(RollKingdomChange())  # goal met → KCT; 3+4 = 7: citizens + 40/10 + order 1
    assert g.state.kingdom.citizens == 45
    g.play(Advance())
    assert [c.level for c in g.state.court] == [2, 2, 2, 2]  # goal met: level up
    g.play(Advance())
    assert g.state.phase == "over" and g.legal_actions() == [NextSession()]
    assert seen == [
        ("preparation", ""), ("kingdom", "prologue"), ("kingdom", "round_table"), ("kingdom", "actions"),
        ("kingdom", "departure"), ("labyrinth", ""), ("end", "income"),
    ]


def test_r_mk_01_goal_failed_uses_kmt_and_no_level_up() -> None:
    """R-MK-01: without the goal, the change roll uses KMT (7: citizens −1D6) and nobody levels up."""
    g = new_game([3, 4, 5])
    g.play(GmSkip())
    g.play(GmSkip())
    g.play(GmSkip())  # R-MK-01b: the GM skips the round table
    while g.state.phase != "labyrinth":
        g.play(Advance())
    g.play(EndLabyrinth("wiped_out"))
    g.play(Advance())
    g.play(SettleIncome(0, pay_upkeep=False))
    g.play(Advance())
    g.play(RollKingdomChange())
    assert g.state.kingdom.citizens == 35
    g.play(Advance())
    assert all(c.level == 1 for c in g.state.court)


def test_r_mk_01b_gm_set_any_value_is_recorded_and_undoable() -> None:
    """R-MK-01b: the GM sets values by ruling; the action is in the history and can be undone."""
    g = new_game([])
    g.play(GmSet("kingdom", "voice", 2))
    g.play(GmSet("mir", "hp", 3))
    assert g.state.kingdom.voice == 2 and next(c for c in g.state.court if c.id == "mir").hp == 3
    with pytest.raises(RuleError):
        g.play(GmSet("kingdom", "voice", "many"))
    with pytest.raises(RuleError):
        g.play(GmSet("kingdom", "nonsense", 1))
    g.undo()
    assert next(c for c in g.state.court if c.id == "mir").hp == 9


@pytest.mark.parametrize("value", [None, -1, "x", [1]])
def test_r_mk_01b_gm_set_mapping_field_with_wrong_shape_is_a_rule_error(value: object) -> None:
    """R-MK-01b: a ruling giving a non-mapping to a mapping field (favor) is refused, nothing changes.

    Found by tests/test_action_fuzz.py: it used to crash with AttributeError inside from_data.
    """
    g = new_game([])
    before = g.state
    with pytest.raises(RuleError) as info:
        g.play(GmSet("seoa", "favor", value))
    assert info.value.rule == "R-MK-01b" and info.value.key == "mk.error.session.bad_value"
    assert g.state == before
    assert all(info.value.message(lang) for lang in ("ko", "ja", "en"))


@pytest.mark.parametrize(("target", "field", "value", "key", "said"), [
    ("seoa", "statuses", ["nonsense"], "bad_value_because", {"en": "poison", "ja": "poison", "ko": "poison"}),
    ("kingdom", "budget", -3, "bad_value_because", {"en": "0", "ja": "0", "ko": "0"}),
    ("kingdom", "budget", 10**40, "too_big", {"en": "a million", "ja": "百万", "ko": "백만"}),
    ("session", "disasters", 10**7, "too_big", {"en": "a million", "ja": "百万", "ko": "백만"}),
    ("kingdom", "name", "x" * 201, "too_big", {"en": "200", "ja": "200", "ko": "200"}),
    ("mir", "favor", {str(n): 1 for n in range(101)}, "too_big", {"en": "100", "ja": "100", "ko": "100"}),
])
def test_r_mk_01b_a_ruling_cannot_make_what_no_sheet_may_hold(target: str, field: str, value: object, key: str,
                                                             said: dict[str, str]) -> None:
    """R-MK-01b: a quick ruling is checked as a sheet would be (an unknown bad status, a negative budget) and
    kept to sizes every seat can be shown; the refusal says why in each language and changes nothing."""
    g = new_game([])
    before = g.state
    with pytest.raises(RuleError) as info:
        g.play(GmSet(target, field, value))
    assert info.value.key == f"mk.error.session.{key}" and g.state is before
    for lang, word in said.items():
        assert word in info.value.message(lang), info.value.message(lang)


def test_r_mk_20_disaster_must_be_rolled_before_going_on() -> None:
    """R-MK-20: a due disaster blocks the flow until KDT is rolled (here 1+1: relations worsen)."""
    s = sample()
    g = Game(SessionRules(), SessionState(s.kingdom, s.characters, disasters=1), ScriptedDice([1, 1]))
    assert g.legal_actions() == [RollDisaster()]
    with pytest.raises(RuleError):
        g.play(Advance())
    g.play(RollDisaster())
    assert g.state.disasters == 0 and g.state.kingdom.relations["가시덤불 연합"] == "hostile"


def test_policy_can_drive_a_whole_game() -> None:
    """The first-legal policy walks a game to its end (prompts included)."""
    g = new_game([3, 4, 2])  # KMT 7: citizens −1D6
    policy = FirstLegalPolicy()
    for _ in range(100):
        if g.state.phase == "over":
            break
        g.play(policy.choose(g.state, g.legal_actions()))
    assert g.state.phase == "over"


def test_save_and_replay_mid_game() -> None:
    """A saved session (initial state + actions with their dice) replays to the same state."""
    from meikyu.systems.meikyu_kingdom.kingdom.effects import EffectRules, EffectState, RollTable

    g = new_game([])
    g.play(Advance())
    g.play(Advance())
    g.play(rt.AssignMinions("mir", 3))
    g.play(GmSet("kingdom", "voice", 3))
    again = Game.from_data(SessionRules(), g.to_data())
    assert again.state == g.state
    s = sample()
    run = Game(EffectRules(), EffectState(s.kingdom, s.characters), ScriptedDice([4, 5, 5, 5]))
    run.play(RollTable("KDT"))  # famine: waits for the meat choice
    assert EffectState.from_data(run.state.to_data()) == run.state
    assert Game.from_data(EffectRules(), run.to_data()).state == run.state


def test_r_mk_20_gm_setting_voice_low_goes_through_the_voice_gate() -> None:
    """R-MK-20 (with R-MK-01b): a GM ruling that lowers voice to ≤ land makers makes a disaster due,
    like any other voice change; the GM may waive it with a second ruling on the session."""
    g = new_game([])
    g.play(GmSet("kingdom", "voice", 5))  # 6 → 5, still above the 4 land makers
    assert g.state.disasters == 0
    events = g.play(GmSet("kingdom", "voice", 3))
    assert g.state.kingdom.voice == 3 and g.state.disasters == 1
    assert any(type(e).__name__ == "DisasterTriggered" for e in events)
    g.play(GmSet("kingdom", "voice", 8))  # raising voice never triggers
    assert g.state.disasters == 1
    g.play(GmSet("session", "disasters", 0))
    assert g.state.disasters == 0 and g.legal_actions() == [Advance()]
    with pytest.raises(RuleError):
        g.play(GmSet("session", "kingdom", 0))
