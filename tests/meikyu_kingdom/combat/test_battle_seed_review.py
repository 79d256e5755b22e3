"""Battle rules where the session strayed from the seeds (issue 28 §2), each with fixed dice.

A new battle sets ``Options.seed_review``; battles saved before session 7 lack it and replay as played.
"""

from __future__ import annotations

from dataclasses import replace

from battle_helpers import LIT_ROOM, acting, battle, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat.actions import Fall, Pass
from meikyu.systems.meikyu_kingdom.combat.model import Weapon

NEW = replace(LIT_ROOM, seed_review=True)
MAIL = Weapon("mail", reduction=2)


def test_r_mk_33_armor_reduces_a_falls_damage() -> None:
    """R-MK-30/R-MK-33: a fall deals damage (3D6, halved by search vs 9), which armor reduces."""
    b = acting(battle(pc("ari", hp=20, search=2, weapons=(MAIL,)), mon("rat"), options=NEW))
    fell, _ = play(b, Fall("ari"), 4, 5, 6, 3, 3)  # 15 − mail 2
    assert fell.get("ari").hp == 7
    old = acting(battle(pc("ari", hp=20, search=2, weapons=(MAIL,)), mon("rat")))  # saved before session 7
    assert play(old, Fall("ari"), 4, 5, 6, 3, 3)[0].get("ari").hp == 5


def test_r_mk_30_armor_reduces_poisons_damage() -> None:
    """R-MK-44 poison deals 1 *damage* at round end (not an HP reduction): armor 1 takes it all."""
    b = acting(battle(pc("ari", area=1, armor=1, statuses=frozenset({"poison"})), mon("rat", area=4), options=NEW))
    b, _ = play(b, Pass("ari"))
    b, _ = play(b, Pass("rat"))
    assert b.get("ari").hp == 10 and b.round == 2
