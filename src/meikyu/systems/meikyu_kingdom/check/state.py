"""The action check's values (R-MK-10 … R-MK-19): its actions, its options and its state, with their JSON
form. The machine that steps them is :mod:`.check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Literal

from meikyu.engine import Action, Prompt
from meikyu.errors import InputError
from meikyu.serial import TypeRegistry, from_data, to_data
from meikyu.systems.meikyu_kingdom.check import rolls
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

ACTIONS = TypeRegistry()

HOPE_SOURCES = ("voice", "drive")
Stakes = Literal["achievement", "shortfall", "result"]
"""What a check's achievement is used for beyond success or failure (:attr:`CheckOptions.stakes`)."""
MAX_HOPE = 10
"""A sanity bound on hope dice per check (2 + 10 dice), far beyond any real sheet."""


# -- actions -------------------------------------------------------------------------------------
@ACTIONS.register
@dataclass(frozen=True)
class DeclareCheck(Action):
    """Declare a check.

    ``actor`` is the character who rolls (for a national check, any player's character or ``""``);
    ``stat`` a character stat (wit/charm/search/valor), a national power (life/order/culture/military)
    or ``""`` with only ``modifier``; ``modifier`` adds to the stat; ``difficulty`` ``None`` for none;
    ``hidden`` keeps the difficulty from the players (the GM still resolves success); ``hope`` one
    entry per hope die, each ``"voice"`` or ``"drive"`` (R-MK-13, R-MK-15); ``helpers`` the ids of
    characters whose accepted cooperation applies (R-MK-12).
    """

    actor: str
    stat: str = ""
    difficulty: int | None = None
    modifier: int = 0
    hidden: bool = False
    hope: tuple[str, ...] = ()
    helpers: tuple[str, ...] = ()


@ACTIONS.register
@dataclass(frozen=True)
class ConvertSixes(Action):
    """Turn ``count`` of the 6s into drive (voice in a national check) and use the best two dice left
    (R-MK-14, R-MK-15): one of the readings the ``convert_sixes`` prompt offers."""

    count: int


@ACTIONS.register
@dataclass(frozen=True)
class KeepDice(Action):
    """Use these dice values for the achievement (R-MK-15): the ``keep_dice`` prompt of games created
    before session 5 (:attr:`CheckOptions.sixes_prompt` off); refused in newer games."""

    values: tuple[int, ...]


@ACTIONS.register
@dataclass(frozen=True)
class MinionHelp(Action):
    """Roll 1D6, lose that many minions (at least one must be there), +1 achievement (R-MK-19)."""


@ACTIONS.register
@dataclass(frozen=True)
class FinishCheck(Action):
    """No (more) minion help: the check is over. Asked about data after a failure: none is used."""


@ACTIONS.register
@dataclass(frozen=True)
class UseCheckData(Action):
    """The roller's check failed: use ``data``, an auxiliary (or interrupt) of theirs answering a failed
    check of this stat (``trigger = "own_check_failed"``), for its cost and its achievement (R-MK-08)."""

    data: str


# -- state ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """The dice read once conversion and the kept pair are settled (before minion help)."""

    achievement: int
    """Dice used + modifiers; 0 on a fumble (R-MK-11)."""
    critical: bool = False
    fumble: bool = False


@dataclass(frozen=True)
class CheckOptions:
    minion_help_repeatable: bool = True
    """R-MK-19 ruling: minion help may be repeated on the same check."""
    national_critical_to_voice: bool = False
    """A critical on a national check gives its +2 drive to the roller, as every critical does
    (R-MK-11): the national rule (R-MK-18) redirects only the 6s turned into hope. On, the other
    reading (the +2 to voice) — how games created before session 7 were played."""
    sixes_prompt: bool = False
    """One ``convert_sixes`` prompt, asked only when more than one reading is worth having, the best two
    dice left counting (R-MK-14/15); new games set it. Off (the default, so checks saved before session
    5 load as they were): the old ``convert_sixes`` whenever a 6 could become hope, then ``keep_dice``."""
    stakes: Stakes = "achievement"
    """What this check's achievement is used for, beyond success or failure, when its readings are
    weighed (:func:`.rolls.readings`): ``achievement`` every point (the default: a check on its own, and
    every check of games created before session 6); ``shortfall`` how far a failure falls short (a
    transport's lost citizens, R-MK-46); ``result`` only success or failure — though a failure that
    minion help could still turn counts by how close it comes (R-MK-19). A called check takes it from
    its :class:`~meikyu.systems.meikyu_kingdom.check.called.Call`."""
    facilities: bool = False
    """The kingdom's constant facilities add to national checks (R-MK-09; games created since session 8).
    Off (the default, so checks saved before load as they were): facilities only have names."""
    useful_help: bool = False
    """Minion help (R-MK-19) is offered only while it can change what the check's caller reads
    (:func:`help_matters`; games created since session 9). Off (the default, so checks saved before load
    as they were): it is offered whenever the roller has minions, even after a known success."""
    monsters_paid: tuple[str, ...] = ()
    """The roller's monster skills paid for this cycle (R-MK-17, 1 hope each): their constant data adds to
    the check like the roller's own (outside battle; the session keeps the payments)."""


@dataclass(frozen=True)
class CheckState:
    """A kingdom and court, plus the check in progress (``stage`` ``idle`` when none)."""

    kingdom: Kingdom
    court: tuple[Character, ...] = ()
    declaration: DeclareCheck | None = None
    stage: str = "idle"
    """idle → convert → minions → done (games created before session 5: idle → convert → keep →
    minions → done)."""
    national: bool = False
    bonus: int = 0
    """Cooperation bonus added to the achievement (R-MK-12)."""
    dice: tuple[int, ...] = ()
    converted: int = 0
    kept: tuple[int, ...] = ()
    outcome: Reading | None = None
    helps: int = 0
    """Minion help taken (each +1 achievement, R-MK-19)."""
    boosts: int = 0
    """Achievement added by data answering the failed check (R-MK-08)."""
    data_used: tuple[str, ...] = ()
    """That data, by name: each at most once on a check."""
    disasters: int = 0
    """Kingdom disaster rolls triggered and not yet rolled (R-MK-20)."""
    options: CheckOptions = field(default_factory=CheckOptions)

    # -- lookups -----------------------------------------------------------------------------------
    def character(self, ident: str) -> Character:
        for char in self.court:
            if char.id == ident:
                return char
        raise InputError("mk.error.unknown_character", id=ident, known=", ".join(c.id for c in self.court))

    def actor(self) -> Character:
        assert self.declaration is not None
        return self.character(self.declaration.actor)

    def has_actor(self) -> bool:
        return self.declaration is not None and any(c.id == self.declaration.actor for c in self.court)

    def replace_character(self, char: Character) -> CheckState:
        return evolve(self, court=tuple(char if c.id == char.id else c for c in self.court))

    # -- results -----------------------------------------------------------------------------------
    @property
    def achievement(self) -> int:
        """Final achievement: dice used + stat + cooperation + minion help; 0 on a fumble."""
        if self.outcome is None:
            return 0
        if self.outcome.fumble:
            return 0
        return self.outcome.achievement + self.helps + self.boosts

    @property
    def difficulty(self) -> int | None:
        return None if self.declaration is None else self.declaration.difficulty

    @property
    def success(self) -> bool | None:
        if self.outcome is None:
            return None
        if self.outcome.critical:
            return True
        if self.outcome.fumble:
            return False
        if self.difficulty is None:
            return None
        return self.achievement >= self.difficulty

    @property
    def critical(self) -> bool:
        return self.outcome is not None and self.outcome.critical

    @property
    def fumble(self) -> bool:
        return self.outcome is not None and self.outcome.fumble

    def conversions(self) -> tuple[ConvertSixes, ...]:
        """The answers the ``convert_sixes`` prompt offers: the readings worth having (:meth:`readings`), or in
        games created before session 5 (:attr:`CheckOptions.sixes_prompt` off) every count of the 6s rolled."""
        if self.options.sixes_prompt:
            return tuple(ConvertSixes(o.converted) for o in self.readings()[0])
        return tuple(ConvertSixes(n) for n in range(self.dice.count(6) + 1))

    @property
    def prompt(self) -> Prompt | None:
        """The decision the check waits for, if any."""
        if self.stage == "convert":
            return Prompt("convert_sixes", self._roller(), tuple(str(a.count) for a in self.conversions()))
        if self.stage == "keep":  # games created before session 5 only
            return Prompt("keep_dice", self._roller(), tuple(dice_label(p) for p in self._pairs()))
        if self.stage == "minions":
            return Prompt("minion_help", self._roller(), ("help", "finish"))
        if self.stage == "data":
            return Prompt("check_data", self._roller(), (*(a.source for a in failed_check_data(self)), "finish"))
        return None

    def _roller(self) -> str | None:
        return None if self.declaration is None else self.declaration.actor or None

    def _remaining(self) -> list[int]:
        remaining = sorted(self.dice)
        del remaining[len(remaining) - self.converted :]
        return remaining

    def _pairs(self) -> list[tuple[int, ...]]:
        """Distinct choices of two dice among those left, best sum first (games created before session 5)."""
        remaining = self._remaining()
        pairs = {tuple(sorted(p)) for p in combinations(remaining, 2)}
        return sorted(pairs, key=lambda p: (-sum(p), p))

    def room(self) -> int:
        """How much hope a 6 can still bring: drive up to capacity (none while distracted, R-MK-44);
        the court's voice has no cap (national checks, R-MK-18)."""
        if self.national or not self.has_actor():
            return len(self.dice) + rolls.CRITICAL_DRIVE
        actor = self.actor()
        return 0 if actor.has("distraction") else actor.capacity - actor.drive

    def readings(self) -> tuple[tuple[rolls.CheckOutcome, ...], int]:
        """The rolled dice's readings worth offering, and the automatic one (:func:`.rolls.readings`;
        a hidden difficulty is not weighed: the roller cannot see it; the achievement as far as
        :attr:`CheckOptions.stakes` says it counts)."""
        decl = self.declaration
        assert decl is not None
        curse = self.has_actor() and self.actor().has("curse")
        blind = decl.hidden or decl.difficulty is None
        stakes = self.options.stakes
        reach: int | None = None
        if stakes == "result":  # minion help may still add a point per minion (once, if not repeatable)
            minions = self.actor().minions if self.has_actor() else 0
            reach = minions if self.options.minion_help_repeatable else min(minions, 1)
        return rolls.readings(
            self.dice, self.bonus, decl.difficulty, room=self.room(), curse=curse, blind=blind,
            margin=stakes == "achievement", reach=reach,
        )  # fmt: skip

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = to_data(self)
        data["kingdom"] = self.kingdom.to_data()
        data["court"] = [c.to_data() for c in self.court]
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CheckState:
        body = dict(data)
        kingdom = Kingdom.from_data(body.pop("kingdom"))
        court = tuple(Character.from_data(c) for c in body.pop("court", []))
        rest: CheckState = from_data(cls, {**body, "kingdom": {"name": "-"}})
        return evolve(rest, kingdom=kingdom, court=court)


def dice_label(values: Sequence[int]) -> str:
    """Dice as a prompt or an event shows them: ``3+6``."""
    return "+".join(str(v) for v in values)


def evolve(state: CheckState, **changes: Any) -> CheckState:
    """``dataclasses.replace`` for :class:`CheckState` without re-running ``__init__``.

    A check copies its state a handful of times; the generic ``replace`` dominated the profile.
    CheckState has no ``__post_init__`` and no derived fields, so copying the field dict is exact.
    """
    new = object.__new__(CheckState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def failed_check_data(state: CheckState) -> list[Any]:
    """The roller's data that may answer this failed check now (R-MK-08): auxiliaries and interrupts of
    theirs answering ``own_check_failed`` on checks of this stat, adding achievement, not yet used on this
    check, whose cost they can pay — hope from their drive (outside battle the court's voice is not asked
    for it, our ruling), a minion while it costs minions (R-MK-19), HP above the cost (R-MK-32's reduction
    may not lay them low here: the check cannot apply R-MK-31). In the R-MK-09 order."""
    from meikyu.systems.meikyu_kingdom.effects.order import applicable

    decl = state.declaration
    if decl is None or not state.has_actor() or state.national or state.outcome is None or state.fumble:
        return []
    if state.success is not False:
        return []
    actor = state.actor()
    out = []
    for a in applicable([actor], timings=("auxiliary", "interrupt"), trigger="own_check_failed",
                        stat=decl.stat, purpose="called"):  # fmt: skip
        cost = a.acts.cost
        if a.source in state.data_used or not any(isinstance(e.get("amount"), int) for e in a.acts.of_type("achievement")):
            continue
        if cost.hope > actor.drive or (cost.minions and actor.minions <= 0) or (cost.hp and actor.hp <= cost.hp):
            continue
        out.append(a)
    return out


def help_matters(state: CheckState) -> bool:
    """Whether minion help (R-MK-19) can still change what the check's caller reads: always in checks saved
    before session 9 (:attr:`CheckOptions.useful_help` off), against a hidden difficulty (the roller cannot
    know, R-MK-23), without a difficulty and where every point is read (a GM's call); else not after a
    success, after a failure always where the shortfall is counted (a transport, R-MK-46), and where only
    success counts while the minions left could still close the gap (at least one minion per point).

    >>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
    >>> s = sample()
    >>> trap = CheckState(s.kingdom, s.characters, DeclareCheck("mir", "search", 9), outcome=Reading(10),
    ...                   options=CheckOptions(useful_help=True, stakes="result"))
    >>> help_matters(trap), help_matters(evolve(trap, options=CheckOptions(stakes="result")))
    (False, True)
    """
    options, decl = state.options, state.declaration
    if not options.useful_help or decl is None or decl.hidden or decl.difficulty is None:
        return True
    if options.stakes == "achievement":
        return True
    if state.success or not state.has_actor():
        return False
    if options.stakes == "shortfall":
        return True
    minions = state.actor().minions
    reach = minions if options.minion_help_repeatable else min(minions, 1)
    return decl.difficulty - state.achievement <= reach
