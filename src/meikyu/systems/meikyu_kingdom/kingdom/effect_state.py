"""The state of applying kingdom-side table results: the actions (roll a table, answer a prompt), the
queue of effects waiting, the prompt open, and their JSON form. The steps are in :mod:`.effect_steps`,
the rules machine in :mod:`~meikyu.systems.meikyu_kingdom.kingdom.effects`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from meikyu.engine import Action, Prompt
from meikyu.errors import InputError
from meikyu.serial import TypeRegistry
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.sheets.character import Character
from meikyu.systems.meikyu_kingdom.sheets.kingdom import Kingdom
from meikyu.tables import Effect

ACTIONS = TypeRegistry()

KINGDOM_TABLES = ("KDT", "KCT", "KMT", "TT", "T1T", "T2T", "T3T", "T4T", "T5T", "MPT")
MATERIALS = ("meat", "fang", "iron", "mana", "machine", "cloth", "wood", "gunpowder", "information", "leather")
STAR_FRAGMENT_NAMES = ("별의 조각", "Star Fragment", "星のかけら")


@ACTIONS.register
@dataclass(frozen=True)
class RollTable(Action):
    """Roll a kingdom-side table and apply its effects (``self`` = ``roller``)."""

    code: str
    roller: str = ""


@ACTIONS.register
@dataclass(frozen=True)
class Choose(Action):
    """Answer the pending prompt with one of its options (free text when it lists none)."""

    option: str


@dataclass(frozen=True)
class Frame:
    """An effect waiting to be applied; ``who`` binds ``self`` (a character id, or "")."""

    effect: Effect
    who: str = ""


@dataclass(frozen=True)
class Pending:
    kind: str
    actor: str
    options: tuple[str, ...]
    frame: Frame


@dataclass(frozen=True)
class EffectState:
    """The kingdom and court plus facts of the game the tables read."""

    kingdom: Kingdom
    court: tuple[Character, ...] = ()
    goal_met: bool = False
    labyrinth_turns: int = 0
    known_land: bool = False
    """Whether the court stands in a known land (travel table 7)."""
    roller: str = ""
    queue: tuple[Frame, ...] = ()
    pending: Pending | None = None
    disasters: int = 0
    """Kingdom disaster rolls triggered and not yet rolled (R-MK-20)."""
    successes: int = 0
    rulings: tuple[str, ...] = field(default=())
    """What the GM was asked to carry out on paper."""
    called: cc.CalledCheck | None = None
    """A check the table calls for, waiting for its roller's choices; ``called_frame`` follows it."""
    called_frame: Frame | None = None
    sixes_prompt: bool = False
    """The game's switch for its checks' 6s (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.sixes_prompt`)."""
    sixes_stakes: bool = False
    """Its other one (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.sixes_stakes`)."""
    seed_review: bool = False
    """The game's seed-review switch (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.seed_review`)."""
    data_acts: bool = False
    """Its facilities switch (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.data_acts`)."""
    useful_help: bool = False
    """Its minion-help switch (:attr:`~meikyu.systems.meikyu_kingdom.session_state.SessionState.useful_help`)."""
    facility_level: int = 0
    """The facility level of the facility whose action these effects are (``level`` in their formulas)."""

    @property
    def waiting(self) -> bool:
        """Somebody must answer before the table's effects go on (a choice or a called check)."""
        return self.pending is not None or self.called is not None

    @property
    def prompt(self) -> Prompt | None:
        if self.called is not None:
            return self.called.prompt
        if self.pending is None:
            return None
        return Prompt(self.pending.kind, self.pending.actor, self.pending.options, typed=not self.pending.options)

    def character(self, ident: str) -> Character:
        for char in self.court:
            if char.id == ident:
                return char
        raise InputError("mk.error.unknown_character", id=ident, known=", ".join(c.id for c in self.court))

    def put(self, char: Character) -> EffectState:
        return replace(self, court=tuple(char if c.id == char.id else c for c in self.court))

    def to_data(self) -> dict[str, Any]:
        pending = None
        if self.pending is not None:
            pending = {
                "kind": self.pending.kind,
                "actor": self.pending.actor,
                "options": list(self.pending.options),
                "frame": _frame_to_data(self.pending.frame),
            }
        return {
            "kingdom": self.kingdom.to_data(),
            "court": [c.to_data() for c in self.court],
            "goal_met": self.goal_met,
            "labyrinth_turns": self.labyrinth_turns,
            "known_land": self.known_land,
            "roller": self.roller,
            "queue": [_frame_to_data(f) for f in self.queue],
            "pending": pending,
            "disasters": self.disasters,
            "successes": self.successes,
            "rulings": list(self.rulings),
            "called": None if self.called is None else self.called.to_data(),
            "called_frame": None if self.called_frame is None else _frame_to_data(self.called_frame),
            "sixes_prompt": self.sixes_prompt,
            "sixes_stakes": self.sixes_stakes,
            "seed_review": self.seed_review,
            "data_acts": self.data_acts,
            "facility_level": self.facility_level,
            "useful_help": self.useful_help,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> EffectState:
        raw = data.get("pending")
        pending = None
        if raw is not None:
            pending = Pending(str(raw["kind"]), str(raw["actor"]), tuple(raw["options"]), _frame_from_data(raw["frame"]))
        return cls(
            Kingdom.from_data(data["kingdom"]),
            tuple(Character.from_data(c) for c in data.get("court", [])),
            goal_met=bool(data.get("goal_met", False)),
            labyrinth_turns=int(data.get("labyrinth_turns", 0)),
            known_land=bool(data.get("known_land", False)),
            roller=str(data.get("roller", "")),
            queue=tuple(_frame_from_data(f) for f in data.get("queue", [])),
            pending=pending,
            disasters=int(data.get("disasters", 0)),
            successes=int(data.get("successes", 0)),
            rulings=tuple(data.get("rulings", [])),
            called=None if data.get("called") is None else cc.CalledCheck.from_data(data["called"]),
            called_frame=None if data.get("called_frame") is None else _frame_from_data(data["called_frame"]),
            sixes_prompt=bool(data.get("sixes_prompt", False)),
            sixes_stakes=bool(data.get("sixes_stakes", False)),
            seed_review=bool(data.get("seed_review", False)),
            data_acts=bool(data.get("data_acts", False)),
            facility_level=int(data.get("facility_level", 0)),
            useful_help=bool(data.get("useful_help", False)),
        )

    def env(self, who: str = "") -> dict[str, int]:
        k = self.kingdom
        env = {
            "voice": k.voice,
            "citizens": k.citizens,
            "citizens_home": k.citizens,
            "budget": k.budget,
            "life": k.life,
            "order": k.order,
            "culture": k.culture,
            "military": k.military,
            "territory_maps": len(k.maps),
            "hostile_nations": k.count_relations("hostile"),
            "unfriendly_nations": k.count_relations("unfriendly"),
            "friendly_nations": k.count_relations("good") + k.count_relations("allied"),
            "labyrinth_turns": self.labyrinth_turns,
            "successes": self.successes,
        }
        if self.facility_level:
            env["level"] = self.facility_level
        if who and any(c.id == who for c in self.court):
            env["hp"] = self.character(who).hp
        return env


def effect_from_data(data: Any) -> Effect:
    """Rebuild an :class:`Effect` from :meth:`Effect.to_data` output (nested lists of effects too)."""

    def value(raw: Any) -> object:
        if isinstance(raw, dict) and "type" in raw:
            return effect_from_data(raw)
        if isinstance(raw, list):
            return tuple(value(item) for item in raw)
        return raw

    body = dict(data)
    kind = str(body.pop("type"))
    return Effect(kind, tuple((key, value(raw)) for key, raw in body.items()))


def _frame_to_data(frame: Frame) -> dict[str, Any]:
    return {"effect": frame.effect.to_data(), "who": frame.who}


def _frame_from_data(data: Any) -> Frame:
    return Frame(effect_from_data(data["effect"]), str(data.get("who", "")))
