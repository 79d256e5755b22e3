"""Setup, ambush and hidden information: R-MK-21, R-MK-22, R-MK-23."""

from __future__ import annotations

import json

import pytest
from battle_helpers import COURT, MONSTERS, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    Begin,
    Hide,
    Move,
    Pass,
    Place,
    Reputation,
    Reveal,
)
from meikyu.systems.meikyu_kingdom.combat.model import Options, enemy_hq, forward, own_hq
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions
from meikyu.systems.meikyu_kingdom.combat.view import event_view, render, view


def test_r_mk_21_six_areas_each_side_sees_itself_on_the_left() -> None:
    """R-MK-21: areas 0..5; the court's forward is +1, the monsters' −1; HQs at the ends."""
    assert (own_hq(COURT), enemy_hq(COURT), forward(COURT)) == (0, 5, 1)
    assert (own_hq(MONSTERS), enemy_hq(MONSTERS), forward(MONSTERS)) == (5, 0, -1)


def test_r_mk_21_gm_places_monsters_only_in_monster_areas() -> None:
    """R-MK-21: placement in areas 3–5 is allowed; the court's areas are refused, state unchanged."""
    b = battle(pc("ari"), mon("rat"))
    b2, events = play(b, Place("rat", 5))
    assert b2.get("rat").area == 5 and kinds(events) == ["Placed"]
    with pytest.raises(RuleError) as err:
        play(b, Place("rat", 2))
    assert err.value.rule == "R-MK-21"
    with pytest.raises(RuleError):
        play(b, Place("ari", 4))
    assert Place("rat", 2) not in legal_actions(b) and Place("rat", 4) in legal_actions(b)


def test_r_mk_22_no_ambush_starts_round_one() -> None:
    b, events = play(battle(pc("ari"), mon("rat")), Begin())
    assert (b.phase, b.round) == ("strategy", 1) and "Ambush" not in kinds(events)


def test_r_mk_22_court_piece_in_enemy_area_is_ambushed() -> None:
    """R-MK-22 (b): a court piece already in the enemy's areas → the monsters get a free move and action."""
    b, events = play(battle(pc("ari", area=3), mon("rat", area=4)), Begin())
    assert first(events, ev.Ambush).cause == "caught_from_behind"
    assert (b.phase, b.active) == ("ambush", MONSTERS)
    b, _ = play(b, Move("rat", 1))  # monsters step toward area 3
    assert b.get("rat").area == 3
    b, events = play(b, Attack("rat", "ari"), 5, 4)  # 9 + 1 vs 8: hit for 2
    assert b.get("ari").hp == 8
    assert (b.phase, b.round) == ("strategy", 1) and "RoundStarted" in kinds(events)
    assert not b.get("rat").acted


def test_r_mk_22_unknown_count_search_check() -> None:
    """R-MK-22 (a): search vs [20 − monsters]; failure → ambush, success → no ambush."""
    b = battle(pc("ari", search=3), mon("rat"), mon("rat2"), options=Options(count_unknown=True))
    failed, events = play(b, Begin(), 5, 6)  # 11 + 3 = 14 < 18
    check = first(events, ev.Check)
    assert (check.purpose, check.difficulty, check.success) == ("ambush", 18, False)
    assert failed.phase == "ambush"
    ok, _ = play(b, Begin(), 6, 6)  # critical: success whatever the difficulty
    assert ok.phase == "strategy"


def test_r_mk_23_hide_counts_against_the_limit() -> None:
    """R-MK-23: uncertain encounters up to the court's average level per game. The seed counts
    encounters: hiding a second monster of the same battle costs nothing more, but a battle with no
    uses left cannot become uncertain at all."""
    b = battle(pc("ari"), mon("rat"), mon("bat"), uncertain_limit=1)
    b, _ = play(b, Hide("rat", "a shadow"))
    assert b.get("rat").hidden and b.uncertain_used == 1
    b, _ = play(b, Hide("bat"))
    assert b.get("bat").hidden and b.uncertain_used == 1
    spent = battle(pc("ari"), mon("rat"), uncertain_limit=1, uncertain_used=1)
    assert Hide("rat") not in legal_actions(spent)
    with pytest.raises(RuleError) as err:
        play(spent, Hide("rat"))
    assert err.value.rule == "R-MK-23"


def test_r_mk_23_player_view_has_none_of_the_hidden_values() -> None:
    """R-MK-23: the player view leaves out a hidden monster's data and the GM's notes entirely."""
    secret = mon(
        "gloom",
        hp=37,
        max_hp=37,
        evasion=13,
        valor=4,
        wit=11,
        level=3,
        hidden=True,
        appearance="a tall shadow",
        names=("그림자송곳니", "影牙", "Gloomfang"),
        materials=("obsidian_shard",),
        notes="weak to salt",
    )
    b = battle(pc("ari", hp=12), secret, notes="the real key is in the well")
    text = json.dumps(view(b, "player"), ensure_ascii=False)
    for needle in (
        "37",
        "13",
        "11",
        "Gloom",
        "그림자송곳니",
        "影牙",
        "obsidian_shard",
        "weak to salt",
        "well",
        "claw",
    ):
        assert needle not in text, needle
    assert "a tall shadow" in text
    gm = json.dumps(view(b, "gm"), ensure_ascii=False)
    assert "37" in gm and "Gloomfang" in gm and "well" in gm


def test_r_mk_23_hidden_difficulty_is_not_shown_to_players() -> None:
    """R-MK-23: players see their achievement and success/failure, never the difficulty."""
    b = acting(battle(pc("ari", valor=3), mon("gloom", evasion=13, hidden=True, appearance="a shadow")))
    b, events = play(b, Move("ari", 1))
    b, events = play(b, Attack("ari", "gloom"), 5, 4)
    check = first(events, ev.Check)
    assert check.secret and check.difficulty == 13
    player_text = render(check, b, "en", "player")
    assert "13" not in player_text and "12" in player_text
    missed = first(events, ev.Missed)
    assert "a shadow" in render(missed, b, "en", "player") and "Gloom" not in render(
        missed, b, "en", "player"
    )
    assert "13" in render(check, b, "en", "gm")
    as_data = json.dumps([event_view(e, b, "player") for e in events])
    assert "13" not in as_data and "gloom" not in as_data and "difficulty" not in as_data


def test_r_mk_23_reputation_check_reveals_on_success() -> None:
    """R-MK-23: reputation check, wit vs [level + 5], difficulty hidden; success reveals the data."""
    b = acting(battle(pc("ari", wit=2), mon("gloom", level=3, hidden=True)))
    assert Reputation("ari", "gloom") in legal_actions(b)
    fail, events = play(b, Reputation("ari", "gloom"), 2, 3)  # 7 < 8
    assert fail.get("gloom").hidden and first(events, ev.Check).secret
    ok, events = play(b, Reputation("ari", "gloom"), 3, 3)  # 8 ≥ 8
    assert not ok.get("gloom").hidden and "Revealed" in kinds(events)
    assert ok.get("ari").acted


def test_r_mk_23_monsterology_reveal_by_gm() -> None:
    """R-MK-23: when Monsterology succeeds the GM reveals the monster."""
    b = acting(battle(pc("ari"), mon("gloom", hidden=True)))
    b, events = play(b, Reveal("gloom"))
    assert not b.get("gloom").hidden
    with pytest.raises(RuleError):
        play(b, Reveal("gloom"))


def test_pass_keeps_unit_rules() -> None:
    """R-MK-38 in setup context: an ambushing monster may pass."""
    b, _ = play(battle(pc("ari", area=3), mon("rat", area=4)), Begin())
    b, _ = play(b, Pass("rat"))
    assert b.phase == "strategy"
