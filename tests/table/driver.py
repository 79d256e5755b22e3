"""Play a table game through the TableKind only: menu → action_from_data → Game.play.

:func:`play` records everything each seat receives (views, menus, prompts, events) as JSON bytes,
so leak tests can search a player seat's whole stream.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meikyu.engine import Game
from meikyu.table import registry
from meikyu.table.base import GM, MenuItem, TableKind

Chooser = Callable[[Any, str, list[MenuItem]], MenuItem]


@dataclass
class Played:
    game: Game[Any]
    steps: int
    received: dict[str, list[bytes]] = field(default_factory=dict)

    def stream(self, seat: str) -> bytes:
        return b"\n".join(self.received.get(seat, []))


def first(state: Any, seat: str, items: list[MenuItem]) -> MenuItem:
    return items[0]


def _dump(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")


def play(kind: TableKind, state: Any, dice: Any, choose: Chooser = first, lang: str = "en",
         max_steps: int = 5000, prefer_players: bool = True) -> Played:
    """Play until no seat has a menu item. Each step the acting seat is a player seat with items if
    any (``prefer_players``), else the GM; checks that the chosen action is that seat's."""
    game: Game[Any] = Game(kind.rules, state, dice=dice)
    seats = kind.seats(state)
    assert seats[0] == GM
    out = Played(game, 0, {s: [] for s in seats})

    def receive() -> dict[str, list[MenuItem]]:
        menus = {}
        for seat in seats:
            items = kind.menu(game.state, seat, lang)
            menus[seat] = items
            out.received[seat] += [_dump(kind.view(game.state, seat, lang)),
                                   _dump([i.to_data() for i in items]),
                                   _dump(kind.prompt(game.state, seat, lang))]
            keys = [i.key for i in items]
            assert len(keys) == len(set(keys)), f"duplicate menu keys for {seat}: {keys}"
        return menus

    for step in range(max_steps):
        menus = receive()
        players = [s for s in seats if s != GM and menus[s]]
        seat = players[0] if players and prefer_players else GM if menus[GM] else (players[0] if players else "")
        if not seat:
            out.steps = step
            return out
        item = choose(game.state, seat, menus[seat])
        action = registry.action_from_data(kind, json.loads(json.dumps(item.action)))
        assert seat in kind.seats_for(game.state, action), (seat, item)
        before = game.state
        events = game.play(action)
        for s in seats:
            out.received[s].append(_dump(kind.events_for(before, game.state, events, s, lang)))
    raise AssertionError(f"no end after {max_steps} steps")
