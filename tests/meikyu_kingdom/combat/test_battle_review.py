"""Second reading of seed 001 against the engine: each test here failed before its fix."""

from __future__ import annotations

import pytest
from battle_helpers import BOW, COURT, SWORD, acting, battle, ev, first, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    Escape,
    Move,
    Pass,
    StrategyCheck,
    Surrender,
    Swap,
)
from meikyu.systems.meikyu_kingdom.combat.model import Options, Weapon, evolve
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions


def test_r_mk_24_r_mk_44_a_sleeping_enemy_counts_evasion_7_in_the_strategy_check() -> None:
    """R-MK-24 takes the highest enemy evasion; a sleeping character's evasion counts as 7 (R-MK-44)."""
    b = evolve(
        battle(
            pc("ari", wit=2),
            mon("owl", evasion=12, statuses=frozenset({"sleep"}), acted=True),
            mon("rat", evasion=8),
        ),
        phase="strategy",
        round=1,
    )
    b, events = play(b, StrategyCheck("ari"), 4, 4)  # 8 + 2 = 10 vs 8 (the owl sleeps: 7, not 12)
    assert first(events, ev.Check).difficulty == 8
    assert b.first == COURT


def test_r_mk_37_r_mk_44_a_sleeping_enemy_counts_evasion_7_for_escape() -> None:
    """R-MK-37 escape uses the highest enemy evasion; asleep, that enemy counts 7 (R-MK-44)."""
    b = acting(
        battle(
            pc("ari", area=0, search=2),
            mon("owl", area=3, evasion=12, statuses=frozenset({"sleep"}), acted=True),
            mon("rat", area=3, evasion=8),
        )
    )
    b, events = play(b, Escape("ari"), 3, 3)  # 6 + 2 = 8 vs 8
    assert first(events, ev.Check).difficulty == 8
    assert b.outcome == "escape"


def test_r_mk_29_any_item_even_a_ranged_weapon_serves_as_a_range_0_power_1_melee_weapon() -> None:
    """R-MK-29: every item can be used as a melee weapon of range 0 and power 1 — a bow too, so it
    needs no Star Fragment's light when swung in melee."""
    dark = Options(lit=())
    b = evolve(acting(battle(pc("ari", area=3, weapons=(BOW,)), mon("rat", area=3, evasion=8))), options=dark)
    with pytest.raises(RuleError) as err:
        play(b, Attack("ari", "rat"))
    assert err.value.rule == "R-MK-29"
    assert Attack("ari", "rat", 0, improvised=True) in legal_actions(b)
    after, events = play(b, Attack("ari", "rat", 0, improvised=True), 3, 3)  # 6 + 3 = 9 hits; 1 damage
    assert first(events, ev.Damaged).amount == 1 and after.get("rat").hp == 5


def test_r_mk_29_improvised_attacks_may_be_held_back() -> None:
    """R-MK-41 holding back works with any melee attack, an improvised one included."""
    b = acting(battle(pc("ari", area=3, weapons=(BOW,)), mon("rat", area=3, evasion=6)))
    assert Attack("ari", "rat", 0, improvised=True, hold_back=True) in legal_actions(b)
    with pytest.raises(RuleError):
        play(b, Attack("ari", "rat", 0, hold_back=True))  # the bow as a bow: ranged, no holding back


def test_r_mk_36_swap_any_number_of_items_in_one_action() -> None:
    """R-MK-36: exchange as many items as you like with a character in your area, as one action."""
    dagger = Weapon("dagger", power=1)
    b = acting(
        battle(pc("ari", area=2, weapons=(SWORD, BOW)), pc("bo", area=2, weapons=(dagger,)), mon("rat"))
    )
    b, _ = play(b, Swap("ari", "bo", give=-1, take=-1, gives=(0, 1), takes=(0,)))
    assert b.get("ari").weapons == (dagger,)
    assert b.get("bo").weapons == (SWORD, BOW)
    assert b.get("ari").acted
    with pytest.raises(RuleError) as err:
        play(b, Swap("bo", "ari", gives=(0, 0)))
    assert err.value.rule == "R-MK-36"


def test_r_mk_44_the_foolish_head_for_the_enemy_even_backwards() -> None:
    """R-MK-44 foolishness: with no enemy in range it must move toward one — back, if the enemy
    stands behind it — and step refuses anything else the legal list leaves out."""
    fool = frozenset({"foolishness"})
    b = acting(battle(pc("ari", area=3, statuses=fool), mon("rat", area=1)))
    unit = [a for a in legal_actions(b) if not isinstance(a, Surrender)]
    assert Move("ari", -1) in unit and Move("ari", 1) not in unit
    with pytest.raises(RuleError) as err:
        play(b, Pass("ari"))
    assert err.value.rule == "R-MK-44"
    with pytest.raises(RuleError):
        play(b, Move("ari", 1))
    moved, _ = play(b, Move("ari", -1))
    assert moved.get("ari").area == 2
