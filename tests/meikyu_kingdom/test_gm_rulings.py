"""The GM's quick rulings as effects (R-MK-01b, seed 000 "빠른 룰링"): each effect the GM form offers, applied
through the tables' effect machine with fixed dice and logged as a GM ruling; and every refusal leaving the
game exactly as it was, with its message in ko, ja and en."""

from __future__ import annotations

from typing import Any

import pytest

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Game
from meikyu.errors import MeikyuError, RuleError
from meikyu.systems.meikyu_kingdom.events import KingdomChanged
from meikyu.systems.meikyu_kingdom.gm_rulings import GM_EFFECTS, GmEffect, GmRollTable
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.session import Advance, CallCheck, GmSet, SessionRules, SessionState
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
from meikyu.table.mk_court import event_line


def new_game(dice: list[int]) -> Game[SessionState]:
    s = sample()  # a game made now (seed_review on: see the round-table test)
    return Game(SessionRules(), SessionState(s.kingdom, s.characters, seed_review=True), ScriptedDice(dice))


def rule(g: Game[SessionState], effect: dict[str, Any], who: str = "") -> list[Any]:
    events = list(g.play(GmEffect(effect, who)))
    assert events and all(getattr(e, "reason", "gm_ruling") in ("gm_ruling", "desertion") for e in events), events
    return events


def test_r_mk_01b_hp_drive_minions_for_one_character_or_every_one() -> None:
    g = new_game([3, 3, 3, 3])
    rule(g, {"type": "hp", "amount": -2}, "doyun")
    assert g.state.character("doyun").hp == 10
    rule(g, {"type": "hp", "amount": 5}, "doyun")  # healing stops at the maximum (not damage, R-MK-32)
    assert g.state.character("doyun").hp == 12
    rule(g, {"type": "drive", "amount": "1D6"}, "each_court")  # each character's own die, as a table's effect
    assert [c.drive for c in g.state.court] == [min(c.drive + 3, c.with_drive(99).drive) for c in sample().characters]
    rule(g, {"type": "minions", "amount": 4}, "mir")
    citizens = g.state.kingdom.citizens
    rule(g, {"type": "minions", "amount": -3, "desert": True}, "mir")  # deserters go home (R-MK-45)
    assert g.state.character("mir").minions == 1 and g.state.kingdom.citizens == citizens + 3


def test_r_mk_01b_r_mk_44_bad_status_given_and_cured_outside_battle() -> None:
    g = new_game([])
    events = rule(g, {"type": "bad_status", "status": "poison"}, "seoa")
    assert g.state.character("seoa").statuses == {"poison"}
    assert event_line(events[0], g.state.court, "en") == "Seoa's bad status: - → poison (GM ruling)."
    rule(g, {"type": "bad_status", "status": "curse"}, "seoa")
    rule(g, {"type": "cure_status", "status": "poison"}, "seoa")
    assert g.state.character("seoa").statuses == {"curse"}
    rule(g, {"type": "cure_status"}, "seoa")  # no status named: every one
    assert not g.state.character("seoa").statuses


def test_r_mk_01b_items_given_to_the_store_and_taken_by_name() -> None:
    g = new_game([])
    rule(g, {"type": "gain_item", "item": "dagger"})
    assert g.state.kingdom.stored_items == ("dagger",)
    events = rule(g, {"type": "lose_item", "item": "Dagger"})  # a stored item by its name in any language
    assert g.state.kingdom.stored_items == ()
    assert event_line(events[0], g.state.court, "ja") == "王国の保管アイテム：ダガーを失った（GM裁定）。"
    rule(g, {"type": "lose_item", "item": "도시락"}, "mir")
    assert [i.name for i in g.state.character("mir").items if i] == ["활"]


def test_r_mk_01b_r_mk_20_kingdom_resources_and_the_voice_gate() -> None:
    g = new_game([])
    k = g.state.kingdom
    rule(g, {"type": "budget", "amount": 3})
    rule(g, {"type": "citizens", "amount": -5})
    rule(g, {"type": "upkeep", "amount": 1})
    rule(g, {"type": "national_power", "power": "culture", "amount": 1})
    rule(g, {"type": "materials", "material": "meat", "amount": -2})
    k2 = g.state.kingdom
    assert (k2.budget, k2.citizens, k2.upkeep, k2.culture, k2.materials["meat"]) == \
        (k.budget + 3, k.citizens - 5, k.upkeep + 1, k.culture + 1, 0)
    rule(g, {"type": "voice", "amount": -(k.voice + 1)})  # below 0: a kingdom disaster is due (R-MK-20)
    assert g.state.disasters == 1


def test_r_mk_01b_a_kingdom_table_rolled_by_ruling() -> None:
    g = new_game([2, 2, 3, 4])  # KDT 4: plague, citizens -2D6 (3+4)
    events = list(g.play(GmRollTable("kdt")))
    assert g.state.kingdom.citizens == 40 - 7
    assert any(getattr(e, "reason", "") == "gm_ruling" for e in events)


def test_r_mk_01b_a_ruling_during_the_round_table_reaches_its_copy() -> None:
    g = new_game([])
    g.play(Advance())
    g.play(Advance())
    assert g.state.round_table is not None
    rule(g, {"type": "budget", "amount": 4})
    g.play(GmSet("kingdom", "voice", 3))  # a set value too (the next step put it back in games made before)
    g.play(rt.EndOrganization())  # the round table's next step keeps the ruling's budget
    assert g.state.kingdom.budget == 10 and g.state.round_table.kingdom.budget == 10
    assert g.state.kingdom.voice == 3


@pytest.mark.parametrize(("action", "key"), [
    (GmEffect({"type": "damage", "amount": 2}, "doyun"), "unknown_type"),
    (GmEffect("hp"), "unknown_type"),
    (GmEffect({"type": "hp", "amount": -2}, "nobody"), "unknown_character"),
    (GmEffect({"type": "hp", "amount": -2}), "unknown_character"),
    (GmEffect({"type": "budget", "amount": 1}, "doyun"), "no_who"),
    (GmEffect({"type": "hp", "amount": -2, "who": "target"}, "doyun"), "who_inside"),
    (GmEffect({"type": "hp", "amount": "lots"}, "doyun"), "bad"),
    (GmEffect({"type": "hp", "amount": "1" * 41}, "doyun"), "too_long"),
    (GmEffect({"type": "hp"}, "doyun"), "bad"),
    (GmEffect({"type": "bad_status", "status": "sunburn"}, "doyun"), "bad"),
    (GmEffect({"type": "gain_item", "item": "excalibur"}), "unknown_item"),
    (GmEffect({"type": "lose_item", "item": "sword"}, "mir"), "no_such_item"),
    (GmEffect({"type": "lose_item", "item": "dagger"}), "no_such_item"),
    (GmRollTable("XYZ"), "not_kingdom_table"),
    (GmRollTable("KDT", "nobody"), "unknown_character"),
])
def test_r_mk_01b_a_refused_ruling_changes_nothing_and_says_why(action: Any, key: str) -> None:
    g = new_game([1, 1, 1, 1])
    before = g.state
    with pytest.raises(MeikyuError) as info:
        g.play(action)
    assert info.value.key.endswith(key) and g.state == before and not g.history
    texts = [info.value.message(lang) for lang in ("ko", "ja", "en")]
    assert len(set(texts)) == 3 and not any("mk.error" in t for t in texts), texts


def test_r_mk_01b_rulings_wait_for_an_open_check_and_stay_out_of_battle() -> None:
    g = new_game([])
    g.play(CallCheck("haneul", "charm", 9))
    with pytest.raises(RuleError) as info:
        g.play(GmEffect({"type": "hp", "amount": -1}, "doyun"))
    assert info.value.key == "mk.error.gm_effect.waiting"


def test_every_offered_effect_type_is_one_the_machine_applies() -> None:
    """Each type the form offers runs on the sample court without a "not here" refusal."""
    samples = {"hp": -1, "drive": 1, "minions": 1, "voice": 1, "budget": 1, "citizens": 1, "upkeep": 1}
    for kind in GM_EFFECTS:
        g = new_game([1] * 10)
        effect: dict[str, Any] = {"type": kind}
        if kind in samples:
            effect["amount"] = samples[kind]
        extra = {"bad_status": {"status": "sleep"}, "cure_status": {}, "gain_item": {"item": "boxed_lunch"},
                 "lose_item": {"item": "활"}, "national_power": {"power": "life", "amount": 1},
                 "materials": {"material": "wood", "amount": 1}}
        effect.update(extra.get(kind, {}))
        who = "mir" if kind in ("hp", "drive", "minions", "bad_status", "cure_status", "lose_item") else ""
        if kind == "cure_status":
            g.play(GmEffect({"type": "bad_status", "status": "sleep"}, who))
        events = g.play(GmEffect(effect, who))
        assert events and all(isinstance(e, KingdomChanged) or getattr(e, "reason", "") == "gm_ruling"
                              for e in events), (kind, events)
