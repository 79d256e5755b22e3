"""A whole game of the sample kingdom on the sample labyrinth, with fixed dice, into the next game.

Preparation → kingdom phase (round table, an action cycle, a called check, departure) → labyrinth (a
trap with its search and avoid checks, two battles, an event, meals) → end phase → the next game.
Every value a battle writes back is checked against the battle's last state (R-MK-21 … R-MK-44 seam),
and a save made halfway and resumed reaches the same end.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import meikyu.systems.meikyu_kingdom  # noqa: F401
from meikyu.dice import ScriptedDice
from meikyu.engine import Action, Game
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.combat.model import COURT, Battle
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
from meikyu.systems.meikyu_kingdom.kingdom import cycle as cy
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
from meikyu.systems.meikyu_kingdom.session import (
    Advance,
    CallCheck,
    NextSession,
    RollKingdomChange,
    SessionRules,
    SessionState,
    SettleIncome,
    new_session,
)
from meikyu.systems.meikyu_kingdom.sheets.sheet import sample


class Loop:
    """Fixed dice for the battles: the same ten values over and over (any sides)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values, self.i = list(values), 0

    def roll(self, sides: int) -> int:
        value = self.values[self.i % len(self.values)]
        self.i += 1
        return (value - 1) % sides + 1


BATTLE_DICE = (6, 5, 4, 3, 5, 4, 2, 6, 3, 1)


def S(*values: int) -> ScriptedDice:
    return ScriptedDice(list(values))


def fight(g: Game[SessionState], dice: Loop) -> tuple[Battle, SessionState]:
    """Play the battle under way with the tactical policy; the battle's last state and the state before
    it was folded back."""
    policy = TacticalPolicy()
    last = g.state.battle
    before = g.state
    while g.state.battle is not None:
        last, before = g.state.battle, g.state
        g.play(policy.choose(last, g.legal_actions()), dice)
    assert last is not None
    return last, before


def assert_written_back(battle: Battle, state: SessionState) -> None:
    """Every court piece's HP, drive, minions, statuses and condition is on the sheet; voice agrees."""
    for piece in battle.combatants:
        if piece.side != COURT:
            continue
        char = state.character(piece.id)
        assert (char.hp, char.drive, char.minions, char.statuses) == (
            piece.hp, piece.drive, piece.minions, piece.statuses
        ), piece.id
        assert state.conditions.get(piece.id, "ok") == piece.condition
        assert state.deadlines.get(piece.id, "") == piece.deadline
    assert state.kingdom.voice == battle.voice


def kingdom_phase(g: Game[SessionState]) -> None:
    g.play(Advance())
    g.play(Advance())
    assert (g.state.phase, g.state.step) == ("kingdom", "round_table")
    g.play(rt.AssignMinions("doyun", 6))
    g.play(rt.AssignMinions("mir", 4))
    g.play(rt.EndOrganization())
    g.play(rt.RequestItem("seoa", "도시락", 1))
    g.play(rt.Approve())
    g.play(rt.EndBudget())
    g.play(Advance())
    # R-MK-07/08: the action cycle of the kingdom phase; a planned action, then the GM calls its check.
    g.play(cy.Act("haneul", "planned", "speech"))
    g.play(cy.Resolve())
    assert g.state.actions is not None and g.state.actions.acted == frozenset({"haneul"})
    g.play(CallCheck("haneul", "charm", 9))
    assert g.state.prompt is not None and g.state.prompt.kind == "declare_check"
    g.play(cc.DeclareHope(()), S(4, 5))  # 4+5+3 = 12: success
    assert g.state.called is None
    g.play(Advance())
    g.play(Advance())
    assert g.state.phase == "labyrinth" and g.state.expedition is not None
    assert g.state.expedition.departed == {"haneul": 0, "doyun": 6, "seoa": 0, "mir": 4}


def first_half(g: Game[SessionState]) -> None:
    """Kingdom phase, the trap and the first battle."""
    kingdom_phase(g)
    g.play(ex.SetFormation("seoa", 1))
    g.play(ex.SetFormation("mir", 1))
    g.play(ex.EnterLabyrinth())
    g.play(ex.SkipSearch())  # every new room offers a search first, trap or not (ruling)
    g.play(ex.MoveTo("hall"))
    assert g.state.expedition is not None and g.state.expedition.stage == "trap_search"
    # R-MK-36: the search is wit or search vs [court size + 7] = 11; mir rolls 2+3+3 = 8, may add minions.
    g.play(ex.SearchTrap("mir", "search"))
    g.play(cc.DeclareHope(()), S(2, 3))
    assert g.state.prompt is not None and g.state.prompt.kind == "minion_help"  # R-MK-19: mir's choice
    g.play(ck.FinishCheck())
    # Missed: the trap springs; each land maker rolls search vs 8 to avoid 1D6 damage.
    g.play(cc.DeclareHope(()), S(3, 3, 4))  # haneul 3+3+1 = 7: hit for 4
    g.play(cc.DeclareHope(()), S(5, 4))  # doyun 5+4+1 = 10: safe (no minion help after a success, session 9)
    g.play(cc.DeclareHope(()), S(1, 1, 2))  # seoa fumbles: voice 6 → 5 (R-MK-11), hit for 2
    g.play(cc.DeclareHope(()), S(2, 1))  # mir 2+1+3 + Hawk Eye 1 = 7 …
    g.play(ck.MinionHelp(), S(3))  # … + 1 for 3 minions = 8: safe (R-MK-19), and so the check is over
    s = g.state
    assert [c.hp for c in s.court] == [4, 12, 5, 9]
    assert [c.minions for c in s.court] == [0, 6, 0, 1]
    assert s.kingdom.voice == 5 and s.disasters == 0
    assert s.expedition is not None and s.expedition.quarters == 1 and s.expedition.explored == ("gate", "hall")
    g.play(ex.MoveTo("pantry"))
    g.play(ex.SearchTrap("doyun", "wit"))
    g.play(cc.DeclareHope(()), S(3, 2))  # 5 + wit 1: nothing found (there is no trap here)
    g.play(ck.FinishCheck())
    assert g.state.battle is not None  # R-MK-22 (a): monster count unknown, so an ambush check comes first
    assert [(c.id, c.area) for c in g.state.battle.combatants if c.side == COURT] == [
        ("haneul", 2), ("doyun", 2), ("seoa", 1), ("mir", 1)
    ]


def test_whole_game_into_the_next() -> None:
    """R-MK-01, R-MK-02: one game from preparation to the end phase and into the next; battle outcomes
    written back (HP, drive, minions, statuses, conditions, deadlines, voice R-MK-20, treasure R-MK-43)."""
    g = Game(SessionRules(), new_session(sample(), sample_labyrinth()), ScriptedDice([]))
    first_half(g)
    dice = Loop(BATTLE_DICE)
    battle, _ = fight(g, dice)
    assert battle.winner == COURT
    s = g.state
    assert_written_back(battle, s)
    # R-MK-43: a treasure of materials waits for the court's choice among the monster's list.
    assert s.expedition is not None and s.expedition.stage == "loot"
    assert g.legal_actions() == [ex.TakeMaterial("fang"), ex.TakeMaterial("meat")]
    count = s.expedition.loot[0].count
    g.play(ex.TakeMaterial("fang"))
    s = g.state
    assert s.expedition is not None and s.expedition.haul_materials == {"fang": count}
    assert "pantry" in s.expedition.cleared and s.expedition.quarters == 2
    g.play(ex.MoveTo("hall"))  # explored already: nothing happens but time (quarter 3)
    g.play(ex.MoveTo("shrine"))
    g.play(ex.SkipSearch())
    hp_before = [c.hp for c in g.state.court]
    drive_before = [c.drive for c in g.state.court]
    g.play(ex.ChooseRoller("haneul"))
    g.play(cc.DeclareHope(()), S(4, 2))  # charm 3: 9 vs 9, success: drive +1 each, 1 mana
    s = g.state
    assert s.expedition is not None
    assert [c.drive for c in s.court] == [min(c.capacity, d + 1) for c, d in zip(s.court, drive_before, strict=True)]
    assert s.expedition.haul_materials == {"fang": count, "mana": 1}
    # Quarter 4 ends a turn: meals (ruling: 4 quarters a turn; hunger reduces HP by 1, R-MK-32).
    assert s.expedition.stage == "meal" and s.labyrinth_turns == 1
    g.play(ex.GoHungry("haneul"))
    g.play(ex.GoHungry("doyun"))
    g.play(ex.Eat("seoa", "boxed_lunch"))  # her own lunch from the round table
    g.play(ex.GoHungry("mir"))
    s = g.state
    assert [c.hp for c in s.court] == [hp_before[0] - 1, hp_before[1] - 1, hp_before[2], hp_before[3] - 1]
    assert all(i is None or i.name != "도시락" for i in s.character("seoa").items)
    g.play(ex.MoveTo("hall"))
    g.play(ex.MoveTo("den"))
    g.play(ex.SkipSearch())
    battle, before = fight(g, dice)
    assert battle.winner == COURT
    assert [loot.options for loot in g.state.expedition.loot] == [("wood", "iron"), ("iron",)]  # type: ignore[union-attr]
    g.play(ex.TakeMaterial("wood"))
    g.play(ex.TakeMaterial("iron"))
    s = g.state
    # The den was the last room: every room explored ends the phase (R-MK-01); going home cures every
    # bad status (R-MK-44) and stores the haul in the kingdom.
    assert s.labyrinth_end == "explored" and s.goal_met
    for piece in battle.combatants:
        if piece.side == COURT:
            char = s.character(piece.id)
            assert (char.hp, char.drive, char.minions) == (piece.hp, piece.drive, piece.minions)
            assert char.statuses == frozenset()
    assert s.kingdom.voice == battle.voice
    haul = s.expedition.haul_materials if s.expedition else {}
    for name, n in haul.items():
        assert s.kingdom.materials.get(name, 0) == sample().kingdom.materials.get(name, 0) + n
    # End phase: minions come home, and up to [military 2] of those lost return too (ruling, R-MK-45).
    departed = {"haneul": 0, "doyun": 6, "seoa": 0, "mir": 4}
    back = sum(c.minions + min(departed[c.id] - c.minions, 2) for c in s.court)
    citizens = s.kingdom.citizens
    g.play(Advance())
    assert g.state.kingdom.citizens == citizens + back
    assert all(c.minions == 0 for c in g.state.court)
    budget = g.state.kingdom.budget
    g.play(SettleIncome(3))
    assert g.state.kingdom.budget == budget + 3 - 2
    g.play(Advance())
    g.play(RollKingdomChange(), S(6, 5))  # KCT 11: budget + 1 MG per labyrinth turn (1)
    assert g.state.kingdom.budget == budget + 3 - 2 + 1
    g.play(Advance())
    g.play(Advance())
    assert [c.level for c in g.state.court] == [2, 2, 2, 2]  # the goal was met: level up
    end = g.state
    g.play(NextSession())
    nxt = g.state
    assert (nxt.number, nxt.phase, nxt.kingdom) == (2, "preparation", end.kingdom)
    assert [c.hp for c in nxt.court] == [c.max_hp for c in nxt.court]
    assert [c.level for c in nxt.court] == [2, 2, 2, 2] and nxt.labyrinth == end.labyrinth
    g.play(Advance())
    g.play(Advance())
    table = g.state.round_table
    assert table is not None and table.kingdom == end.kingdom  # the next round table starts from the end


def _history(g: Game[SessionState]) -> list[tuple[Action, Any]]:
    return [(t.action, t.rolls) for t in g.history]


def test_save_and_resume_midway_reaches_the_same_end() -> None:
    """A game saved halfway (in battle) through JSON and resumed reaches exactly the same end state."""
    g = Game(SessionRules(), new_session(sample(), sample_labyrinth()), ScriptedDice([]))
    first_half(g)
    dice = Loop(BATTLE_DICE)
    policy = TacticalPolicy()
    for _ in range(5):  # five battle steps, then save in the middle of the battle
        assert g.state.battle is not None
        g.play(policy.choose(g.state.battle, g.legal_actions()), dice)
    saved = json.dumps(g.to_data(), ensure_ascii=False)
    middle = len(g.history)
    fight(g, dice)
    g.play(ex.TakeMaterial("fang"))
    g.play(ex.MoveTo("hall"))
    full = _history(g)
    resumed = Game.from_data(SessionRules(), json.loads(saved))
    assert resumed.state == Game.replay(SessionRules(), g.initial, full[:middle]).state
    for action, rolls in full[middle:]:
        resumed.play(action, ScriptedDice([v for _, v in rolls]))
    assert resumed.state == g.state
    assert SessionState.from_data(json.loads(json.dumps(g.state.to_data()))) == g.state
