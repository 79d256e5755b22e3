"""The labyrinth phase on a labyrinth map: quarters, rooms, traps, events, battles, camp and meals.

Rulings where the seeds are silent are in ``RULINGS.md`` (section "Session"). In short: each quarter the
court either moves into an adjacent room or camps (R-MK-07's quarter). Entering a room not yet explored
settles, in order, its trap (one search, one disarm try, else it springs), its encounter (a battle, see
:mod:`.battle`) and its event; then the quarter ends. In camp every able land maker has one action
(rest cures poison, R-MK-44; transport, R-MK-46; or any action the GM allows), and formation may change
(R-MK-21). At each quarter's end poison deals 1 damage (R-MK-44) and fatal-wound deadlines fall due
(R-MK-31); every fourth quarter ends a turn, when each land maker eats or goes hungry. The phase ends
when the court goes home from the entrance, has explored every room, or is wiped out (R-MK-01).

Every choice is a prompt: who searches and with which stat, who tries the disarm, who rolls for an event,
what each eats, which material a treasure gives; each check's hope, dice and minion help are the
roller's (:mod:`~meikyu.systems.meikyu_kingdom.check.called`).

This module holds the phase's actions and steps; time passing and leaving are in :mod:`.quarters`, camp
and meals in :mod:`.camp`, effects on the court in :mod:`~meikyu.systems.meikyu_kingdom.expedition.effects`, events in
:mod:`~meikyu.systems.meikyu_kingdom.expedition.events`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.systems.meikyu_kingdom.check.called import Call
from meikyu.systems.meikyu_kingdom.check.check import CheckState
from meikyu.systems.meikyu_kingdom.combat.model import COURT, OK
from meikyu.systems.meikyu_kingdom.events import StatusCured
from meikyu.systems.meikyu_kingdom.expedition import battle as seam
from meikyu.systems.meikyu_kingdom.expedition import monster_skills, wounds
from meikyu.systems.meikyu_kingdom.expedition.camp import (
    BOXED_LUNCH,
    REST,
    TRADE,
    TRADE_EASIER,
    Camp,
    Eat,
    EndQuarter,
    GoHungry,
    HandOver,
    Rest,
    Trade,
    UseItem,
    camp_moved,
    hand_over,
    handovers,
    item_use,
    meal,
    own_lunch,
    usable_items,
)
from meikyu.systems.meikyu_kingdom.expedition.effects import (
    apply,
    call_check,
    haul,
    lab_error,
    lab_of,
    targets_of,
    with_expedition,
)
from meikyu.systems.meikyu_kingdom.expedition.events import (
    BattleBegins,
    BattleSettled,
    NothingFound,
    RoomEntered,
    RoomEventHappened,
    TrapDisarmed,
    TrapNoticed,
    TrapSprung,
)
from meikyu.systems.meikyu_kingdom.expedition.fall import FALL, FallOutside, after_fall, fall
from meikyu.systems.meikyu_kingdom.expedition.minions import TRANSPORT
from meikyu.systems.meikyu_kingdom.expedition.quarters import end_quarter, leave, quarter_due
from meikyu.systems.meikyu_kingdom.expedition.transport import Transport, begin_transport, finish_transport
from meikyu.systems.meikyu_kingdom.kingdom.cycle import Act, CycleRules, CycleState, Resolve
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.labyrinth.map import Room
from meikyu.systems.meikyu_kingdom.session_state import Expedition, Loot, SessionState
from meikyu.systems.meikyu_kingdom.sheets.character import STATS

FORMATION_AREAS = (0, 1, 2)
"""The court's own areas: HQ, rear, front (R-MK-21)."""


# -- actions -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetFormation(Action):
    """Place ``actor`` in area 0 (HQ), 1 (rear) or 2 (front) for battles — at the labyrinth's start or in camp (R-MK-21)."""

    actor: str
    area: int


@dataclass(frozen=True)
class EnterLabyrinth(Action):
    """The formation is set: the court steps into the entrance room."""


@dataclass(frozen=True)
class MoveTo(Action):
    """The court moves into the adjacent ``room`` (this quarter's move)."""

    room: str


@dataclass(frozen=True)
class GoHome(Action):
    """From the entrance room the court leaves the labyrinth and goes home."""


@dataclass(frozen=True)
class SearchTrap(Action):
    """``actor`` searches the room before stepping in: ``stat`` wit or search vs [court + 7] (R-MK-36 reading)."""

    actor: str
    stat: str = "search"


@dataclass(frozen=True)
class SkipSearch(Action):
    """Nobody searches: whatever trap is here springs."""


@dataclass(frozen=True)
class TryDisarm(Action):
    """``actor`` makes the one try at disarming the found trap."""

    actor: str


@dataclass(frozen=True)
class LeaveTrap(Action):
    """Nobody tries to disarm the found trap: it springs as the court passes."""


@dataclass(frozen=True)
class ChooseRoller(Action):
    """``actor`` answers the room event's check."""

    actor: str


@dataclass(frozen=True)
class TakeMaterial(Action):
    """A treasure of materials: the court takes them as ``material`` from the monster's list (R-MK-43)."""

    material: str


ACTION_TYPES: tuple[type[Action], ...] = (
    SetFormation, EnterLabyrinth, MoveTo, Camp, Rest, GoHome, SearchTrap, SkipSearch, TryDisarm, LeaveTrap,
    ChooseRoller, Eat, GoHungry, TakeMaterial, Transport, finds.TakeItem, UseItem, Trade, FallOutside, EndQuarter,
    HandOver,
)


# -- helpers -------------------------------------------------------------------------------------


def _need(state: SessionState, *stages: str) -> Expedition:
    _, ex = lab_of(state)
    if state.called is not None or state.battle is not None:
        raise lab_error("busy", stage=ex.stage)
    if ex.stage not in stages:
        raise lab_error("wrong_stage", stage=ex.stage, need=" / ".join(stages))
    return ex


def _able(state: SessionState, actor: str, rule: str = "R-MK-31") -> None:
    state.character(actor)
    if actor in state.conditions:
        raise lab_error("cannot_act", rule, actor=actor, condition=state.conditions[actor])


def _call(state: SessionState, actor: str, stat: str, difficulty: int, purpose: str, subject: str = "") -> SessionState:
    return call_check(state, Call(actor, stat, difficulty, purpose, subject=subject))


def begin(state: SessionState) -> SessionState:
    """The labyrinth phase starts on a map: the court stands at the entrance, choosing its formation."""
    assert state.labyrinth is not None
    departed = {c.id: c.minions for c in state.court}
    formation = {c.id: seam.DEFAULT_AREA for c in state.court}
    return replace(state, expedition=Expedition(state.labyrinth.entrance, formation=formation, departed=departed))


# -- the room sequence ---------------------------------------------------------------------------
def _arrive(state: SessionState, room: Room, events: list[Event], dice: Dice) -> SessionState:
    _, ex = lab_of(state)
    events.append(RoomEntered(room.names or {"en": room.id}, ex.quarters + 1))
    return _continue(state, events, dice)


def _continue(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """Settle what is left of the current room (trap → encounter → event), then end the quarter."""
    lab, ex = lab_of(state)
    room = lab.room(ex.room)
    if room.id not in ex.traps_done:
        # Every new room is a chance to search before stepping in, trap or not: asking only where a
        # trap waits would tell the players it is there (ruling).
        return with_expedition(state, stage="trap_search")
    if room.encounter is not None and room.id not in ex.cleared:
        encounter, beasts = room.encounter, None
        if encounter.table:  # a random encounter: its table is rolled now (table_finds)
            encounter, beasts, _ = finds.random_encounter(encounter.table, sum(c.pc for c in state.court), dice)
        events.append(BattleBegins(encounter.names))
        state = monster_skills.meet(state, encounter, beasts, dice, events)  # skills that act as it is met
        battle = seam.start(state.court, state.conditions, ex.formation, encounter, state.kingdom.voice,
                            state.uncertain_used, state.kingdom.land_makers, beasts, state.sixes_prompt,
                            state.sixes_stakes, state.seed_review, state.ghost_rule, state.data_followups)
        return with_expedition(replace(state, battle=battle, broken=()), stage="battle")
    if room.event is not None and room.id not in ex.events_done:
        if room.event.check is not None:
            return with_expedition(state, stage="event")
        state = apply(state, room.event.effects, "", dice, events)
        events.append(RoomEventHappened(room.event.names, "done"))
        state = with_expedition(state, events_done=(*ex.events_done, room.id))
        return wounds.hold(state, "room") if wounds.waiting(state) else _continue(state, events, dice)
    if room.id not in ex.explored:
        state = with_expedition(state, explored=(*ex.explored, room.id))
    lab, ex = lab_of(state)
    if all(r.id in ex.explored for r in lab.rooms):
        return leave(state, "explored", events)
    if not ex.previous and ex.quarters == 0:
        return with_expedition(state, stage="choose")  # stepping in through the entrance takes no quarter (ruling)
    return _quarter_ends(state, events, dice)


def _quarter_ends(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """The quarter ends — unless a fatal-wound deadline falls due with it (R-MK-31) and the court still
    carries a recovery item: then the court may use it first (stage ``deadline``; ruling: the deadline
    would otherwise fall before anyone could act)."""
    due = [i for i, line in state.deadlines.items() if line in ("quarter", "quarters:1")
           and state.conditions.get(i) != "dead" and state.character(i).hp < 1]
    if state.seed_review and due and (usable_items(state, state.able()) or handovers(state)):
        return with_expedition(state, stage="deadline")
    return end_quarter(state, events, dice)


# -- steps ---------------------------------------------------------------------------------------
def step(state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """Apply one labyrinth-phase action (not a check answer or a battle action: the session routes those)."""
    events: list[Event] = []
    lab, ex = lab_of(state)
    if isinstance(action, SetFormation):
        _need(state, "prepare", "camp")
        state.character(action.actor)
        if action.area not in FORMATION_AREAS:
            raise lab_error("bad_area", "R-MK-21", area=action.area)
        return with_expedition(state, formation={**ex.formation, action.actor: action.area}), ()
    if isinstance(action, EnterLabyrinth):
        _need(state, "prepare")
        state = with_expedition(state, stage="choose")
        return _arrive(state, lab.room(ex.room), events, dice), tuple(events)
    if isinstance(action, MoveTo):
        _need(state, "choose")
        here = lab.room(ex.room)
        if action.room not in here.exits:
            raise lab_error("not_adjacent", room=action.room, exits=", ".join(here.exits))
        state = with_expedition(state, room=action.room, previous=ex.room)
        return _arrive(state, lab.room(action.room), events, dice), tuple(events)
    if isinstance(action, GoHome):
        _need(state, "choose")
        if ex.room != lab.entrance:
            raise lab_error("not_entrance", entrance=lab.entrance)
        return leave(state, "returned", events), tuple(events)
    if isinstance(action, Camp):
        _need(state, "choose")
        cycle = CycleState(state.able(), kind="quarter", number=ex.quarters + 1)
        return with_expedition(state, stage="camp", camp=cycle), ()
    if isinstance(action, HandOver):
        _need(state, "choose", "camp", "deadline")
        return hand_over(state, action), ()
    if isinstance(action, EndQuarter):
        _need(state, "deadline")
        return end_quarter(state, events, dice), tuple(events)
    if isinstance(action, UseItem):
        _need(state, "choose", "camp", "deadline")
        _able(state, action.actor)
        if ex.stage == "camp":  # in camp, the actor's support action of the quarter (R-MK-08)
            assert ex.camp is not None
            cycle, said = CycleRules().step(ex.camp, Act(action.actor, "support", "item"), dice)
            state = item_use(state, action, dice, events)
            cycle, more = CycleRules().step(cycle, Resolve(), dice)
            return camp_moved(state, cycle, [*events, *said, *more], dice)
        state = item_use(state, action, dice, events)
        if ex.stage == "deadline":  # saved, or another try: the quarter ends once nothing more can help
            return _quarter_ends(state, events, dice), tuple(events)
        return state, tuple(events)
    if isinstance(action, FallOutside):
        return fall(state, action), ()
    if isinstance(action, Trade):
        _need(state, "camp")
        _able(state, action.actor)
        if action.partner not in ex.partners:
            raise lab_error("no_partner", "R-MK-42", partner=action.partner, partners=", ".join(ex.partners) or "-")
        if action.stat not in STATS:
            raise lab_error("trade_stat", "R-MK-10", stat=action.stat, stats=", ".join(STATS))
        assert ex.camp is not None
        cycle, said = CycleRules().step(ex.camp, Act(action.actor, "support", TRADE), dice)
        state = call_check(with_expedition(state, camp=cycle),
                           Call(action.actor, action.stat, action.difficulty - TRADE_EASIER, TRADE,
                                subject=action.partner))
        _, ex = lab_of(state)
        assert ex.camp is not None
        cycle, more = CycleRules().step(ex.camp, Resolve(), dice)
        return camp_moved(state, cycle, [*said, *more], dice)
    if isinstance(action, Rest):
        _need(state, "camp")
        _able(state, action.actor)
        assert ex.camp is not None
        cycle, said = CycleRules().step(ex.camp, Act(action.actor, "planned", REST), dice)
        char = state.character(action.actor)
        if char.has("poison"):
            state = state.put(replace(char, statuses=char.statuses - {"poison"}))
            said = (*said, StatusCured(char.id, "poison"))
        cycle, more = CycleRules().step(cycle, Resolve(), dice)
        return camp_moved(state, cycle, [*said, *more], dice)
    if isinstance(action, Transport):
        _need(state, "camp")
        _able(state, action.actor)
        return begin_transport(state, action, dice)
    if isinstance(action, SearchTrap):
        _need(state, "trap_search")
        _able(state, action.actor)
        if action.stat not in ("wit", "search"):
            raise lab_error("bad_search_stat", "R-MK-36", stat=action.stat)
        trap = lab.room(ex.room).trap
        find = trap.find if trap is not None and trap.find else len(state.court) + 7
        return with_expedition(_call(state, action.actor, action.stat, find, "trap_search"), searcher=action.actor), ()
    if isinstance(action, SkipSearch):
        _need(state, "trap_search")
        if lab.room(ex.room).trap is None:
            return _trap_done(state, events, dice), tuple(events)
        return _spring(state, dice, events), tuple(events)
    if isinstance(action, TryDisarm):
        _need(state, "trap_found")
        _able(state, action.actor)
        trap = lab.room(ex.room).trap
        assert trap is not None
        return _call(state, action.actor, trap.disarm.stat, trap.disarm.difficulty, "disarm"), ()
    if isinstance(action, LeaveTrap):
        _need(state, "trap_found")
        return _spring(state, dice, events), tuple(events)
    if isinstance(action, ChooseRoller):
        _need(state, "event")
        _able(state, action.actor)
        event = lab.room(ex.room).event
        assert event is not None and event.check is not None
        return _call(state, action.actor, event.check.stat, event.check.difficulty, "event"), ()
    if isinstance(action, (Eat, GoHungry)):
        _need(state, "meal")
        if action.actor not in ex.todo:
            raise lab_error("not_hungry", actor=action.actor, todo=", ".join(ex.todo))
        state = meal(state, action, events, dice)
        _, ex = lab_of(state)
        todo = tuple(t for t in ex.todo if t != action.actor)
        return with_expedition(state, todo=todo, stage="meal" if todo else "choose"), tuple(events)
    if isinstance(action, (TakeMaterial, finds.TakeItem)):
        _need(state, "loot")
        loot = ex.loot[0]
        if isinstance(action, finds.TakeItem) and loot.category:
            item = finds.take(loot.category, action.option, dice, loot.level)
            state = haul(state, item.stored, loot.count, item=True, events=events)
        elif isinstance(action, finds.TakeItem) or loot.category or action.material not in loot.options:
            chosen = action.option if isinstance(action, finds.TakeItem) else action.material
            raise lab_error("bad_material", "R-MK-43", material=chosen, options=", ".join(loot.options))
        else:
            state = haul(state, action.material, loot.count, item=False, events=events)
        state = with_expedition(state, loot=ex.loot[1:])
        if len(ex.loot) == 1:
            state = with_expedition(state, stage="battle_done")
            state = _after_battle(state, events, dice)
        return state, tuple(events)
    raise lab_error("not_now", action=type(action).__name__, stage=ex.stage)


def _spring(state: SessionState, dice: Dice, events: list[Event]) -> SessionState:
    lab, ex = lab_of(state)
    trap = lab.room(ex.room).trap
    assert trap is not None
    events.append(TrapSprung(trap.names, trap.text))
    # A trap that strikes whoever searched strikes someone at random when nobody did.
    targets = targets_of(state, trap.who if ex.searcher or trap.who != "self" else "random", ex.searcher, dice)
    if trap.avoid is not None and targets:
        state = with_expedition(state, stage="trap_avoid", todo=tuple(targets[1:]))
        return _call(state, targets[0], trap.avoid.stat, trap.avoid.difficulty, "avoid", subject=targets[0])
    for ident in targets:
        state = apply(state, trap.effects, ident, dice, events)
    return wounds.hold(state, "trap_done") if wounds.waiting(state) else _trap_done(state, events, dice)


def _trap_done(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    _, ex = lab_of(state)
    state = with_expedition(state, traps_done=(*ex.traps_done, ex.room), todo=(), searcher="")
    return _continue(state, events, dice)


def after_check(state: SessionState, call: Call, done: CheckState, dice: Dice, events: list[Event]) -> SessionState:
    """A called check is finished: carry out what depends on it."""
    if call.purpose in wounds.PURPOSES:  # in the labyrinth or the kingdom phase
        return _resume(wounds.after_wound_check(state, call, bool(done.success), events), events, dice)
    if state.expedition is None or state.labyrinth is None or call.purpose in ("gm", TRADE):
        return state  # what a GM's call or a trade brings, the GM settles
    lab, ex = lab_of(state)
    room = lab.room(ex.room)
    if call.purpose == TRANSPORT:
        return finish_transport(state, done, dice, events)
    if call.purpose == FALL:
        return _resume(after_fall(state, call, done, dice, events), events, dice)
    if call.purpose == "trap_search":
        if room.trap is None:
            events.append(NothingFound())
            return _trap_done(state, events, dice)
        if done.success:
            events.append(TrapNoticed(room.trap.names))
            return with_expedition(state, stage="trap_found")
        events.append(NothingFound())  # a missed trap looks like no trap at all
        return _spring(state, dice, events)
    if call.purpose == "disarm":
        assert room.trap is not None
        if done.success:
            events.append(TrapDisarmed(room.trap.names, call.actor))
            return _trap_done(state, events, dice)
        return _spring(state, dice, events)
    if call.purpose == "avoid":
        assert room.trap is not None
        if not done.success:
            state = apply(state, room.trap.effects, call.subject, dice, events)
        return wounds.hold(state, "avoid") if wounds.waiting(state) else _next_avoid(state, events, dice)
    if call.purpose == "event":
        event = room.event
        assert event is not None
        state = apply(state, event.effects, call.actor, dice, events)
        state = apply(state, event.on_success if done.success else event.on_failure, call.actor, dice, events)
        events.append(RoomEventHappened(event.names, "success" if done.success else "failure"))
        state = with_expedition(state, events_done=(*ex.events_done, room.id))
        return wounds.hold(state, "room") if wounds.waiting(state) else _continue(state, events, dice)
    return state


def _next_avoid(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """The next able target of the trap makes its avoid check; after the last, the trap is done."""
    lab, ex = lab_of(state)
    trap = lab.room(ex.room).trap
    able = [t for t in ex.todo if t not in state.conditions]
    if able and trap is not None and trap.avoid is not None:
        state = with_expedition(state, todo=tuple(able[1:]))
        return _call(state, able[0], trap.avoid.stat, trap.avoid.difficulty, "avoid", subject=able[0])
    return _trap_done(state, events, dice)


def _resume(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """The last queued check is done (a fatal wound's, R-MK-31; a fall's, R-MK-33): what waited for it
    goes on."""
    resume = state.resume
    if wounds.waiting(state) or not resume or state.expedition is None:
        return state
    state = replace(state, resume="")
    if resume == "trap_done":
        return _trap_done(state, events, dice)
    if resume == "avoid":
        return _next_avoid(state, events, dice)
    if resume == "quarter":
        return quarter_due(state, events)
    return _continue(state, events, dice)


def battle_over(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """The battle is over: write it back (:func:`.battle.fold_back`) and take its treasure."""
    battle = state.battle
    assert battle is not None
    court, cond, lines = seam.fold_back(state.court, state.conditions, state.deadlines, battle, state.broken,
                                      items_kept=state.seed_review)
    events.append(BattleSettled(battle.winner or "none", battle.outcome or "none"))
    if battle.winner == COURT:
        result = "won"
    elif battle.escaped and battle.escaped != COURT and state.seed_review:
        result = "fled"  # the monsters escaped (R-MK-37): the court holds the room; the GM places them anew
    elif battle.escaped == COURT or battle.surrendered == COURT or not battle.winner:
        result = "retreat"
    else:
        result = "lost"
    state = replace(state, court=court, conditions=cond, deadlines=lines, uncertain_used=battle.uncertain_used,
                    battle=None, broken=())
    state = with_expedition(state, battle_result=result, partners=())
    if battle.deserted:  # sent home in the battle: not recovered at the game's end (R-MK-45)
        home = dict(lab_of(state)[1].sent_home)
        for ident, count in battle.deserted:
            home[ident] = home.get(ident, 0) + count
        state = with_expedition(state, sent_home=home)
    if state.seed_review and battle.surrendered and battle.surrendered != COURT:  # trade partners (R-MK-42)
        survivors = tuple(c.id for c in battle.combatants if c.side == battle.surrendered and c.condition == OK)
        state = with_expedition(state, partners=survivors)
    if state.seed_review:  # everyone stays where the battle left them until a camp re-forms the court (R-MK-21/22)
        _, ex = lab_of(state)
        areas = {c.id: c.area for c in battle.combatants if c.side == COURT and c.id in ex.formation}
        state = with_expedition(state, formation={**ex.formation, **areas})
    loot: list[Loot] = []
    for found in battle.loot:
        if found.kind == "materials" and found.count and found.materials:
            loot.append(Loot(found.count, found.materials))
        elif found.kind == BOXED_LUNCH:
            state = haul(state, BOXED_LUNCH, found.count or 1, item=True, events=events)
        elif category := finds.treasure_category(found.kind):  # an item: its table is rolled, or the players pick
            if finds.choices(category):
                loot.append(Loot(found.count or 1, finds.choices(category), category, found.item_level))
            else:
                item = finds.draw(category, dice, found.item_level)
                state = haul(state, item.stored, found.count or 1, item=True, events=events)
    if loot:
        return with_expedition(state, loot=tuple(loot), stage="loot")
    return _after_battle(with_expedition(state, stage="battle_done"), events, dice)


def _after_battle(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    lab, ex = lab_of(state)
    room = lab.room(ex.room)
    if ex.battle_result in ("won", "fled"):
        state = with_expedition(state, cleared=(*ex.cleared, room.id))
        if room.encounter is not None and room.encounter.goal and ex.battle_result == "won":
            state = replace(state, goal_met=True)
        return _continue(state, events, dice)
    if not state.able() or ex.battle_result == "lost":
        return leave(state, "wiped_out", events)
    # The court escaped (or the battle was called a draw): back to the room it came from (R-MK-37).
    state = with_expedition(state, room=ex.previous or ex.room, previous=ex.room)
    return _quarter_ends(state, events, dice)


def legal(state: SessionState) -> list[Action]:
    """What the court may do now in the labyrinth (battles and called checks are listed by the session)."""
    lab, ex = lab_of(state)
    able = state.able()
    if ex.stage == "prepare":
        return [EnterLabyrinth(), *(SetFormation(c, a) for c in able for a in FORMATION_AREAS if ex.formation.get(c) != a)]
    if ex.stage == "choose":
        out: list[Action] = [*(MoveTo(r) for r in lab.room(ex.room).exits), Camp(), *usable_items(state, able),
                             *handovers(state)]
        return [*out, GoHome()] if ex.room == lab.entrance else out
    if ex.stage == "trap_search":
        return [*(SearchTrap(c, s) for c in able for s in ("search", "wit")), SkipSearch()]
    if ex.stage == "deadline":
        return [*usable_items(state, able), *handovers(state), EndQuarter()]
    if ex.stage == "trap_found":
        return [*(TryDisarm(c) for c in able), LeaveTrap()]
    if ex.stage == "event":
        return [ChooseRoller(c) for c in able]
    if ex.stage == "meal":
        actor = ex.todo[0]
        foods: list[Action] = []
        if BOXED_LUNCH in ex.haul_items or own_lunch(state.character(actor)) is not None:
            foods.append(Eat(actor, BOXED_LUNCH))
        if ex.haul_materials.get("meat", 0) > 0:
            foods.append(Eat(actor, "meat"))
        return [*foods, GoHungry(actor)]
    if ex.stage == "loot":
        if ex.loot[0].category:
            return [finds.TakeItem(m) for m in ex.loot[0].options]
        return [TakeMaterial(m) for m in ex.loot[0].options]
    if ex.stage == "camp":
        assert ex.camp is not None
        from meikyu.systems.meikyu_kingdom.kingdom.cycle import Pass

        ready = [c for c in ex.camp.characters if ex.camp.ready(c)]
        formation: list[Action] = [SetFormation(c, a) for c in able for a in FORMATION_AREAS
                                   if ex.formation.get(c) != a]
        formation += [Trade(c, p) for c in ready for p in ex.partners]
        return [*(Rest(c) for c in ready), *usable_items(state, ready), *handovers(state), *_transports(state, ready),
                *formation, *(Pass(c) for c in ready)]
    return []


def _transports(state: SessionState, ready: list[str]) -> list[Action]:
    """Transport offers (R-MK-46): the whole haul with one minion, or with all of them; other mixes are typed."""
    _, ex = lab_of(state)
    items = ex.haul_items
    materials = tuple(sorted((m, n) for m, n in ex.haul_materials.items() if n))
    if not state.transport_rule or not (items or materials):
        return []
    out: list[Action] = []
    for ident in ready:
        have = state.character(ident).minions
        out += [Transport(ident, n, items, materials) for n in sorted({1, have}) if 1 <= n <= have]  # none without minions
    return out


__all__ = ["ACTION_TYPES", "after_check", "battle_over", "begin", "call_check", "camp_moved", "end_quarter", "legal", "step"]
