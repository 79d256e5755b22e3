"""Where the session strayed from the seeds (issue 28 §2/§3), each with fixed dice and its rule id.

Every fix that changes how a game replays is behind the per-game switch
:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.seed_review` (RULINGS, "Games created
before session 7"): a new game sets it, a save without it replays as it was played.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.expedition import camp
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

LABYRINTH = next(i for i, (phase, _) in enumerate(se.STEPS) if phase == "labyrinth")


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def at_labyrinth(review: bool = True, **court_changes: dict[str, object]) -> Game[SessionState]:
    """A new game at the labyrinth's entrance; ``review`` off plays it as a game saved before session 7."""
    state = new_session(sample(), sample_labyrinth())
    court = tuple(replace(c, **court_changes.get(c.id, {})) for c in state.court)  # type: ignore[arg-type]
    state = ex.begin(replace(state, court=court, index=LABYRINTH, seed_review=review))
    return Game(SessionRules(), state, S())


# -- 13: a critical on a national-power check ---------------------------------------------------------
def test_r_mk_11_r_mk_18_a_national_critical_gives_the_roller_drive_not_voice() -> None:
    """R-MK-11/R-MK-18: every critical gives +2 drive; the national rule turns only the 6s made hope
    into voice. ``check haneul order 9`` rolled 6+6 without turning them: voice as it was, drive +2."""
    g = at_labyrinth(haneul={"drive": 0})
    voice = g.state.kingdom.voice
    g.play(se.CallCheck("haneul", "order", 9))
    g.play(cc.DeclareHope(()), S(6, 6))
    while g.state.called is not None:
        g.play(g.legal_actions()[0])
    assert g.state.kingdom.voice == voice and g.state.character("haneul").drive == 2


def test_r_mk_11_a_game_saved_before_session_7_keeps_the_critical_as_voice() -> None:
    g = at_labyrinth(review=False, haneul={"drive": 0})
    voice = g.state.kingdom.voice
    g.play(se.CallCheck("haneul", "order", 9))
    g.play(cc.DeclareHope(()), S(6, 6))
    while g.state.called is not None:
        g.play(g.legal_actions()[0])
    assert g.state.kingdom.voice == voice + 2 and g.state.character("haneul").drive == 0


# -- 14: armor against damage that is not an attack's -------------------------------------------------
def test_r_mk_30_armor_reduces_a_traps_damage_in_the_labyrinth() -> None:
    """R-MK-30/R-MK-32: the hall's bricks deal 1D6 *damage*; Doyun's armor (reduction 1) reduces it."""
    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.MoveTo("hall"))
    g.play(ex.SkipSearch())
    while g.state.called is not None:  # everyone fails the avoid check (2+1) and takes 4
        if g.state.prompt is not None and g.state.prompt.kind == "declare_check":
            g.play(cc.DeclareHope(()), S(2, 1, 4))  # the die after the check is the bricks' 1D6
        else:
            g.play(ck.FinishCheck(), S(4))  # no minion help
    hurt = {c.id: c.max_hp - c.hp for c in g.state.court}
    assert hurt["doyun"] == 3 and hurt["mir"] == 4


def test_r_mk_30_armor_reduces_poison_in_the_labyrinth() -> None:
    g = at_labyrinth(doyun={"statuses": frozenset({"poison"})})
    hp = g.state.character("doyun").hp
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    for who in ("haneul", "doyun", "seoa", "mir"):
        g.play(cy.Pass(who))
    assert g.state.character("doyun").hp == hp  # 1 damage − armor 1


# -- 4: a facility request carries no price of its own ------------------------------------------------
def _budget(seed_review: bool = True) -> Game[rt.RoundTableState]:
    s = sample()
    game = Game(rt.RoundTableRules(), rt.RoundTableState(s.kingdom, s.characters, seed_review=seed_review), S())
    game.play(rt.EndOrganization())
    return game


def test_r_mk_05_a_facility_costs_its_value_not_the_requests() -> None:
    """R-MK-05: "시설은, 그 시설의 가치와 같게《예산》을 소비하면 구입할 수 있다". A 1 MG field asked
    for at −3 (or 0) is refused before the GM is asked; asked plainly it costs 1."""
    game = _budget()
    budget = game.state.kingdom.budget
    for price in (-3, 0):
        with pytest.raises(RuleError) as err:
            game.play(rt.RequestFacility("밭", 0, "B3", value=price))
        assert err.value.rule == "R-MK-05" and game.state.pending is None
    game.play(rt.RequestFacility("밭", 0, "B3"))
    game.play(rt.Approve())
    assert game.state.kingdom.budget == budget - 1


def test_r_mk_05_a_facility_the_catalog_lacks_costs_at_least_1() -> None:
    game = _budget()
    with pytest.raises(RuleError):
        game.play(rt.RequestFacility("꿈의 성", 0, "A3", value=0))
    game.play(rt.RequestFacility("꿈의 성", 0, "A3", value=2))
    assert game.state.cost(game.state.pending) == 2  # type: ignore[arg-type]


def test_r_mk_05_a_round_table_saved_before_session_7_keeps_its_prices() -> None:
    game = _budget(seed_review=False)
    budget = game.state.kingdom.budget
    game.play(rt.RequestFacility("밭", 0, "B3", value=-3))
    game.play(rt.Approve())
    assert game.state.kingdom.budget == budget + 3


# -- 2: who may cooperate ------------------------------------------------------------------------------
ACTIONS_STEP = se.STEPS.index(("kingdom", "actions"))


def at_actions(review: bool = True) -> Game[SessionState]:
    """A new game at the kingdom phase's actions step (its cycle open)."""
    state = new_session(sample(), sample_labyrinth())
    state = replace(state, index=ACTIONS_STEP, seed_review=review,
                    actions=cy.CycleState(tuple(c.id for c in state.court)))
    return Game(SessionRules(), state, S())


def test_r_mk_12_no_cooperation_toward_one_ones_enmity_exceeds_ones_favor() -> None:
    """R-MK-12: Mir's enmity toward Haneul (2) exceeds her favor (0): she cannot help Haneul, in the
    kingdom's cycle or in camp; she can help Seoa (favor 2)."""
    g = at_actions()
    before = g.state
    with pytest.raises(RuleError) as err:
        g.play(cy.Cooperate("mir", "haneul", "negotiate"))
    assert err.value.rule == "R-MK-12" and g.state is before
    g.play(cy.Cooperate("mir", "seoa", "negotiate"))
    camp = at_labyrinth()
    camp.play(ex.EnterLabyrinth())
    camp.play(ex.SkipSearch())
    camp.play(ex.Camp())
    with pytest.raises(RuleError):
        camp.play(cy.Cooperate("mir", "haneul", "search"))


# -- 1: cooperation reaches the session's checks ------------------------------------------------------
def test_r_mk_12_cooperation_in_the_kingdom_cycle_adds_the_helpers_favor_to_a_called_check() -> None:
    """R-MK-12: Doyun (favor 3 toward Haneul) cooperates with Haneul's next action; the GM's
    ``check haneul charm 12`` then adds +3: 4+3 + charm 3 + 3 = 13 ≥ 12. The cooperation is used up."""
    g = at_actions()
    g.play(cy.Cooperate("doyun", "haneul", "negotiate"))
    g.play(cy.Resolve())
    charm = g.state.character("haneul").charm
    g.play(se.CallCheck("haneul", "charm", 12))
    events = g.play(cc.DeclareHope(()), S(4, 3))
    while g.state.called is not None:
        events = (*events, *g.play(ck.FinishCheck()))
    applied = [e for e in events if type(e).__name__ == "CooperationApplied"]
    assert len(applied) == 1 and applied[0].bonus == 3
    resolved = next(e for e in events if type(e).__name__ == "CheckResolved")
    assert resolved.achievement == 7 + charm + 3
    assert g.state.actions is not None and g.state.actions.cooperation == ()


def test_r_mk_12_cooperation_in_camp_reaches_a_labyrinth_check() -> None:
    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    g.play(cy.Cooperate("seoa", "mir", "search"))
    g.play(cy.Resolve())
    g.play(se.CallCheck("mir", "search", 9))
    assert g.state.called is not None and g.state.called.call.helpers == ("seoa",)


def test_r_mk_12_the_table_offers_cooperation_outside_battle() -> None:
    """The web table (the table layer's menu) offers Seoa cooperation on her allies in the kingdom's
    cycle, with the action to name in a text field; Mir is not offered Haneul (enmity over favor)."""
    from meikyu.table import registry
    from meikyu.table.mk_session import TableSession

    kind = registry.get("MeikyuKingdom", "session")
    table = TableSession(1, at_actions().state)
    seoa = [i for i in kind.menu(table, "pc:seoa", "en") if i.action["@type"].endswith("Cooperate")]
    assert sorted(i.action["target"] for i in seoa) == ["doyun", "haneul", "mir"]
    assert all(i.form is not None and "action" in i.form for i in seoa)
    mir = [i.action["target"] for i in kind.menu(table, "pc:mir", "en") if i.action["@type"].endswith("Cooperate")]
    assert "haneul" not in mir and "seoa" in mir
    played = Game(kind.rules, table, S())
    played.play(kind.rules.actions.load({**seoa[0].action, "action": "negotiate"}))
    assert played.state.session.actions is not None and played.state.session.actions.stack


# -- 6: the uncertain-encounter allowance on a labyrinth room ----------------------------------------
def test_r_mk_23_a_rooms_hidden_monsters_come_out_once_the_allowance_is_spent() -> None:
    """R-MK-23: up to [the court's average level] uncertain encounters per game. The sample court's
    average level is spent: the room's hidden rat fights in the open; with one left it stays hidden."""
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam
    from meikyu.systems.meikyu_kingdom.labyrinth.map import Encounter, Placement

    court = sample().characters
    levels = [c.level for c in court if c.pc]
    limit = sum(levels) // len(levels)
    room = Encounter({"en": "rats"}, (Placement("moss_rat", 3, hidden=True),))
    spent = seam.start(court, {}, {}, room, 6, limit, 4)
    assert not any(c.hidden for c in spent.combatants) and spent.uncertain_used == limit
    left = seam.start(court, {}, {}, room, 6, limit - 1, 4)
    assert any(c.hidden for c in left.combatants) and left.uncertain_used == limit


# -- 10: recovery and revival outside battle ----------------------------------------------------------
def _slot(g: Game[SessionState], who: str, name: str) -> int:
    return next(i for i, it in enumerate(g.state.character(who).items) if it is not None and it.name == name)


def test_r_mk_31_a_salve_heals_in_camp_and_stands_the_incapacitated_up() -> None:
    """R-MK-31: Seoa's salve (1D6) on Mir at HP 0, incapacitated, in camp: HP 4, standing; used up."""
    g = at_labyrinth(mir={"hp": 0})
    g = Game(SessionRules(), replace(g.state, conditions={"mir": "incapacitated"}), S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    salve = _slot(g, "seoa", "상처약")
    use = camp.UseItem("seoa", salve, "mir")
    assert use in g.legal_actions()
    g.play(use, S(4))
    assert g.state.character("mir").hp == 4 and "mir" not in g.state.conditions
    assert g.state.character("seoa").items[salve] is None
    assert g.state.expedition is not None and g.state.expedition.camp is not None
    assert not g.state.expedition.camp.ready("seoa")  # her support action of the quarter


def test_r_mk_34_a_revival_potion_in_the_labyrinth_brings_back_the_dead_of_this_game() -> None:
    g = at_labyrinth(haneul={"hp": -3})
    g = Game(SessionRules(), replace(g.state, conditions={"haneul": "dead"}), S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    potion = _slot(g, "seoa", "부활약")
    with pytest.raises(RuleError):
        g.play(camp.UseItem("seoa", _slot(g, "seoa", "상처약"), "haneul"))  # a salve does not revive
    g.play(camp.UseItem("seoa", potion, "haneul", hp=5))
    assert g.state.character("haneul").hp == 5 and "haneul" not in g.state.conditions


def test_r_mk_31_a_gm_ruling_setting_hp_above_0_stands_the_incapacitated_up() -> None:
    g = at_labyrinth(mir={"hp": 0})
    g = Game(SessionRules(), replace(g.state, conditions={"mir": "incapacitated"}), S())
    g.play(se.GmSet("mir", "hp", 5))
    assert g.state.character("mir").hp == 5 and "mir" not in g.state.conditions


# -- 8: items changed in battle are kept --------------------------------------------------------------
def test_r_mk_36_items_changed_in_battle_stay_changed() -> None:
    """R-MK-31/R-MK-36: Seoa's salve used up stays gone; Doyun's spear handed to Mir stays with Mir;
    a weapon improved by CAT 2 keeps its level."""
    from meikyu.systems.meikyu_kingdom.combat.model import COURT, evolve
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam

    s = sample()
    battle = seam.start(s.characters, {}, {}, sample_labyrinth().room("pantry").encounter, 6, 0)  # type: ignore[arg-type]
    pieces = {c.id: c for c in battle.combatants}
    spear = next(w for w in pieces["doyun"].weapons if w.name == "장창")
    seoa = evolve(pieces["seoa"], weapons=tuple(w for w in pieces["seoa"].weapons if w.name != "상처약"))
    doyun = evolve(pieces["doyun"], weapons=tuple(w for w in pieces["doyun"].weapons if w.name != "장창"))
    mir = evolve(pieces["mir"], weapons=(*pieces["mir"].weapons, evolve(spear, level=spear.level + 1)))
    changed = {"seoa": seoa, "doyun": doyun, "mir": mir}
    battle = replace(battle, combatants=tuple(changed.get(c.id, c) for c in battle.combatants), phase="over",
                     winner=COURT)
    court, _, _ = seam.fold_back(s.characters, {}, {}, battle, (), items_kept=True)
    names = {c.id: [i.name for i in c.items if i is not None] for c in court}
    assert "상처약" not in names["seoa"] and "장창" not in names["doyun"] and "장창" in names["mir"]
    moved = next(i for i in court[3].items if i is not None and i.name == "장창")
    assert moved.level == spear.level + 1 and moved.power == 4


# -- 9: battle positions are kept -----------------------------------------------------------------------
def test_r_mk_21_where_a_battle_leaves_the_court_is_where_the_next_one_starts() -> None:
    """R-MK-21/R-MK-22: Mir ends a battle in the enemy's area 4; until a camp re-forms the court she
    starts the next battle there (so the court can be caught from behind)."""
    from meikyu.systems.meikyu_kingdom.combat.model import COURT, evolve
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam

    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    state = g.state
    assert state.labyrinth is not None and state.expedition is not None
    fight = seam.start(state.court, {}, state.expedition.formation, state.labyrinth.room("pantry").encounter,  # type: ignore[arg-type]
                       6, 0)
    fight = replace(fight, phase="over", winner=COURT,
                    combatants=tuple(evolve(c, area=4) if c.id == "mir" else c for c in fight.combatants))
    state = replace(state, battle=fight, expedition=replace(state.expedition, room="pantry", stage="battle"))
    after = ex.battle_over(state, [], S())
    assert after.expedition is not None and after.expedition.formation["mir"] == 4
    nxt = seam.start(after.court, {}, after.expedition.formation, state.labyrinth.room("pantry").encounter,  # type: ignore[arg-type]
                     6, 0)
    assert next(c for c in nxt.combatants if c.id == "mir").area == 4
    camp_game = Game(SessionRules(), replace(after, expedition=replace(after.expedition, stage="choose")), S())
    camp_game.play(ex.Camp())
    assert ex.SetFormation("mir", 2) in camp_game.legal_actions()


# -- 7: a monster's escape -----------------------------------------------------------------------------
def test_r_mk_37_a_monsters_escape_leaves_the_court_in_the_room() -> None:
    """R-MK-37: when the monsters escape, the court is not sent back: it holds the room, which is
    cleared (the GM places the escaped monster elsewhere); walking back in meets no one."""
    from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam

    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    state = g.state
    assert state.labyrinth is not None and state.expedition is not None
    fight = seam.start(state.court, {}, state.expedition.formation, state.labyrinth.room("pantry").encounter,  # type: ignore[arg-type]
                       6, 0)
    fight = replace(fight, phase="over", escaped=MONSTERS)
    state = replace(state, battle=fight, expedition=replace(state.expedition, room="pantry", previous="hall",
                                                            stage="battle"))
    after = ex.battle_over(state, [], S())
    assert after.expedition is not None and after.expedition.room == "pantry"
    assert "pantry" in after.expedition.cleared


# -- §3: trade with a surrendered enemy -----------------------------------------------------------------
def test_r_mk_42_trade_with_a_monster_that_surrendered_is_2_easier_in_camp() -> None:
    """R-MK-42: monsters that surrender and survive may be traded with in camp, every trade check 2
    easier: Haneul's charm check for a trade of difficulty 9 is rolled against 7."""
    from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam

    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    state = g.state
    assert state.labyrinth is not None and state.expedition is not None
    fight = seam.start(state.court, {}, state.expedition.formation, state.labyrinth.room("pantry").encounter,  # type: ignore[arg-type]
                       6, 0)
    fight = replace(fight, phase="over", winner="court", surrendered=MONSTERS)
    state = replace(state, battle=fight, expedition=replace(state.expedition, room="pantry", stage="battle"))
    after = ex.battle_over(state, [], S())
    assert after.expedition is not None and after.expedition.partners == ("moss_rat1", "moss_rat2")
    camp_game = Game(SessionRules(), replace(after, expedition=replace(after.expedition, stage="choose")), S())
    camp_game.play(ex.Camp())
    assert camp.Trade("haneul", "moss_rat1") in camp_game.legal_actions()
    with pytest.raises(RuleError):
        camp_game.play(camp.Trade("haneul", "nobody"))
    camp_game.play(camp.Trade("haneul", "moss_rat1", "charm", 9))
    called = camp_game.state.called
    assert called is not None and (called.call.difficulty, called.call.purpose) == (7, "trade")


# -- §3: the ghost rule in a session ----------------------------------------------------------------------
def test_r_mk_35_the_gm_switches_the_ghost_rule_on_for_the_games_battles() -> None:
    """R-MK-35 is optional: a GM ruling switches it on for the game, and the labyrinth's battles use it."""
    g = at_labyrinth()
    g.play(se.GmSet("session", "ghost_rule", True))
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    exp = g.state.expedition
    assert exp is not None
    g = Game(SessionRules(), replace(g.state, expedition=replace(exp, room="hall", traps_done=(*exp.traps_done, "hall"))), S())
    g.play(ex.MoveTo("pantry"))
    g.play(ex.SkipSearch())
    assert g.state.battle is not None and g.state.battle.options.ghost


# -- §3: desertion caused by a trap -----------------------------------------------------------------------
def test_r_mk_45_a_trap_that_sends_minions_home_makes_them_citizens_again() -> None:
    """R-MK-45: a trap's effect (like 【고향생각】) sends 1D6 of Doyun's minions home: they are citizens
    again, and not recovered at the game's end."""
    from meikyu.systems.meikyu_kingdom.expedition.effects import apply
    from meikyu.systems.meikyu_kingdom.labyrinth.map import Outcome

    g = at_labyrinth(doyun={"minions": 5})
    g.play(ex.EnterLabyrinth())
    citizens = g.state.kingdom.citizens
    state = apply(g.state, (Outcome("desertion", "1D6"),), "doyun", S(3), [])
    assert state.character("doyun").minions == 2 and state.kingdom.citizens == citizens + 3
    assert state.expedition is not None and state.expedition.sent_home == {"doyun": 3}


# -- §3: falling outside battle ------------------------------------------------------------------------------
def test_r_mk_33_a_fall_in_the_labyrinth_3d6_halved_by_search_9() -> None:
    """R-MK-33: the GM rules that Doyun falls: search vs 9 (2+1+1 fails), then 3D6 = 15 damage,
    less his armor 1; Mir's success (5+4+3) halves her 3D6 = 9 to 4."""
    from meikyu.systems.meikyu_kingdom.expedition.fall import FallOutside

    g = at_labyrinth()
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    doyun, mir = g.state.character("doyun").hp, g.state.character("mir").hp
    g.play(FallOutside("doyun"))
    assert g.state.called is not None and g.state.called.call.difficulty == 9
    g.play(cc.DeclareHope(()), S(2, 1, 6, 5, 4, 3, 4))  # at −2 HP, the fatal-wound table: 7 (R-MK-31)
    assert g.state.called is None and g.state.character("doyun").hp == doyun - 14
    g.play(FallOutside("mir"))
    g.play(cc.DeclareHope(()), S(5, 4, 3, 3, 3))
    assert g.state.character("mir").hp == mir - 4


# -- 11: a labyrinth room can hold a combat trap -----------------------------------------------------------
def test_r_mk_21_a_rooms_combat_trap_is_placed_when_its_battle_is_set_up() -> None:
    """R-MK-21/R-MK-36: a room's encounter may set combat traps; the battle met there starts with them
    (hidden until searched for)."""
    import tomllib
    from importlib import resources

    from meikyu.systems.meikyu_kingdom.expedition import battle as seam
    from meikyu.systems.meikyu_kingdom.labyrinth.map import read_labyrinth

    text = resources.files("meikyu.systems.meikyu_kingdom").joinpath("data/sample_labyrinth.toml").read_text("utf-8")
    data = tomllib.loads(text)
    pantry = next(r for r in data["room"] if r["id"] == "pantry")
    pantry["encounter"]["traps"] = [{"id": "t1", "name": "snare", "area": 2, "difficulty": 8}]
    lab = read_labyrinth(data, file="test.toml")
    encounter = lab.room("pantry").encounter
    assert encounter is not None and [t.id for t in encounter.traps] == ["t1"]
    fight = seam.start(sample().characters, {}, {}, encounter, 6, 0)
    assert [(t.id, t.area, t.hidden, t.difficulty) for t in fight.traps] == [("t1", 2, True, 8)]
    pantry["encounter"]["traps"] = [{"id": "t1", "area": 9}]
    with pytest.raises(Exception) as err:  # a bad trap is a clear data error naming the field
        read_labyrinth(data, file="test.toml")
    assert "area" in str(err.value)
