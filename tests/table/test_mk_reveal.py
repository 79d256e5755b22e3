"""The GM's reveal (R-MK-23, issue 26 §4): a battle set up from an encounter or a labyrinth room shows the
players nothing of the monsters until the GM has chosen which stay hidden and begun; then the ones left
in the open appear, the hidden ones by their appearance only."""

from __future__ import annotations

import json
from typing import Any

import pytest

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.combat.model import Battle
from meikyu.table import registry
from meikyu.table.base import GM
from tests.table.driver import dump, play
from tests.table.test_mk_court import _SessionPolicy

BATTLE = registry.get("MeikyuKingdom", "battle")
SESSION = registry.get("MeikyuKingdom", "session")


def secrets_of(battle: Battle) -> set[str]:
    """Every word that would tell a player what the monsters are: ids, names, species, skills, weapons."""
    out: set[str] = set()
    for c in battle.combatants:
        if c.side == "court":
            continue
        out |= {c.id, c.name, *c.names, *c.skills} - {""}
        if c.species:
            out.add(c.species)
        for wp in c.weapons:
            out |= {wp.name, *wp.names} - {""}
    return out


def received(kind: Any, before: Any, after: Any, events: Any, seat: str, lang: str) -> bytes:
    """What ``seat`` receives for one step: its events, then its view, menu and prompt of the new state."""
    return b"\n".join([dump({"events": kind.events_for(before, after, events, seat, lang)}),
                       dump({"view": kind.view(after, seat, lang)}),
                       dump({"menu": [i.to_data() for i in kind.menu(after, seat, lang)]}),
                       dump({"prompt": kind.prompt(after, seat, lang)})])


def gm_does(kind: Any, game: Game[Any], key: str, lang: str) -> tuple[Any, Any]:
    item = next(i for i in kind.menu(game.state, GM, lang) if i.key == key)
    before = game.state
    return before, game.play(registry.action_from_data(kind, item.action))


def battle_of(state: Any) -> Battle:
    return state.session.battle if hasattr(state, "session") else state


def reveal(kind: Any, game: Game[Any], stream: dict[str, list[bytes]], lang: str) -> str:
    """The GM hides one monster (within the allowance) and begins, each step's bytes added to ``stream``;
    returns the hidden monster's id."""
    b = battle_of(game.state)
    hidden = next(c.id for c in b.combatants if c.side == "monsters")
    for key in (f"gm/hide/{hidden}", "gm/begin"):
        if key == "gm/begin":  # what the players held just before the GM began: still nothing
            for seat, chunks in stream.items():
                text = b"\n".join(chunks).decode()
                assert not [w for w in secrets_of(battle_of(game.state)) if w in text], seat
        before, events = gm_does(kind, game, key, lang)
        for seat in stream:
            stream[seat].append(received(kind, before, game.state, events, seat, lang))
    return hidden


@pytest.mark.parametrize("lang", ["en", "ko", "ja"])
def test_the_sample_battle_shows_players_no_monster_until_the_gm_begins_r_mk_23(lang: str) -> None:
    state = BATTLE.setup({"encounter": "sample", "seed": 3}, lang)
    game = Game(BATTLE.rules, state, dice=RandomDice(0))
    players = BATTLE.seats(state)[1:]
    stream = {s: [received(BATTLE, state, state, (), s, lang)] for s in players}
    view = BATTLE.view(state, players[0], lang)
    assert view["preparing"] and all(c["side"] == "court" for c in view["combatants"])
    assert not any(a["combatants"] for a in view["areas"][3:])
    hidden = reveal(BATTLE, game, stream, lang)
    after = BATTLE.view(game.state, players[0], lang)
    monsters = [c for c in after["combatants"] if c["side"] == "monsters"]
    assert not after["preparing"] and len(monsters) == 4
    assert next(c for c in monsters if c["id"] == hidden)["hidden"] is True
    assert all("hp" in c for c in monsters if c["id"] != hidden)
    assert any(c["name"] in b"\n".join(stream[players[0]]).decode() for c in monsters if c["id"] != hidden)
    # the GM saw everything all along
    assert all(c["side"] == "monsters" for c in BATTLE.view(state, GM, lang)["combatants"][4:])


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_a_labyrinth_rooms_battle_shows_players_nothing_until_the_gm_begins_r_mk_23(lang: str) -> None:
    """Every byte the players receive from the step that starts the room's battle to the GM's start."""
    done = play(SESSION, SESSION.setup("sample", lang), RandomDice(0), policy=_SessionPolicy(), lang=lang,
                until=lambda t: t.session.battle is not None)
    game = done.game
    assert game.state.session.battle.phase == "setup"
    players = SESSION.seats(game.state)[1:]
    # the last step's events, then the setup state's view, menu and prompt
    stream = {s: done.received[s][-4:] for s in players}
    assert b"battle_begins" in stream[players[0]][0]
    hidden = reveal(SESSION, game, stream, lang)
    while battle_of(game.state).phase == "setup" and battle_of(game.state).pending is not None:
        # the room's monster count is unknown: the court's representative (R-MK-22) and their hope for
        # the ambush search (R-MK-15) are asked before anything of the monsters shows
        item = next(i for i in SESSION.menu(game.state, GM, lang) if "/choose/" in i.key)
        game.play(registry.action_from_data(SESSION, item.action))
    view = SESSION.view(game.state, players[0], lang)["battle"]
    monsters = [c for c in view["combatants"] if c["side"] == "monsters"]
    assert monsters and next(c for c in monsters if c["id"] == hidden)["hidden"] is True
    gm = json.dumps(SESSION.view(game.state, GM, lang), ensure_ascii=False)
    assert all(w in gm for w in (c.label(lang) for c in game.state.session.battle.combatants if c.side == "monsters"))
