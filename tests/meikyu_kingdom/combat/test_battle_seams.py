"""Hope on the checks that happen to a character in battle (issue 28, deviation 3 in full): the ambush
search, the fall check and the fatal-wound checks ask their roller how much hope to add (R-MK-13,
R-MK-15), as the checks a land maker declares take it. Battles saved before session 7 replay unasked.
"""

from __future__ import annotations

from dataclasses import replace

from battle_helpers import LIT_ROOM, acting, battle, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Begin, Choose, Fall
from meikyu.systems.meikyu_kingdom.combat.model import MONSTERS

NEW = replace(LIT_ROOM, seed_review=True)


def asked(b):  # type: ignore[no-untyped-def]
    assert b.pending is not None and b.pending.choice is not None
    return b.pending.actor, b.pending.choice.kind, b.pending.choice.options


def test_r_mk_15_the_fatal_wound_check_asks_for_hope() -> None:
    """R-MK-31 FWT 10 (4+6): Ari's search vs [9 − 0]; with 1 drive she is asked first; 1 hope rolls
    three dice, the best two counting: 4+3 (of 4,3,1) + search 2 = 9: HP 1."""
    ari = pc("ari", area=3, hp=2, search=2, drive=1)
    b = acting(battle(ari, pc("bo", area=0), mon("rat", area=3, valor=3), options=NEW), MONSTERS)
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 4, 6)
    assert asked(b) == ("ari", "check_hope", ("0", "1"))
    b, _ = play(b, Choose("1"), 4, 3, 1)
    assert (b.get("ari").hp, b.get("ari").condition, b.get("ari").drive) == (1, "ok", 0)


def test_r_mk_15_no_hope_no_question_and_old_battles_are_not_asked() -> None:
    ari = pc("ari", area=3, hp=2, search=2, drive=0)
    b = acting(battle(ari, pc("bo", area=0), mon("rat", area=3, valor=3), options=NEW), MONSTERS)
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 4, 6, 4, 3)  # nothing to spend: rolled at once
    assert b.get("ari").hp == 1
    old = acting(battle(replace(ari, drive=1), pc("bo", area=0), mon("rat", area=3, valor=3)), MONSTERS)
    b, _ = play(old, Attack("rat", "ari"), 5, 5, 4, 6, 4, 3)  # saved before session 7
    assert b.get("ari").hp == 1 and b.pending is None


def test_r_mk_15_the_fall_check_asks_for_hope() -> None:
    """R-MK-33: the faller's search vs 9 takes hope: 1 drive, dice 5,4,1 → 5+4 + 2 = 11: halved."""
    b = acting(battle(pc("ari", hp=20, search=2, drive=1), mon("rat"), options=NEW))
    b, _ = play(b, Fall("ari"), 4, 5, 6)
    assert asked(b) == ("ari", "check_hope", ("0", "1"))
    b, _ = play(b, Choose("1"), 5, 4, 1)
    assert b.get("ari").hp == 13 and b.get("ari").drive == 0


def test_r_mk_22_the_ambush_search_asks_the_representative_for_hope() -> None:
    """R-MK-22 (a): the court's representative's search vs [20 − 2 monsters] takes hope: 1 of her 2
    drive rolls 5,6,6 — the 6s counting, a critical (R-MK-11): no ambush, and +2 drive (to her cap)."""
    options = replace(NEW, count_unknown=True)
    b = battle(pc("ari", search=3, drive=2, capacity=2), mon("rat"), mon("rat2"), options=options)
    b, _ = play(b, Begin())
    assert asked(b) == ("ari", "check_hope", ("0", "1", "2"))
    b, _ = play(b, Choose("1"), 5, 6, 6)
    assert b.phase == "strategy" and b.get("ari").drive == 2


# -- combat traps that act when they spring (issue 28 §3) -------------------------------------------------
def test_r_mk_21_a_combat_trap_springs_on_a_land_maker_who_steps_into_its_area() -> None:
    """R-MK-21/R-MK-36: a trap the GM placed in the monsters' front acts when a land maker moves in —
    2D6 damage (armor reduces it: damage, R-MK-30) and poison; it is no longer hidden. A disarmed trap
    does nothing."""
    from meikyu.systems.meikyu_kingdom.combat.actions import Move
    from meikyu.systems.meikyu_kingdom.combat.model import Trap, Weapon

    spikes = Trap("t1", "spikes", area=3, effects=(("damage", "2D6"), ("status", "poison")))
    ari = pc("ari", area=2, hp=20, weapons=(Weapon("mail", reduction=1),))
    b = acting(battle(ari, mon("rat", area=5), traps=(spikes,), options=NEW))
    moved, events = play(b, Move("ari", 1), 4, 3)
    assert moved.get("ari").hp == 14 and "poison" in moved.get("ari").statuses
    assert not moved.traps[0].hidden and "TrapSprung" in [type(e).__name__ for e in events]
    safe = replace(b, traps=(replace(spikes, disarmed=True),))
    assert play(safe, Move("ari", 1))[0].get("ari").hp == 20


def test_r_mk_21_a_round_end_trap_acts_on_those_in_its_area() -> None:
    from meikyu.systems.meikyu_kingdom.combat.actions import Pass
    from meikyu.systems.meikyu_kingdom.combat.model import Trap

    gas = Trap("t1", "gas", area=1, trigger="round_end", hidden=False, effects=(("hp_loss", "1"),))
    b = acting(battle(pc("ari", area=1), mon("rat", area=4), traps=(gas,), options=NEW))
    b, _ = play(b, Pass("ari"))
    b, _ = play(b, Pass("rat"))
    assert b.get("ari").hp == 9 and b.round == 2


def test_r_mk_29_a_fumbles_trap_cft_10_acts() -> None:
    """CFT 10: "a random combat trap appears here" — one of the project's own six (1D6), working
    against the fumbler's side; the sample's 1 (spike floor) deals 1D6 damage to whoever steps in."""
    from meikyu.systems.meikyu_kingdom.combat.actions import Attack, Move

    b = acting(battle(pc("ari", area=3), pc("bo", area=2, hp=10), mon("rat", area=3), options=NEW))
    b, events = play(b, Attack("ari", "rat"), 1, 1, 4, 6, 1)  # fumble; CFT 4+6 = 10; trap 1
    assert b.traps and b.traps[-1].effects and b.traps[-1].side == "court" and b.traps[-1].area == 3
    b = acting(b)
    b = replace(b, combatants=tuple(replace(c, acted=False) for c in b.combatants))
    b, _ = play(b, Move("bo", 1), 5)
    assert b.get("bo").hp == 5


def test_r_mk_21_a_trap_with_effects_reads_from_data_and_a_wrong_one_is_named() -> None:
    """An encounter file (or a labyrinth room's encounter) writes a trap's effects; an unknown status or
    trigger is a clear data error naming the field and what is allowed."""
    import pytest

    from meikyu.errors import DataError
    from meikyu.sheetdata.reader import Reader
    from meikyu.systems.meikyu_kingdom.combat.bestiary import read_trap

    def trap_from_data(data: dict[str, object], file: str, n: int):  # type: ignore[no-untyped-def]
        return read_trap(Reader(data, file=file, entry=f"encounter.traps[{n}]"))
    from meikyu.systems.meikyu_kingdom.combat.view import render

    t = trap_from_data({"id": "t1", "area": 3, "effects": [{"kind": "damage", "value": 3}], "trigger": "round_end"},
                       "x.toml", 0)
    assert (t.effects, t.trigger) == ((("damage", "3"),), "round_end")
    with pytest.raises(DataError) as err:
        trap_from_data({"id": "t1", "effects": [{"kind": "status", "value": "gout"}]}, "x.toml", 0)
    assert "encounter.traps[0].effects[0].value" in str(err.value) and "poison" in str(err.value)
    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.traps import sample_traps

    b = battle(pc("ari"), mon("rat"), traps=(replace(sample_traps()[0], id="trap1"),))
    assert "가시 바닥" in render(ev.TrapSprung("trap1", "ari"), b, "ko")
    assert "Spike Floor" in render(ev.TrapSprung("trap1", "ari"), b, "en")


def test_r_mk_44_a_trap_that_puts_the_mover_to_sleep_ends_its_unit() -> None:
    """R-MK-25/R-MK-44: a mover a trap puts to sleep takes no action after its move: the unit ends."""
    from meikyu.systems.meikyu_kingdom.combat.actions import Move
    from meikyu.systems.meikyu_kingdom.combat.model import Trap

    spores = Trap("t1", "spores", area=3, effects=(("status", "sleep"),))
    b = acting(battle(pc("ari", area=2), pc("bo", area=1), mon("rat", area=5), traps=(spores,), options=NEW))
    b, _ = play(b, Move("ari", 1))
    assert "sleep" in b.get("ari").statuses and b.current == "" and b.get("ari").acted


def test_r_mk_35_a_ghosts_constant_skill_works_in_the_action_it_bought() -> None:
    """R-MK-35: "행동을 한 사이클은, 유령상태인 캐릭터가 습득하고 있는 상시 스킬이 효과를 발휘한다" — the
    ghost's constant Hawk Eye (+1 on search) adds to the search it bought with favor: 4+3 +3 +1 = 11."""
    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.actions import SearchSpot
    from meikyu.systems.meikyu_kingdom.combat.data import DataBonus
    from meikyu.systems.meikyu_kingdom.combat.model import Trap

    hawk = DataBonus("매의 눈", 1, stats=("search",), names=("매의 눈", "鷹の目", "Hawk Eye"))
    ghost = pc("ari", hp=0, condition="dead", acted=True, ghost=True, ghost_turn=True, search=3, data=(hawk,))
    b = acting(battle(ghost, pc("bo"), pc("cy", area=1), mon("rat"), traps=(Trap("t1", "net", difficulty=11),),
                      options=replace(NEW, ghost=True)))
    found, events = play(b, SearchSpot("ari", "search"), 4, 3)
    check = next(e for e in events if isinstance(e, ev.Check))
    assert check.achievement == 11 and check.data == (("매의 눈", 1),) and not found.traps[0].hidden


def test_r_mk_22_the_court_chooses_its_representative_for_the_ambush_search() -> None:
    """R-MK-22 (a): "궁정의 대표가" — the court's representative, the court's choice (asked, the best
    searcher first), not the engine's: Bo (search 1) rolls 6+5 +1 = 12 < 18: ambush."""
    options = replace(NEW, count_unknown=True)
    b = battle(pc("ari", search=3), pc("bo", search=1), mon("rat"), mon("rat2"), options=options)
    b, _ = play(b, Begin())
    assert asked(b) == ("court", "representative", ("ari", "bo"))
    b, events = play(b, Choose("bo"), 6, 5)
    assert b.phase == "ambush" and [e.actor for e in events if type(e).__name__ == "Check"] == ["bo"]


def test_r_mk_36_a_fumble_trap_appears_by_its_name_in_the_readers_language() -> None:
    """CFT 10's trap is named in ko/ja/en when it appears (the words test found its id in the log)."""
    from meikyu.systems.meikyu_kingdom.combat import events as ev
    from meikyu.systems.meikyu_kingdom.combat.traps import sample_traps
    from meikyu.systems.meikyu_kingdom.combat.view import render

    b = battle(pc("ari"), mon("rat"), traps=(replace(sample_traps()[4], id="trap1"),))
    assert "굴러오는 돌" in render(ev.TrapAppeared("trap1", 1), b, "ko")
    assert "Rolling Stone" in render(ev.TrapAppeared("trap1", 1), b, "en")
    assert "rolling_stone" not in render(ev.TrapAppeared("trap1", 1), b, "ja")
