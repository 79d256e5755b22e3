"""Abilities and grants outside the turn's own roll: the forced normal recovery after the final
mission (R-LB-05), advantage / disadvantage rolls (R-LB-12), and other players' "others only"
abilities during someone else's turn (R-LB-09)."""

from __future__ import annotations

import pytest
from lb_helpers import RULES, edit_char, give_grants, run, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.state import (
    NORMAL,
    Declare,
    GmGrant,
    PickEffect,
    Resolve,
    Split,
    UseAbility,
    UseGrant,
)

MERCHANT = ("mia", "merchant", ["mount"])


def _forced_recovery() -> object:
    s = start(table(MERCHANT), "P1", "P1", kind="final")
    s = edit_char(s, 0, hand=("servant", "knowledge_power", "mount"), discard=("big_deal",))
    s, _ = run(s, (Declare("servant"), [5, 4]), Split(5), Resolve((1, 2)))
    assert s.check is not None and s.check.kind == "recovery"
    s, _ = run(s, (Declare(NORMAL), [3, 5]), Split(3))
    assert s.check.step == "after_roll"
    return s


def test_r_lb_05_forced_recovery_takes_recovery_abilities() -> None:
    """R-LB-05 / R-LB-09: the forced normal recovery is a recovery, so 回復力+3 raises it (3 → 6)."""
    s = _forced_recovery()
    with pytest.raises(RuleError):
        step(s, Resolve(recover=("big_deal",)))  # 6 > 3
    assert UseAbility(0, "merchant_abacus") in RULES.legal_actions(s)
    s, _ = step(s, UseAbility(0, "merchant_abacus"))
    assert s.check.bonus == 3 and s.players[0].character.job_effect_used
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(0, "merchant_abacus"))
    assert err.value.rule in ("R-LB-X", "R-LB-09")
    s, _ = step(s, Resolve(recover=("big_deal",)))
    assert "big_deal" in s.players[0].character.hand and s.phase == "awards"


def test_r_lb_05_forced_recovery_takes_recovery_grants_once_per_name() -> None:
    """R-LB-05 / R-LB-09: a held 付:回復+1 can be spent on the forced recovery; the same name only once."""
    s = give_grants(_forced_recovery(), 0, "回復+1", "回復+1", "P+1")
    options = RULES.legal_actions(s)
    assert UseGrant("回復+1") in options and UseGrant("P+1") not in options
    s, _ = step(s, UseGrant("回復+1"))
    assert s.check.bonus == 1
    with pytest.raises(RuleError) as err:
        step(s, UseGrant("回復+1"))
    assert err.value.rule == "R-LB-09"
    with pytest.raises(RuleError):
        step(s, UseGrant("P+1"))  # a power grant on a recovery


def test_r_lb_12_advantage_allows_abilities_that_need_no_power() -> None:
    """R-LB-12: an advantage roll has no power and no recovery: power grants and power feats are
    refused, an obstacle ability (即:障害-1) may be used before the effect die is picked."""
    s = start(table(("hana", "hunter", ["might"])), "P3", "M4")
    s = give_grants(s, 0, "P+1")
    s, _ = run(s, GmGrant(0, "advantage"), (Declare("snare"), [2, 5]))
    assert s.check is not None and s.check.step == "pick"
    options = RULES.legal_actions(s)
    assert UseAbility(0, "hunter_instinct", "", 2) in options and UseAbility(0, "might") not in options
    for action in (UseGrant("P+1"), UseAbility(0, "might")):
        with pytest.raises(RuleError) as err:
            step(s, action)
        assert err.value.rule == "R-LB-12"
    s, _ = step(s, UseAbility(0, "hunter_instinct", "", 2))
    assert [o.target for o in s.mission.obstacles] == [3, 3]
    s, _ = step(s, PickEffect(5))
    assert s.check is None and s.turn.step == "declare"


def test_r_lb_09_another_player_uses_an_others_only_recovery_during_my_turn() -> None:
    """R-LB-09: the priest's 即:他者回復 is used by the priest during the warrior's turn; abilities
    that are not "others only" stay with the turn's player."""
    s = start(table(("ann", "warrior", ["mount"]), ("bob", "priest", ["might"])), "P3", "M4")
    s = edit_char(s, 0, hand=("swing", "battle_wisdom", "sworn_brothers"), discard=("mount",))
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5))
    options = RULES.legal_actions(s)
    assert UseAbility(1, "priest_prayer") in options and UseAbility(1, "might") not in options
    with pytest.raises(RuleError) as err:
        step(s, UseAbility(1, "might"))
    assert err.value.rule == "R-LB-09"
    s, _ = step(s, UseAbility(1, "priest_prayer"))
    assert "mount" in s.players[0].character.hand and s.players[1].character.job_effect_used
    s, _ = step(s, Resolve((1,)))
    assert [o.uid for o in s.mission.obstacles] == [2]
