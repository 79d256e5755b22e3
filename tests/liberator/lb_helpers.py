"""Shared helpers for the Liberator tests: a table, steps with fixed dice, small state edits."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from meikyu.dice import ScriptedDice
from meikyu.engine import Action, Event
from meikyu.systems.liberator.character import HeldGrant
from meikyu.systems.liberator.effects import parse_effect
from meikyu.systems.liberator.mission import Mission, Obstacle
from meikyu.systems.liberator.rules import LiberatorRules, new_table
from meikyu.systems.liberator.state import StartMission, TableState

RULES = LiberatorRules()


def obstacles(*specs: str) -> tuple[Obstacle, ...]:
    """``"P3"`` → a P obstacle with target 3 (kinds picked by attribute); uids from 1."""
    kinds = {"P": "combat", "M": "lore", "C": "negotiation"}
    out = []
    for i, spec in enumerate(specs, 1):
        enh = ""
        if "+" in spec:
            spec, enh = spec.split("+")
        out.append(Obstacle(i, kinds[spec[0]], spec[0], int(spec[1:]), f"{spec}#{i}", enh))
    return tuple(out)


def table(*players: tuple[str, str, Sequence[str]], **kw: object) -> TableState:
    return new_table(list(players), RULES.cards, **kw)  # type: ignore[arg-type]


def step(state: TableState, action: Action, dice: Sequence[int] = ()) -> tuple[TableState, tuple[Event, ...]]:
    """One step with exactly these dice; fails if a die is left over."""
    scripted = ScriptedDice(list(dice))
    new, events = RULES.step(state, action, scripted)
    assert scripted.remaining == 0, f"{scripted.remaining} dice unused"
    return new, events


def run(state: TableState, *steps: tuple[Action, Sequence[int]] | Action) -> tuple[TableState, list[Event]]:
    """Several steps; an action alone uses no dice."""
    events: list[Event] = []
    for item in steps:
        action, dice = item if isinstance(item, tuple) else (item, ())
        state, ev = step(state, action, dice)
        events.extend(ev)
    return state, events


def start(state: TableState, *specs: str, kind: str = "normal") -> TableState:
    return step(state, StartMission(Mission(kind, obstacles(*specs))))[0]


def give_grants(state: TableState, seat: int, *names: str) -> TableState:
    ch = state.players[seat].character
    grants = ch.grants + tuple(HeldGrant(parse_effect("付:" + n)) for n in names)
    players = list(state.players)
    players[seat] = replace(players[seat], character=replace(ch, grants=grants))
    return replace(state, players=tuple(players))


def edit_char(state: TableState, seat: int, **changes: object) -> TableState:
    players = list(state.players)
    players[seat] = replace(players[seat], character=replace(players[seat].character, **changes))
    return replace(state, players=tuple(players))


def kinds(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]
