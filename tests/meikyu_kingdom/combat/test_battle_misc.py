"""Everything else: R-MK-32 … R-MK-37, R-MK-42 … R-MK-44."""

from __future__ import annotations

import pytest
from battle_helpers import COURT, MONSTERS, SWORD, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    BecomeGhost,
    Carry,
    Cooperate,
    Disarm,
    EndTreasure,
    Escape,
    Fall,
    GhostAct,
    Inflict,
    Move,
    OtherSupport,
    Pass,
    ReduceHp,
    Revive,
    RollTreasure,
    SearchSpot,
    Surrender,
    Swap,
)
from meikyu.systems.meikyu_kingdom.combat.model import Options, Trap, evolve
from meikyu.systems.meikyu_kingdom.combat.rules import gm_actions, legal_actions


def test_r_mk_32_hp_reduction_ignores_armor_and_does_not_wake() -> None:
    """R-MK-32: reducing HP is not damage: armor does not apply, sleep is not broken."""
    b = acting(battle(pc("ari", armor=3, statuses=frozenset({"sleep"}), acted=True), mon("rat")))
    b, events = play(b, ReduceHp("ari", 4))
    assert b.get("ari").hp == 6 and "sleep" in b.get("ari").statuses and kinds(events)[0] == "HpReduced"


def test_r_mk_33_falling_3d6_halved_by_search() -> None:
    """R-MK-33: 3D6 damage whatever the height; search vs 9 success halves it."""
    b = acting(battle(pc("ari", hp=20, search=2), mon("rat")))
    fell, _ = play(b, Fall("ari"), 4, 5, 6, 3, 3)  # 15; 8 < 9
    assert fell.get("ari").hp == 5
    soft, _ = play(b, Fall("ari"), 4, 5, 6, 3, 4)  # 9 ≥ 9 → 7
    assert soft.get("ari").hp == 13


def test_r_mk_34_dead_revive_only_by_revival_items() -> None:
    """R-MK-34: the dead act no more; a revival potion or grail restores HP within the game."""
    b = acting(battle(pc("ari", hp=-2, max_hp=10, condition="dead", acted=True), pc("bo"), mon("rat")))
    assert not [a for a in legal_actions(b) if getattr(a, "actor", "") == "ari"]
    with pytest.raises(RuleError):
        play(b, Revive("ari", 5, "bandage"))
    b, events = play(b, Revive("ari", 5))
    assert (b.get("ari").condition, b.get("ari").hp) == ("ok", 5) and "Revived" in kinds(events)
    with pytest.raises(RuleError):
        play(b, Revive("ari", 5))


def test_r_mk_35_ghost_option_favor_and_no_potion() -> None:
    """R-MK-35: optional; a ghost cannot take the potion; 1D6 favor buys one action (cooperation)."""
    dead = pc("ari", hp=0, condition="dead", acted=True, favor=(("bo", 2),))
    bo = pc("bo", favor=(("ari", 3),))
    off = acting(battle(dead, bo, mon("rat")))
    with pytest.raises(RuleError) as err:
        play(off, BecomeGhost("ari"))
    assert err.value.rule == "R-MK-35"
    b = acting(battle(dead, bo, mon("rat"), options=Options(ghost=True)))
    b, _ = play(b, BecomeGhost("ari"))
    with pytest.raises(RuleError):
        play(b, Revive("ari", 3))
    b, events = play(b, GhostAct("ari", "bo"), 4)  # 3 from bo's favor, 1 from ari's
    assert b.get("bo").favor_to("ari") == 0 and b.get("ari").favor_to("bo") == 1
    assert Cooperate("ari", "bo", "hit") in legal_actions(b)
    b, events = play(b, Cooperate("ari", "bo", "hit"))
    assert b.get("bo").coop == (("ari", 1, "hit"),) and not b.get("ari").ghost_turn
    revived, _ = play(b, Revive("ari", 3, "grail"))
    assert revived.get("ari").condition == "ok"


def test_r_mk_36_carry_the_fallen() -> None:
    """R-MK-36: carry an incapacitated or dead character in your area one step."""
    b = acting(
        battle(pc("ari", area=2), pc("bo", area=2, hp=0, condition="incapacitated", acted=True), mon("rat"))
    )
    b, events = play(b, Carry("ari", "bo", -1))
    assert b.get("bo").area == 1 and b.get("ari").acted
    with pytest.raises(RuleError):
        play(acting(battle(pc("ari"), pc("bo"), mon("rat"))), Carry("ari", "bo", -1))


def test_r_mk_36_swap_equipment() -> None:
    """R-MK-36: exchange equipment with a character in your area."""
    b = acting(battle(pc("ari", area=2), pc("bo", area=2, weapons=()), mon("rat")))
    b, _ = play(b, Swap("ari", "bo", give=0))
    assert b.get("ari").weapons == () and b.get("bo").weapons == (SWORD,)


def test_r_mk_36_search_reveals_traps_and_disarm() -> None:
    """R-MK-36: search vs [court size + 7] reveals hidden traps; disarm from the enemy HQ by its check."""
    trap = Trap("t1", "spikes", area=5, stat="search", difficulty=8)
    b = acting(battle(pc("ari", area=5, search=2), pc("bo", area=1), mon("rat", area=4), traps=(trap,)))
    b, events = play(b, SearchSpot("ari"), 4, 3)  # 9 ≥ 2 + 7
    assert first(events, ev.Check).difficulty == 9 and not b.traps[0].hidden
    assert Disarm("bo", "t1") not in legal_actions(b)
    b = evolve(b, active=COURT)
    far = evolve(b, combatants=tuple(evolve(c, acted=False) for c in b.combatants))
    with pytest.raises(RuleError):
        play(far, Disarm("bo", "t1"))
    done, _ = play(far, Disarm("ari", "t1"), 3, 3)
    assert done.traps[0].disarmed


def test_r_mk_36_cooperation_adds_favor_once() -> None:
    """R-MK-36 / R-MK-12: cooperation adds the helper's favor to the target's next check; no stacking."""
    b = acting(
        battle(
            pc("ari", area=3, valor=0), pc("bo", area=1, favor=(("ari", 2),)), mon("rat", area=3, evasion=9)
        )
    )
    b, _ = play(b, Cooperate("bo", "ari"))
    assert b.get("ari").coop == (("bo", 2, "hit"),)
    b, events = play(b, Attack("ari", "rat"), 4, 3)  # 7 + 2 = 9
    assert first(events, ev.Check).achievement == 9 and b.get("ari").coop == ()
    hostile = acting(battle(pc("ari"), pc("bo", favor=(("ari", 1),), enmity=(("ari", 2),)), mon("rat")))
    with pytest.raises(RuleError) as err:
        play(hostile, Cooperate("bo", "ari"))
    assert err.value.rule == "R-MK-12"


def test_r_mk_36_other_support_makes_acted() -> None:
    b = acting(battle(pc("ari"), mon("rat")))
    b, _ = play(b, OtherSupport("ari", "uses a torch"))
    assert b.get("ari").acted


def test_r_mk_37_escape_needs_everyone_in_hq_and_search() -> None:
    """R-MK-37: escape when every ally is in its own HQ: search vs the highest enemy evasion."""
    b = acting(battle(pc("ari", area=0, search=2), pc("bo", area=1), mon("rat", area=3, evasion=9)))
    assert Escape("ari") not in legal_actions(b)
    with pytest.raises(RuleError) as err:
        play(b, Escape("ari"))
    assert err.value.rule == "R-MK-37"
    home = acting(battle(pc("ari", area=0, search=2), pc("bo", area=0), mon("rat", area=3, evasion=9)))
    fail, events = play(home, Escape("ari"), 3, 3)
    assert "EscapeFailed" in kinds(events) and fail.phase == "act"
    ok, events = play(home, Escape("ari"), 4, 3)
    assert (ok.phase, ok.outcome, ok.winner, ok.escaped) == ("over", "escape", "", COURT)
    blocked = evolve(home, options=Options(escape_blocked=True))
    shut, events = play(blocked, Escape("ari"))
    assert first(events, ev.EscapeFailed).reason == "blocked" and shut.phase == "act"


def test_r_mk_37_extra_move_obeys_blocking() -> None:
    """R-MK-37: the extra move is a move; blocking applies."""
    b = acting(battle(pc("ari", area=3), mon("ogre", area=3, valor=2)))
    with pytest.raises(RuleError) as err:
        play(b, Move("ari", 1))
    assert err.value.rule == "R-MK-27"


def test_r_mk_42_wipe_out_ends_and_court_win_opens_treasure() -> None:
    """R-MK-42: one side all fallen → the other wins; the court's victory goes to treasure."""
    b = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=2)))
    b, events = play(b, Attack("ari", "rat"), 4, 4)
    assert (b.winner, b.outcome, b.phase) == (COURT, "wiped_out", "treasure")


def test_r_mk_42_surrender() -> None:
    """R-MK-42: a side may surrender; surrendered monsters count for treasure."""
    b = acting(battle(pc("ari"), mon("rat", level=2)))
    b, events = play(b, Surrender(MONSTERS))
    assert (b.winner, b.outcome, b.phase) == (COURT, "surrender", "treasure")
    assert b.trade_modifier("rat") == -2 and b.trade_modifier("ari") == 0
    b2, _ = play(acting(battle(pc("ari"), mon("rat"))), Surrender(COURT))
    assert (b2.winner, b2.phase) == (MONSTERS, "over")


def test_r_mk_43_treasure_by_level_and_same_kind_summing() -> None:
    """R-MK-43: 1D6 per defeated monster on its level's table; same kind may sum levels first."""
    dead = dict(condition="dead", acted=True, hp=0)
    b = battle(
        pc("ari"),
        mon("rat1", species="rat", level=1, materials=("fang",), **dead),
        mon("rat2", species="rat", level=1, **dead),
        mon("owl1", species="owl", level=2, **dead),
        phase="treasure",
        winner=COURT,
    )
    assert RollTreasure(("rat1", "rat2")) in legal_actions(b)
    with pytest.raises(RuleError) as err:
        play(b, RollTreasure(("rat1", "owl1")))
    assert err.value.rule == "R-MK-43"
    b, events = play(b, RollTreasure(("rat1", "rat2")), 3)
    t = first(events, ev.Treasure)
    assert (t.level, t.roll, t.kind, t.count) == (2, 3, "materials", 5)
    assert b.loot[0].materials == ("fang",)
    b, events = play(b, RollTreasure(("owl1",)), 6)
    assert first(events, ev.Treasure).kind == "rare_general" and b.phase == "over"
    assert legal_actions(b) == []


def test_r_mk_43_end_treasure_early() -> None:
    b = battle(pc("ari"), mon("rat", condition="dead"), phase="treasure", winner=COURT)
    b, _ = play(b, EndTreasure())
    assert b.phase == "over"


def test_r_mk_44_poison_at_round_end() -> None:
    """R-MK-44 poison: 1 damage at each round end."""
    b = acting(battle(pc("ari", area=1, statuses=frozenset({"poison"})), mon("rat", area=4)))
    b, _ = play(b, Pass("ari"))
    b, _ = play(b, Pass("rat"))
    assert b.get("ari").hp == 9 and b.round == 2


def test_r_mk_44_distraction_no_drive_until_critical() -> None:
    """R-MK-44 distraction: no drive from checks; a critical cures it (and then still no drive from it)."""
    b = acting(
        battle(pc("ari", area=3, capacity=5, statuses=frozenset({"distraction"})), mon("rat", area=3, hp=30))
    )
    b1, _ = play(b, Attack("ari", "rat"), 6, 3)
    assert b1.get("ari").drive == 0
    b2, events = play(b, Attack("ari", "rat"), 6, 6, 2, 3)
    assert "distraction" not in b2.get("ari").statuses and b2.get("ari").drive == 0


def test_r_mk_44_obesity_damage_per_action() -> None:
    """R-MK-44 obesity: 1 damage each time it acts (passing is not acting)."""
    b = acting(
        battle(pc("ari", area=3, statuses=frozenset({"obesity"})), pc("bo", area=0), mon("rat", area=3))
    )
    acted, _ = play(b, Attack("ari", "rat"), 1, 2)
    assert acted.get("ari").hp == 9
    passed, _ = play(b, Pass("ari"))
    assert passed.get("ari").hp == 10


def test_r_mk_44_curse_low_pairs_fumble() -> None:
    """R-MK-44 curse: a used pair totalling 3 or less is a fumble."""
    b = acting(battle(pc("ari", area=3, statuses=frozenset({"curse"})), mon("rat", area=3)))
    b, events = play(b, Attack("ari", "rat"), 1, 2, 3, 4, 2)
    assert first(events, ev.Check).fumble and "CombatFumble" in kinds(events)


def test_r_mk_44_sleep_acted_evasion_seven_wakes_on_damage() -> None:
    """R-MK-44 sleep: acted, stays acted at round end, evasion 7, wakes on ≥1 damage; resist a second."""
    b = acting(battle(pc("ari", area=3, evasion=12), pc("bo", area=0), mon("rat", area=3)), MONSTERS)
    b, _ = play(b, Inflict("ari", "sleep"))
    ari = b.get("ari")
    assert ari.acted and ari.effective_evasion == 7 and ari.slept_once
    b, events = play(b, Attack("rat", "ari"), 3, 4)  # 7 + 1 ≥ 7
    assert "sleep" not in b.get("ari").statuses and "StatusCured" in kinds(events)
    b2, _ = play(b, Inflict("ari", "sleep", resist=True), 3)
    assert "sleep" not in b2.get("ari").statuses and b2.get("ari").hp == b.get("ari").hp - 3
    asleep = acting(battle(pc("ari", area=1), mon("rat", area=4)))
    asleep, _ = play(asleep, Inflict("ari", "sleep"))
    assert asleep.active == MONSTERS
    asleep, _ = play(asleep, Pass("rat"))
    assert asleep.round == 2 and asleep.get("ari").acted


def test_r_mk_44_sleep_cured_at_combat_end() -> None:
    b = acting(
        battle(
            pc("ari", area=3),
            pc("bo", area=0, statuses=frozenset({"sleep"}), acted=True),
            mon("rat", area=3, hp=1),
        )
    )
    b, _ = play(b, Attack("ari", "rat"), 4, 4)
    assert "sleep" not in b.get("bo").statuses


def test_r_mk_44_foolish_random_target_and_forced_advance() -> None:
    """R-MK-44 foolishness: targets are picked at random; with no one in range it must advance."""
    b = acting(
        battle(pc("ari", area=3, statuses=frozenset({"foolishness"})), mon("rat", area=3), mon("bat", area=3))
    )
    with pytest.raises(RuleError) as err:
        play(b, Attack("ari", "rat"))
    assert err.value.rule == "R-MK-44"
    b1, events = play(b, Attack("ari", ""), 2, 4, 4)
    assert b1.get("bat").hp == 3 and b1.get("rat").hp == 6
    far = acting(battle(pc("ari", area=1, statuses=frozenset({"foolishness"})), mon("rat", area=4)))
    unit = [a for a in legal_actions(far) if not isinstance(a, Surrender)]
    assert unit and all(getattr(a, "step", 0) == 1 for a in unit)


def test_r_mk_44_inflict_validation() -> None:
    b = acting(battle(pc("ari"), mon("rat")))
    with pytest.raises(RuleError):
        play(b, Inflict("ari", "sunburn"))
    with pytest.raises(RuleError):
        play(b, Inflict("ari", "sleep", resist=True))
    assert Inflict("ari", "poison") in gm_actions(b)


def test_r_mk_37_monsters_escape_too() -> None:
    """R-MK-37: the monster side escapes from its own HQ against the court's highest evasion."""
    b = acting(
        battle(pc("ari", area=2, evasion=9), mon("rat", area=5, search=1), mon("bat", area=5)), MONSTERS
    )
    b, events = play(b, Escape("rat"), 4, 4)
    assert (b.outcome, b.escaped, b.phase) == ("escape", MONSTERS, "over") and b.get("ari").condition == "ok"


def test_the_policy_and_the_gms_menu_when_nobody_of_the_court_stands_in_strategy() -> None:
    """A battle at its strategy step with every court member down (a GM's rulings can leave it so) used to
    crash the tactical policy (``next`` over nobody), and with it the GM's menu: every action of that game was
    then refused as unshowable. The policy now offers the court's surrender; the menu shows."""
    from meikyu.systems.meikyu_kingdom.combat.model import INCAPACITATED
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
    from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions
    from meikyu.table.mk_battle import BattleKind

    b = battle(pc("a"), mon("m"), phase="strategy")
    down = evolve(b, combatants=tuple(evolve(c, condition=INCAPACITATED, hp=0) if c.side == COURT else c
                                      for c in b.combatants))
    legal = legal_actions(down)
    assert TacticalPolicy().choose(down, legal) == Surrender(COURT)
    assert BattleKind().menu(down, "gm", "en") is not None
