"""Play a whole game through the HTTP API, each seat with its own token, as real clients would.

The test keeps a mirror of the game (the engine's own ``Game``), fed with each new log entry's action and
dice as the GM's seat reads them, so a policy can choose among the rules' legal actions; the chosen
action is then posted by a present player's seat when the table kind allows one, else by the GM, exactly
as that seat's ``legal_actions`` gives it. Every seat records all bytes it receives: HTTP bodies and, for
the seats given ``live``, every WebSocket push.
"""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import connect

from meikyu.dice import ScriptedDice
from meikyu.engine import Game, Policy
from meikyu.store import open_store
from meikyu.table import registry
from meikyu.table.base import GM, TableKind
from tests.games.conftest import Table


class Listener:
    """A seat's WebSocket, read in a thread: every push kept as bytes."""

    def __init__(self, table: Table, seat: str, lang: str) -> None:
        url = table.server.base.replace("http", "ws", 1)
        self._open = contextlib.ExitStack()  # websockets' current API: connect() is entered, not just called
        self.ws = self._open.enter_context(
            connect(f"{url}/api/games/{table.id}/live?token={table.seats[seat].token}&lang={lang}",
                    open_timeout=10, max_size=None))
        self.pushes: list[bytes] = []
        self.versions: list[int] = []
        self.arrived = threading.Condition()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for message in self.ws:
                raw = message.encode("utf-8") if isinstance(message, str) else message
                with self.arrived:
                    self.pushes.append(raw)
                    self.versions.append(json.loads(raw)["version"])
                    self.arrived.notify_all()
        except Exception:
            pass

    def wait_for(self, version: int, timeout: float = 10.0) -> None:
        with self.arrived:
            assert self.arrived.wait_for(lambda: bool(self.versions) and self.versions[-1] >= version, timeout)

    def close(self) -> None:
        self._open.close()
        self.thread.join(5)


@dataclass
class HttpPlayed:
    mirror: Game[Any]
    version: int
    by_seat: dict[str, int] = field(default_factory=dict)
    steps: list[dict[str, Any]] = field(default_factory=list)  # per step: seat → the GET body it received


def mirror_of(kind: TableKind, data_dir: str, game_id: str) -> Game[Any]:
    store = open_store(data=data_dir)
    try:
        record = store.game(game_id)
    finally:
        store.close()
    return Game(kind.rules, kind.rules.state_from_data(record.initial))


def follow(table: Table, kind: TableKind, mirror: Game[Any], version: int) -> None:
    """Bring the mirror to ``version`` from the GM's log (actions and dice)."""
    entries = table.call(GM, "GET", "/events", after=str(len(mirror.history))).json()["events"]
    for entry in entries:
        assert entry["type"] == "action"
        mirror.play(kind.rules.actions.load(entry["action"]), ScriptedDice([tuple(r) for r in entry["rolls"]]))
    assert len(mirror.history) == version


def post_item(table: Table, seat: str, game: dict[str, Any], key_or_action: Any) -> dict[str, Any]:
    item = next(i for i in game["legal_actions"] if key_or_action in (i["key"], i["action"]))
    reply = table.act(seat, item["action"], game["version"])
    assert reply.status == 200, reply.body
    return dict(reply.json())


def play_http(table: Table, kind: TableKind, mirror: Game[Any], policy: Policy[Any], present: set[str],
              lang: str, max_steps: int = 3000) -> HttpPlayed:
    seats = kind.seats(mirror.state)
    out = HttpPlayed(mirror, len(mirror.history), {s: 0 for s in seats})
    for _ in range(max_steps):
        got = {seat: table.get(seat, lang=lang) for seat in [GM, *sorted(present)]}
        out.steps.append(got)
        assert all(g["version"] == out.version for g in got.values())
        legal = kind.rules.legal_actions(mirror.state)
        if not legal:
            # between scenarios a player may still make a new character (R-LB experience belongs to the player)
            assert all(i["action"].get("@type") == "NewCharacter"
                       for s, g in got.items() if s != GM for i in g["legal_actions"]), got
            return out
        chosen = policy.choose(mirror.state, legal)
        allowed = kind.seats_for(mirror.state, chosen)
        players = sorted(s for s in allowed if s in present)
        seat = players[0] if players else GM
        dumped = json.loads(json.dumps(kind.rules.actions.dump(chosen)))
        menu = got[seat]["legal_actions"]
        item = next((i for i in menu if i["action"] == dumped), None)
        if item is None:  # a form the menu offers blank (Liberator's award votes), posted filled in
            item = next(i for i in menu if i["action"]["@type"] == dumped["@type"])
        assert registry.action_from_data(kind, dumped) == chosen
        reply = table.act(seat, dumped, out.version)
        assert reply.status == 200, reply.body
        out.version += 1
        out.by_seat[seat] += 1
        follow(table, kind, mirror, out.version)
    raise AssertionError(f"no end after {max_steps} steps")
