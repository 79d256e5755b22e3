"""The table state machine, one rule id at a time, with fixed dice (R-LB-01 … R-LB-12, R-LB-14)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from lb_helpers import RULES, edit_char, give_grants, kinds, run, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.cards import ActionCard, CardSet, sample_cards
from meikyu.systems.liberator.effects import parse_effects
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import (
    DYING,
    NORMAL,
    AbandonMission,
    Awards,
    ContinueMission,
    Declare,
    GenerateMission,
    GiveUp,
    GmGrant,
    PickCard,
    PickEffect,
    Resolve,
    Split,
    UseAbility,
    UseGrant,
)

ANN = ("ann", "warrior", ["mount"])
BOB = ("bob", "mage", ["might"])
CY = ("cy", "priest", ["old_document"])


def solo(*specs: str, **kw: object) -> object:
    return start(table(ANN, **kw), *specs)


# -- R-LB-06 / R-LB-08: the turn's phases and the split ------------------------------------------
def test_r_lb_06_turn_phases_in_order() -> None:
    """R-LB-06: before roll → roll → after roll → result → effects; steps out of order are refused."""
    s = solo("P3", "M1")
    assert s.turn is not None and s.turn.step == "declare"
    with pytest.raises(RuleError) as err:
        step(s, Resolve((1,)))
    assert err.value.rule == "R-LB-09"
    with pytest.raises(RuleError):
        step(s, Split(5))
    s, ev = step(s, Declare("swing"), [5, 3])
    assert s.turn.step == "split" and kinds(ev) == ["Declared", "Rolled"]
    with pytest.raises(RuleError):
        step(s, Declare("swing"), [1, 1])


def test_r_lb_08_split_chooses_power_die() -> None:
    """R-LB-08: one die is the power (read on the card), the other the effect face."""
    s = solo("P3", "M1")
    s, _ = step(s, Declare("swing"), [5, 3])
    high, _ = step(s, Split(5))
    low, _ = step(s, Split(3))
    assert RULES.pools(high) == [("P", 5)] and high.turn.effect_die == 3
    assert RULES.pools(low) == [("P", 2)] and low.turn.effect_die == 5
    with pytest.raises(RuleError) as err:
        step(s, Split(4))
    assert err.value.rule == "R-LB-08"


def test_r_lb_08_doubles_give_one_experience() -> None:
    """R-LB-08: doubles → +1 experience, and no split is asked."""
    s = solo("P3", "M1")
    s, ev = step(s, Declare("swing"), [4, 4])
    assert s.players[0].exp == 1 and s.turn.step == "after_roll" and RULES.pools(s) == [("P", 4)]
    assert "ExpGained" in kinds(ev)


# -- R-LB-09 / R-LB-10: choosing targets -----------------------------------------------------------
def test_r_lb_09_targets_must_fit_power_and_attribute() -> None:
    """R-LB-09: the chosen obstacles' targets sum to ≤ the power, of the power's attribute."""
    s = start(table(ANN, BOB), "P3", "P2", "M1")
    s, _ = run(s, (Declare("swing"), [4, 1]), Split(4))  # P power 4
    for bad in ((1, 2), (3,), (1, 1)):
        with pytest.raises(RuleError) as err:
            step(s, Resolve(bad))
        assert err.value.rule == "R-LB-09"
    with pytest.raises(RuleError):
        step(s, Resolve())  # "one or more": something fits
    legal = RULES.legal_actions(s)
    assert legal[0] == Resolve((1,))  # the biggest removal first


def test_r_lb_10_result_removes_obstacles_and_counts() -> None:
    """R-LB-10: chosen obstacles leave the table; several at once when the sum fits."""
    s = start(table(ANN, BOB), "P3", "P2", "M1")
    s, ev = run(s, (Declare("swing"), [5, 4]), Split(5), Resolve((1, 2)))
    assert [o.uid for o in s.mission.obstacles] == [3]
    assert kinds(ev).count("ObstacleRemoved") == 2 and s.players[0].removed == 2


def test_r_lb_09_choose_nothing_only_when_nothing_fits() -> None:
    """R-LB-09: with nothing within the power the only answer is to choose nothing."""
    s = solo("M5", "C3")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5))
    assert RULES.legal_actions(s)[0] == Resolve()
    s, _ = step(s, Resolve())
    assert len(s.mission.obstacles) == 2


def test_r_lb_09_same_name_once_per_turn() -> None:
    """R-LB-09: two grants of the exact same name cannot both apply in one turn."""
    s = give_grants(solo("P6", "M1"), 0, "P+1", "P+1")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), UseGrant("P+1"))
    assert RULES.turn_value(s) == 6
    with pytest.raises(RuleError) as err:
        step(s, UseGrant("P+1"))
    assert err.value.rule == "R-LB-09"
    assert UseGrant("P+1") not in RULES.legal_actions(s)


def test_r_lb_09_single_player_retargets_others_only_effects() -> None:
    """R-LB-09: alone, an effect valid only on others (他者威力+2, 即:他者回復) may target oneself."""
    s = start(table(("solo", "boss", ["mount"])), "P5", "M1")
    s, _ = run(s, (Declare("bit_of_courage"), [6, 3]), Split(6))
    s, ev = step(s, UseAbility(0, "boss_command"))
    assert RULES.turn_value(s) == 5 + 2 and "AbilityUsed" in kinds(ev)
    s = start(table(("solo", "priest", ["mount"])), "P5", "M1")
    s = edit_char(s, 0, hand=("vitality_magic", "zen_dialogue", "mount"), discard=("healing_words",))
    s, _ = run(s, (Declare("mount"), [5, 3]), Split(5))
    s, ev = step(s, UseAbility(0, "priest_prayer"))
    assert "healing_words" in s.players[0].character.hand and "ActionRecovered" in kinds(ev)


def test_r_lb_09_others_only_needs_another_player_in_a_group() -> None:
    """R-LB-09: with several players an others-only power bonus comes from someone else."""
    s = start(table(ANN, ("bo", "boss", ["might"])), "P5", "M1")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5))
    s2, _ = step(s, UseAbility(1, "boss_command"))
    assert RULES.turn_value(s2) == 7
    s = start(table(("bo", "boss", ["might"]), ANN), "P5", "M1")
    s, _ = run(s, (Declare("bit_of_courage"), [6, 3]), Split(6))
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "boss_command"))
    assert err.value.rule == "R-LB-09"


def test_r_lb_09_other_recover_asks_which_player() -> None:
    """R-LB-09: 即:他者回復 in a group goes to another player, chosen when there are several."""
    s = start(table(ANN, BOB, CY), "P5", "M1")
    s = edit_char(s, 1, hand=("revelation_magic", "illusion_magic", "might"), discard=("projection_magic",))
    s, _ = run(s, (Declare("sworn_brothers"), [6, 6]), Resolve())  # C power 3, face 6: 即:他者回復
    assert RULES.waiting_for(s) == "pick_player"
    from meikyu.systems.liberator.state import PickPlayer

    assert RULES.legal_actions(s)[:2] == [PickPlayer(1), PickPlayer(2)]
    s, ev = step(s, PickPlayer(1))
    assert "projection_magic" in s.players[1].character.hand


# -- R-LB-11: special effects -----------------------------------------------------------------------
def test_r_lb_11_face_one_discards_the_action() -> None:
    """R-LB-11: 即:捨 on the effect face puts the used action into the discard pile."""
    s = solo("P3", "M1")
    s, ev = run(s, (Declare("swing"), [4, 1]), Split(4), Resolve((1,)))
    assert "swing" in s.players[0].character.discard and "ActionDiscarded" in kinds(ev)


def test_r_lb_11_grant_is_gained() -> None:
    """R-LB-11: a 付: effect is gained by the player (here 付:P+1 on face 6)."""
    s = solo("P3", "M1")
    s, ev = run(s, (Declare("swing"), [5, 6]), Split(5), Resolve((1,)))
    assert [g.name for g in s.players[0].character.grants] == ["P+1"]


def test_r_lb_11_minus_one_with_no_such_card_does_nothing() -> None:
    """R-LB-11: 即:P-1 with no P action in hand: nothing happens."""
    probe = ActionCard(
        "probe",
        "試し",
        "C",
        2,
        (0, 0, 1, 1, 2, 2),
        tuple(parse_effects(t) for t in ("即:捨", "即:P-1", "", "", "", "付:C+1")),
    )
    rules = LiberatorRules(sample_cards().merged(CardSet(actions={"probe": probe})))
    s = new_table([("ann", "warrior", ["probe"])], rules.cards)
    s = edit_char(s, 0, hand=("probe", "battle_wisdom"), discard=("swing", "sworn_brothers"))
    from meikyu.dice import ScriptedDice
    from meikyu.systems.liberator.mission import Mission, Obstacle
    from meikyu.systems.liberator.state import StartMission

    s, _ = rules.step(
        s,
        StartMission(Mission("normal", (Obstacle(1, "scene", "C", 1), Obstacle(2, "lore", "M", 1)))),
        ScriptedDice([]),
    )
    s, _ = rules.step(s, Declare("probe"), ScriptedDice([5, 2]))
    s, _ = rules.step(s, Split(5), ScriptedDice([]))
    s, ev = rules.step(s, Resolve((1,)), ScriptedDice([]))
    assert "NothingHappens" in kinds(ev)
    assert s.players[0].character.hand == ("probe", "battle_wisdom")


def test_r_lb_11_discard_choice_is_a_prompt() -> None:
    """R-LB-11: 即:M-1 with two M actions in hand asks which one goes."""
    s = start(table(("ann", "warrior", ["old_document"])), "M2", "P1")
    s, _ = run(s, (Declare("battle_wisdom"), [5, 2]), Split(5), Resolve((1,)))
    assert RULES.legal_actions(s)[:2] == [PickCard("battle_wisdom"), PickCard("old_document")]
    s, ev = step(s, PickCard("old_document"))
    assert s.players[0].character.discard == ("old_document",)


def test_r_lb_11_cost_cannot_be_paid_without_the_card() -> None:
    """R-LB-11: an extra −1 card cost cannot be paid with no such card: the effect cannot be used. (Here
    with the house rule that the declared action cannot pay it; by default it can, test_round_three.)"""
    from dataclasses import replace as _replace

    from meikyu.systems.liberator.state import Options

    s = start(table(("sc", "scout", ["mount"]), options=Options(pay_with_declared=False)), "P5", "M1")
    empty = edit_char(s, 0, hand=("ambush",), discard=("sharp_eyes", "snake_path", "mount"))
    empty, _ = run(empty, (Declare("ambush"), [6, 4]), Split(6))
    with pytest.raises(RuleError) as err:
        step(empty, UseAbility(0, "scout_first_strike"))
    assert err.value.rule == "R-LB-ruling-cost"  # only the card in use fits: our ruling, not R-LB-11
    bare = edit_char(empty, 0, hand=())
    with pytest.raises(RuleError) as err:
        step(bare, UseAbility(0, "scout_first_strike"))
    assert err.value.rule == "R-LB-11"  # no such card at all
    allowed = _replace(empty, options=Options(pay_with_declared=True))
    allowed, _ = step(allowed, UseAbility(0, "scout_first_strike", pay="ambush"))
    assert "ambush" in allowed.players[0].character.discard
    paid, _ = run(
        s, (Declare("ambush"), [6, 4]), Split(6), UseAbility(0, "scout_first_strike", pay="sharp_eyes")
    )
    assert RULES.turn_value(paid) == 3 + 3 and "sharp_eyes" in paid.players[0].character.discard
    with pytest.raises(RuleError) as err:
        step(paid, UseAbility(0, "scout_first_strike", pay="mount"))  # once per scenario, and same name
    assert err.value.rule in ("R-LB-X", "R-LB-09")


# -- R-LB-07: declaring ---------------------------------------------------------------------------
def test_r_lb_07_no_pass() -> None:
    """R-LB-07: before the roll every answer is a declaration; passing is not among them."""
    s = solo("P3", "M1")
    legal = [a for a in RULES.legal_actions(s) if type(a).__name__ not in ("LevelUp", "SwapJob")]
    assert legal and all(isinstance(a, Declare) for a in legal) and Declare(NORMAL) in legal


def test_r_lb_07_empty_hand_means_dying_revival() -> None:
    """R-LB-07: with no action in hand the turn is a dying revival (and only then)."""
    s = solo("P3", "M1")
    with pytest.raises(RuleError) as err:
        step(s, Declare(DYING), [3, 4])
    assert err.value.rule == "R-LB-07"
    s = edit_char(s, 0, hand=(), discard=("swing", "battle_wisdom", "sworn_brothers", "mount"))
    assert [a for a in RULES.legal_actions(s)] == [Declare(DYING)]
    with pytest.raises(RuleError):
        step(s, Declare(NORMAL), [3, 4])
    s4, ev = step(s, Declare(DYING), [3, 4])  # one die: recovery 4 (R-LB-08)
    assert RULES.turn_value(s4) == 4
    s4, _ = step(s4, Resolve(recover=("mount",)))
    assert s4.players[0].character.hand == ("mount",)


def test_r_lb_07_dying_min_one_house_rule_brings_one_back() -> None:
    """R-LB-07, the house rule ``dying_min_one`` (off by default, test_round_three): a dying revival with
    nothing in reach still brings back the cheapest action."""
    from meikyu.systems.liberator.state import Options

    s = solo("P3", "M1", options=Options(dying_min_one=True))
    s = edit_char(s, 0, hand=(), discard=("swing", "battle_wisdom", "sworn_brothers", "mount"))
    s, _ = step(s, Declare(DYING), [1, 1])
    assert s.players[0].exp == 1
    with pytest.raises(RuleError):
        step(s, Resolve(recover=("swing",)))
    with pytest.raises(RuleError):
        step(s, Resolve())
    s, _ = step(s, Resolve(recover=("mount",)))
    assert s.players[0].character.hand == ("mount",)


def test_r_lb_07_recovery_target_above_eight_cannot_be_declared() -> None:
    """R-LB-07: an action's recovery target may be at most 8."""
    giant = ActionCard(
        "giant",
        "巨人",
        "P",
        9,
        (0, 1, 2, 3, 4, 5),
        tuple(parse_effects(t) for t in ("即:捨", "即:捨", "", "", "", "")),
    )
    rules = LiberatorRules(sample_cards().merged(CardSet(actions={"giant": giant})))
    s = new_table([("ann", "warrior", ["giant"])], rules.cards)
    from meikyu.dice import ScriptedDice
    from meikyu.systems.liberator.mission import Mission, Obstacle
    from meikyu.systems.liberator.state import StartMission

    s, _ = rules.step(
        s,
        StartMission(Mission("normal", (Obstacle(1, "combat", "P", 1), Obstacle(2, "lore", "M", 1)))),
        ScriptedDice([]),
    )
    assert Declare("giant") not in rules.legal_actions(s)
    with pytest.raises(RuleError) as err:
        rules.step(s, Declare("giant"), ScriptedDice([3, 4]))
    assert err.value.rule == "R-LB-07"


def test_normal_recovery_uses_one_die() -> None:
    """R-LB-09 with a normal recovery (our choice: one die is the recovery, the other ignored)."""
    s = edit_char(solo("P3", "M1"), 0, hand=("mount",), discard=("swing", "battle_wisdom", "sworn_brothers"))
    s, _ = run(s, (Declare(NORMAL), [6, 2]), Split(6))
    assert RULES.legal_actions(s)[0] == Resolve(recover=("battle_wisdom", "sworn_brothers"))
    with pytest.raises(RuleError):
        step(s, Resolve(recover=("swing", "battle_wisdom")))
    with pytest.raises(RuleError):
        step(s, Resolve((1,)))
    s, _ = step(s, Resolve(recover=("swing",)))
    assert "swing" in s.players[0].character.hand


# -- R-LB-03 / R-LB-04 / R-LB-05: rounds, setup, cleanup --------------------------------------------
def test_r_lb_03_clear_forfeits_remaining_turns_and_r_lb_04_next_starts_after_clearer() -> None:
    """R-LB-03: clearing forfeits the round's other turns; R-LB-04: the next mission starts after the clearer."""
    s = start(table(ANN, BOB, CY), "P1", "M1")
    assert s.turn.player == 0  # the very first turn: the GM's left
    s, ev = run(s, (Declare("swing"), [5, 4]), Split(5), Resolve((1,)))
    assert s.turn.player == 1  # clockwise
    s, ev = run(s, (Declare("revelation_magic"), [5, 4]), Split(5), Resolve((2,)))
    cleared = next(e for e in ev if type(e).__name__ == "MissionCleared")
    assert cleared.forfeited == 1 and cleared.player == "bob"
    assert s.check is not None and s.check.kind == "advantage"  # R-LB-05
    for seat, card in ((0, "battle_wisdom"), (1, "projection_magic"), (2, "zen_dialogue")):
        assert s.check.player == seat
        s, _ = run(s, (Declare(card), [4, 5]), PickEffect(4))
    assert s.phase == "setup" and s.mission is None
    s = start(s, "P1", "C1")
    assert s.turn.player == 2 and s.round == 2


def test_r_lb_04_continue_abandon_or_give_up() -> None:
    """R-LB-04: with obstacles left the mission continues, or is abandoned, or the scenario given up."""
    s = solo("M5", "C3")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve())
    assert s.check is not None and s.check.kind == "disadvantage"  # R-LB-05: not cleared
    s, _ = run(s, (Declare("mount"), [4, 3]), PickEffect(3))
    assert s.phase == "setup" and s.mission is not None
    assert RULES.legal_actions(s)[:3] == [ContinueMission(), AbandonMission(), GiveUp()]
    cont, _ = step(s, ContinueMission())
    assert cont.round == 2 and cont.turn.player == 0 and len(cont.mission.obstacles) == 2
    ab, ev = step(s, AbandonMission())
    assert ab.mission is None and ab.log[-1] == "normal:abandoned"
    assert isinstance(RULES.legal_actions(ab)[0], GenerateMission)
    gen, _ = step(ab, RULES.legal_actions(ab)[0])
    assert gen.mission is not None and gen.phase == "turn"


def test_r_lb_05_disadvantage_die_is_chosen_by_the_gm() -> None:
    """R-LB-05 / R-LB-12: a disadvantage's effect die is picked by the GM (worse first for policies)."""
    s = solo("M5", "C3")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve(), (Declare("mount"), [6, 1]))
    assert RULES.legal_actions(s)[:2] == [PickEffect(1), PickEffect(6)]
    s, ev = step(s, PickEffect(1))
    assert "mount" in s.players[0].character.discard


def test_r_lb_05_final_mission_forces_normal_recovery_not_advantage() -> None:
    """R-LB-05: clearing the final mission gives no advantage; a normal recovery is forced instead."""
    s = start(table(ANN), "P1", "P2", kind="final")
    s = edit_char(s, 0, discard=("mount",), hand=("swing", "battle_wisdom", "sworn_brothers"))
    s, _ = run(s, (Declare("swing"), [5, 4]), Split(5), Resolve((1, 2)))
    assert s.check is not None and s.check.kind == "recovery"
    assert RULES.legal_actions(s)[0] == Declare(NORMAL)
    with pytest.raises(RuleError):
        step(s, Declare("swing"), [1, 2])
    s, ev = run(s, (Declare(NORMAL), [3, 5]), Split(3), Resolve(recover=("mount",)))
    assert s.phase == "awards" and s.result == "cleared"
    assert "mount" in s.players[0].character.hand


# -- R-LB-12: advantage, disadvantage, the GM ----------------------------------------------------------
def test_r_lb_12_gm_advantage_is_rolled_at_once_without_a_turn() -> None:
    """R-LB-12: an advantage is used at once: 2D6, one die for the effect only; the turn resumes."""
    s = solo("P3", "M1")
    s, ev = step(s, GmGrant(0, "advantage"))
    assert s.check is not None and s.turn.step == "declare"
    s, ev = run(s, (Declare("battle_wisdom"), [6, 2]), PickEffect(6))
    assert [g.name for g in s.players[0].character.grants] == ["P+1"]
    assert s.check is None and s.turn.step == "declare" and s.turns_taken == 0
    s, ev = run(s, GmGrant(0, "advantage"), (Declare("mount"), [5, 5]))
    assert s.players[0].exp == 1 and s.check is None  # doubles: +1, effect face 5 applied at once


def test_r_lb_12_disadvantage_needs_a_warning_first() -> None:
    """R-LB-12: the GM warns at least once before giving a disadvantage; advantage only to the turn's player."""
    s = start(table(ANN, BOB), "P3", "M1")
    with pytest.raises(RuleError) as err:
        step(s, GmGrant(1, "disadvantage"))
    assert err.value.rule == "R-LB-12"
    with pytest.raises(RuleError):
        step(s, GmGrant(1, "advantage"))
    s, ev = step(s, GmGrant(1, "warning"))
    assert "GmWarned" in kinds(ev)
    s, _ = step(s, GmGrant(1, "disadvantage"))
    assert s.check.player == 1 and s.check.kind == "disadvantage"


# -- R-LB-14: attribute changes and follow-ups -------------------------------------------------------
def test_r_lb_14_changed_attribute_takes_the_new_attributes_grants() -> None:
    """R-LB-14: a P action turned M uses "M+1", not "P+1"."""
    s = give_grants(start(table(BOB), "M5", "C1"), 0, "P+1", "M+1")
    s, _ = run(s, (Declare("projection_magic"), [6, 3]), Split(6), UseAbility(0, "mage_transmute"))
    assert s.turn.attribute == "M" and RULES.pools(s) == [("M", 4)]
    with pytest.raises(RuleError) as err:
        step(s, UseGrant("P+1"))
    assert err.value.rule == "R-LB-14"
    s, _ = step(s, UseGrant("M+1"))
    s, _ = step(s, Resolve((1,)))
    assert [o.uid for o in s.mission.obstacles] == [2]


def test_r_lb_14_follow_up_takes_only_the_original_attributes_grant() -> None:
    """R-LB-14: P power 3 with a C follow-up: "P+1" raises both to 4; "C+1" cannot be used."""
    s = give_grants(start(table(("tr", "troupe", ["mount"])), "P4", "C4"), 0, "P+1", "C+1")
    s, _ = run(s, (Declare("applause_strike"), [4, 6]), Split(4))
    assert RULES.pools(s) == [("P", 3), ("C", 3)]
    with pytest.raises(RuleError) as err:
        step(s, UseGrant("C+1"))
    assert err.value.rule == "R-LB-14"
    s, _ = step(s, UseGrant("P+1"))
    assert RULES.pools(s) == [("P", 4), ("C", 4)]
    s, _ = step(s, Resolve((1, 2)))
    assert s.mission is None or not s.mission.obstacles


def test_r_lb_14_obstacle_attribute_change() -> None:
    """R-LB-14: an obstacle changed to M can be removed by M power."""
    s = start(table(("ar", "artisan", ["mount"])), "C2", "P1")
    s, _ = run(s, (Declare("structure_analysis"), [4, 3]), Split(4))
    with pytest.raises(RuleError):
        step(s, Resolve((1,)))
    s, _ = run(s, UseAbility(0, "artisan_redesign", obstacle=1), Resolve((1,)))
    assert [o.uid for o in s.mission.obstacles] == [2]


def test_r_lb_09_an_attribute_change_that_changes_nothing_is_refused_and_not_offered() -> None:
    """R-LB-09: turning an M action M (or an M obstacle M) would spend a once-a-scenario use for nothing."""
    s = start(table(BOB), "M5", "C1")
    s, _ = run(s, (Declare("revelation_magic"), [6, 3]), Split(6))
    assert s.turn.attribute == "M"
    assert UseAbility(0, "mage_transmute") not in RULES.legal_actions(s)
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "mage_transmute"))
    assert err.value.rule == "R-LB-09" and "already has attribute M" in err.value.message("en")
    s = start(table(("ar", "artisan", ["mount"])), "M2", "P1")
    s, _ = run(s, (Declare("structure_analysis"), [4, 3]), Split(4))
    offered = [a for a in RULES.legal_actions(s) if isinstance(a, UseAbility)]
    assert [a.obstacle for a in offered] == [2]  # obstacle 1 is M already; obstacle 2 (P) may become M
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "artisan_redesign", obstacle=1))
    assert "changes_nothing" in err.value.key


# -- R-LB-01 / R-LB-02: scenario end and experience ----------------------------------------------------
def test_r_lb_01_giving_up_ends_the_scenario_with_four_experience() -> None:
    """R-LB-01: every player giving up ends the scenario; R-LB-02: the final not cleared gives 4."""
    s = solo("M5", "C3")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve(), (Declare("mount"), [4, 3]), PickEffect(3))
    s, ev = step(s, GiveUp())
    assert s.phase == "awards" and s.result == "failed"
    assert s.players[0].exp == 4 and s.gm_exp == 4


def test_r_lb_02_awards_ties_and_gm_share() -> None:
    """R-LB-02: top vote getter 2 (1 each on a tie), support among the others, GM gets the player count."""
    s = step(table(ANN, BOB, CY), GiveUp())[0]
    base = [p.exp for p in s.players]
    with pytest.raises(RuleError) as err:
        step(s, Awards(lead=(0, 0, 1, 0), support=(0, 1, 2, 2)))
    assert err.value.rule == "R-LB-02"
    with pytest.raises(RuleError):
        step(s, Awards(lead=(0, 0, 0, 0, 1)))  # 3 players + GM = 4 voters
    done, ev = step(s, Awards(lead=(0, 0, 1, 0), support=(1, 2, 1, 2)))
    assert [p.exp - b for p, b in zip(done.players, base, strict=True)] == [2, 1, 1]
    assert done.gm_exp == s.gm_exp + 3 and done.phase == "over"
    assert RULES.legal_actions(done) == []
    # Each award is said once (it used to be said twice: "gains 2 experience", then "receives the award").
    told = [e.render("en") for e in ev]
    assert kinds(ev).count("AwardGiven") == 3 and kinds(ev).count("ExpGained") == 1, told  # the GM's share
    assert sum("ann" in line.lower() for line in told) == 1, told


def test_r_lb_02_without_dedicated_gm_the_next_player_acts() -> None:
    """R-LB-02: with no dedicated GM the player after the turn-holder acts as GM; no GM experience."""
    s = start(table(ANN, BOB, dedicated_gm=False), "P3", "M1")
    assert s.acting_gm == "bob"
    s = step(s, GiveUp())[0] if s.phase == "setup" else s
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve((1,)))
    assert s.acting_gm == "ann"
    s = replace(s, phase="setup", turn=None)
    s, _ = run(s, GiveUp(), Awards())
    assert s.gm_exp == 0


def test_r_lb_02_turning_point_gives_two_to_all_and_gm() -> None:
    """R-LB-02 / R-LB-05: a cleared turning-point mission gives 2 to every player and the GM."""
    s = start(table(ANN, BOB), "P1", "M1", kind="turning")
    s, ev = run(
        s,
        (Declare("swing"), [5, 4]),
        Split(5),
        Resolve((1,)),
        (Declare("revelation_magic"), [5, 4]),
        Split(5),
        Resolve((2,)),
    )
    assert [p.exp for p in s.players] == [2, 2] and s.gm_exp == 2


def test_r_lb_enhancement_bonus_goes_to_the_remover() -> None:
    """R-LB-10: removing an enhanced obstacle gives its bonus to whoever removed it."""
    s = start(table(ANN, BOB), "P1+treasure", "M1")
    s, ev = run(s, (Declare("swing"), [5, 4]), Split(5), Resolve((1,)))
    assert s.players[0].exp == 1 and s.players[1].exp == 0


def test_r_lb_11_grant_durations_expire_at_round_and_mission_end() -> None:
    """R-LB-11 (our choice of grant kinds): "/R" grants end at cleanup, "/M" ones with the mission."""
    s = give_grants(solo("M5", "C3"), 0, "M+1/R", "C+1/M", "P+1")
    s, ev = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve())
    assert [g.name for g in s.players[0].character.grants] == ["C+1/M", "P+1"]
    s, _ = run(s, (Declare("mount"), [4, 3]), PickEffect(3), AbandonMission())
    assert [g.name for g in s.players[0].character.grants] == ["P+1"]
