"""Battle rules where the session strayed from the seeds (issue 28 §2), each with fixed dice.

A new battle sets ``Options.seed_review``; battles saved before session 7 lack it and replay as played.
"""

from __future__ import annotations

from dataclasses import replace

from battle_helpers import LIT_ROOM, acting, battle, mon, pc, play

from meikyu.systems.meikyu_kingdom.combat.actions import (
    Choose,
    Cooperate,
    Escape,
    Fall,
    Inflict,
    Pass,
    Reputation,
    SearchSpot,
)
from meikyu.systems.meikyu_kingdom.combat.model import Trap, Weapon, evolve
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions

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


def test_r_mk_23_minion_help_is_asked_after_a_hidden_check_that_succeeded() -> None:
    """R-MK-23/R-MK-19: against a hidden difficulty the player cannot tell success, so minion help is
    asked whenever minions are left — after a success too; asking only after a miss told them."""
    b = acting(battle(pc("ari", area=3, minions=4, wit=3), mon("rat", area=3, hidden=True, level=1), options=NEW))
    b, _ = play(b, Reputation("ari", "rat"), 5, 4)  # 9 + 3 = 12 ≥ 6: a success, unseen
    assert b.pending is not None and b.pending.choice is not None and b.pending.choice.kind == "minion_help"
    assert b.pending.choice.detail == (12, -1, 4)  # the difficulty stays hidden
    b, _ = play(b, Choose("decline"))
    assert not b.get("rat").hidden and b.get("ari").minions == 4


def test_r_mk_44_a_second_sleep_asks_the_sleeper() -> None:
    """R-MK-44: put to sleep again in the same battle, the sleeper may lose 1D6 HP to shrug it off —
    the sleeper's choice, asked; no longer a GM-only action."""
    b = acting(battle(pc("ari", area=1, slept_once=True), mon("rat", area=4), options=NEW))
    b, _ = play(b, Inflict("ari", "sleep"))
    assert b.pending is not None and b.pending.choice is not None
    assert (b.pending.actor, b.pending.choice.kind, b.pending.choice.options) == ("ari", "resist_sleep", ("resist", "sleep"))
    awake, _ = play(b, Choose("resist"), 4)
    assert "sleep" not in awake.get("ari").statuses and awake.get("ari").hp == 6
    asleep, _ = play(b, Choose("sleep"))
    assert "sleep" in asleep.get("ari").statuses and asleep.get("ari").hp == 10


def test_r_mk_44_obesity_bites_a_cooperation_in_the_strategy_step() -> None:
    """R-MK-44: obesity deals 1 damage whenever its bearer acts in battle — cooperating in the strategy
    step as much as later in the round."""
    b = battle(pc("ari", area=1, favor={"bo": 2}, statuses=frozenset({"obesity"})), pc("bo", area=1),
               mon("rat", area=4), options=NEW)
    b = evolve(b, phase="strategy", round=1)
    b, _ = play(b, Cooperate("ari", "bo"))
    assert b.get("ari").hp == 9 and b.get("ari").acted


def test_r_mk_15_hope_dice_on_the_other_battle_checks() -> None:
    """R-MK-13/R-MK-15: hope adds dice to any check of a land maker's, not only strategy and hit:
    a search with 1 hope rolls three dice and uses the best two (5+4 of 5,4,1 + search 2 = 11 ≥ 9)."""
    trap = Trap("pit", "pit")
    b = acting(battle(pc("ari", area=1, drive=2, search=2), mon("rat", area=4), traps=(trap,), options=NEW))
    legal = legal_actions(b)
    assert SearchSpot("ari", "search", 1) in legal and SearchSpot("ari", "search", 2) in legal
    assert any(isinstance(a, Escape) for a in legal) is False  # not everyone at home: no escape offered
    b, events = play(b, SearchSpot("ari", "search", 1), 5, 4, 1)
    assert b.get("ari").drive == 1 and not b.traps[0].hidden


def test_r_mk_15_hope_dice_on_reputation() -> None:
    b = acting(battle(pc("ari", area=3, drive=1, wit=1), mon("rat", area=3, hidden=True, level=3), options=NEW))
    assert Reputation("ari", "rat", 1) in legal_actions(b)
    b, _ = play(b, Reputation("ari", "rat", 1), 4, 4, 1)  # 8 + 1 = 9 ≥ 8
    assert not b.get("rat").hidden and b.get("ari").drive == 0
