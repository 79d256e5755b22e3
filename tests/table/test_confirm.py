"""A confirmation before what cannot be taken back or affects everyone (issue 26, point 7): the menu item
carries the question in the seat's language; the rules decide it, with the exact chance of the kingdom
disaster table's worst results (R-MK-20) when hope from the voice sets a disaster roll off (R-MK-13)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check.voice import worst_disasters
from meikyu.table import registry
from meikyu.table.base import GM
from meikyu.table.confirm import voice_warning
from tests.table.driver import play
from tests.table.test_mk_consent import battle_asking_consent
from tests.table.test_mk_court import _SessionPolicy

BATTLE = registry.get("MeikyuKingdom", "battle")
SESSION = registry.get("MeikyuKingdom", "session")
LIBERATOR = registry.get("Liberator", "scenario")


def test_the_worst_disaster_results_are_counted_from_the_table_r_mk_20() -> None:
    # 6, 7 and 8 on 2D6 (5 + 6 + 5 of 36): the national checks that can lose a facility, a territory, a talent
    assert worst_disasters() == (Fraction(16, 36), (6, 7, 8))
    assert voice_warning(4, 1, 4, "ko") is not None and "44.44%" in voice_warning(4, 1, 4, "ko")  # type: ignore[operator]
    assert voice_warning(0, 1, 4, "en") is not None  # R-MK-20 (c): voice reduced while 0
    assert voice_warning(9, 1, 4, "en") is None  # stays above the land makers: nothing falls due


def test_a_surrender_asks_first_in_every_language_r_mk_42() -> None:
    state = BATTLE.setup("sample", "en")
    for lang, word in (("en", "surrender"), ("ko", "항복"), ("ja", "降伏")):
        items = {i.key: i for i in BATTLE.menu(state, GM, lang)}
        asked = {k for k, i in items.items() if i.confirm}
        assert asked == {k for k in items if "surrender" in k}, asked
        assert all(word in items[k].confirm for k in asked)  # type: ignore[operator]
        assert "confirm" not in items["gm/begin"].to_data()  # only where asked


def test_consenting_to_voice_that_sets_a_disaster_off_says_the_chance_r_mk_13() -> None:
    game, spender = battle_asking_consent()
    b = game.state
    seat = next(s for s in BATTLE.seats(b)[1:] if s != f"pc:{spender}")
    items = {i.key: i for i in BATTLE.menu(b, seat, "en")}
    expected = voice_warning(b.voice, b.pending.choice.detail[0], b.makers, "en")
    assert expected is not None and "(4/9)" in expected
    assert items["all/choose/agree"].confirm == expected
    assert items["all/choose/refuse"].confirm is None


def test_the_sessions_voice_spending_asks_first_when_it_sets_a_disaster_off_r_mk_13_r_mk_20() -> None:
    def declaring(t: Any) -> bool:
        p = t.session.prompt
        return p is not None and p.kind == "declare_check" and bool(p.actor) and t.session.kingdom.voice > 0

    game = play(SESSION, SESSION.setup("sample", "en"), RandomDice(0), policy=_SessionPolicy(), lang="en",
                until=declaring).game
    k = game.state.session.kingdom
    spender = game.state.session.prompt.actor
    declares = {i.action["hope"].count("voice"): i for i in SESSION.menu(game.state, f"pc:{spender}", "en")
                if i.action.get("@type") == "DeclareHope" and set(i.action["hope"]) == {"voice"}}
    for n, item in declares.items():  # asked exactly when voice would reach the land makers (R-MK-20)
        assert bool(item.confirm) == (k.voice - n <= k.land_makers), (n, k.voice, k.land_makers)
    n = min(m for m, item in declares.items() if item.confirm)
    game.play(cc.DeclareHope(("voice",) * n))
    other = next(s for s in SESSION.seats(game.state)[1:] if s != f"pc:{spender}")
    agree = next(i for i in SESSION.menu(game.state, other, "en") if i.key == "all/consent_voice/agree=True")
    assert agree.confirm == voice_warning(k.voice, n, k.land_makers, "en")


def test_a_monster_skills_hope_from_the_voice_asks_first_when_it_sets_a_disaster_off_r_mk_17_r_mk_20() -> None:
    """Mir (no drive) pays for Bear Claws from the voice outside battle (R-MK-17): at voice 6 over 4 land makers
    nothing is asked; at 5 the menu item and the other players' agreement carry the disaster warning."""
    from meikyu.systems.meikyu_kingdom import cycle_data as cd
    from meikyu.table.mk_session import TableSession
    from tests.meikyu_kingdom.test_followups import at_actions, with_claws

    def pay_item(state: Any) -> Any:
        return next(i for i in SESSION.menu(TableSession(1, state), "pc:mir", "en")
                    if i.action.get("@type") == "PayMonsterSkill" and i.action.get("source") == "voice")

    g = with_claws(at_actions(), drive=0)
    assert pay_item(g.state).confirm is None  # 6 → 5 stays above the 4 land makers
    g = with_claws(at_actions(kingdom=replace(g.state.kingdom, voice=5)), drive=0)
    k = g.state.kingdom
    expected = voice_warning(5, 1, k.land_makers, "en")
    assert expected is not None and pay_item(g.state).confirm == expected
    g.play(cd.PayMonsterSkill("mir", "곰 발톱", "voice"))
    table = TableSession(1, g.state)
    agree = next(i for i in SESSION.menu(table, "pc:haneul", "en") if i.key == "all/consent_voice/agree=True")
    refuse = next(i for i in SESSION.menu(table, "pc:haneul", "en") if i.key == "all/consent_voice/agree=False")
    assert agree.confirm == expected and refuse.confirm is None


def test_giving_a_liberator_scenario_up_is_the_gms_after_a_confirmation_r_lb_01() -> None:
    state = LIBERATOR.setup("sample", "en")
    for seat in LIBERATOR.seats(state)[1:]:
        assert not [i for i in LIBERATOR.menu(state, seat, "en") if "give_up" in i.key]
    give_up = [i for i in LIBERATOR.menu(state, GM, "ja") if "give_up" in i.key]
    assert len(give_up) == 1 and "失敗" in (give_up[0].confirm or "")


def test_ending_a_phase_while_players_can_act_names_them() -> None:
    game = Game(SESSION.rules, SESSION.setup("sample", "en"), dice=RandomDice(0))
    asked = []
    for _ in range(5):  # preparation, prologue, round table, the kingdom's actions, departure
        menu = SESSION.menu(game.state, GM, "en")
        advance = next((i for i in menu if i.key == "gm/advance"), None)
        if advance is not None:
            players = sorted({i.seat for i in menu if i.seat.startswith("pc:")})
            assert bool(advance.confirm) == bool(players), game.state.session.step
            if players:
                asked.append(game.state.session.step)
                names = [SESSION.seat_name(game.state, p, "en") for p in players]
                assert advance.confirm == f"This ends the phase for everyone, while {', '.join(names)} still have " \
                                          "actions they could take."
        step = next((i for i in menu if i.key == "gm/gm_skip"), advance)
        assert step is not None
        game.play(registry.action_from_data(SESSION, step.action))
    assert asked == ["actions"]
