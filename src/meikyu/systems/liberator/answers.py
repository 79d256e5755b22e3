"""Answers to the prompts of special effects: which card, which obstacle, which other player.

An effect with more than one possible target waits at the head of ``TableState.effects``
(:meth:`~meikyu.systems.liberator.context.Ctx.auto_effect`); ``PickCard`` / ``PickObstacle`` choose
what it takes (R-LB-11), ``PickPlayer`` which other player an "others" effect goes to (R-LB-09).

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.context import Ctx
>>> from meikyu.systems.liberator.effects import parse_effects
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> c = Ctx(cards, new_table([("ann", "warrior", ["mount"])], cards), ScriptedDice([]))
>>> c.enqueue(0, parse_effects("即:P-1")); c.auto_effect()       # two P cards: a choice
False
>>> pick(c, PickCard("mount")); c.s.players[0].character.discard
('mount',)
"""

from __future__ import annotations

from dataclasses import replace

from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.guards import require
from meikyu.systems.liberator.state import PickCard, PickObstacle, PickPlayer


def pick(c: Ctx, a: PickCard | PickObstacle) -> None:
    """The card (or obstacle) the waiting effect takes; it must be one of its choices (R-LB-11)."""
    require(bool(c.s.effects) and c.s.effects[0].target >= 0, "R-LB-11", "lb.error.no_prompt")
    pe = c.s.effects[0]
    choice: str | int = a.card if isinstance(a, PickCard) else a.uid
    wanted = PickObstacle if pe.effect.kind == "obstacle_down" else PickCard
    require(isinstance(a, wanted), "R-LB-11", "lb.error.no_prompt")
    options = c.effect_choices(pe, pe.target)
    require(
        choice in options,
        "R-LB-11",
        "lb.error.bad_choice",
        choice=choice,
        options=", ".join(map(str, options)),
    )
    c.apply_choice(pe, choice)


def pick_player(c: Ctx, a: PickPlayer) -> None:
    """The other player an "others" effect goes to (R-LB-09)."""
    require(bool(c.s.effects) and c.s.effects[0].target < 0, "R-LB-09", "lb.error.no_prompt")
    pe = c.s.effects[0]
    require(
        0 <= a.seat < len(c.s.players) and a.seat != pe.player,
        "R-LB-09",
        "lb.error.others_only",
        ability=pe.effect.notation(),
    )
    c.s = replace(c.s, effects=(replace(pe, target=a.seat),) + c.s.effects[1:])
