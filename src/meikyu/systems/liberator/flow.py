"""The flow between decisions: turns, rounds, cleanup and the scenario's end (R-LB-01 … R-LB-05).

After every action, :func:`settle` runs whatever needs no decision — effects without a choice,
the end of a turn, the cleanup of a round, the advantage / disadvantage rolls that follow it —
until the table waits for someone again or play is over.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.context import Ctx
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> c = Ctx(cards, new_table([("ann", "warrior", ["mount"])], cards), ScriptedDice([]))
>>> end_scenario(c); c.s.phase, c.s.result, c.s.players[0].exp   # R-LB-02: not cleared, 4
('awards', 'failed', 4)
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.events import (
    CheckStarted,
    MissionCleared,
    NothingHappens,
    RoundEnded,
    ScenarioEnded,
    TurnStarted,
)
from meikyu.systems.liberator.state import CheckState, TurnState


def settle(c: Ctx) -> None:
    """Run everything that needs no decision, until a decision is needed or play is over."""
    while True:
        s = c.s
        if s.effects:
            if not c.auto_effect():
                return
            continue
        if s.check is not None:
            if s.check.step == "done":
                c.s = replace(s, check=None)
                continue
            return
        if s.checks:
            seat, kind = s.checks[0]
            c.s = replace(s, checks=s.checks[1:])
            if kind != "recovery" and not c.char(seat).hand:
                # R-LB-12: still a 2D6 roll (R-LB-08: doubles give experience); no action card
                # in hand means no effect row, so nothing else happens.
                c.emit(CheckStarted(c.pid(seat), kind))
                c.roll2(seat)
                c.emit(NothingHappens(c.pid(seat), kind))
                continue
            c.s = replace(c.s, check=CheckState(seat, kind))
            c.emit(CheckStarted(c.pid(seat), kind))
            return
        if s.phase == "turn" and s.turn is not None and s.turn.step == "done":
            end_turn(c)
            continue
        if s.phase == "cleanup":
            if s.result:
                end_scenario(c)
            else:
                c.s = replace(s, phase="setup")
            continue
        if s.phase == "turn" and s.turn is None:
            c.s = replace(s, turn=TurnState(s.current))
            c.emit(TurnStarted(c.pid(s.current), s.round))
        return


def begin_rounds(c: Ctx) -> None:
    c.s = replace(c.s, phase="turn", turns_taken=0, round=c.s.round + 1, turn=None)


def end_turn(c: Ctx) -> None:
    s = c.s
    assert s.turn is not None and s.mission is not None
    player = s.turn.player
    c.s = replace(s, turn=None, turns_taken=s.turns_taken + 1)
    if not c.s.mission or not c.s.mission.obstacles:
        cleanup(c, cleared_by=player)
    elif c.s.turns_taken >= len(s.players):
        cleanup(c, cleared_by=None)


def cleanup(c: Ctx, cleared_by: int | None) -> None:
    """R-LB-05: advantage on a clear (turning point +2 exp, final: forced normal recovery instead),
    disadvantage otherwise; R-LB-03: a clear forfeits the round's remaining turns."""
    s = c.s
    assert s.mission is not None
    n = len(s.players)
    c.emit(RoundEnded(s.round, cleared_by is not None))
    c.expire(("round",))
    order = tuple((s.start_seat + i) % n for i in range(n))
    if cleared_by is None:
        c.s = replace(c.s, phase="cleanup", checks=tuple((i, "disadvantage") for i in order))
        return
    mission = s.mission
    c.emit(MissionCleared(c.pid(cleared_by), mission.type, n - s.turns_taken))
    c.expire(("mission",))
    c.s = replace(
        c.s,
        phase="cleanup",
        mission=None,
        log=s.log + (f"{mission.type}:cleared",),
        start_seat=(cleared_by + 1) % n,  # R-LB-04: the next mission starts after the clearer
    )
    if mission.type == "turning":
        c.gain_all(2, "turning_point")  # R-LB-02 / R-LB-05
    if mission.type == "final":
        c.s = replace(c.s, result="cleared", checks=tuple((i, "recovery") for i in order))
    else:
        c.s = replace(c.s, checks=tuple((i, "advantage") for i in order))


def end_scenario(c: Ctx) -> None:
    """R-LB-02: final mission cleared 8, otherwise 4, to every player and the GM."""
    result = c.s.result or "failed"
    c.s = replace(c.s, result=result, phase="awards", turn=None, check=None, checks=())
    c.emit(ScenarioEnded(result))
    c.gain_all(8 if result == "cleared" else 4, "final_" + result)
