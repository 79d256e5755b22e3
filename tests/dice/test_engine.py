"""The engine scaffolding: history, undo, exact replay, JSON round-trip, policies."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meikyu.dice.source import Dice, RandomDice, ScriptedDice
from meikyu.engine import Action, Event, FirstLegalPolicy, Game, Prompt, RandomPolicy
from meikyu.errors import DiceError, DiceExhausted, InputError, RuleError
from meikyu.serial import TypeRegistry, from_data, to_data

ACTIONS = TypeRegistry()


@ACTIONS.register
@dataclass(frozen=True)
class Roll(Action):
    dice: int


@ACTIONS.register
@dataclass(frozen=True)
class Keep(Action):
    value: int


@dataclass(frozen=True)
class Rolled(Event):
    values: tuple[int, ...]


@dataclass(frozen=True)
class State:
    score: int = 0
    pending: tuple[int, ...] = ()
    prompt: Prompt | None = None


class PickOne:
    """Roll n dice, then a prompt asks which one to add to the score; stop at 20."""

    id = "pick-one"
    actions = ACTIONS

    def step(self, state: State, action: Action, dice: Dice) -> tuple[State, tuple[Event, ...]]:
        if isinstance(action, Roll):
            if state.prompt is not None or not 1 <= action.dice <= 3:
                raise RuleError("T-1", "error.game.nothing_to_undo")
            values = tuple(dice.roll(6) for _ in range(action.dice))
            return State(state.score, values, Prompt("keep", options=tuple(map(str, values)))), (Rolled(values),)
        if isinstance(action, Keep) and action.value in state.pending:
            return State(state.score + action.value), ()
        raise RuleError("T-2", "error.game.nothing_to_undo")

    def legal_actions(self, state: State) -> Sequence[Action]:
        if state.score >= 20:
            return []
        if state.prompt is not None:
            return [Keep(v) for v in sorted(set(state.pending), reverse=True)]
        return [Roll(n) for n in (3, 2, 1)]

    def state_to_data(self, state: State) -> Any:
        return to_data(state)

    def state_from_data(self, data: Any) -> State:
        return from_data(State, data)


def test_play_undo_and_rejected_actions_leave_state() -> None:
    game = Game(PickOne(), State(), ScriptedDice([2, 5, 1]))
    game.play(Roll(3))
    before = game.state
    with pytest.raises(RuleError) as info:
        game.play(Keep(6))
    assert info.value.rule == "T-2" and game.state == before and len(game.history) == 1
    game.play(Keep(5))
    assert game.state.score == 5
    assert game.undo().action == Keep(5)
    assert game.state == before


def test_dice_running_out_changes_nothing() -> None:
    game = Game(PickOne(), State(), ScriptedDice([2]))
    with pytest.raises(DiceExhausted):
        game.play(Roll(2))
    assert game.state == State() and game.history == []


def test_nothing_to_undo() -> None:
    with pytest.raises(InputError):
        Game(PickOne(), State()).undo()


@given(seed=st.integers(0, 10_000))
def test_replay_and_json_round_trip_reproduce_the_game(seed: int) -> None:
    game = Game(PickOne(), State(), RandomDice(seed))
    game.run(RandomPolicy(seed))
    saved = json.loads(json.dumps(game.to_data()))
    loaded = Game.from_data(PickOne(), saved)
    assert loaded.state == game.state
    assert [t.rolls for t in loaded.history] == [t.rolls for t in game.history]


def test_first_legal_policy_finishes() -> None:
    game = Game(PickOne(), State(), RandomDice(1))
    steps = game.run(FirstLegalPolicy())
    assert game.state.score >= 20 and steps == len(game.history)


def test_scripted_dice_errors() -> None:
    with pytest.raises(DiceError):
        ScriptedDice([0])
    d = ScriptedDice([(6, 3)])
    with pytest.raises(DiceError):
        d.roll(10)
