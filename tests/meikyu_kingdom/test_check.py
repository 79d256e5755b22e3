"""The action check state machine, rule by rule, with fixed dice."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mk_core_helpers import pc

from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy, resolve
from meikyu.systems.meikyu_kingdom.check.check import (
    CheckRules,
    CheckState,
    ConvertSixes,
    DeclareCheck,
    FinishCheck,
    MinionHelp,
)
from meikyu.systems.meikyu_kingdom.events import DisasterTriggered


def test_r_mk_10_achievement_is_two_dice_plus_stat(make_state) -> None:
    """R-MK-10: achievement = two dice + stat; success iff ≥ difficulty."""
    s, _ = resolve(make_state(), DeclareCheck("a", "search", 9), ScriptedDice([2, 4]))
    assert (s.achievement, s.success) == (9, True)
    s, _ = resolve(make_state(), DeclareCheck("a", "search", 10), ScriptedDice([2, 4]))
    assert (s.achievement, s.success) == (9, False)


def test_r_mk_11_fumble_fails_sets_zero_and_costs_voice(make_state) -> None:
    """R-MK-11: 1-1 fails whatever the difficulty, achievement 0, voice −1."""
    s, _ = resolve(make_state(voice=9), DeclareCheck("a", "search", 0), ScriptedDice([1, 1]))
    assert s.fumble and s.success is False and s.achievement == 0 and s.kingdom.voice == 8


def test_r_mk_11_critical_succeeds_and_gives_two_drive_capped(make_state) -> None:
    """R-MK-11: 6-6 succeeds at any difficulty and gives +2 drive, capped by capacity. Nothing to ask
    (R-MK-14): turning a 6 could not gain more drive than the critical does."""
    state = make_state(pc(drive=2, capacity=3))
    game = Game(CheckRules(), state, ScriptedDice([6, 6]))
    game.play(DeclareCheck("a", "wit", 30))
    s = game.state
    assert s.stage == "done" and s.converted == 0
    assert s.critical and s.success and s.achievement == 14
    assert s.actor().drive == 3  # 2 + 2 capped at 3


def test_r_mk_11_one_die_left_cannot_crit_or_fumble(make_state) -> None:
    """R-MK-11: with one die used neither critical nor fumble happens (a lone 1 is no fumble)."""
    game = Game(CheckRules(), make_state(pc(capacity=5), voice=9), ScriptedDice([6, 1]))
    game.play(DeclareCheck("a", "wit", 5))
    assert game.state.prompt is not None and game.state.prompt.options == ("0", "1")
    game.play(ConvertSixes(1))
    s = game.state
    assert not s.critical and not s.fumble and s.achievement == 3 and s.actor().drive == 1 and s.kingdom.voice == 9


def test_r_mk_14_converted_six_not_used_and_gives_drive(make_state) -> None:
    """R-MK-14: a 6 turned into drive leaves the achievement."""
    game = Game(CheckRules(), make_state(pc(capacity=2)), ScriptedDice([6, 5, 4]))
    game.play(DeclareCheck("a", "wit", 5))  # no hope: two dice rolled, the third value stays unused
    assert game.state.dice == (6, 5)
    game.play(ConvertSixes(1))
    assert game.state.kept == (5,) and game.state.achievement == 7 and game.state.actor().drive == 1


def test_r_mk_14_drive_over_capacity_is_lost(make_state) -> None:
    """R-MK-14 ruling: drive gained beyond capacity is lost — so a 6 whose drive would be lost is not
    worth turning: with room for 1, 6-6-3 is read as the critical (+2, 1 lost), nobody is asked."""
    state = make_state(pc(capacity=1, drive=0))
    game = Game(CheckRules(), state, ScriptedDice([6, 6, 3]))
    game.play(DeclareCheck("a", "wit", 3, hope=("voice",)))
    assert game.state.stage == "done" and game.state.critical and game.state.actor().drive == 1
    gained = [e for e in game.history[-1].events if type(e).__name__ == "DriveGained"][0]
    assert (gained.new, gained.lost) == (1, 1)


def test_r_mk_15_hope_dice_the_best_two_count(make_state) -> None:
    """R-MK-15: k hope → 2+k dice, two of them count; voice and drive both pay. With no 6 to weigh
    the best two count and nobody is asked: a lower pair is never better (no critical, only fumbles)."""
    state = make_state(pc(drive=1), voice=10)
    game = Game(CheckRules(), state, ScriptedDice([5, 1, 3, 4]))
    game.play(DeclareCheck("a", "wit", 8, hope=("drive", "voice")))
    s = game.state
    assert s.stage == "done" and s.actor().drive == 0 and s.kingdom.voice == 9
    assert s.kept == (4, 5) and s.achievement == 11 and s.success is True
    with pytest.raises(RuleError) as info:
        Game(CheckRules(), state, ScriptedDice([5, 1, 3])).play(DeclareCheck("a", "wit", 8, hope=("drive", "drive")))
    assert info.value.rule == "R-MK-13"


def test_r_mk_14_r_mk_15_readings_offered_and_bad_answers_rejected(make_state) -> None:
    """R-MK-14/15: 6-5-4 with room for drive: 6+5, or the 6 as drive and 5+4 — the two readings worth
    having (keeping 4+5 with the 6 unturned is not offered). Turning a 6 that is not there, or
    answering when nothing is asked, is refused and changes nothing."""
    game = Game(CheckRules(), make_state(pc(capacity=2)), ScriptedDice([6, 5, 4]))
    game.play(DeclareCheck("a", "wit", 8, hope=("voice",)))
    before = game.state
    assert before.prompt is not None and before.prompt.options == ("0", "1")
    assert game.legal_actions() == [ConvertSixes(0), ConvertSixes(1)]
    for bad in (2, -1):
        with pytest.raises(RuleError) as info:
            game.play(ConvertSixes(bad))
        assert info.value.rule == "R-MK-14" and game.state is before
    game.play(ConvertSixes(1))
    assert game.state.kept == (4, 5) and game.state.achievement == 11 and game.state.actor().drive == 1
    with pytest.raises(RuleError):
        game.play(ConvertSixes(0))


def test_r_mk_13_voice_hope_can_trigger_disaster(make_state) -> None:
    """R-MK-13 + R-MK-20: spending voice is a voice decrease and can trigger the disaster."""
    s, events = resolve(make_state(voice=5, land_makers=4), DeclareCheck("a", "wit", 5, hope=("voice",)),
                        ScriptedDice([3, 3, 3]))
    assert s.kingdom.voice == 4 and s.disasters == 1
    assert any(isinstance(e, DisasterTriggered) and e.trigger == "reached" for e in events)


def test_r_mk_12_cooperation_bonus_eligibility_and_no_stacking(make_state) -> None:
    """R-MK-12: helper adds their favor toward the actor; enmity > favor bars; same helper counts once."""
    a = pc("a")
    b = pc("b", favor={"a": 2})
    c = pc("c", favor={"a": 1}, enmity={"a": 2})
    state = make_state(a, b, c)
    s, _ = resolve(state, DeclareCheck("a", "wit", 9, helpers=("b", "b")), ScriptedDice([3, 2]))
    assert s.achievement == 2 + 3 + 2 + 2  # wit 2, dice 5, favor 2 once
    with pytest.raises(RuleError) as info:
        resolve(state, DeclareCheck("a", "wit", 9, helpers=("c",)), ScriptedDice([3, 2]))
    assert info.value.rule == "R-MK-12"
    tie = make_state(a, pc("d", favor={"a": 1}, enmity={"a": 1}))
    s, _ = resolve(tie, DeclareCheck("a", "wit", 9, helpers=("d",)), ScriptedDice([3, 2]))
    assert s.achievement == 8  # equal enmity and favor may help


def test_r_mk_18_national_check_voice_only_sixes_to_voice(make_state) -> None:
    """R-MK-18: national power as stat; drive cannot be spent; 6s become voice."""
    state = make_state(voice=6, military=2)
    with pytest.raises(RuleError) as info:
        resolve(state, DeclareCheck("a", "military", 9, hope=("drive",)), ScriptedDice([1, 2, 3]))
    assert info.value.rule == "R-MK-18"
    game = Game(CheckRules(), state, ScriptedDice([6, 5, 4]))
    game.play(DeclareCheck("", "military", 9, hope=("voice",)))
    assert game.state.prompt is not None and game.state.prompt.kind == "convert_sixes"
    game.play(ConvertSixes(1))
    s = game.state
    assert s.achievement == 11 and s.success and s.kingdom.voice == 6  # 6 −1 spent +1 from the six


def test_r_mk_19_minion_help(make_state) -> None:
    """R-MK-19: after the achievement, 1D6 minions lost for +1; works with fewer; not at 0."""
    game = Game(CheckRules(), make_state(pc(minions=3)), ScriptedDice([3, 2, 5, 4]))
    game.play(DeclareCheck("a", "wit", 9))
    assert game.state.stage == "minions" and game.state.achievement == 7
    game.play(MinionHelp())  # rolls 5, only 3 there: all lost, +1
    s = game.state
    assert s.actor().minions == 0 and s.achievement == 8 and s.stage == "done"
    with pytest.raises(RuleError):
        game.play(MinionHelp())
    game2 = Game(CheckRules(), make_state(pc(minions=0)), ScriptedDice([3, 2]))
    game2.play(DeclareCheck("a", "wit", 9))
    assert game2.state.stage == "done"


def test_r_mk_19_policy_helps_when_close(make_state) -> None:
    """R-MK-19: the automatic policy spends minions only when the gap is small."""
    s, _ = resolve(make_state(pc(minions=20)), DeclareCheck("a", "wit", 9), ScriptedDice([3, 2, 2, 2]))
    assert s.achievement == 9 and s.helps == 2 and s.actor().minions == 16 and s.success
    s, _ = resolve(make_state(pc(minions=20)), DeclareCheck("a", "wit", 12), ScriptedDice([3, 2]))
    assert s.helps == 0


def test_r_mk_44_curse_and_distraction(make_state) -> None:
    """R-MK-44 in checks: curse makes ≤3 a fumble; distraction gains no drive and is cured by crit/fumble."""
    s, _ = resolve(make_state(pc(statuses=frozenset({"curse"}))), DeclareCheck("a", "wit", 3), ScriptedDice([1, 2]))
    assert s.fumble
    s, _ = resolve(make_state(pc(statuses=frozenset({"distraction"}))), DeclareCheck("a", "wit", 3),
                   ScriptedDice([6, 6]))
    assert s.critical and s.actor().drive == 0 and not s.actor().has("distraction")


def test_hidden_difficulty_shown_as_question_mark(make_state) -> None:
    """R-MK-10: the GM may hide the difficulty; the GM's state still knows the result."""
    s, events = resolve(make_state(), DeclareCheck("a", "wit", 7, hidden=True), ScriptedDice([3, 3]))
    assert s.success is True
    assert "?" in events[0].render("en")


def test_finish_only_at_minion_prompt(make_state) -> None:
    with pytest.raises(RuleError):
        CheckRules().step(make_state(), FinishCheck(), ScriptedDice([]))


def test_replay_and_serialization(make_state) -> None:
    game = Game(CheckRules(), make_state(pc(minions=4)), ScriptedDice([6, 4, 3, 2]))
    game.play(DeclareCheck("a", "wit", 10, hope=("voice",)))
    game.run(AutoPolicy())
    again = Game.from_data(CheckRules(), game.to_data())
    assert again.state == game.state
    assert CheckState.from_data(game.state.to_data()) == game.state


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=2, max_size=5), st.integers(0, 3))
def test_policy_never_worse_than_no_conversion(dice: list[int], drive: int) -> None:
    """R-MK-14/15 property: the automatic policy succeeds whenever plain best-two would."""
    from meikyu.systems.meikyu_kingdom.check import rolls
    from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

    state = CheckState(Kingdom("k", voice=10), (pc(drive=0, capacity=drive),))
    hope = ("voice",) * (len(dice) - 2)
    s, _ = resolve(state, DeclareCheck("a", "wit", 9, hope=hope), ScriptedDice(dice))
    plain = rolls.evaluate(dice, 2, 9)
    assert bool(s.success) >= bool(plain.success)
    assert s.actor().drive <= s.actor().capacity


def test_converted_sixes_read_naturally_and_mention_loss_only_when_any() -> None:
    """R-MK-18: 6s turned into drive read "기력으로" in ko (no (으) hedge); the loss over capacity is
    mentioned only when something was lost, in every language."""
    from meikyu.systems.meikyu_kingdom.events import DriveGained, SixesConverted

    none_lost = SixesConverted("사라", 2, "drive", 2, 0)
    assert "기력으로" in none_lost.render("ko") and "(으)" not in none_lost.render("ko")
    assert "백성의 목소리로" in SixesConverted("사라", 1, "voice", 1, 0).render("ko")
    for lang in ("ko", "ja", "en"):
        for event in (none_lost, DriveGained("사라", 1, 3, 0)):
            text = event.render(lang)
            assert not any(w in text for w in ("lost", "잃", "失")), text
        for event in (SixesConverted("사라", 3, "drive", 1, 2), DriveGained("사라", 3, 4, 2)):
            text = event.render(lang)
            assert "2" in text and any(w in text for w in ("lost", "잃", "失")), text


def test_r_mk_14_called_check_offers_readings_in_words() -> None:
    """A trap search in the labyrinth (a called check) asks about a 6 the way a battle does: each
    reading in words — the dice used, the achievement, the result, the drive — in ko, ja and en."""
    from tests.meikyu_kingdom.test_labyrinth import S, at_labyrinth, in_hall

    from meikyu.systems.meikyu_kingdom.check import called as cc
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.play_words import describe, prompt_line

    g = at_labyrinth()
    in_hall(g)
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(()), S(6, 2))  # mir: search 3 + Hawk Eye 1 (R-MK-09), drive 0 of 2
    assert g.state.prompt is not None and g.state.prompt.kind == "convert_sixes"
    labels = {lang: [describe(a, g.state, lang) for a in g.legal_actions()] for lang in ("ko", "ja", "en")}
    assert labels["en"] == ["use 6+2 → 12: success", "1×6 into drive, use 2 → 6: failure, +1 drive"]
    assert labels["ko"][1] == "6 1개를 기력으로, 2 사용 → 6: 실패, 기력 +1"
    assert labels["ja"][1] == "6を1個気力に、2を使う → 6：失敗、気力+1"
    assert "[6,2]" in prompt_line(g.state, "en") and "R-MK-14" in prompt_line(g.state, "ko")
    g.play(ConvertSixes(1))
    assert next(c for c in g.state.court if c.id == "mir").drive == 1
