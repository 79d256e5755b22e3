"""A game as the service holds it in memory: its log, the action versions in effect and the states
replayed so far, with the answers already built for its seats.

>>> stack_after([]), rules_version_of([])
([], 0)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from meikyu.engine import Event
from meikyu.store.base import ACTION, UNDO, Entry, GameRecord
from meikyu.store.settings import settings_after
from meikyu.table import talk


@dataclass
class Step:
    """An action entry as replayed: the states around it and what the rules said happened."""

    before: Any
    after: Any
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Answer:
    """A seat's game at one version, but the log: ``head`` as data and ``json`` as sent."""

    version: int
    head: dict[str, Any]
    json: bytes


@dataclass
class Loaded:
    """A game in memory: every entry, the action versions in effect, and the states we have replayed."""

    record: GameRecord
    kind: Any
    entries: list[Entry] = field(default_factory=list)
    stack: list[int] = field(default_factory=list)  # versions of the action entries in effect, in order
    states: dict[int, Any] = field(default_factory=dict)  # state after action entry v (0: the initial state)
    steps: dict[int, Step] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    rendered: OrderedDict[tuple[int, str, str], list[dict[str, Any]]] = field(default_factory=OrderedDict)
    encoded: OrderedDict[tuple[int, str, str], bytes] = field(default_factory=OrderedDict)
    answers: dict[tuple[str, str], Answer] = field(default_factory=dict)
    """The latest :meth:`Games.answer` per (seat, language), reused until the rules' version moves."""
    marks: dict[int, talk.Marks] = field(default_factory=dict)
    """What reveals and removals did to each message (talk entries)."""
    rules_version: int = 0
    """The version of the last action, undo or settings change: talk after it changes no state."""
    _settings: tuple[int, dict[str, Any]] = (-1, {})

    @property
    def version(self) -> int:
        return len(self.entries)

    @property
    def state(self) -> Any:
        return self.states[self.stack[-1] if self.stack else 0]

    @property
    def settings(self) -> dict[str, Any]:
        """The settings now: the created ones with the GM's changes since (:mod:`meikyu.store.settings`)."""
        at, found = self._settings
        if at != self.version:
            found = settings_after(self.record.settings, self.entries)
            self._settings = (self.version, found)
        return found


@dataclass(frozen=True)
class Created:
    id: str
    version: int
    seats: list[tuple[str, str]]  # (seat, token)


def stack_after(entries: Sequence[Entry]) -> list[int]:
    stack: list[int] = []
    for entry in entries:
        if entry.type == ACTION:
            stack.append(entry.version)
        elif entry.type == UNDO:
            del stack[len(stack) - int(entry.data["steps"]):]
    return stack


def rules_version_of(entries: Sequence[Entry]) -> int:
    return next((e.version for e in reversed(entries) if e.type not in talk.TALK), 0)
