"""Battle rules that strayed from the seeds (issue 12 §3), each with fixed dice, and the players'
choices in battle (issue 12 §2): minion help, which item breaks, the "of choice" table results."""

from __future__ import annotations

import pytest
from battle_helpers import BOW, COURT, MONSTERS, SWORD, acting, battle, ev, first, kinds, mon, pc, play

from meikyu.errors import RuleError
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    Breakthrough,
    Choose,
    Cooperate,
    Move,
    Pass,
    RestoreHp,
    SearchSpot,
    StrategyCheck,
    Surrender,
    Swap,
    UseItem,
)
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter, parse_encounter
from meikyu.systems.meikyu_kingdom.combat.model import Battle, Options, Weapon, evolve, lit_areas
from meikyu.systems.meikyu_kingdom.combat.rules import legal_actions

MAIL = Weapon("mail", reduction=2)
STAR = Weapon("star fragment", light=0)
SALVE = Weapon("salve", heal=1)
DARK = Options()


# --- R-MK-20: battle voice is the kingdom's voice, through the one voice path --------------------


def test_r_mk_20_hope_paid_from_voice_in_battle_triggers_a_disaster() -> None:
    """R-MK-20(a): hope from voice that brings voice to the land makers' number makes a disaster due."""
    b = acting(battle(pc("ari", area=3), pc("bo", area=0), mon("rat", area=3, evasion=30), voice=3))
    assert b.makers == 2  # no number given: the court's PCs on the field
    b, _ = play(b, Attack("ari", "rat", hope=1))  # drive 0: the hope is voice, Bo's to allow (R-MK-13)
    b, events = play(b, Choose("agree"), 1, 2, 3)
    assert b.voice == 2 and b.disasters == 1
    assert first(events, ev.DisasterDue).trigger == "reached"


def test_r_mk_20_a_fumble_at_voice_zero_still_brings_a_disaster() -> None:
    """R-MK-20(c): a fumble while voice is 0 cannot lower it, but the disaster still falls due."""
    b = acting(battle(pc("ari", area=3), mon("rat", area=3), voice=0))
    b, events = play(b, Attack("ari", "rat"), 1, 1, 2, 6)  # fumble, CFT 8: HP halved
    assert b.voice == 0 and b.disasters == 1
    assert first(events, ev.DisasterDue).trigger == "at_zero" and "VoiceChanged" not in kinds(events)


def test_r_mk_20_fumble_while_low_and_the_land_makers_number() -> None:
    """R-MK-20(b): voice lost while already ≤ the land makers; the number set on the battle counts."""
    b = acting(battle(pc("ari", area=3), mon("rat", area=3), voice=6, land_makers=4))
    b, _ = play(b, Attack("ari", "rat"), 1, 1, 2, 6)
    assert (b.voice, b.disasters) == (5, 0)  # 6 → 5 stays above 4
    b = acting(battle(pc("ari", area=3), mon("rat", area=3), voice=4, land_makers=4))
    b, events = play(b, Attack("ari", "rat"), 1, 1, 2, 6)
    assert (b.voice, b.disasters) == (3, 1) and first(events, ev.DisasterDue).trigger == "fell_while_low"


def test_r_mk_20_an_encounter_with_the_sample_court_takes_the_kingdoms_voice_and_land_makers() -> None:
    """R-MK-20: a battle of the sample court starts from its kingdom's voice and land makers (4)."""
    text = '[encounter]\ncourt = "sample"\n[[monster]]\nspecies = "brick_goblin"\n'
    b = parse_encounter(text, "t.toml")
    assert (b.voice, b.land_makers, b.makers) == (6, 4, 4)


# --- R-MK-27 / R-MK-08: breakthrough is an interrupt, once per payer per round ---------------------


def blocked_field() -> Battle:
    return acting(
        battle(
            pc("ari", area=3, minions=6),
            pc("bo", area=3, minions=6),
            pc("cy", area=3, minions=6),
            mon("ogre", area=3, valor=9, evasion=30, hp=30),
        )
    )


def test_r_mk_27_r_mk_08_breakthrough_once_per_payer_per_round() -> None:
    """R-MK-27, R-MK-08: each character pays for one breakthrough a round; others may still pay."""
    b, _ = play(blocked_field(), Move("ari", 1))
    b, _ = play(b, Breakthrough("ari"), 2)
    assert b.get("ari").area == 4 and b.get("ari").minions == 4
    b, _ = play(b, Pass("ari"))
    b, _ = play(b, Move("bo", 1))
    assert Breakthrough("ari") not in legal_actions(b) and Breakthrough("cy") in legal_actions(b)
    with pytest.raises(RuleError) as err:
        play(b, Breakthrough("ari"), 1)
    assert err.value.rule == "R-MK-08"
    b, _ = play(b, Breakthrough("cy"), 1)
    assert b.get("bo").area == 4 and b.used == (("ari", "breakthrough"), ("cy", "breakthrough"))


def test_r_mk_27_breakthrough_again_next_round() -> None:
    """R-MK-08: the once-per-cycle count starts afresh each round."""
    b, _ = play(blocked_field(), Move("ari", 1))
    b, _ = play(b, Breakthrough("ari"), 2)
    b, _ = play(b, Pass("ari"))
    b = evolve(b, active=MONSTERS, first=COURT)
    b, _ = play(b, Pass("ogre"))  # the monsters' side ends: round 2 begins
    assert b.round == 2 and b.used == ()


# --- R-MK-30: armor follows the item -----------------------------------------------------------------


def test_r_mk_30_armor_reduction_moves_with_the_armor_traded() -> None:
    """R-MK-30 / R-MK-36: handing the armor over moves its reduction with it."""
    b = acting(battle(pc("ari", area=3, weapons=(SWORD, MAIL)), pc("bo", area=3), mon("rat", area=3, hp=9)))
    assert (b.get("ari").reduction, b.get("bo").reduction) == (2, 0)
    b, _ = play(b, Swap("ari", "bo", give=1))
    assert (b.get("ari").reduction, b.get("bo").reduction) == (0, 2)
    b, _ = play(b, Pass("bo"))
    b, _ = play(b, Attack("rat", "ari"), 5, 5)  # claw 2, no armor left
    assert b.get("ari").hp == 8


def test_r_mk_30_broken_armor_stops_reducing() -> None:
    """R-MK-30 with CFT 9: the item that breaks is the armor, and its reduction is gone."""
    b = acting(battle(pc("ari", area=3, weapons=(MAIL,)), mon("rat", area=3, hp=9)))
    b, _ = play(b, Attack("ari", "rat"), 1, 1, 3, 6, 1)  # fumble, CFT 9: the only item breaks
    assert b.get("ari").weapons[0].broken and b.get("ari").reduction == 0


# --- R-MK-31: HP restored in battle lifts incapacity ---------------------------------------------------


def downed() -> Battle:
    b = acting(battle(pc("ari", area=3, hp=2, max_hp=10), pc("bo", area=3, weapons=(SWORD, SALVE)), mon("rat", area=3, valor=3)), MONSTERS)
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 1, 3)  # 2 damage: HP 0, FWT 4 → incapacitated until HP ≥ 1
    assert b.get("ari").condition == "incapacitated" and b.get("ari").deadline == "combat"
    return b


def test_r_mk_31_the_gm_restores_hp_and_the_deadline_is_met() -> None:
    """R-MK-31: HP back to ≥ 1 lifts incapacity, so the FWT 4 deadline is met at the end of combat."""
    b, events = play(downed(), RestoreHp("ari", 3))
    assert (b.get("ari").hp, b.get("ari").condition, b.get("ari").acted) == (3, "ok", True)
    assert "StoodUp" in kinds(events)
    b, _ = play(b, Surrender(MONSTERS))
    assert b.get("ari").condition == "ok" and b.get("ari").deadline == ""


def test_r_mk_31_a_recovery_item_is_used_up() -> None:
    """R-MK-31 / R-MK-36: a carried recovery item restores 1D6 HP to someone in the area, then it is gone."""
    b = evolve(downed(), active=COURT)
    assert UseItem("bo", 1, "ari") in legal_actions(b)
    b, events = play(b, UseItem("bo", 1, "ari"), 4)
    assert (b.get("ari").hp, b.get("ari").condition) == (4, "ok") and len(b.get("bo").weapons) == 1
    assert first(events, ev.HpRestored).item == "salve"


def test_r_mk_34_the_dead_are_not_restored_by_ordinary_means() -> None:
    b = acting(battle(pc("ari", area=3), mon("rat", area=3, hp=1)))
    b, _ = play(b, Attack("ari", "rat"), 4, 4)
    with pytest.raises(RuleError) as err:
        play(b, RestoreHp("rat", 2))
    assert err.value.rule == "R-MK-34"


# --- R-MK-12: cooperation names the helped action and lapses ---------------------------------------------


def helpers() -> Battle:
    return acting(
        battle(
            pc("ari", area=3, favor=(("bo", 3),)),
            pc("bo", area=3, valor=0),
            mon("rat", area=3, evasion=10, hp=30),
        )
    )


def test_r_mk_12_cooperation_counts_only_for_the_named_action() -> None:
    """R-MK-12: help named for bo's search adds nothing to bo's attack, and lapses once bo attacks."""
    b, _ = play(helpers(), Cooperate("ari", "bo", "search"))
    assert b.get("bo").coop == (("ari", 3, "search"),)
    b, events = play(b, Attack("bo", "rat"), 4, 5)  # 9 + valor 0: no +3 for an attack
    assert first(events, ev.Check).achievement == 9 and b.get("bo").coop == ()


def test_r_mk_12_cooperation_helps_the_named_action() -> None:
    b, _ = play(helpers(), Cooperate("ari", "bo", "search"))
    b, events = play(b, SearchSpot("bo"), 2, 3)  # 5 + search 2 + favor 3 = 10
    assert first(events, ev.Check).achievement == 10


def test_r_mk_12_cooperation_lapses_when_the_round_ends() -> None:
    b, _ = play(helpers(), Cooperate("ari", "bo", "hit"))
    b = evolve(b, active=MONSTERS, first=COURT)
    b, events = play(b, Pass("rat"))
    assert b.round == 2 and b.get("bo").coop == () and "CooperationLapsed" in kinds(events)


def test_r_mk_12_cooperation_in_the_strategy_phase_names_the_strategy_check() -> None:
    b = evolve(helpers(), phase="strategy", active="", first="")
    assert Cooperate("ari", "bo", "strategy") in legal_actions(b)
    b, _ = play(b, Cooperate("ari", "bo"))
    b, events = play(b, StrategyCheck("bo"), 4, 4)  # 8 + wit 2 + 3 = 13 ≥ 10
    assert first(events, ev.Check).achievement == 13 and b.first == COURT


# --- R-MK-29: the light of a Star Fragment comes from who carries it ------------------------------------


def archers() -> Battle:
    return acting(
        battle(
            pc("ari", area=1, weapons=(BOW,)),
            pc("bo", area=2, weapons=(SWORD, STAR)),
            mon("rat", area=3),
            options=DARK,
        )
    )


def test_r_mk_29_ranged_attacks_need_a_fragment_carried_near_the_target() -> None:
    """R-MK-29: bo's fragment (light 0) lights only bo's area; the rat in area 3 is dark."""
    b = archers()
    assert lit_areas(b.combatants) == frozenset({2})
    with pytest.raises(RuleError) as err:
        play(b, Attack("ari", "rat"))
    assert err.value.rule == "R-MK-29"
    b, _ = play(b, Move("bo", 1))  # the light goes with its carrier
    b, _ = play(b, Pass("bo"))
    assert lit_areas(b.combatants) == frozenset({3}) and Attack("ari", "rat") in legal_actions(b)


def test_r_mk_29_trading_the_fragment_moves_the_light() -> None:
    b = evolve(archers(), combatants=tuple(evolve(c, area=3) if c.id == "bo" else c for c in archers().combatants))
    b = evolve(b, combatants=tuple(evolve(c, area=3) if c.id == "ari" else c for c in b.combatants))
    b, _ = play(b, Swap("bo", "ari", give=1))
    assert lit_areas(b.combatants) == frozenset({3})
    assert b.get("ari").weapons[-1].light == 0


def test_r_mk_29_the_sample_court_carries_its_light() -> None:
    """The sample encounter's room is dark; Toru's fragment lights areas 1–3."""
    b = load_encounter("sample")
    assert b.options.lit == () and lit_areas(b.combatants) == frozenset({1, 2, 3})


# --- R-MK-19: minion help on checks in battle ---------------------------------------------------------


def test_r_mk_19_minion_help_is_asked_after_a_failed_hit() -> None:
    """R-MK-19: one short with minions: the player chooses; each help costs 1D6 minions for +1."""
    b = acting(battle(pc("ari", area=3, minions=4), mon("rat", area=3, evasion=12, hp=9)))
    b, events = play(b, Attack("ari", "rat"), 4, 4)  # 8 + 3 = 11 < 12
    assert b.pending is not None and b.pending.choice is not None
    assert (b.pending.actor, b.pending.choice.kind, b.pending.choice.detail) == ("ari", "minion_help", (11, 12, 4))
    assert b.get("ari").minions == 4 and not b.get("ari").acted and "ChoiceAsked" in kinds(events)
    b, events = play(b, Choose("help"), 3)
    assert b.get("ari").minions == 1 and b.get("rat").hp == 6 and b.get("ari").acted
    assert "Check" not in kinds(events) and first(events, ev.MinionHelp).success  # shown once only


def test_r_mk_19_minion_help_declined_and_not_asked_when_it_cannot_turn_the_check() -> None:
    b = acting(battle(pc("ari", area=3, minions=1), mon("rat", area=3, evasion=12, hp=9)))
    b, _ = play(b, Attack("ari", "rat"), 4, 4)
    b, events = play(b, Choose("decline"))
    assert b.get("ari").minions == 1 and "Missed" in kinds(events)
    b2, _ = play(acting(battle(pc("ari", area=3, minions=1), mon("rat", area=3, evasion=14, hp=9))), Attack("ari", "rat"), 4, 4)
    assert b2.pending is None and b2.get("ari").acted  # 3 short with one minion: nothing to ask


def test_r_mk_19_a_bad_answer_changes_nothing() -> None:
    b = acting(battle(pc("ari", area=3, minions=4), mon("rat", area=3, evasion=12, hp=9)))
    b, _ = play(b, Attack("ari", "rat"), 4, 4)
    with pytest.raises(RuleError):
        play(b, Choose("maybe"))
    with pytest.raises(RuleError):
        play(b, Pass("ari"))  # nothing else while the choice is open


# --- which item breaks -----------------------------------------------------------------------------------


def test_fwt_8_the_owner_picks_the_item_with_the_break_choice_option() -> None:
    """FWT 8 (R-MK-31): random by default; with ``break_choice`` the owner picks which item breaks."""
    ari = pc("ari", area=3, hp=2, weapons=(SWORD, Weapon("lamp")))
    b = acting(battle(ari, mon("rat", area=3, valor=3), options=Options(lit=(3,), break_choice=True)), MONSTERS)
    b, _ = play(b, Attack("rat", "ari"), 5, 5, 2, 6)
    assert b.pending is not None and b.pending.choice is not None and b.pending.choice.options == ("0", "1")
    b, _ = play(b, Choose("1"))
    assert b.get("ari").weapons[1].broken and not b.get("ari").weapons[0].broken and b.get("ari").hp == 2
