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
roller's (:mod:`.called_check`).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.formula import evaluate
from meikyu.systems.meikyu_kingdom import battle as seam
from meikyu.systems.meikyu_kingdom import table_finds as finds
from meikyu.systems.meikyu_kingdom.called_check import Call, CalledCheck
from meikyu.systems.meikyu_kingdom.check import CheckState
from meikyu.systems.meikyu_kingdom.combat.model import COURT, DEAD, INCAPACITATED
from meikyu.systems.meikyu_kingdom.cycle import Act, CycleRules, CycleState, Resolve
from meikyu.systems.meikyu_kingdom.events import MKEvent, StatusCured
from meikyu.systems.meikyu_kingdom.labyrinth import Labyrinth, Outcome, Room
from meikyu.systems.meikyu_kingdom.session_state import Expedition, Loot, SessionState
from meikyu.systems.meikyu_kingdom.voice import change_voice

QUARTERS_PER_TURN = 4
"""Ruling: a turn of the labyrinth phase is four quarters (meals are taken at each turn's end)."""
HUNGER_HP = 1
"""Ruling: a land maker who goes a turn without a meal loses this much HP (reduced, not damage, R-MK-32)."""
BOXED_LUNCH = "boxed_lunch"
LUNCH_NAMES = (BOXED_LUNCH, "도시락", "お弁当", "弁当", "Boxed Lunch", "boxed lunch")
"""An item by one of these names in a land maker's own slots is a boxed lunch too."""
FOODS = (BOXED_LUNCH, "meat")
FORMATION_AREAS = (0, 1, 2)
"""The court's own areas: HQ, rear, front (R-MK-21)."""
REST = "rest"


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
class Camp(Action):
    """The court camps here for this quarter: each able land maker has one action."""


@dataclass(frozen=True)
class Rest(Action):
    """In camp, ``actor`` rests (a planned action): poison is cured (R-MK-44)."""

    actor: str


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
class Eat(Action):
    """At a turn's end ``actor`` eats ``food``: a boxed lunch of the haul or 1 meat material."""

    actor: str
    food: str


@dataclass(frozen=True)
class GoHungry(Action):
    """At a turn's end ``actor`` skips the meal: HP is reduced (hunger), and obesity is cured (R-MK-44)."""

    actor: str


@dataclass(frozen=True)
class TakeMaterial(Action):
    """A treasure of materials: the court takes them as ``material`` from the monster's list (R-MK-43)."""

    material: str


ACTION_TYPES: tuple[type[Action], ...] = (
    SetFormation, EnterLabyrinth, MoveTo, Camp, Rest, GoHome, SearchTrap, SkipSearch, TryDisarm, LeaveTrap,
    ChooseRoller, Eat, GoHungry, TakeMaterial, finds.TakeItem,
)


# -- events --------------------------------------------------------------------------------------
class LabyrinthEvent(MKEvent):
    """Labyrinth events (``mk.lab.event.*``) carry rooms, traps and events as ``{ko, ja, en}`` names and
    show the reader's; code words read through ``mk.lab.word``, then ``mk.word``.

    >>> import meikyu.systems.meikyu_kingdom
    >>> HaulGained("mana", 1).render("en"), TrapSprung({"ja": "落とし網"}, {"ja": "網が降ってくる。"}).render("ja")
    ('The court takes 1 × mana.', '罠落とし網が発動した! 網が降ってくる。')
    """

    __slots__ = ()
    catalog_prefix: ClassVar[str] = "mk.lab."

    def _params(self, lang: str) -> dict[str, object]:
        from meikyu.i18n import lookup, translate

        params: dict[str, object] = {}
        for f in fields(self):  # type: ignore[arg-type]
            value = getattr(self, f.name)
            if isinstance(value, dict):
                value = value.get(lang) or value.get("en") or next(iter(value.values()), "")
            elif isinstance(value, str) and value:
                value = _word(f.name, value, lang, lookup, translate)
            params[f.name] = value
        return params


def _word(name: str, value: str, lang: str, lookup: Any, translate: Any) -> str:
    kind, _, level = value.partition(":")
    keys = {
        "winner": [f"mk.battle.side.{value}"],
        "outcome": [f"mk.battle.outcome.{value}"],
        "what": [f"mk.word.material_{value}", f"mk.battle.treasure.{kind}"],
    }.get(name, []) + [f"mk.lab.word.{value}", f"mk.word.{value}"]
    for key in keys:
        if lookup(key, lang) is not None:
            text = str(translate(key, lang))
            return f"{text} (Lv{level})" if level and level != "0" else text
    return finds.item_label(value, lang) if name == "what" else value


@dataclass(frozen=True)
class RoomEntered(LabyrinthEvent):
    room: dict[str, str]
    quarter: int


@dataclass(frozen=True)
class TrapNoticed(LabyrinthEvent):
    trap: dict[str, str]


@dataclass(frozen=True)
class NothingFound(LabyrinthEvent):
    """The search found nothing — there was no trap, or it was missed (the players cannot tell)."""


@dataclass(frozen=True)
class TrapDisarmed(LabyrinthEvent):
    trap: dict[str, str]
    actor: str


@dataclass(frozen=True)
class TrapSprung(LabyrinthEvent):
    trap: dict[str, str]
    text: dict[str, str]


@dataclass(frozen=True)
class RoomEventHappened(LabyrinthEvent):
    event: dict[str, str]
    result: str


@dataclass(frozen=True)
class HpChanged(LabyrinthEvent):
    actor: str
    old: int
    new: int
    reason: str


@dataclass(frozen=True)
class StatusGained(LabyrinthEvent):
    actor: str
    status: str


@dataclass(frozen=True)
class ConditionChanged(LabyrinthEvent):
    actor: str
    condition: str


@dataclass(frozen=True)
class HaulGained(LabyrinthEvent):
    what: str
    count: int


@dataclass(frozen=True)
class QuarterEnded(LabyrinthEvent):
    quarter: int


@dataclass(frozen=True)
class TurnEnded(LabyrinthEvent):
    turn: int


@dataclass(frozen=True)
class MealTaken(LabyrinthEvent):
    actor: str
    food: str


@dataclass(frozen=True)
class BattleBegins(LabyrinthEvent):
    encounter: dict[str, str]


@dataclass(frozen=True)
class BattleSettled(LabyrinthEvent):
    winner: str
    outcome: str


@dataclass(frozen=True)
class LabyrinthLeft(LabyrinthEvent):
    reason: str


# -- helpers -------------------------------------------------------------------------------------
def _err(key: str, rule: str = "R-MK-01", **params: Any) -> RuleError:
    return RuleError(rule, f"mk.error.labyrinth.{key}", **params)


def _lab(state: SessionState) -> tuple[Labyrinth, Expedition]:
    if state.labyrinth is None or state.expedition is None:
        raise _err("no_map")
    return state.labyrinth, state.expedition


def _with(state: SessionState, **changes: Any) -> SessionState:
    assert state.expedition is not None
    return replace(state, expedition=replace(state.expedition, **changes))


def _need(state: SessionState, *stages: str) -> Expedition:
    _, ex = _lab(state)
    if state.called is not None or state.battle is not None:
        raise _err("busy", stage=ex.stage)
    if ex.stage not in stages:
        raise _err("wrong_stage", stage=ex.stage, need=" / ".join(stages))
    return ex


def _able(state: SessionState, actor: str, rule: str = "R-MK-31") -> None:
    state.character(actor)
    if actor in state.conditions:
        raise _err("cannot_act", rule, actor=actor, condition=state.conditions[actor])


def _call(state: SessionState, actor: str, stat: str, difficulty: int, purpose: str, subject: str = "") -> SessionState:
    return replace(state, called=CalledCheck(Call(actor, stat, difficulty, purpose, subject=subject)))


def begin(state: SessionState) -> SessionState:
    """The labyrinth phase starts on a map: the court stands at the entrance, choosing its formation."""
    assert state.labyrinth is not None
    departed = {c.id: c.minions for c in state.court}
    formation = {c.id: seam.DEFAULT_AREA for c in state.court}
    return replace(state, expedition=Expedition(state.labyrinth.entrance, formation=formation, departed=departed))


# -- HP and effects ------------------------------------------------------------------------------
def lose_hp(state: SessionState, actor: str, amount: int, reason: str, events: list[Event]) -> SessionState:
    """HP loss outside battle. At HP ≤ 0 a land maker is incapacitated; losing more while incapacitated
    kills (R-MK-31). Ruling: outside battle the fatal-wound table is not rolled (the GM may, by hand)."""
    char = state.character(actor)
    if amount <= 0 or state.conditions.get(actor) == DEAD:
        return state
    new = replace(char, hp=char.hp - amount)
    events.append(HpChanged(actor, char.hp, new.hp, reason))
    state = state.put(new)
    cond = dict(state.conditions)
    if actor in cond:
        cond[actor] = DEAD
    elif new.hp <= 0:
        cond[actor] = INCAPACITATED
    if cond != state.conditions:
        events.append(ConditionChanged(actor, cond[actor]))
        state = replace(state, conditions=cond)
    return state


def _targets(state: SessionState, who: str, me: str, dice: Dice) -> list[str]:
    able = list(state.able())
    if who == "each":
        return able
    if who == "random":
        return [able[dice.roll(len(able)) - 1]] if len(able) > 1 else able
    return [me] if me else []


def apply(state: SessionState, outcomes: tuple[Outcome, ...], me: str, dice: Dice, events: list[Event]) -> SessionState:
    """Apply a trap's or event's effects; ``me`` is the character they concern when ``who`` is ``self``."""
    for out in outcomes:
        if out.kind == "voice":
            amount = evaluate(out.amount, dice, {})
            kingdom, said, due = change_voice(state.kingdom, amount, "event")
            events.extend(said)
            state = replace(state, kingdom=kingdom, disasters=state.disasters + int(due))
            continue
        if out.kind in ("material", "item"):
            state = _haul(state, out.name, max(1, evaluate(out.amount, dice, {})) if out.kind == "material" else 1,
                          item=out.kind == "item", events=events)
            continue
        for ident in _targets(state, out.who, me, dice):
            char = state.character(ident)
            amount = evaluate(out.amount, dice, {"hp": char.hp})
            if out.kind == "damage":
                state = lose_hp(state, ident, abs(amount), "trap", events)
            elif out.kind == "heal":
                state = _heal(state, ident, abs(amount), events)
            elif out.kind == "status":
                if out.name not in char.statuses:
                    state = state.put(replace(char, statuses=char.statuses | {out.name}))
                    events.append(StatusGained(ident, out.name))
            elif out.kind == "drive":
                if not char.has("distraction"):  # distraction bars gaining drive (R-MK-44)
                    state = state.put(char.with_drive(char.drive + amount))
            elif out.kind == "minions" and char.minions > 0:  # a minion cost works while one is left (R-MK-19)
                state = state.put(replace(char, minions=max(0, char.minions - abs(amount))))
    return state


def _heal(state: SessionState, actor: str, amount: int, events: list[Event]) -> SessionState:
    char = state.character(actor)
    if state.conditions.get(actor) == DEAD:
        return state  # the dead do not heal by normal means (R-MK-34)
    new = replace(char, hp=min(char.max_hp, char.hp + amount))
    events.append(HpChanged(actor, char.hp, new.hp, "heal"))
    state = state.put(new)
    if new.hp >= 1 and actor in state.conditions:
        cond = {k: v for k, v in state.conditions.items() if k != actor}
        events.append(ConditionChanged(actor, "ok"))
        state = replace(state, conditions=cond)
    return state


def _haul(state: SessionState, name: str, count: int, *, item: bool, events: list[Event]) -> SessionState:
    _, ex = _lab(state)
    events.append(HaulGained(name, count))
    if item:
        return _with(state, haul_items=(*ex.haul_items, *([name] * count)))
    mats = dict(ex.haul_materials)
    mats[name] = mats.get(name, 0) + count
    return _with(state, haul_materials=mats)


# -- the room sequence ---------------------------------------------------------------------------
def _arrive(state: SessionState, room: Room, events: list[Event], dice: Dice) -> SessionState:
    _, ex = _lab(state)
    events.append(RoomEntered(room.names or {"en": room.id}, ex.quarters + 1))
    return _continue(state, events, dice)


def _continue(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """Settle what is left of the current room (trap → encounter → event), then end the quarter."""
    lab, ex = _lab(state)
    room = lab.room(ex.room)
    if room.id not in ex.traps_done:
        # Every new room is a chance to search before stepping in, trap or not: asking only where a
        # trap waits would tell the players it is there (ruling).
        return _with(state, stage="trap_search")
    if room.encounter is not None and room.id not in ex.cleared:
        encounter, beasts = room.encounter, None
        if encounter.table:  # a random encounter: its table is rolled now (table_finds)
            encounter, beasts, _ = finds.random_encounter(encounter.table, sum(c.pc for c in state.court), dice)
        events.append(BattleBegins(encounter.names))
        battle = seam.start(state.court, state.conditions, ex.formation, encounter, state.kingdom.voice,
                            state.uncertain_used, state.kingdom.land_makers, beasts)
        return _with(replace(state, battle=battle, broken=()), stage="battle")
    if room.event is not None and room.id not in ex.events_done:
        if room.event.check is not None:
            return _with(state, stage="event")
        state = apply(state, room.event.effects, "", dice, events)
        events.append(RoomEventHappened(room.event.names, "done"))
        state = _with(state, events_done=(*ex.events_done, room.id))
        return _continue(state, events, dice)
    if room.id not in ex.explored:
        state = _with(state, explored=(*ex.explored, room.id))
    lab, ex = _lab(state)
    if all(r.id in ex.explored for r in lab.rooms):
        return leave(state, "explored", events)
    if not ex.previous and ex.quarters == 0:
        return _with(state, stage="choose")  # stepping in through the entrance takes no quarter (ruling)
    return end_quarter(state, events)


def end_quarter(state: SessionState, events: list[Event], dice: Dice | None = None) -> SessionState:
    """A quarter passes: poison bites (R-MK-44), deadlines fall due (R-MK-31), a turn may end (meals)."""
    _, ex = _lab(state)
    quarters = ex.quarters + 1
    turn_over = quarters % QUARTERS_PER_TURN == 0
    events.append(QuarterEnded(quarters))
    state = _with(state, quarters=quarters, camp=None, stage="choose")
    for char in state.court:
        if char.has("poison") and state.conditions.get(char.id) != DEAD:
            state = lose_hp(state, char.id, 1, "poison", events)
    deadlines = dict(state.deadlines)
    for ident, line in state.deadlines.items():
        if not line.startswith("quarter"):
            continue
        if state.character(ident).hp >= 1:
            del deadlines[ident]
            continue
        left = int(line.partition(":")[2] or 1) - 1
        if left <= 0:
            del deadlines[ident]
            state = replace(state, conditions={**state.conditions, ident: DEAD})
            events.append(ConditionChanged(ident, DEAD))
        else:
            deadlines[ident] = f"quarters:{left}"
    state = replace(state, deadlines=deadlines)
    if not state.able():
        return leave(state, "wiped_out", events)
    if turn_over:
        state = replace(state, labyrinth_turns=state.labyrinth_turns + 1)
        events.append(TurnEnded(state.labyrinth_turns))
        return _with(state, stage="meal", todo=state.able())
    return state


def leave(state: SessionState, reason: str, events: list[Event]) -> SessionState:
    """The labyrinth phase ends (R-MK-01). Going home cures every bad status (R-MK-44) and stores the haul;
    a wiped-out court loses its haul (ruling)."""
    _, ex = _lab(state)
    events.append(LabyrinthLeft(reason))
    state = replace(state, labyrinth_end=reason)
    state = _with(state, stage="done", camp=None, todo=())
    if reason == "wiped_out":
        return state
    court = []
    for char in state.court:
        for status in sorted(char.statuses):
            events.append(StatusCured(char.id, status))
        court.append(replace(char, statuses=frozenset()))
    k = state.kingdom
    mats = dict(k.materials)
    for name, count in ex.haul_materials.items():
        mats[name] = mats.get(name, 0) + count
    kingdom = replace(k, materials=mats, stored_items=(*k.stored_items, *ex.haul_items))
    # Reaching home meets every open fatal-wound deadline: the kingdom's care restores HP (ruling).
    return replace(state, court=tuple(court), kingdom=kingdom, deadlines={})


# -- steps ---------------------------------------------------------------------------------------
def step(state: SessionState, action: Action, dice: Dice) -> tuple[SessionState, tuple[Event, ...]]:
    """Apply one labyrinth-phase action (not a check answer or a battle action: the session routes those)."""
    events: list[Event] = []
    lab, ex = _lab(state)
    if isinstance(action, SetFormation):
        _need(state, "prepare", "camp")
        state.character(action.actor)
        if action.area not in FORMATION_AREAS:
            raise _err("bad_area", "R-MK-21", area=action.area)
        return _with(state, formation={**ex.formation, action.actor: action.area}), ()
    if isinstance(action, EnterLabyrinth):
        _need(state, "prepare")
        state = _with(state, stage="choose")
        return _arrive(state, lab.room(ex.room), events, dice), tuple(events)
    if isinstance(action, MoveTo):
        _need(state, "choose")
        here = lab.room(ex.room)
        if action.room not in here.exits:
            raise _err("not_adjacent", room=action.room, exits=", ".join(here.exits))
        state = _with(state, room=action.room, previous=ex.room)
        return _arrive(state, lab.room(action.room), events, dice), tuple(events)
    if isinstance(action, GoHome):
        _need(state, "choose")
        if ex.room != lab.entrance:
            raise _err("not_entrance", entrance=lab.entrance)
        return leave(state, "returned", events), tuple(events)
    if isinstance(action, Camp):
        _need(state, "choose")
        cycle = CycleState(state.able(), kind="quarter", number=ex.quarters + 1)
        return _with(state, stage="camp", camp=cycle), ()
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
        return camp_moved(state, cycle, [*said, *more])
    if isinstance(action, SearchTrap):
        _need(state, "trap_search")
        _able(state, action.actor)
        if action.stat not in ("wit", "search"):
            raise _err("bad_search_stat", "R-MK-36", stat=action.stat)
        trap = lab.room(ex.room).trap
        find = trap.find if trap is not None and trap.find else len(state.court) + 7
        return _with(_call(state, action.actor, action.stat, find, "trap_search"), searcher=action.actor), ()
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
            raise _err("not_hungry", actor=action.actor, todo=", ".join(ex.todo))
        state = _meal(state, action, events)
        _, ex = _lab(state)
        todo = tuple(t for t in ex.todo if t != action.actor)
        return _with(state, todo=todo, stage="meal" if todo else "choose"), tuple(events)
    if isinstance(action, (TakeMaterial, finds.TakeItem)):
        _need(state, "loot")
        loot = ex.loot[0]
        if isinstance(action, finds.TakeItem) and loot.category:
            item = finds.take(loot.category, action.option, dice, loot.level)
            state = _haul(state, item.stored, loot.count, item=True, events=events)
        elif isinstance(action, finds.TakeItem) or loot.category or action.material not in loot.options:
            chosen = action.option if isinstance(action, finds.TakeItem) else action.material
            raise _err("bad_material", "R-MK-43", material=chosen, options=", ".join(loot.options))
        else:
            state = _haul(state, action.material, loot.count, item=False, events=events)
        state = _with(state, loot=ex.loot[1:])
        if len(ex.loot) == 1:
            state = _with(state, stage="battle_done")
            state = _after_battle(state, events, dice)
        return state, tuple(events)
    raise _err("not_now", action=type(action).__name__, stage=ex.stage)


def camp_moved(state: SessionState, cycle: CycleState, events: list[Event]) -> tuple[SessionState, tuple[Event, ...]]:
    """The camp cycle moved on; once everyone has acted or passed, the quarter ends (R-MK-07)."""
    _, ex = _lab(state)
    assert ex.camp is not None
    if cycle.number != ex.camp.number:
        return end_quarter(state, events), tuple(events)
    return _with(state, camp=cycle), tuple(events)


def _meal(state: SessionState, action: Eat | GoHungry, events: list[Event]) -> SessionState:
    _, ex = _lab(state)
    char = state.character(action.actor)
    if isinstance(action, GoHungry):
        events.append(MealTaken(action.actor, "none"))
        if char.has("obesity"):
            state = state.put(replace(char, statuses=char.statuses - {"obesity"}))
            events.append(StatusCured(char.id, "obesity"))
        old = state.character(action.actor)
        new = replace(old, hp=old.hp - HUNGER_HP)  # reduced, not damage (R-MK-32)
        events.append(HpChanged(action.actor, old.hp, new.hp, "hunger"))
        state = state.put(new)
        if new.hp <= 0 and action.actor not in state.conditions:
            state = replace(state, conditions={**state.conditions, action.actor: INCAPACITATED})
            events.append(ConditionChanged(action.actor, INCAPACITATED))
        return state
    if action.food == BOXED_LUNCH:
        slot = _own_lunch(char)
        if slot is not None:  # the eater's own lunch first, then the court's haul
            items_left = list(char.items)
            items_left[slot] = None
            state = state.put(replace(char, items=tuple(items_left)))
        elif BOXED_LUNCH in ex.haul_items:
            items = list(ex.haul_items)
            items.remove(BOXED_LUNCH)
            state = _with(state, haul_items=tuple(items))
        else:
            raise _err("no_food", food=action.food)
    elif action.food == "meat":
        if ex.haul_materials.get("meat", 0) < 1:
            raise _err("no_food", food=action.food)
        state = _with(state, haul_materials={**ex.haul_materials, "meat": ex.haul_materials["meat"] - 1})
    else:
        raise _err("bad_food", food=action.food, foods=", ".join(FOODS))
    events.append(MealTaken(action.actor, action.food))
    return state


def _own_lunch(char: Any) -> int | None:
    for index, item in enumerate(char.items):
        if item is not None and (item.name in LUNCH_NAMES or any(n in LUNCH_NAMES for n in item.names.values())):
            return index
    return None


def _spring(state: SessionState, dice: Dice, events: list[Event]) -> SessionState:
    lab, ex = _lab(state)
    trap = lab.room(ex.room).trap
    assert trap is not None
    events.append(TrapSprung(trap.names, trap.text))
    # A trap that strikes whoever searched strikes someone at random when nobody did.
    targets = _targets(state, trap.who if ex.searcher or trap.who != "self" else "random", ex.searcher, dice)
    if trap.avoid is not None and targets:
        state = _with(state, stage="trap_avoid", todo=tuple(targets[1:]))
        return _call(state, targets[0], trap.avoid.stat, trap.avoid.difficulty, "avoid", subject=targets[0])
    for ident in targets:
        state = apply(state, trap.effects, ident, dice, events)
    return _trap_done(state, events, dice)


def _trap_done(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    _, ex = _lab(state)
    state = _with(state, traps_done=(*ex.traps_done, ex.room), todo=(), searcher="")
    return _continue(state, events, dice)


def after_check(state: SessionState, call: Call, done: CheckState, dice: Dice, events: list[Event]) -> SessionState:
    """A called check is finished: carry out what depends on it."""
    if state.expedition is None or state.labyrinth is None or call.purpose == "gm":
        return state
    lab, ex = _lab(state)
    room = lab.room(ex.room)
    if call.purpose == "trap_search":
        if room.trap is None:
            events.append(NothingFound())
            return _trap_done(state, events, dice)
        if done.success:
            events.append(TrapNoticed(room.trap.names))
            return _with(state, stage="trap_found")
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
        _, ex = _lab(state)
        able = [t for t in ex.todo if t not in state.conditions]
        if able and room.trap.avoid is not None:
            state = _with(state, todo=tuple(able[1:]))
            return _call(state, able[0], room.trap.avoid.stat, room.trap.avoid.difficulty, "avoid", subject=able[0])
        return _trap_done(state, events, dice)
    if call.purpose == "event":
        event = room.event
        assert event is not None
        state = apply(state, event.effects, call.actor, dice, events)
        state = apply(state, event.on_success if done.success else event.on_failure, call.actor, dice, events)
        events.append(RoomEventHappened(event.names, "success" if done.success else "failure"))
        state = _with(state, events_done=(*ex.events_done, room.id))
        return _continue(state, events, dice)
    return state


def battle_over(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    """The battle is over: write it back (:func:`.battle.fold_back`) and take its treasure."""
    battle = state.battle
    assert battle is not None
    court, cond, lines = seam.fold_back(state.court, state.conditions, state.deadlines, battle, state.broken)
    events.append(BattleSettled(battle.winner or "none", battle.outcome or "none"))
    if battle.winner == COURT:
        result = "won"
    elif battle.escaped == COURT or battle.surrendered == COURT or not battle.winner:
        result = "retreat"
    else:
        result = "lost"
    state = replace(state, court=court, conditions=cond, deadlines=lines, uncertain_used=battle.uncertain_used,
                    battle=None, broken=())
    state = _with(state, battle_result=result)
    loot: list[Loot] = []
    for found in battle.loot:
        if found.kind == "materials" and found.count and found.materials:
            loot.append(Loot(found.count, found.materials))
        elif found.kind == BOXED_LUNCH:
            state = _haul(state, BOXED_LUNCH, found.count or 1, item=True, events=events)
        elif category := finds.treasure_category(found.kind):  # an item: its table is rolled, or the players pick
            if finds.choices(category):
                loot.append(Loot(found.count or 1, finds.choices(category), category, found.item_level))
            else:
                item = finds.draw(category, dice, found.item_level)
                state = _haul(state, item.stored, found.count or 1, item=True, events=events)
    if loot:
        return _with(state, loot=tuple(loot), stage="loot")
    return _after_battle(_with(state, stage="battle_done"), events, dice)


def _after_battle(state: SessionState, events: list[Event], dice: Dice) -> SessionState:
    lab, ex = _lab(state)
    room = lab.room(ex.room)
    if ex.battle_result == "won":
        state = _with(state, cleared=(*ex.cleared, room.id))
        if room.encounter is not None and room.encounter.goal:
            state = replace(state, goal_met=True)
        return _continue(state, events, dice)
    if not state.able() or ex.battle_result == "lost":
        return leave(state, "wiped_out", events)
    # The court escaped (or the battle was called a draw): back to the room it came from (R-MK-37).
    state = _with(state, room=ex.previous or ex.room, previous=ex.room)
    return end_quarter(state, events)


def legal(state: SessionState) -> list[Action]:
    """What the court may do now in the labyrinth (battles and called checks are listed by the session)."""
    lab, ex = _lab(state)
    able = state.able()
    if ex.stage == "prepare":
        return [EnterLabyrinth(), *(SetFormation(c, a) for c in able for a in FORMATION_AREAS if ex.formation.get(c) != a)]
    if ex.stage == "choose":
        out: list[Action] = [*(MoveTo(r) for r in lab.room(ex.room).exits), Camp()]
        return [*out, GoHome()] if ex.room == lab.entrance else out
    if ex.stage == "trap_search":
        return [*(SearchTrap(c, s) for c in able for s in ("search", "wit")), SkipSearch()]
    if ex.stage == "trap_found":
        return [*(TryDisarm(c) for c in able), LeaveTrap()]
    if ex.stage == "event":
        return [ChooseRoller(c) for c in able]
    if ex.stage == "meal":
        actor = ex.todo[0]
        foods: list[Action] = []
        if BOXED_LUNCH in ex.haul_items or _own_lunch(state.character(actor)) is not None:
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
        from meikyu.systems.meikyu_kingdom.cycle import Pass

        ready = [c for c in ex.camp.characters if ex.camp.ready(c)]
        return [*(Rest(c) for c in ready), *(Pass(c) for c in ready)]
    return []


__all__ = ["ACTION_TYPES", "after_check", "battle_over", "begin", "camp_moved", "end_quarter", "legal", "step"]
