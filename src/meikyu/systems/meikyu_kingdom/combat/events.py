"""What happened in a battle. Each event renders through ``mk.battle.event.<snake_name>``.

Events hold combatant ids; :func:`~.view.render` swaps them for names (or, for players, the
appearance of a hidden monster) and drops hidden difficulties (R-MK-23).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from meikyu.engine import Event


class BattleEvent(Event):
    __slots__ = ()
    catalog_prefix: ClassVar[str] = "mk.battle."


@dataclass(frozen=True)
class Placed(BattleEvent):
    id: str
    area: int


@dataclass(frozen=True)
class Hidden(BattleEvent):
    id: str


@dataclass(frozen=True)
class Revealed(BattleEvent):
    id: str


@dataclass(frozen=True)
class Check(BattleEvent):
    """A check: ``purpose`` is ambush, strategy, hit, escape, search, disarm, reputation, fall, fatal …"""

    actor: str
    purpose: str
    dice: tuple[int, ...]
    achievement: int
    difficulty: int
    success: bool
    critical: bool = False
    fumble: bool = False
    secret: bool = False
    """The difficulty is hidden from players (R-MK-23)."""
    converted: int = 0
    """6s turned into drive, not used for the achievement (R-MK-14)."""
    data: tuple[tuple[str, int], ...] = ()
    """Constant and equipment data that added to it (R-MK-09): (the data's name, what it added)."""


@dataclass(frozen=True)
class DataUsed(BattleEvent):
    """``actor`` uses the support data ``data`` (a skill or an item, R-MK-08) on ``target``."""

    actor: str
    data: str
    target: str


@dataclass(frozen=True)
class MonsterSkillPaid(BattleEvent):
    """``actor`` paid 1 hope for the monster skill ``data``: it works until the round ends (R-MK-17)."""

    actor: str
    data: str


@dataclass(frozen=True)
class Covered(BattleEvent):
    """``actor`` uses the interrupt ``data`` (Shield Wall): the attack's damage on ``target`` will be
    theirs (R-MK-08)."""

    actor: str
    target: str
    data: str


@dataclass(frozen=True)
class Ambush(BattleEvent):
    cause: str


@dataclass(frozen=True)
class RoundStarted(BattleEvent):
    round: int


@dataclass(frozen=True)
class SideActs(BattleEvent):
    side: str


@dataclass(frozen=True)
class AttackCancelled(BattleEvent):
    """``actor`` interrupts with ``data``: ``attacker``'s attack on ``target`` is cancelled (R-MK-08)."""

    actor: str
    attacker: str
    target: str
    data: str


@dataclass(frozen=True)
class CheckBoosted(BattleEvent):
    """``actor``'s check failed and ``data`` (an auxiliary answering it) adds ``amount``: the achievement
    is now ``achievement`` (R-MK-08)."""

    actor: str
    data: str
    amount: int
    achievement: int
    success: bool


@dataclass(frozen=True)
class Moved(BattleEvent):
    id: str
    origin: int
    area: int


@dataclass(frozen=True)
class Blocked(BattleEvent):
    id: str
    area: int
    allies: int
    valor: int


@dataclass(frozen=True)
class BrokeThrough(BattleEvent):
    payer: str
    lost: int


@dataclass(frozen=True)
class MoveStopped(BattleEvent):
    id: str


@dataclass(frozen=True)
class Missed(BattleEvent):
    attacker: str
    target: str


@dataclass(frozen=True)
class CriticalHit(BattleEvent):
    attacker: str
    roll: int


@dataclass(frozen=True)
class CombatFumble(BattleEvent):
    actor: str
    roll: int


@dataclass(frozen=True)
class FatalWound(BattleEvent):
    target: str
    roll: int


@dataclass(frozen=True)
class Damaged(BattleEvent):
    target: str
    amount: int
    hp: int


@dataclass(frozen=True)
class HpReduced(BattleEvent):
    target: str
    amount: int
    hp: int


@dataclass(frozen=True)
class HpSet(BattleEvent):
    target: str
    hp: int


@dataclass(frozen=True)
class DamageCancelled(BattleEvent):
    target: str
    hp: int


@dataclass(frozen=True)
class Died(BattleEvent):
    target: str


@dataclass(frozen=True)
class Incapacitated(BattleEvent):
    target: str


@dataclass(frozen=True)
class DeadlineSet(BattleEvent):
    target: str
    deadline: str


@dataclass(frozen=True)
class QuarterEnded(BattleEvent):
    """The GM ended a quarter of labyrinth time (fatal-wound deadlines, R-MK-31)."""


@dataclass(frozen=True)
class DeadlineMet(BattleEvent):
    target: str


@dataclass(frozen=True)
class DeadlineCountdown(BattleEvent):
    target: str
    left: int


@dataclass(frozen=True)
class StatusGained(BattleEvent):
    target: str
    status: str


@dataclass(frozen=True)
class StatusCured(BattleEvent):
    target: str
    status: str


@dataclass(frozen=True)
class SleepResisted(BattleEvent):
    target: str
    hp_lost: int


@dataclass(frozen=True)
class HopeSpent(BattleEvent):
    actor: str
    drive: int
    voice: int


@dataclass(frozen=True)
class DriveChanged(BattleEvent):
    actor: str
    amount: int
    drive: int


@dataclass(frozen=True)
class VoiceChanged(BattleEvent):
    amount: int
    voice: int


@dataclass(frozen=True)
class MinionsChanged(BattleEvent):
    actor: str
    amount: int
    minions: int


@dataclass(frozen=True)
class Passed(BattleEvent):
    actor: str


@dataclass(frozen=True)
class Carried(BattleEvent):
    actor: str
    target: str
    area: int


@dataclass(frozen=True)
class Swapped(BattleEvent):
    actor: str
    other: str


@dataclass(frozen=True)
class TrapsFound(BattleEvent):
    actor: str
    count: int


@dataclass(frozen=True)
class TrapDisarmed(BattleEvent):
    actor: str
    trap: str


@dataclass(frozen=True)
class TrapAppeared(BattleEvent):
    trap: str
    area: int


@dataclass(frozen=True)
class TrapSprung(BattleEvent):
    """A combat trap acts on ``actor`` (:mod:`.traps`)."""

    trap: str
    actor: str


@dataclass(frozen=True)
class Cooperated(BattleEvent):
    actor: str
    target: str
    bonus: int
    action: str = "hit"
    """The helped action, named by its check (R-MK-12)."""


@dataclass(frozen=True)
class SupportDone(BattleEvent):
    actor: str
    note: str


@dataclass(frozen=True)
class WeaponImproved(BattleEvent):
    actor: str
    weapon: str
    level: int


@dataclass(frozen=True)
class ActsAgain(BattleEvent):
    actor: str


@dataclass(frozen=True)
class SkillSealed(BattleEvent):
    target: str
    skill: str


@dataclass(frozen=True)
class ItemBroke(BattleEvent):
    actor: str
    item: str


@dataclass(frozen=True)
class Reinforced(BattleEvent):
    species: str
    count: int


@dataclass(frozen=True)
class EffectsEnded(BattleEvent):
    side: str


@dataclass(frozen=True)
class SideFellBack(BattleEvent):
    side: str


@dataclass(frozen=True)
class BecameActed(BattleEvent):
    target: str


@dataclass(frozen=True)
class EscapeFailed(BattleEvent):
    actor: str
    reason: str


@dataclass(frozen=True)
class Escaped(BattleEvent):
    side: str


@dataclass(frozen=True)
class Surrendered(BattleEvent):
    side: str


@dataclass(frozen=True)
class RoundEnded(BattleEvent):
    round: int


@dataclass(frozen=True)
class BattleOver(BattleEvent):
    winner: str
    outcome: str


@dataclass(frozen=True)
class Treasure(BattleEvent):
    level: int
    roll: int
    kind: str
    count: int
    item_level: int
    materials: tuple[str, ...] = ()
    """The monster's materials the count is drawn from (its bestiary list)."""


@dataclass(frozen=True)
class Revived(BattleEvent):
    target: str
    hp: int


@dataclass(frozen=True)
class GhostRises(BattleEvent):
    target: str


@dataclass(frozen=True)
class GhostActs(BattleEvent):
    ghost: str
    via: str
    cost: int


@dataclass(frozen=True)
class DisasterDue(BattleEvent):
    """Voice fell to or below the land makers' number, fell while there, or was due to fall at 0: the
    kingdom rolls on the disaster table (R-MK-20) — after the battle, on the kingdom sheet."""

    voice: int
    land_makers: int
    trigger: str


@dataclass(frozen=True)
class ChoiceAsked(BattleEvent):
    """The rules leave a choice to ``actor`` (``side`` when the whole court chooses)."""

    actor: str
    kind: str


@dataclass(frozen=True)
class VoiceRefused(BattleEvent):
    """The court would not let ``actor`` spend ``voice`` of its voice (R-MK-13): the action is taken back."""

    actor: str
    voice: int


@dataclass(frozen=True)
class MinionHelp(BattleEvent):
    """Minion help on a check (R-MK-19): ``lost`` minions for +1 achievement."""

    actor: str
    lost: int
    achievement: int
    success: bool


@dataclass(frozen=True)
class HpRestored(BattleEvent):
    """HP restored by an item or the GM (R-MK-31); ``item`` is empty for a GM ruling."""

    target: str
    amount: int
    hp: int
    item: str = ""


@dataclass(frozen=True)
class StoodUp(BattleEvent):
    """An incapacitated character is back at HP ≥ 1 and no longer incapacitated (R-MK-31)."""

    id: str


@dataclass(frozen=True)
class CooperationLapsed(BattleEvent):
    """Cooperation waiting for ``target`` lapsed unused: it did something else, or the round ended (R-MK-12)."""

    target: str


@dataclass(frozen=True)
class Blow(BattleEvent):
    """How an attack's damage came about (R-MK-30, R-MK-16): power (after critical-hit effects) +
    enmity + the hope dice − reduction."""

    attacker: str
    target: str
    power: int
    enmity: int
    dice: tuple[int, ...]
    reduction: int
    amount: int
