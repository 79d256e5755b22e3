"""Play a table game through the TableKind only: menu → action_from_data → Game.play.

A policy picks among the rules' legal actions; the seat that takes it is a present player's seat
when ``seats_for`` allows one, else the GM's (acting for an absent player). The chosen action must be
in that seat's menu, exactly as the menu gives it. Everything each seat receives (views, menus,
prompts, events) is recorded as JSON bytes, so leak tests can search a player seat's whole stream.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from meikyu.engine import FirstLegalPolicy, Game, Policy
from meikyu.table import registry
from meikyu.table.base import GM, TableKind


@dataclass
class Played:
    game: Game[Any]
    steps: int
    received: dict[str, list[bytes]] = field(default_factory=dict)
    by_seat: dict[str, int] = field(default_factory=dict)

    def stream(self, seat: str) -> bytes:
        return b"\n".join(self.received.get(seat, []))

    def events(self, seat: str) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for chunk in self.received.get(seat, []):
            data = json.loads(chunk)
            if isinstance(data, dict) and "events" in data:
                out += data["events"]
        return out


def dump(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")


def play(kind: TableKind, state: Any, dice: Any, policy: Policy[Any] | None = None, lang: str = "en",
         present: set[str] | None = None, max_steps: int = 5000, record: bool = True,
         until: Callable[[Any], bool] | None = None, typed: Callable[[Any], Any] | None = None) -> Played:
    """Play until the rules list no action (or ``until(state)``). ``present``: the player seats at the
    table (default all); ``typed(state)``: the answer to a prompt that waits for typed words (a name to
    give), which the rules cannot list — posted through the menu's form, as a person types it."""
    policy = policy or FirstLegalPolicy()
    game: Game[Any] = Game(kind.rules, state, dice=dice)
    seats = kind.seats(state)
    assert seats[0] == GM
    here = set(seats[1:]) if present is None else present
    out = Played(game, 0, {s: [] for s in seats}, {s: 0 for s in seats})
    for step in range(max_steps):
        if record:
            for seat in seats:
                out.received[seat] += [dump({"view": kind.view(game.state, seat, lang)}),
                                       dump({"menu": [i.to_data() for i in kind.menu(game.state, seat, lang)]}),
                                       dump({"prompt": kind.prompt(game.state, seat, lang)})]
        legal = kind.rules.legal_actions(game.state)
        words = typed(game.state) if typed is not None and not legal else None
        if (not legal and words is None) or (until is not None and until(game.state)):
            out.steps = step
            return out
        chosen = words if words is not None else policy.choose(game.state, legal)
        allowed = kind.seats_for(game.state, chosen)
        assert GM in allowed, chosen
        players = sorted(s for s in allowed if s in here)
        seat = players[0] if players else GM
        dumped = kind.rules.actions.dump(chosen)
        menu = kind.menu(game.state, seat, lang)
        keys = [i.key for i in menu]
        assert len(keys) == len(set(keys)), f"duplicate menu keys for {seat}"
        item = next((i for i in menu if i.action == dumped), None)
        if item is None:  # a form the menu offers blank (Liberator's award votes): posted filled in
            item = next((i for i in menu if i.action["@type"] == dumped["@type"]), None)
            assert item is not None, (seat, chosen)
            item = replace(item, action=dumped)
        assert item.seat in allowed
        for other in seats:
            if other not in allowed:
                assert all(i.action != dumped for i in kind.menu(game.state, other, lang)), (other, chosen)
        action = registry.action_from_data(kind, json.loads(json.dumps(item.action)))
        assert action == chosen
        before = game.state
        events = game.play(action)
        out.by_seat[seat] += 1
        if record:
            for s in seats:
                out.received[s].append(dump({"events": kind.events_for(before, game.state, events, s, lang)}))
    raise AssertionError(f"no end after {max_steps} steps")
