"""A check the rules call for, with every choice left to the player (R-MK-13, R-MK-15, R-MK-19).

Traps, events, camp actions and GM calls name who rolls, the stat and the difficulty; the roller then
answers prompts one by one: ``declare_check`` (how much hope, and whether from drive or the court's
voice), ``voice_consent`` when voice is asked for and other players share it (the court's consent,
R-MK-13), then the check's own prompts (``convert_sixes`` — which 6s become hope, the best two dice
left counting, asked only when more than one reading is worth having — and ``minion_help``) from
:mod:`.check`. Nothing is chosen for the player: :class:`CalledPolicy` answers only in simulations and
one-shot commands.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> call = CalledCheck(Call("mir", "search", 9, "trap_search"))
>>> call.prompt.kind, [a.hope for a in legal(call, s.kingdom, s.characters)][:2]
('declare_check', [(), ('voice',)])
>>> call, _ = answer(call, DeclareHope(("voice",)), s.kingdom, s.characters, ScriptedDice([]))
>>> call.prompt.kind, call.prompt.actor
('voice_consent', 'court')
>>> call, _ = answer(call, ConsentVoice(True), s.kingdom, s.characters, ScriptedDice([6, 2, 1]))
>>> call.prompt.kind, call.prompt.options, call.check.kingdom.voice  # 6+2, or the 6 as drive and 2+1
('convert_sixes', ('0', '1'), 5)
>>> call, _ = answer(call, ck.ConvertSixes(0), s.kingdom, s.characters, ScriptedDice([]))
>>> call.done, call.check.achievement, call.check.success   # 6+2, +3 search, +1 Hawk Eye; no minions to help
(True, 12, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event, Prompt
from meikyu.errors import RuleError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.meikyu_kingdom.check import check as ck
from meikyu.systems.meikyu_kingdom.check.auto import AutoPolicy
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import POWERS, Kingdom

ACTIONS = TypeRegistry()
MAX_LISTED_HOPE = 3
"""Hope choices listed in a menu (more may still be declared by hand)."""


@dataclass(frozen=True)
class Call:
    """Who rolls what, and why (``purpose`` tells the caller what to do with the result)."""

    actor: str
    stat: str
    difficulty: int | None
    purpose: str
    modifier: int = 0
    hidden: bool = False
    subject: str = ""
    """Whom the result concerns when it is not the roller (an avoid check names its target here)."""
    stakes: ck.Stakes = "result"
    """What the caller reads beyond success or failure (:attr:`.check.CheckOptions.stakes`): traps,
    room events and table effects only success or failure (R-MK-10), a transport its shortfall
    (R-MK-46), a GM's call every point (what the GM reads off it is the GM's)."""
    helpers: tuple[str, ...] = ()
    """Land makers whose accepted cooperation waited for the roller's next check (R-MK-12): each adds
    their favor toward the roller."""


@dataclass(frozen=True)
class CycleUse:
    """What the game and the cycle under way hold for a called check's roller (session 9's switches)."""

    useful_help: bool = False
    """Minion help only while it can change what the caller reads (:func:`.state.help_matters`)."""
    spent: tuple[str, ...] = ()
    """The roller's auxiliaries and interrupts used this cycle (R-MK-08: once per cycle by name)."""
    paid: tuple[str, ...] = ()
    """The roller's monster skills paid for this cycle (R-MK-17)."""


@ACTIONS.register
@dataclass(frozen=True)
class DeclareHope(Action):
    """Answer ``declare_check``: one entry per hope die, each ``drive`` or ``voice`` (R-MK-13, R-MK-15)."""

    hope: tuple[str, ...] = ()


@ACTIONS.register
@dataclass(frozen=True)
class ConsentVoice(Action):
    """The other players answer ``voice_consent``: may the roller spend the court's voice? (R-MK-13)"""

    agree: bool = True


for _cls in (ck.ConvertSixes, ck.KeepDice, ck.MinionHelp, ck.FinishCheck):
    ACTIONS.register(_cls)


@dataclass(frozen=True)
class CalledCheck:
    call: Call
    stage: str = "declare"
    """declare → (consent) → rolling → finish (the check is done: the caller applies its result)."""
    hope: tuple[str, ...] = ()
    check: ck.CheckState | None = None

    @property
    def done(self) -> bool:
        return self.stage == "finish" and self.check is not None and self.check.stage == "done"

    @property
    def prompt(self) -> Prompt | None:
        if self.stage == "declare":
            return Prompt("declare_check", self.call.actor or None)
        if self.stage == "consent":
            return Prompt("voice_consent", "court", ("agree", "refuse"))
        return None if self.check is None else self.check.prompt

    def to_data(self) -> dict[str, Any]:
        return {
            "call": to_data(self.call),
            "stage": self.stage,
            "hope": list(self.hope),
            "check": None if self.check is None else self.check.to_data(),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CalledCheck:
        raw = data.get("check")
        return cls(
            from_data(Call, data["call"]),
            str(data.get("stage", "declare")),
            tuple(data.get("hope", ())),
            None if raw is None else ck.CheckState.from_data(raw),
        )


def _others(court: Sequence[Character], actor: str) -> int:
    """Other land makers who share the voice and must consent to its use."""
    return sum(1 for c in court if c.pc and c.id != actor)


def legal(state: CalledCheck, kingdom: Kingdom, court: Sequence[Character]) -> list[Action]:
    """The answers to the open prompt, the plain one first."""
    if state.stage == "declare":
        national = state.call.stat in POWERS
        actor = next((c for c in court if c.id == state.call.actor), None)
        out: list[Action] = [DeclareHope(())]
        out += [DeclareHope(("voice",) * n) for n in range(1, min(kingdom.voice, MAX_LISTED_HOPE) + 1)]
        if actor is not None and not national:
            out += [DeclareHope(("drive",) * n) for n in range(1, min(actor.drive, MAX_LISTED_HOPE) + 1)]
        return out
    if state.stage == "consent":
        return [ConsentVoice(True), ConsentVoice(False)]
    if state.check is not None and state.check.stage != "done":
        return list(ck.CheckRules().legal_actions(state.check))
    return []


def answer(
    state: CalledCheck,
    action: Action,
    kingdom: Kingdom,
    court: Sequence[Character],
    dice: Dice,
    sixes_prompt: bool = True,
    sixes_stakes: bool = True,
    *,
    critical_drive: bool = True,
    facilities: bool = False,
    cycle: CycleUse | None = None,
) -> tuple[CalledCheck, tuple[Event, ...]]:
    """Apply one answer. The check copies ``kingdom`` and ``court`` when it rolls; the caller takes them
    back from ``state.check`` once :attr:`CalledCheck.done`. ``sixes_prompt`` is the game's switch
    (:attr:`.check.CheckOptions.sixes_prompt`; off in games created before session 5); ``sixes_stakes``
    its other one: the check weighs the call's :attr:`Call.stakes` (off in games created before
    session 6, which weigh every point); ``critical_drive`` off keeps games created before session 7
    giving a national check's critical to voice (:attr:`.check.CheckOptions.national_critical_to_voice`);
    ``facilities`` on lets the kingdom's constant facilities add to national checks (session 8); ``cycle``
    what the cycle under way holds for the roller (session 9: minion help only while it matters, data
    used this cycle, monster skills paid for)."""
    if isinstance(action, DeclareHope):
        if state.stage != "declare":
            raise RuleError("R-MK-15", "mk.error.called.not_now", stage=state.stage)
        if "voice" in action.hope and _others(court, state.call.actor):
            # Validate the declaration now, so a consent is never asked for hope that cannot be paid.
            _declaration(state, action.hope, kingdom, court)
            return replace(state, stage="consent", hope=action.hope), ()
        return _roll(state, action.hope, kingdom, court, dice, sixes_prompt, sixes_stakes, critical_drive, facilities, cycle)
    if isinstance(action, ConsentVoice):
        if state.stage != "consent":
            raise RuleError("R-MK-13", "mk.error.called.not_now", stage=state.stage)
        if not action.agree:
            return replace(state, stage="declare", hope=()), ()
        return _roll(state, state.hope, kingdom, court, dice, sixes_prompt, sixes_stakes, critical_drive, facilities, cycle)
    if state.check is None or state.check.stage == "done" or not isinstance(action, ck.ACTIONS_TUPLE):
        raise RuleError("R-MK-10", "mk.error.called.not_now", stage=state.stage)
    new, events = ck.CheckRules().step(state.check, action, dice)
    return replace(state, check=new, stage="finish" if new.stage == "done" else "rolling"), events


def _declaration(
    state: CalledCheck, hope: tuple[str, ...], kingdom: Kingdom, court: Sequence[Character]
) -> ck.DeclareCheck:
    c = state.call
    decl = ck.DeclareCheck(c.actor, c.stat, c.difficulty, c.modifier, c.hidden, hope, c.helpers)
    # A dry run against a scratch state raises exactly the errors the real roll would.
    ck.validate(ck.CheckState(kingdom, tuple(court)), decl)
    return decl


def _roll(
    state: CalledCheck,
    hope: tuple[str, ...],
    kingdom: Kingdom,
    court: Sequence[Character],
    dice: Dice,
    sixes_prompt: bool,
    sixes_stakes: bool,
    critical_drive: bool = True,
    facilities: bool = False,
    cycle: CycleUse | None = None,
) -> tuple[CalledCheck, tuple[Event, ...]]:
    decl = _declaration(state, hope, kingdom, court)
    stakes: ck.Stakes = state.call.stakes if sixes_stakes else "achievement"
    use = cycle or CycleUse()
    options = ck.CheckOptions(sixes_prompt=sixes_prompt, stakes=stakes,
                              national_critical_to_voice=not critical_drive, facilities=facilities,
                              useful_help=use.useful_help, monsters_paid=use.paid)
    fresh = ck.CheckState(kingdom, tuple(court), options=options, data_used=use.spent)
    new, events = ck.CheckRules().step(fresh, decl, dice)
    return replace(state, check=new, hope=hope, stage="finish" if new.stage == "done" else "rolling"), events


class CalledPolicy:
    """For simulations and one-shot commands only: no hope, consent given, then :class:`~meikyu.systems.meikyu_kingdom.check.auto.AutoPolicy`."""

    def __init__(self) -> None:
        self._auto = AutoPolicy()

    def choose(self, state: CalledCheck, legal_actions: Sequence[Action]) -> Action:
        if state.stage in ("declare", "consent") or state.check is None:
            return legal_actions[0]
        return self._auto.choose(state.check, legal_actions)
