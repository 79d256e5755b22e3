"""Combat numbers shared by the combat rules and the exact odds: Shin's effective values and enemies.

>>> p_2d6_at_least(4)
Fraction(11, 12)
>>> escape_needed(1), escape_needed(2), escape_needed(5)
(4, 5, 6)
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from meikyu.systems.gamebook.text import Text

# Ways to roll each total on 2D6, for exact probabilities.
_WAYS_2D6: dict[int, int] = {t: 6 - abs(t - 7) for t in range(2, 13)}

ROLL_KINDS: tuple[str, ...] = ("attack", "defense", "escape")
"""Rolls an ability may let Shin roll again once when they fail."""


ROLLING: ContextVar[tuple[str, int, dict[str, Any]]] = ContextVar("gb_rolling", default=("roll", 1, {}))
"""Whose roll the rules are drawing dice for now: (kind, dice count, params) — for manual dice prompts."""


@contextmanager
def rolling(kind: str, count: int, **params: Any) -> Iterator[None]:
    """Say, for the dice drawn inside, whose roll it is (``gb.roll.{kind}`` names it to the reader)."""
    token = ROLLING.set((kind, count, params))
    try:
        yield
    finally:
        ROLLING.reset(token)


def p_2d6_at_least(needed: int) -> Fraction:
    """Probability that 2D6 shows ``needed`` or more."""
    return Fraction(sum(w for t, w in _WAYS_2D6.items() if t >= needed), 36)


def escape_needed(standing: int) -> int:
    """The 1D6 result that escapes from ``standing`` enemies (R-GB-15): 1 → 4+, 2 → 5+, 3 or more → 6."""
    return 4 if standing <= 1 else 5 if standing == 2 else 6


def p_1d6_at_least(needed: int) -> Fraction:
    """Probability that 1D6 shows ``needed`` or more."""
    return Fraction(max(0, min(6, 7 - needed)), 6)


def with_reroll(p: Fraction, reroll: bool) -> Fraction:
    """Success chance of a roll that, if it fails, is rolled once more."""
    return p + (1 - p) * p if reroll else p


@dataclass(frozen=True)
class Fighter:
    """Shin's numbers for one combat, after the chosen ability (R-GB-01, R-GB-03).

    ``extra_attacks`` adds attacks to each exchange, ``rerolls`` names rolls (attack, defense,
    escape) rolled once more when they fail, ``escape_bonus`` adds to the escape die.
    """

    attack: int
    kill: int
    defense: int
    hits: int
    extra_attacks: int = 0
    rerolls: tuple[str, ...] = ()
    escape_bonus: int = 0

    def p_hit(self, enemy: Enemy) -> Fraction:
        """Chance that one of Shin's attacks hits ``enemy`` (R-GB-10): 2D6 + attack ≥ defense."""
        return with_reroll(p_2d6_at_least(enemy.defense - self.attack), "attack" in self.rerolls)

    def p_block(self, enemy: Enemy) -> Fraction:
        """Chance that Shin blocks ``enemy``'s attack (R-GB-12): 2D6 + defense ≥ the enemy's attack."""
        return with_reroll(p_2d6_at_least(enemy.attack - self.defense), "defense" in self.rerolls)

    def p_escape(self, standing: int) -> Fraction:
        """Chance that one escape roll succeeds against ``standing`` enemies (R-GB-15)."""
        return with_reroll(
            p_1d6_at_least(escape_needed(standing) - self.escape_bonus), "escape" in self.rerolls
        )


@dataclass(frozen=True)
class Enemy:
    """An enemy's stat block: ``Bubbly Slime attack 10 kill 2 defense 9 hits 4``."""

    attack: int
    kill: int
    defense: int
    hits: int
    name: Text = Text.plain("")


def after_hit(hits_left: int, kill: int) -> int:
    """Hits left after a successful attack (R-GB-11, R-GB-13).

    The instant-kill rule compares the attacker's kill value with the hits *before* the hit is
    removed: kill ≥ hits left → 0 at once.

    >>> after_hit(4, 3), after_hit(3, 3), after_hit(4, 4)
    (3, 0, 0)
    """
    return 0 if kill >= hits_left else hits_left - 1
