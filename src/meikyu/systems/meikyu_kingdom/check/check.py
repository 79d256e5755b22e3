"""The action check as a state machine (R-MK-10 … R-MK-19), built on :mod:`.rolls`.

Flow: :class:`DeclareCheck` (stat or national power, difficulty — maybe hidden —, hope dice and where
each comes from, cooperating helpers) → roll 2 + k dice → prompt ``convert_sixes`` (R-MK-14, R-MK-15:
how many 6s become hope, the best two of the dice left counting; asked only when more than one reading
is worth having, :func:`.rolls.readings`) → achievement, critical / fumble (R-MK-11) → prompt
``minion_help`` (R-MK-19) → done. Every voice change goes through :func:`.voice.change_voice`, so
disasters (R-MK-20) are counted in ``state.disasters``.

Its values (actions, options, state) are in :mod:`.state`; the automatic answers and one-shot resolution
in :mod:`.auto`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, NamedTuple

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import RuleError
from meikyu.formula import evaluate
from meikyu.systems.meikyu_kingdom.check import rolls
from meikyu.systems.meikyu_kingdom.check.state import (
    ACTIONS,
    HOPE_SOURCES,
    MAX_HOPE,
    CheckOptions,
    CheckState,
    ConvertSixes,
    DeclareCheck,
    FinishCheck,
    KeepDice,
    MinionHelp,
    Reading,
    Stakes,
    UseCheckData,
    dice_label,
    evolve,
    failed_check_data,
    help_matters,
)
from meikyu.systems.meikyu_kingdom.check.voice import change_voice
from meikyu.systems.meikyu_kingdom.effects.order import check_modifiers
from meikyu.systems.meikyu_kingdom.events import (
    CheckDeclared,
    CheckResolved,
    CooperationApplied,
    DataApplied,
    DiceKept,
    DiceRolled,
    DriveGained,
    HopeSpent,
    MinionsChanged,
    MinionsHelped,
    SixesConverted,
    StatusCured,
    VoiceChanged,
)
from meikyu.systems.meikyu_kingdom.sheets.character import STATS, Character
from meikyu.systems.meikyu_kingdom.sheets.facilities import check_bonuses
from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS


# -- the rules -----------------------------------------------------------------------------------
class CheckRules:
    """:class:`meikyu.engine.Rules` for one action check at a time."""

    id = "mk.check"
    actions = ACTIONS

    def legal_actions(self, state: CheckState) -> list[Action]:
        if state.stage == "convert":
            return list(state.conversions())
        if state.stage == "keep":
            return [KeepDice(p) for p in state._pairs()]
        if state.stage == "minions":
            return [MinionHelp(), FinishCheck()]
        if state.stage == "data":
            return [*(UseCheckData(a.source) for a in failed_check_data(state)), FinishCheck()]
        return []  # idle / done: a new DeclareCheck is always possible, and not listed

    def step(self, state: CheckState, action: Action, dice: Dice) -> tuple[CheckState, tuple[Event, ...]]:
        if isinstance(action, DeclareCheck):
            return _declare(state, action, dice)
        if isinstance(action, ConvertSixes):
            return _flow(state).convert(state, action)
        if isinstance(action, KeepDice):
            return _old_keep(state, action)
        if isinstance(action, MinionHelp):
            return _minion_help(state, dice)
        if isinstance(action, UseCheckData):
            return _use_check_data(state, action, dice)
        if isinstance(action, FinishCheck):
            if state.stage == "data":
                return _after_data(state), ()
            if state.stage != "minions":
                raise RuleError("R-MK-19", "mk.error.check.not_now", action="FinishCheck", stage=state.stage)
            return evolve(state, stage="done"), ()
        raise RuleError("R-MK-10", "mk.error.check.unknown_action", action=type(action).__name__)

    def state_to_data(self, state: CheckState) -> Any:
        return state.to_data()

    def state_from_data(self, data: Any) -> CheckState:
        return CheckState.from_data(data)


def validate(state: CheckState, act: DeclareCheck) -> None:
    """Refuse a declaration the rules do not allow (stat, difficulty, hope and who pays it)."""
    if state.stage not in ("idle", "done"):
        raise RuleError("R-MK-10", "mk.error.check.in_progress", stage=state.stage)
    national = act.stat in POWERS
    if act.stat and not national and act.stat not in STATS:
        raise RuleError("R-MK-10", "mk.error.check.bad_stat", stat=act.stat, stats=", ".join(STATS + POWERS))
    if act.difficulty is not None and not 0 <= act.difficulty <= 99:
        raise RuleError("R-MK-10", "mk.error.check.bad_difficulty", difficulty=act.difficulty)
    if len(act.hope) > MAX_HOPE:
        raise RuleError("R-MK-15", "mk.error.check.too_much_hope", hope=len(act.hope), limit=MAX_HOPE)
    for source in act.hope:
        if source not in HOPE_SOURCES:
            raise RuleError("R-MK-13", "mk.error.check.bad_hope_source", source=source)
    has_actor = any(c.id == act.actor for c in state.court)
    if not national and not has_actor:
        raise RuleError(
            "R-MK-10", "mk.error.unknown_character", id=act.actor, known=", ".join(c.id for c in state.court)
        )
    actor = state.character(act.actor) if has_actor else None
    drive_spent = act.hope.count("drive")
    voice_spent = act.hope.count("voice")
    if national and drive_spent:
        raise RuleError("R-MK-18", "mk.error.check.national_drive")
    if actor is not None and drive_spent > actor.drive:
        raise RuleError("R-MK-13", "mk.error.check.not_enough_drive", need=drive_spent, have=actor.drive)
    if voice_spent > state.kingdom.voice:
        raise RuleError("R-MK-13", "mk.error.check.not_enough_voice", need=voice_spent, have=state.kingdom.voice)


def _declare(state: CheckState, act: DeclareCheck, dice: Dice) -> tuple[CheckState, tuple[Event, ...]]:
    validate(state, act)
    national = act.stat in POWERS
    actor = state.character(act.actor) if any(c.id == act.actor for c in state.court) else None
    drive_spent = act.hope.count("drive")
    voice_spent = act.hope.count("voice")
    # Cooperation (R-MK-12): eligibility by favor vs enmity; one helper counts once.
    bonus = 0
    events: list[Event] = []
    helpers = tuple(dict.fromkeys(act.helpers))
    for helper_id in helpers:
        if actor is None:
            raise RuleError("R-MK-12", "mk.error.check.cooperation_needs_actor")
        if helper_id == act.actor:
            raise RuleError("R-MK-12", "mk.error.check.cooperate_self", id=helper_id)
        helper = state.character(helper_id)
        if helper.enmity_toward(act.actor) > helper.favor_toward(act.actor):
            raise RuleError(
                "R-MK-12",
                "mk.error.check.cooperation_enmity",
                helper=helper_id,
                target=act.actor,
                enmity=helper.enmity_toward(act.actor),
                favor=helper.favor_toward(act.actor),
            )
        gain = helper.favor_toward(act.actor)
        bonus += gain
        events.append(CooperationApplied(helper_id, act.actor, gain))

    stat_value = 0
    applied: list[Event] = []
    if national:
        stat_value = state.kingdom.power(act.stat)
        # the kingdom's constant facilities on national checks (R-MK-09; sheets.facilities)
        for fac, amount in check_bonuses(state.kingdom, act.stat, "national") if state.options.facilities else ():
            bonus += amount
            applied.append(DataApplied(state.kingdom.name, fac.name, amount, tuple(sorted(fac.names.items()))))
    elif act.stat:
        assert actor is not None
        stat_value = actor.stat(act.stat)
        # constant and equipment data on this stat's checks apply by themselves (R-MK-09)
        for data in check_modifiers(state.court, act.actor, act.stat, "", paid=state.options.monsters_paid):
            bonus += data.amount
            applied.append(DataApplied(data.owner, data.source, data.amount, data.names))
    shown = "-" if act.difficulty is None else ("?" if act.hidden else str(act.difficulty))
    declared = CheckDeclared(act.actor, act.stat, stat_value + act.modifier + bonus, shown, len(act.hope))
    events[0:0] = [declared, *applied]

    new = evolve(
        state,
        declaration=act,
        stage="rolling",
        national=national,
        bonus=stat_value + act.modifier + bonus,
        dice=(),
        converted=0,
        kept=(),
        outcome=None,
        helps=0,
    )
    # Spend hope before rolling (R-MK-15); voice through the one voice gate (R-MK-20).
    if drive_spent:
        assert actor is not None
        new = new.replace_character(replace(actor, drive=actor.drive - drive_spent))
        events.append(HopeSpent(act.actor, "drive", drive_spent))
    if voice_spent:
        kingdom, voice_events, disaster = change_voice(new.kingdom, -voice_spent, "hope")
        new = evolve(new, kingdom=kingdom, disasters=new.disasters + int(disaster))
        events.append(HopeSpent(act.actor, "voice", voice_spent))
        events.extend(voice_events)
    rolled = tuple(dice.roll(6) for _ in range(2 + len(act.hope)))
    events.append(DiceRolled(dice_label(rolled)))
    new = evolve(new, dice=rolled)
    return _flow(new).advance(new, events)


class _Flow(NamedTuple):
    """How a check asks about its 6s: what follows the roll, and an answer (the answers offered are
    :meth:`CheckState.conversions`)."""

    advance: Callable[[CheckState, list[Event]], tuple[CheckState, tuple[Event, ...]]]
    convert: Callable[[CheckState, ConvertSixes], tuple[CheckState, tuple[Event, ...]]]


def _flow(state: CheckState) -> _Flow:
    """The game's switch, read here and by :meth:`CheckState.conversions`: checks of games created before
    session 5 (:attr:`CheckOptions.sixes_prompt` off) replay with the old prompts."""
    return _ASKED if state.options.sixes_prompt else _OLD


def _ask_or_settle(state: CheckState, events: list[Event]) -> tuple[CheckState, tuple[Event, ...]]:
    """Ask about the 6s and dice only when more than one reading is worth having (R-MK-14, R-MK-15);
    otherwise take the one there is."""
    front, _auto = state.readings()
    if len(front) > 1:
        return evolve(state, stage="convert"), tuple(events)
    return _settle(evolve(state, converted=front[0].converted, kept=front[0].kept), events)


def _take_reading(state: CheckState, act: ConvertSixes) -> tuple[CheckState, tuple[Event, ...]]:
    if state.stage != "convert":
        raise RuleError("R-MK-14", "mk.error.check.not_now", action="ConvertSixes", stage=state.stage)
    front, _auto = state.readings()
    reading = next((o for o in front if o.converted == act.count), None)
    if reading is None:
        raise RuleError(
            "R-MK-14", "mk.error.check.bad_convert", convert=act.count, options=", ".join(str(o.converted) for o in front)
        )
    return _settle(evolve(state, converted=reading.converted, kept=reading.kept), [])


# -- games created before session 5 (CheckOptions.sixes_prompt off) replay with the old prompts: ------
# convert_sixes whenever a 6 could become hope, then keep_dice whenever more than one pair is left.
def _can_gain(state: CheckState) -> bool:
    """Whether turning 6s into hope gains anything (distraction bars drive, R-MK-44)."""
    if state.national:
        return True
    return state.has_actor() and not state.actor().has("distraction")


def _old_advance(state: CheckState, events: list[Event]) -> tuple[CheckState, tuple[Event, ...]]:
    if state.stage == "rolling":
        state = evolve(state, stage="convert" if state.dice.count(6) and _can_gain(state) else "keep")
    if state.stage == "keep" and len(state._pairs()) <= 1:
        pairs = state._pairs()
        return _settle(evolve(state, kept=pairs[0] if pairs else tuple(state._remaining())), events)
    return state, tuple(events)


def _old_convert(state: CheckState, act: ConvertSixes) -> tuple[CheckState, tuple[Event, ...]]:
    if state.stage != "convert":
        raise RuleError("R-MK-14", "mk.error.check.not_now", action="ConvertSixes", stage=state.stage)
    sixes = state.dice.count(6)
    if not 0 <= act.count <= sixes:
        raise RuleError("R-MK-14", "mk.error.convert_count", convert=act.count, sixes=sixes)
    return _old_advance(evolve(state, converted=act.count, stage="keep"), [])


def _old_keep(state: CheckState, act: KeepDice) -> tuple[CheckState, tuple[Event, ...]]:
    if state.stage != "keep":
        raise RuleError("R-MK-15", "mk.error.check.not_now", action="KeepDice", stage=state.stage)
    want = tuple(sorted(act.values))
    if want not in state._pairs():
        raise RuleError(
            "R-MK-15", "mk.error.check.bad_keep", kept=dice_label(want), dice=dice_label(state._remaining())
        )
    return _settle(evolve(state, kept=want), [])


_ASKED = _Flow(_ask_or_settle, _take_reading)
_OLD = _Flow(_old_advance, _old_convert)


def _settle(state: CheckState, events: list[Event]) -> tuple[CheckState, tuple[Event, ...]]:
    """Compute the achievement and apply drive / voice gains and fumble losses (R-MK-10, 11, 14, 18)."""
    decl = state.declaration
    assert decl is not None
    actor = state.actor() if state.has_actor() else None
    curse = actor is not None and actor.has("curse")
    distracted = actor is not None and actor.has("distraction")
    target = decl.difficulty
    outcome = rolls.evaluate(
        state.dice,
        state.bonus,
        target,
        state.converted,
        state.kept,
        curse=curse,
        no_drive=distracted and not state.national,
    )
    state = evolve(state, outcome=Reading(outcome.achievement, outcome.critical, outcome.fumble))
    if state.kept:
        events.append(DiceKept(dice_label(state.kept)))
    # Hope from 6s (R-MK-14) and a critical (R-MK-11): voice in national checks (R-MK-18).
    crit_gain = rolls.CRITICAL_DRIVE if outcome.critical else 0
    if state.national:
        voice_gain = state.converted + (crit_gain if state.options.national_critical_to_voice else 0)
        if state.converted:
            events.append(SixesConverted(decl.actor, state.converted, "voice", state.converted, 0))
        if voice_gain:
            kingdom, voice_events, disaster = change_voice(state.kingdom, voice_gain, "check")
            state = evolve(state, kingdom=kingdom, disasters=state.disasters + int(disaster))
            events.extend(voice_events)
        if actor is not None and outcome.critical and not state.options.national_critical_to_voice:
            state = _gain_drive(state, actor, crit_gain, events)
    elif actor is not None:
        if state.converted:
            room = max(0, actor.capacity - actor.drive)
            gained = 0 if distracted else min(room, state.converted)
            events.append(SixesConverted(actor.id, state.converted, "drive", gained, state.converted - gained))
        if outcome.drive:
            state = _gain_drive(state, actor, outcome.drive, events)
    events.append(CheckResolved(outcome.achievement, _shown(decl), _result(state)))
    # Fumble: voice −1 (R-MK-11), through the voice gate (R-MK-20).
    if outcome.fumble:
        kingdom, voice_events, disaster = change_voice(state.kingdom, -1, "fumble")
        state = evolve(state, kingdom=kingdom, disasters=state.disasters + int(disaster))
        events.extend(voice_events)
    # Distraction is cured by a critical or fumble (R-MK-44).
    if actor is not None and distracted and (outcome.critical or outcome.fumble):
        current = state.character(actor.id)
        state = state.replace_character(replace(current, statuses=current.statuses - {"distraction"}))
        events.append(StatusCured(actor.id, "distraction"))
    # Data answering a failed check is offered first (R-MK-08), then minion help after the achievement
    # (R-MK-19); neither after a fumble.
    if failed_check_data(state):
        return evolve(state, stage="data"), tuple(events)
    return _after_data(state), tuple(events)


def _after_data(state: CheckState) -> CheckState:
    """Minion help next when the roller has minions (pointless after a fumble), else the check is done."""
    if state.has_actor() and not state.fumble and state.character(state.actor().id).minions > 0 and help_matters(state):
        return evolve(state, stage="minions")
    return evolve(state, stage="done")


def _use_check_data(state: CheckState, act: UseCheckData, dice: Dice) -> tuple[CheckState, tuple[Event, ...]]:
    """The roller uses data answering their failed check (R-MK-08): its cost paid — hope from drive,
    minions as rolled (as many as are left, R-MK-19), HP (a reduction, R-MK-32) — and its achievement added;
    the check is read again."""
    if state.stage != "data":
        raise RuleError("R-MK-08", "mk.error.check.not_now", action="UseCheckData", stage=state.stage)
    found = next((a for a in failed_check_data(state) if a.source == act.data), None)
    if found is None:
        known = ", ".join(a.source for a in failed_check_data(state)) or "-"
        raise RuleError("R-MK-08", "mk.error.check.no_check_data", data=act.data, known=known)
    actor = state.actor()
    cost = found.acts.cost
    rolled = evaluate(cost.minions, dice, {}) if cost.minions else 0
    lost = min(actor.minions, rolled)
    paid = replace(actor.with_drive(actor.drive - cost.hope), minions=actor.minions - lost, hp=actor.hp - cost.hp)
    amount = sum(int(e["amount"]) for e in found.acts.of_type("achievement") if isinstance(e.get("amount"), int))
    state = evolve(state.replace_character(paid), boosts=state.boosts + amount, data_used=(*state.data_used, found.source))
    events: list[Event] = [DataApplied(actor.id, found.source, amount, tuple(sorted(found.names)))]
    if cost.hope:
        events.append(HopeSpent(actor.id, "drive", cost.hope))
    if lost:  # the data's cost, not minion help (the line before names the data)
        events.append(MinionsChanged(actor.id, actor.minions, paid.minions, "data_cost"))
    decl = state.declaration
    events.append(CheckResolved(state.achievement, _shown(decl) if decl else "-", _result(state)))
    if failed_check_data(state):
        return evolve(state, stage="data"), tuple(events)
    return _after_data(state), tuple(events)


def _gain_drive(state: CheckState, actor: Character, amount: int, events: list[Event]) -> CheckState:
    current = state.character(actor.id)
    updated = current.with_drive(current.drive + amount)
    events.append(DriveGained(actor.id, current.drive, updated.drive, current.drive + amount - updated.drive))
    return state.replace_character(updated)


def _shown(decl: DeclareCheck) -> str:
    if decl.difficulty is None:
        return "-"
    return "?" if decl.hidden else str(decl.difficulty)


def _result(state: CheckState) -> str:
    if state.critical:
        return "critical"
    if state.fumble:
        return "fumble"
    if state.success is None:
        return "unknown"
    return "success" if state.success else "failure"


def _minion_help(state: CheckState, dice: Dice) -> tuple[CheckState, tuple[Event, ...]]:
    if state.stage != "minions":
        raise RuleError("R-MK-19", "mk.error.check.not_now", action="MinionHelp", stage=state.stage)
    actor = state.actor()
    if actor.minions <= 0:
        raise RuleError("R-MK-19", "mk.error.check.no_minions", actor=actor.id)
    roll = dice.roll(6)
    lost = min(roll, actor.minions)
    updated = replace(actor, minions=actor.minions - lost)
    state = evolve(state.replace_character(updated), helps=state.helps + 1)
    event = MinionsHelped(actor.id, roll, lost, updated.minions, state.achievement)
    more = state.options.minion_help_repeatable and updated.minions > 0 and help_matters(state)
    return evolve(state, stage="minions" if more else "done"), (event, CheckResolved(
        state.achievement, _shown(state.declaration) if state.declaration else "-", _result(state)
    ))


ACTIONS_TUPLE: tuple[type[Action], ...] = (ConvertSixes, KeepDice, MinionHelp, FinishCheck, UseCheckData)
"""The answers to a running check's prompts (a caller forwards these to the check)."""

# The check's values live in .state; a caller of the check finds them here too.
__all__ = [
    "ACTIONS",
    "HOPE_SOURCES",
    "MAX_HOPE",
    "Reading",
    "Stakes",
    "ACTIONS_TUPLE",
    "CheckOptions",
    "CheckRules",
    "CheckState",
    "ConvertSixes",
    "DeclareCheck",
    "FinishCheck",
    "KeepDice",
    "MinionHelp",
    "UseCheckData",
    "VoiceChanged",
    "validate",
]
