"""Issue 12 §4: battle texts say what a GM needs — damage with its dice, treasure by name, HP below 0."""

from __future__ import annotations

from battle_helpers import acting, battle, ev, first, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat.actions import Attack, SpendHope
from meikyu.systems.meikyu_kingdom.combat.view import render


def test_damage_shows_its_dice_r_mk_30_r_mk_16() -> None:
    b = acting(battle(pc("ari", area=3, drive=2, capacity=3), mon("rat", area=3, hp=20, armor=1)))
    b, _ = play(b, Attack("ari", "rat"), 4, 4)
    b, events = play(b, SpendHope(2), 5, 2)
    blow = first(events, ev.Blow)
    assert (blow.power, blow.dice, blow.reduction, blow.amount) == (3, (5, 2), 1, 9)
    assert render(blow, b, "en") == "Damage: power 3 + enmity 0 + hope (5+2) − reduction 1 = 9."  # issue 26: one sum
    assert render(blow, b, "ja") == "ダメージ：威力3+敵意0+希望(5+2)−軽減1＝9。"


def test_hp_below_zero_says_how_far() -> None:
    b = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=2)))
    b, events = play(b, Attack("ari", "rat"), 4, 4)
    damaged = first(events, ev.Damaged)
    assert damaged.hp == -1 and "(HP -1 (1 below 0))" in render(damaged, b, "en")
    assert "0보다 1 아래" in render(damaged, b, "ko")


def test_treasure_names_what_was_found_r_mk_43() -> None:
    b = battle(pc("ari"), mon("rat"))
    text = render(ev.Treasure(1, 4, "materials", 2, 0, ("fang", "meat")), b, "ko")
    assert text == "보물표 1, 굴림 4: 소재 2개 (송곳니, 고기 중에서)."
    assert "item level 1" in render(ev.Treasure(2, 5, "weapon_item", 1, 1), b, "en")
    assert render(ev.Treasure(1, 1, "nothing", 0, 0), b, "en") == "Treasure table 1, roll 1: nothing."
