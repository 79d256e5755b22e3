"""Second reading of seed 001 against the engine: each test here failed before its fix."""

from __future__ import annotations

import pytest
from battle_helpers import BOW, COURT, SWORD, acting, battle, ev, first, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    EndQuarter,
    Escape,
    Move,
    OtherSupport,
    Pass,
    Reputation,
    SearchSpot,
    StrategyCheck,
    Surrender,
    Swap,
)
from meikyu.systems.meikyu_kingdom.combat.model import Options, Trap, Weapon, evolve
from meikyu.systems.meikyu_kingdom.combat.rules import gm_actions, legal_actions


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


def test_r_mk_31_fwt_5_dies_unless_hp_1_by_the_end_of_the_quarter() -> None:
    """R-MK-31 FWT 5: incapacitated, dies unless HP ≥ 1 by the end of this quarter (EndQuarter)."""
    b = acting(battle(pc("ari", hp=-2, condition="incapacitated", deadline="quarter"), pc("bo"), mon("rat")))
    assert EndQuarter() in gm_actions(b)
    dead, events = play(b, EndQuarter())
    assert dead.get("ari").condition == "dead" and "Died" in [type(e).__name__ for e in events]
    healed = evolve(b, combatants=(evolve(b.get("ari"), hp=1), *b.combatants[1:]))
    ok, events = play(healed, EndQuarter())
    assert ok.get("ari").deadline == "" and ok.get("ari").condition == "incapacitated"
    assert first(events, ev.DeadlineMet).target == "ari"


def test_r_mk_31_fwt_6_counts_down_quarters_even_after_the_battle() -> None:
    """R-MK-31 FWT 6: within 1D6 quarters; each EndQuarter counts down, at 0 the character dies —
    also once the battle is over (the quarters pass in the labyrinth)."""
    b = evolve(
        battle(pc("ari", hp=0, condition="incapacitated", deadline="quarters:2"), pc("bo"), mon("rat")),
        phase="over",
    )
    one, events = play(b, EndQuarter())
    assert one.get("ari").deadline == "quarters:1" and one.get("ari").condition == "incapacitated"
    assert first(events, ev.DeadlineCountdown).left == 1
    two, _ = play(one, EndQuarter())
    assert two.get("ari").condition == "dead" and two.get("ari").deadline == ""


def test_r_mk_31_end_quarter_leaves_combat_deadlines_to_the_end_of_combat() -> None:
    """R-MK-31 FWT 4's deadline is the end of combat, not of a quarter."""
    b = acting(battle(pc("ari", hp=0, condition="incapacitated", deadline="combat"), pc("bo"), mon("rat")))
    same, _ = play(b, EndQuarter())
    assert same.get("ari").deadline == "combat" and same.get("ari").condition == "incapacitated"


def test_r_mk_35_a_ghost_s_one_action_may_be_any_support_action() -> None:
    """R-MK-35: the action a ghost buys with favor may be of any type the battle has — here a search
    (R-MK-36) and a reputation check (R-MK-23), taken outside the unit order; then it is spent."""
    ghost = pc("ari", hp=0, condition="dead", acted=True, ghost=True, ghost_turn=True, wit=3, search=3)
    b = acting(
        battle(
            ghost, pc("bo"), pc("cy", area=1), mon("rat", hidden=True, level=1), traps=(Trap("t1", "net"),)
        )
    )
    unit = legal_actions(b)
    assert SearchSpot("ari", "search") in unit and Reputation("ari", "rat") in unit
    assert OtherSupport("ari") in unit
    found, events = play(b, SearchSpot("ari", "search"), 4, 4)  # 8 + 3 = 11 vs [3 court + 7] = 10
    assert not found.traps[0].hidden and not found.get("ari").ghost_turn
    assert found.active == COURT and not found.get("bo").acted  # nobody's unit was spent
    with pytest.raises(RuleError):
        play(found, OtherSupport("ari"))  # the bought action is used up
    known, _ = play(b, Reputation("ari", "rat"), 2, 2)  # 4 + 3 = 7 ≥ level 1 + 5
    assert not known.get("rat").hidden


def test_r_mk_35_a_ghost_waits_for_an_open_unit_to_close() -> None:
    """R-MK-25 still holds: nobody acts between someone's move and action, a ghost included."""
    ghost = pc("ari", hp=0, condition="dead", acted=True, ghost=True, ghost_turn=True)
    b = evolve(acting(battle(ghost, pc("bo"), mon("rat", area=4))), current="bo", moved=True)
    assert OtherSupport("ari") not in legal_actions(b)
    with pytest.raises(RuleError) as err:
        play(b, OtherSupport("ari"))
    assert err.value.rule == "R-MK-25"


def test_r_mk_23_the_per_game_limit_carries_earlier_uncertain_encounters() -> None:
    """R-MK-23: the limit is per game. An encounter file states how many were spent before
    (``uncertain_used``); a hide beyond what is left is refused on load and by ``Hide``."""
    from meikyu.errors import DataError
    from meikyu.systems.meikyu_kingdom.combat.actions import Hide
    from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_encounter

    pcs = '[[pc]]\nid="a"\nlevel=2\nhp=5\nevasion=8\n[[pc]]\nid="b"\nlevel=2\nhp=5\nevasion=8\n'
    head = "[encounter]\nuncertain_used = 1\n"
    rats = '[[monster]]\nspecies="moss_rat"\nid="r1"\n[[monster]]\nspecies="moss_rat"\nid="r2"\n'
    b = parse_encounter(head + pcs + rats, "enc.toml")
    assert (b.uncertain_limit, b.uncertain_used) == (2, 1)
    b, _ = play(b, Hide("r1"))
    b, _ = play(b, Hide("r2"))  # the same encounter: no further use
    assert b.uncertain_used == 2
    both = rats.replace('id="r1"', 'id="r1"\nhidden=true').replace('id="r2"', 'id="r2"\nhidden=true')
    assert parse_encounter(head + pcs + both, "enc.toml").uncertain_used == 2
    spent = "[encounter]\nuncertain_used = 2\n"
    with pytest.raises(RuleError) as err:
        play(parse_encounter(spent + pcs + rats, "enc.toml"), Hide("r1"))
    assert err.value.rule == "R-MK-23"
    with pytest.raises(DataError) as bad:
        parse_encounter(spent + pcs + both, "enc.toml")
    assert "enc.toml" in str(bad.value)
    with pytest.raises(DataError):
        parse_encounter("[encounter]\nuncertain_used = 3\n" + pcs + rats, "enc.toml")
