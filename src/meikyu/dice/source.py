"""Where dice values come from.

Rules draw every die through a :class:`Dice`; nothing else in meikyu touches a random generator.

>>> d = ScriptedDice([6, 3])
>>> d.roll(6), d.roll(6)
(6, 3)
>>> rec = RecordingDice(RandomDice(seed=1))
>>> v = rec.roll(6); rec.rolls == [(6, v)]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

from meikyu.errors import DiceError, DiceExhausted

Roll = tuple[int, int]
"""One die drawn: ``(sides, value)``."""


@runtime_checkable
class Dice(Protocol):
    """Anything that can roll one die of ``sides`` faces and return 1..sides."""

    def roll(self, sides: int) -> int: ...


class RandomDice:
    """Fair dice. OS entropy by default; ``seed`` makes a run reproducible."""

    __slots__ = ("_random", "seed")

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        # random.Random() without a seed draws its state from os.urandom.
        self._random = random.Random(seed).random

    def roll(self, sides: int) -> int:
        # floor(u * n) + 1 is uniform on 1..n up to float granularity (2**-53), far below any table's
        # notice, and several times faster than randint.
        return int(self._random() * sides) + 1


class ScriptedDice:
    """Dice whose values were decided elsewhere: a test, a real table, a forum post.

    Values are taken first in, first out. A plain integer fits any die with at least that many
    sides; a ``(sides, value)`` pair only a die of exactly those sides.
    """

    __slots__ = ("_values", "_pos")

    def __init__(self, values: Iterable[int | Roll]) -> None:
        self._values: list[int | Roll] = list(values)
        self._pos = 0
        for item in self._values:
            sides, value = item if isinstance(item, tuple) else (None, item)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1 or (sides is not None and value > sides):
                raise DiceError("error.dice.bad_value", value=item)

    @property
    def remaining(self) -> int:
        """How many scripted values are still unused."""
        return len(self._values) - self._pos

    def roll(self, sides: int) -> int:
        if self._pos >= len(self._values):
            raise DiceExhausted("error.dice.exhausted", used=self._pos, sides=sides)
        item = self._values[self._pos]
        if isinstance(item, tuple):
            want_sides, value = item
            if want_sides != sides:
                raise DiceError("error.dice.wrong_sides", index=self._pos + 1, scripted=want_sides, sides=sides)
        else:
            value = item
            if value > sides:
                raise DiceError("error.dice.too_big", index=self._pos + 1, value=value, sides=sides)
        self._pos += 1
        return value


class RecordingDice:
    """Wraps another :class:`Dice` and remembers every die drawn, in draw order."""

    __slots__ = ("inner", "rolls")

    def __init__(self, inner: Dice) -> None:
        self.inner = inner
        self.rolls: list[Roll] = []

    def roll(self, sides: int) -> int:
        value = self.inner.roll(sides)
        self.rolls.append((sides, value))
        return value


def parse_dice_list(text: str) -> list[int]:
    """Read dice typed by a person: ``"6,3,1"``, ``"6 3 1"`` or ``"[6][3][1]"``.

    >>> parse_dice_list("6, 3 [1]")
    [6, 3, 1]
    >>> parse_dice_list("6," + "9" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    meikyu.errors.DiceError: '99999999999999999999…' is not a die value; ...
    """
    cleaned = text.replace("[", " ").replace("]", " ").replace(",", " ")
    values: list[int] = []
    for word in cleaned.split():
        # no die has a billion faces: a longer word is refused before it is made a number (Python's own
        # limit on digits would raise) and shown cut short, so the error stays one line
        if not (word.isascii() and word.isdigit()) or len(word) > 9 or int(word) < 1:
            raise DiceError("error.dice.bad_value", value=word if len(word) <= 20 else word[:20] + "…")
        values.append(int(word))
    return values
