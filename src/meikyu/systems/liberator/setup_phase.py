"""Setup (R-LB-04): the GM gives a mission, or the players continue, abandon it, or give up.

After a clear the GM prepares a new mission (:func:`start_mission` with one written elsewhere, or
:func:`generate` from the levels and players); with obstacles left the mission continues unless
the players abandon it for another or give up the scenario (R-LB-01: that ends it as failed). The
final mission may be abandoned too (for another final), unless the table keeps it (``final_stays``).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.context import Ctx
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> c = Ctx(cards, new_table([("ann", "warrior", ["mount"]), ("bob", "mage", ["might"])], cards), ScriptedDice([]))
>>> generate(c, GenerateMission("normal", 1)); c.s.phase, c.s.mission.budget
('turn', 4)
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.errors import InputError
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.events import MissionAbandoned, MissionContinued, MissionStarted
from meikyu.systems.liberator.flow import begin_rounds, end_scenario
from meikyu.systems.liberator.guards import idle, require
from meikyu.systems.liberator.mission import MISSION_TYPES, generate_mission, party_reach
from meikyu.systems.liberator.state import (
    AbandonMission,
    ContinueMission,
    GenerateMission,
    GiveUp,
    StartMission,
)


def setup_guard(c: Ctx, need_mission: bool | None) -> None:
    """Refuse unless it is setup, with (True) or without (False) a mission in play (R-LB-04)."""
    idle(c.s)
    require(c.s.phase == "setup", "R-LB-04", "lb.error.not_setup")
    if need_mission is True:
        require(c.s.mission is not None, "R-LB-04", "lb.error.no_mission")
    elif need_mission is False:
        require(c.s.mission is None, "R-LB-04", "lb.error.mission_in_play")


def start_mission(c: Ctx, a: StartMission) -> None:
    """The GM puts a mission on the table; its obstacles get uids unique on the table."""
    setup_guard(c, False)
    if not a.mission.obstacles:
        raise InputError("lb.error.empty_mission")
    if a.mission.type not in MISSION_TYPES:
        raise InputError("lb.error.mission_type", type=a.mission.type, types=", ".join(MISSION_TYPES))
    require(
        a.mission.type != "final" or "final:cleared" not in c.s.log,
        "R-LB-04",
        "lb.error.final_once",
    )
    uid = c.s.next_uid
    obstacles = tuple(replace(o, uid=uid + i) for i, o in enumerate(a.mission.obstacles))
    mission = replace(a.mission, obstacles=obstacles)
    met = c.s.met + tuple(o.name for o in obstacles if o.name and o.name not in c.s.met)
    c.s = replace(c.s, mission=mission, next_uid=uid + len(obstacles), met=met)
    c.emit(MissionStarted(mission.type, ", ".join(c.obstacle_name(o) for o in obstacles)))
    begin_rounds(c)


def generate(c: Ctx, a: GenerateMission) -> None:
    """The GM generates a mission from the party's levels (party-aware with ``Options.party_missions``)."""
    setup_guard(c, False)
    levels = [p.character.level for p in c.s.players]
    reach = None
    if c.s.options.party_missions:
        owned = {card for p in c.s.players for card in p.character.actions}
        reach = party_reach(c.cards.actions[card] for card in sorted(owned) if card in c.cards.actions)
    mission = generate_mission(a.type, levels, len(levels), a.seed, c.cards, c.s.next_uid, reach, c.s.met)
    start_mission(c, StartMission(mission))


def continue_mission(c: Ctx, a: ContinueMission) -> None:
    """Obstacles remain: the mission goes on for another round."""
    setup_guard(c, True)
    c.emit(MissionContinued())
    begin_rounds(c)


def abandon(c: Ctx, a: AbandonMission) -> None:
    """Drop the mission for another from the GM (R-LB-04: any mission with obstacles left, the final
    too: the GM then gives another final; ``Options.final_stays`` keeps the final, a house rule)."""
    setup_guard(c, True)
    assert c.s.mission is not None
    require(c.s.mission.type != "final" or not c.s.options.final_stays, "R-LB-04", "lb.error.final_abandon")
    c.s = replace(c.s, mission=None, log=c.s.log + (f"{c.s.mission.type}:abandoned",))
    c.expire(("mission",))
    c.emit(MissionAbandoned())


def give_up(c: Ctx, a: GiveUp) -> None:
    """Give up the scenario: it ends as not cleared (R-LB-01, R-LB-02)."""
    setup_guard(c, None)
    c.s = replace(c.s, result="failed", log=c.s.log + ("scenario:abandoned",))
    end_scenario(c)
