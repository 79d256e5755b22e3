"""The library's front door: roll a command or compute its odds in a game system.

It finds a system by name in the registry (:mod:`meikyu.systems`), so it stands above the systems, beside
the dice rather than inside them: nothing in :mod:`meikyu.dice` imports a system.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meikyu.dice.command import parse
from meikyu.dice.node import Notice, SystemCommands
from meikyu.dice.result import RollResult
from meikyu.dice.source import Dice, RandomDice, ScriptedDice
from meikyu.errors import CommandError, DiceError
from meikyu.lang import resolve_lang
from meikyu.systems import find

if TYPE_CHECKING:
    from meikyu.dice.result import Odds  # only odds() needs it, and imports it through the node

_SHARED: list[RandomDice] = []
_COMMANDS: dict[str, SystemCommands] = {}
"""System name as the caller spelled it -> its command set (skips normalizing names per roll)."""


def _shared_dice() -> RandomDice:
    """One OS-seeded generator for unseeded rolls (seeding a new one per roll costs more than the roll)."""
    if not _SHARED:
        _SHARED.append(RandomDice())
    return _SHARED[0]


def roll(
    command: str,
    system: str = "MeikyuKingdom",
    dice: Sequence[int] | Dice | None = None,
    seed: int | None = None,
    lang: str | None = None,
    bcdice_messages: bool = False,
) -> RollResult:
    """Roll a BCDice-style command in a game system and return the structured result.

    ``dice`` is a list of values to use instead of random ones (dice rolled at a real table; they
    must all be used), or any :class:`~meikyu.dice.source.Dice`; ``seed`` makes random dice
    reproducible; ``lang`` picks the language of ``.text`` (default: the system's, or
    ``$MEIKYU_LANG``). The command is parsed once and cached. With ``bcdice_messages``, a command
    that BCDice answers with a message instead of a roll (``2R6``, ``rep0 1D6``) gives a result whose
    BCDice text is that message, instead of raising the error (the bcdice-api face does this).

    >>> r = roll("3MK+2>=9", dice=[6, 3, 1])
    >>> r.kept, r.achievement, r.success, r.drive
    ((3, 6), 11, True, 0)
    >>> print(r.render("bcdice"))
    (3R6+2>=9) ＞ 9[1,3,6]+2 ＞ 11 ＞ 成功 (もしくは) 6 ＞ 失敗 ＆ 《気力》1点獲得
    >>> print(r.render("text", "en"))
    3MK+2>=9 → [6,3,1] · used [3,6]+2 → achievement 11 ▶ success
    """
    commands = _COMMANDS.get(system)
    if commands is None:
        info = find(system)
        commands = info.commands()
        if system == info.id:  # bounded: only canonical ids are remembered
            _COMMANDS[system] = commands
    try:
        parsed = parse(command, commands)
    except CommandError as err:
        if not bcdice_messages or err.bcdice is None:
            raise
        notice = Notice(err).evaluate(_shared_dice(), commands, None if lang is None else resolve_lang(lang))
        return notice._replace(secret=err.secret)
    language = None if lang is None else resolve_lang(lang)  # resolved when text is rendered
    if dice is None:
        source: Dice = _shared_dice() if seed is None else RandomDice(seed)
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
    """Exact probabilities of a judged command (``3MK+2>=9``, ``2D6+1>=8``) as fractions.

    >>> o = odds("2MK>=7")
    >>> o.success, o.critical, o.fumble
    (Fraction(7, 12), Fraction(1, 36), Fraction(1, 36))
    """
    commands = find(system).commands()
    return parse(command, commands).node.odds(commands)
