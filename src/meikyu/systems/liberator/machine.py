"""One step of the table: find the action's handler, run it, then settle what needs no decision.

``Declare``, ``Split`` and ``Resolve`` answer the roll in play: an advantage / disadvantage /
forced recovery (:mod:`~meikyu.systems.liberator.checks`) while one waits, else the turn's
(:mod:`~meikyu.systems.liberator.turn`). :class:`~meikyu.systems.liberator.rules.LiberatorRules`
is the engine's face on :func:`step`.

>>> from meikyu.dice import ScriptedDice
>>> from meikyu.systems.liberator.cards import sample_cards
>>> from meikyu.systems.liberator.rules import new_table
>>> cards = sample_cards()
>>> s, events = step(cards, new_table([("ann", "warrior", ["mount"])], cards), GiveUp(), ScriptedDice([]))
>>> s.phase, [type(e).__name__ for e in events]
('awards', ['ScenarioEnded', 'ExpGained', 'ExpGained'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meikyu.dice.source import Dice
from meikyu.engine import Action, Event
from meikyu.errors import InputError
from meikyu.systems.liberator import abilities, answers, checks, experience, setup_phase, turn
from meikyu.systems.liberator.cards import CardSet
from meikyu.systems.liberator.context import Ctx
from meikyu.systems.liberator.flow import settle
from meikyu.systems.liberator.state import (
    AbandonMission,
    Awards,
    ContinueMission,
    Declare,
    GenerateMission,
    GiveUp,
    GmEffect,
    GmGrant,
    LevelUp,
    NewCharacter,
    NextScenario,
    PickCard,
    PickEffect,
    PickObstacle,
    PickPlayer,
    Resolve,
    Split,
    StartMission,
    SwapJob,
    TableState,
    UseAbility,
    UseGrant,
)


def _on_roll(
    for_check: Callable[[Ctx, Any], None], for_turn: Callable[[Ctx, Any], None]
) -> Callable[[Ctx, Any], None]:
    """A handler that answers a check when one waits for it (and no effect does), else the turn."""

    def handle(c: Ctx, a: Any) -> None:
        (for_check if c.s.check is not None and not c.s.effects else for_turn)(c, a)

    return handle


HANDLERS: dict[type, Callable[[Ctx, Any], None]] = {
    StartMission: setup_phase.start_mission,
    GenerateMission: setup_phase.generate,
    ContinueMission: setup_phase.continue_mission,
    AbandonMission: setup_phase.abandon,
    GiveUp: setup_phase.give_up,
    Declare: _on_roll(checks.declare_check, turn.declare),
    Split: _on_roll(checks.split_check, turn.split),
    PickEffect: checks.pick_effect,
    UseAbility: abilities.use_ability,
    UseGrant: abilities.use_grant,
    Resolve: _on_roll(checks.resolve_check, turn.resolve),
    PickCard: answers.pick,
    PickObstacle: answers.pick,
    PickPlayer: answers.pick_player,
    GmGrant: checks.gm_grant,
    GmEffect: checks.gm_effect,
    LevelUp: experience.level_up,
    SwapJob: experience.swap_job,
    Awards: experience.awards,
    NextScenario: experience.next_scenario,
    NewCharacter: experience.new_character,
}
"""Each action type's handler."""


def step(
    cards: CardSet, state: TableState, action: Action, dice: Dice
) -> tuple[TableState, tuple[Event, ...]]:
    """The new state and the events of ``action`` on ``state``; a refused action raises."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise InputError("lb.error.unknown_action", action=type(action).__name__)
    c = Ctx(cards, state, dice)
    handler(c, action)
    settle(c)
    return c.s, tuple(c.events)
