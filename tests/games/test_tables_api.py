"""Whole games through the HTTP API: a Meikyuu Kingdom battle (a GM and two player seats) and a Liberator
table of three, each replayed exactly from the store; every byte a player seat receives — answers and
WebSocket pushes — is searched for what it may not know (R-MK-23 hidden monsters, R-LB hands)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meikyu.dice import RandomDice
from meikyu.store import open_store
from meikyu.store.service import Games
from meikyu.table import registry
from meikyu.table.base import GM
from tests.api.conftest import Server
from tests.games.conftest import create
from tests.games.driver import Listener, mirror_of, play_http, post_item


def replays_exactly(data_dir: Path, game_id: str, served: dict[str, dict[str, Any]], lang: str) -> None:
    """A fresh load of the stored game (no snapshots, no cache) shows every seat what the server showed."""
    games = Games(open_store(data=str(data_dir)))
    try:
        game = games.load(game_id, use_snapshots=False)
        for seat, body in served.items():
            fresh = json.loads(json.dumps(games.snapshot_view(game, seat, lang)))
            assert {**fresh, "ok": True} == body, seat
    finally:
        games.close()


def test_mk_battle_gm_and_two_players_hidden_monsters(server: Server, data_dir: Path) -> None:
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_bestiary, load_encounter
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    kind = registry.get("MeikyuKingdom", "battle")
    lang = "ko"
    table = create(server, "MeikyuKingdom", "battle", {"encounter": "sample", "seed": 3}, lang=lang)
    present = {"pc:hana", "pc:mio"}
    mirror = mirror_of(kind, str(data_dir), table.id)
    gm = table.get(GM, lang=lang)
    for monster in [c["id"] for c in gm["view"]["combatants"] if c["side"] == "monsters"]:
        gm = post_item(table, GM, gm, f"gm/hide/{monster}")
    hidden_at = gm["version"]
    # The players join once the GM has hidden the encounter (before that, its monsters are in plain sight).
    live = {seat: Listener(table, seat, lang) for seat in present}
    from tests.games.driver import follow

    follow(table, kind, mirror, gm["version"])
    mirror.dice = RandomDice(3)
    done = play_http(table, kind, mirror, TacticalPolicy(), present, lang)
    assert mirror.state.phase == "over"
    assert done.by_seat["pc:hana"] > 0 and done.by_seat["pc:mio"] > 0 and done.by_seat[GM] > 0
    assert any(c.hidden for c in mirror.state.combatants)
    for seat, listener in live.items():
        listener.wait_for(done.version)
        listener.close()
        assert listener.versions == list(range(hidden_at + 1, done.version + 1))  # every version, once, in order
        answer = json.loads(listener.pushes[-1])["answer"]  # the push carries the seat's whole answer
        assert answer == {k: v for k, v in table.get(seat, lang=lang).items() if k not in ("ok", "log")}
    replays_exactly(data_dir, table.id, done.steps[-1], lang)
    # What no player byte may hold: a hidden monster's ids, species, names (any language), skills, weapons.
    forbidden: set[str] = set()
    beasts = load_bestiary()
    for c in load_encounter("sample").combatants:
        if c.side == "monsters":
            forbidden |= {c.id, c.species, c.name, *c.names, *beasts[c.species].skills}
            for weapon in beasts[c.species].attacks:
                forbidden |= {weapon.name, *weapon.names}
    for seat in present:
        stream = table.seats[seat].text() + "\n" + b"\n".join(live[seat].pushes).decode("utf-8")
        assert len(stream) > 10_000
        for word in forbidden:
            assert word not in stream, (seat, word)
    gm_stream = table.seats[GM].text()
    assert any(word in gm_stream for word in forbidden)  # the GM does see them


def test_liberator_table_of_three_plays_a_mission(server: Server, data_dir: Path) -> None:
    from meikyu.systems.liberator.names import sample_names
    from meikyu.systems.liberator.strategy import StrategicPolicy
    from meikyu.table.liberator import _rules

    kind = registry.get("Liberator", "scenario")
    lang = "ja"
    setup = {"players": [{"id": "ann", "job": "warrior", "extras": ["mount"]},
                         {"id": "bob", "job": "mage", "extras": ["might"]},
                         {"id": "cho", "job": "priest", "extras": ["old_document"]}], "seed": 5}
    table = create(server, "Liberator", "scenario", setup, lang=lang)
    present = {"player:ann", "player:bob", "player:cho"}
    assert set(table.seats) == {GM, *present}
    live = {seat: Listener(table, seat, lang) for seat in present}
    mirror = mirror_of(kind, str(data_dir), table.id)
    mirror.dice = RandomDice(5)

    class Strategic:
        policy = StrategicPolicy(_rules(mirror.state.cards))

        def choose(self, state: Any, legal: Any) -> Any:
            return self.policy.choose(state.table, legal)

    done = play_http(table, kind, mirror, Strategic(), present, lang)
    final = mirror.state.table
    assert final.phase == "over" and final.result
    assert all(done.by_seat[seat] > 0 for seat in present)
    for listener in live.values():
        listener.wait_for(done.version)
        listener.close()
        assert listener.versions == list(range(1, done.version + 1))
    replays_exactly(data_dir, table.id, done.steps[-1], lang)

    cards = _rules("").cards

    def names(card: str) -> set[str]:
        found = cards.actions.get(card) or cards.feats.get(card)
        return {card, found.name, *sample_names().get(card, {}).values()} if found else {card}

    # Replay step by step: at each step, a card in another player's hand that was never shown face up
    # appears nowhere in what the seat received then (its view, menu and prompt; events are public).
    states = [mirror.initial, *mirror._states[1:]]
    shown: set[str] = set()
    checked = 0
    for k, got in enumerate(done.steps):
        at = states[k + (len(states) - len(done.steps))]
        if k:
            turn = mirror.history[k - 1 + (len(states) - len(done.steps))]
            shown |= {v for e in turn.events for v in vars(e).values() if isinstance(v, str)}
        for index, seat in enumerate(kind.seats(at)[1:]):
            mine = set(at.table.players[index].character.actions) | set(at.table.players[index].character.feats)
            secret = {c for j, p in enumerate(at.table.players) if j != index for c in p.character.hand}
            secret = {c for c in secret - mine if not names(c) & shown}
            body = dict(got[seat])
            body.pop("log")
            # level-up offers and the new-character form name every card of the set (the catalogue, no hand)
            body["legal_actions"] = [i for i in body["legal_actions"]
                                     if i["action"]["@type"] not in ("LevelUp", "NewCharacter")]
            text = json.dumps(body, ensure_ascii=False)
            for card in secret:
                for name in names(card):
                    assert name not in text, (k, seat, card, name)
                    checked += 1
    assert checked > 100
