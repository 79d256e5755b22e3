"""Hard limits of the command language, and the checks that enforce them (all in one place).

A command that breaks a limit is refused before a die is drawn, or — for dice that are added while
rolling (rerolls, upper dice) — as soon as it draws past :data:`MAX_DICE`. Generous for play, small
enough that the worst command answers in milliseconds.

>>> check_term(3, 6)
>>> try:
...     check_term(201, 6)
... except LimitError as err:
...     print(err.key)
error.limit.term_dice
"""

from __future__ import annotations

from meikyu.errors import LimitError

MAX_TEXT = 1000
"""Characters in the whole input, comment included."""
MAX_COMMAND = 200
"""Characters in the command part."""
MAX_DICE = 1000
"""Dice one command may draw (repeats, rerolls and upper dice included)."""
MAX_TERM_DICE = 200
"""Dice in one term such as ``200D6`` (BCDice rolls nothing beyond this)."""
MAX_SIDES = 10_000
"""Sides of one die (BCDice's limit too)."""
MAX_REPEAT = 100
MAX_DEPTH = 20
"""Nested parentheses."""
MAX_NUMBER = 10**9
MAX_CHOICES = 100
BCDICE_MAX_RANDS = 10_000
"""Dice BCDice draws for one command before it gives up with an error (bcdice-api answers 500)."""
MAX_TALLY_SIDES = 20
"""Sides of a tally die (``nTYx``), as BCDice allows."""


def check_text(text: str) -> None:
    """The whole input, comment included."""
    if len(text) > MAX_TEXT:
        raise LimitError("error.limit.text", length=len(text), limit=MAX_TEXT)


def check_command(body: str) -> None:
    """The command word (without comment)."""
    if len(body) > MAX_COMMAND:
        raise LimitError("error.limit.length", length=len(body), limit=MAX_COMMAND)


def check_number(value: int) -> None:
    if value > MAX_NUMBER:
        raise LimitError("error.limit.number", limit=MAX_NUMBER)


def check_depth(depth: int) -> None:
    if depth > MAX_DEPTH:
        raise LimitError("error.limit.depth", limit=MAX_DEPTH)


def check_term(count: int, sides: int, bcdice: str | None = None) -> None:
    """One term of ``count`` dice of ``sides`` sides; ``bcdice`` is what BCDice prints instead."""
    if not 1 <= sides <= MAX_SIDES:
        raise LimitError("error.limit.sides", sides=sides, limit=MAX_SIDES, bcdice=bcdice)
    if count > MAX_TERM_DICE:
        raise LimitError("error.limit.term_dice", count=count, limit=MAX_TERM_DICE, bcdice=bcdice)


def check_dice(count: int) -> None:
    """Dice a whole command may draw (known before rolling, or counted while rolling)."""
    if count > MAX_DICE:
        raise LimitError("error.limit.dice", count=count, limit=MAX_DICE)


def check_repeat(count: int, bcdice: str | None = None) -> None:
    if not 1 <= count <= MAX_REPEAT:
        raise LimitError("error.limit.repeat", count=count, limit=MAX_REPEAT, bcdice=bcdice)


def check_choices(count: int, bcdice: str | None = None) -> None:
    if count > MAX_CHOICES:
        raise LimitError("error.limit.choices", count=count, limit=MAX_CHOICES, bcdice=bcdice)
