"""Transport from the labyrinth (R-MK-46, optional rule) as a camp action whose check is the roller's."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.expedition.transport import Transport
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import GmSet, SessionRules, SessionState, new_session
from meikyu.systems.meikyu_kingdom.session_state import STEPS
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

LABYRINTH = STEPS.index(("labyrinth", ""))
STONE = "마석"


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def in_camp(minions: int = 6) -> Game[SessionState]:
    """The court camps in the entrance room with a magic stone and 2 iron in its haul; mir leads 6 minions."""
    state = new_session(sample(), sample_labyrinth())
    court = tuple(replace(c, minions=minions) if c.id == "mir" else c for c in state.court)
    state = ex.begin(replace(state, court=court, index=LABYRINTH))
    assert state.expedition is not None
    state = replace(state, expedition=replace(state.expedition, haul_items=(STONE,), haul_materials={"iron": 2}))
    g = Game(SessionRules(), state, S())
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())
    g.play(ex.Camp())
    return g


def send(g: Game[SessionState], minions: int = 4) -> None:
    g.play(Transport("mir", minions, (STONE,), (("iron", 2),)))


def test_r_mk_46_transport_is_a_camp_action_whose_check_waits_for_the_roller() -> None:
    g = in_camp()
    assert Transport("mir", 6, (STONE,), (("iron", 2),)) in g.legal_actions()
    send(g)
    s = g.state
    assert s.kingdom.citizens == 44 and s.character("mir").minions == 2  # they leave at once (R-MK-45)
    assert s.expedition.haul_items == () and s.expedition.sent_home == {"mir": 4}
    assert s.prompt is not None and s.prompt.kind == "declare_check" and s.prompt.actor == "mir"
    assert cc.DeclareHope(("drive",)) not in g.legal_actions()  # a national check: no drive (R-MK-18)
    g.play(cc.DeclareHope(()), S(3, 4))  # 3+4 + military 2 = 9: success
    assert g.state.called is None  # a success: minion help could change nothing (R-MK-19, session 9)
    k = g.state.kingdom
    assert k.stored_items == (STONE,) and k.materials["iron"] == 2 + sample().kingdom.materials.get("iron", 0)
    assert k.citizens == 44 and g.state.called is None
    assert g.state.expedition.camp is not None and "mir" in g.state.expedition.camp.acted


def test_r_mk_46_failure_loses_difficulty_minus_achievement_and_minion_help_can_save_it() -> None:
    g = in_camp(minions=5)
    send(g)  # one minion left to help
    g.play(cc.DeclareHope(()), S(2, 2))  # 4 + military 2 + the Throne Room's 1 = 7: two short
    g.play(ck.MinionHelp(), S(1))  # 8: one short, the last minion gone
    assert g.state.called is None and g.state.character("mir").minions == 0
    assert g.state.kingdom.citizens == 44 - 1 and g.state.kingdom.stored_items == (STONE,)


def test_r_mk_46_fumble_loses_all_sent_and_the_cargo() -> None:
    g = in_camp(minions=4)
    send(g)
    g.play(cc.DeclareHope(()), S(1, 1))
    k = g.state.kingdom
    assert k.citizens == 40 and k.stored_items == () and k.voice == 5
    assert g.state.expedition.haul_items == ()  # the cargo is gone with them


def test_r_mk_46_refused_transports_change_nothing() -> None:
    g = in_camp(minions=3)
    before = g.state
    for bad in (Transport("mir", 4, (STONE,)), Transport("mir", 0, (STONE,)), Transport("mir", 1),
                Transport("mir", 1, ("sword",)), Transport("mir", 1, (), (("iron", 3),)), Transport("haneul", 1, (STONE,))):
        with pytest.raises(RuleError) as err:
            g.play(bad)
        assert err.value.rule in ("R-MK-46", "R-MK-19"), bad
        assert g.state == before
    g.play(GmSet("session", "transport_rule", False))  # the optional rule switched off
    with pytest.raises(RuleError) as err:
        send(g, 1)
    assert err.value.key == "mk.error.labyrinth.transport_off"


def test_r_mk_46_minions_sent_home_are_not_recovered() -> None:
    """R-MK-45: at homecoming only minions lost in the labyrinth come back, not those sent home."""
    g = in_camp()
    send(g)
    g.play(cc.DeclareHope(()), S(3, 4))
    assert g.state.expedition.departed["mir"] - g.state.character("mir").minions == g.state.expedition.sent_home["mir"]


def test_r_mk_46_no_transport_is_offered_to_one_without_minions() -> None:
    """R-MK-46: the offers hold only transports the rules accept — none for a character with no minions (the
    one-minion offer was listed for everyone, and refused when taken)."""
    g = in_camp(minions=0)
    offers = [a for a in g.legal_actions() if isinstance(a, Transport)]
    assert all(a.actor != "mir" for a in offers)
    for action in offers:  # every offered transport is accepted
        trial = Game(SessionRules(), g.state, S(6, 6))
        trial.play(action)


def test_r_mk_46_the_web_table_offers_every_mix_as_a_form() -> None:
    """R-MK-46: the transporter chooses how many minions go and which items and materials they carry. The
    table's menu lists the whole haul with one minion or all of them, and a form for any other mix: minions
    1 … all, each item a tick box, each material a count up to what the haul holds."""
    from meikyu.table.mk_session import SessionKind

    g = in_camp()
    assert g.state.expedition is not None
    state = replace(g.state, expedition=replace(g.state.expedition, haul_items=(STONE, STONE, "weapon_item:1"),
                                                haul_materials={"iron": 2, "meat": 3}))
    offers = [o for o in SessionKind().offers(state, "ko") if isinstance(o.action, Transport) and o.form]
    assert [o.who for o in offers] == ["mir"]  # the only land maker with minions
    form = offers[0].form
    assert form["minions"] == {"type": "int", "min": 1, "max": 6, "label": "보낼 부하 (1~6명)"}
    assert [o["label"] for o in form["items"]["options"]] == ["마석", "마석", "무작위 무기 아이템 (Lv1)"]
    assert form["materials"]["options"] == [{"value": "iron", "label": "철", "max": 2},
                                            {"value": "meat", "label": "고기", "max": 3}]
    # what the page sends for "3 minions, one stone, 2 meat": a mix the menu's two offers do not hold
    mix = replace(offers[0].action, minions=3, items=(STONE,), materials=(("meat", 2),))
    g2 = Game(SessionRules(), state, S())
    g2.play(mix)
    ex_ = g2.state.expedition
    assert ex_ is not None and ex_.haul_items == (STONE, "weapon_item:1") and ex_.haul_materials == {"iron": 2, "meat": 1}
    assert g2.state.character("mir").minions == 3 and ex_.cargo is not None and ex_.cargo.minions == 3
    for bad in (replace(mix, items=(), materials=()), replace(mix, materials=(("meat", 4),)), replace(mix, minions=7)):
        before = g2.state
        with pytest.raises(RuleError):
            Game(SessionRules(), state, S()).play(bad)
        assert g2.state == before
