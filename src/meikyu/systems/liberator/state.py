"""The table's state and its actions (plain frozen dataclasses; the events are in :mod:`.events`).

Players sit in seat order (seat 0 is the GM's left; turns go clockwise = ascending seats). The
machine in :mod:`meikyu.systems.liberator.rules` moves this state; everything here is data.

>>> from meikyu.serial import to_data
>>> Options().normal_recovery, Options().dying_revival
('one_die', 'one_die')
>>> ACTIONS.dump(Declare("swing"))
{'@type': 'Declare', 'card': 'swing'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meikyu.engine import Action
from meikyu.serial import TypeRegistry, from_data
from meikyu.systems.liberator.character import Character
from meikyu.systems.liberator.effects import Effect
from meikyu.systems.liberator.mission import Mission

NORMAL = "normal_recovery"
"""Declare this instead of an action card: a normal recovery (通常回復)."""
DYING = "dying_revival"
"""What a player with no action in hand must declare: a dying revival (瀕死蘇生, R-LB-07)."""


@dataclass(frozen=True)
class Options:
    """Choices the rules leave to the table (documented in :mod:`meikyu.systems.liberator.rules`).

    The defaults follow the seed; the other readings are house rules a table may choose.

    - ``normal_recovery``: ``one_die`` (one die is the recovery, the other is ignored) or ``sum``.
    - ``dying_revival``: ``one_die`` (R-LB-08: every roll gives one die to the recovery) or ``sum``
      (house rule: both dice together).
    - ``dying_min_one``: house rule: a dying revival always brings back at least one card (the
      cheapest when none fits). Off, as the seed says (R-LB-09): recovering nothing is allowed.
    - ``disadvantage_chooser``: who picks the effect die of a disadvantage check, ``gm`` or ``player``.
    - ``party_missions``: generated missions hold only obstacles the party's cards can remove
      (see :func:`meikyu.systems.liberator.mission.party_reach`); on at ``meikyu liberator play``.
    - ``pay_with_declared``: an ability's extra "-1 card" cost may be paid with the action card
      declared this turn, which is still in hand (R-LB-11). Off, a house rule: it needs another card.
    - ``final_stays``: house rule: the final mission cannot be abandoned for another (the seed lets
      the players abandon any mission with obstacles left, R-LB-04).
    - ``names_span_checks``: the same-name rule (R-LB-09) counts what was used on an advantage or
      disadvantage rolled inside the turn. Saves made before it load with it off
      (:func:`table_from_data`): they replay as they were played.
    """

    normal_recovery: str = "one_die"
    dying_revival: str = "one_die"
    dying_min_one: bool = False
    disadvantage_chooser: str = "gm"
    party_missions: bool = False
    pay_with_declared: bool = True
    final_stays: bool = False
    names_span_checks: bool = True


LEGACY_OPTIONS: dict[str, object] = {"names_span_checks": False}
"""What a save made before an option existed plays with, where the new default would replay it otherwise.
(The older options are written in every save, so a changed default never reaches an old game.)"""


@dataclass(frozen=True)
class Seat:
    """A player at the table: the character playing this scenario, the player's other characters
    (``roster``), and the player's experience — the player's, not a character's (R-LB-13:
    「経験点はキャラクターではなくプレイヤーに与えられる」), spent on any of their characters."""

    id: str
    character: Character
    exp: int = 0
    earned: int = 0
    warned: bool = False
    removed: int = 0
    roster: tuple[Character, ...] = ()


@dataclass(frozen=True)
class TurnState:
    """The turn in progress (R-LB-06): ``step`` is ``declare``, ``split`` or ``after_roll``."""

    player: int
    step: str = "declare"
    card: str = ""
    attribute: str = ""
    dice: tuple[int, ...] = ()
    power_die: int = 0
    effect_die: int = 0
    bonus: int = 0
    used: tuple[str, ...] = ()
    by_attribute: tuple[tuple[str, int], ...] = ()
    """Power bonuses of one attribute (``P+1`` grants, ``P威力+2``): they count only while the action
    has that attribute, so an attribute change drops those spent before it (R-LB-14)."""


@dataclass(frozen=True)
class CheckState:
    """An advantage, disadvantage or forced normal recovery being resolved (R-LB-12, R-LB-05)."""

    player: int
    kind: str
    step: str = "declare"
    card: str = ""
    dice: tuple[int, ...] = ()
    power_die: int = 0
    bonus: int = 0
    used: tuple[str, ...] = ()


@dataclass(frozen=True)
class PendingEffect:
    """An effect waiting to be resolved; ``target`` is the seat it affects (−1: not chosen yet)."""

    player: int
    effect: Effect
    card: str = ""
    target: int = -1


@dataclass(frozen=True)
class TableState:
    """Everything on the table. ``phase``: ``setup``, ``turn``, ``cleanup``, ``awards`` or ``over``."""

    players: tuple[Seat, ...]
    dedicated_gm: bool = True
    gm_exp: int = 0
    options: Options = Options()
    plan: tuple[str, ...] = ("normal", "turning", "final")
    seed: int = 0
    phase: str = "setup"
    mission: Mission | None = None
    log: tuple[str, ...] = ()
    result: str = ""
    round: int = 0
    start_seat: int = 0
    turns_taken: int = 0
    turn: TurnState | None = None
    check: CheckState | None = None
    checks: tuple[tuple[int, str], ...] = ()
    effects: tuple[PendingEffect, ...] = ()
    next_uid: int = 1
    scenario: int = 1
    """Which scenario of a campaign this is (1 for the first; see :mod:`~meikyu.systems.liberator.campaign`)."""
    met: tuple[str, ...] = ()
    """The obstacle names put on the table this scenario (the mission generator avoids repeating them)."""
    gm_name: str = ""
    """Who the dedicated GM is, when the campaign knows (a player of other scenarios): the GM's experience
    (``gm_exp``) and characters (``gm_roster``) are that person's, and follow them to the seat they take
    in another scenario (:func:`~meikyu.systems.liberator.campaign.next_scenario`)."""
    gm_roster: tuple[Character, ...] = ()
    """The GM's own characters, on which the GM spends their experience (R-LB-13, ``LevelUp`` seat −1)."""
    bench: tuple[Seat, ...] = ()
    """The campaign's players not at the table this scenario, with their characters and experience."""

    @property
    def current(self) -> int:
        """The seat whose turn it is (or would be next)."""
        return (self.start_seat + self.turns_taken) % len(self.players)

    @property
    def acting_gm(self) -> str:
        """Who decides as GM: ``gm``, or without a dedicated GM the player after the turn-holder (R-LB-02)."""
        if self.dedicated_gm:
            return "gm"
        return self.players[(self.current + 1) % len(self.players)].id

    @property
    def planned(self) -> str:
        """The mission type the scenario plan calls for next (the final once the plan runs out)."""
        done = len([entry for entry in self.log if entry.endswith(":cleared")])
        return self.plan[min(done, len(self.plan) - 1)] if self.plan else "final"


ACTIONS = TypeRegistry()


def _action(cls: type) -> type:
    ACTIONS.register(cls)
    return cls


@_action
@dataclass(frozen=True)
class StartMission(Action):
    """GM: put a mission on the table (generated elsewhere or written by hand)."""

    mission: Mission


@_action
@dataclass(frozen=True)
class GenerateMission(Action):
    """GM: generate a mission of ``type`` from the levels and players, with ``seed`` (R-LB-04)."""

    type: str
    seed: int = 0


@_action
@dataclass(frozen=True)
class ContinueMission(Action):
    """Setup: the obstacles remain, keep going (R-LB-04)."""


@_action
@dataclass(frozen=True)
class AbandonMission(Action):
    """Setup: drop the mission and take another from the GM (R-LB-04)."""


@_action
@dataclass(frozen=True)
class GiveUp(Action):
    """Setup: give up the scenario (wipe-out, R-LB-01)."""


@_action
@dataclass(frozen=True)
class Declare(Action):
    """Before roll: an action id in hand, :data:`NORMAL` or :data:`DYING` (R-LB-07)."""

    card: str


@_action
@dataclass(frozen=True)
class Split(Action):
    """Which die value is the power (or recovery); the other gives the special effect (R-LB-08)."""

    power: int


@_action
@dataclass(frozen=True)
class PickEffect(Action):
    """Advantage / disadvantage: which die value gives the special effect (R-LB-12)."""

    die: int


@_action
@dataclass(frozen=True)
class UseAbility(Action):
    """After roll: a job effect or feat of seat ``player``; ``pay`` is the card paid as cost (R-LB-11),
    ``obstacle`` the obstacle uid it aims at (if any)."""

    player: int
    ability: str
    pay: str = ""
    obstacle: int = 0


@_action
@dataclass(frozen=True)
class UseGrant(Action):
    """After roll: spend a held grant by name (e.g. ``P+1``)."""

    name: str


@_action
@dataclass(frozen=True)
class Resolve(Action):
    """After roll: remove these obstacles (by uid) or recover these actions (R-LB-09, R-LB-10)."""

    obstacles: tuple[int, ...] = ()
    recover: tuple[str, ...] = ()


@_action
@dataclass(frozen=True)
class PickCard(Action):
    """Answer: which card an effect discards or recovers."""

    card: str


@_action
@dataclass(frozen=True)
class PickObstacle(Action):
    """Answer: which obstacle an effect aims at."""

    uid: int


@_action
@dataclass(frozen=True)
class PickPlayer(Action):
    """Answer: which other player an effect goes to."""

    seat: int


@_action
@dataclass(frozen=True)
class GmGrant(Action):
    """GM: give ``advantage`` or ``disadvantage`` to a seat, or a ``warning`` (R-LB-12)."""

    seat: int
    kind: str


@_action
@dataclass(frozen=True)
class GmEffect(Action):
    """GM: settle something by hand with the cards' own effect notation (``即:回復``, ``即:障害-1``, ``付:P+1``,
    ``即:経験+1``, ``即:P-1``) for the player in ``seat``; its choices go to that player as an effect's do."""

    seat: int
    effect: str


@_action
@dataclass(frozen=True)
class LevelUp(Action):
    """Spend 10 experience: level +1 and one new action or feat (R-LB-13)."""

    seat: int
    card: str
    character: str = ""
    """Which of the player's characters (R-LB-13: 自分のキャラクター1名): empty for the one playing; a
    name from their roster; with ``seat`` −1 one of the GM's own characters."""


@_action
@dataclass(frozen=True)
class SwapJob(Action):
    """Spend 2 experience: another job (R-LB-13)."""

    seat: int
    job: str
    character: str = ""
    """As :attr:`LevelUp.character`."""


@_action
@dataclass(frozen=True)
class Awards(Action):
    """Scenario end: the votes (one seat per voter) for the lead and the support award (R-LB-02)."""

    lead: tuple[int, ...] = ()
    support: tuple[int, ...] = ()


@_action
@dataclass(frozen=True)
class NewCharacter(Action):
    """Between scenarios, a player makes a new character (level 1: the job's actions and one extra action
    or feat ``card``) for their roster, to play in a later one and to raise with their experience (R-LB-13)."""

    seat: int
    name: str
    job: str
    card: str


@dataclass(frozen=True)
class Casting:
    """One player's part in the next scenario: ``character`` names one of their characters (empty: the one
    they played last); with ``job``, a new level-1 character of that name, job and ``cards`` (its one extra
    action or feat), to be raised with the player's experience (R-LB-13)."""

    player: str
    character: str = ""
    job: str = ""
    cards: tuple[str, ...] = ()


@_action
@dataclass(frozen=True)
class NextScenario(Action):
    """Once the scenario is over, the campaign's next one at the same table
    (:func:`~meikyu.systems.liberator.campaign.next_scenario`): ``cast`` seats the players it names, each
    with their chosen character (empty: everyone plays on as before); ``gm`` names who runs it (``None``:
    the same); ``plan`` the mission types (empty: the same)."""

    cast: tuple[Casting, ...] = ()
    gm: str | None = None
    plan: tuple[str, ...] = ()


def table_from_data(data: Any) -> TableState:
    """A saved :class:`TableState`; options missing from it (saved before they existed) take their
    :data:`LEGACY_OPTIONS` reading, so old games replay exactly.

    >>> from meikyu.serial import to_data
    >>> saved = to_data(TableState(players=()))
    >>> del saved["options"]["names_span_checks"]
    >>> table_from_data(saved).options.names_span_checks, TableState(players=()).options.names_span_checks
    (False, True)
    """
    if isinstance(data, dict) and isinstance(data.get("options"), dict):
        missing = {k: v for k, v in LEGACY_OPTIONS.items() if k not in data["options"]}
        if missing:
            data = {**data, "options": {**data["options"], **missing}}
    result: TableState = from_data(TableState, data)
    return result


def check_names(s: TableState) -> tuple[str, ...]:
    """The names a check's abilities and grants may not repeat (R-LB-09): its own, and — for a check
    rolled inside a turn (a GM's advantage or disadvantage) — the turn's, since it is inside that turn
    (``Options.names_span_checks``; off in saves made before it)."""
    chk = s.check
    assert chk is not None
    if s.turn is None or s.phase != "turn" or not s.options.names_span_checks:
        return chk.used
    return s.turn.used + tuple(n for n in chk.used if n not in s.turn.used)
