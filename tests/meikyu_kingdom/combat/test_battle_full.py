"""A full scripted battle, saving and replaying, and the legal-actions property (R-MK-21 … R-MK-44)."""

from __future__ import annotations

import random

from battle_helpers import COURT, MONSTERS, battle, ev, first, kinds, mon, pc
from hypothesis import given, settings
from hypothesis import strategies as st

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game
from meikyu.errors import DiceError
from meikyu.serial import from_data, to_data
from meikyu.systems.meikyu_kingdom.combat.actions import (
    Attack,
    Begin,
    Breakthrough,
    Choose,
    Escape,
    ExtraMove,
    Move,
    Pass,
    StrategyCheck,
    Surrender,
)
from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
from meikyu.systems.meikyu_kingdom.combat.model import Battle, Weapon
from meikyu.systems.meikyu_kingdom.combat.rules import BattleRules, gm_actions, legal_actions


def start() -> Battle:
    return battle(
        pc("ari", area=2, hp=10, minions=3, wit=2, search=2),
        pc("bo", area=2, hp=3),
        mon("ogre", area=3, hp=12, valor=3, evasion=8, weapons=(Weapon("fist", 4),)),
        mon("rat", area=4, hp=4, valor=0, evasion=7),
    )


def test_full_scripted_battle() -> None:
    """Five rounds: a fatal wound, blocking and breakthrough, a critical, a fumble, two escape attempts."""
    game = Game(BattleRules(), start())

    def do(action, *dice):  # type: ignore[no-untyped-def]
        return game.play(action, ScriptedDice(list(dice)))

    do(Begin())
    assert game.state.phase == "strategy"
    # Round 1: the court loses the strategy check (7 < 8), so the monsters go first (R-MK-24).
    do(StrategyCheck("ari"), 2, 3)
    assert game.state.pending.choice.kind == "minion_help"  # one short, with minions: ask (R-MK-19)
    do(Choose("decline"))
    assert game.state.active == MONSTERS
    do(Move("ogre", 1))
    events = do(Attack("ogre", "bo"), 5, 4, 1, 1)  # hit for 4: HP −1, fatal wound 2 → dead (R-MK-31)
    assert first(events, ev.FatalWound).roll == 2 and game.state.get("bo").condition == "dead"
    do(Move("rat", 1))
    do(Pass("rat"))
    assert game.state.active == COURT
    events = do(Move("ari", 1))  # one ally vs valor 3: blocked (R-MK-27)
    assert "Blocked" in kinds(events) and game.state.pending is not None
    do(Breakthrough("ari"), 2)
    assert game.state.get("ari").minions == 1 and game.state.get("ari").area == 3
    events = do(Attack("ari", "rat"), 6, 6, 2, 3)  # critical, CAT 5: power ×2 = 6 (R-MK-29)
    assert "CriticalHit" in kinds(events) and game.state.get("rat").condition == "dead"
    assert game.state.round == 2
    # Round 2: the court first; ari steps back and fumbles (CFT 8: HP halved).
    do(StrategyCheck("ari"), 6, 5)
    do(Move("ari", -1))
    events = do(Attack("ari", "ogre"), 1, 1, 2, 6)
    assert first(events, ev.CombatFumble).roll == 8 and game.state.get("ari").hp == 5
    do(Attack("ogre", "ari"), 2, 1)  # 6 < 8: miss
    # Undo and redo the miss: the state comes back exactly (Game history).
    before = game.state
    game.undo()
    do(Attack("ogre", "ari"), 2, 1)
    assert game.state == before
    # Round 3: ari falls back to the court HQ with a move and an extra move (R-MK-37).
    do(StrategyCheck("ari"), 4, 4)
    do(Move("ari", -1))
    do(ExtraMove("ari", -1))
    assert game.state.get("ari").area == 0
    do(Move("ogre", 1))
    do(Pass("ogre"))
    # Round 4: the ogre follows and hits; ari's escape fails (7 < 8).
    do(StrategyCheck("ari"), 1, 2)
    do(Move("ogre", 1))
    do(Attack("ogre", "ari"), 3, 3)
    assert game.state.get("ari").hp == 1
    do(Escape("ari"), 2, 3)
    events = do(Choose("decline"))
    assert first(events, ev.EscapeFailed).reason == "roll"
    # Round 5: the escape succeeds; the enemies leave the field.
    do(StrategyCheck("ari"), 5, 5)
    events = do(Escape("ari"), 4, 4)
    state = game.state
    assert (state.phase, state.outcome, state.round) == ("over", "escape", 5)
    assert "Escaped" in kinds(events) and state.escaped == COURT and state.get("ogre").condition == "ok"
    # Save and load: replaying the history reproduces the final state.
    loaded = Game.from_data(BattleRules(), game.to_data())
    assert loaded.state == state


def test_state_serializes_both_ways() -> None:
    b = load_encounter("sample")
    assert from_data(Battle, to_data(b)) == b
    assert BattleRules().state_from_data(BattleRules().state_to_data(b)) == b


def test_illegal_action_leaves_state_unchanged() -> None:
    game = Game(BattleRules(), start(), dice=ScriptedDice([]))
    game.play(Begin())
    snapshot = game.state
    try:
        game.play(Attack("ari", "ogre"))
    except Exception as exc:  # noqa: BLE001 - the point is the type below
        assert exc.__class__.__name__ == "RuleError"
    assert game.state is snapshot and len(game.history) == 1


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_every_listed_action_is_accepted(seed: int) -> None:
    """Property: whatever legal_actions / gm_actions list, step accepts, and states round-trip."""
    rng = random.Random(seed)
    dice = RandomDice(seed)
    rules = BattleRules()
    state = load_encounter("sample")
    for count in range(300):
        legal = legal_actions(state)
        if not legal:
            break
        options = [a for a in legal if not isinstance(a, Surrender)] or legal
        if rng.random() < 0.05:
            options = gm_actions(state) or options
        action = options[rng.randrange(len(options))]
        try:
            state, _ = rules.step(state, action, dice)
        except DiceError:
            raise
        if count % 25 == 0:
            assert from_data(Battle, to_data(state)) == state
    assert state.round <= 300


def test_r_mk_21_court_from_a_character_sheet_keeps_its_formation() -> None:
    """R-MK-21: PCs come from the court's sheets and stand where the formation put them."""
    from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_encounter
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    ids = [c.id for c in sample().characters]
    text = (
        f'[encounter]\ncourt = "sample"\nformation = {{ {ids[0]} = 1 }}\n[[monster]]\nspecies = "moss_rat"\n'
    )
    b = parse_encounter(text, "court_test.toml")
    court = b.side(COURT)
    assert [c.id for c in court] == ids and court[0].area == 1 and all(c.area == 2 for c in court[1:])
    assert all(c.kind == "pc" and c.important for c in court)


def test_encounter_errors_name_file_entry_and_field() -> None:
    import pytest

    from meikyu.errors import DataError
    from meikyu.systems.meikyu_kingdom.combat.bestiary import parse_encounter

    with pytest.raises(DataError) as err:
        parse_encounter('[[pc]]\nid="a"\nhp=3\nevasion=8\n[[monster]]\nspecies="dragon"\n', "enc.toml")
    text = str(err.value)
    assert "enc.toml" in text and "monster[0]" in text and "dragon" in text and "moss_rat" in text
    with pytest.raises(DataError) as err:
        parse_encounter(
            '[[pc]]\nid="a"\nhp=3\nevasion=8\nvalour=2\n[[monster]]\nspecies="moss_rat"\n', "enc.toml"
        )
    assert "valour" in str(err.value)
