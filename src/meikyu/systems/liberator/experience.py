"""Experience: the scenario's awards (R-LB-02) and spending it on levels and jobs (R-LB-13).

At the scenario's end the players and the GM vote a lead award (主演賞) and a support award (助演賞,
among those without the lead): 2 to the top vote getter, 1 each on a tie; a dedicated GM gets the
number of players. Experience belongs to the player: 10 buy a level and one new action or feat,
2 swap the job (its effect keeps its used state; the action cards stay), at any time.

>>> winners((0, 1, 1)), winners((0, 1)), winners(())
([1], [0, 1], [])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from meikyu.systems.liberator.campaign import Cast
from meikyu.systems.liberator.campaign import next_scenario as following
from meikyu.systems.liberator.character import LEVEL_COST, SWAP_COST, Character, create_character
from meikyu.systems.liberator.character import level_up as raise_level
from meikyu.systems.liberator.character import swap_job as change_job
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.events import (
    AwardGiven,
    CharacterMade,
    ExpGained,
    JobSwapped,
    LeveledUp,
    ScenarioStarted,
)
from meikyu.systems.liberator.guards import require
from meikyu.systems.liberator.state import Awards, LevelUp, NewCharacter, NextScenario, SwapJob


def _spend(c: Ctx, seat: int, name: str, cost: int, change: Callable[[Character], Character]) -> Character:
    """Pay ``cost`` from the player's (or, seat −1, the GM's) experience and change one of their characters:
    the one playing (``name`` empty or its name) or one of their roster (R-LB-13: 自分のキャラクター1名)."""
    s = c.s
    if seat == -1:
        have, roster = s.gm_exp, s.gm_roster
    else:
        require(0 <= seat < len(s.players), "R-LB-13", "lb.error.no_seat", seat=seat)
        p = s.players[seat]
        have, roster = p.exp, p.roster
        if name in ("", p.character.name):
            require(have >= cost, "R-LB-13", "lb.error.not_enough_exp", need=cost, have=have)
            ch = change(p.character)
            c.set_seat(seat, character=ch, exp=have - cost)
            return ch
    names = [x.name for x in roster]
    require(name in names, "R-LB-13", "lb.error.no_character", name=name or "-", names=", ".join(names) or "-")
    require(have >= cost, "R-LB-13", "lb.error.not_enough_exp", need=cost, have=have)
    ch = change(roster[names.index(name)])
    roster = tuple(ch if x.name == name else x for x in roster)
    if seat == -1:
        c.s = replace(c.s, gm_exp=have - cost, gm_roster=roster)
    else:
        c.set_seat(seat, roster=roster, exp=have - cost)
    return ch


def _who(c: Ctx, seat: int, ch: Character) -> str:
    """Whose character changed, as events name it: the player, with the character's name when it is not
    the one playing."""
    if seat == -1:
        return f"GM ({ch.name})"
    p = c.s.players[seat]
    return p.id if ch.name == p.character.name else f"{p.id} ({ch.name})"


def level_up(c: Ctx, a: LevelUp) -> None:
    """Spend 10: level +1 and one new action or feat (R-LB-13)."""
    ch = _spend(c, a.seat, a.character, LEVEL_COST, lambda x: raise_level(c.cards, x, a.card))
    c.emit(LeveledUp(_who(c, a.seat, ch), ch.level, a.card))


def swap_job(c: Ctx, a: SwapJob) -> None:
    """Spend 2: another job (R-LB-13)."""
    ch = _spend(c, a.seat, a.character, SWAP_COST, lambda x: change_job(c.cards, x, a.job))
    c.emit(JobSwapped(_who(c, a.seat, ch), c.cards.jobs[a.job].name))


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


def next_scenario(c: Ctx, a: NextScenario) -> None:
    """The campaign's next scenario at this table (R-LB-13: the players' experience and characters go on)."""
    cast: dict[str, str | Character | None] = {}
    for part in a.cast:
        if part.job:
            cast[part.player] = create_character(c.cards, part.character or part.player, part.job, part.cards)
        else:
            cast[part.player] = part.character or None
    chosen: Cast | None = cast or None
    c.s = following(c.s, cast=chosen, gm=a.gm, plan=a.plan or None)
    c.emit(ScenarioStarted(c.s.scenario, c.s.gm_name or "GM"))


def new_character(c: Ctx, a: NewCharacter) -> None:
    """A player's new level-1 character, into their roster, once a scenario is over (R-LB-13)."""
    require(c.s.phase == "over", "R-LB-13", "lb.error.new_between")
    require(0 <= a.seat < len(c.s.players), "R-LB-13", "lb.error.no_seat", seat=a.seat)
    p = c.s.players[a.seat]
    name = a.name.strip()
    require(bool(name), "R-LB-13", "lb.error.character_name")
    owned = [p.character.name, *(x.name for x in p.roster)]
    require(name not in owned, "R-LB-13", "lb.error.cast_clash", player=p.id, name=name)
    made = create_character(c.cards, name, a.job, [a.card])
    c.set_seat(a.seat, roster=p.roster + (made,))
    c.emit(CharacterMade(p.id, name, c.cards.jobs[a.job].name))
