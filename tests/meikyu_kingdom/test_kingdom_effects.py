"""Kingdom-side table effects (KDT, KCT, KMT, TT) applied to the sample kingdom, and R-MK-20/45/46."""

from __future__ import annotations

from dataclasses import replace

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.check.called import CalledPolicy, ConsentVoice, DeclareHope
from meikyu.systems.meikyu_kingdom.check.check import FinishCheck, MinionHelp
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.expedition.minions import desert
from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
from meikyu.systems.meikyu_kingdom.kingdom.effects import Choose, EffectRules, EffectState, RollTable
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


def answer_checks(game: Game[EffectState]) -> Game[EffectState]:
    """Answer every called check the way simulations do (no hope, consent, the automatic policy):
    these tests are about the tables' effects; the players' own answers are tested below."""
    policy = CalledPolicy()
    while game.state.called is not None:
        game.play(policy.choose(game.state.called, game.legal_actions()))
    return game


def play(code: str, dice: list[int], roller: str = "haneul", **changes: object) -> Game[EffectState]:
    s = sample()
    kingdom = replace(s.kingdom, **changes) if changes else s.kingdom
    game = Game(EffectRules(), EffectState(kingdom, s.characters), ScriptedDice(dice))
    game.play(RollTable(code, roller))
    return answer_checks(game)


def test_r_mk_20_triggers() -> None:
    """R-MK-20: (a) voice reaches ≤ land makers, (b) falls while ≤, (c) a loss at 0; gains never trigger."""
    k = sample().kingdom  # voice 6, four land makers
    assert change_voice(k, -1)[2] is False
    assert change_voice(replace(k, voice=5), -1)[1][-1].trigger == "reached"
    assert change_voice(replace(k, voice=3), -1)[1][-1].trigger == "fell_while_low"
    k0, events, due = change_voice(replace(k, voice=0), -1)
    assert due and k0.voice == 0 and events[-1].trigger == "at_zero"
    assert change_voice(replace(k, voice=2), +1)[2] is False


def test_kdt_2_relations_worsen() -> None:
    """R-MK-20 KDT 2: every known nation one step worse."""
    rel = play("KDT", [1, 1]).state.kingdom.relations
    assert rel == {"등불 공국": "neutral", "잿빛 탑": "unfriendly", "가시덤불 연합": "hostile"}


def test_kdt_4_plague() -> None:
    assert play("KDT", [2, 2, 3, 4]).state.kingdom.citizens == 33


def test_kdt_5_upkeep_plus_maps() -> None:
    assert play("KDT", [2, 3]).state.kingdom.upkeep == 3


def test_kdt_6_order_check_failure_loses_random_facility() -> None:
    """KDT 6: order vs [hostile×2 + unfriendly + 9] = 10; failure loses a random facility."""
    g = play("KDT", [3, 3, 2, 3, 3])  # check 2+3+1 = 6 fails; d6 = 3 → the third facility (B1)
    assert g.state.kingdom.maps[0].facilities("B1") == ()
    g = play("KDT", [3, 3, 6, 6])  # critical: success, voice +2 (national check, R-MK-18)
    assert g.state.kingdom.maps[0].facilities("B1") == ("왕좌의 방",) and g.state.kingdom.voice == 8


def test_kdt_7_military_failure_loses_territory() -> None:
    assert play("KDT", [3, 4, 1, 2]).state.kingdom.maps == ()


def test_kdt_8_culture_failure_loses_random_talent() -> None:
    assert play("KDT", [4, 4, 2, 2, 1]).state.kingdom.talents == ("요리사",)


def test_kdt_9_famine_meat_saves_citizens() -> None:
    """KDT 9: citizens −2D6, each meat spent saves one (the players choose how many)."""
    g = play("KDT", [4, 5, 5, 5])
    assert g.state.prompt is not None and g.state.prompt.kind == "spend_material"
    assert g.legal_actions()[0] == Choose("2")
    g.play(Choose("2"))
    assert g.state.kingdom.citizens == 32 and g.state.kingdom.materials["meat"] == 0


def test_kdt_10_life_failure_costs_voice_and_can_chain_a_disaster() -> None:
    """KDT 10 + R-MK-20: voice −1 through the voice gate; at voice 5 with 4 PCs a new disaster is due."""
    g = play("KDT", [5, 5, 1, 3], voice=5)
    assert g.state.kingdom.voice == 4 and g.state.disasters == 1


@pytest.mark.parametrize(("dice", "kind"), [([1, 2], "gm_ruling"), ([5, 6], "gm_ruling"), ([6, 6], "gm_ruling")])
def test_kdt_world_map_results_go_to_the_gm(dice: list[int], kind: str) -> None:
    """KDT 3/11/12: effects on lands outside the sheet become GM prompts."""
    g = play("KDT", dice)
    assert g.state.prompt is not None and g.state.prompt.kind == kind and g.state.prompt.actor == "gm"
    g.play(Choose("done"))
    assert g.state.prompt is None and g.state.rulings


def test_kct_7_citizens_grow() -> None:
    assert play("KCT", [3, 4]).state.kingdom.citizens == 45  # 40 + 40/10 + order 1


def test_kct_3_voice_and_favor_chosen_by_others() -> None:
    g = play("KCT", [1, 2])
    assert g.state.kingdom.voice == 8 and g.state.prompt is not None
    assert g.state.prompt.kind == "choose_favor_target" and g.state.prompt.actor == "players"
    with pytest.raises(RuleError):
        g.play(Choose("haneul"))
    g.play(Choose("mir"))
    assert g.state.character("haneul").favor["mir"] == 2


def test_kct_11_budget_per_labyrinth_turn() -> None:
    s = sample()
    g = Game(EffectRules(), EffectState(s.kingdom, s.characters, labyrinth_turns=3), ScriptedDice([5, 6]))
    g.play(RollTable("KCT"))
    assert g.state.kingdom.budget == 9


def test_kct_12_power_up_chosen() -> None:
    g = play("KCT", [6, 6, 2])
    g.play(Choose("culture"))
    assert g.state.kingdom.culture == 2


def test_kmt_2_vassalage_named_by_gm() -> None:
    g = play("KMT", [1, 1, 6], voice=5)
    assert g.state.prompt is not None and g.state.prompt.kind == "name_great_power"
    g.play(Choose("검은 제국"))
    assert g.state.kingdom.vassal_of == "검은 제국"


def test_a_name_to_type_is_a_typed_prompt_with_its_answers_template_r_mk_20() -> None:
    """KMT 2 asks for a name, not a pick: the prompt says it is typed and lists no answer (a policy could
    only play what is listed); an empty or overlong name is refused and changes nothing."""
    g = play("KMT", [1, 1, 6], voice=5)
    assert g.state.prompt is not None and g.state.prompt.typed and g.state.prompt.options == ()
    assert g.legal_actions() == []
    before = g.state
    with pytest.raises(RuleError) as info:
        g.play(Choose("  "))
    assert info.value.key == "mk.error.effects.empty_answer" and g.state is before
    with pytest.raises(RuleError) as info:
        g.play(Choose("x" * 101))
    assert info.value.key == "mk.error.effects.long_answer" and g.state is before
    g.play(Choose("Black Empire"))
    assert g.state.kingdom.vassal_of == "Black Empire" and g.state.prompt is None


def test_tt_9_failed_charm_minions_desert_home_r_mk_45() -> None:
    """TT 9 + R-MK-45: deserting minions become citizens again; nobody at 0 minions rolls."""
    s = sample()
    court = tuple(replace(c, minions=5) if c.id == "doyun" else c for c in s.characters)
    g = Game(EffectRules(), EffectState(s.kingdom, court), ScriptedDice([4, 5, 3, 3, 1, 2, 4, 1, 2, 1, 2]))
    g.play(RollTable("TT"))
    answer_checks(g)
    assert g.state.character("doyun").minions == 1 and g.state.kingdom.citizens == 44


def test_tt_4_star_fragment_breaks() -> None:
    g = play("TT", [2, 2, 1])
    assert all(i is None or i.name != "별의 조각" for i in g.state.character("haneul").items)


def test_tt_12_budget() -> None:
    assert play("TT", [6, 6]).state.kingdom.budget == 7


def test_not_a_kingdom_table() -> None:
    s = sample()
    with pytest.raises(RuleError):
        Game(EffectRules(), EffectState(s.kingdom, s.characters), ScriptedDice([1, 1])).play(RollTable("CAT"))


def test_r_mk_45_desertion() -> None:
    """R-MK-45: minions sent home return to the citizens, never more than there are."""
    s = sample()
    court = tuple(replace(c, minions=3) if c.id == "mir" else c for c in s.characters)
    k, court2, _ = desert(s.kingdom, court, "mir", 5)
    assert k.citizens == 43 and [c.minions for c in court2 if c.id == "mir"] == [0]


def _calm(*ids: str, hectic: bool = False) -> CycleState:
    return CycleState(ids or tuple(c.id for c in sample().characters), hectic=hectic)


def test_treasure_tables_store_items_and_ask_for_materials() -> None:
    """T1T 6: a boxed lunch is stored; T1T 4: two materials of the players' choice."""
    g = play("T1T", [6])
    assert g.state.kingdom.stored_items == ("boxed_lunch",)
    g = play("T1T", [4])
    assert g.state.prompt is not None and g.state.prompt.kind == "choose_material"
    g.play(Choose("iron"))
    assert g.state.kingdom.materials["iron"] == 3


def test_every_event_renders_in_every_language() -> None:
    """No event of a long table run falls back to a raw catalog key."""
    s = sample()
    court = tuple(replace(c, minions=5) for c in s.characters)
    for code, dice in (("KDT", [3, 3, 2, 3, 3]), ("TT", [4, 5, 3, 3, 1, 2, 4, 1, 2, 2, 1, 2, 3, 1, 2, 6]),
                       ("KCT", [1, 2])):
        g = Game(EffectRules(), EffectState(s.kingdom, court), ScriptedDice(dice))
        events = g.play(RollTable(code, "haneul"))
        assert events
        for event in events:
            for lang in ("ko", "ja", "en"):
                assert "mk.event" not in event.render(lang)


# --- checks inside table rolls wait for their roller (issue 12 §2) --------------------------------


def test_r_mk_19_a_table_check_waits_for_its_roller_and_takes_minion_help() -> None:
    """KDT 6's order check (R-MK-18) is the roller's: no policy spends doyun's minions (R-MK-19)."""
    s = sample()
    court = tuple(replace(c, minions=3) if c.id == "doyun" else c for c in s.characters)
    g = Game(EffectRules(), EffectState(s.kingdom, court), ScriptedDice([3, 3, 4, 4, 1]))
    g.play(RollTable("KDT", "doyun"))
    assert g.state.prompt is not None and g.state.prompt.kind == "declare_check" and g.state.prompt.actor == "doyun"
    g.play(DeclareHope(()))  # 4+4 + order 1 = 9 vs 10: one short
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"
    assert g.state.kingdom.maps[0].facilities("B1") == ("왕좌의 방",)  # nothing applied while it waits
    g.play(MinionHelp())  # 1D6 = 1 minion lost, +1: 10 succeeds; more help may still be asked for
    g.play(FinishCheck())
    assert g.state.prompt is None and g.state.called is None
    assert g.state.character("doyun").minions == 2 and g.state.kingdom.maps[0].facilities("B1") == ("왕좌의 방",)


def test_r_mk_13_a_table_check_may_spend_voice_with_the_courts_consent() -> None:
    """TT 8: each land maker checks valor vs 9; the first asks for a voice die, the others agree."""
    g = Game(EffectRules(), EffectState(sample().kingdom, sample().characters), ScriptedDice([4, 4, 6, 5, 1]))
    g.play(RollTable("TT", "haneul"))
    first_roller = g.state.prompt.actor if g.state.prompt else None
    g.play(DeclareHope(("voice",)))
    assert g.state.prompt is not None and g.state.prompt.kind == "voice_consent" and g.state.kingdom.voice == 6
    g.play(ConsentVoice(False))  # refused: declare again
    assert g.state.prompt.kind == "declare_check" and g.state.prompt.actor == first_roller
    g.play(DeclareHope(("voice",)))
    g.play(ConsentVoice(True))
    assert g.state.kingdom.voice == 6 and g.state.called.check.kingdom.voice == 5  # paid inside the check
    assert g.state.prompt.kind == "convert_sixes"  # 6, 5, 1: the 6 may become drive (R-MK-14)


def test_a_bad_answer_to_a_table_check_changes_nothing() -> None:
    g = Game(EffectRules(), EffectState(sample().kingdom, sample().characters), ScriptedDice([3, 3]))
    g.play(RollTable("KDT", "haneul"))
    before = g.state
    with pytest.raises(RuleError):
        g.play(Choose("done"))
    with pytest.raises(RuleError):
        g.play(RollTable("KDT"))
    assert g.state == before and EffectState.from_data(before.to_data()) == before
