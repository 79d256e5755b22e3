"""Round-2 fidelity review: rules where the first implementation and the seed / reference differed.

Each test names the rule it checks; the ones marked "was wrong" failed before the fix.
"""

from __future__ import annotations

import pytest
from lb_helpers import RULES, run, start, step, table

from meikyu.errors import RuleError
from meikyu.systems.liberator.cards import sample_cards
from meikyu.systems.liberator.state import (
    AbandonMission,
    ContinueMission,
    Declare,
    GiveUp,
    GmGrant,
    PickEffect,
    Resolve,
    Split,
)

ANN = ("ann", "warrior", ["mount"])
BOB = ("bob", "mage", ["might"])


def test_r_lb_04_final_stays_house_rule_keeps_the_final() -> None:
    """R-LB-04 lets the players abandon any mission with obstacles left (test_round_three); the house rule
    ``final_stays`` (off by default) keeps the final: setup offers only continue or give up."""
    from meikyu.systems.liberator.state import Options

    s = start(table(ANN, options=Options(final_stays=True)), "M5", "C3", kind="final")
    s, _ = run(s, (Declare("swing"), [5, 3]), Split(5), Resolve(), (Declare("mount"), [4, 3]), PickEffect(3))
    assert s.phase == "setup" and s.mission is not None and s.mission.type == "final"
    assert AbandonMission() not in RULES.legal_actions(s)
    assert RULES.legal_actions(s)[:2] == [ContinueMission(), GiveUp()]
    with pytest.raises(RuleError) as err:
        step(s, AbandonMission())
    assert err.value.rule == "R-LB-04"
    over, _ = step(s, GiveUp())
    assert over.phase == "awards" and over.result == "failed"


def test_r_lb_12_each_disadvantage_needs_its_own_warning() -> None:
    """R-LB-12 "warn at least once before giving a disadvantage" (was wrong: one warning allowed any
    number of later disadvantages). A warning is used up by the disadvantage that follows it."""
    s = start(table(ANN, BOB), "P3", "M1")
    s, _ = step(s, GmGrant(1, "warning"))
    s, _ = run(s, GmGrant(1, "disadvantage"), (Declare("projection_magic"), [3, 4]), PickEffect(3))
    assert s.check is None and not s.players[1].warned
    with pytest.raises(RuleError) as err:
        step(s, GmGrant(1, "disadvantage"))
    assert err.value.rule == "R-LB-12"
    s, _ = step(s, GmGrant(1, "warning"))
    s, _ = step(s, GmGrant(1, "disadvantage"))
    assert s.check is not None and s.check.kind == "disadvantage"


JOBS = {  # reference: recommended actions (P / M / C) and their recovery targets
    "戦士": [("振り回し", 6), ("戦場の知恵", 3), ("盃兄弟", 3)],
    "狩人": [("仕掛け罠", 5), ("習性把握", 4), ("身振り手振り", 2)],
    "一座": [("喝采の一撃", 5), ("風のうわさ", 2), ("魅惑の笑み", 4)],
    "術師": [("投射魔術", 4), ("啓示魔術", 5), ("幻影魔術", 2)],
    "巧匠": [("弱点看破", 3), ("構造解析", 6), ("率直な提案", 3)],
    "神職": [("賦活魔術", 2), ("癒しの言葉", 5), ("禅問答", 4)],
    "顔役": [("わずかの勇気", 4), ("言い伝え", 2), ("はげます言葉", 5)],
    "斥候": [("不意打ち", 2), ("鋭い眼光", 4), ("蛇の道は蛇", 5)],
    "旅商": [("使用人", 3), ("知は力なり", 3), ("大取引", 6)],
    "異人": [("神秘の力", 4), ("異質な知識", 4), ("発想の転換", 4)],
}
COMMON = [
    ("騎獣", "P", 3),
    ("古文書", "M", 3),
    ("記章", "C", 3),
    ("魔剣", "P", 7),
    ("輝晶石", "M", 7),
    ("親衛隊", "C", 7),
]


def test_creation_facts_jobs_and_recommended_actions_match_the_reference() -> None:
    """Creation facts (other chapters): 10 jobs, each with its P / M / C recommended actions at the
    printed recovery targets, and the six common actions."""
    cards = sample_cards()
    got = {
        j.name: [(cards.actions[a].name, cards.actions[a].recovery) for a in j.actions]
        for j in cards.jobs.values()
    }
    assert got == JOBS
    for job in cards.jobs.values():
        assert [cards.actions[a].attribute for a in job.actions] == ["P", "M", "C"]
    common = [(a.name, a.attribute, a.recovery) for a in cards.actions.values() if not a.job]
    assert sorted(common) == sorted(COMMON)
