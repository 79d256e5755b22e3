"""Make the saves ``test_old_saves.py`` loads, with the code of a given commit (run once, by hand).

The JSON files next to this script were made with main at e2688529 (its ``src`` the same as at
87a34127, where the battle branch left main: the tree before the sixes prompt, session 5), so they are
what that code wrote, not what it should write::

    git -C /work/main archive <commit> src | tar -x -C /tmp/old_main
    PYTHONPATH=/tmp/old_main/src python3 tests/meikyu_kingdom/data/make_old_saves.py <commit>

Each file holds ``game`` (``Game.to_data()``, as ``mk play`` / ``mk battle`` and the server store it)
and ``final`` (the state the old code reached, as its rules serialize it).
"""

from __future__ import annotations

import contextlib
import json
import sys
from pathlib import Path
from typing import Any

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game
from meikyu.errors import MeikyuError


def _save(name: str, game: Game[Any], commit: str, note: str) -> None:
    data = {
        "made_by": f"main at {commit}",
        "note": note,
        "game": game.to_data(),
        "final": game.rules.state_to_data(game.state),
    }
    path = Path(__file__).with_name(name)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(path, len(game.history), "actions")


def battle(commit: str) -> None:
    from meikyu.systems.meikyu_kingdom.combat import BattleRules
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    game: Game[Any] = Game(BattleRules(), load_encounter("sample"), RandomDice(3))
    game.run(TacticalPolicy())
    assert game.state.phase == "over"
    _save("old_battle_sample.json", game, commit, "the sample battle, TacticalPolicy, RandomDice(3), to its end")


def session(commit: str) -> None:
    from meikyu.systems.meikyu_kingdom import session as se
    from meikyu.systems.meikyu_kingdom.check import called as cc
    from meikyu.systems.meikyu_kingdom.check import check as ck
    from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    game: Game[Any] = Game(se.SessionRules(), se.new_session(sample(), sample_labyrinth()), RandomDice(5))
    moves: list[tuple[Any, list[int] | None]] = [
        # 6,5,2 with one voice: no 6 turned, then 6+2 kept (not the best pair) — convert_sixes, keep_dice
        (se.CallCheck("mir", "search", 9), None), (cc.DeclareHope(("voice",)), None),
        (cc.ConsentVoice(True), [6, 5, 2]), (ck.ConvertSixes(0), None), (ck.KeepDice((2, 6)), None),
        # 6,6,3 with one voice: one 6 turned into drive, 6+3 left (the old prompt always asked)
        (se.CallCheck("haneul", "charm", 10), None), (cc.DeclareHope(("voice",)), None),
        (cc.ConsentVoice(True), [6, 6, 3]), (ck.ConvertSixes(1), None),
        # 6,3 with no hope: the old prompt asked about the 6; none turned
        (se.CallCheck("mir", "search", 9), None), (cc.DeclareHope(()), [6, 3]), (ck.ConvertSixes(0), None),
        # 5,4,1 with one voice: no 6, the pair is the roller's — 4+1 kept
        (se.CallCheck("mir", "search", 7), None), (cc.DeclareHope(("voice",)), None),
        (cc.ConsentVoice(True), [5, 4, 1]), (ck.KeepDice((1, 4)), None),
    ]
    for action, dice in moves:
        game.play(action, None if dice is None else ScriptedDice(dice))
        prompt = game.state.prompt
        if prompt is not None and prompt.kind == "minion_help":
            game.play(ck.FinishCheck())
    assert game.state.called is None
    _save("old_session_checks.json", game, commit, "GM-called checks with hope dice and 6s: convert_sixes, keep_dice")


def table(commit: str) -> None:
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy
    from meikyu.table import registry

    kind = registry.get("MeikyuKingdom", "battle")
    game: Game[Any] = Game(kind.rules, kind.setup({"encounter": "sample", "seed": 11}, "en"), RandomDice(11))
    game.run(TacticalPolicy())
    assert game.state.phase == "over"
    _save("old_table_battle.json", game, commit, "a server game (MeikyuKingdom/battle table kind), TacticalPolicy, RandomDice(11)")


def table_session(commit: str) -> None:
    from meikyu.engine import RandomPolicy
    from meikyu.table import registry

    kind = registry.get("MeikyuKingdom", "session")
    for seed in range(4, 40):
        game: Game[Any] = Game(kind.rules, kind.setup("sample", "en"), RandomDice(seed))
        with contextlib.suppress(MeikyuError):  # a typed prompt (a name to give) ends the walk there
            game.run(RandomPolicy(seed), max_steps=600)
        names = {type(t.action).__name__ for t in game.history}
        if {"KeepDice", "ConvertSixes", "Attack"} <= names:
            break
    _save("old_table_session.json", game, commit,
          f"a server game (MeikyuKingdom/session table kind) through a labyrinth battle, RandomPolicy({seed}), "
          f"RandomDice({seed})")


if __name__ == "__main__":
    made_by = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    battle(made_by)
    session(made_by)
    table(made_by)
    table_session(made_by)
