"""The battle machine: ``step(battle, action, dice)``, ``legal_actions(battle)``, ``gm_actions(battle)``.

Every handler validates first and raises :class:`~meikyu.errors.RuleError` naming the rule, so an
illegal action changes nothing. A two-piece fight, from setup to the first swing:

>>> from meikyu.dice import ScriptedDice
>>> from .actions import Attack, Begin, Move, StrategyCheck
>>> from .model import Battle, Combatant, Weapon, COURT, MONSTERS
>>> sword = (Weapon("sword", power=3),)
>>> b = Battle((Combatant("pc", "Ari", COURT, 2, 10, 10, kind="pc", valor=3, weapons=sword),
...             Combatant("gob", "Goblin", MONSTERS, 3, 4, 4, valor=1, evasion=8, weapons=sword)))
>>> b, _ = step(b, Begin(), ScriptedDice([]))
>>> b.phase, b.round
('strategy', 1)
>>> b, _ = step(b, StrategyCheck("pc"), ScriptedDice([5, 4]))   # 9 vs evasion 8: the court goes first
>>> b.active
'court'
>>> b, _ = step(b, Move("pc", 1), ScriptedDice([]))            # 1 PC vs valor 1: not blocked
>>> b, _ = step(b, Attack("pc", "gob"), ScriptedDice([3, 3]))  # 6 + 3 = 9 ≥ 8; 3 damage
>>> b.get("gob").hp, b.active
(1, 'monsters')
"""

from __future__ import annotations

from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.serial import from_data, to_data

from . import data_use, gm, loot, moves, opening, strike, support
from . import events as ev
from .actions import (
    ACTIONS,
    BecomeGhost,
    Choose,
    EndQuarter,
    GhostAct,
    Reveal,
    Revive,
)
from .common import Handler, blocked, err
from .legal import gm_actions, legal_actions
from .model import (
    Battle,
    Choice,
    Pending,
    evolve,
)
from .opening import strategy_difficulty
from .work import NeedChoice, Refused, Work

__all__ = ["BattleRules", "blocked", "gm_actions", "legal_actions", "step", "strategy_difficulty"]

HANDLERS: dict[type, Handler] = {
    **opening.HANDLERS,
    **moves.HANDLERS,
    **strike.HANDLERS,
    **support.HANDLERS,
    **data_use.HANDLERS,
    **loot.HANDLERS,
    **gm.HANDLERS,
}


class _Tape:
    """Dice that hand out ``prefix`` first, then roll on, remembering every value given."""

    __slots__ = ("prefix", "dice", "drawn")

    def __init__(self, prefix: tuple[int, ...], dice: Dice) -> None:
        self.prefix = list(prefix)
        self.dice = dice
        self.drawn: list[int] = []

    def roll(self, sides: int) -> int:
        value = self.prefix.pop(0) if self.prefix else self.dice.roll(sides)
        self.drawn.append(value)
        return value


def step(battle: Battle, action: Action, dice: Dice) -> tuple[Battle, tuple[Event, ...]]:
    """Apply ``action``; illegal → :class:`RuleError` and nothing changes.

    When the rules leave a choice to someone part-way through, the state is the one from before the
    action with a ``choice`` prompt; :class:`Choose` answers it and the action resolves on."""
    p = battle.pending
    if isinstance(action, Choose):
        if p is None or p.choice is None:
            raise err("R-MK-28", "no_prompt", kind="choice")
        ch = p.choice
        if action.option not in ch.options:
            raise err("R-MK-28", "bad_choice", choice=action.option, options=", ".join(ch.options))
        return _run(
            evolve(battle, pending=ch.prior),
            ACTIONS.load(ch.action),
            dice,
            ch.drawn,
            (*ch.answers, action.option),
            ch.shown,
        )
    if p is not None and p.choice is not None:
        raise err("R-MK-28", "pending", kind=p.choice.kind)
    return _run(battle, action, dice, (), (), 0)


def _run(
    battle: Battle,
    action: Action,
    dice: Dice,
    drawn: tuple[int, ...],
    answers: tuple[str, ...],
    shown: int,
) -> tuple[Battle, tuple[Event, ...]]:
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise err("R-MK-28", "unknown_action", action=type(action).__name__)
    if battle.phase == "over" and not isinstance(action, (Revive, BecomeGhost, GhostAct, Reveal, EndQuarter)):
        raise err("R-MK-42", "battle_over")
    tape = _Tape(drawn, dice)
    w = Work(battle, tape, answers)
    try:
        handler(w, action)
    except Refused as refused:  # the court said no to its voice: the action is taken back (R-MK-13)
        return battle, (*w.events[shown:], ev.VoiceRefused(refused.actor, refused.voice))
    except NeedChoice as need:
        choice = Choice(
            need.kind, need.options, ACTIONS.dump(action), tuple(tape.drawn), answers, len(w.events),
            battle.pending, need.detail, need.auto,
        )  # fmt: skip
        asked = evolve(battle, pending=Pending("choice", need.actor, choice=choice))
        return asked, (*w.events[shown:], ev.ChoiceAsked(need.actor, need.kind))
    return w.done(), tuple(w.events[shown:])


class BattleRules:
    """The :class:`meikyu.engine.Rules` of a Meikyuu Kingdom battle (drives :class:`meikyu.engine.Game`)."""

    id = "mk.battle"
    actions = ACTIONS

    def step(self, state: Battle, action: Action, dice: Dice) -> tuple[Battle, tuple[Event, ...]]:
        return step(state, action, dice)

    def legal_actions(self, state: Battle) -> list[Action]:
        return legal_actions(state)

    def state_to_data(self, state: Battle) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> Battle:
        battle: Battle = from_data(Battle, data)
        return battle
