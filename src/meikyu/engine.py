"""The scaffolding every game system is written on: rules as pure state machines.

A system provides a :class:`Rules` object: ``step(state, action, dice) -> (state, events)`` is a pure
function, and ``legal_actions(state)`` lists what may happen next (when the rules wait for a decision,
the state carries a pending :class:`Prompt` and the legal actions are its answers). A :class:`Game`
keeps the history of actions with the dice each one drew, which gives undo, exact replay and saving
for free. A :class:`Policy` answers for a player automatically.

A tiny machine: a counter that adds one die per ``Add`` action.

>>> from dataclasses import dataclass
>>> from meikyu.serial import TypeRegistry
>>> ACTIONS = TypeRegistry()
>>> @ACTIONS.register
... @dataclass(frozen=True)
... class Add(Action):
...     pass
>>> @dataclass(frozen=True)
... class Added(Event):
...     value: int
>>> class Counter:
...     id = "counter"
...     actions = ACTIONS
...     def step(self, state, action, dice):
...         v = dice.roll(6)
...         return state + v, (Added(v),)
...     def legal_actions(self, state):
...         return [Add()] if state < 10 else []
...     def state_to_data(self, state): return state
...     def state_from_data(self, data): return data
>>> from meikyu.dice import ScriptedDice
>>> game = Game(Counter(), 0, dice=ScriptedDice([4, 5]))
>>> game.play(Add())
(Added(value=4),)
>>> game.play(Add()); game.state
(Added(value=5),)
9
>>> game.undo().rolls, game.state
(((6, 5),), 4)
>>> Game.from_data(Counter(), game.to_data()).state
4
>>> Game.from_data(Counter(), {"rules": "counter", "initial": 0, "history": 7})
Traceback (most recent call last):
  ...
meikyu.errors.DataError: the save is damaged (TypeError: history must be a list, not int); it cannot be loaded.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from meikyu.dice.source import Dice, RandomDice, RecordingDice, Roll, ScriptedDice
from meikyu.errors import DataError, DiceError, InputError, MeikyuError, RuleError
from meikyu.serial import TypeRegistry

__all__ = [
    "Action",
    "Event",
    "FirstLegalPolicy",
    "Game",
    "Policy",
    "Prompt",
    "RandomPolicy",
    "RuleError",
    "Rules",
    "Turn",
]

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


TEXT_LIMIT = 200
"""The longest text an action may carry (a name, an item, a ruling's value): it is stored and shown to every
seat. The table layer refuses longer ones in anything posted; rules that take free values check it too."""


class Action:
    """Base of every action: a small frozen dataclass saying what somebody does."""

    __slots__ = ()


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Event:
    """Base of every event: a frozen dataclass saying what happened.

    ``render(lang)`` looks up ``{catalog_prefix}event.{snake_case_class_name}`` in the message
    catalogs and fills it with the event's fields.
    """

    __slots__ = ()
    catalog_prefix: ClassVar[str] = ""

    def params(self) -> dict[str, Any]:
        """The event's fields by name (every event class is a dataclass; this base is not)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}  # type: ignore[arg-type]

    def render(self, lang: str = "en") -> str:
        from meikyu.i18n import translate

        return translate(f"{self.catalog_prefix}event.{_snake(type(self).__name__)}", lang, **self.params())


@dataclass(frozen=True)
class Prompt:
    """A decision the rules are waiting for, in the middle of a resolution.

    ``kind`` names the decision (``"convert_sixes"``, ``"breakthrough"`` …), ``actor`` who makes it
    (a character id, ``"gm"`` or ``None`` for anyone) and ``options`` short labels of the choices.
    The legal actions of the state are the possible answers. A ``typed`` prompt is answered with text
    the player types (a name the table asks for): no answer can be listed, so it lists none, and each
    face offers a text field (every action a state lists stays one a policy may play).
    """

    kind: str
    actor: str | None = None
    options: tuple[str, ...] = ()
    typed: bool = False


class Rules(Protocol[S]):
    """What a game system provides to drive a :class:`Game`."""

    id: str
    actions: TypeRegistry

    def step(self, state: S, action: Action, dice: Dice) -> tuple[S, tuple[Event, ...]]: ...

    def legal_actions(self, state: S) -> Sequence[Action]: ...

    def state_to_data(self, state: S) -> Any: ...

    def state_from_data(self, data: Any) -> S: ...


@dataclass(frozen=True)
class Turn:
    """One entry of a game's history: the action, every die it drew, and what happened."""

    action: Action
    rolls: tuple[Roll, ...]
    events: tuple[Event, ...]


class Policy(Protocol[S_contra]):
    """Chooses an action among the legal ones (answers prompts for bots, simulations, one-shots)."""

    def choose(self, state: S_contra, legal: Sequence[Action]) -> Action: ...


class FirstLegalPolicy:
    """Always the first legal action: systems list their recommended answer first."""

    def choose(self, state: Any, legal: Sequence[Action]) -> Action:
        return legal[0]


class RandomPolicy:
    """A uniformly random legal action (for fuzzing and soak tests)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, state: Any, legal: Sequence[Action]) -> Action:
        return legal[self._rng.randrange(len(legal))]


class Game(Generic[S]):
    """A state plus its history. Rejected actions leave both exactly as they were."""

    def __init__(self, rules: Rules[S], initial: S, dice: Dice | None = None) -> None:
        self.rules = rules
        self.initial = initial
        self.dice: Dice = dice if dice is not None else RandomDice()
        self.history: list[Turn] = []
        self._states: list[S] = [initial]

    @property
    def state(self) -> S:
        return self._states[-1]

    def legal_actions(self) -> Sequence[Action]:
        return self.rules.legal_actions(self.state)

    def play(self, action: Action, dice: Dice | None = None) -> tuple[Event, ...]:
        """Apply ``action``; dice come from ``dice`` or the game's own. Returns the events."""
        recorder = RecordingDice(dice if dice is not None else self.dice)
        new_state, events = self.rules.step(self.state, action, recorder)
        self.history.append(Turn(action, tuple(recorder.rolls), tuple(events)))
        self._states.append(new_state)
        return tuple(events)

    def run(self, policy: Policy[S], max_steps: int = 10_000) -> int:
        """Let ``policy`` choose until no action is legal; returns how many actions it took."""
        for count in range(max_steps):
            legal = self.legal_actions()
            if not legal:
                return count
            self.play(policy.choose(self.state, legal))
        return max_steps

    def undo(self) -> Turn:
        """Take back the last action; returns it with the dice it had drawn."""
        if not self.history:
            raise InputError("error.game.nothing_to_undo")
        self._states.pop()
        return self.history.pop()

    @classmethod
    def replay(cls, rules: Rules[S], initial: S, turns: Sequence[tuple[Action, Sequence[Roll]]]) -> Game[S]:
        """Rebuild a game by playing each action again with exactly the dice it drew."""
        game = cls(rules, initial)
        for index, (action, rolls) in enumerate(turns):
            scripted = ScriptedDice(list(rolls))
            game.play(action, scripted)
            if scripted.remaining:
                raise DiceError("error.game.replay_unused", turn=index + 1, unused=scripted.remaining)
        return game

    def to_data(self) -> dict[str, Any]:
        """A saved game: the initial state and the history (actions with their dice)."""
        return {
            "rules": self.rules.id,
            "initial": self.rules.state_to_data(self.initial),
            "history": [
                {"action": self.rules.actions.dump(t.action), "rolls": [list(r) for r in t.rolls]}
                for t in self.history
            ],
        }

    @classmethod
    def from_data(cls, rules: Rules[S], data: object) -> Game[S]:
        """Load what :meth:`to_data` saved, replaying it to check every step.

        Anything malformed (a missing key, a wrong type, a value the state refuses) is an
        :class:`~meikyu.errors.InputError`, never another exception.
        """
        if not isinstance(data, dict):
            raise DataError("error.game.bad_save", reason=f"expected an object, found {type(data).__name__}")
        if data.get("rules") != rules.id:
            raise InputError("error.game.wrong_rules", expected=rules.id, got=data.get("rules"))
        try:
            initial = rules.state_from_data(data["initial"])
            history = data.get("history", [])
            if not isinstance(history, list):
                raise TypeError(f"history must be a list, not {type(history).__name__}")
            turns = [
                (rules.actions.load(t["action"]), [(int(s), int(v)) for s, v in t["rolls"]])
                for t in history
            ]
            return cls.replay(rules, initial, turns)
        except MeikyuError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError, OverflowError) as exc:
            raise DataError("error.game.bad_save", reason=f"{type(exc).__name__}: {str(exc)[:200]}") from None
