"""Session 9's follow-ups of the rules outside battle, with fixed dice: minion help only while it can change
what the check's caller reads (R-MK-19), a PC's monster skill paid for with 1 hope until the cycle ends
(R-MK-17), and an auxiliary answering a failed called check once per cycle by name (R-MK-08). Games created
before keep what they did (``useful_help``, ``data_followups`` off)."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom import cycle_data as cd
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

ACTIONS_STEP = se.STEPS.index(("kingdom", "actions"))
LABYRINTH = se.STEPS.index(("labyrinth", ""))


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def with_mir(state: SessionState, **changes: object) -> SessionState:
    return replace(state, court=tuple(replace(c, **changes) if c.id == "mir" else c for c in state.court))  # type: ignore[arg-type]


def at_labyrinth(minions: int = 5, **switches: bool) -> Game[SessionState]:
    state = with_mir(new_session(sample(), sample_labyrinth()), minions=minions)
    g = Game(SessionRules(), ex.begin(replace(state, index=LABYRINTH, **switches)), S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.MoveTo("hall"))
    g.play(ex.SearchTrap("mir", "search"))  # search vs [court 4 + 7] = 11 (R-MK-36): success or failure only
    return g


def at_actions(**changes: object) -> Game[SessionState]:
    state = new_session(sample(), sample_labyrinth())
    state = replace(state, index=ACTIONS_STEP, actions=cy.CycleState(tuple(c.id for c in state.court)), **changes)  # type: ignore[arg-type]
    return Game(SessionRules(), state, S())


def regame(state: SessionState) -> Game[SessionState]:
    return Game(SessionRules(), state, S())


def next_cycle(g: Game[SessionState]) -> Game[SessionState]:
    actions = g.state.actions
    assert actions is not None
    return regame(replace(g.state, actions=replace(actions, number=actions.number + 1, used=frozenset(),
                                                   acted=frozenset())))  # as the cycle's end leaves it (R-MK-07)


# -- R-MK-19: minion help while it can matter ----------------------------------------------------------------
def test_r_mk_19_no_minion_help_after_a_trap_search_succeeded() -> None:
    """5+4 + search 3 + Hawk Eye 1 = 13 ≥ 11: the trap is found and help could change nothing, so it is not
    offered (before session 9 it was: the game replays so)."""
    g = at_labyrinth()
    g.play(cc.DeclareHope(()), S(5, 4))
    assert g.state.called is None and g.state.expedition is not None and g.state.expedition.stage == "trap_found"
    assert g.state.character("mir").minions == 5
    old = at_labyrinth(useful_help=False)
    old.play(cc.DeclareHope(()), S(5, 4))
    assert old.state.prompt is not None and old.state.prompt.kind == "minion_help"


def test_r_mk_19_minion_help_after_a_failure_only_while_the_minions_left_could_close_the_gap() -> None:
    """1+2 + 3 + 1 = 7: four short. With five minions help is offered (each +1 costs at least one); with one,
    it could add one point at most, so the trap search is simply failed."""
    g = at_labyrinth(minions=5)
    g.play(cc.DeclareHope(()), S(1, 2))
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    g.play(ck.MinionHelp(), S(1))  # 8: three short, four minions left: asked again
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    g.play(ck.MinionHelp(), S(3))  # 9: two short, one minion left: no longer worth asking
    assert (g.state.called is None or g.state.called.call.actor != "mir") and g.state.character("mir").minions == 1
    few = at_labyrinth(minions=1)
    few.play(cc.DeclareHope(()), S(1, 2))
    assert few.state.prompt is None or few.state.prompt.kind != "minion_help"
    assert few.state.character("mir").minions == 1


def test_r_mk_19_a_gms_call_and_a_hidden_difficulty_still_offer_help_after_a_success() -> None:
    """What the GM reads off a called check is the GM's (every point may count), and against a hidden
    difficulty the roller cannot know it succeeded (R-MK-23): help stays the roller's choice."""
    g = regame(with_mir(at_actions().state, minions=3))
    g.play(se.CallCheck("mir", "search", 9))
    g.play(cc.DeclareHope(()), S(5, 5))  # 10 + 3 + 1 = 14
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    state = cc.CalledCheck(cc.Call("mir", "search", 9, "trap_search", hidden=True))
    court = with_mir(g.state, minions=3).court
    state, _ = cc.answer(state, cc.DeclareHope(()), g.state.kingdom, court, S(5, 5),
                         cycle=cc.CycleUse(useful_help=True))
    assert state.check is not None and state.check.stage == "minions"


# -- R-MK-17: a PC's monster skill outside battle ------------------------------------------------------------
CLAWS = {"name": "곰 발톱", "names": {"ko": "곰 발톱", "ja": "熊の爪", "en": "Bear Claws"}, "type": "constant",
         "monster": True, "stats": ["search"], "effects": [{"type": "achievement", "amount": 1}]}


def with_claws(g: Game[SessionState], drive: int = 1) -> Game[SessionState]:
    mir = g.state.character("mir")
    claws = Character.from_data({**mir.to_data(), "skills": [CLAWS]}).skills[0]
    return regame(with_mir(g.state, skills=(*mir.skills, claws), drive=drive, capacity=max(2, mir.capacity)))


def search_line(g: Game[SessionState], dice: tuple[int, int] = (3, 3)) -> list[str]:
    """The data named in a called search check's line (a GM's call, answered with no hope)."""
    g.play(se.CallCheck("mir", "search", 9))
    events = g.play(cc.DeclareHope(()), S(*dice))
    while g.state.called is not None:
        g.play(ck.FinishCheck())
    return [e.render("en") for e in events if type(e).__name__ == "DataApplied"]


def test_r_mk_17_a_pc_pays_one_drive_for_a_constant_monster_skill_and_it_lasts_the_cycle() -> None:
    """Mir holds Bear Claws (+1 on search checks, a monster skill through possession). Unpaid it adds nothing;
    paid (1 drive, the menu offers it, Mir stays ready) it adds to each search check of the kingdom's cycle;
    the next cycle it is unpaid again."""
    g = at_actions()
    g = with_claws(g)
    assert search_line(g) == ["Hawk Eye (mir): +1 achievement."]
    pay = cd.PayMonsterSkill("mir", "곰 발톱")
    assert pay in g.legal_actions()
    from meikyu.systems.meikyu_kingdom.play_words import describe

    assert describe(pay, g.state, "en") == "Mir uses the monster skill Bear Claws (1 drive)"
    events = g.play(pay)
    assert g.state.character("mir").drive == 0 and g.state.actions is not None and "mir" not in g.state.actions.acted
    said = [e.render("ko") for e in events]
    assert any("곰 발톱" in line for line in said), said
    assert pay not in g.legal_actions()
    assert search_line(g) == ["Hawk Eye (mir): +1 achievement.", "Bear Claws (mir): +1 achievement."]
    assert search_line(g) == ["Hawk Eye (mir): +1 achievement.", "Bear Claws (mir): +1 achievement."]
    g = next_cycle(g)
    assert search_line(g) == ["Hawk Eye (mir): +1 achievement."]


def test_r_mk_17_a_monster_skill_is_refused_without_drive_or_outside_a_cycle() -> None:
    g = at_actions()
    g = with_claws(g, drive=0)
    assert cd.PayMonsterSkill("mir", "곰 발톱") not in g.legal_actions()
    before = g.state
    with pytest.raises(RuleError) as err:
        g.play(cd.PayMonsterSkill("mir", "곰 발톱"))
    assert err.value.rule == "R-MK-17" and g.state == before
    prep = Game(SessionRules(), new_session(sample()), S())  # the preparation step is no cycle
    prep = with_claws(prep)
    assert not [a for a in prep.legal_actions() if isinstance(a, cd.PayMonsterSkill)]
    with pytest.raises(RuleError):
        prep.play(cd.PayMonsterSkill("mir", "곰 발톱"))


def test_r_mk_17_in_the_labyrinth_the_payment_lasts_the_quarter() -> None:
    g = at_labyrinth()
    g.play(cc.DeclareHope(()), S(5, 4))  # the hall's trap found: the quarter goes on
    g = with_claws(g)
    g.play(cd.PayMonsterSkill("mir", "곰 발톱"))
    assert cd.marks(g.state, "mir", cd.PAID) == ("곰 발톱",)
    exp = g.state.expedition
    assert exp is not None
    g = regame(replace(g.state, expedition=replace(exp, quarters=exp.quarters + 1)))
    assert cd.marks(g.state, "mir", cd.PAID) == () and cd.PayMonsterSkill("mir", "곰 발톱") not in g.legal_actions()


# -- R-MK-08: a failed check's auxiliary once per cycle by name ----------------------------------------------
GRIT = {"name": "Grit", "names": {"ko": "근성", "ja": "根性", "en": "Grit"}, "type": "auxiliary", "level": 1,
        "trigger": "own_check_failed", "stats": ["search"], "cost": {"minions": "1"},
        "effects": [{"type": "achievement", "amount": 2}]}


def with_grit(**switches: bool) -> Game[SessionState]:
    g = at_actions(**switches)
    mir = g.state.character("mir")
    grit = Character.from_data({**mir.to_data(), "skills": [GRIT]}).skills[0]
    return regame(with_mir(g.state, skills=(*mir.skills, grit), minions=6))


def failed_search(g: Game[SessionState]) -> None:
    g.play(se.CallCheck("mir", "search", 11))
    g.play(cc.DeclareHope(()), S(2, 3))  # 5 + 3 + 1 = 9: two short


def test_r_mk_08_the_auxiliary_answers_a_failed_check_once_per_cycle_by_name() -> None:
    """Grit answers Mir's failed search check; on a second failed check in the same kingdom cycle it is not
    offered (R-MK-08: each same-named auxiliary once per cycle), minion help is; in the next cycle it is again."""
    g = with_grit()
    failed_search(g)
    assert g.state.prompt is not None and g.state.prompt.kind == "check_data"
    g.play(ck.UseCheckData("Grit"))
    while g.state.called is not None:
        g.play(ck.FinishCheck())
    failed_search(g)
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    assert ck.UseCheckData("Grit") not in g.legal_actions()
    before = g.state
    with pytest.raises(RuleError):
        g.play(ck.UseCheckData("Grit"))
    assert g.state == before
    g.play(ck.FinishCheck())
    for c in g.state.court:  # everyone passes: the cycle ends (R-MK-07)
        g.play(cy.Pass(c.id))
    assert g.state.actions is not None and g.state.actions.number == 2
    failed_search(g)
    assert g.state.prompt is not None and g.state.prompt.kind == "check_data"


def test_r_mk_08_grit_used_on_a_check_is_spent_for_the_cycles_own_declarations_too() -> None:
    g = with_grit()
    failed_search(g)
    g.play(ck.UseCheckData("Grit"))
    while g.state.called is not None:
        g.play(ck.FinishCheck())
    before = g.state
    with pytest.raises(RuleError) as err:
        g.play(cy.Act("mir", "auxiliary", "Grit"))
    assert err.value.rule == "R-MK-08" and g.state == before


def test_r_mk_08_grit_declared_as_the_cycles_auxiliary_is_spent_for_the_check_too() -> None:
    g = with_grit()
    g.play(cy.Act("mir", "auxiliary", "Grit"))
    failed_search(g)
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"


def test_games_created_before_session_9_answer_with_the_auxiliary_each_check() -> None:
    g = with_grit(data_followups=False)
    for _ in range(2):
        failed_search(g)
        assert g.state.prompt is not None and g.state.prompt.kind == "check_data"
        g.play(ck.UseCheckData("Grit"))
        while g.state.called is not None:
            g.play(ck.FinishCheck())


# -- R-MK-45: a constant monster skill naming no place acts as the court meets it ----------------------------
HOMESICK = '''
[[monster]]
id = "homesick_wisp"
level = 1
names = { ko = "향수 도깨비불", ja = "郷愁の鬼火", en = "Homesick Wisp" }
wit = 1
search = 1
evasion = 8
hp = 3
attacks = [{ name = "flicker", power = 1 }]
[[monster.skills]]
id = "call_home"
type = "constant"
names = { ko = "귀향의 부름", ja = "帰郷の呼び声", en = "Call Home" }
effects = [{ type = "minions", who = "each_court", amount = "-2", desert = true }]
'''


@pytest.mark.parametrize("followups", [True, False])
def test_r_mk_45_a_constant_skill_working_everywhere_sends_minions_home_when_met(followups: bool) -> None:
    """A constant skill with no ``where`` works everywhere, the labyrinth too: as the court meets the wisp,
    two of each land maker's minions go home as citizens (R-MK-45). Games before session 9 did not."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_bestiary
    from meikyu.systems.meikyu_kingdom.expedition import monster_skills
    from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter, Placement

    beasts = parse_bestiary(HOMESICK, "wisps.toml")
    g = at_labyrinth(minions=5, data_followups=followups)
    events: list[object] = []
    met = monster_skills.meet(g.state, Encounter({"en": "wisp"}, (Placement("homesick_wisp", 3),)), beasts, S(),
                              events)  # type: ignore[arg-type]
    if followups:
        assert met.character("mir").minions == 3 and met.kingdom.citizens == g.state.kingdom.citizens + 2
        assert any("Call Home" in e.render("en") for e in events)  # type: ignore[attr-defined]
    else:
        assert met == g.state and events == []


def test_r_mk_19_a_table_checks_minion_help_ends_once_it_succeeds() -> None:
    """KDT 6's order check, rolled by Doyun: 4+4 + order 1 = 9 vs 10, one short; one help (1D6 = 1) makes it
    10 and the check is over — a table reads only success (before session 9 more help was still offered)."""
    from meikyu.systems.meikyu_kingdom.kingdom.effect_state import EffectState
    from meikyu.systems.meikyu_kingdom.kingdom.effects import EffectRules, RollTable

    s = sample()
    court = tuple(replace(c, minions=3) if c.id == "doyun" else c for c in s.characters)
    for useful, left in ((True, None), (False, "minion_help")):
        g = Game(EffectRules(), EffectState(s.kingdom, court, sixes_prompt=True, sixes_stakes=True,
                                                useful_help=useful), S(3, 3, 4, 4, 1))
        g.play(RollTable("KDT", "doyun"))
        g.play(cc.DeclareHope(()))
        assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
        g.play(ck.MinionHelp())
        assert (g.state.prompt.kind if g.state.prompt is not None else None) == left


def test_r_mk_13_r_mk_17_a_monster_skills_hope_from_the_voice_needs_the_other_players_consent() -> None:
    """R-MK-13: 'reduce hope' lets the owner pick drive or voice, and the voice needs the other players'
    consent. Mir (no drive) asks for the court's voice: the others are asked first; refused, nothing is spent;
    agreed, the voice pays 1 and Bear Claws adds to Mir's search checks this cycle."""
    from meikyu.systems.meikyu_kingdom.play_words import describe, prompt_line
    from meikyu.table.mk_session import SessionKind, TableSession

    g = with_claws(at_actions(), drive=0)
    ask = cd.PayMonsterSkill("mir", "곰 발톱", "voice")
    assert ask in g.legal_actions() and cd.PayMonsterSkill("mir", "곰 발톱") not in g.legal_actions()
    assert describe(ask, g.state, "en") == "Mir uses the monster skill Bear Claws (1 voice)"
    g.play(ask)
    assert g.state.prompt is not None and (g.state.prompt.kind, g.state.prompt.actor) == ("voice_consent", "court")
    assert set(g.legal_actions()) == {cc.ConsentVoice(True), cc.ConsentVoice(False)}
    assert "Mir" in prompt_line(g.state, "en")
    seats = SessionKind().seats_for(TableSession(1, g.state), cc.ConsentVoice(True))
    assert "pc:mir" not in seats and {"pc:haneul", "pc:doyun", "pc:seoa"} <= seats
    with pytest.raises(RuleError):  # nothing else while the court is asked
        g.play(se.CallCheck("mir", "search", 9))
    g.play(cc.ConsentVoice(False))
    assert not g.state.consent_for and g.state.kingdom.voice == 6 and ask in g.legal_actions()
    g.play(ask)
    events = g.play(cc.ConsentVoice(True))
    assert g.state.kingdom.voice == 5 and cd.marks(g.state, "mir", cd.PAID) == ("곰 발톱",)
    assert any("voice" in e.render("en") and "Bear Claws" in e.render("en") for e in events)
    assert search_line(g) == ["Hawk Eye (mir): +1 achievement.", "Bear Claws (mir): +1 achievement."]


def test_r_mk_13_alone_in_the_court_the_voice_pays_without_asking() -> None:
    g = with_claws(at_actions(), drive=0)
    alone = replace(g.state, conditions={c.id: "incapacitated" for c in g.state.court if c.id != "mir"})
    g = regame(alone)
    g.play(cd.PayMonsterSkill("mir", "곰 발톱", "voice"))
    assert not g.state.consent_for and g.state.kingdom.voice == 5
