"""Make the saves of games created between sessions 5 and 6 (run once, by hand, with that code).

Those games ask about 6s (``sixes_prompt`` on) whenever two readings differ at all — also when both
succeed, or both fail with nothing left to add — and record the answers. Session 6 asks only when
the choice can matter, so its switch ``sixes_stakes`` (absent from these saves, so off) keeps them
replaying. The JSON files ``asked_*.json`` were made with main at f268b5f::

    git -C /work/main archive f268b5f src | tar -x -C /tmp/main_f268
    PYTHONPATH=/tmp/main_f268/src python3 tests/meikyu_kingdom/data/make_asked_saves.py f268b5f

Each holds ``game`` (``Game.to_data()``) and ``final`` (the state that code reached), as
``make_old_saves.py`` writes them.
"""

from __future__ import annotations

import contextlib
import sys
from typing import Any

from make_old_saves import _save  # type: ignore[import-not-found]

from meikyu.dice import RandomDice, ScriptedDice
from meikyu.engine import Game
from meikyu.errors import MeikyuError


def _needless(battle: Any) -> bool:
    """The battle waits on a ``sixes`` prompt session 6 no longer asks: every reading succeeds, or
    every one fails and even minion help (a point per minion) could not turn the best (R-MK-19)."""
    from meikyu.systems.meikyu_kingdom.check.rolls import readings

    p = battle.pending
    if p is None or p.choice is None or p.choice.kind != "sixes":
        return False
    modifier, difficulty, room, curse, *dice = p.choice.detail
    if difficulty < 0:  # hidden: still asked
        return False
    front, _ = readings(tuple(dice), modifier, difficulty, room=room, curse=bool(curse))
    minions = next(c.minions for c in battle.combatants if c.id == p.actor)
    return all(o.success for o in front) or (
        not any(o.success for o in front) and max(o.achievement for o in front) + minions < difficulty
    )


def battle(commit: str) -> None:
    from meikyu.systems.meikyu_kingdom.combat import BattleRules
    from meikyu.systems.meikyu_kingdom.combat.bestiary import load_encounter
    from meikyu.systems.meikyu_kingdom.combat.policy import TacticalPolicy

    policy = TacticalPolicy()
    for seed in range(1, 200):
        game: Game[Any] = Game(BattleRules(), load_encounter("sample"), RandomDice(seed))
        needless = 0
        while game.state.phase != "over":
            needless += _needless(game.state)
            game.play(policy.decide(game.state))
        if needless:
            break
    _save("asked_battle_sample.json", game, commit,
          f"the sample battle, TacticalPolicy, RandomDice({seed}), to its end: {needless} sixes prompt(s) "
          "session 6 no longer asks, answered")


def session(commit: str) -> None:
    from dataclasses import replace

    from meikyu.systems.meikyu_kingdom import session as se
    from meikyu.systems.meikyu_kingdom.check import called as cc
    from meikyu.systems.meikyu_kingdom.check import check as ck
    from meikyu.systems.meikyu_kingdom.expedition import expedition as ex
    from meikyu.systems.meikyu_kingdom.labyrinth.map import sample_labyrinth
    from meikyu.systems.meikyu_kingdom.session_state import STEPS
    from meikyu.systems.meikyu_kingdom.sheets.sheet import sample

    state = se.new_session(sample(), sample_labyrinth())
    state = ex.begin(replace(state, index=STEPS.index(("labyrinth", ""))))  # at the labyrinth's entrance
    game: Game[Any] = Game(se.SessionRules(), state, RandomDice(5))
    moves: list[tuple[Any, list[int] | None]] = [
        (ex.EnterLabyrinth(), None), (ex.SkipSearch(), None), (ex.MoveTo("hall"), None),
        # mir (search 3) searches the hall for its trap, vs 11, with one voice: 6,5,4 — 6+5 or, the 6 as
        # drive, 5+4 — both find it; the 6 kept (14), which session 6 no longer asks about
        (ex.SearchTrap("mir", "search"), None), (cc.DeclareHope(("voice",)), None),
        (cc.ConsentVoice(True), [6, 5, 4]), (ck.ConvertSixes(0), None),
        # a GM's call vs 12 (still asked in session 6: the GM may read the number): 6,1 — 10 or 4
        (se.CallCheck("mir", "search", 12), None), (cc.DeclareHope(()), [6, 1]), (ck.ConvertSixes(0), None),
    ]
    for action, dice in moves:
        game.play(action, None if dice is None else ScriptedDice(dice))
        prompt = game.state.prompt
        if prompt is not None and prompt.kind == "minion_help":
            game.play(ck.FinishCheck())
    _save("asked_session_checks.json", game, commit,
          "a trap search whose convert_sixes session 6 no longer asks (both readings find it), and a GM's call")


def table_session(commit: str) -> None:
    from meikyu.engine import RandomPolicy
    from meikyu.table import registry

    kind = registry.get("MeikyuKingdom", "session")
    for seed in range(1, 60):
        game: Game[Any] = Game(kind.rules, kind.setup("sample", "en"), RandomDice(seed))
        with contextlib.suppress(MeikyuError):  # a typed prompt (a name to give) ends the walk there
            game.run(RandomPolicy(seed), max_steps=600)
        names = {type(t.action).__name__ for t in game.history}
        if {"ConvertSixes", "Attack"} <= names:
            break
    _save("asked_table_session.json", game, commit,
          f"a server game (MeikyuKingdom/session table kind) through a labyrinth battle, RandomPolicy({seed}), "
          f"RandomDice({seed}): its monsters' opaque ids come from the battle's data")


if __name__ == "__main__":
    made_by = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    battle(made_by)
    session(made_by)
    table_session(made_by)
