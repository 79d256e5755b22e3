"""Applying kingdom-side table effects one by one (the loop of :class:`~meikyu.systems.meikyu_kingdom.kingdom.effects.EffectRules`).

Mechanical effects change the kingdom and court directly; an effect somebody must choose about opens
a prompt, and a check the table calls for opens a called check (:mod:`~meikyu.systems.meikyu_kingdom.check.called`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.formula import evaluate
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.events import (
    CitizensChanged,
    GmDecisionNeeded,
    KingdomChanged,
    MinionsChanged,
)
from meikyu.systems.meikyu_kingdom.kingdom.effect_state import (
    MATERIALS,
    STAR_FRAGMENT_NAMES,
    EffectState,
    Frame,
    Pending,
)
from meikyu.systems.meikyu_kingdom.labyrinth import finds
from meikyu.systems.meikyu_kingdom.sheets import facilities
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS, Kingdom, LandMap, adjacent, shift_relation
from meikyu.systems.meikyu_kingdom.tables.effects import BAD_STATUSES
from meikyu.tables import Effect


def live_sheets(state: EffectState) -> tuple[Kingdom, tuple[Character, ...]]:
    """The kingdom and court as the running check has them (hope paid, minions spent), else as they are."""
    check = state.called.check if state.called is not None else None
    return (check.kingdom, check.court) if check is not None else (state.kingdom, state.court)


def answer_check(state: EffectState, action: Action, dice: Dice, events: list[Event]) -> EffectState:
    """One answer to the called check; once it is done its result is applied and its branch queued."""
    if state.called is None or state.called_frame is None:
        raise RuleError("R-MK-10", "mk.error.called.nothing", action=type(action).__name__)
    kingdom, court = live_sheets(state)
    called, said = cc.answer(state.called, action, kingdom, court, dice, state.sixes_prompt, state.sixes_stakes,
                             critical_drive=state.seed_review, facilities=state.data_acts,
                             cycle=cc.CycleUse(useful_help=state.useful_help))
    events.extend(said)
    if not called.done:
        return replace(state, called=called)
    done = called.check
    assert done is not None
    frame = state.called_frame
    state = replace(state, called=None, called_frame=None, kingdom=done.kingdom, court=done.court,
                    disasters=state.disasters + done.disasters)
    if frame.effect.type == "_single_check":
        state = replace(state, successes=state.successes + int(bool(done.success)))
    return _push(state, frame.effect.effects("on_success" if done.success else "on_failure"), frame.who)


# -- the loop ------------------------------------------------------------------------------------
def run_queue(state: EffectState, dice: Dice, events: list[Event]) -> EffectState:
    """Apply queued effects until the queue is empty or a prompt opens."""
    while not state.waiting and state.queue:
        frame, rest = state.queue[0], state.queue[1:]
        state = _apply(replace(state, queue=rest), frame, dice, events)
    return state


def _push(state: EffectState, effects: Sequence[Effect], who: str) -> EffectState:
    return replace(state, queue=tuple(Frame(e, who) for e in effects) + state.queue)


def _ask(state: EffectState, kind: str, options: Sequence[str], frame: Frame, actor: str = "gm") -> EffectState:
    return replace(state, pending=Pending(kind, actor, tuple(options), frame))


def _pick(dice: Dice, items: Sequence[Any]) -> Any:
    """A uniformly random element, drawn with one die of len(items) sides."""
    return items[dice.roll(len(items)) - 1] if len(items) > 1 else items[0]


def _amount(state: EffectState, frame: Frame, dice: Dice, name: str = "amount") -> int:
    value = frame.effect.get(name, 0)
    return evaluate(value, dice, state.env(frame.who))  # type: ignore[arg-type]


def _targets(state: EffectState, frame: Frame, dice: Dice) -> list[str]:
    who = str(frame.effect.get("who", "self"))
    ids = [c.id for c in state.court]
    if who == "self":
        return [frame.who] if frame.who in ids else []
    if who == "each_court":
        return ids
    if who == "random_court":
        return [_pick(dice, ids)] if ids else []
    raise RuleError("R-MK-20", "mk.error.effects.not_here", effect=f"{frame.effect.type}/{who}")


def _set_kingdom(state: EffectState, kingdom: Kingdom, fld: str, reason: str, events: list[Event]) -> EffectState:
    old, new = getattr(state.kingdom, fld), getattr(kingdom, fld)
    if old != new:
        events.append(KingdomChanged(fld, str(old), str(new), reason))
    return replace(state, kingdom=kingdom)


def _voice(state: EffectState, delta: int, events: list[Event]) -> EffectState:
    kingdom, voice_events, disaster = change_voice(state.kingdom, delta, "table")
    events.extend(voice_events)
    return replace(state, kingdom=kingdom, disasters=state.disasters + int(disaster))


def _citizens(state: EffectState, delta: int, reason: str, events: list[Event]) -> EffectState:
    old = state.kingdom.citizens
    new = max(0, old + delta)
    if new != old:
        events.append(CitizensChanged(old, new, reason))
    return replace(state, kingdom=replace(state.kingdom, citizens=new))


def _all_facilities(kingdom: Kingdom, room_only: bool = False) -> list[tuple[int, str, str]]:
    out = []
    for index, land in enumerate(kingdom.maps):
        for room, names in land.rooms.items():
            for name in names:
                fac = facilities.catalog().get(name)
                if room_only and fac is not None and fac.kind != "room":
                    continue
                out.append((index, room, name))
    return out


def _remove_facility(state: EffectState, where: tuple[int, str, str], events: list[Event]) -> EffectState:
    index, room, name = where
    land = state.kingdom.maps[index]
    left = list(land.facilities(room))
    left.remove(name)
    rooms = dict(land.rooms)
    rooms[room] = tuple(left)
    events.append(KingdomChanged("facility", f"{index + 1}:{room}:{name}", "-", "table"))
    return replace(state, kingdom=state.kingdom.with_map(index, replace(land, rooms=rooms)))


def _lose_map(state: EffectState, index: int, events: list[Event]) -> EffectState:
    maps = list(state.kingdom.maps)
    lost = maps.pop(index)
    events.append(KingdomChanged("territory", lost.name, "-", "table"))
    return replace(state, kingdom=replace(state.kingdom, maps=tuple(maps)))


def _ruling(state: EffectState, frame: Frame, detail: str, events: list[Event]) -> EffectState:
    events.append(GmDecisionNeeded(frame.effect.type, detail))
    state = replace(state, rulings=(*state.rulings, f"{frame.effect.type}: {detail}".strip()))
    return _ask(state, "gm_ruling", ("done",), frame)


def _national_check(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    """A national-power check by the table's roller (R-MK-18): it waits for the roller's choices."""
    power = str(frame.effect["power"])
    actor = state.roller if any(c.id == state.roller for c in state.court) else ""
    return _call(state, frame, actor, power, _amount(state, frame, dice, "difficulty"))


def _character_check(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    """Each character in ``who`` checks (R-MK-10); nested lists per character, ``after`` once."""
    eff = frame.effect
    targets = _targets(state, frame, dice)
    single = Effect("_single_check", eff.params)
    after = Effect("_after_checks", (("effects", eff.effects("after")),))
    frames = [Frame(single, t) for t in targets] + [Frame(after, frame.who)]
    return replace(state, successes=0, queue=tuple(frames) + state.queue)


def _single_check(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    difficulty = _amount(state, frame, dice, "difficulty")
    return _call(state, frame, frame.who, str(frame.effect["stat"]), difficulty)


def _call(state: EffectState, frame: Frame, actor: str, stat: str, difficulty: int) -> EffectState:
    """Open a called check (its result is applied by :func:`answer_check`)."""
    # Refuse what the check would refuse (an unknown stat …) before anything waits on it.
    ck.validate(ck.CheckState(state.kingdom, state.court), ck.DeclareCheck(actor, stat, difficulty))
    call = cc.Call(actor, stat, difficulty, "table")
    return replace(state, called=cc.CalledCheck(call), called_frame=frame)


def _minions(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    """Minions change; a random loss works while at least one minion is there (R-MK-19);
    deserters go home and become citizens again (R-MK-45)."""
    eff = frame.effect
    for ident in _targets(state, frame, dice):
        char = state.character(ident)
        if char.minions == 0 and eff.effects("if_none"):
            state = _push(state, eff.effects("if_none"), ident)
            continue
        if char.minions == 0 and str(eff.get("amount", "")).lstrip().startswith("-"):
            continue  # nothing to lose: a random minion cost does not work at 0 (R-MK-19)
        delta = _amount(state, Frame(eff, ident), dice)
        new = max(0, char.minions + delta)
        lost = char.minions - new
        state = state.put(replace(char, minions=new))
        events.append(MinionsChanged(ident, char.minions, new, "desertion" if eff.get("desert") else "table"))
        if eff.get("desert") and lost > 0:
            state = _citizens(state, lost, "desertion", events)
        state = _push(state, eff.effects("then"), ident)
    return state


def _apply(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    eff = frame.effect
    kind = eff.type
    k = state.kingdom
    if kind == "if":
        cond = str(eff["condition"])
        holds = {
            "goal_met": state.goal_met,
            "is_vassal": bool(k.vassal_of),
            "known_land": state.known_land,
            "monster_side": False,
        }[cond]
        return _push(state, eff.effects("then" if holds else "otherwise"), frame.who)
    if kind == "roll_against":
        rolled = _amount(state, frame, dice, "roll")
        limit = _amount(state, frame, dice, "at_most")
        return _push(state, eff.effects("then" if rolled <= limit else "otherwise"), frame.who)
    if kind == "national_check":
        return _national_check(state, frame, dice, events)
    if kind == "check":
        return _character_check(state, frame, dice, events)
    if kind == "_single_check":
        return _single_check(state, frame, dice, events)
    if kind == "_after_checks":
        return _push(state, eff.effects("effects"), frame.who)
    if kind == "citizens":
        delta = _amount(state, frame, dice)
        material = eff.get("saved_by_material")
        have = k.materials.get(str(material), 0) if material else 0
        if delta < 0 and have > 0:
            most = min(have, -delta)
            options = [str(n) for n in range(most, -1, -1)]
            carried = Effect("_citizens_loss", (("loss", -delta), ("material", material)))
            return _ask(state, "spend_material", options, Frame(carried, frame.who), actor="players")
        return _citizens(state, delta, "table", events)
    if kind == "voice":
        return _voice(state, _amount(state, frame, dice), events)
    if kind in ("budget", "upkeep"):
        value = max(0, getattr(k, kind) + _amount(state, frame, dice))
        return _set_kingdom(state, _with(k, kind, value), kind, "table", events)
    if kind == "national_power":
        if eff["power"] == "chosen":
            return _ask(state, "choose_power", POWERS, frame, actor="players")
        power = str(eff["power"])
        value = max(0, k.power(power) + _amount(state, frame, dice))
        return _set_kingdom(state, _with(k, power, value), power, "table", events)
    if kind == "relations":
        nations = sorted(k.relations)
        if not nations:
            return state
        how = eff["nations"]
        if how == "chosen":
            return _ask(state, "choose_nation", nations, frame, actor="players")
        chosen = nations if how == "all_known" else [_pick(dice, nations)]
        return _shift(state, chosen, int(eff["steps"]), events)  # type: ignore[call-overload]
    if kind == "envoy":
        nations = sorted(k.relations)
        if not nations:
            return state
        nation = _pick(dice, nations)
        options = ["refuse"] + [f"accept:{cost}" for cost in range(0, k.budget + 1)]
        carried = Effect("_envoy", (("nation", nation),))
        events.append(GmDecisionNeeded("envoy", nation))
        return _ask(state, "envoy", options, Frame(carried, frame.who))
    if kind == "vassalage":
        if eff["action"] == "leave":
            return _set_kingdom(state, replace(k, vassal_of=""), "vassal_of", "table", events)
        return _ask(state, "name_great_power", (), frame)
    if kind == "facility_lost":
        room_only = eff.get("facility_type") == "room"
        found = _all_facilities(k, room_only)
        if not found:
            return state
        if eff["pick"] == "random":
            return _remove_facility(state, _pick(dice, found), events)
        return _ask(state, "choose_facility", [f"{m}:{r}:{n}" for m, r, n in found], frame, actor="players")
    if kind == "facility_copy":
        options = []
        for index, land in enumerate(k.maps):
            for room, names in land.rooms.items():
                for name in names:
                    for other in land.rooms:
                        if adjacent(room, other) and land.joined(room, other) and not land.facilities(other):
                            options.append(f"{index}:{other}:{name}")
        if not options:
            return state
        return _ask(state, "choose_facility_copy", options, frame, actor="players")
    if kind == "territory_lost":
        if not k.maps:
            return state
        if eff["pick"] == "random":
            return _lose_map(state, _pick(dice, list(range(len(k.maps)))), events)
        # Which territories face unknown land is not on the kingdom sheet: the GM points one out.
        return _ask(state, "choose_territory", [str(i) for i in range(len(k.maps))], frame)
    if kind == "talents":
        delta = _amount(state, frame, dice)
        if delta >= 0:
            return _ask(state, "name_talent", (), frame, actor="players") if delta else state
        if not k.talents:
            return state
        if eff.get("pick") == "random":
            return _drop_talent(state, _pick(dice, list(k.talents)), events)
        return _ask(state, "choose_talent", k.talents, frame, actor="players")
    if kind == "minions":
        return _minions(state, frame, dice, events)
    if kind == "drive":
        for ident in _targets(state, frame, dice):
            char = state.character(ident)
            if char.has("distraction") and _amount(state, frame, dice) > 0:
                continue  # distraction: no drive from effects either (R-MK-44)
            changed = char.with_drive(char.drive + _amount(state, Frame(eff, ident), dice))
            state = state.put(changed)
            if changed.drive != char.drive:
                events.append(KingdomChanged(f"drive/{ident}", str(char.drive), str(changed.drive), "table"))
        return state
    if kind in ("bad_status", "cure_status"):  # outside battle (a battle's pieces have their own, R-MK-44)
        for ident in _targets(state, frame, dice):
            char = state.character(ident)
            status = str(eff.get("status", ""))
            if status == "random":
                status = _pick(dice, BAD_STATUSES)
            if kind == "bad_status" and status not in char.statuses:
                state = state.put(replace(char, statuses=char.statuses | {status}))
                events.append(KingdomChanged(f"status/{ident}", "-", status, "table"))
            for cured in sorted(char.statuses & ({status} if status else char.statuses)) * (kind == "cure_status"):
                state = state.put(replace(state.character(ident), statuses=state.character(ident).statuses - {cured}))
                events.append(KingdomChanged(f"status/{ident}", cured, "-", "table"))  # no status named: every one
        return state
    if kind == "hp":
        for ident in _targets(state, frame, dice):
            char = state.character(ident)
            delta = _amount(state, Frame(eff, ident), dice)
            state = state.put(replace(char, hp=min(char.max_hp, char.hp + delta)))
            events.append(KingdomChanged(f"hp/{ident}", str(char.hp), str(min(char.max_hp, char.hp + delta)), "table"))
        return state
    if kind == "favor":
        toward = eff["toward"]
        targets = _targets(state, frame, dice)
        if toward == "random":
            for ident in targets:
                others = [c.id for c in state.court if c.id != ident]
                if others:
                    state = _favor(state, ident, _pick(dice, others), _amount(state, frame, dice))
            return state
        # chosen: each character picks; chosen_by_others: the other players pick for them.
        frames = tuple(Frame(Effect("_favor_pick", eff.params), t) for t in targets)
        return replace(state, queue=frames + state.queue)
    if kind == "_favor_pick":
        others = [c.id for c in state.court if c.id != frame.who]
        if not others:
            return state
        actor = frame.who if frame.effect.get("toward") == "chosen" else "players"
        return _ask(state, "choose_favor_target", others, frame, actor=actor)
    if kind == "materials":
        material = str(eff["material"])
        amount = _amount(state, frame, dice)
        if material in ("chosen", "from_monster"):
            carried = Effect("_materials", (("amount", amount),))
            return _ask(state, "choose_material", MATERIALS, Frame(carried, frame.who), actor="players")
        return _add_material(state, material, amount, events)
    if kind == "gain_item":  # the item tables are rolled here (table_finds); a pick waits for the players
        category, level = str(eff.get("category") or ""), int(eff.get("level") or 0)  # type: ignore[call-overload]
        if eff.get("item"):
            return _store_item(state, finds.Found(str(eff["item"]), category, level=level), events)
        if finds.choices(category):
            return _ask(state, "choose_item", finds.choices(category), frame, actor="players")
        return _store_item(state, finds.draw(category, dice, level), events)
    if kind == "break_item":
        return _break_item(state, frame, dice, events)
    if kind in ("gm_ruling", "territory_swap", "nations_annex", "unknown_land_becomes", "monster_citizens_leave",
                "move_court", "time"):
        detail = ""
        if kind == "unknown_land_becomes":
            results = tuple(str(r) for r in eff["results"])  # type: ignore[attr-defined]
            rolled = _amount(state, frame, dice, "roll")
            detail = results[min(len(results), max(1, rolled)) - 1]
        elif kind == "time":
            detail = str(_amount(state, frame, dice, "quarters"))
        elif kind == "nations_annex" and eff.get("count") is not None:
            detail = str(_amount(state, frame, dice, "count"))
        return _ruling(state, frame, detail, events)
    if kind == "annex_land":
        cost = int(eff["cost"])  # type: ignore[call-overload]
        answers = ("pay", "decline") if k.budget >= cost else ("decline",)
        return _ask(state, "annex_land", answers, frame, actor="players")
    if kind == "market_price":
        events.append(GmDecisionNeeded("market_price", str(eff["material"])))
        return state
    raise RuleError("R-MK-20", "mk.error.effects.not_here", effect=kind)


def _store_item(state: EffectState, found: finds.Found, events: list[Event]) -> EffectState:
    """The item goes to the kingdom's stored items (``id`` or ``id:level``)."""
    k = state.kingdom
    events.append(KingdomChanged("stored_items", "-", found.stored, "table"))
    return replace(state, kingdom=replace(k, stored_items=(*k.stored_items, found.stored)))


def _with(kingdom: Kingdom, name: str, value: int) -> Kingdom:
    """The kingdom with the integer field ``name`` (a power, budget, upkeep) set to ``value``."""
    changes: dict[str, Any] = {name: value}
    return replace(kingdom, **changes)


def _shift(state: EffectState, nations: Sequence[str], steps: int, events: list[Event]) -> EffectState:
    relations = dict(state.kingdom.relations)
    for nation in nations:
        new = shift_relation(relations[nation], steps)
        if new != relations[nation]:
            events.append(KingdomChanged(f"relation/{nation}", relations[nation], new, "table"))
        relations[nation] = new
    return replace(state, kingdom=replace(state.kingdom, relations=relations))


def _drop_talent(state: EffectState, talent: str, events: list[Event]) -> EffectState:
    talents = list(state.kingdom.talents)
    talents.remove(talent)
    events.append(KingdomChanged("talent", talent, "-", "table"))
    return replace(state, kingdom=replace(state.kingdom, talents=tuple(talents)))


def _favor(state: EffectState, ident: str, toward: str, amount: int) -> EffectState:
    char = state.character(ident)
    favor = dict(char.favor)
    favor[toward] = max(0, favor.get(toward, 0) + amount)
    return state.put(replace(char, favor=favor))


def _add_material(state: EffectState, material: str, amount: int, events: list[Event]) -> EffectState:
    materials = dict(state.kingdom.materials)
    old = materials.get(material, 0)
    materials[material] = max(0, old + amount)
    events.append(KingdomChanged(f"material/{material}", str(old), str(materials[material]), "table"))
    return replace(state, kingdom=replace(state.kingdom, materials=materials))


def _break_item(state: EffectState, frame: Frame, dice: Dice, events: list[Event]) -> EffectState:
    eff = frame.effect
    which = eff["item"]
    for ident in _targets(state, frame, dice):
        char = state.character(ident)
        slots = [
            i
            for i, item in enumerate(char.items)
            if item is not None
            and (
                (which == "star_fragment" and (item.name in STAR_FRAGMENT_NAMES
                                               or set(item.names.values()) & set(STAR_FRAGMENT_NAMES)))
                or (which in ("random_equipped", "random_breakable") and item.breakable)
            )
        ]
        if not slots:
            state = _push(state, eff.effects("if_none"), ident)
            continue
        slot = _pick(dice, slots)
        items = list(char.items)
        broken = items[slot]
        items[slot] = None
        state = state.put(replace(char, items=tuple(items)))
        events.append(KingdomChanged(f"item/{ident}", broken.name if broken else "?", "-", "table"))
        state = _push(state, eff.effects("then"), ident)
    return state


def apply_choice(state: EffectState, pending: Pending, option: str, dice: Dice, events: list[Event]) -> EffectState:
    """Carry out the effect that waited for ``option``."""
    frame = pending.frame
    eff = frame.effect
    k = state.kingdom
    if pending.kind == "spend_material":
        spent = int(option)
        loss = int(eff["loss"])  # type: ignore[call-overload]
        material = str(eff["material"])
        if spent:
            state = _add_material(state, material, -spent, events)
        return _citizens(state, -(loss - spent), "table", events)
    if pending.kind == "choose_power":
        value = max(0, k.power(option) + _amount(state, frame, dice))
        return _set_kingdom(state, _with(k, option, value), option, "table", events)
    if pending.kind == "choose_nation":
        return _shift(state, [option], int(eff["steps"]), events)  # type: ignore[call-overload]
    if pending.kind == "envoy":
        nation = str(eff["nation"])
        if option == "refuse":
            return _shift(state, [nation], -1, events)
        cost = int(option.split(":", 1)[1])
        state = _set_kingdom(state, replace(k, budget=k.budget - cost), "budget", "envoy", events)
        return _shift(state, [nation], 1, events)
    if pending.kind == "name_great_power":
        return _set_kingdom(state, replace(k, vassal_of=option.strip()), "vassal_of", "table", events)
    if pending.kind == "choose_facility":
        m, room, name = option.split(":", 2)
        return _remove_facility(state, (int(m), room, name), events)
    if pending.kind == "choose_facility_copy":
        m, room, name = option.split(":", 2)
        land = k.maps[int(m)]
        rooms = dict(land.rooms)
        rooms[room] = (*rooms.get(room, ()), name)
        events.append(KingdomChanged("facility", "-", f"{int(m) + 1}:{room}:{name}", "table"))
        return replace(state, kingdom=k.with_map(int(m), replace(land, rooms=rooms)))
    if pending.kind == "choose_territory":
        return _lose_map(state, int(option), events)
    if pending.kind == "name_talent":
        events.append(KingdomChanged("talent", "-", option.strip(), "table"))
        return replace(state, kingdom=replace(k, talents=(*k.talents, option.strip())))
    if pending.kind == "choose_talent":
        return _drop_talent(state, option, events)
    if pending.kind == "choose_favor_target":
        return _favor(state, frame.who, option, _amount(state, frame, dice))
    if pending.kind == "choose_item":
        level = int(eff.get("level") or 0)  # type: ignore[call-overload]
        return _store_item(state, finds.take(str(eff["category"]), option, dice, level), events)
    if pending.kind == "choose_material":
        return _add_material(state, option, int(eff["amount"]), events)  # type: ignore[call-overload]
    if pending.kind == "annex_land":
        if option == "decline":
            return state
        cost = int(eff["cost"])  # type: ignore[call-overload]
        passages = _amount(state, frame, dice, "passages")
        state = _set_kingdom(state, replace(k, budget=k.budget - cost), "budget", "annex", events)
        new_land = LandMap.from_rooms(f"territory {len(k.maps) + 1}", {})
        state = replace(state, kingdom=replace(state.kingdom, maps=(*state.kingdom.maps, new_land)))
        events.append(GmDecisionNeeded("draw_passages", str(passages)))
        return replace(state, rulings=(*state.rulings, f"draw_passages: {passages}"))
    if pending.kind == "gm_ruling":
        return state
    raise RuleError("R-MK-20", "mk.error.effects.not_here", effect=pending.kind)
