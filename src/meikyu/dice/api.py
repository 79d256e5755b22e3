"""The library's front door: roll a command or compute its odds in a game system."""

from __future__ import annotations

from collections.abc import Sequence

from meikyu.dice.command import parse
from meikyu.dice.odds import Odds
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice, RandomDice, ScriptedDice
from meikyu.errors import DiceError
from meikyu.i18n import resolve_lang
from meikyu.systems import find


def roll(
    command: str,
    system: str = "MeikyuKingdom",
    dice: Sequence[int] | Dice | None = None,
    seed: int | None = None,
    lang: str | None = None,
) -> RollResult:
    """Parse (cached) and evaluate ``command``; see :func:`meikyu.roll`.

    Supplied dice must all be used: leftovers mean the dice and the command disagree.
    """
    info = find(system)
    commands = info.commands()
    parsed = parse(command, commands)
    language = resolve_lang(lang, info.default_lang)
    if dice is None:
        source: Dice = RandomDice(seed)
        scripted = None
    elif isinstance(dice, (list, tuple)):
        scripted = ScriptedDice(dice)
        source = scripted
    else:
        source = dice  # type: ignore[assignment]
        scripted = None
    result = parsed.node.evaluate(source, commands, language)
    if scripted is not None and scripted.remaining:
        raise DiceError("error.dice.unused", unused=scripted.remaining, used=len(dice) - scripted.remaining)  # type: ignore[arg-type]
    if parsed.secret:
        result = result._replace(secret=True)
    return result


def odds(command: str, system: str = "MeikyuKingdom") -> Odds:
    """Exact odds of a judged command (``3MK+2>=9``, ``2D6+1>=8``)."""
    commands = find(system).commands()
    return parse(command, commands).node.odds(commands)
