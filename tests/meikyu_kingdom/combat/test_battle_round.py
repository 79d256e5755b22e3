"""Rounds: strategy, sides, units, moves, blocking, actions, pass, round end (R-MK-24 … 28, 38, 39)."""

from __future__ import annotations

import pytest
from battle_helpers import COURT, MONSTERS, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    Breakthrough,
    Cooperate,
    Decline,
    ExtraMove,
    Move,
    Pass,
    StrategyCheck,
)
from meikyu.systems.meikyu_kingdom.combat.model import evolve
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions


def strategy(b):  # type: ignore[no-untyped-def]
    return evolve(b, phase="strategy", round=1)


def test_r_mk_24_strategy_success_court_first() -> None:
    """R-MK-24: wit vs the highest enemy evasion; success → the court goes first."""
    b = strategy(battle(pc("ari", wit=2), mon("rat", evasion=8), mon("owl", evasion=10)))
    won, events = play(b, StrategyCheck("ari"), 4, 4)  # 10 ≥ 10
    assert first(events, ev.Check).difficulty == 10
    assert (won.phase, won.first, won.active) == ("act", COURT, COURT)
    lost, _ = play(b, StrategyCheck("ari"), 4, 3)  # 9 < 10
    assert (lost.first, lost.active) == (MONSTERS, MONSTERS)


def test_r_mk_24_strategy_against_npcs_and_their_cooperation() -> None:
    """R-MK-24: against PC-like NPCs the difficulty is [wit + 7]; NPC cooperation raises it."""
    npc = mon("duke", kind="npc", wit=3, evasion=20, favor=(("aide", 0),))
    aide = mon("aide", kind="npc", wit=1, evasion=9, favor=(("duke", 2),))
    b = strategy(battle(pc("ari", wit=2), npc, aide))
    b, events = play(b, Cooperate("aide", "duke"))
    assert b.strategy_bonus == 2 and b.get("aide").acted
    b, events = play(b, StrategyCheck("ari"), 5, 5)  # 12 vs 3 + 7 + 2 = 12
    assert first(events, ev.Check).difficulty == 12 and b.first == COURT


def test_r_mk_24_strategy_uses_hope_dice() -> None:
    """R-MK-24 with R-MK-15: hope adds dice to the strategy check."""
    b = strategy(battle(pc("ari", wit=1, drive=1, capacity=3), mon("rat", evasion=9)))
    b, events = play(b, StrategyCheck("ari", hope=1), 1, 4, 5)
    assert first(events, ev.Check).achievement == 10 and b.first == COURT and b.get("ari").drive == 0


def test_r_mk_25_first_side_then_second_and_units_are_whole() -> None:
    """R-MK-25: a unit is move + action by one character; nobody acts in between; then the second side."""
    b = acting(battle(pc("ari", area=1), pc("bo", area=1), mon("rat", area=4)))
    b, _ = play(b, Move("ari", 1))
    assert b.current == "ari"
    with pytest.raises(RuleError) as err:
        play(b, Move("bo", 1))
    assert err.value.rule == "R-MK-25"
    with pytest.raises(RuleError):
        play(b, Move("ari", 1))  # one move per unit
    assert all(getattr(a, "actor", "ari") == "ari" for a in legal_actions(b))
    b, _ = play(b, Pass("ari"))
    assert b.active == COURT and b.get("ari").acted
    with pytest.raises(RuleError):
        play(b, Pass("rat"))  # not the monsters' turn yet
    b, events = play(b, Pass("bo"))
    assert b.active == MONSTERS and first(events, ev.SideActs).side == MONSTERS


def test_r_mk_26_moves_one_area_and_never_off_the_field() -> None:
    """R-MK-26: one step forward or back; not past the enemy HQ nor behind one's own HQ."""
    b = acting(battle(pc("ari", area=0), mon("rat", area=5)))
    with pytest.raises(RuleError) as err:
        play(b, Move("ari", -1))
    assert err.value.rule == "R-MK-26"
    with pytest.raises(RuleError):
        play(b, Move("ari", 2))
    b2, events = play(b, Move("ari", 1))
    assert b2.get("ari").area == 1 and first(events, ev.Moved).origin == 0
    m = acting(battle(pc("ari", area=0), mon("rat", area=5)), MONSTERS)
    with pytest.raises(RuleError):
        play(m, Move("rat", -1))  # behind the monsters' own HQ
    m, _ = play(m, Move("rat", 1))
    assert m.get("rat").area == 4


def test_r_mk_27_blocking_when_allies_fewer_than_enemy_valor() -> None:
    """R-MK-27: fewer allies than the enemies' valor sum in the area → no advance; equal is fine."""
    blocked = acting(battle(pc("ari", area=3), mon("ogre", area=3, valor=2), mon("rat", area=3, valor=0)))
    with pytest.raises(RuleError) as err:
        play(blocked, Move("ari", 1))
    assert err.value.rule == "R-MK-27"
    assert Move("ari", 1) not in legal_actions(blocked)
    free = acting(battle(pc("ari", area=3), pc("bo", area=3), mon("ogre", area=3, valor=2)))
    moved, _ = play(free, Move("ari", 1))
    assert moved.get("ari").area == 4
    back, _ = play(blocked, Move("ari", -1))  # blocking only stops advances
    assert back.get("ari").area == 2


def test_r_mk_27_breakthrough_prompt_costs_1d6_minions() -> None:
    """R-MK-27: a blocked advance raises the breakthrough prompt; an ally pays 1D6 minions."""
    b = acting(battle(pc("ari", area=3), pc("bo", area=0, minions=4), mon("ogre", area=3, valor=3)))
    b, events = play(b, Move("ari", 1))
    assert b.pending is not None and b.pending.kind == "breakthrough" and "Blocked" in kinds(events)
    assert legal_actions(b) == [Breakthrough("bo"), Decline()]
    with pytest.raises(RuleError):
        play(b, Breakthrough("ari"))  # no minions
    through, events = play(b, Breakthrough("bo"), 6)
    assert (
        through.get("bo").minions == 0
        and through.get("ari").area == 4
        and first(events, ev.BrokeThrough).lost == 4
    )
    assert through.current == "ari" and through.pending is None
    stay, _ = play(b, Decline())
    assert stay.get("ari").area == 3 and stay.current == "ari" and stay.moved


def test_r_mk_28_every_action_makes_acted() -> None:
    """R-MK-28: attack, support or special move each end the character's unit as acted."""
    b = acting(battle(pc("ari", area=3), pc("bo", area=1), mon("rat", area=3)))
    b, _ = play(b, Attack("ari", "rat"), 1, 2)
    assert b.get("ari").acted
    b, _ = play(b, ExtraMove("bo", 1))
    assert b.get("bo").acted and b.get("bo").area == 2


def test_r_mk_38_pass_move_action_or_both() -> None:
    """R-MK-38: pass the move (act without moving), the action (move then pass), or both."""
    b = acting(battle(pc("ari", area=2), pc("bo", area=2), mon("rat", area=2)))
    b1, _ = play(b, Attack("ari", "rat", 0), 1, 2)  # no move: passing the move is just not moving
    assert b1.get("ari").area == 2 and b1.get("ari").acted
    b2, _ = play(b, Move("bo", -1))
    b2, events = play(b2, Pass("bo"))
    assert b2.get("bo").area == 1 and b2.get("bo").acted and "Passed" in kinds(events)


def test_r_mk_39_round_end_readies_everyone_and_new_strategy() -> None:
    """R-MK-39: once the second side is done the round ends: all ready, strategy again."""
    b = acting(battle(pc("ari", area=1), mon("rat", area=4)))
    b, _ = play(b, Pass("ari"))
    b, events = play(b, Pass("rat"))
    assert kinds(events)[-2:] == ["RoundEnded", "RoundStarted"]
    assert (b.phase, b.round) == ("strategy", 2)
    assert not b.get("ari").acted and not b.get("rat").acted


def test_r_mk_39_round_ends_when_the_rest_cannot_act() -> None:
    """R-MK-39: characters who cannot act (incapacitated) do not hold the round open."""
    b = acting(battle(pc("ari", area=1), mon("rat", area=4), mon("bat", area=4, condition="incapacitated")))
    b, _ = play(b, Pass("ari"))
    b, _ = play(b, Pass("rat"))
    assert b.round == 2 and b.phase == "strategy"
