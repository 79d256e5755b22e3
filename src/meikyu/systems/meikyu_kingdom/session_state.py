"""The state of one game of Meikyuu Kingdom, as one plain value (see :mod:`.session` for its rules).

It holds the kingdom and court and everything under way: the round table, the kingdom phase's action
cycle, the labyrinth with the court's expedition through it, a check waiting for its roller's choices,
a battle, a table run waiting for a choice, and the kingdom disasters due. ``to_data`` / ``from_data``
round-trip it through JSON.

>>> from meikyu.systems.meikyu_kingdom.sheets.sheet import sample
>>> s = sample()
>>> state = SessionState(s.kingdom, s.characters)
>>> SessionState.from_data(state.to_data()) == state
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from meikyu.engine import Prompt
from meikyu.serial import from_data, to_data
from meikyu.systems.meikyu_kingdom.check.called import Call, CalledCheck
from meikyu.systems.meikyu_kingdom.combat.model import Battle
from meikyu.systems.meikyu_kingdom.kingdom import effects as fx
from meikyu.systems.meikyu_kingdom.kingdom import round_table as rt
from meikyu.systems.meikyu_kingdom.kingdom.cycle import CycleState
from meikyu.systems.meikyu_kingdom.labyrinth.map import Labyrinth
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom

STEPS: tuple[tuple[str, str], ...] = (
    ("preparation", ""),
    ("kingdom", "prologue"),
    ("kingdom", "round_table"),
    ("kingdom", "actions"),
    ("kingdom", "departure"),
    ("labyrinth", ""),
    ("end", "income"),
    ("end", "kingdom_change"),
    ("end", "level_up"),
    ("over", ""),
)
LABYRINTH_ENDS = ("returned", "explored", "wiped_out")
LABYRINTH_PROMPTS = ("prepare", "choose", "trap_search", "trap_found", "event", "meal", "loot", "camp", "deadline")
"""Labyrinth stages that wait for the players' choice (the legal actions are the answers)."""

SESSION_FIELDS = ("disasters", "goal_met", "labyrinth_turns", "transport_rule", "ghost_rule")
"""Session counters a GM ruling may set (``GmSet("session", "disasters", 0)`` waives due disasters)."""
_NOT_SET = ("id", "maps", "items", "skills")  # ids others point at, and parts with rulings of their own


def settable_fields(target: str) -> tuple[str, ...]:
    """The fields a ``GmSet`` on ``target`` may set: ``"kingdom"``, ``"session"``, or any other for a character.

    >>> settable_fields("session")[:2], "budget" in settable_fields("kingdom"), "hp" in settable_fields("doyun")
    (('disasters', 'goal_met'), True, True)
    """
    if target == "session":
        return SESSION_FIELDS
    return tuple(f.name for f in fields(Kingdom if target == "kingdom" else Character) if f.name not in _NOT_SET)


@dataclass(frozen=True)
class Loot:
    """Treasure of a won battle that waits for the court's choice (R-MK-43): a material of ``options``, or,
    with ``category`` set, an item pick (:func:`~meikyu.systems.meikyu_kingdom.labyrinth.finds.choices`) of that level."""

    count: int
    options: tuple[str, ...]
    category: str = ""
    level: int = 0


@dataclass(frozen=True)
class Cargo:
    """Minions on their way home with part of the haul, waiting for the transport check (R-MK-46)."""

    actor: str
    minions: int
    items: tuple[str, ...] = ()
    materials: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Expedition:
    """The court's way through the labyrinth (the labyrinth phase, R-MK-01)."""

    room: str
    previous: str = ""
    stage: str = "prepare"
    """prepare · choose · trap_search · trap_found · trap_avoid · event · battle · loot · camp · meal ·
    deadline (a fatal-wound deadline falls due with the quarter: a last chance to heal) · done."""
    explored: tuple[str, ...] = ()
    traps_done: tuple[str, ...] = ()
    events_done: tuple[str, ...] = ()
    cleared: tuple[str, ...] = ()
    quarters: int = 0
    formation: dict[str, int] = field(default_factory=dict)
    """Battle area per land maker (0 HQ, 1 rear, 2 front; R-MK-21)."""
    todo: tuple[str, ...] = ()
    """Characters still to take the step at hand (avoid checks, meals)."""
    searcher: str = ""
    """Who searched for the room's trap (it springs on them when it targets ``self``)."""
    camp: CycleState | None = None
    loot: tuple[Loot, ...] = ()
    battle_result: str = ""
    """How the last battle ended for the court: ``won``, ``retreat`` (escape, surrender, draw) or ``lost``."""
    haul_materials: dict[str, int] = field(default_factory=dict)
    haul_items: tuple[str, ...] = ()
    """What the court carries home: treasure and found items (stored in the kingdom on return)."""
    departed: dict[str, int] = field(default_factory=dict)
    """Minions each land maker took into the labyrinth."""
    sent_home: dict[str, int] = field(default_factory=dict)
    """Minions who went home by desertion or transport (R-MK-45): not recovered at the end."""
    cargo: Cargo | None = None
    """A transport on its way, waiting for its check (R-MK-46)."""
    partners: tuple[str, ...] = ()
    """Monsters of the last battle who surrendered and survived: the court may try to trade with them in
    camp, every trade check's difficulty 2 lower (R-MK-42)."""


@dataclass(frozen=True)
class SessionState:
    kingdom: Kingdom
    court: tuple[Character, ...] = ()
    index: int = 0
    """Position in :data:`STEPS`."""
    goal_met: bool = False
    labyrinth_turns: int = 0
    labyrinth_end: str = ""
    income_settled: bool = False
    change_rolled: bool = False
    round_table: rt.RoundTableState | None = None
    effects: fx.EffectState | None = None
    """A table run waiting for a choice."""
    disasters: int = 0
    """Kingdom disaster rolls due (R-MK-20)."""
    labyrinth: Labyrinth | None = None
    """The scenario's labyrinth; without one the GM runs the labyrinth phase on paper."""
    expedition: Expedition | None = None
    called: CalledCheck | None = None
    """A check waiting for its roller's choices (hope, voice consent, 6s, dice, minion help)."""
    battle: Battle | None = None
    broken: tuple[tuple[str, str], ...] = ()
    """(character, item) broken in the battle under way."""
    actions: CycleState | None = None
    """The kingdom phase's cycle of planned / support / auxiliary / interrupt actions (R-MK-07, R-MK-08)."""
    conditions: dict[str, str] = field(default_factory=dict)
    """``incapacitated`` or ``dead`` per character (R-MK-31, R-MK-34); absent = fine."""
    deadlines: dict[str, str] = field(default_factory=dict)
    """Fatal-wound deadlines carried out of a battle: ``quarter`` or ``quarters:N`` (R-MK-31)."""
    number: int = 1
    """Which game of the campaign this is (the next starts from this one's end)."""
    uncertain_used: int = 0
    """Uncertain encounters spent this game (R-MK-23)."""
    fallen: tuple[str, ...] = ()
    """Land makers dead at a game's end: gone for good (R-MK-34)."""
    transport_rule: bool = True
    ghost_rule: bool = False
    """The optional ghost rule (R-MK-35) for this game's battles; the GM switches it on
    (``GmSet("session", "ghost_rule", true)``)."""
    """The optional transport rule (R-MK-46) is in use; the GM may switch it off."""
    sixes_prompt: bool = False
    """The roller chooses which 6s become hope, the best two dice left counting (one ``convert_sixes``
    prompt, asked only when it is a real choice, R-MK-14/15); :func:`.session.new_session` sets it.
    Off, the default: games created before session 5 replay with the old ``convert_sixes`` then
    ``keep_dice`` prompts, and their battles with the automatic reading."""
    sixes_stakes: bool = False
    """The 6s prompt weighs a check's achievement only as far as its kind uses it (session 6:
    :attr:`~meikyu.systems.meikyu_kingdom.check.called.Call.stakes`, and in battle :attr:`.combat.model.Options.sixes_stakes`);
    :func:`.session.new_session` sets it. Off, games created before replay weighing every point."""
    wounds: tuple[Call, ...] = ()
    """Checks still to call, one after another (:mod:`.expedition.wounds`): a fatal wound's outside battle
    (R-MK-31), a trap's fall (R-MK-33)."""
    resume: str = ""
    """What in the labyrinth waits for those checks: ``trap_done``, ``avoid``, ``room``, ``quarter`` or nothing."""
    seed_review: bool = False
    """The fixes of the seed review (issue 28, session 7: RULINGS "Games created before session 7"):
    a national check's critical gives drive, cooperation reaches the session's checks, armor reduces
    every damage, HP ≤ 0 outside battle calls the fatal-wound roll …; :func:`.session.new_session` sets
    it. Off, games created before replay as they were played."""
    data_acts: bool = False
    """Data acts outside battle (issue 28, session 8): the kingdom's facilities as the catalog writes them
    (a constant one adds to national checks, a land maker takes a facility's action in the kingdom
    phase) and the monsters' skills written to work in the labyrinth, as the court meets them;
    :func:`.session.new_session` sets it. Off, games created before replay as they were played."""
    facilities_used: tuple[tuple[str, int], ...] = ()
    """Facilities' actions taken: (name, the kingdom cycle's number, or −1 for once per game)."""
    useful_help: bool = False
    """Minion help on called checks only while it can change what the caller reads (session 9, R-MK-19:
    :func:`.check.state.help_matters`); :func:`.session.new_session` sets it. Off, games created before
    replay offering it after a known success too."""
    data_followups: bool = False
    """Session 9's follow-ups of data that acts: an auxiliary used on a called check counts once per cycle
    by name (R-MK-08), and in battle a skill's minions sent home desert (R-MK-45) and an item's support data
    goes with the item traded (R-MK-36); :func:`.session.new_session` sets it. Off, games created before
    replay as they were played."""
    cycle_data: tuple[tuple[str, str, str, str], ...] = ()
    """(actor, ``spent`` or ``paid``, data name, cycle) outside battle (:mod:`.cycle_data`)."""
    consent_for: tuple[str, ...] = ()
    """(actor, monster skill): a monster skill's hope from the voice waiting for the other players'
    consent (R-MK-13, R-MK-17; :mod:`.cycle_data`)."""

    @property
    def phase(self) -> str:
        return STEPS[self.index][0]

    @property
    def step(self) -> str:
        return STEPS[self.index][1]

    @property
    def prompt(self) -> Prompt | None:
        if self.consent_for:  # the court's voice for a monster skill (R-MK-13): the other players answer
            return Prompt("voice_consent", "court", ("agree", "refuse"))
        if self.effects is not None:
            return self.effects.prompt
        if self.called is not None:
            return self.called.prompt
        if self.round_table is not None:
            return self.round_table.prompt
        exp = self.expedition
        if exp is not None and self.battle is None and exp.stage in LABYRINTH_PROMPTS:
            return Prompt(exp.stage, exp.todo[0] if exp.stage == "meal" and exp.todo else None)
        return None

    def able(self) -> tuple[str, ...]:
        """Land makers who can act (neither incapacitated nor dead)."""
        return tuple(c.id for c in self.court if c.id not in self.conditions)

    def character(self, ident: str) -> Character:
        from meikyu.errors import RuleError

        for char in self.court:
            if char.id == ident:
                return char
        raise RuleError("R-MK-01", "mk.error.unknown_character", id=ident, known=", ".join(c.id for c in self.court))

    def put(self, char: Character) -> SessionState:
        from dataclasses import replace

        return replace(self, court=tuple(char if c.id == char.id else c for c in self.court))

    def to_data(self) -> dict[str, Any]:
        return {
            "kingdom": self.kingdom.to_data(),
            "court": [c.to_data() for c in self.court],
            "index": self.index,
            "goal_met": self.goal_met,
            "labyrinth_turns": self.labyrinth_turns,
            "labyrinth_end": self.labyrinth_end,
            "income_settled": self.income_settled,
            "change_rolled": self.change_rolled,
            "round_table": None if self.round_table is None else self.round_table.to_data(),
            "effects": None if self.effects is None else self.effects.to_data(),
            "disasters": self.disasters,
            "labyrinth": None if self.labyrinth is None else self.labyrinth.to_data(),
            "expedition": None if self.expedition is None else to_data(self.expedition),
            "called": None if self.called is None else self.called.to_data(),
            "battle": None if self.battle is None else to_data(self.battle),
            "broken": to_data(self.broken),
            "actions": None if self.actions is None else self.actions.to_data(),
            "conditions": dict(self.conditions),
            "deadlines": dict(self.deadlines),
            "number": self.number,
            "uncertain_used": self.uncertain_used,
            "fallen": list(self.fallen),
            "transport_rule": self.transport_rule,
            "ghost_rule": self.ghost_rule,
            "sixes_prompt": self.sixes_prompt,
            "sixes_stakes": self.sixes_stakes,
            "seed_review": self.seed_review,
            "wounds": to_data(self.wounds),
            "resume": self.resume,
            "data_acts": self.data_acts,
            "facilities_used": [list(u) for u in self.facilities_used],
            "useful_help": self.useful_help,
            "data_followups": self.data_followups,
            "cycle_data": [list(m) for m in self.cycle_data],
            "consent_for": list(self.consent_for),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SessionState:
        def opt(key: str, load: Any) -> Any:
            raw = data.get(key)
            return None if raw is None else load(raw)

        return cls(
            Kingdom.from_data(data["kingdom"]),
            tuple(Character.from_data(c) for c in data.get("court", [])),
            index=int(data.get("index", 0)),
            goal_met=bool(data.get("goal_met", False)),
            labyrinth_turns=int(data.get("labyrinth_turns", 0)),
            labyrinth_end=str(data.get("labyrinth_end", "")),
            income_settled=bool(data.get("income_settled", False)),
            change_rolled=bool(data.get("change_rolled", False)),
            round_table=opt("round_table", rt.RoundTableState.from_data),
            effects=opt("effects", fx.EffectState.from_data),
            disasters=int(data.get("disasters", 0)),
            labyrinth=opt("labyrinth", Labyrinth.from_data),
            expedition=opt("expedition", lambda d: from_data(Expedition, d)),
            called=opt("called", CalledCheck.from_data),
            battle=opt("battle", lambda d: from_data(Battle, d)),
            broken=from_data(tuple[tuple[str, str], ...], data.get("broken", [])),
            actions=opt("actions", CycleState.from_data),
            conditions=from_data(dict[str, str], data.get("conditions", {})),
            deadlines=from_data(dict[str, str], data.get("deadlines", {})),
            number=int(data.get("number", 1)),
            uncertain_used=int(data.get("uncertain_used", 0)),
            fallen=tuple(data.get("fallen", [])),
            transport_rule=bool(data.get("transport_rule", True)),
            ghost_rule=bool(data.get("ghost_rule", False)),
            sixes_prompt=bool(data.get("sixes_prompt", False)),
            sixes_stakes=bool(data.get("sixes_stakes", False)),
            seed_review=bool(data.get("seed_review", False)),
            wounds=from_data(tuple[Call, ...], data.get("wounds", [])),
            resume=str(data.get("resume", "")),
            data_acts=bool(data.get("data_acts", False)),
            facilities_used=tuple((str(n), int(c)) for n, c in data.get("facilities_used", [])),
            useful_help=bool(data.get("useful_help", False)),
            data_followups=bool(data.get("data_followups", False)),
            cycle_data=tuple((str(a), str(k), str(n), str(c)) for a, k, n, c in data.get("cycle_data", [])),
            consent_for=tuple(str(x) for x in data.get("consent_for", [])),
        )
