"""Experience: the scenario's awards (R-LB-02) and spending it on levels and jobs (R-LB-13).

At the scenario's end the players and the GM vote a lead award (主演賞) and a support award (助演賞,
among those without the lead): 2 to the top vote getter, 1 each on a tie; a dedicated GM gets the
number of players. Experience belongs to the player: 10 buy a level and one new action or feat,
2 swap the job (its effect keeps its used state; the action cards stay), at any time.

>>> winners((0, 1, 1)), winners((0, 1)), winners(())
([1], [0, 1], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from meikyu.systems.liberator.character import LEVEL_COST, SWAP_COST
from meikyu.systems.liberator.character import level_up as raise_level
from meikyu.systems.liberator.character import swap_job as change_job
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.guards import require
from meikyu.systems.liberator.state import (
    AwardGiven,
    Awards,
    ExpGained,
    JobSwapped,
    LeveledUp,
    LevelUp,
    SwapJob,
)


def level_up(c: Ctx, a: LevelUp) -> None:
    """Spend 10: level +1 and one new action or feat (R-LB-13)."""
    require(0 <= a.seat < len(c.s.players), "R-LB-13", "lb.error.no_seat", seat=a.seat)
    p = c.s.players[a.seat]
    require(p.exp >= LEVEL_COST, "R-LB-13", "lb.error.not_enough_exp", need=LEVEL_COST, have=p.exp)
    ch = raise_level(c.cards, p.character, a.card)
    c.set_seat(a.seat, character=ch, exp=p.exp - LEVEL_COST)
    c.emit(LeveledUp(p.id, ch.level, a.card))


def swap_job(c: Ctx, a: SwapJob) -> None:
    """Spend 2: another job (R-LB-13)."""
    require(0 <= a.seat < len(c.s.players), "R-LB-13", "lb.error.no_seat", seat=a.seat)
    p = c.s.players[a.seat]
    require(p.exp >= SWAP_COST, "R-LB-13", "lb.error.not_enough_exp", need=SWAP_COST, have=p.exp)
    c.set_seat(a.seat, character=change_job(c.cards, p.character, a.job), exp=p.exp - SWAP_COST)
    c.emit(JobSwapped(p.id, c.cards.jobs[a.job].name))


def awards(c: Ctx, a: Awards) -> None:
    """R-LB-02: top vote getter 2, or 1 each on a tie; support among the others; the GM's share."""
    s = c.s
    require(s.phase == "awards", "R-LB-02", "lb.error.not_awards")
    n = len(s.players)
    voters = n + (1 if s.dedicated_gm else 0)
    for votes in (a.lead, a.support):
        require(len(votes) <= voters, "R-LB-02", "lb.error.too_many_votes", voters=voters)
        for v in votes:
            require(0 <= v < n, "R-LB-02", "lb.error.no_seat", seat=v)
    lead = winners(a.lead)
    require(not set(a.support) & set(lead), "R-LB-02", "lb.error.support_lead")
    for award, won in (("lead", lead), ("support", winners(a.support))):
        for w in won:
            amount = 2 if len(won) == 1 else 1
            c.add_exp(w, amount)  # AwardGiven says it: one line per award, not two
            c.emit(AwardGiven(c.pid(w), award, amount))
    if s.dedicated_gm:
        c.s = replace(c.s, gm_exp=c.s.gm_exp + n)
        c.emit(ExpGained("GM", n, "gm_share"))
    c.s = replace(c.s, phase="over")


def winners(votes: Sequence[int]) -> list[int]:
    """The seats with the most votes (none without votes)."""
    if not votes:
        return []
    counts = {v: votes.count(v) for v in votes}
    top = max(counts.values())
    return sorted(v for v, k in counts.items() if k == top)
