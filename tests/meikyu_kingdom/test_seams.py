"""The seams between the labyrinth and the seeds' rules, round three (issue 28): the fatal-wound roll
outside battle (deviation 5), hope on the checks that happen to a character (deviation 3), traps that
act when they spring, desertion by data. Each with fixed dice, named by its rule id; each fix that
changes how a game replays is behind :attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.seed_review`.
"""

from __future__ import annotations

from dataclasses import replace

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom import session as se
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.expedition import camp
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.expedition.fall import FallOutside
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

LABYRINTH = next(i for i, (phase, _) in enumerate(se.STEPS) if phase == "labyrinth")


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def at_labyrinth(review: bool = True, **court_changes: dict[str, object]) -> Game[SessionState]:
    """A new game just inside the entrance; ``review`` off plays it as a game saved before session 7."""
    state = new_session(sample(), sample_labyrinth())
    court = tuple(replace(c, **court_changes.get(c.id, {})) for c in state.court)  # type: ignore[arg-type]
    state = ex.begin(replace(state, court=court, index=LABYRINTH, seed_review=review))
    g = Game(SessionRules(), state, S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    return g


def fall_to(g: Game[SessionState], who: str, *dice: int) -> None:
    """``who`` falls and fails the search (2+1); ``dice``: the 3D6, then what follows."""
    g.play(FallOutside(who))
    if g.state.character(who).minions:  # the failed check offers minion help first: declined
        g.play(cc.DeclareHope(()), S(2, 1))
        g.play(ck.FinishCheck(), S(*dice))
    else:
        g.play(cc.DeclareHope(()), S(2, 1, *dice))


# -- deviation 5: HP ≤ 0 outside battle --------------------------------------------------------------
def test_r_mk_31_hp_at_0_outside_battle_rolls_the_fatal_wound_table_2_is_death() -> None:
    """R-MK-31: a fall (3D6 = 15, less Doyun's armor 1) takes Doyun from 14 to 0 HP: the fatal-wound
    table is rolled as in battle; 1+1 = 2 is death."""
    g = at_labyrinth(doyun={"hp": 14})
    fall_to(g, "doyun", 6, 5, 4, 1, 1)
    assert g.state.character("doyun").hp == 0
    assert g.state.conditions.get("doyun") == "dead"


def test_r_mk_31_fatal_wound_7_outside_battle_incapacitates() -> None:
    g = at_labyrinth(doyun={"hp": 14})
    fall_to(g, "doyun", 6, 5, 4, 3, 4)
    assert g.state.conditions.get("doyun") == "incapacitated"


def test_r_mk_31_fatal_wound_10_outside_battle_calls_the_search_check_with_its_hope() -> None:
    """R-MK-31, R-MK-15: FWT 10 (5+5) calls Doyun's search vs [9 − HP 0]; the check waits for his hope
    like every called check; 4+4 +1 search = 9 succeeds: HP 1, on his feet again."""
    g = at_labyrinth(doyun={"hp": 14, "drive": 1})
    fall_to(g, "doyun", 6, 5, 4, 5, 5)
    called = g.state.called
    assert called is not None and called.prompt is not None and called.prompt.kind == "declare_check"
    assert (called.call.actor, called.call.stat, called.call.difficulty) == ("doyun", "search", 9)
    assert cc.DeclareHope(("drive",)) in g.legal_actions()
    g.play(cc.DeclareHope(()), S(4, 4))
    while g.state.called is not None:
        g.play(ck.FinishCheck())
    assert g.state.character("doyun").hp == 1 and "doyun" not in g.state.conditions


def test_r_mk_31_fatal_wound_3_outside_battle_failure_is_death() -> None:
    """FWT 3 (1+2): search vs [damage 14 + 5]; 2+3 +1 fails: dead."""
    g = at_labyrinth(doyun={"hp": 14})
    fall_to(g, "doyun", 6, 5, 4, 1, 2)
    assert g.state.called is not None and g.state.called.call.difficulty == 19
    g.play(cc.DeclareHope(()), S(2, 3))
    while g.state.called is not None:
        g.play(ck.FinishCheck())
    assert g.state.conditions.get("doyun") == "dead"


def test_r_mk_31_fatal_wound_9_outside_battle_costs_minions_and_cancels_the_damage() -> None:
    g = at_labyrinth(doyun={"hp": 14, "minions": 5})
    fall_to(g, "doyun", 6, 5, 4, 4, 5, 2, 1)
    doyun = g.state.character("doyun")
    assert doyun.minions == 2 and doyun.hp == 14 and "doyun" not in g.state.conditions


def test_r_mk_31_fatal_wound_5_outside_battle_sets_a_deadline_for_the_quarter() -> None:
    g = at_labyrinth(doyun={"hp": 14})
    fall_to(g, "doyun", 6, 5, 4, 2, 3)
    assert g.state.conditions.get("doyun") == "incapacitated"
    assert g.state.deadlines.get("doyun") == "quarter"


def test_r_mk_31_a_game_saved_before_session_7_does_not_roll_the_table_outside_battle() -> None:
    g = at_labyrinth(review=False, doyun={"hp": 14})
    fall_to(g, "doyun", 6, 5, 4)
    assert g.state.character("doyun").hp == -1  # no armor against a fall either, before session 7
    assert g.state.conditions.get("doyun") == "incapacitated"


def test_r_mk_31_a_trap_that_drops_a_land_maker_waits_for_the_wound_check_then_goes_on() -> None:
    """R-MK-31: the hall's bricks (avoid search vs 8, else 1D6 damage) take Mir from 1 to −2 HP; FWT 10
    (4+6) calls her search vs [9 − (−2)] = 11, which 4+3 +3 +1 (Hawk Eye) meets: HP 1. Then the trap is
    done and the quarter ends as it would have."""
    nobody = {"minions": 0}
    g = at_labyrinth(mir={"hp": 1, "minions": 0}, haneul=nobody, doyun=nobody, seoa=nobody)
    g.play(ex.MoveTo("hall"))
    g.play(ex.SkipSearch())
    for _ in ("haneul", "doyun", "seoa"):
        g.play(cc.DeclareHope(()), S(5, 5))
    g.play(cc.DeclareHope(()), S(1, 2, 3, 4, 6))
    called = g.state.called
    assert called is not None and (called.call.actor, called.call.difficulty) == ("mir", 11)
    assert g.state.resume == "avoid"
    assert g.state.conditions.get("mir") == "incapacitated"
    g.play(cc.DeclareHope(()), S(4, 3))
    assert g.state.called is None and g.state.character("mir").hp == 1 and "mir" not in g.state.conditions
    assert g.state.expedition is not None and g.state.expedition.stage == "choose"
    assert g.state.expedition.quarters == 1 and "hall" in g.state.expedition.traps_done


def test_r_mk_31_poison_at_a_quarters_end_rolls_the_table_and_the_quarter_waits() -> None:
    """R-MK-44 + R-MK-31: poison's 1 damage at the quarter's end takes Seoa to 0; FWT 3 (1+2) calls
    search vs [1 + 5]; 1+1 is a fumble: dead. The quarter's end goes on after the check."""
    from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy

    g = at_labyrinth(seoa={"hp": 1, "minions": 0, "statuses": frozenset({"poison"})})
    g.play(ex.Camp())
    for who in ("haneul", "doyun", "mir"):
        g.play(cy.Pass(who))
    g.play(cy.Pass("seoa"), S(1, 2))
    assert g.state.called is not None and g.state.called.call.difficulty == 6
    assert g.state.resume == "quarter"
    g.play(cc.DeclareHope(()), S(1, 1))
    assert g.state.conditions.get("seoa") == "dead" and g.state.called is None
    assert g.state.resume == "" and g.state.expedition is not None and g.state.expedition.stage == "choose"


def test_r_mk_31_an_hp_reduction_does_not_kill_the_incapacitated() -> None:
    """R-MK-31/R-MK-32: "an incapacitated character who takes *damage* dies"; hunger reduces HP, it is
    not damage: the incapacitated stays incapacitated (a game saved before session 7: dead)."""
    from meikyu.systems.meikyu_kingdom.expedition.effects import lose_hp

    for review, after in ((True, "incapacitated"), (False, "dead")):
        g = at_labyrinth(review=review, mir={"hp": 0})
        state = replace(g.state, conditions={"mir": "incapacitated"})
        state = lose_hp(state, "mir", 1, "hunger", [], S())
        assert state.conditions["mir"] == after
        assert lose_hp(state, "mir", 1, "trap", [], S(), armor=True).conditions["mir"] == "dead"


def test_r_mk_33_a_labyrinth_trap_can_make_its_victim_fall() -> None:
    """R-MK-33: a pit (a trap whose effect is ``fall``) drops Mir: her search vs 9 waits for her hope
    like every called check (5+4 +3 +1 = 13: success), then 3D6 = 12 halved: 6. The room goes on."""
    from meikyu.systems.meikyu_kingdom.labyrinth.map import Outcome

    g = at_labyrinth(mir={"minions": 0})
    lab = g.state.labyrinth
    assert lab is not None
    hall = lab.room("hall")
    assert hall.trap is not None
    pit = replace(hall.trap, avoid=None, who="self", effects=(Outcome("fall"),))
    rooms = tuple(replace(r, trap=pit) if r.id == "hall" else r for r in lab.rooms)
    g = Game(SessionRules(), replace(g.state, labyrinth=replace(lab, rooms=rooms)), S())
    g.play(ex.MoveTo("hall"))
    g.play(ex.SearchTrap("mir"))
    g.play(cc.DeclareHope(()), S(1, 2))  # the search misses: the pit springs on her
    called = g.state.called
    assert called is not None and (called.call.actor, called.call.purpose, called.call.difficulty) == ("mir", "fall", 9)
    g.play(cc.DeclareHope(()), S(5, 4, 4, 4, 4))
    assert g.state.character("mir").hp == 9 - 6 and g.state.called is None
    assert g.state.expedition is not None and g.state.expedition.quarters == 1


# -- desertion in battle (R-MK-45): a trap's or a skill's effect sends minions home ------------------------
def test_r_mk_45_minions_sent_home_in_battle_become_citizens_and_count_as_sent_home() -> None:
    """R-MK-45: "【고향생각】 등의 함정, 몬스터 스킬의 효과에 의해 《부하》가 왕국에 강제적으로 귀환" —
    a combat trap (or a monster skill's data) that sends Doyun's minions home in battle lowers his
    minions, raises the kingdom's citizens by as many, and they count as sent home (not recovered at
    the game's end)."""
    from meikyu.systems.meikyu_kingdom.combat import traps
    from meikyu.systems.meikyu_kingdom.combat.model import Trap, evolve
    from meikyu.systems.meikyu_kingdom.combat.work import Work
    from meikyu.systems.meikyu_kingdom.expedition import battle as seam

    g = at_labyrinth(doyun={"minions": 5})
    state = g.state
    fight = seam.start(state.court, {}, {}, sample_labyrinth().room("pantry").encounter, 6, 0)  # type: ignore[arg-type]
    w = Work(fight, S(4))
    homesick = Trap("t1", "homesick", area=2, effects=(("desertion", "1D6"),))
    traps.spring(w, homesick, ["doyun"])
    after = w.done()
    assert after.get("doyun").minions == 1 and after.deserted == (("doyun", 4),)
    kingdom, _ = seam.sync(state.kingdom, fight, after)
    assert kingdom.citizens == state.kingdom.citizens + 4
    over = evolve(after, phase="over", winner="court", outcome="wiped_out")
    state = replace(state, kingdom=kingdom, battle=over)
    from meikyu.systems.meikyu_kingdom.expedition.effects import with_expedition

    state = with_expedition(state, stage="battle", room="pantry")
    state = ex.battle_over(state, [], S())
    assert state.character("doyun").minions == 1
    assert state.expedition is not None and state.expedition.sent_home == {"doyun": 4}


def test_r_mk_31_the_travel_tables_hp_loss_at_departure_rolls_the_fatal_wound_table() -> None:
    """R-MK-31 in the kingdom phase: TT 8 (4+4) — Haneul fails valor vs 9 (1+2) and loses 1D6 = 3 HP,
    from 1 to −2: the fatal-wound table is rolled (3+4 = 7: incapacitated). Before, HP went below 0
    with no condition at all."""
    departure = next(i for i, step in enumerate(se.STEPS) if step == ("kingdom", "departure"))
    for review in (True, False):
        state = new_session(sample(), sample_labyrinth())
        haneul = replace(state.character("haneul"), hp=1, minions=0)
        state = replace(state, court=(haneul,), index=departure, seed_review=review)
        g = Game(SessionRules(), state, S())
        g.play(se.RollTravel("haneul"), S(4, 4))
        g.play(cc.DeclareHope(()), S(1, 2, 3, 3, 4))
        while g.state.effects is not None and g.state.prompt is not None:
            g.play(g.legal_actions()[0])
        assert g.state.character("haneul").hp == -2
        assert g.state.conditions.get("haneul") == ("incapacitated" if review else None)


def test_r_mk_31_a_deadline_due_with_the_quarter_leaves_a_last_chance_to_heal() -> None:
    """R-MK-31 FWT 5 from the hall's bricks: Haneul (1 → −2 HP) dies unless back to 1 HP by the end of
    this quarter — which ends as soon as the room is done. Ruling: while the court carries a recovery
    item, it may use it first (stage ``deadline``); Seoa's Salve (1D6 = 4) saves her."""
    nobody = {"minions": 0}
    g = at_labyrinth(haneul={"hp": 1, "minions": 0}, doyun=nobody, seoa=nobody, mir=nobody)
    g.play(ex.MoveTo("hall"))
    g.play(ex.SkipSearch())
    g.play(cc.DeclareHope(()), S(1, 2, 3, 2, 3))
    for _ in ("doyun", "seoa", "mir"):
        g.play(cc.DeclareHope(()), S(5, 5))
    assert g.state.deadlines == {"haneul": "quarter"} and g.state.prompt is not None
    assert g.state.prompt.kind == "deadline" and g.state.expedition is not None and g.state.expedition.quarters == 0
    salve = next(a for a in g.legal_actions() if isinstance(a, camp.UseItem) and a.target == "haneul")
    assert camp.EndQuarter() in g.legal_actions()
    g.play(salve, S(4))
    assert g.state.character("haneul").hp == 2 and "haneul" not in g.state.conditions
    assert g.state.expedition is not None and g.state.expedition.quarters == 1 and g.state.deadlines == {}


def test_r_mk_36_a_salve_is_handed_from_the_fallen_to_one_who_can_use_it() -> None:
    """Ruling (RULINGS, "Handing items over"): outside battle the court may pass a recovery item from a
    land maker who cannot act to one who can, taking no action; Seoa takes the incapacitated Mir's
    Salve and uses it on her (1D6 = 5). Refused: handing to the dead, or between two who cannot act."""
    import pytest

    from meikyu.errors import RuleError
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample as sheet

    seoa = next(c for c in sheet().characters if c.id == "seoa")
    salve = next(i for i in seoa.items if i is not None and i.heal)
    g = at_labyrinth(mir={"hp": -1, "items": (salve,)}, seoa={"items": ()})
    g = Game(SessionRules(), replace(g.state, conditions={"mir": "incapacitated"}), S())
    offer = camp.HandOver("mir", 0, "seoa")
    assert offer in g.legal_actions()
    g.play(offer)
    assert g.state.character("seoa").items == (salve,) and g.state.character("mir").items == (None,)
    g.play(camp.UseItem("seoa", 0, "mir"), S(5))
    assert g.state.character("mir").hp == 4 and "mir" not in g.state.conditions
    dead = replace(g.state, conditions={"doyun": "dead", "haneul": "incapacitated"})
    with pytest.raises(RuleError):
        Game(SessionRules(), dead, S()).play(camp.HandOver("seoa", 0, "doyun"))
