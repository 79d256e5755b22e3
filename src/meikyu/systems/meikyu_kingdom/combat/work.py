"""A scratch copy of a battle that one ``step`` edits, then freezes into the next state.

The input state is never touched, so an error raised part-way leaves it exactly as it was.
"""

from __future__ import annotations

from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Event
from meikyu.errors import RuleError

from .model import Battle, Combatant, evolve


class NeedChoice(Exception):
    """Raised part-way through an action when a character must choose (see :class:`~.model.Choice`)."""

    def __init__(
        self, kind: str, actor: str, options: tuple[str, ...], detail: tuple[int, ...], auto: str = ""
    ) -> None:
        super().__init__(kind)
        self.kind = kind
        self.actor = actor
        self.options = options
        self.detail = detail
        self.auto = auto


class Refused(Exception):
    """The court refused ``actor`` the use of its voice (R-MK-13): the action is taken back whole."""

    def __init__(self, actor: str, voice: int) -> None:
        super().__init__(actor)
        self.actor = actor
        self.voice = voice


class Work:
    __slots__ = ("b", "cs", "index", "events", "dice", "changes", "answers", "asked")

    def __init__(self, battle: Battle, dice: Dice, answers: tuple[str, ...] = ()) -> None:
        self.b = battle
        self.cs: list[Combatant] = list(battle.combatants)
        self.index: dict[str, int] = {c.id: i for i, c in enumerate(self.cs)}
        self.events: list[Event] = []
        self.dice = dice
        self.changes: dict[str, Any] = {}
        self.answers = answers
        self.asked = 0

    def ask(
        self,
        rule: str,
        kind: str,
        actor: str,
        options: tuple[str, ...],
        detail: tuple[int, ...] = (),
        auto: str = "",
    ) -> str:
        """The answer to the next choice of this action, or :class:`NeedChoice` when none is given yet
        (``auto``: what a policy answers, when the rules' own automatic reading says; see ``Choice.auto``)."""
        n = self.asked
        self.asked = n + 1
        if n < len(self.answers):
            answer = self.answers[n]
            if answer not in options:
                raise RuleError(rule, "mk.battle.error.bad_choice", choice=answer, options=", ".join(options))
            return answer
        raise NeedChoice(kind, actor, options, detail, auto)

    def has(self, cid: str) -> bool:
        return cid in self.index

    def c(self, cid: str) -> Combatant:
        i = self.index.get(cid)
        if i is None:
            raise RuleError("R-MK-21", "mk.battle.error.unknown_combatant", id=cid)
        return self.cs[i]

    def set(self, cid: str, **changes: Any) -> Combatant:
        i = self.index[cid]
        new = evolve(self.cs[i], **changes)
        self.cs[i] = new
        return new

    def add(self, combatant: Combatant) -> None:
        self.index[combatant.id] = len(self.cs)
        self.cs.append(combatant)

    def get(self, name: str) -> Any:
        if name in self.changes:
            return self.changes[name]
        return getattr(self.b, name)

    def put(self, **changes: Any) -> None:
        self.changes.update(changes)

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def roll(self, sides: int = 6) -> int:
        return self.dice.roll(sides)

    def roll_n(self, count: int, sides: int = 6) -> int:
        roll = self.dice.roll
        return sum(roll(sides) for _ in range(count))

    def done(self) -> Battle:
        return evolve(self.b, combatants=tuple(self.cs), **self.changes)
