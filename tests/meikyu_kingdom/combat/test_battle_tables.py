"""The combat tables applied from fixed dice: critical hit (CAT), combat fumble (CFT), fatal wound (FWT).

R-MK-29 (a critical rolls CAT, a fumble rolls CFT) and R-MK-31 (FWT at HP ≤ 0).
"""

from __future__ import annotations

import pytest
from battle_helpers import BOW, LIT_ROOM, MONSTERS, SWORD, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Choose, PlaceTarget
from meikyu.systems.meikyu_kingdom.combat.model import Battle, Options


def cat_battle() -> Battle:
    return acting(
        battle(pc("ari", area=3), mon("ogre", area=3, hp=20, evasion=30, level=2, skills=("regen", "roar")))
    )


@pytest.mark.parametrize(
    ("dice", "hp", "check"),
    [
        ((1, 1), 17, lambda b: b.get("ari").weapons[0].level == 2),
        ((1, 2), 17, lambda b: not b.get("ari").acted),
        ((1, 3), 17, lambda b: "curse" in b.get("ogre").statuses),
        ((2, 3), 14, lambda b: True),
        ((2, 5, 4), 13, lambda b: True),
        ((3, 5), 15, lambda b: True),
        ((4, 5, 4, "set"), 4, lambda b: True),
        ((5, 5, "roar"), 17, lambda b: b.get("ogre").sealed == ("roar",)),
        ((5, 6, 2, 3), 12, lambda b: True),
        ((6, 6), 0, lambda b: b.get("ogre").condition == "dead"),
    ],
)
def test_r_mk_29_critical_hit_table(dice: tuple[int, ...], hp: int, check) -> None:  # type: ignore[no-untyped-def]
    """R-MK-29 / CAT: each result applied (2 level+1, 3 act again, 4 curse, 5 ×2, 7 +1D6, 8 +level,
    9 HP→1D6 by the attacker's choice, 10 the skill the attacker seals, 11 +2D6, 12 HP→0)."""
    rolls = [d for d in dice if isinstance(d, int)]
    b, events = play(cat_battle(), Attack("ari", "ogre"), 6, 6, *rolls)
    assert first(events, ev.CriticalHit).roll == dice[0] + dice[1]
    for option in (d for d in dice if isinstance(d, str)):
        assert b.pending is not None and b.pending.choice is not None and b.pending.actor == "ari"
        b, more = play(b, Choose(option))
        events += more
    assert b.get("ogre").hp == hp
    assert check(b)


def test_r_mk_29_critical_six_moves_the_target_by_prompt() -> None:
    """R-MK-29 / CAT 6: the attacker puts the target in any area, then damage follows."""
    b, _ = play(cat_battle(), Attack("ari", "ogre"), 6, 6, 1, 5)
    assert b.pending is not None and b.pending.kind == "cat_move"
    b, events = play(b, PlaceTarget(1))
    assert b.get("ogre").area == 1 and b.get("ogre").hp == 17 and b.pending is None


def cft_battle(voice: int = 0) -> Battle:
    b = battle(
        pc("ari", area=3, drive=2, capacity=3, weapons=(SWORD, BOW), coop=(("bo", 1, "hit"),)),
        pc("bo", area=3, drive=2, capacity=3, favor=(("ari", 1),)),
        pc("cy", area=1, drive=2, capacity=3, minions=1),
        mon("rat", area=3, level=1),
        mon("ogre", area=4, level=2, hp=12),
        voice=voice,
        options=Options(lit=LIT_ROOM.lit, break_choice=False),  # CFT 9 read as a random item: one die
    )
    return acting(b)


@pytest.mark.parametrize(
    ("dice", "check"),
    [
        ((1, 1, 2), lambda b: len(b.side(MONSTERS)) == 4 and all(c.acted for c in b.side(MONSTERS)[2:])),
        ((1, 2), lambda b: [b.get(x).area for x in ("ari", "bo", "cy")] == [2, 2, 0]),
        ((1, 3, 1), lambda b: b.get("bo").hp == 7),
        ((1, 4, 2), lambda b: b.get("cy").acted and not b.get("bo").acted),
        ((1, 5), lambda b: b.get("ari").coop == ()),
        ((1, 6, 4), lambda b: b.get("ari").hp == 6),
        ((2, 6), lambda b: b.get("ari").hp == 5),
        ((3, 6, 2), lambda b: b.get("ari").weapons[1].broken and not b.get("ari").weapons[0].broken),
        ((4, 6), lambda b: b.traps[0].area == 3 and not b.traps[0].hidden),
        ((5, 6), lambda b: [b.get(x).drive for x in ("ari", "bo", "cy")] == [1, 1, 2]),
        ((6, 6, 5), lambda b: b.get("ari").weapons[0].broken and b.get("ogre").hp == 1),
    ],
)
def test_r_mk_29_combat_fumble_table_for_the_court(dice: tuple[int, ...], check) -> None:  # type: ignore[no-untyped-def]
    """R-MK-29 / CFT 2–12 rolled by a PC."""
    b, events = play(cft_battle(), Attack("ari", "rat"), 1, 1, *dice)
    assert first(events, ev.CombatFumble).roll == dice[0] + dice[1]
    assert check(b)
    assert b.get("ari").acted


def test_r_mk_11_court_fumble_costs_voice() -> None:
    """R-MK-11 in battle: a court fumble lowers the voice by 1."""
    b, events = play(cft_battle(voice=3), Attack("ari", "rat"), 1, 1, 1, 5)
    assert b.voice == 2 and "VoiceChanged" in kinds(events)


def monster_fumbler() -> Battle:
    return acting(
        battle(pc("ari", area=3, minions=3), pc("bo", area=0, minions=1), mon("rat", area=3, hp=9)), MONSTERS
    )


@pytest.mark.parametrize("dice", [(3, 6, 4), (5, 6, 4), (6, 6, 4, 1)])
def test_r_mk_29_combat_fumble_monster_variants_hurt_itself(dice: tuple[int, ...]) -> None:
    """R-MK-29 / CFT 9, 11, 12 rolled by a monster: 1D6 damage to itself instead."""
    b, _ = play(monster_fumbler(), Attack("rat", "ari"), 1, 1, *dice)
    assert b.get("rat").hp in (5, 1)


def test_r_mk_29_combat_fumble_two_by_a_monster_gives_minions_to_the_pc_the_court_picks() -> None:
    """R-MK-29 / CFT 2 rolled by a monster: a PC of the court's choice (a prompt) gains 1D6 minions."""
    b, events = play(monster_fumbler(), Attack("rat", "ari"), 1, 1, 1, 1)
    assert b.pending is not None and b.pending.choice is not None
    assert (b.pending.actor, b.pending.choice.kind, b.pending.choice.options) == ("court", "cft_minions", ("ari", "bo"))
    assert b.get("ari").minions == 3 and not b.get("rat").acted  # nothing applied while the court chooses
    b, _ = play(b, Choose("ari"), 4)
    assert b.get("ari").minions == 7 and b.get("bo").minions == 1 and b.get("rat").acted


def fwt_battle(**kw) -> Battle:  # type: ignore[no-untyped-def]
    ari = pc("ari", area=3, hp=2, search=2, valor=3, **kw)
    return acting(battle(ari, pc("bo", area=0), mon("rat", area=3, valor=3)), MONSTERS)


@pytest.mark.parametrize(
    ("dice", "condition", "hp", "extra"),
    [
        ((1, 1), "dead", 0, None),
        ((1, 2, 2, 2), "dead", 0, None),
        ((1, 2, 3, 3), "incapacitated", 0, None),
        ((1, 3), "incapacitated", 0, "combat"),
        ((1, 4), "incapacitated", 0, "quarter"),
        ((1, 5, 3), "incapacitated", 0, "quarters:3"),
        ((1, 6), "incapacitated", 0, None),
        ((2, 6, 1), "ok", 2, "broken"),
        ((4, 6, 3, 4), "ok", 1, None),
        ((4, 6, 3, 3), "incapacitated", 0, None),
        ((5, 6, 3, 3), "ok", 1, None),
        ((6, 6, 5), "ok", 2, "sleep"),
    ],
)
def test_r_mk_31_fatal_wound_table(dice: tuple[int, ...], condition: str, hp: int, extra: str | None) -> None:
    """R-MK-31 / FWT 2–12 (9 tested below): dead, checks, deadlines, broken item, HP 1, bad status."""
    b, events = play(fwt_battle(), Attack("rat", "ari"), 5, 5, *dice)
    ari = b.get("ari")
    assert first(events, ev.FatalWound).roll == dice[0] + dice[1]
    assert (ari.condition, ari.hp) == (condition, hp)
    if extra == "broken":
        assert ari.weapons[0].broken
    elif extra == "sleep":
        assert "sleep" in ari.statuses
    elif extra:
        assert ari.deadline == extra


def test_r_mk_31_fatal_wound_nine_costs_minions() -> None:
    """R-MK-31 / FWT 9: lose 2D6 minions and the damage is cancelled; with no minions, incapacitated."""
    b, _ = play(fwt_battle(minions=5), Attack("rat", "ari"), 5, 5, 3, 6, 1, 2)
    assert (b.get("ari").minions, b.get("ari").hp, b.get("ari").condition) == (2, 2, "ok")
    b, _ = play(fwt_battle(), Attack("rat", "ari"), 5, 5, 3, 6)
    assert b.get("ari").condition == "incapacitated"


def test_r_mk_31_combat_deadline_falls_due_at_the_end() -> None:
    """R-MK-31 / FWT 4: incapacitated, and dead at the end of combat unless HP ≥ 1 by then."""
    b = acting(battle(pc("ari", area=3, hp=2), mon("rat", area=3, valor=3)), MONSTERS)
    b, events = play(b, Attack("rat", "ari"), 5, 5, 1, 3)
    assert b.phase == "over" and b.winner == MONSTERS
    assert b.get("ari").condition == "dead" and "Died" in kinds(events)


def test_r_mk_29_critical_nine_the_attacker_may_take_the_damage_instead() -> None:
    """R-MK-29 / CAT 9: the attacker chooses the rolled HP or the damage as usual."""
    b = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=4, evasion=30), mon("bat", area=5)))
    b, _ = play(b, Attack("ari", "rat"), 6, 6, 4, 5, 5)
    assert b.pending is not None and b.pending.choice is not None and b.pending.choice.detail == (5,)
    b, _ = play(b, Choose("damage"))
    assert b.get("rat").hp == 1  # 3 damage instead of HP 5


CAT_TYPES = {2: "weapon_level", 3: "extra_action", 4: "bad_status", 5: "damage_multiplier", 6: "move",
             7: "power_bonus", 8: "power_bonus", 9: "set_hp", 10: "seal_skill", 11: "power_bonus", 12: "set_hp"}  # fmt: skip
FWT_TYPES = {2: "dead", 3: "check", 4: "incapacitated", 5: "incapacitated", 6: "incapacitated", 7: "incapacitated",
             8: "break_item", 9: "minions", 10: "check", 11: "check", 12: "cancel_damage"}  # fmt: skip


def test_table_effects_agree_with_the_shared_table_data() -> None:
    """CAT, FWT and the treasure tables: our effect logic matches the tables package's structured effects."""
    tables = pytest.importorskip("meikyu.systems.meikyu_kingdom.tables.catalog")
    from meikyu.systems.meikyu_kingdom.combat.treasure import treasure_result

    for value, kind in CAT_TYPES.items():
        assert tables.get_table("CAT").entry_for(value).effects[0].type == kind
    for value, kind in FWT_TYPES.items():
        assert tables.get_table("FWT").entry_for(value).effects[0].type == kind
    for level in range(1, 6):
        table = tables.get_table(f"T{level}T")
        for roll in range(1, 7):
            ours, count, item_level = treasure_result(level, roll)
            effects = table.entry_for(roll).effects
            if ours == "nothing":
                assert not effects
            elif ours == "materials":
                assert (effects[0].type, effects[0].get("amount")) == ("materials", count)
            else:
                assert effects[0].type == "gain_item"
                assert (effects[0].get("level") or 0) == item_level
