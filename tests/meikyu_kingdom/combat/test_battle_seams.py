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
