"""Attacks: R-MK-29 (weapons, range, light, tables), R-MK-30, R-MK-31, R-MK-40, R-MK-41, R-MK-16."""

from __future__ import annotations

import pytest
from battle_helpers import BOW, MONSTERS, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose, SpendHope
from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_bestiary
from meikyu.systems.meikyu_kingdom.combat.model import Options, Weapon
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions


def test_r_mk_29_range_zero_means_same_area() -> None:
    """R-MK-29: a range-0 weapon reaches only the same area; a range-2 one two areas away."""
    b = acting(battle(pc("ari", area=2, weapons=(Weapon("sword", 3), BOW)), mon("rat", area=4)))
    with pytest.raises(RuleError) as err:
        play(b, Attack("ari", "rat", 0))
    assert err.value.rule == "R-MK-29"
    assert Attack("ari", "rat", 1) in legal_actions(b) and Attack("ari", "rat", 0) not in legal_actions(b)
    b2, events = play(b, Attack("ari", "rat", 1), 3, 3)
    assert b2.get("rat").hp == 4


def test_r_mk_29_ranged_weapons_need_the_star_fragment_light() -> None:
    """R-MK-29: a ranged weapon cannot aim at a target outside the Star Fragment's light."""
    b = acting(battle(pc("ari", area=2, weapons=(BOW,)), mon("rat", area=4)), rnd=1)
    dark = type(b)(
        b.combatants, phase="act", round=1, first="court", active="court", options=Options(lit=(0, 1, 2, 3))
    )
    with pytest.raises(RuleError) as err:
        play(dark, Attack("ari", "rat", 0))
    assert err.value.key.endswith("no_light")
    assert not [a for a in legal_actions(dark) if isinstance(a, Attack)]


def test_r_mk_29_any_item_is_a_range_0_power_1_melee_weapon() -> None:
    """R-MK-29: a monster listed without attacks fights with an item: range 0, power 1."""
    beasts = parse_bestiary(
        '[[monster]]\nid="blob"\nlevel=1\nnames={ko="a",ja="b",en="c"}\nevasion=7\nhp=3\n', "t"
    )
    wp = beasts["blob"].attacks[0]
    assert (wp.power, wp.range, wp.ranged) == (1, 0, False)


def test_r_mk_29_hit_check_valor_vs_evasion() -> None:
    """R-MK-29: valor + 2D6 vs the target's evasion: miss → nothing happens."""
    b = acting(battle(pc("ari", area=3, valor=3), mon("rat", area=3, evasion=9)))
    miss, events = play(b, Attack("ari", "rat"), 2, 3)  # 8 < 9
    assert miss.get("rat").hp == 6 and "Missed" in kinds(events) and miss.get("ari").acted
    hit, events = play(b, Attack("ari", "rat"), 3, 3)  # 9 ≥ 9
    assert hit.get("rat").hp == 3


def test_r_mk_29_critical_rolls_the_critical_table_before_damage() -> None:
    """R-MK-29: a critical (6-6) rolls 2D6 on the critical-hit table first (here 5: power ×2)."""
    b = acting(battle(pc("ari", area=3), mon("ogre", area=3, hp=20, evasion=30)))
    b, events = play(b, Attack("ari", "ogre"), 6, 6, 2, 3)
    assert first(events, ev.CriticalHit).roll == 5
    assert b.get("ogre").hp == 20 - 6


def test_r_mk_29_fumble_rolls_the_combat_fumble_table() -> None:
    """R-MK-29: a fumble (1-1) rolls 2D6 on the combat fumble table (here 7: 1D6 damage to oneself)."""
    b = acting(battle(pc("ari", area=3, hp=10), mon("rat", area=3)), rnd=1)
    b, events = play(b, Attack("ari", "rat"), 1, 1, 3, 4, 5)
    assert first(events, ev.CombatFumble).roll == 7 and b.get("ari").hp == 5 and b.get("rat").hp == 6


def test_r_mk_30_damage_is_power_plus_enmity_minus_armor() -> None:
    """R-MK-30: damage = power + enmity toward the target, reduced by armor/hide."""
    b = acting(battle(pc("ari", area=3, enmity=(("rat", 2),)), mon("rat", area=3, hp=10, armor=1)))
    b, events = play(b, Attack("ari", "rat"), 4, 4)
    assert first(events, ev.Damaged).amount == 3 + 2 - 1 and b.get("rat").hp == 6


def test_r_mk_31_monster_dies_at_zero() -> None:
    """R-MK-31: a monster whose HP drops to 0 or below dies."""
    b = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=3), mon("bat", area=5)))
    b, events = play(b, Attack("ari", "rat"), 4, 4)
    assert b.get("rat").condition == "dead" and "Died" in kinds(events)


def test_r_mk_31_pc_rolls_fatal_wound_then_incapacitated() -> None:
    """R-MK-31: a PC at HP ≤ 0 rolls the fatal-wound table (7: incapacitated), evasion counts as 7."""
    b = acting(
        battle(pc("ari", area=3, hp=2, evasion=11), pc("bo", area=0), mon("rat", area=3, valor=3)), MONSTERS
    )
    b, events = play(b, Attack("rat", "ari"), 5, 5, 3, 4)
    assert first(events, ev.FatalWound).roll == 7
    ari = b.get("ari")
    assert ari.condition == "incapacitated" and ari.acted and ari.effective_evasion == 7
    with pytest.raises(RuleError):
        play(b, Attack("ari", "rat"))


def test_r_mk_31_damage_to_the_incapacitated_kills() -> None:
    """R-MK-31: any further damage to an incapacitated character kills it."""
    b = acting(
        battle(
            pc("ari", area=3, hp=-1, condition="incapacitated", acted=True),
            pc("bo", area=0),
            mon("rat", area=3),
        ),
        MONSTERS,
    )
    b, events = play(b, Attack("rat", "ari"), 3, 3)  # evasion 7
    assert b.get("ari").condition == "dead"


def test_r_mk_31_unimportant_npc_is_incapacitated_without_table() -> None:
    """R-MK-31: neither monster nor PC/important NPC → incapacitated at HP ≤ 0, no fatal-wound roll."""
    b = acting(battle(pc("ari", area=3), mon("guard", kind="npc", area=3, hp=2), mon("rat", area=5)))
    b, events = play(b, Attack("ari", "guard"), 4, 4)
    assert b.get("guard").condition == "incapacitated" and "FatalWound" not in kinds(events)


def test_r_mk_40_enemy_hq_adds_two_to_hit() -> None:
    """R-MK-40: a character in the enemy HQ adds +2 to the hit achievement."""
    b = acting(battle(pc("ari", area=5, valor=1), mon("rat", area=5, evasion=9)))
    b, events = play(b, Attack("ari", "rat"), 3, 3)
    assert first(events, ev.Check).achievement == 9 and b.get("rat").hp == 3


def test_r_mk_41_holding_back_incapacitates_never_kills() -> None:
    """R-MK-41: −2 to hit and power; a target at HP ≤ 0 is incapacitated, not killed."""
    b = acting(battle(pc("ari", area=3, valor=3), mon("rat", area=3, hp=1, evasion=8), mon("bat", area=5)))
    b, events = play(b, Attack("ari", "rat", hold_back=True), 3, 4)  # 7 + 3 − 2 = 8
    assert first(events, ev.Check).achievement == 8
    assert first(events, ev.Damaged).amount == 1 and b.get("rat").condition == "incapacitated"
    weak = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=1, evasion=9)))
    missed, _ = play(weak, Attack("ari", "rat", hold_back=True), 3, 4)  # 8 < 9
    assert missed.get("rat").hp == 1


def test_r_mk_41_only_pcs_with_melee_weapons_hold_back() -> None:
    b = acting(battle(pc("ari", area=2, weapons=(BOW,)), mon("rat", area=3)))
    with pytest.raises(RuleError) as err:
        play(b, Attack("ari", "rat", hold_back=True))
    assert err.value.rule == "R-MK-41"


def test_r_mk_16_hope_for_damage_up_to_valor() -> None:
    """R-MK-16: after a hit, spend up to valor hope, +1D6 damage each; the player splits it (R-MK-13)."""
    b = acting(battle(pc("ari", area=3, valor=2, drive=1, capacity=0), mon("ogre", area=3, hp=30)), rnd=1)
    b = type(b)(b.combatants, phase="act", round=1, first="court", active="court", voice=3)
    b, _ = play(b, Attack("ari", "ogre"), 4, 4)
    assert b.pending is not None and b.pending.kind == "damage_hope"
    assert legal_actions(b) == [SpendHope(0), SpendHope(1), SpendHope(2)]
    with pytest.raises(RuleError) as err:
        play(b, SpendHope(3))
    assert err.value.rule == "R-MK-16"
    asked, _ = play(b, SpendHope(2))  # drive 1, voice 3: one or both from voice, the player says (R-MK-13)
    assert asked.pending.choice.options == ("1", "2")
    done, events = play(asked, Choose("1"), 5, 6)
    assert done.get("ogre").hp == 30 - 3 - 11
    assert done.get("ari").drive == 0 and done.voice == 2
    spent = first(events, ev.HopeSpent)
    assert (spent.drive, spent.voice) == (1, 1)


def test_r_mk_15_hope_dice_on_the_hit_check() -> None:
    """R-MK-15 in battle: hope before the hit check adds dice; the best two count."""
    b = acting(battle(pc("ari", area=3, valor=0, drive=1, capacity=0), mon("rat", area=3, evasion=11)))
    b, events = play(b, Attack("ari", "rat", hope=1), 1, 5, 6)
    assert first(events, ev.Check).achievement == 11 and b.get("rat").hp == 3
