"""The GM answering or acting for a player who is away (issue 26, point 5; R-MK-13): allowed, and every seat
reads it plainly in the log — "The GM answered for Toru, Mio." before the answer's own lines."""

from __future__ import annotations

import tempfile
from typing import Any

from meikyu.dice import RandomDice
from meikyu.store import open_store
from meikyu.store.behalf import behalf_line
from meikyu.store.service import Games
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.table import registry

BATTLE = registry.get("MeikyuKingdom", "battle")


def _games() -> Games:
    return Games(open_store(data=tempfile.mkdtemp()))


def _take(games: Games, game_id: str, seat: str, action: Any, dice: Any = None) -> int:
    game = games.load(game_id)
    return games.act(game_id, seat, BATTLE.rules.actions.dump(action), game.version, rng=dice)


def _first_events(games: Games, game_id: str, version: int, seat: str, lang: str) -> list[str]:
    return [e["text"] for e in games.events(games.load(game_id), version, seat, lang)]


def test_the_gm_acting_for_a_player_is_logged_for_every_seat() -> None:
    games = _games()
    made = games.create("MeikyuKingdom", "battle", "sample", "en")
    _take(games, made.id, "gm", act.Begin())
    game = games.load(made.id)
    item = next(i for i in BATTLE.menu(game.state, "gm", "en") if i.key == "hana/strategy_check")
    version = games.act(made.id, "gm", item.action, game.version)
    for seat, lang, line in (("pc:toru", "en", "The GM acted for Hana."), ("pc:hana", "ko", "GM이 Hana 대신 행동했습니다."),
                             ("gm", "ja", "GMがHanaの代わりに行動しました。")):
        texts = _first_events(games, made.id, version, seat, lang)
        assert texts[0] == line, (seat, texts)
    # the player's own action, and the GM's own, carry no such line
    games.undo(made.id, "gm", version)
    game = games.load(made.id)
    own = games.act(made.id, "pc:hana", item.action, game.version)
    assert not any("GM" in t for t in _first_events(games, made.id, own, "pc:toru", "en"))
    games.close()


def test_the_gm_answering_the_voice_consent_names_the_players_asked_r_mk_13() -> None:
    games = _games()
    made = games.create("MeikyuKingdom", "battle", {"encounter": "sample", "seed": 1}, "en")
    dice = RandomDice(0)
    _take(games, made.id, "gm", act.Begin(), dice)
    policy = TacticalPolicy()
    for _ in range(200):
        state = games.load(made.id).state
        legal = BATTLE.rules.legal_actions(state)
        spend = [a for a in legal if isinstance(a, act.Attack) and state.get(a.actor).kind == "pc"
                 and a.hope == state.get(a.actor).drive + 1 and not a.hold_back]
        if spend:
            _take(games, made.id, "gm", spend[0], dice)
            break
        _take(games, made.id, "gm", policy.choose(state, legal), dice)
    state = games.load(made.id).state
    if state.pending.choice.kind == "hope_source":
        _take(games, made.id, "gm", act.Choose(state.pending.choice.options[-1]), dice)
    state = games.load(made.id).state
    assert state.pending.choice.kind == "voice_consent"
    spender = spend[0].actor
    asked = sorted(s for s in BATTLE.seats(state)[1:] if s != f"pc:{spender}")
    names = ", ".join(BATTLE.seat_name(state, s, "en") for s in asked)
    # another action of everyone's taken by the GM meanwhile answers nobody's question: no line
    assert behalf_line(BATTLE, state, "gm", act.Surrender("court"), "en") is None
    version = _take(games, made.id, "gm", act.Choose("agree"), dice)
    texts = _first_events(games, made.id, version, asked[0], "en")
    assert texts[0] == f"The GM answered for {names}.", texts
    games.close()
