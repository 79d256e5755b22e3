"""Dice rolled at a real table, typed in: how many dice an action rolls, the prompt asking for them, and
a source that hands out the typed values first and the program's own after them (the battle terminal
and ``mk play`` share it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meikyu.dice.source import Dice, parse_dice_list
from meikyu.engine import Action, Game
from meikyu.errors import DiceError, MeikyuError
from meikyu.i18n import translate


class _Counter:
    """A dice source that counts what an action rolls, answering each die with a middle value.

    A middle value (3 on a d6) is neither a critical nor a fumble, so the count is the plain case;
    extra dice a special result calls for are rolled by the program if none were typed.
    """

    def __init__(self) -> None:
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        self.sides.append(sides)
        return (sides + 1) // 2


def dice_needed(game: Game[Any], action: Action) -> list[int]:
    """The sides of each die ``action`` rolls in the plain case, up to its first prompt (empty when it
    rolls none before one).

    >>> from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
    >>> from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules
    >>> game = Game(BattleRules(), load_encounter("sample"))
    >>> begin = game.legal_actions()[0]
    >>> dice_needed(game, begin)  # no ambush check here: nothing to roll
    []
    >>> _ = game.play(begin)
    >>> [dice_needed(game, a) for a in game.legal_actions()[:2]]  # strategy check; with 1 hope, first
    [[6, 6], []]
    >>> # where the hope comes from is asked (R-MK-13); the dice come once that is answered
    """
    import contextlib

    counter = _Counter()
    # A refused action raises when played for real; the count so far is all it would ask for.
    with contextlib.suppress(MeikyuError):
        game.rules.step(game.state, action, counter)
    return counter.sides


def dice_spec(sides: list[int]) -> str:
    """``[6, 6, 3]`` → ``"2D6+1D3"`` (grouped, in first-seen order).

    >>> dice_spec([6, 6]), dice_spec([6, 3, 6])
    ('2D6', '2D6+1D3')
    """
    counts: dict[int, int] = {}
    for n in sides:
        counts[n] = counts.get(n, 0) + 1
    return "+".join(f"{k}D{n}" for n, k in counts.items())


def dice_prompt(sides: list[int], lang: str) -> str:
    example = " ".join(str(min(v, n)) for v, n in zip((6, 3, 5, 2, 4, 1) * 4, sides, strict=False))
    return translate(
        "mk.battle.cli.dice_need", lang, need=dice_spec(sides), count=len(sides), example=example
    )


class TypedThenRandom:
    """Dice typed at the table first (in order), the program's own after they run out."""

    def __init__(self, values: list[int], fallback: Dice) -> None:
        self.values = list(values)
        self.fallback = fallback

    def roll(self, sides: int) -> int:
        if self.values:
            value = self.values.pop(0)
            if value > sides:
                raise DiceError("error.dice.too_big", index=1, value=value, sides=sides)
            return value
        return self.fallback.roll(sides)


def play_typed(
    game: Game[Any], action: Action, lang: str, ask: Callable[[str], str], auto: bool, dice: Dice
) -> tuple[Any, ...]:
    """Play ``action``: with ``auto`` on the program's dice; else ask for the dice it rolls (typed at the
    table, any left untyped rolled by the program) and play it on those."""
    if auto:
        return game.play(action, dice)
    sides = dice_needed(game, action)
    if sides:
        typed = ask(dice_prompt(sides, lang) + " ").strip()
        values = parse_dice_list(typed) if typed else []
        return game.play(action, TypedThenRandom(values, dice))
    return game.play(action, dice)
