"""What can be done in a battle: small frozen values, registered for saving (``ACTIONS``).

Player-side flow actions are listed by :func:`~.rules.legal_actions`; the GM's interventions
(:class:`Reveal`, :class:`Fall`, :class:`ReduceHp`, :class:`Inflict`, :class:`Revive`,
:class:`BecomeGhost`, :class:`GhostAct`) by :func:`~.rules.gm_actions`. ``step`` accepts both.

>>> ACTIONS.dump(Move("pc1", 1))
{'@type': 'Move', 'actor': 'pc1', 'step': 1}
"""

from __future__ import annotations

from dataclasses import dataclass

from meikyu.engine import Action
from meikyu.serial import TypeRegistry

ACTIONS = TypeRegistry()


@ACTIONS.register
@dataclass(frozen=True)
class Place(Action):
    """Setup: the GM puts a monster in one of the monster side's areas (R-MK-21)."""

    monster: str
    area: int


@ACTIONS.register
@dataclass(frozen=True)
class Hide(Action):
    """Setup: make an uncertain encounter of this monster (R-MK-23)."""

    monster: str
    appearance: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Begin(Action):
    """Setup done: check for an ambush (R-MK-22), then start round 1 or the ambush turn."""

    representative: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class StrategyCheck(Action):
    """The court's representative rolls wit to go first (R-MK-24); ``hope`` adds dice (R-MK-15)."""

    representative: str
    hope: int = 0


@ACTIONS.register
@dataclass(frozen=True)
class Move(Action):
    """One area forward (``step`` = 1) or back (−1), the first half of a unit (R-MK-25/26)."""

    actor: str
    step: int


@ACTIONS.register
@dataclass(frozen=True)
class Breakthrough(Action):
    """Interrupt on a blocking: ``payer`` loses 1D6 minions to cancel it (R-MK-27)."""

    payer: str


@ACTIONS.register
@dataclass(frozen=True)
class Decline(Action):
    """Let a blocking stand: the move does not happen (R-MK-27)."""


@ACTIONS.register
@dataclass(frozen=True)
class Attack(Action):
    """Attack ``target`` with weapon slot ``weapon`` (R-MK-29); ``hope`` dice, ``hold_back`` (R-MK-41).

    ``improvised``: swing the item in that slot as a melee weapon of range 0 and power 1, which any
    item may be (R-MK-29) — a bow in the dark, for instance."""

    actor: str
    target: str
    weapon: int = 0
    hope: int = 0
    hold_back: bool = False
    improvised: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class SpendHope(Action):
    """After a hit, spend ``count`` hope for +``count``D6 damage (R-MK-16); 0 declines."""

    count: int


@ACTIONS.register
@dataclass(frozen=True)
class PlaceTarget(Action):
    """Critical-hit table 6: put the target in ``area``."""

    area: int


@ACTIONS.register
@dataclass(frozen=True)
class Carry(Action):
    """Support: move an incapacitated or dead character in your area one step (R-MK-36)."""

    actor: str
    target: str
    step: int


@ACTIONS.register
@dataclass(frozen=True)
class Swap(Action):
    """Support: hand item slot ``give`` to ``other`` and/or take their slot ``take`` (−1 = none) (R-MK-36).

    ``gives`` / ``takes`` add more slots: any number of items changes hands in the one action."""

    actor: str
    other: str
    give: int = -1
    take: int = -1
    gives: tuple[int, ...] = ()
    takes: tuple[int, ...] = ()


@ACTIONS.register
@dataclass(frozen=True)
class SearchSpot(Action):
    """Support: wit or search vs [court size + 7] reveals hidden traps (R-MK-36); ``hope`` adds dice (R-MK-15)."""

    actor: str
    stat: str = "search"
    hope: int = 0


@ACTIONS.register
@dataclass(frozen=True)
class Disarm(Action):
    """Support: one try at disarming a found trap by its check (R-MK-36); ``hope`` adds dice (R-MK-15)."""

    actor: str
    trap: str
    hope: int = 0


@ACTIONS.register
@dataclass(frozen=True)
class Cooperate(Action):
    """Support: add your favor toward ``target`` to their next check of ``action`` (R-MK-12, R-MK-36).

    ``action`` names the helped action by its check: ``strategy``, ``hit``, ``search``, ``escape``,
    ``reputation`` or ``disarm``; empty means ``strategy`` in the strategy phase, else ``hit``. The
    help lapses when the target does something else first, or when the round ends."""

    actor: str
    target: str
    action: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class UseItem(Action):
    """Support: use the recovery item in slot ``slot`` on ``target`` in your area (yourself by default):
    it restores its HP and is used up (R-MK-31, R-MK-36)."""

    actor: str
    slot: int
    target: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Choose(Action):
    """Answer the choice the battle is waiting for (``option`` is one of the prompt's options)."""

    option: str


@ACTIONS.register
@dataclass(frozen=True)
class UseData(Action):
    """Support: use a skill or an item written as data that acts (R-MK-08, ``data/DATA_EFFECTS.md``):
    ``data`` names it, ``target`` whom it is aimed at (Rallying Cry: an ally here; Monsterology: a
    hidden monster)."""

    actor: str
    data: str
    target: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class UseMonsterSkill(Action):
    """A PC declares a monster skill it holds and pays 1 hope (R-MK-17): a constant one then works until
    the cycle — the round — ends. Not an action of its own: the PC is not made acted."""

    actor: str
    skill: str


@ACTIONS.register
@dataclass(frozen=True)
class Reputation(Action):
    """Support: wit vs [level + 5], difficulty hidden; success reveals a hidden monster (R-MK-23);
    ``hope`` adds dice (R-MK-15)."""

    actor: str
    target: str
    hope: int = 0


@ACTIONS.register
@dataclass(frozen=True)
class OtherSupport(Action):
    """Support: a support-type skill or item, or another action the GM allows, resolved by the GM (R-MK-36)."""

    actor: str
    note: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class ExtraMove(Action):
    """Special move: one more move; blocking applies (R-MK-37)."""

    actor: str
    step: int


@ACTIONS.register
@dataclass(frozen=True)
class Escape(Action):
    """Special move: with every ally in its own HQ, search vs the highest enemy evasion (R-MK-37);
    ``hope`` adds dice (R-MK-15)."""

    actor: str
    hope: int = 0


@ACTIONS.register
@dataclass(frozen=True)
class Pass(Action):
    """Pass the action (and the move, if not moved): the character has acted (R-MK-38)."""

    actor: str


@ACTIONS.register
@dataclass(frozen=True)
class Surrender(Action):
    """A side gives up; the other wins (R-MK-42)."""

    side: str


@ACTIONS.register
@dataclass(frozen=True)
class RollTreasure(Action):
    """Roll 1D6 on the treasure table of these defeated monsters' (summed) level (R-MK-43)."""

    monsters: tuple[str, ...]


@ACTIONS.register
@dataclass(frozen=True)
class EndTreasure(Action):
    """Stop rolling treasure; the battle is over."""


# --- GM interventions -------------------------------------------------------------------------


@ACTIONS.register
@dataclass(frozen=True)
class Reveal(Action):
    """GM: show a hidden monster's data (Monsterology succeeded, R-MK-23)."""

    monster: str


@ACTIONS.register
@dataclass(frozen=True)
class Fall(Action):
    """GM: ``target`` falls: 3D6 damage, search vs 9 halves it (R-MK-33)."""

    target: str


@ACTIONS.register
@dataclass(frozen=True)
class ReduceHp(Action):
    """GM: lower HP directly (time, hunger): not damage, no reduction applies (R-MK-32)."""

    target: str
    amount: int


@ACTIONS.register
@dataclass(frozen=True)
class RestoreHp(Action):
    """GM: give ``target`` ``amount`` HP back (an item the engine does not know, a skill, a ruling);
    at HP ≥ 1 an incapacitated character stands again (R-MK-31). Not for the dead (R-MK-34)."""

    target: str
    amount: int


@ACTIONS.register
@dataclass(frozen=True)
class Inflict(Action):
    """GM: a bad status (R-MK-44); ``resist`` negates a second sleep for 1D6 HP."""

    target: str
    status: str
    resist: bool = False


@ACTIONS.register
@dataclass(frozen=True)
class Revive(Action):
    """GM: a revival potion or grail gives a dead character ``hp`` back (R-MK-34)."""

    target: str
    hp: int
    item: str = "revival_potion"


@ACTIONS.register
@dataclass(frozen=True)
class BecomeGhost(Action):
    """A dead character chooses to stay as a ghost (optional rule R-MK-35)."""

    target: str


@ACTIONS.register
@dataclass(frozen=True)
class EndQuarter(Action):
    """GM: a quarter of labyrinth time ends: fatal-wound deadlines "by the end of this quarter" and
    "within 1D6 quarters" fall due or count down (R-MK-31, FWT 5 and 6)."""


@ACTIONS.register
@dataclass(frozen=True)
class GhostAct(Action):
    """A ghost spends 1D6 favor between it and ``via`` to take one action (R-MK-35)."""

    ghost: str
    via: str
