"""A scripted session in which the sample court's skills and items and the sample bestiary act
(R-MK-08, R-MK-09, R-MK-17, R-MK-05): the round table's catalog Salve, Mir's Hawk Eye on a trap search
in the labyrinth, and in the den's battle Haneul's Rallying Cry on Mir's next check, Doyun's Shield Wall asked of his seat
and the rust beetle's hide as data."""

from __future__ import annotations

from tests.meikyu_kingdom.test_labyrinth import S, at_labyrinth, in_hall

from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.combat import actions as ba
from meikyu.systems.meikyu_kingdom.combat import events as bev
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex


def test_r_mk_09_the_sample_courts_data_acts_through_a_session() -> None:
    g = at_labyrinth()
    in_hall(g)
    # the labyrinth: Mir's trap search, 4+3 + search 3 + Hawk Eye 1 = 11 meets [4 + 7]
    events = g.play(ex.SearchTrap("mir", "search"))
    events += g.play(cc.DeclareHope(()), S(4, 3))
    lines = [e.render("en") for e in events]
    assert "Hawk Eye (mir): +1 achievement." in lines and "Achievement 11 vs 11: success." in lines
    g.play(ex.TryDisarm("seoa"))
    g.play(cc.DeclareHope(()), S(4, 3))  # 7 + search 2 = 9 ≥ 9
    g.play(ex.MoveTo("den"))
    g.play(ex.SkipSearch())
    battle = g.state.battle
    assert battle is not None and battle.get("rust_beetle1").armor == 1  # its hide, written as data
    assert battle.get("mir").data[0].source == "매의 눈" and battle.get("doyun").uses[0].covers
    g.play(ba.Begin())
    g.play(ba.StrategyCheck("haneul"), S(5, 5))
    # Haneul's Rallying Cry, offered to her as a support action, on Mir
    assert ba.UseData("haneul", "호령", "mir") in g.legal_actions()
    g.play(ba.UseData("haneul", "호령", "mir"))
    for who in ("doyun", "seoa"):
        g.play(ba.Pass(who))
    # Mir searches the den: 3+3 + search 3 + Hawk Eye 1 + the cry's 1 = 11 meets [4 + 7]
    events = g.play(ba.SearchSpot("mir", "search"), S(3, 3))
    check = next(e for e in events if isinstance(e, bev.Check))
    assert (check.achievement, check.success, check.data) == (11, True, (("매의 눈", 1),))
    # the goblin throws a brick at Haneul: Doyun, in her area, is asked for his Shield Wall
    g.play(ba.Attack("brick_goblin1", "haneul", 1))
    battle = g.state.battle
    assert battle is not None and battle.pending is not None and battle.pending.actor == "doyun"
    events = g.play(ba.Choose("방패막이"), S(6, 5))  # 11 + valor 2 hits Haneul's evasion 8
    battle = g.state.battle
    assert battle is not None and any(isinstance(e, bev.Covered) for e in events)
    assert battle.get("haneul").hp == 8 and battle.get("doyun").hp == 12 - (2 - 1)  # brick 2 − armor 1
