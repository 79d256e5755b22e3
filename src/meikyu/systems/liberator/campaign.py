"""Campaigns: a finished scenario's players start the next one (R-LB-13: leftover experience carries over).

What carries over, from the seed: each player's unspent experience (R-LB-13: "余った経験点は次回以降に
持ち越しできる"; it belongs to the player, not the character) and the GM's. The character — level,
job, action cards and feats — is the player's to bring back, so it comes along as it is.

What starts afresh is what belongs to one scenario, a careful GM's reading where the seed is silent:
every action back in hand (a scenario starts as a new character does, with no discard pile), job
effects and feats unused again (they are once per scenario), no grants held (they last a round or a
mission at most, or until used — no longer than the scenario), no GM warning pending, and the
scenario's own tallies (experience earned, obstacles removed, obstacle names met) at zero. The GM
may also change the plan, the seed, the options and whether there is a dedicated GM.

Levels and jobs are bought as at any other time (R-LB-13: 10 experience per level with one new
action or feat, 2 to swap the job): at the end of one scenario, or at the start of the next.

>>> from dataclasses import replace
>>> from meikyu.systems.liberator.rules import new_table
>>> first = new_table([("ann", "warrior", ["mount"])])
>>> ann = replace(first.players[0], exp=13, earned=14)
>>> ann = replace(ann, character=ann.character.discard_card("swing"))
>>> over = replace(first, players=(ann,), phase="over", result="cleared", gm_exp=9)
>>> second = next_scenario(over)
>>> second.scenario, second.phase, second.gm_exp
(2, 'setup', 9)
>>> second.players[0].exp, second.players[0].earned, second.players[0].character.discard
(13, 0, ())
"""

from __future__ import annotations

from collections.abc import Sequence

from meikyu.errors import InputError
from meikyu.systems.liberator.guards import WaitingError, waiting_for
from meikyu.systems.liberator.mission import MISSION_TYPES
from meikyu.systems.liberator.state import Options, Seat, TableState


def next_scenario(
    finished: TableState,
    *,
    plan: Sequence[str] | None = None,
    seed: int | None = None,
    options: Options | None = None,
    dedicated_gm: bool | None = None,
) -> TableState:
    """The next scenario's table: the same players with their experience and characters (R-LB-13).

    ``finished`` must be over (its awards given, so its experience is final); the other arguments
    replace the finished table's plan, seed, options and GM seat (by default they stay, the seed
    moving on by one so the new scenario's missions are not the old ones again).
    """
    if finished.phase != "over":
        raise WaitingError("R-LB-13", "lb.error.scenario_not_over", what=waiting_for(finished))
    plan = tuple(plan) if plan is not None else finished.plan
    for kind in plan:
        if kind not in MISSION_TYPES:
            raise InputError("lb.error.mission_type", type=kind, types=", ".join(MISSION_TYPES))
    seats = tuple(Seat(p.id, p.character.fresh_scenario(), exp=p.exp) for p in finished.players)
    return TableState(
        seats,
        finished.dedicated_gm if dedicated_gm is None else dedicated_gm,
        gm_exp=finished.gm_exp,
        options=options if options is not None else finished.options,
        plan=plan,
        seed=finished.seed + 1 if seed is None else seed,
        scenario=finished.scenario + 1,
    )
