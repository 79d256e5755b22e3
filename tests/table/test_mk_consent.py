"""Consent where the rules put it (R-MK-13, issue 26 §5): spending the court's voice is asked of the other
players on their own seats — not of the spender, not only of the GM — and the monster autopilot never
answers it; the GM still may, for a player who is away."""

from __future__ import annotations

from typing import Any

from meikyu.dice import RandomDice
from meikyu.engine import Game
from meikyu.systems.meikyu_kingdom.check import called as cc
from meikyu.systems.meikyu_kingdom.combat import actions as act
from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
from meikyu.table import registry
from meikyu.table.base import GM
from tests.table.driver import play
from tests.table.test_mk_court import _SessionPolicy

BATTLE = registry.get("MeikyuKingdom", "battle")
SESSION = registry.get("MeikyuKingdom", "session")


def battle_asking_consent() -> tuple[Game[Any], str]:
    """The sample battle played by the tactical policy until a PC attacks with more hope than its drive,
    paying the rest from the court's voice: the court is asked (``voice_consent``)."""
    game = Game(BATTLE.rules, BATTLE.setup({"encounter": "sample", "seed": 1}, "en"), dice=RandomDice(0))
    game.play(act.Begin())
    policy = TacticalPolicy()
    for _ in range(200):
        legal = BATTLE.rules.legal_actions(game.state)
        spend = [a for a in legal if isinstance(a, act.Attack) and game.state.get(a.actor).kind == "pc"
                 and a.hope == game.state.get(a.actor).drive + 1 and not a.hold_back]
        if spend:
            game.play(spend[0])
            break
        game.play(policy.choose(game.state, legal))
    p = game.state.pending
    if p.choice.kind == "hope_source":  # as much as may come from the voice
        game.play(act.Choose(p.choice.options[-1]))
    assert game.state.pending.choice.kind == "voice_consent"
    return game, spend[0].actor


def test_the_battles_voice_consent_is_asked_of_the_other_players_r_mk_13() -> None:
    game, spender = battle_asking_consent()
    b = game.state
    others = {s for s in BATTLE.seats(b)[1:] if s != f"pc:{spender}"}
    for seat in others:
        prompt = BATTLE.prompt(b, seat, "en")
        assert prompt is not None and {o["key"] for o in prompt["options"]} == {"all/choose/agree", "all/choose/refuse"}
    assert BATTLE.prompt(b, f"pc:{spender}", "en") is None  # not the spender's to grant
    assert BATTLE.prompt(b, GM, "en") is not None  # the GM sees it waiting, and may answer for the absent
    agree = registry.action_from_data(BATTLE, next(i.action for i in BATTLE.menu(b, GM, "en")
                                                   if i.key == "all/choose/agree"))
    assert BATTLE.seats_for(b, agree) == others | {GM}
    # the monster autopilot never answers it
    assert not [i for i in BATTLE.menu(b, GM, "en") if i.key == "gm/auto"]


def test_the_sessions_voice_consent_is_asked_of_the_other_players_r_mk_13() -> None:
    """A check the session calls for (the labyrinth's), its roller spending one voice."""
    def declaring(t: Any) -> bool:
        p = t.session.prompt
        return p is not None and p.kind == "declare_check" and bool(p.actor) and t.session.kingdom.voice > 0

    done = play(SESSION, SESSION.setup("sample", "en"), RandomDice(0), policy=_SessionPolicy(), lang="en",
                until=declaring)
    game = done.game
    spender = game.state.session.prompt.actor
    game.play(cc.DeclareHope(("voice",)))
    state = game.state
    assert state.session.prompt.kind == "voice_consent"
    others = {s for s in SESSION.seats(state)[1:] if s != f"pc:{spender}"}
    assert SESSION.seats_for(state, cc.ConsentVoice(True)) == others | {GM}
    for seat in others:
        prompt = SESSION.prompt(state, seat, "en")
        assert prompt is not None and prompt["kind"] == "voice_consent", seat
    assert SESSION.prompt(state, f"pc:{spender}", "en") is None
    assert SESSION.prompt(state, GM, "en") is not None
